package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

func init() { root.AddCommand(newGamesCmd()) }

func newGamesCmd() *cobra.Command {
	var asJSON bool
	var params string
	cmd := &cobra.Command{
		Use:   "games [GAME]",
		Short: "List the games with their players and parameters",
		Long: `List every registered game: its name (what other commands take), title, number
of players, kind of chance, information and utility, and parameters with their
defaults. With a GAME, print that game's description, every parameter with
its range, default and doc, the configurations that have a built-in model
(what az:model=builtin and net:model=builtin play; models/opponents/README.md
has each one's strength), and, for games that explain them, what the
moves' names mean (and the board), in the default configuration or the one
--params gives. --json prints JSON for programs (a list, or the one game's
spec).`,
		Example: "  moongym games\n  moongym games planet-cubes\n  moongym games walking-moon --params rules=advanced,players=2\n  moongym games --json",
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return runGame(cmd.OutOrStdout(), args[0], params, asJSON)
			}
			return runGames(cmd.OutOrStdout(), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON array (name, title, min_players, max_players, params, ...)")
	cmd.Flags().StringVar(&params, "params", "", "with GAME: the configuration whose moves are explained, k=v,k=v")
	return cmd
}

// runGame describes the game name (as JSON: its spec), and what its moves'
// names mean in the configuration params gives where it explains them.
func runGame(out io.Writer, name, params string, asJSON bool) error {
	spec, err := engine.Lookup(name)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(spec)
	}
	if err := describeGame(out, spec); err != nil {
		return err
	}
	if err := describeBuiltins(out, spec); err != nil {
		return err
	}
	g, err := loadGame(spec.Name, params)
	if err != nil {
		return err
	}
	if h, ok := g.(moveHelper); ok {
		_, err = fmt.Fprintf(out, "\n%s", h.MoveHelp())
	}
	return err
}

// runGames lists every registered game, as a table or as JSON.
func runGames(out io.Writer, asJSON bool) error {
	specs := engine.Games()
	if asJSON {
		if specs == nil {
			specs = []engine.Spec{}
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(specs)
	}
	tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTITLE\tPLAYERS\tCHANCE\tINFORMATION\tUTILITY\tPARAMS")
	for _, s := range specs {
		players := fmt.Sprint(s.MinPlayers)
		if s.MaxPlayers != s.MinPlayers {
			players += "-" + fmt.Sprint(s.MaxPlayers)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s.Name, s.Title, players, s.Chance, s.Information, s.Utility, paramSummary(s))
	}
	return tw.Flush()
}

func paramSummary(s engine.Spec) string {
	if len(s.Params) == 0 {
		return "-"
	}
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = p.Name + "=" + p.Default
	}
	return strings.Join(parts, ",")
}

// describeGame prints one game's spec for people: description, players,
// kinds, and a table of parameters with range, default and doc.
func describeGame(out io.Writer, s engine.Spec) error {
	players := fmt.Sprint(s.MinPlayers)
	if s.MaxPlayers != s.MinPlayers {
		players += "-" + fmt.Sprint(s.MaxPlayers)
	}
	fmt.Fprintf(out, "%s (%s)\n%s\n\nplayers %s; chance %s, %s information, %s\n",
		s.Title, s.Name, wrap(s.Description, 78), players, s.Chance, s.Information, s.Utility)
	if len(s.Params) == 0 {
		_, err := fmt.Fprintln(out, "\nNo parameters.")
		return err
	}
	fmt.Fprintln(out, "\nParameters (--params k=v,k=v):")
	tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  NAME\tKIND\tRANGE\tDEFAULT\tDOC")
	for _, p := range s.Params {
		rng, def := p.Range(), p.Default
		switch {
		case rng != "":
		case p.Kind == engine.FileParam:
			rng = "name or file"
		default:
			rng = "text"
		}
		if def == "" {
			def = `""`
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", p.Name, p.Kind, rng, def, p.Doc)
	}
	return tw.Flush()
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// describeBuiltins lists the configurations of spec's game that have a
// built-in model, each by the parameters it sets apart from the defaults,
// with its file, the file's size and dtype and its measured strength, from
// the model files' metadata and the generated strength table
// (models.BuiltinStrengths).
func describeBuiltins(out io.Writer, spec engine.Spec) error {
	all, err := models.BuiltinModels()
	if err != nil {
		_, err = fmt.Fprintf(out, "\nBuilt-in models: unavailable (%v)\n", err)
		return err
	}
	strengths, err := models.BuiltinStrengths()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', 0)
	n := 0
	for _, b := range all {
		if b.Game != spec.Name {
			continue
		}
		if n == 0 {
			fmt.Fprintln(out, "\nBuilt-in models (az:model=builtin, net:model=builtin), strength against the heuristic")
			fmt.Fprintln(out, "(docs/benchmarks/builtin-models.md; covered: a model trained for another configuration, measured on this one):")
			fmt.Fprintln(tw, "  CONFIGURATION\tFILE\tSIZE\tSTRENGTH")
		}
		n++
		config := apartFromDefaults(spec, b.Params)
		if b.Covered {
			config += " (covered)"
		}
		size := "?"
		if bytes, err := models.BuiltinFileSize(b.File); err == nil {
			size = fmt.Sprintf("%.1f MB", float64(bytes)/1e6)
		}
		strength := "no tournament of this file yet (models/opponents/README.md)"
		for _, s := range strengths {
			if s.File == b.File && s.Params == b.Params.String() {
				strength = s.Summary
				if !s.Holds {
					strength += " (under the bar)"
				}
			}
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", config, b.File, size, strength)
	}
	if n == 0 {
		_, err := fmt.Fprintln(out, "\nBuilt-in models: none (train one: moongym train "+spec.Name+")")
		return err
	}
	return tw.Flush()
}

// apartFromDefaults says the parameters of p that differ from spec's
// defaults, k=v,k=v ("defaults" when none does).
func apartFromDefaults(spec engine.Spec, p engine.Params) string {
	return cmp.Or(p.ApartFrom(spec), "defaults")
}

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
)

func init() {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games with their players and parameters",
		Long: `List every registered game: its name (what other commands take), title, number
of players, kind of chance, information and utility, and parameters with their
defaults. --json prints a JSON array for programs.`,
		Example: "  moongym games\n  moongym games --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			specs := engine.Games()
			out := cmd.OutOrStdout()
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
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON array (name, title, min_players, max_players, params, ...)")
	root.AddCommand(cmd)
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

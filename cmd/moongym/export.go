package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

func init() { root.AddCommand(newExportCmd()) }

func newExportCmd() *cobra.Command {
	var out, dtype string
	var covers []string
	cmd := &cobra.Command{
		Use:   "export DIR|MODEL.safetensors --out FILE",
		Short: "Write the model file of a training run's best network",
		Long: `Write the model file of the best evaluated network of the training run in DIR
(best.safetensors, or latest.safetensors before any evaluation) to FILE. The
file is a safetensors file with the game, its parameters, the shapes, the
architecture and the training provenance in its metadata; agents load it with
"net:model=FILE" or "az:model=FILE,sims=200". Given a model file (a path
ending in .safetensors that is a file) instead of DIR, export writes that
model to FILE, e.g. to convert it to another dtype.

--dtype chooses how the weights are stored: f32 (the default) or f16, IEEE
half precision, which halves the file. F16 rounds every weight to the nearest
half-precision value (ties to even), so play can change slightly; a weight beyond ±65504
cannot be stored and is an error. F16 files are upcast to float32 on load.
--dtype auto is the rule of the built-in models (models/opponents): f32, unless
the f32 file would be larger than 4 MiB (models.MaxBuiltinBytes), then f16.
--dtype q8 stores every weight matrix as 8-bit integers with a half-precision
scale per block of 32 weights (biases stay f32): about a quarter of f32, half of
f16. Each weight moves by at most half its block's scale; the built-in models
agree with their f32 networks on the best move in 99% of states or more
(docs/benchmarks/builtin-models.md). Q8 files are dequantized to float32 on
load. --dtype q4 stores them as 4-bit integers (-8 to 7) with a half-precision
scale per block of 32, the scale chosen to fit each block best: about 53% of q8,
an eighth of f32. Sixteen levels move weights more than q8 does (the built-in
networks keep their best move in 78-99% of states), so play a q4 file's
tournaments again before trusting it; the built-in models stored so were.

--covers PARAMS (repeatable) records a further configuration the network plays,
given as parameters that replace the model's own ("rules=basic"; "players=3"),
so that agents load the file for it too ("model=builtin" finds it there). Each
must be a valid configuration of the model's game with the network's shapes, or
with more seats where the game's observation has a section per seat
(welcome-moon): a 2-player network then reads the observer's section, the next
seat's and the global one (the seat view). Record only what was measured: a covered configuration is played without
training for it. --covers "" clears the list; without --covers the model's list
is kept. The model of a run over a mix of configurations (train or imitate
--mix) lists the mix's other configurations, which the network learned:
exporting the run (DIR) keeps them, and --covers adds to them ("" adds
none).

With SOURCE_DATE_EPOCH set (seconds since 1970, the reproducible-builds
convention) the file's provenance date is that time instead of the run's (or
the source file's), so the same run always exports the same bytes.`,

		Example: `  moongym export runs/ttt --out out/ttt.safetensors
  moongym arena tictactoe --agents az:model=out/ttt.safetensors,random
  moongym export out/ttt.safetensors --out out/ttt16.safetensors --dtype f16
  moongym export out/wm.safetensors --out out/wm-q8.safetensors --dtype q8 --covers rules=basic
  moongym export out/wm.safetensors --out out/wm-q4.safetensors --dtype q4`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExport(cmd, args[0], out, dtype, covers, cmd.Flags().Changed("covers"))
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "model file to write")
	cmd.Flags().StringVar(&dtype, "dtype", "f32", "how the weights are stored: f32, f16 (half the size, play may change slightly), q8 (8-bit blocks, about a quarter), q4 (4-bit blocks, about an eighth) or auto (f16 only where the f32 file would exceed 4 MiB)")
	cmd.Flags().StringArrayVar(&covers, "covers", nil, "a further configuration the network plays, as parameters replacing its own (repeatable; \"\" clears the list)")
	return cmd
}

// exportCovers resolves --covers for m: each value's parameters over the
// model's own, loaded as a game of m's (so defaults are filled in and bad
// values refused) that the network must read (its shapes, or more seats
// through a seat view: models.Shapes.Reads), after keep (the
// configurations of a run's mix, kept whatever --covers says; one of them
// given again is not repeated); "" alone adds none.
func exportCovers(m *models.Model, covers []string, keep []engine.Params) ([]engine.Params, error) {
	out := slices.Clone(keep)
	if len(covers) == 1 && covers[0] == "" {
		return out, nil
	}
	for _, c := range covers {
		if c == "" {
			return nil, errors.New(`--covers "" clears the list: give it alone (a list given replaces the file's)`)
		}
		over, err := engine.ParseParams(c)
		if err != nil {
			return nil, fmt.Errorf("--covers %q: %w", c, err)
		}
		p := m.Params.Clone()
		if p == nil {
			p = engine.Params{}
		}
		maps.Copy(p, over)
		g, err := engine.Load(m.Game, p)
		if err != nil {
			return nil, fmt.Errorf("--covers %q: %w", c, err)
		}
		if err := m.Net.Shapes.Reads(g); err != nil {
			return nil, fmt.Errorf("--covers %q: %s with %s: %w", c, m.Game, g.Params(), err)
		}
		if slices.ContainsFunc(keep, func(q engine.Params) bool { return q.String() == g.Params().String() }) {
			continue // one of the run's mix: already there
		}
		if m.Plays(g.Params()) || slices.ContainsFunc(out, func(q engine.Params) bool { return q.String() == g.Params().String() }) {
			return nil, fmt.Errorf("--covers %q: %s is already one of the model's configurations", c, g.Params())
		}
		out = append(out, g.Params().Clone())
	}
	return out, nil
}

// runExport writes the model of arg (a run's best, or a model file) to
// out with the weights as dtype says, and describes what it wrote.
func runExport(cmd *cobra.Command, arg, out, dtype string, covers []string, setCovers bool) error {
	if out == "" {
		return errors.New("--out FILE is required")
	}
	auto := strings.EqualFold(dtype, "auto")
	d := ""
	if !auto {
		var err error
		if d, err = models.ParseDtype(dtype); err != nil {
			return fmt.Errorf("--dtype: %w (or auto)", err)
		}
	}
	src, err := exportSource(arg)
	if err != nil {
		return err
	}
	srcInfo, err := os.Stat(src)
	if err != nil {
		return err
	}
	m, err := models.Load(src)
	if err != nil {
		return err
	}
	srcDtype := m.Dtype
	if setCovers {
		// The list given replaces the file's, checked against the model's
		// own configuration; a run's model lists its mix's other
		// configurations (the network learned them), which stay.
		var keep []engine.Params
		if src != arg {
			keep = m.Covers
		}
		m.Covers = nil
		if m.Covers, err = exportCovers(m, covers, keep); err != nil {
			return err
		}
	}
	clock, err := training.ProvenanceClock(os.Getenv)
	if err != nil {
		return err
	}
	if clock != nil {
		m.Provenance.Date = training.ProvenanceDate(clock())
	}
	if auto {
		if d, err = m.AutoDtype(); err != nil {
			return err
		}
	}
	m.Dtype = d
	if err := makeParent(out); err != nil {
		return err
	}
	if err := m.Save(out); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	info, err := os.Stat(out)
	if err != nil {
		return err
	}
	p := m.Provenance
	game := m.Game
	if len(m.Params) > 0 {
		game += " [" + m.Params.String() + "]"
	}
	if _, err = fmt.Fprintf(cmd.OutOrStdout(), "%s (%d bytes, %s) -> %s (%d bytes, %s): %s, %s, %d weights; %d iterations, %d games, %d steps\n",
		src, srcInfo.Size(), srcDtype, out, info.Size(), d, game, m.Net.Arch, m.Net.NumParams(), p.Iterations, p.Games, p.Steps); err != nil {
		return err
	}
	for _, c := range m.Covers {
		if _, err := fmt.Fprintf(cmd.OutOrStdout(), "  also plays %s\n", c); err != nil {
			return err
		}
	}
	return nil
}

// exportSource is the model file export reads: arg itself when it ends in
// .safetensors and is a file, else the best model of the run in directory
// arg.
func exportSource(arg string) (string, error) {
	if strings.HasSuffix(arg, ".safetensors") {
		info, err := os.Stat(arg)
		if err != nil {
			return "", err
		}
		if info.Mode().IsRegular() {
			return arg, nil
		}
	}
	return training.BestModel(arg)
}

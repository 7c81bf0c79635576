package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

func init() {
	var out string
	cmd := &cobra.Command{
		Use:   "export DIR --out FILE",
		Short: "Write the model file of a training run's best network",
		Long: `Write the model file of the best evaluated network of the training run in DIR
(best.safetensors, or latest.safetensors before any evaluation) to FILE. The
file is a safetensors file with the game, its parameters, the shapes, the
architecture and the training provenance in its metadata; agents load it with
"net:model=FILE" or "az:model=FILE,sims=200". With SOURCE_DATE_EPOCH set
(seconds since 1970, the reproducible-builds convention) the file's
provenance date is that time instead of the run's, so the same run always
exports the same bytes.`,
		Example: `  moongym export runs/ttt --out ttt.safetensors
  moongym arena tictactoe --agents az:model=ttt.safetensors,random`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("--out FILE is required")
			}
			src, err := training.BestModel(args[0])
			if err != nil {
				return err
			}
			m, err := models.Load(src)
			if err != nil {
				return err
			}
			clock, err := training.ProvenanceClock(os.Getenv)
			if err != nil {
				return err
			}
			if clock != nil {
				m.Provenance.Date = training.ProvenanceDate(clock())
			}
			if err := m.Save(out); err != nil {
				return err
			}
			info, err := os.Stat(out)
			if err != nil {
				return err
			}
			p := m.Provenance
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "%s -> %s (%d bytes): %s %s, %s, %d weights; %d iterations, %d games, %d steps\n",
				src, out, info.Size(), m.Game, m.Params, m.Net.Arch, m.Net.NumParams(), p.Iterations, p.Games, p.Steps)
			return err
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "model file to write")
	root.AddCommand(cmd)
}

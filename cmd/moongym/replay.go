package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
)

func init() {
	var (
		index, at int
		step      bool
		pics      pictureFlags
	)
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Step through a game record",
		Long: `Show a saved game move by move. FILE holds game records as JSON lines (one
{game, params, actions} object a line, as written by "moongym play --record" and
"moongym arena --records"); --game picks one. Every action is checked as it is
replayed, so a record that breaks the rules is reported at the move that breaks.

Without --step every position is printed; with --step press Enter for the next
move, b for the previous one, q to stop. --at K prints only the position after
K actions. Each move is followed by what it did (the game's event log).

--svg DIR writes a picture of every position (0000.svg is the start) and
--gif FILE an animated GIF of the game (--every K keeps one frame in K,
--delay sets the milliseconds per frame), so records from "moongym arena
--records" can be looked at.`,
		Example: `  moongym play tictactoe --seats random,random --seed 3 --record out/game.json
  moongym replay out/game.json
  moongym replay out/games.jsonl --game 12 --step
  moongym replay out/game.json --at 4
  moongym replay out/game.json --gif out/game.gif
  moongym replay out/games.jsonl --game 3 --svg out/pictures/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			recs, err := engine.ReadRecords(f)
			if err != nil {
				return err
			}
			if index < 1 || index > len(recs) {
				return fmt.Errorf("--game %d: the file has %d records", index, len(recs))
			}
			rec := recs[index-1]
			g, err := engine.Load(rec.Game, rec.Params)
			if err != nil {
				return fmt.Errorf("%w: %w", engine.ErrBadRecord, err)
			}
			// Validate the whole record first, so a bad one fails before output.
			if _, err := engine.ReplayActions(g, rec.Actions); err != nil {
				return err
			}
			states := []engine.State{g.NewInitialState()}
			names := make([]string, len(rec.Actions))
			events := make([][]string, len(rec.Actions))
			for i, a := range rec.Actions {
				s := states[i].Clone()
				names[i] = fmt.Sprintf("%s plays %s", s.CurrentPlayer(), s.ActionString(a))
				s.Apply(a)
				events[i] = engine.Events(states[i], a, s)
				states = append(states, s)
			}
			out := cmd.OutOrStdout()
			if pics.svg != "" || pics.gif != "" {
				return pics.write(out, states, names)
			}
			show := func(k int) {
				if k == 0 {
					if len(g.Params()) == 0 {
						fmt.Fprintf(out, "%s, start:\n%s\n\n", rec.Game, states[0])
					} else {
						fmt.Fprintf(out, "%s [%s], start:\n%s\n\n", rec.Game, g.Params(), states[0])
					}
					return
				}
				fmt.Fprintf(out, "move %d/%d: %s\n", k, len(rec.Actions), names[k-1])
				writeEvents(out, events[k-1])
				fmt.Fprintf(out, "%s\n\n", states[k])
			}
			if cmd.Flags().Changed("at") {
				if at < 0 || at > len(rec.Actions) {
					return fmt.Errorf("--at %d: the record has %d actions", at, len(rec.Actions))
				}
				show(at)
				return nil
			}
			if !step {
				for k := range states {
					show(k)
				}
			} else {
				in := bufio.NewReader(cmd.InOrStdin())
				for k := 0; k < len(states); {
					show(k)
					fmt.Fprint(out, "[Enter] next, b back, q quit: ")
					line, err := in.ReadString('\n')
					switch strings.TrimSpace(line) {
					case "q":
						return nil
					case "b":
						k = max(0, k-1)
					default:
						k++
					}
					if err != nil {
						break
					}
				}
			}
			last := states[len(states)-1]
			if last.IsTerminal() {
				fmt.Fprintf(out, "Game over. Returns %v, scores %v\n", last.Returns(nil), last.Scores(nil))
			} else {
				fmt.Fprintf(out, "Game not finished after %d actions.\n", len(rec.Actions))
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&index, "game", 1, "which record of the file to show (1 is the first)")
	cmd.Flags().IntVar(&at, "at", 0, "print only the position after this many actions")
	cmd.Flags().BoolVar(&step, "step", false, "wait for Enter between moves (b goes back, q quits)")
	pics.register(cmd)
	root.AddCommand(cmd)
}

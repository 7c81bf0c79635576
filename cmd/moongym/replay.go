package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
)

func init() { root.AddCommand(newReplayCmd()) }

// replayOptions are the replay command's flags.
type replayOptions struct {
	index, at int
	step      bool
	pics      pictureFlags
}

func newReplayCmd() *cobra.Command {
	var o replayOptions
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
		RunE: func(cmd *cobra.Command, args []string) error { return runReplay(cmd, args[0], &o) },
	}
	cmd.Flags().IntVar(&o.index, "game", 1, "which record of the file to show (1 is the first)")
	cmd.Flags().IntVar(&o.at, "at", 0, "print only the position after this many actions")
	cmd.Flags().BoolVar(&o.step, "step", false, "wait for Enter between moves (b goes back, q quits)")
	o.pics.register(cmd)
	return cmd
}

// replayed is a game record replayed: its game, its positions (the start,
// then one after each action), what each action was and what it did.
type replayed struct {
	rec    *engine.Record
	g      engine.Game
	states []engine.State
	names  []string
	events [][]string
}

// runReplay shows record o.index of the file: its pictures, the position
// --at asks for, or every position (one at a time with --step), then how
// the game ended.
func runReplay(cmd *cobra.Command, file string, o *replayOptions) error {
	r, err := replayRecord(file, o.index)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if o.pics.svg != "" || o.pics.gif != "" {
		return o.pics.write(out, r.states, r.names)
	}
	if cmd.Flags().Changed("at") {
		if o.at < 0 || o.at > len(r.rec.Actions) {
			return fmt.Errorf("--at %d: the record has %d actions", o.at, len(r.rec.Actions))
		}
		r.show(out, o.at)
		return nil
	}
	if !o.step {
		for k := range r.states {
			r.show(out, k)
		}
	} else if quit := r.stepThrough(cmd.InOrStdin(), out); quit {
		return nil
	}
	last := r.states[len(r.states)-1]
	if last.IsTerminal() {
		fmt.Fprintf(out, "Game over. Returns %v, scores %v\n", last.Returns(nil), last.Scores(nil))
	} else {
		fmt.Fprintf(out, "Game not finished after %d actions.\n", len(r.rec.Actions))
	}
	return nil
}

// replayRecord reads record index (1 is the first) of file and replays it,
// every action checked before anything is shown.
func replayRecord(file string, index int) (*replayed, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := engine.ReadRecords(f)
	if err != nil {
		return nil, err
	}
	if index < 1 || index > len(recs) {
		return nil, fmt.Errorf("--game %d: the file has %d records", index, len(recs))
	}
	rec := recs[index-1]
	g, err := engine.Load(rec.Game, rec.Params)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", engine.ErrBadRecord, err)
	}
	// Validate the whole record first, so a bad one fails before output.
	if _, err := engine.ReplayActions(g, rec.Actions); err != nil {
		return nil, err
	}
	r := &replayed{rec: rec, g: g, states: []engine.State{g.NewInitialState()},
		names: make([]string, len(rec.Actions)), events: make([][]string, len(rec.Actions))}
	for i, a := range rec.Actions {
		s := r.states[i].Clone()
		r.names[i] = fmt.Sprintf("%s plays %s", s.CurrentPlayer(), s.ActionString(a))
		s.Apply(a)
		r.events[i] = engine.Events(r.states[i], a, s)
		r.states = append(r.states, s)
	}
	return r, nil
}

// show prints position k (0: the start) and the move that led to it.
func (r *replayed) show(out io.Writer, k int) {
	if k == 0 {
		if len(r.g.Params()) == 0 {
			fmt.Fprintf(out, "%s, start:\n%s\n\n", r.rec.Game, r.states[0])
		} else {
			fmt.Fprintf(out, "%s [%s], start:\n%s\n\n", r.rec.Game, r.g.Params(), r.states[0])
		}
		return
	}
	fmt.Fprintf(out, "move %d/%d: %s\n", k, len(r.rec.Actions), r.names[k-1])
	writeEvents(out, r.events[k-1])
	fmt.Fprintf(out, "%s\n\n", r.states[k])
}

// stepThrough shows the positions one at a time, moving on at each line of
// in (b goes back); quit is true when the user quit (q) before the end.
func (r *replayed) stepThrough(in io.Reader, out io.Writer) (quit bool) {
	lines := bufio.NewReader(in)
	for k := 0; k < len(r.states); {
		r.show(out, k)
		fmt.Fprint(out, "[Enter] next, b back, q quit: ")
		line, err := lines.ReadString('\n')
		switch strings.TrimSpace(line) {
		case "q":
			return true
		case "b":
			k = max(0, k-1)
		default:
			k++
		}
		if err != nil {
			break
		}
	}
	return false
}

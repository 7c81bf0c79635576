package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

func init() {
	var (
		seats, params, recordFile string
		seed                      uint64
	)
	cmd := &cobra.Command{
		Use:   "play GAME",
		Short: "Play a game in the terminal against AI seats (or watch AIs play)",
		Long: `Play a game in the terminal. Each seat is "human" (you type the moves) or an
agent spec (random, heuristic, mcts:sims=400, ...). By default seat 0 is human and
the others are random.

At your turn the board is drawn and the legal actions are listed with numbers.
Type an action's number, its name, or a part that names one action alone (the
start of the name, or one of its words: "c1" for "9 Robot [c1]"). Other commands:
  undo    take back your last move (and the moves played after it)
  moves   list the legal actions again
  help    show these commands
  quit    stop the game (the record is still written with --record)

Chance (dice, shuffles, card flips) is drawn from --seed; the same seed and the
same moves give the same game. With --record FILE the game is saved as a
replayable record (see "moongym replay").`,
		Example: `  moongym play tictactoe
  moongym play tictactoe --seats random,human
  moongym play tictactoe --seats heuristic,random --seed 7
  moongym play walking-moon --params players=3 --seats human,heuristic,random`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("play takes one game name, got %d arguments (games: %s)", len(args), strings.Join(engine.Names(), ", "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := engine.ParseParams(params)
			if err != nil {
				return err
			}
			g, err := engine.Load(args[0], p)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("seed") {
				seed = uint64(time.Now().UnixNano() % 1_000_000)
			}
			specs, err := seatSpecs(seats, g.NumPlayers())
			if err != nil {
				return err
			}
			sess, err := newPlaySession(g, specs, seed, cmd.InOrStdin(), cmd.OutOrStdout())
			if err != nil {
				return err
			}
			runErr := sess.run()
			if recordFile != "" {
				if err := writeRecordFile(recordFile, sess.record()); err != nil {
					return errors.Join(runErr, err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "record written to %s\n", recordFile)
			}
			return runErr
		},
	}
	cmd.Flags().StringVar(&seats, "seats", "", `comma-separated seat list: "human" or an agent spec per seat (default: human, then random)`)
	cmd.Flags().StringVar(&params, "params", "", "game parameters as k=v,k=v (see moongym games)")
	cmd.Flags().Uint64Var(&seed, "seed", 0, "seed for chance and agents (default: from the clock, printed at the start)")
	cmd.Flags().StringVar(&recordFile, "record", "", "write the game record (JSON) to this file at the end")
	root.AddCommand(cmd)
}

// seatSpecs splits --seats, filling the default for an empty flag.
func seatSpecs(flag string, n int) ([]string, error) {
	if strings.TrimSpace(flag) == "" {
		specs := []string{"human"}
		for len(specs) < n {
			specs = append(specs, "random")
		}
		return specs, nil
	}
	specs := splitSpecs(flag)
	if len(specs) != n {
		return nil, fmt.Errorf("%w: --seats has %d seats, the game has %d", agents.ErrBadSpec, len(specs), n)
	}
	return specs, nil
}

// splitSpecs splits a list of agent specs at commas that start a new spec:
// "mcts:sims=10,c=2,random" is two specs, since "c=2" has no colon but an
// '=' and so belongs to the spec before it.
func splitSpecs(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if len(out) > 0 && strings.Contains(part, "=") && !strings.Contains(part, ":") {
			out[len(out)-1] += "," + part
			continue
		}
		out = append(out, part)
	}
	return out
}

func writeRecordFile(path string, rec *engine.Record) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := engine.WriteRecords(f, rec); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// playSession is one game in the terminal.
type playSession struct {
	game    engine.Game
	specs   []string
	seats   []agents.Agent // nil for human seats
	seed    uint64
	rng     *rand.Rand
	in      *bufio.Reader
	out     io.Writer
	state   engine.State
	actions []engine.Action
}

func newPlaySession(g engine.Game, specs []string, seed uint64, in io.Reader, out io.Writer) (*playSession, error) {
	s := &playSession{game: g, specs: specs, seed: seed, in: bufio.NewReader(in), out: out}
	s.seats = make([]agents.Agent, len(specs))
	for i, spec := range specs {
		if spec == "human" {
			continue
		}
		a, err := agents.New(g, spec, seed+uint64(i)+1)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w (or \"human\")", i, err)
		}
		s.seats[i] = a
	}
	s.rng = rand.New(rand.NewPCG(seed, 0x706c6179))
	s.state = g.NewInitialState()
	return s, nil
}

func (s *playSession) record() *engine.Record {
	rec := engine.NewRecord(s.game)
	rec.Actions = append(rec.Actions, s.actions...)
	rec.Seats = s.specs
	rec.Finish(s.state)
	return rec
}

func (s *playSession) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

func (s *playSession) run() error {
	s.printf("%s (%s), seed %d\n", s.game.Spec().Title, s.game.Spec().Name, s.seed)
	for i, spec := range s.specs {
		s.printf("  seat %d: %s\n", i, spec)
	}
	s.printf("Type help for commands.\n\n")
	var outcomes []engine.Outcome
	for !s.state.IsTerminal() {
		p := s.state.CurrentPlayer()
		var a engine.Action
		switch {
		case p == engine.Chance:
			outcomes = s.state.ChanceOutcomes(outcomes)
			a = engine.SampleOutcome(outcomes, s.rng.Float64())
			s.printf("chance: %s\n", s.describe(a))
		case s.seats[p] != nil:
			var err error
			if a, err = s.seats[p].Act(s.state); err != nil {
				return fmt.Errorf("seat %d (%s): %w", p, s.specs[p], err)
			}
			if !engine.IsLegal(s.state, a) {
				return fmt.Errorf("seat %d (%s) chose an illegal action %d", p, s.specs[p], a)
			}
			s.printf("%s (%s) plays %s\n", p, s.specs[p], s.describe(a))
		default:
			var quit bool
			var err error
			if a, quit, err = s.ask(p); err != nil || quit {
				return err
			}
			if a < 0 { // undone: the state was rebuilt
				continue
			}
		}
		before := s.state.Clone()
		s.state.Apply(a)
		s.actions = append(s.actions, a)
		s.printEvents(before, a)
	}
	s.printf("\n%s\n\nGame over. Returns %v, scores %v\n", s.state, s.state.Returns(nil), s.state.Scores(nil))
	return nil
}

// describe names action a as the people at the terminal may see it: with
// exactly one human seat, through that seat's eyes; with none, in full.
func (s *playSession) describe(a engine.Action) string {
	human := engine.Player(-1)
	for i, ag := range s.seats {
		if ag == nil {
			if human >= 0 {
				return s.state.ActionString(a) // hot seat: nothing is hidden from the table
			}
			human = engine.Player(i)
		}
	}
	if human < 0 {
		return s.state.ActionString(a)
	}
	return engine.ActionStringFor(s.state, human, a)
}

// ask prompts the human at seat p until a legal action, undo (returns -1)
// or quit. End of input counts as quit.
func (s *playSession) ask(p engine.Player) (engine.Action, bool, error) {
	s.printf("\n%s\n", engine.StringFor(s.state, p))
	legal := s.state.LegalActions(nil)
	s.listMoves(legal)
	for {
		s.printf("%s> ", p)
		line, err := s.in.ReadString('\n')
		if err != nil && (line == "" || !errors.Is(err, io.EOF)) {
			if errors.Is(err, io.EOF) {
				s.printf("\nend of input: quitting\n")
				return 0, true, nil
			}
			return 0, true, err
		}
		text := strings.TrimSpace(line)
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit", "q":
			s.printf("quitting\n")
			return 0, true, nil
		case "help", "?":
			s.printf("Type an action's name or number; undo, moves, help, quit.\n")
			continue
		case "moves":
			s.listMoves(legal)
			continue
		case "undo":
			if s.undo(p) {
				return -1, false, nil
			}
			s.printf("nothing to undo\n")
			continue
		}
		if n, err := strconv.Atoi(text); err == nil {
			if n >= 1 && n <= len(legal) {
				return legal[n-1], false, nil
			}
			s.printf("no action numbered %d: type a number from 1 to %d, or a name (moves lists them)\n", n, len(legal))
			continue
		}
		a, err := engine.ParseAction(s.state, text)
		if errors.Is(err, engine.ErrUnknownAction) {
			a, err = s.matchPart(legal, text)
		}
		switch {
		case errors.Is(err, engine.ErrAmbiguousAction):
			s.printf("%v: type more of the name, or its number\n", err)
		case err != nil:
			s.printf("%q is not a legal action here: type a name or a number from 1 to %d (moves lists them)\n", text, len(legal))
		default:
			return a, false, nil
		}
	}
}

// matchPart finds the one legal action whose name starts with text or has
// text as one of its words ("c1" for "9 Robot [c1]"), ignoring case and
// brackets. Errors wrap engine.ErrUnknownAction or engine.ErrAmbiguousAction
// (naming up to 6 candidates).
func (s *playSession) matchPart(legal []engine.Action, text string) (engine.Action, error) {
	var found []engine.Action
	for _, a := range legal {
		name := strings.ToLower(s.state.ActionString(a))
		match := strings.HasPrefix(name, strings.ToLower(text))
		for _, w := range strings.Fields(name) {
			match = match || strings.EqualFold(strings.Trim(w, "[](),"), text)
		}
		if match {
			found = append(found, a)
		}
	}
	switch len(found) {
	case 0:
		return 0, fmt.Errorf("%w: %q", engine.ErrUnknownAction, text)
	case 1:
		return found[0], nil
	}
	names := make([]string, 0, 6)
	for _, a := range found[:min(6, len(found))] {
		names = append(names, s.state.ActionString(a))
	}
	more := ""
	if len(found) > 6 {
		more = fmt.Sprintf(", ... %d more", len(found)-6)
	}
	return 0, fmt.Errorf("%w: %q matches %s%s", engine.ErrAmbiguousAction, text, strings.Join(names, ", "), more)
}

// undo takes back the last decision of seat p and everything after it.
func (s *playSession) undo(p engine.Player) bool {
	st := s.game.NewInitialState()
	last := -1
	for i, a := range s.actions {
		if st.CurrentPlayer() == p {
			last = i
		}
		st.Apply(a)
	}
	if last < 0 {
		return false
	}
	s.actions = s.actions[:last]
	rebuilt, err := engine.ReplayActions(s.game, s.actions)
	if err != nil {
		return false
	}
	s.state = rebuilt
	s.printf("undone: back to your move %d\n", last+1)
	if s.state.CurrentPlayer() != p {
		// Other seats acted in between: they will act again.
		s.printf("(the other seats will move again)\n")
	}
	return true
}

// listMoves prints the legal actions numbered from 1, in columns.
func (s *playSession) listMoves(legal []engine.Action) {
	width := 0
	names := make([]string, len(legal))
	for i, a := range legal {
		names[i] = fmt.Sprintf("%3d %s", i+1, s.state.ActionString(a))
		width = max(width, len(names[i]))
	}
	cols := max(1, 78/(width+2))
	s.printf("Legal actions:\n")
	for i, n := range names {
		s.printf("%-*s", width+2, n)
		if (i+1)%cols == 0 || i == len(names)-1 {
			s.printf("\n")
		}
	}
}

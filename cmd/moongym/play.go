package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

func init() { root.AddCommand(newPlayCmd()) }

// playOptions are the play command's flags.
type playOptions struct {
	seats, params, recordFile string
	seed                      uint64
	watch                     watchOptions
}

func newPlayCmd() *cobra.Command {
	var o playOptions
	cmd := &cobra.Command{
		Use:   "play GAME",
		Short: "Play a game in the terminal against AI seats (or watch AIs play)",
		Long: `Play a game in the terminal. Each seat is "human" (you type the moves) or an
agent spec (random, heuristic, mcts:sims=400, ...). By default seat 0 is human and
the others are random.

At your turn the board is drawn and the legal actions are listed with numbers.
Type an action's name, its number in the list, or a part that names one action
alone (the start of the name, or one of its words: "c1" for "9 Robot [c1]").
Names come first: a number is a position in the list only when no action has
that name ("+2" in Welcome to the Moon is the modifier +2), "#N" is the action
with id N, and when the text was not a full name the prompt says what it played.
Other commands:
  undo    take back your last move (and the moves played after it)
  moves   list the legal actions again
  help    show these commands
  quit    stop the game (the record is still written with --record)

Chance (dice, shuffles, card flips) is drawn from --seed; the same seed and the
same moves give the same game. With --record FILE the game is saved as a
replayable record (see "moongym replay").

To watch AIs play, --delay 1s pauses before each AI move and --step waits for
Enter (q quits); either draws the board before each AI move.`,
		Example: `  moongym play tictactoe
  moongym play tictactoe --seats random,human
  moongym play tictactoe --seats heuristic,random --seed 7
  moongym play walking-moon --params players=3 --seats human,heuristic,random
  moongym play planet-cubes --seats heuristic,random --delay 500ms
  moongym play lunar-rally --seats heuristic,heuristic --step`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("play takes one game name, got %d arguments (games: %s)", len(args), strings.Join(engine.Names(), ", "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runPlay(cmd, args[0], &o) },
	}
	cmd.Flags().StringVar(&o.seats, "seats", "", `comma-separated seat list: "human" or an agent spec per seat (default: human, then random)`)
	cmd.Flags().StringVar(&o.params, "params", "", "game parameters as k=v,k=v (see moongym games)")
	cmd.Flags().Uint64Var(&o.seed, "seed", 0, "seed for chance and agents (default: from the clock, printed at the start)")
	cmd.Flags().StringVar(&o.recordFile, "record", "", "write the game record (JSON) to this file at the end")
	cmd.Flags().DurationVar(&o.watch.delay, "delay", 0, "pause this long before each AI move (e.g. 500ms, 2s), drawing the board")
	cmd.Flags().BoolVar(&o.watch.step, "step", false, "wait for Enter before each AI move (q quits), drawing the board")
	return cmd
}

// runPlay plays game in the terminal with o's seats, then writes its
// record where asked.
func runPlay(cmd *cobra.Command, game string, o *playOptions) error {
	g, err := loadGame(game, o.params)
	if err != nil {
		return err
	}
	seed := o.seed
	if !cmd.Flags().Changed("seed") {
		seed = uint64(time.Now().UnixNano() % 1_000_000)
	}
	specs, err := seatSpecs(o.seats, g.NumPlayers())
	if err != nil {
		return err
	}
	sess, err := newPlaySession(g, specs, seed, cmd.InOrStdin(), cmd.OutOrStdout())
	if err != nil {
		return err
	}
	if o.watch.delay < 0 {
		return fmt.Errorf("--delay %v: a pause cannot be negative", o.watch.delay)
	}
	sess.watch = o.watch
	runErr := sess.run()
	if o.recordFile != "" {
		if err := writeRecordFile(o.recordFile, sess.record()); err != nil {
			return errors.Join(runErr, err)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "record written to %s\n", o.recordFile)
	}
	return runErr
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
	f, err := createFile(path)
	if err != nil {
		return err
	}
	if err := engine.WriteRecords(f, rec); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// moveHelper is a game that explains its move names and its board for
// people at a terminal (walking-moon's "black2:US->4/2 +1sp", planet-cubes'
// orbits): play's help and "moongym games NAME" print it.
type moveHelper interface {
	MoveHelp() string
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
	watch   watchOptions
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
	if _, ok := s.game.(moveHelper); ok {
		s.printf("Type help for commands and what the moves' names mean.\n\n")
	} else {
		s.printf("Type help for commands.\n\n")
	}
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
			if quit, err := s.watch.before(s, p); err != nil || quit {
				return err
			}
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
	if human := s.viewer(); human >= 0 {
		return engine.ActionStringFor(s.state, human, a)
	}
	return s.state.ActionString(a)
}

// viewer is the one human seat whose eyes the terminal shows, or -1 when
// nothing is hidden from the table (no human seat, or a hot seat of several).
func (s *playSession) viewer() engine.Player {
	human := engine.Player(-1)
	for i, ag := range s.seats {
		if ag == nil {
			if human >= 0 {
				return -1
			}
			human = engine.Player(i)
		}
	}
	return human
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
			if h, ok := s.game.(moveHelper); ok {
				s.printf("\n%s", h.MoveHelp())
			}
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
		a, note, err := resolveInput(s.state, legal, text)
		if err != nil {
			s.printf("%s\n", inputHint(err, text, len(legal)))
			continue
		}
		if note != "" {
			s.printf("(%s)\n", note)
		}
		return a, false, nil
	}
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

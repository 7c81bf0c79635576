package imitation_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moongym/moongym/agents"
	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training/imitation"
)

// counted makes the tictactoe heuristic's agents and counts their moves.
type counted struct{ asks int }

func (c *counted) new(g engine.Game, seed uint64) (agents.Agent, error) {
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		return nil, err
	}
	a, err := h.New(g, seed)
	return agentFunc(func(s engine.State) (engine.Action, error) { c.asks++; return a.Act(s) }), err
}

type agentFunc func(s engine.State) (engine.Action, error)

func (f agentFunc) Act(s engine.State) (engine.Action, error) { return f(s) }

// firstMove plays the first legal move.
type firstMove struct{}

func (firstMove) Begin(imitation.Seeds) error { return nil }
func (firstMove) Move(_ engine.State, legal []engine.Action, _ engine.Action) (engine.Action, error) {
	return legal[0], nil
}

// keptLog labels as its Labeller does and notes the keep draws it is told.
type keptLog struct {
	imitation.Labeller
	kept []bool
}

func (l *keptLog) Label(dst []engine.Action, s engine.State, imitated engine.Action, kept bool) ([]engine.Action, error) {
	l.kept = append(l.kept, kept)
	return l.Labeller.Label(dst, s, imitated, kept)
}

// decisions is the number of decisions of rec (a state with more than one
// legal move).
func decisions(t *testing.T, rec imitation.Record) int {
	t.Helper()
	n := 0
	s := tictactoe.Game{}.NewInitialState()
	for _, a := range rec.Actions {
		if len(s.LegalActions(nil)) > 1 {
			n++
		}
		s.Apply(a)
	}
	return n
}

// TestPlayRoles: whoever plays and labels, the imitated player is asked
// once at every decision and the labels are what the Labeller gives; the
// Player's moves are played but for epsilon's; Walk hands on the keep
// draws Play made, one per decision, in order, for every share kept.
func TestPlayRoles(t *testing.T) {
	g := tictactoe.Game{}
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		epsilon  float64
		keep     float64
		player   imitation.Player
		labeller imitation.Labeller
	}{
		{"imitated", 0, 0, imitation.Imitated{}, imitation.Imitated{}},
		{"imitated, epsilon, keep", 0.3, 0.4, imitation.Imitated{}, imitation.Imitated{}},
		{"first move, sampled", 0, 0.5, firstMove{}, imitation.NewSampled(g, h.New, 3)},
		{"a share of first moves", 0.1, 1, &imitation.Share{Share: 0.5, Player: firstMove{}, Else: imitation.Imitated{}}, imitation.Imitated{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var count counted
			log := &keptLog{Labeller: c.labeller}
			r := imitation.Recorder{Game: g, Seed: 11, Epsilon: c.epsilon, Keep: c.keep, Imitated: count.new, Player: c.player, Labeller: log}
			per := c.labeller.Labels()
			for game := range 30 {
				count.asks, log.kept = 0, nil
				rec, err := r.Play(game)
				if err != nil {
					t.Fatal(err)
				}
				n := decisions(t, rec)
				if count.asks != n || len(rec.Asked) != n*per || len(log.kept) != n {
					t.Fatalf("game %d: %d decisions, %d askings of the imitated player, %d labels (%d each), %d keep draws",
						game, n, count.asks, len(rec.Asked), per, len(log.kept))
				}
				var walked []bool
				seeds := imitation.Seeds{Seed: 11, Game: game}
				err = imitation.Walk(g.NewInitialState(), rec, seeds, c.keep, per, func(s engine.State, _ engine.Player, legal, labels []engine.Action, kept bool) {
					walked = append(walked, kept)
					if !slices.Equal(labels, rec.Asked[len(walked)*per-per:len(walked)*per]) {
						t.Fatalf("game %d: Walk's labels %v at decision %d", game, labels, len(walked)-1)
					}
				})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(walked, log.kept) {
					t.Fatalf("game %d: Walk's keep draws %v, Play's %v", game, walked, log.kept)
				}
				if c.keep == 0 || c.keep == 1 {
					if slices.Contains(walked, false) {
						t.Fatalf("game %d: keep=%v passed over a position", game, c.keep)
					}
				}
			}
		})
	}
}

// TestPlayPlayer: with no epsilon the moves played at the decisions are the
// Player's: the imitated player's own (its label) with Imitated, the first
// legal move with a player that plays it, and with Share one or the other
// by the game's follow draw.
func TestPlayPlayer(t *testing.T) {
	g := tictactoe.Game{}
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		t.Fatal(err)
	}
	share := &imitation.Share{Share: 0.5, Player: firstMove{}, Else: imitation.Imitated{}}
	r := imitation.Recorder{Game: g, Seed: 4, Imitated: h.New, Player: share, Labeller: imitation.Imitated{}}
	followed := 0
	for game := range 40 {
		rec, err := r.Play(game)
		if err != nil {
			t.Fatal(err)
		}
		first := imitation.Seeds{Seed: 4, Game: game}.Follows(0.5)
		if first {
			followed++
		}
		s := g.NewInitialState()
		d := 0
		for _, a := range rec.Actions {
			if legal := s.LegalActions(nil); len(legal) > 1 {
				want := rec.Asked[d]
				if first {
					want = legal[0]
				}
				if a != want {
					t.Fatalf("game %d (first moves %v), decision %d: played %d, want %d", game, first, d, a, want)
				}
				d++
			}
			s.Apply(a)
		}
	}
	if followed == 0 || followed == 40 {
		t.Errorf("%d of 40 games played by the share's player", followed)
	}
}

// TestSeeds: the seeds of a game's agents are those the package doc
// gives, the held-out games start at 2^40, and the follow draw is its own
// stream.
func TestSeeds(t *testing.T) {
	s := imitation.Seeds{Seed: 123, Game: 45}
	for p := range 3 {
		game := uint64(45)
		seat := uint64(123) ^ (game*0x9e3779b97f4a7c15 + uint64(p) + 1)
		if s.Seat(p) != seat || s.Asker(p) != ^seat || s.Teacher(p) != seat^0x7465616368 {
			t.Errorf("seat %d: seeds %d %d %d", p, s.Seat(p), s.Asker(p), s.Teacher(p))
		}
	}
	if imitation.HeldOutBase != 1<<40 {
		t.Errorf("HeldOutBase %d", imitation.HeldOutBase)
	}
	draw := rand.New(rand.NewPCG(123^0x666f6c6c6f77, 45)).Float64()
	if s.Follows(draw) || !s.Follows(draw+1e-9) || s.Follows(0) || !s.Follows(1) {
		t.Errorf("Follows does not compare the draw %v", draw)
	}
}

// TestWalkBadRecord: a record that does not replay is refused with
// ErrBadRecord.
func TestWalkBadRecord(t *testing.T) {
	g := tictactoe.Game{}
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		t.Fatal(err)
	}
	r := imitation.Recorder{Game: g, Seed: 1, Imitated: h.New, Player: imitation.Imitated{}, Labeller: imitation.Imitated{}}
	rec, err := r.Play(0)
	if err != nil {
		t.Fatal(err)
	}
	seeds := imitation.Seeds{Seed: 1}
	none := func(engine.State, engine.Player, []engine.Action, []engine.Action, bool) {}
	if err := imitation.Walk(g.NewInitialState(), rec, seeds, 0, 1, none); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]imitation.Record{
		"labels missing":  {Actions: rec.Actions, Asked: rec.Asked[1:]},
		"labels left":     {Actions: rec.Actions, Asked: append(slices.Clone(rec.Asked), 0)},
		"a label illegal": {Actions: rec.Actions, Asked: append([]engine.Action{99}, rec.Asked[1:]...)},
		"stops early":     {Actions: rec.Actions[:len(rec.Actions)-1], Asked: rec.Asked[:len(rec.Asked)-1]},
		"goes on":         {Actions: append(slices.Clone(rec.Actions), 0), Asked: rec.Asked},
		"a move illegal":  {Actions: append([]engine.Action{99}, rec.Actions[1:]...), Asked: rec.Asked},
		"a move taken":    {Actions: append([]engine.Action{rec.Actions[0]}, rec.Actions...), Asked: rec.Asked},
	} {
		if err := imitation.Walk(g.NewInitialState(), bad, seeds, 0, 1, none); !errors.Is(err, imitation.ErrBadRecord) {
			t.Errorf("%s: %v, want ErrBadRecord", name, err)
		}
	}
}

// TestPlayInOrder: the records of games played at once are handed on in
// order, the same as played one at a time, and more stops the games.
func TestPlayInOrder(t *testing.T) {
	g := tictactoe.Game{}
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		t.Fatal(err)
	}
	newRecorder := func() (*imitation.Recorder, error) {
		return &imitation.Recorder{Game: g, Seed: 2, Epsilon: 0.2, Imitated: h.New, Player: imitation.Imitated{}, Labeller: imitation.NewSampled(g, h.New, 2)}, nil
	}
	play := func(workers int, more func(int) bool) []imitation.Record {
		var out []imitation.Record
		err := imitation.PlayInOrder(context.Background(), 5, 25, workers, newRecorder, more, func(game int, rec imitation.Record) error {
			if game != 5+len(out) {
				t.Fatalf("game %d handed on after %d", game, len(out))
			}
			out = append(out, rec)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	one := play(1, nil)
	if len(one) != 20 {
		t.Fatalf("%d games", len(one))
	}
	for _, w := range []int{3, 50} {
		many := play(w, nil)
		for i := range one {
			if !slices.Equal(one[i].Actions, many[i].Actions) || !slices.Equal(one[i].Asked, many[i].Asked) {
				t.Fatalf("%d at once: game %d differs", w, 5+i)
			}
		}
	}
	if n := len(play(4, func(game int) bool { return game < 12 })); n != 7 {
		t.Errorf("more stops at game 12: %d games, want 7", n)
	}
}

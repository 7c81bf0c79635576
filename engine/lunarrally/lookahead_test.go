package lunarrally

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/moongym/moongym/engine"
)

// program puts the state in the programming stage at the first empty phase
// of the rovers that execute next (Rover 1s: the Moon shows 0).
func (s *State) program(t testing.TB) {
	t.Helper()
	s.moon = 0
	if !s.locate() {
		t.Fatal("no rover to program")
	}
}

// TestLookahead checks what each card can achieve for the rover being
// programmed on hand-made boards (7 x 9, start line a, finish line i).
func TestLookahead(t *testing.T) {
	type want struct {
		card                Card
		close, hit, safe    float32
		closeLess, closeMax bool // close below the Forward card's / equal to 1
		closeStill          bool // close equal to the Still card's
	}
	cases := []struct {
		name   string
		terr   map[string]byte
		at     string
		phases int8
		others []placed
		want   []want
	}{
		{"forward reaches the finish", nil, "h4", 1, nil, []want{
			{card: Forward, close: 1, safe: 1, closeMax: true},
			{card: ForwardAT, close: 1, safe: 1, closeMax: true},
			{card: Still, safe: 1, closeLess: true},
		}},
		{"forward into a crater damages and stays", map[string]byte{"e4": 'X'}, "d4", 1, nil, []want{
			{card: Forward, safe: 2.0 / 3, closeStill: true},
			{card: Still, safe: 1, closeStill: true},
		}},
		{"the laser hits the rover ahead", nil, "c4", 1, []placed{{3, "f4", West, NoCard}}, []want{
			{card: Laser, hit: 1.0 / 3, safe: 1, closeLess: true},
			{card: Still, hit: 0, safe: 1, closeLess: true},
		}},
		{"a later phase can still reach the finish", nil, "h4", 2, nil, []want{
			{card: Forward, close: 1, safe: 1, closeMax: true},
			{card: Still, close: 1, safe: 1, closeMax: true},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rig(t, 2, openMap(7, 9, c.terr))
			r := s.put(t, 0, c.at, East)
			r.Phases, r.Program = c.phases, emptyProgram
			for _, p := range c.others {
				s.put(t, p.i, p.at, p.h, p.card).Program = emptyProgram
			}
			s.program(t)
			la, ok := s.Lookahead()
			if !ok {
				t.Fatal("Lookahead not ok while programming")
			}
			for card := Card(0); card < NumCards; card++ {
				if la.Legal[card] != (Decks[0][card] > 0) {
					t.Errorf("%v legal %v, want %v", card, la.Legal[card], Decks[0][card] > 0)
				}
			}
			for _, w := range c.want {
				got := la.Close[w.card]
				switch {
				case w.closeMax && got != 1:
					t.Errorf("%v close %v, want 1", w.card, got)
				case w.closeLess && !(got > 0 && got < la.Close[Forward]):
					t.Errorf("%v close %v, want in (0, %v)", w.card, got, la.Close[Forward])
				case w.closeStill && !(got > 0 && got == la.Close[Still]):
					t.Errorf("%v close %v, want Still's %v", w.card, got, la.Close[Still])
				case !w.closeMax && !w.closeLess && !w.closeStill && got != w.close:
					t.Errorf("%v close %v, want %v", w.card, got, w.close)
				}
				if la.Hit[w.card] != w.hit || la.Safe[w.card] != w.safe {
					t.Errorf("%v hit %v safe %v, want %v %v", w.card, la.Hit[w.card], la.Safe[w.card], w.hit, w.safe)
				}
			}
		})
	}
}

// TestLookaheadKeepsCardsDown: the cards already on earlier phases stay,
// so a card the deck no longer holds is not legal, and the program's
// earlier cards decide where the later ones start.
func TestLookaheadKeepsCardsDown(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, map[string]byte{"f4": 'X'}))
	r := s.put(t, 0, "d4", East, Forward)
	r.Phases = 2
	s.put(t, 3, "a1", East).Program = emptyProgram
	s.program(t)
	if s.phase != 1 {
		t.Fatalf("programming phase %d, want 1", s.phase)
	}
	la, _ := s.Lookahead()
	if !la.Legal[Forward] || la.Legal[Reverse] {
		t.Errorf("legal %v: Rover 1 has two Forward 1 and no Reverse", la.Legal)
	}
	// After the Forward 1 down, the rover stands on e4 facing the crater on
	// f4: a second Forward bumps into it (1 damage) and stays there.
	if la.Safe[Forward] != 2.0/3 || la.Safe[Still] != 1 {
		t.Errorf("safe: Forward %v, Still %v; want 2/3 and 1", la.Safe[Forward], la.Safe[Still])
	}
	if la.Close[Forward] != la.Close[Still] || la.Close[Still] <= 0 {
		t.Errorf("close: Forward %v, Still %v; want equal and > 0 (both end on e4)", la.Close[Forward], la.Close[Still])
	}
}

// TestObserveLookaheadAndDistance: the path plane is 1 on the finish line
// and 0 on craters and off the board; the race planes hold its value at each
// rover, seats relative; the lookahead planes are written for the seat that
// programs, and for no other (they follow its secret cards).
func TestObserveLookaheadAndDistance(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, map[string]byte{"e4": 'X'}))
	s.put(t, 0, "h4", East).Program = emptyProgram
	s.put(t, 2, "b2", East).Program = emptyProgram
	s.program(t)
	g := s.g
	cells := g.board.Cells()
	tail := PlaneRovers + 2*2 + offToAct + 2
	obs := make([]float32, engine.ObservationSize(g))
	at := func(plane, cell int) float32 { return obs[plane*cells+cell] }
	s.Observe(0, obs)
	if v := at(tail+tailDistance, int(s.cell(t, "i4"))); v != 1 {
		t.Errorf("distance plane on the finish line %v, want 1", v)
	}
	if v := at(tail+tailDistance, int(s.cell(t, "e4"))); v != 0 {
		t.Errorf("distance plane on a crater %v, want 0", v)
	}
	if a, b := at(tail+tailDistance, int(s.cell(t, "b4"))), at(tail+tailDistance, int(s.cell(t, "h4"))); !(0 < a && a < b && b < 1) {
		t.Errorf("distance plane b4 %v, h4 %v: want 0 < b4 < h4 < 1", a, b)
	}
	h4, b2 := at(tail+tailDistance, int(s.cell(t, "h4"))), at(tail+tailDistance, int(s.cell(t, "b2")))
	race := func(seat, rover int) float32 { return at(tail+tailRace+2*seat+rover, cells-1) }
	if race(0, 0) != h4 || race(1, 0) != b2 || race(0, 1) != 0 || race(1, 1) != 0 {
		t.Errorf("race planes seen by seat 0: %v %v %v %v, want %v %v 0 0 (Rover 2s are not on the board)",
			race(0, 0), race(0, 1), race(1, 0), race(1, 1), h4, b2)
	}
	la, _ := s.Lookahead()
	for c := range NumCards {
		for _, cell := range []int{0, cells - 1} {
			if at(tail+tailClose+c, cell) != la.Close[c] || at(tail+tailHit+c, cell) != la.Hit[c] || at(tail+tailSafe+c, cell) != la.Safe[c] {
				t.Fatalf("card %d: lookahead planes at cell %d differ from Lookahead %+v", c, cell, la)
			}
		}
	}
	if at(tail+tailClose+int(Forward), 0) != 1 {
		t.Errorf("Forward's close plane %v, want 1", at(tail+tailClose+int(Forward), 0))
	}
	s.Observe(1, obs)
	if race(0, 0) != b2 || race(1, 0) != h4 {
		t.Errorf("race planes seen by seat 1: own %v, other %v; want %v, %v (seats are relative)", race(0, 0), race(1, 0), b2, h4)
	}
	for pl := tail + tailClose; pl < tail+numTail; pl++ {
		for cell := range cells {
			if at(pl, cell) != 0 {
				t.Fatalf("seat 1 sees lookahead plane %d = %v while seat 0 programs", pl, at(pl, cell))
			}
		}
	}
	if allocs := testing.AllocsPerRun(50, func() { s.Observe(0, obs) }); allocs != 0 {
		t.Errorf("Observe allocates %v times", allocs)
	}
}

// TestLookaheadOnlyWhileProgramming: placements have no lookahead.
func TestLookaheadOnlyWhileProgramming(t *testing.T) {
	s := engine.MustLoad(Name, nil).NewInitialState().(*State)
	s.Apply(0)
	if _, ok := s.Lookahead(); ok {
		t.Error("Lookahead ok while placing")
	}
}

// BenchmarkLookahead: the worst case, a Rover 1 with three empty phases
// (every program of its deck previewed), and Observe by its owner.
func BenchmarkLookahead(b *testing.B) {
	s := rig(b, 2, openMap(7, 9, map[string]byte{"e4": 'X'}))
	s.put(b, 0, "c4", East).Program = emptyProgram
	s.put(b, 2, "f2", West).Program = emptyProgram
	s.program(b)
	obs := make([]float32, engine.ObservationSize(s.g))
	b.Run("lookahead", func(b *testing.B) {
		for b.Loop() {
			s.Lookahead()
		}
	})
	b.Run("observe", func(b *testing.B) {
		for b.Loop() {
			s.Observe(0, obs)
		}
	})
}

// lookaheadByPreview is Lookahead the slow way: every completion of the
// program run from the start by PreviewWith, beside the others' guesses.
func lookaheadByPreview(s *State) Lookahead {
	i, phase := int(s.target), int(s.phase)
	w := lookWalker{i: i, phase: phase, scale: float32(s.g.board.maxPath + 1), board: s.g.board, s: s}
	left := s.cardsLeft(i, phase)
	prog := s.rovers[i].Program
	w.start(left)
	gs := s.GuessOthers(i)
	var rec func(p int)
	rec = func(p int) {
		if p >= int(s.rovers[i].Phases) {
			w.first = prog[phase]
			w.score(s.PreviewWith(i, prog, &gs))
			return
		}
		for c := Card(0); c < NumCards; c++ {
			if left[c] > 0 {
				left[c]--
				prog[p] = c
				rec(p + 1)
				left[c]++
			}
		}
	}
	rec(phase)
	w.finish()
	return w.la
}

// eachProgramDecision plays games random games of every scenario (2 to 4
// players) and calls f at every programming decision; it fails the test
// when fewer than 100 were seen.
func eachProgramDecision(t *testing.T, rng *rand.Rand, games int, f func(sc string, s *State)) {
	t.Helper()
	checked := 0
	for k, sc := range Scenarios {
		g := engine.MustLoad(Name, engine.Params{"scenario": sc, "players": strconv.Itoa(2 + k%3)})
		for range games {
			s := g.NewInitialState().(*State)
			var buf []engine.Action
			for !s.IsTerminal() {
				if s.stage == stageProgram {
					f(sc, s)
					checked++
				}
				if s.CurrentPlayer() == engine.Chance {
					s.Apply(0)
					continue
				}
				buf = s.LegalActions(buf)
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d decisions checked", checked)
	}
}

// TestLookaheadMatchesPreview: on every programming decision of random
// games (every scenario, 2 to 4 players), Lookahead, which runs each prefix
// of the programs once, gives exactly what previewing every program does.
func TestLookaheadMatchesPreview(t *testing.T) {
	eachProgramDecision(t, rand.New(rand.NewPCG(3, 4)), 6, func(sc string, s *State) {
		got, ok := s.Lookahead()
		if want := lookaheadByPreview(s); !ok || got != want {
			t.Fatalf("%s: Lookahead %+v, previews say %+v", sc, got, want)
		}
	})
}

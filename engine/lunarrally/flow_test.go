package lunarrally

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

func load(t *testing.T, params engine.Params) *Game {
	t.Helper()
	g, err := engine.Load(Name, params)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

// names lists the legal actions by name.
func names(s engine.State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

func mustPlay(t *testing.T, s engine.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		a, err := engine.ParseAction(s, m)
		if err != nil {
			t.Fatalf("%s: %v\n%s", m, err, s)
		}
		s.Apply(a)
	}
}

// setUp plays the chance node and places every rover on the first free
// start hex facing east.
func setUp(t *testing.T, g *Game, first int) *State {
	t.Helper()
	s := g.NewInitialState().(*State)
	s.Apply(engine.Action(first))
	for s.stage == stagePlace || s.stage == stageFace {
		legal := s.LegalActions(nil)
		if s.stage == stagePlace {
			s.Apply(legal[0])
		} else {
			mustPlay(t, s, "E")
		}
	}
	return s
}

func TestPlacementOrder(t *testing.T) {
	g := load(t, engine.Params{"players": "3", "scenario": "green"})
	s := g.NewInitialState().(*State)
	if s.CurrentPlayer() != engine.Chance || len(s.ChanceOutcomes(nil)) != 3 {
		t.Fatalf("the first player is thrown for: %v", s.ChanceOutcomes(nil))
	}
	s.Apply(1) // seat 1 places first
	var order []int
	for s.stage == stagePlace || s.stage == stageFace {
		seat, r, _, _ := s.Deciding()
		if s.stage == stagePlace {
			order = append(order, 10*seat+r+1)
		}
		s.Apply(s.LegalActions(nil)[0])
	}
	// Rover 1s to the left from seat 1, then Rover 2s back to the right.
	want := []int{11, 21, 1, 2, 22, 12}
	if !slices.Equal(order, want) {
		t.Errorf("placement order %v, want %v (seat*10 + rover)", order, want)
	}
}

func TestPlacementFacingAndEquipment(t *testing.T) {
	g := load(t, engine.Params{"scenario": "green"})
	s := g.NewInitialState().(*State)
	s.Apply(0)
	// a2 is on an odd row (shifted right): NE, E and SE leave the line, but
	// NE (b1) is no closer to the finish line (rows 2-9 of column x).
	mustPlay(t, s, "a2")
	if got := names(s); !slices.Equal(got, []string{"E", "SE"}) {
		t.Errorf("facings on a2: %v", got)
	}
	mustPlay(t, s, "E")
	// a3 is on an even row: NE and SE lie on the start line; only E.
	mustPlay(t, s, "a3")
	if got := names(s); !slices.Equal(got, []string{"E"}) {
		t.Errorf("facings on a3: %v", got)
	}
	mustPlay(t, s, "E")
	if slices.Contains(names(s), "a2") {
		t.Errorf("an occupied start hex is offered")
	}
	for s.stage != stageProgram {
		s.Apply(s.LegalActions(nil)[0])
	}
	for i := 0; i < 4; i++ {
		r := s.rovers[i]
		if r.Phases != 3 || r.Shields != MaxShields[i%2] || r.Missiles != MaxMissiles[i%2] || r.Armed {
			t.Errorf("rover %d starts with %d phases %d shields %d missiles armed=%v", i, r.Phases, r.Shields, r.Missiles, r.Armed)
		}
	}
	if MaxShields != [2]int8{1, 2} || MaxMissiles != [2]int8{1, 2} {
		t.Errorf("Rover 1 has 1 missile and 1 shield, Rover 2 two of each")
	}
}

func TestDecks(t *testing.T) {
	g := load(t, nil)
	s := setUp(t, g, 0)
	// Initial programming: seat 0 Rover 1, phases 1-3.
	if seat, r, ph, _ := s.Deciding(); seat != 0 || r != 0 || ph != 0 {
		t.Fatalf("first decision %d %d %d", seat, r, ph)
	}
	rover1 := []string{"fwd", "fwd-at", "left", "right", "laser", "missile", "still"}
	if got := names(s); !slices.Equal(got, rover1) {
		t.Errorf("Rover 1 cards %v, want %v (no reverse)", got, rover1)
	}
	mustPlay(t, s, "fwd", "fwd")
	if got := names(s); slices.Contains(got, "fwd") || !slices.Contains(got, "fwd-at") {
		t.Errorf("after two Forward 1, Rover 1 has only the All Terrain one left: %v", got)
	}
	mustPlay(t, s, "fwd-at")
	// Rover 2.
	if got := names(s); !slices.Equal(got, []string{"fwd", "fwd-at", "rev", "left", "right", "laser", "missile", "still"}) {
		t.Errorf("Rover 2 cards %v", got)
	}
	mustPlay(t, s, "laser")
	if got := names(s); slices.Contains(got, "laser") {
		t.Errorf("a card used twice in a turn: %v", got)
	}
	if Decks[0][Forward]+Decks[0][ForwardAT] != 3 || Decks[1][Forward]+Decks[1][ForwardAT] != 2 || Decks[1][Reverse] != 1 || Decks[0][Reverse] != 0 {
		t.Errorf("deck contents %v", Decks)
	}
	for k := range Decks {
		total := 0
		for _, c := range Decks[k] {
			total += int(c)
		}
		if total != 8 {
			t.Errorf("Rover %d deck has %d cards, want 8", k+1, total)
		}
	}
}

func TestTurnStructure(t *testing.T) {
	g := load(t, engine.Params{"scenario": "blue"})
	s := setUp(t, g, 0)
	var before [4]int16
	for i := range before {
		before[i] = s.rovers[i].Pos
	}
	// Everyone programs fwd, fwd, fwd-at on Rover 1 and left, right, still on Rover 2.
	var decided []string
	for s.stage == stageProgram && s.initial {
		seat, r, ph, _ := s.Deciding()
		decided = append(decided, string(rune('0'+seat))+string(rune('1'+r))+string(rune('1'+ph)))
		if r == 0 {
			mustPlay(t, s, []string{"fwd", "fwd", "fwd-at"}[ph])
		} else {
			mustPlay(t, s, []string{"left", "right", "still"}[ph])
		}
	}
	want := []string{"011", "012", "013", "021", "022", "023", "111", "112", "113", "121", "122", "123"}
	if !slices.Equal(decided, want) {
		t.Errorf("initial programming order %v, want %v (seat, rover, phase)", decided, want)
	}
	// Rover 1s executed (3 hexes east), Rover 2s not yet; now Rover 1s are reprogrammed.
	for i := 0; i < 4; i++ {
		moved := g.board.Distance(int(s.rovers[i].Pos), int(before[i])) == 3
		if (i%2 == 0) != moved {
			t.Errorf("rover %d at %s after the Rover 1 execution", i, s.hex(i))
		}
		if i%2 == 0 && s.rovers[i].Program != emptyProgram {
			t.Errorf("rover %d still has its cards after executing", i)
		}
		if i%2 == 0 && s.rovers[i].Shown != [3]Card{Forward, Forward, ForwardAT} {
			t.Errorf("rover %d program not revealed: %v", i, s.rovers[i].Shown)
		}
	}
	if seat, r, _, _ := s.Deciding(); seat != 0 || r != 0 || s.Moon() != 0 {
		t.Fatalf("after Rover 1s execute, Rover 1s are reprogrammed; got seat %d rover %d moon %d", seat, r+1, s.Moon()+1)
	}
	for s.Moon() == 0 {
		playStill(t, s)
	}
	// Rover 2s executed: left, right: heading back to east.
	for i := 1; i < 4; i += 2 {
		if s.rovers[i].Shown != [3]Card{TurnLeft, TurnRight, Still} || s.rovers[i].Heading != East {
			t.Errorf("rover %d did not execute its program", i)
		}
	}
	if seat, r, _, _ := s.Deciding(); seat != 0 || r != 1 || s.Turn() != 1 {
		t.Fatalf("after Rover 2s execute, Rover 2s are reprogrammed in turn 1; got seat %d rover %d turn %d", seat, r+1, s.Turn())
	}
	for s.Moon() == 1 {
		playStill(t, s)
	}
	if s.Turn() != 2 {
		t.Errorf("turn %d after the Rover 2s are reprogrammed, want 2", s.Turn())
	}
}

func TestProgramsAreSecret(t *testing.T) {
	g := load(t, nil)
	s := setUp(t, g, 0)
	obs := func(s engine.State, p engine.Player) []float32 {
		o := make([]float32, engine.ObservationSize(g))
		s.Observe(p, o)
		return o
	}
	before1 := obs(s, 1)
	a := s.Clone().(*State)
	b := s.Clone().(*State)
	mustPlay(t, a, "laser")
	mustPlay(t, b, "still")
	if !slices.Equal(obs(a, 1), obs(b, 1)) {
		t.Errorf("p1 can tell which card p0 programmed")
	}
	if slices.Equal(obs(a, 0), obs(b, 0)) {
		t.Errorf("p0 cannot see its own card")
	}
	if slices.Equal(obs(a, 1), before1) {
		t.Errorf("p1 cannot see that p0 has put a card down")
	}
	if c := a.Clone().(*State); true {
		mustPlay(t, c, "left", "right", "fwd", "rev", "still") // p0 done: p1 to act
		if str := c.String(); strings.Contains(str, "[laser") || !strings.Contains(str, "B1 p0 a2 E phases 3 shields 1 missiles 1 (weapons off) program [? ? ?]") {
			t.Errorf("String shows p0's cards while p1 decides:\n%s", str)
		}
	}
	// Resample by p1 redraws p0's hidden cards, keeping how many are down.
	mustPlay(t, a, "left", "right", "fwd") // p0 Rover 1 done, Rover 2 phase 1
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[Card]bool{}
	for range 50 {
		r := a.Resample(1, rng).(*State)
		if !slices.Equal(obs(r, 1), obs(a, 1)) {
			t.Fatal("Resample changed what p1 sees")
		}
		seen[r.rovers[0].Program[0]] = true
		if r.rovers[0].Program[2] == NoCard || r.rovers[1].Program[1] != NoCard {
			t.Fatal("Resample changed which phases hold cards")
		}
	}
	if len(seen) < 3 {
		t.Errorf("Resample does not redraw p0's cards: %v", seen)
	}
	if r := a.Resample(0, rng).(*State); r.rovers[0].Program != a.rovers[0].Program {
		t.Errorf("Resample by p0 changed p0's own cards")
	}
}

func TestReplacementRover(t *testing.T) {
	for _, on := range []bool{true, false} {
		s := rig(t, 2, openMap(7, 9, nil), "replacement", map[bool]string{true: "true", false: "false"}[on])
		// Rover 2s are being reprogrammed; p0 has lost both rovers.
		s.moon = 1
		s.put(t, 2, "d2", East, Still, Still, Still)
		s.put(t, 3, "d4", East)
		s.advance()
		if s.stage != stageProgram || s.target != 3 {
			t.Fatalf("expected p1 to program Rover 2")
		}
		mustPlay(t, s, "left", "right", "still")
		// Rover 1s execute; then the replacement is placed before reprogramming.
		if on {
			if s.stage != stagePlace || s.actor != 0 || s.target != 0 {
				t.Fatalf("replacement on: p0 should place a new Rover 1, stage %d actor %d target %d\n%s", s.stage, s.actor, s.target, s)
			}
			mustPlay(t, s, "a5", "E")
			r := s.rovers[0]
			if r.Status != Racing || r.Phases != 3 || r.Shields != 1 || r.Missiles != 1 || r.Armed {
				t.Errorf("the replacement is a new, fully equipped Rover 1: %+v", r)
			}
			if seat, rv, _, _ := s.Deciding(); seat != 0 || rv != 0 {
				t.Errorf("the replacement is programmed in the Rover 1 turn")
			}
		} else if s.stage != stageProgram || s.actor != 1 {
			t.Errorf("replacement off: p0 is out, p1 programs; stage %d actor %d", s.stage, s.actor)
		}
	}
}

func TestWinning(t *testing.T) {
	t.Run("moving onto the finish line wins", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		s.put(t, 0, "h4", East, Forward)
		s.put(t, 2, "c4", East, Forward)
		s.run(bit(0, 2))
		if s.end != endFinish || s.winners != 1 {
			t.Fatalf("end %d winners %b", s.end, s.winners)
		}
		s.stage = stageOver
		if got := s.Returns(nil); !slices.Equal(got, []float64{1, -1}) {
			t.Errorf("returns %v", got)
		}
		if got := s.Scores(nil); !slices.Equal(got, []float64{1, 0}) {
			t.Errorf("scores %v", got)
		}
	})
	t.Run("simultaneous arrivals tie", func(t *testing.T) {
		s := rig(t, 3, openMap(7, 9, nil))
		s.put(t, 0, "h4", East, Forward)
		s.put(t, 2, "h2", East, Forward)
		s.put(t, 4, "c2", East, Forward)
		s.run(bit(0, 2, 4))
		s.stage = stageOver
		if s.winners != 3 {
			t.Fatalf("winners %b, want seats 0 and 1", s.winners)
		}
		if got := s.Returns(nil); !slices.Equal(got, []float64{0.25, 0.25, -0.5}) {
			t.Errorf("returns %v", got)
		}
	})
	t.Run("the race ends at the first arrival", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		s.put(t, 0, "h4", East, Forward)
		s.put(t, 2, "g2", East, Still, Forward)
		s.run(bit(0, 2))
		if s.winners != 1 || s.hex(2) != "g2" {
			t.Errorf("winners %b, rover 2 at %s: nothing happens after the winning phase", s.winners, s.hex(2))
		}
	})
	t.Run("a pushed rover reaching the finish line counts", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		s.put(t, 0, "g4", East, Forward)
		s.put(t, 2, "h4", East, NoCard)
		s.run(bit(0))
		if s.winners != 2 {
			t.Errorf("winners %b, want seat 1 (pushed over the line)", s.winners)
		}
	})
	t.Run("a rover destroyed as it arrives does not win", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		s.put(t, 0, "g4", East, Forward)
		r := s.put(t, 2, "h4", East, NoCard)
		r.Shields, r.Phases = 0, 1
		s.put(t, 1, "a6", East, Still)
		s.run(bit(0))
		if s.winners != 0 || s.end != endNone {
			t.Errorf("winners %b end %d", s.winners, s.end)
		}
	})
	t.Run("all rovers destroyed is a draw", func(t *testing.T) {
		s := rig(t, 2, openMap(7, 9, nil))
		a := s.put(t, 0, "a4", West, Forward)
		b := s.put(t, 2, "a2", West, Forward)
		a.Shields, a.Phases, b.Shields, b.Phases = 0, 1, 0, 1
		s.run(bit(0, 2))
		if s.end != endDestroyed {
			t.Fatalf("end %d", s.end)
		}
		s.stage = stageOver
		if got := s.Returns(nil); !slices.Equal(got, []float64{0, 0}) {
			t.Errorf("returns %v", got)
		}
	})
	t.Run("the turn limit ends the game in a draw", func(t *testing.T) {
		g := load(t, engine.Params{"turn_limit": "2", "scenario": "blue"})
		s := setUp(t, g, 0)
		n := 0
		for !s.IsTerminal() {
			playStill(t, s)
			n++
		}
		if s.end != endTurnLimit || s.Turn() != 2 || s.Moon() != 1 {
			t.Errorf("end %d turn %d moon %d", s.end, s.Turn(), s.Moon())
		}
		if got := s.Returns(nil); !slices.Equal(got, []float64{0, 0}) {
			t.Errorf("returns %v", got)
		}
		// initial 12 + turn 1 (Rover 1s 6, Rover 2s 6) + turn 2 (Rover 1s 6).
		if n != 30 {
			t.Errorf("%d decisions, want 30", n)
		}
	})
}

func TestScenarios(t *testing.T) {
	for _, name := range Scenarios {
		b, err := LoadScenario(name)
		if err != nil {
			t.Fatal(err)
		}
		wantCols := 24
		if name == "blue" {
			wantCols = 16 // no middle section
		}
		if b.Rows() != 10 || b.Cols() != wantCols || b.nStarts != 8 {
			t.Errorf("%s: %dx%d with %d start hexes", name, b.Rows(), b.Cols(), b.nStarts)
		}
		var count [8]int
		for i := 0; i < b.Cells(); i++ {
			count[b.At(i)]++
		}
		// At most the box: craters 2x7+2x6+2x3+2x1, dust 3x6+3x3, 6 repair stations,
		// missile tokens 24 - 2 spare - 12 on 4 players' rovers.
		if count[Crater] > 34 || count[Dust] > 27 || count[Repair] > 6 || count[Cache] > 10 || count[Finish] != 8 {
			t.Errorf("%s uses more than the box holds: %v", name, count)
		}
		again, err := ParseScenario(name, []byte(b.Map()))
		if err != nil || again.Map() != b.Map() {
			t.Errorf("%s: Map does not parse back: %v", name, err)
		}
	}
}

func TestScenarioErrors(t *testing.T) {
	good := openMap(5, 6, nil)
	cases := map[string]string{
		"unknown hex":    strings.Replace(good, ".", "Q", 1),
		"ragged rows":    good + "S . .\n",
		"no finish":      strings.ReplaceAll(good, "F", "."),
		"few starts":     "S . F\n. . F\n. . F\nS . F\n",
		"unreachable":    openMap(5, 6, map[string]byte{"c1": 'X', "c2": 'X', "c3": 'X', "c4": 'X', "c5": 'X'}),
		"no good facing": "S S F\n. . F\nS S F\n",
		"too wide":       strings.Repeat(". ", MaxCols+1) + "\n",
		"one row":        "S S S S F\n",
		"too many rows":  strings.Repeat("S . F\n", MaxRows+1),
	}
	for name, text := range cases {
		if _, err := ParseScenario(name, []byte(text)); !errors.Is(err, engine.ErrBadParam) {
			t.Errorf("%s: got %v, want ErrBadParam", name, err)
		}
	}
	if _, err := ParseScenario("good", []byte("# comment\n\n"+good)); err != nil {
		t.Errorf("a good map with a comment: %v", err)
	}
	if _, err := engine.Load(Name, engine.Params{"scenario": "/no/such/file.txt"}); !errors.Is(err, engine.ErrBadParam) {
		t.Errorf("missing file: %v", err)
	}
	few := t.TempDir() + "/few.txt"
	if err := writeFile(few, openMap(5, 6, nil)); err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Load(Name, engine.Params{"scenario": few, "players": "3"}); !errors.Is(err, engine.ErrBadParam) {
		t.Errorf("5 start hexes for 3 players: %v", err)
	}
	g, err := engine.Load(Name, engine.Params{"scenario": few})
	if err != nil || g.(*Game).Board().Cols() != 6 {
		t.Errorf("a scenario file: %v", err)
	}
}

// playStill programs the next phase with a card that does not move: still,
// left, right for phases 1, 2, 3.
func playStill(t *testing.T, s *State) {
	t.Helper()
	_, _, ph, _ := s.Deciding()
	mustPlay(t, s, []string{"still", "left", "right"}[ph])
}

// TestObservationShowsWhoDecides checks the seat planes: who decides is
// public, so after the start tokens pick p1 or p2 to place first, p0 can
// tell which (relative seats: plane offToAct+j is seat p0+j).
func TestObservationShowsWhoDecides(t *testing.T) {
	g := load(t, engine.Params{"players": "3"})
	base := PlaneRovers + 2*3
	cells := g.board.Cells()
	for first := 0; first < 3; first++ {
		s := g.NewInitialState().(*State)
		s.Apply(engine.Action(first))
		for p := 0; p < 3; p++ {
			o := make([]float32, engine.ObservationSize(g))
			s.Observe(engine.Player(p), o)
			for j := 0; j < 3; j++ {
				want := float32(0)
				if (p+j)%3 == first {
					want = 1
				}
				if got := o[(base+offToAct+j)*cells]; got != want {
					t.Errorf("first p%d, observer p%d: seat plane %d is %v, want %v", first, p, j, got, want)
				}
			}
		}
	}
}

// TestReplacementOrder: when several players need a replacement rover at
// once, they place it from the first player to the left, as Rover 1s are
// placed at the start, not by seat number.
func TestReplacementOrder(t *testing.T) {
	for first, want := range map[int][]int{0: {0, 2}, 1: {2, 0}, 2: {2, 0}} {
		s := rig(t, 3, openMap(7, 9, nil))
		s.first = int8(first)
		s.moon = 1 // Rover 2s being reprogrammed; seats 0 and 2 have lost both rovers
		s.put(t, 2, "d2", East, Still, Still, Still)
		s.put(t, 3, "d4", East)
		s.advance()
		mustPlay(t, s, "left", "right", "still")
		var order []int
		for s.stage == stagePlace {
			order = append(order, int(s.actor))
			legal := s.LegalActions(nil)
			s.Apply(legal[0])
			mustPlay(t, s, "E")
		}
		if !slices.Equal(order, want) {
			t.Errorf("first player %d: replacements placed by seats %v, want %v", first, order, want)
		}
	}
}

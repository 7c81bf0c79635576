package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

var update = flag.Bool("update", false, "rewrite the ladder's golden files in testdata")

// duelGame is a toy game of known ratings: each of two seats names its
// strength (an Elo, by index into elos), then chance says who won, seat 0
// with the Bradley-Terry probability 1/(1 + 10^((e1 - e0)/400)).
type duelGame struct{ elos []float64 }

type duelState struct {
	g      duelGame
	picked []engine.Action // the strengths named, seat by seat
	winner int             // -1 until chance has said
}

func (g duelGame) Spec() engine.Spec {
	return engine.Spec{Name: "duel", MinPlayers: 2, MaxPlayers: 2, Chance: engine.ExplicitChance, Utility: engine.ZeroSum}
}
func (g duelGame) Params() engine.Params                             { return engine.Params{} }
func (g duelGame) NumPlayers() int                                   { return 2 }
func (g duelGame) NumActions() int                                   { return len(g.elos) }
func (g duelGame) MaxChanceOutcomes() int                            { return 2 }
func (g duelGame) ObservationShape() []int                           { return []int{1} }
func (g duelGame) MaxGameLength() int                                { return 3 }
func (g duelGame) MinUtility() float64                               { return -1 }
func (g duelGame) MaxUtility() float64                               { return 1 }
func (g duelGame) NewInitialState() engine.State                     { return &duelState{g: g, winner: -1} }
func (g duelGame) DecodeState([]byte) (engine.State, error)          { return nil, engine.ErrBadState }
func (s *duelState) Game() engine.Game                               { return s.g }
func (s *duelState) IsTerminal() bool                                { return s.winner >= 0 }
func (s *duelState) Observe(engine.Player, []float32)                {}
func (s *duelState) Resample(engine.Player, *rand.Rand) engine.State { return s.Clone() }
func (s *duelState) ActionString(a engine.Action) string             { return fmt.Sprint(a) }
func (s *duelState) String() string                                  { return fmt.Sprint(s.picked, s.winner) }
func (s *duelState) MarshalJSON() ([]byte, error)                    { return json.Marshal(s.picked) }
func (s *duelState) Scores(dst []float64) []float64                  { return s.Returns(dst) }

func (s *duelState) Clone() engine.State {
	c := *s
	c.picked = append([]engine.Action(nil), s.picked...)
	return &c
}

func (s *duelState) CurrentPlayer() engine.Player {
	switch {
	case s.winner >= 0:
		return engine.Terminal
	case len(s.picked) < 2:
		return engine.Player(len(s.picked))
	}
	return engine.Chance
}

func (s *duelState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	n := 0
	switch s.CurrentPlayer() {
	case engine.Terminal:
	case engine.Chance:
		n = 2
	default:
		n = len(s.g.elos)
	}
	for a := 0; a < n; a++ {
		dst = append(dst, engine.Action(a))
	}
	return dst
}

func (s *duelState) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	if s.CurrentPlayer() != engine.Chance {
		return dst
	}
	p0 := 1 / (1 + math.Pow(10, (s.g.elos[s.picked[1]]-s.g.elos[s.picked[0]])/400))
	return append(dst, engine.Outcome{Action: 0, Prob: p0}, engine.Outcome{Action: 1, Prob: 1 - p0})
}

func (s *duelState) Apply(a engine.Action) {
	if s.CurrentPlayer() == engine.Chance {
		s.winner = int(a)
		return
	}
	s.picked = append(s.picked, a)
}

func (s *duelState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if s.winner >= 0 {
		dst[s.winner], dst[1-s.winner] = 1, -1
	}
	return dst
}

// strengthAgent always names its strength.
type strengthAgent engine.Action

func (a strengthAgent) Act(engine.State) (engine.Action, error) { return engine.Action(a), nil }

func duelEntrants(k int) []Entrant {
	out := make([]Entrant, k)
	for i := range out {
		out[i] = Entrant{Name: fmt.Sprintf("e%d", i), New: func(uint64) (agents.Agent, error) { return strengthAgent(i), nil }}
	}
	return out
}

// TestLadderRecoversKnownRatings plays a round robin of agents whose
// Elo ratings are known (the duel game) and checks that the ladder finds
// every one within its 95% interval, the anchor at exactly 0, every game
// counted once under its ladder index, and every pair's games with both
// agents in both seats.
func TestLadderRecoversKnownRatings(t *testing.T) {
	elos := []float64{-200, 0, 150, 400}
	cfg := LadderConfig{Game: duelGame{elos}, Entrants: duelEntrants(len(elos)), Games: 400, Seed: 7, Anchor: 1, Parallel: 2}
	var mu sync.Mutex
	seen := map[int]int{}
	cfg.GameStarted = func(i int) { mu.Lock(); seen[i]++; mu.Unlock() }
	games, err := RunLadder(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if want := 6 * 400; len(games) != want || len(seen) != want {
		t.Fatalf("%d games returned, %d started, want %d", len(games), len(seen), want)
	}
	for i, g := range games {
		if g.Index != i || seen[i] != 1 {
			t.Fatalf("game %d has index %d, started %d times", i, g.Index, seen[i])
		}
		ab := LadderPairs(4)[i/400]
		if want := [2]int{ab[i%2], ab[1-i%2]}; g.Seats[0] != want[0] || g.Seats[1] != want[1] {
			t.Fatalf("game %d seats %v, want %v", i, g.Seats, want)
		}
	}
	rep, err := SummarizeLadder(cfg, games)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Anchor != "e1" || len(rep.Agents) != 4 || len(rep.Pairs) != 6 {
		t.Fatalf("anchor %q, %d agents, %d pairs", rep.Anchor, len(rep.Agents), len(rep.Pairs))
	}
	// The intervals are those of every rating against the mean of all
	// (BradleyTerry), so the ratings are compared against the mean.
	fitMean, trueMean := 0.0, 0.0
	for i, a := range rep.Agents {
		fitMean += a.Elo / float64(len(elos))
		trueMean += elos[i] / float64(len(elos))
	}
	for rank, a := range rep.Agents {
		var i int
		fmt.Sscanf(a.Spec, "e%d", &i)
		if want := len(elos) - 1 - rank; i != want {
			t.Errorf("rank %d is %s, want e%d", rank+1, a.Spec, want)
		}
		if a.Spec == "e1" && a.Elo != 0 {
			t.Errorf("the anchor is rated %v, want 0", a.Elo)
		}
		half := (a.EloCI95[1] - a.EloCI95[0]) / 2
		if math.Abs((a.Elo-fitMean)-(elos[i]-trueMean)) > half || half <= 0 || half > 60 {
			t.Errorf("%s: Elo %.1f [%.1f, %.1f] (%.1f from the mean), true %v (%.1f from the mean)", a.Spec, a.Elo, a.EloCI95[0], a.EloCI95[1], a.Elo-fitMean, elos[i], elos[i]-trueMean)
		}
		if a.Games != 3*400 || a.Wins+a.Losses+a.Draws != a.Games {
			t.Errorf("%s: %d games, %d-%d-%d", a.Spec, a.Games, a.Wins, a.Losses, a.Draws)
		}
	}
	for _, p := range rep.Pairs {
		if p.Games != 400 || p.Comparisons != 400 || p.Wins[0]+p.Wins[1]+p.Draws != 400 {
			t.Errorf("pair %v: %d games, %d compared, %v wins, %d draws", p.Agents, p.Games, p.Comparisons, p.Wins, p.Draws)
		}
	}
}

// TestLadderManySeats plays a ladder in a three-seat game: a pair fills
// the seats in turn, so every game compares two pairs of seats.
func TestLadderManySeats(t *testing.T) {
	g, err := engine.Load("planet-cubes", engine.Params{"players": "3", "goal": "16"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := LadderConfig{Game: g, Entrants: SpecEntrants(g, []string{"random", "random:seed=9", "mcts:sims=5"}), Games: 4, Seed: 3, Anchor: 2}
	games, err := RunLadder(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, gr := range games {
		if gr.Seats[0] != gr.Seats[2] || gr.Seats[0] == gr.Seats[1] {
			t.Fatalf("game %d seats %v, want A B A", gr.Index, gr.Seats)
		}
	}
	rep, err := SummarizeLadder(cfg, games)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Pairs {
		if p.Games != 4 || p.Comparisons != 8 {
			t.Errorf("pair %v: %d games, %d compared, want 4 and 8", p.Agents, p.Games, p.Comparisons)
		}
	}
	var md bytes.Buffer
	if err := rep.WriteMarkdown(&md); err != nil || !strings.Contains(md.String(), "3-seat game") {
		t.Errorf("%v\n%s", err, md.String())
	}
}

func TestLadderCheck(t *testing.T) {
	ttt, err := engine.Load("tictactoe", nil)
	if err != nil {
		t.Fatal(err)
	}
	mars, err := engine.Load("march-mars", nil)
	if err != nil {
		t.Fatal(err)
	}
	two := []string{"random", "random:seed=2"}
	for _, tc := range []struct {
		name string
		cfg  LadderConfig
		want string
	}{
		{"no game", LadderConfig{}, "no game"},
		{"cooperative", LadderConfig{Game: mars, Entrants: SpecEntrants(mars, two), Games: 2}, "cooperative"},
		{"one agent", LadderConfig{Game: ttt, Entrants: SpecEntrants(ttt, two[:1]), Games: 2}, "at least two agents"},
		{"anchor", LadderConfig{Game: ttt, Entrants: SpecEntrants(ttt, two), Games: 2, Anchor: 2}, "anchor 2"},
		{"games", LadderConfig{Game: ttt, Entrants: SpecEntrants(ttt, two), Games: 0}, "0 games"},
	} {
		err := tc.cfg.Check()
		if !errors.Is(err, ErrBadConfig) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrBadConfig saying %q", tc.name, err, tc.want)
		}
	}
	bad := LadderConfig{Game: ttt, Entrants: SpecEntrants(ttt, []string{"random", "nosuch"}), Games: 2}
	if err := bad.Check(); !errors.Is(err, agents.ErrUnknownAgent) {
		t.Errorf("unknown agent: %v", err)
	}
}

// TestLadderStops: a closed Drain starts no game, and the error counts
// the ladder's games, not a pair's.
func TestLadderStops(t *testing.T) {
	drain := make(chan struct{})
	close(drain)
	cfg := LadderConfig{Game: duelGame{[]float64{0, 0, 0}}, Entrants: duelEntrants(3), Games: 4, Drain: drain}
	games, err := RunLadder(context.Background(), cfg)
	var stop *StopError
	if !errors.As(err, &stop) || len(games) != 0 || stop.Games != 12 || stop.Finished != 0 {
		t.Fatalf("%d games, %v", len(games), err)
	}
}

// TestLadderGolden checks the Markdown and JSON of a ladder of known games
// against testdata (go test ./arena -run LadderGolden -update rewrites them).
func TestLadderGolden(t *testing.T) {
	cfg := LadderConfig{Game: duelGame{[]float64{0, 0, 0}}, Entrants: duelEntrants(3), Games: 4, Seed: 5, Anchor: 1}
	outcomes := [][4]int{{1, 1, 0, 1}, {0, 0, 1, 0}, {1, 0, 0, 0}} // pair's game: 1 when its first agent won
	var games []GameResult
	for p, ab := range LadderPairs(3) {
		for i, won := range outcomes[p] {
			seats := []int{ab[i%2], ab[1-i%2]}
			ret := []float64{-1, 1}
			if (seats[0] == ab[0]) == (won == 1) {
				ret = []float64{1, -1}
			}
			if p == 2 && i == 3 {
				ret = []float64{0, 0} // a draw
			}
			games = append(games, GameResult{Index: p*4 + i, Seats: seats, Returns: ret})
		}
	}
	rep, err := SummarizeLadder(cfg, games)
	if err != nil {
		t.Fatal(err)
	}
	rep.Skipped = []LadderSkip{{Spec: "expert", Reason: "no expert player for this game"}}
	rep.Command = "moongym ladder duel --games 4 --seed 5"
	var md bytes.Buffer
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	var png bytes.Buffer
	if err := rep.WritePlot(&png); err != nil || !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
		t.Errorf("plot: %v, %d bytes", err, png.Len())
	}
	for name, got := range map[string][]byte{"ladder.md.golden": md.Bytes(), "ladder.json.golden": append(js, '\n')} {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./arena -run LadderGolden -update writes it)", err)
		}
		same := bytes.Equal(got, want)
		if strings.HasSuffix(name, ".json.golden") {
			same = jsonClose(t, got, want) // the last bits of a float may differ between machines
		}
		if !same {
			t.Errorf("%s differs (go test ./arena -run LadderGolden -update rewrites it):\ngot:\n%s\nwant:\n%s", name, got, want)
		}
	}
}

// jsonClose reports whether two JSON documents are the same but for
// numbers that differ by less than a millionth of their size.
func jsonClose(t *testing.T, a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	var near func(x, y any) bool
	near = func(x, y any) bool {
		switch x := x.(type) {
		case float64:
			y, ok := y.(float64)
			return ok && math.Abs(x-y) <= 1e-6*max(1, math.Abs(x))
		case []any:
			y, ok := y.([]any)
			if !ok || len(x) != len(y) {
				return false
			}
			for i := range x {
				if !near(x[i], y[i]) {
					return false
				}
			}
			return true
		case map[string]any:
			y, ok := y.(map[string]any)
			if !ok || len(x) != len(y) {
				return false
			}
			for k := range x {
				if !near(x[k], y[k]) {
					return false
				}
			}
			return true
		}
		return x == y
	}
	return near(x, y)
}

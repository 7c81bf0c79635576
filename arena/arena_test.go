package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	_ "github.com/moongym/moongym/agents/mctsagent"
	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/marchmars"
	_ "github.com/moongym/moongym/engine/planetcubes"
	"github.com/moongym/moongym/engine/tictactoe"
)

func TestSeatingBalanced(t *testing.T) {
	for _, tc := range []struct{ k, n int }{{2, 2}, {3, 3}, {2, 4}, {3, 2}, {4, 6}, {5, 3}, {1, 2}} {
		counts := make([][]int, tc.k) // counts[agent][seat]
		for a := range counts {
			counts[a] = make([]int, tc.n)
		}
		for i := 0; i < tc.k*factorial(tc.k); i++ {
			seats := Seating(i, tc.k, tc.n)
			for s, a := range seats {
				counts[a][s]++
			}
			if i%tc.k == tc.k-1 { // after each aligned block every seat saw every agent once
				for a := range counts {
					for s := range counts[a] {
						if counts[a][s] != (i+1)/tc.k {
							t.Fatalf("k=%d n=%d after %d games: agent %d sat %d times in seat %d", tc.k, tc.n, i+1, a, counts[a][s], s)
						}
					}
				}
			}
		}
	}
	// All k! orders of 3 agents in 3 seats appear in 6 games.
	seen := map[[3]int]bool{}
	for i := 0; i < 6; i++ {
		s := Seating(i, 3, 3)
		seen[[3]int{s[0], s[1], s[2]}] = true
	}
	if len(seen) != 6 {
		t.Errorf("%d distinct orders in 6 games, want 6", len(seen))
	}
}

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		p      float64
		n      int
		lo, hi float64
	}{
		{0.5, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{1, 200, 0.9812, 1},
		{0.97, 200, 0.9361, 0.9862},
	} {
		lo, hi := Wilson(tc.p, tc.n)
		if math.Abs(lo-tc.lo) > 1e-3 || math.Abs(hi-tc.hi) > 1e-3 {
			t.Errorf("Wilson(%v, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.p, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestOutcomes(t *testing.T) {
	for _, tc := range []struct {
		returns []float64
		team    bool
		want    []Outcome
		rank    []int
	}{
		{[]float64{1, -1}, false, []Outcome{Win, Loss}, []int{1, 2}},
		{[]float64{0, 0}, false, []Outcome{Draw, Draw}, []int{1, 1}},
		{[]float64{1, 1, -1}, false, []Outcome{Draw, Draw, Loss}, []int{1, 1, 3}},
		{[]float64{0.2, 0.5, 0.1, 0.5}, false, []Outcome{Loss, Draw, Loss, Draw}, []int{3, 1, 4, 1}},
		{[]float64{3, 1, 2}, false, []Outcome{Win, Loss, Loss}, []int{1, 3, 2}},
		{[]float64{1, 1, 1}, true, []Outcome{Win, Win, Win}, []int{1, 1, 1}},
		{[]float64{-1, -1}, true, []Outcome{Loss, Loss}, []int{1, 1}},
		{[]float64{0, 0}, true, []Outcome{Draw, Draw}, []int{1, 1}},
		// One seat (solo): judged against the midpoint, not against itself.
		{[]float64{1}, false, []Outcome{Win}, []int{1}},
		{[]float64{-1}, false, []Outcome{Loss}, []int{1}},
		{[]float64{0}, false, []Outcome{Draw}, []int{1}},
	} {
		got, rank := Outcomes(tc.returns, tc.team, 0)
		if !slices.Equal(got, tc.want) || !slices.Equal(rank, tc.rank) {
			t.Errorf("Outcomes(%v, team=%v) = %v %v, want %v %v", tc.returns, tc.team, got, rank, tc.want, tc.rank)
		}
	}
}

func TestBradleyTerry(t *testing.T) {
	// A beats B 3 times in 4, B beats C 3 times in 4, A beats C 9 in 10:
	// ratings ordered A > B > C, mean zero, intervals around them.
	p := NewPairwise(3)
	for i := 0; i < 300; i++ {
		p.Add(0, 1, boolRet(i%4 != 0), boolRet(i%4 == 0))
		p.Add(1, 2, boolRet(i%4 != 0), boolRet(i%4 == 0))
		p.Add(0, 2, boolRet(i%10 != 0), boolRet(i%10 == 0))
	}
	elo, half, err := BradleyTerry(p)
	if err != nil {
		t.Fatal(err)
	}
	if !(elo[0] > elo[1] && elo[1] > elo[2]) || math.Abs(elo[0]+elo[1]+elo[2]) > 1e-6 {
		t.Errorf("elo %v", elo)
	}
	// The results fit Bradley-Terry exactly (odds 3, 3 and 9 = 3*3), so the
	// maximum-likelihood gaps are 400 log10(3) = 190.85 Elo each; the one
	// virtual draw per agent (the package doc) shrinks them by under 1.
	exact := 400 * math.Log10(3)
	for _, d := range []float64{elo[0] - elo[1], elo[1] - elo[2]} {
		if d > exact || d < exact-1 {
			t.Errorf("gap %v, want just under %v", d, exact)
		}
	}
	for i, h := range half {
		if h <= 0 || h > 100 {
			t.Errorf("half-width %d: %v", i, h)
		}
	}
	// Two agents, 400 games won 3:1: the rating difference has variance
	// 1/(n p (1-p)) in natural-log units, and each rating (mean zero) half
	// of the difference, so the 95% half-width is 1.96 * sd / 2.
	two := NewPairwise(2)
	for i := 0; i < 400; i++ {
		two.Add(0, 1, boolRet(i%4 != 0), boolRet(i%4 == 0))
	}
	elo, half, err = BradleyTerry(two)
	if err != nil {
		t.Fatal(err)
	}
	wantHalf := 1.96 * math.Sqrt(1/(400*0.75*0.25)) / 2 * 400 / math.Ln10
	if d := elo[0] - elo[1]; d > exact || d < exact-1 {
		t.Errorf("two agents: gap %v, want just under %v", d, exact)
	}
	for i, h := range half {
		if math.Abs(h-wantHalf) > 0.01*wantHalf {
			t.Errorf("two agents: half-width %d is %v, want %v within 1%%", i, h, wantHalf)
		}
	}
	// An unbeaten agent still gets a finite rating.
	q := NewPairwise(3)
	for i := 0; i < 50; i++ {
		q.Add(0, 1, 1, 0)
		q.Add(0, 2, 1, 0)
		q.Add(1, 2, 0, 0)
	}
	elo, _, err = BradleyTerry(q)
	if err != nil || math.IsInf(elo[0], 0) || math.IsNaN(elo[0]) || elo[0] <= elo[1] {
		t.Errorf("unbeaten: %v %v", elo, err)
	}
}

func boolRet(win bool) float64 {
	if win {
		return 1
	}
	return 0
}

func TestRunReproducibleAndParallelIndependent(t *testing.T) {
	g := tictactoe.Game{}
	specs := []string{"mcts:sims=50", "random", "heuristic"}
	run := func(par int) []GameResult {
		res, err := Run(context.Background(), Config{Game: g, Agents: specs, Games: 12, Seed: 9, Parallel: par})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := run(1), run(4)
	for i := range a {
		if !slices.Equal(a[i].Record.Actions, b[i].Record.Actions) || !slices.Equal(a[i].Seats, b[i].Seats) {
			t.Fatalf("game %d differs between parallel 1 and 4", i)
		}
		if _, final, err := a[i].Record.Replay(); err != nil || !slices.Equal(final.Returns(nil), a[i].Returns) {
			t.Errorf("game %d does not replay: %v", i, err)
		}
	}
	rep, err := Summarize(g, specs, 9, a)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Balanced || rep.Agents[0].Elo == nil || rep.Agents[0].Games != 8 {
		t.Errorf("report: balanced %v, elo %v, games %d", rep.Balanced, rep.Agents[0].Elo, rep.Agents[0].Games)
	}
	var buf bytes.Buffer
	if err := rep.WriteTable(&buf); err != nil || !bytes.Contains(buf.Bytes(), []byte("ELO")) {
		t.Errorf("table: %v\n%s", err, buf.String())
	}
}

func TestReportJSONFields(t *testing.T) {
	g := tictactoe.Game{}
	specs := []string{"heuristic", "random"}
	res, err := Run(context.Background(), Config{Game: g, Agents: specs, Games: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Summarize(g, specs, 1, res)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(rep)
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "games", "agents"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	agent := m["agents"].([]any)[0].(map[string]any)
	for _, k := range []string{"spec", "wins", "losses", "draws", "win_rate", "ci95", "mean_score"} {
		if _, ok := agent[k]; !ok {
			t.Errorf("agent JSON lacks %q", k)
		}
	}
	if ci := agent["ci95"].([]any); len(ci) != 2 {
		t.Errorf("ci95 %v", ci)
	}
	st := rep.Agents[0]
	if st.Wins+st.Losses+st.Draws != st.Games || st.Games != 10 {
		t.Errorf("counts %+v", st)
	}
}

func TestRunErrors(t *testing.T) {
	g := tictactoe.Game{}
	for _, cfg := range []Config{
		{Game: g, Agents: nil, Games: 1},
		{Game: g, Agents: []string{"random"}, Games: 0},
		{Agents: []string{"random"}, Games: 1},
	} {
		if _, err := Run(context.Background(), cfg); !errors.Is(err, ErrBadConfig) {
			t.Errorf("%+v: err %v", cfg, err)
		}
	}
	if _, err := Run(context.Background(), Config{Game: g, Agents: []string{"nosuchagent"}, Games: 1}); err == nil {
		t.Errorf("unknown agent accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Game: g, Agents: []string{"random"}, Games: 100}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
}

var _ engine.Game = tictactoe.Game{}

// TestPairwise: with more agents than seats, the report says who beat whom,
// counted from the games where both held a seat.
func TestPairwise(t *testing.T) {
	g := tictactoe.Game{}
	specs := []string{"a", "b", "c"}
	games := []GameResult{
		{Index: 0, Seats: []int{0, 1}, Returns: []float64{1, -1}},
		{Index: 1, Seats: []int{1, 0}, Returns: []float64{0, 0}},
		{Index: 2, Seats: []int{0, 2}, Returns: []float64{-1, 1}},
		{Index: 3, Seats: []int{2, 0}, Returns: []float64{1, -1}},
		{Index: 4, Seats: []int{2, 0}, Returns: []float64{-1, 1}},
		{Index: 5, Seats: []int{1, 0}, Returns: []float64{1, -1}},
	}
	rep, err := Summarize(g, specs, 1, games)
	if err != nil {
		t.Fatal(err)
	}
	want := []PairStats{
		{Agents: [2]int{0, 1}, Games: 3, Wins: [2]int{1, 1}, Draws: 1, Score: [2]float64{0.5, 0.5}},
		{Agents: [2]int{0, 2}, Games: 3, Wins: [2]int{1, 2}, Draws: 0, Score: [2]float64{1.0 / 3, 2.0 / 3}},
	}
	if !slices.Equal(rep.Pairwise, want) {
		t.Fatalf("pairwise %+v\nwant %+v", rep.Pairwise, want)
	}
	var b bytes.Buffer
	if err := rep.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"who beat whom", "a      -            1-1-1 0.500  1-2-0 0.333", "c      2-1-0 0.667  -            -"} {
		if !bytes.Contains(b.Bytes(), []byte(line)) {
			t.Errorf("table lacks %q:\n%s", line, b.String())
		}
	}
}

// TestTeamReport: a cooperative game's report counts the team's result
// once a game.
func TestTeamReport(t *testing.T) {
	g := engine.MustLoad("march-mars", engine.Params{"players": "2"})
	games := []GameResult{
		{Index: 0, Seats: []int{0, 0}, Returns: []float64{1, 1}},
		{Index: 1, Seats: []int{0, 0}, Returns: []float64{-1, -1}},
		{Index: 2, Seats: []int{0, 0}, Returns: []float64{-1, -1}},
		{Index: 3, Seats: []int{0, 0}, Returns: []float64{-1, -1}},
	}
	r, err := Summarize(g, []string{"heuristic"}, 1, games)
	if err != nil {
		t.Fatal(err)
	}
	if r.Team == nil || r.Team.Games != 4 || r.Team.Wins != 1 || r.Team.WinRate != 0.25 {
		t.Fatalf("team %+v", r.Team)
	}
	if r.Agents[0].Games != 8 {
		t.Errorf("agent rows count %d seats, want 8", r.Agents[0].Games)
	}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "team win rate 0.250") {
		t.Errorf("table:\n%s", b.String())
	}
	tt := engine.MustLoad("tictactoe", nil)
	r, err = Summarize(tt, []string{"a", "b"}, 1, []GameResult{{Seats: []int{0, 1}, Returns: []float64{1, -1}}})
	if err != nil || r.Team != nil {
		t.Errorf("a zero-sum game has a team: %v %+v", err, r.Team)
	}
}

// TestMeanRankInterval: with more than two seats each agent's mean rank
// comes with a 95% interval from the per-game ranks' standard error.
func TestMeanRankInterval(t *testing.T) {
	g := engine.MustLoad("planet-cubes", engine.Params{"players": "3"})
	games := []GameResult{
		{Index: 0, Seats: []int{0, 1, 2}, Returns: []float64{1, 0, -1}},
		{Index: 1, Seats: []int{1, 2, 0}, Returns: []float64{1, 0, -1}},
		{Index: 2, Seats: []int{2, 0, 1}, Returns: []float64{1, 0, -1}},
		{Index: 3, Seats: []int{0, 1, 2}, Returns: []float64{1, 0, -1}},
	}
	r, err := Summarize(g, []string{"a", "b", "c"}, 1, games)
	if err != nil {
		t.Fatal(err)
	}
	// a's ranks: 1, 3, 2, 1: mean 1.75, sample SD sqrt(2.75/3).
	a := r.Agents[0]
	half := 1.96 * math.Sqrt(2.75/3) / 2
	if a.MeanRank == nil || a.MeanRankCI95 == nil || math.Abs(*a.MeanRank-1.75) > 1e-12 ||
		math.Abs(a.MeanRankCI95[0]-(1.75-half)) > 1e-12 || math.Abs(a.MeanRankCI95[1]-(1.75+half)) > 1e-12 {
		t.Fatalf("a: mean rank %v, interval %v; want 1.75 +- %.4f", a.MeanRank, a.MeanRankCI95, half)
	}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("1.75 [%.2f, %.2f]", 1.75-half, 1.75+half); !strings.Contains(b.String(), want) {
		t.Errorf("table lacks %q:\n%s", want, b.String())
	}
	js, err := json.Marshal(r)
	if err != nil || !bytes.Contains(js, []byte(`"mean_rank_ci95"`)) {
		t.Errorf("JSON lacks mean_rank_ci95: %v %s", err, js)
	}
}

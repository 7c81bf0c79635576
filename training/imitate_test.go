package training_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training"
)

// imitateRun imitates the tictactoe heuristic into a fresh run in dir.
func imitateRun(t *testing.T, dir string) *training.Trainer {
	t.Helper()
	g := tictactoe.Game{}
	cfg, err := training.ParseConfig("kind=mlp,width=64,seed=3", training.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	tr, err := training.NewTrainer(g, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	// The model file's provenance holds the date: pin it.
	tr.Now = func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	ic := training.ImitateConfig{Games: 300, Epsilon: 0.25, Smooth: 0.1, Epochs: 8, Seed: 5}
	samples, _, err := training.HeuristicGames(context.Background(), g, ic, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := training.Imitate(context.Background(), tr, samples, ic, nil); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestImitateTicTacToe: the imitated raw network agrees with the heuristic
// on most positions of held-out games (other seeds), beats random, and the
// run it saved resumes; the same seed gives the same model file.
func TestImitateTicTacToe(t *testing.T) {
	g := tictactoe.Game{}
	dir := t.TempDir()
	tr := imitateRun(t, dir)
	defer tr.Close()
	net, err := netagent.NewNet(g, tr.Network(), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil {
		t.Fatal(err)
	}
	agree, total := 0, 0
	for game := uint64(0); game < 100; game++ {
		heur, err := h.New(g, 1000+game)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(77, game))
		s := g.NewInitialState()
		for !s.IsTerminal() {
			ha, err := heur.Act(s)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.LegalActions(nil)) > 1 {
				na, err := net.Act(s)
				if err != nil {
					t.Fatal(err)
				}
				total++
				if na == ha {
					agree++
				}
			}
			if legal := s.LegalActions(nil); rng.Float64() < 0.3 {
				ha = legal[rng.IntN(len(legal))]
			}
			s.Apply(ha)
		}
	}
	// The heuristic breaks ties at random, so full agreement is not the bar.
	rate := float64(agree) / float64(total)
	t.Logf("agreement with the heuristic on %d held-out positions: %.3f", total, rate)
	if rate < 0.6 {
		t.Errorf("imitated network agrees with the heuristic on %.3f of %d positions, want >= 0.6", rate, total)
	}
	rnd := arena.Entrant{Name: "random", New: func(seed uint64) (agents.Agent, error) { return agents.NewRandom(seed), nil }}
	st, err := training.EvalMatch(context.Background(), g, training.NetEntrant(g, "net", tr.Network(), 0, 0), rnd, 200, 0, 9)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("raw net vs random: %.3f %v", st.WinRate, st.CI95)
	if st.CI95[0] < 0.6 {
		t.Errorf("imitated network against random: %.3f %v, want the interval above 0.6", st.WinRate, st.CI95)
	}

	// Resumable: the run's checkpoint holds the imitated network.
	again, err := training.Resume(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.Iteration() != 0 {
		t.Errorf("resumed run at iteration %d, want 0", again.Iteration())
	}
	first, err := os.ReadFile(filepath.Join(dir, training.LatestFile))
	if err != nil {
		t.Fatal(err)
	}
	dir2 := t.TempDir()
	tr2 := imitateRun(t, dir2)
	defer tr2.Close()
	second, err := os.ReadFile(filepath.Join(dir2, training.LatestFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Errorf("same seed, different model files")
	}
}

func TestImitateConfigErrors(t *testing.T) {
	g := tictactoe.Game{}
	for _, c := range []training.ImitateConfig{
		{Games: 0, Epochs: 1},
		{Games: 1, Epochs: 0},
		{Games: 1, Epochs: 1, Epsilon: 2},
		{Games: 1, Epochs: 1, Smooth: 1},
		{Games: 1, Epochs: 1, Keep: -0.1},
		{Games: 1, Epochs: 1, Keep: 1.5},
		{Games: 1, Epochs: 1, Keep: math.NaN()},
	} {
		if _, _, err := training.HeuristicGames(context.Background(), g, c, nil); !errors.Is(err, training.ErrBadImitation) {
			t.Errorf("%+v: err %v, want ErrBadImitation", c, err)
		}
	}
}

// TestImitateSamples: with Samples the positions are the same as without,
// and each policy target is a distribution over the heuristic's moves:
// (1-Smooth) shared in steps of (1-Smooth)/Samples, the rest spread over the
// legal moves; where the heuristic has ties, some target has several moves.
func TestImitateSamples(t *testing.T) {
	g := tictactoe.Game{}
	one := training.ImitateConfig{Games: 20, Epsilon: 0.2, Smooth: 0.1, Epochs: 1, Seed: 4}
	many := one
	many.Samples = 8
	a, _, err := training.HeuristicGames(context.Background(), g, one, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := training.HeuristicGames(context.Background(), g, many, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() != b.Len() {
		t.Fatalf("%d positions with samples=8, %d without: the games differ", b.Len(), a.Len())
	}
	spread := 0
	aObs, bObs := training.FlatObs(a), training.FlatObs(b)
	for i := range a.Len() {
		obs, na := a.ObsSize, a.Actions
		if !slices.Equal(aObs[i*obs:(i+1)*obs], bObs[i*obs:(i+1)*obs]) || !slices.Equal(a.Mask[i*na:(i+1)*na], b.Mask[i*na:(i+1)*na]) {
			t.Fatalf("position %d differs with samples=8", i)
		}
		sb := training.Sample{Mask: b.Mask[i*na : (i+1)*na], Policy: b.Policy[i*na : (i+1)*na]}
		legal, sum, above := 0, float32(0), 0
		for k, m := range sb.Mask {
			if m > 0 {
				legal++
			}
			sum += sb.Policy[k]
		}
		floor := float32(0.1 / float64(legal))
		for k, p := range sb.Policy {
			if p > floor+1e-6 {
				above++
				steps := (p - floor) / (0.9 / 8)
				if d := steps - float32(math.Round(float64(steps))); d > 1e-3 || d < -1e-3 {
					t.Fatalf("position %d move %d: target %v is not the floor plus k/8 of 0.9", i, k, p)
				}
			}
		}
		if sum < 0.999 || sum > 1.001 {
			t.Fatalf("position %d: policy sums to %v", i, sum)
		}
		if above > 1 {
			spread++
		}
	}
	if spread == 0 {
		t.Error("no target names more than one move: the heuristic's ties were not sampled")
	}
	if _, _, err := training.HeuristicGames(context.Background(), g, training.ImitateConfig{Games: 1, Epochs: 1, Samples: -1}, nil); !errors.Is(err, training.ErrBadImitation) {
		t.Errorf("samples=-1: err %v, want ErrBadImitation", err)
	}
}

// TestImitateKeep: with Keep the positions are those of the same games
// without it, in order, each whole, about the share asked for, and the
// same ones every time.
func TestImitateKeep(t *testing.T) {
	g := tictactoe.Game{}
	all := training.ImitateConfig{Games: 60, Epsilon: 0.2, Smooth: 0.1, Epochs: 1, Seed: 4}
	half := all
	half.Keep = 0.4
	a, _, err := training.HeuristicGames(context.Background(), g, all, nil)
	if err != nil {
		t.Fatal(err)
	}
	one := training.ImitateConfig{Games: 60, Epsilon: 0.2, Smooth: 0.1, Epochs: 1, Seed: 4, Keep: 1}
	if o, _, err := training.HeuristicGames(context.Background(), g, one, nil); err != nil || o.Len() != a.Len() {
		t.Fatalf("keep=1: %v positions (err %v), want all %d", o.Len(), err, a.Len())
	}
	b, _, err := training.HeuristicGames(context.Background(), g, half, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := training.HeuristicGames(context.Background(), g, half, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.Obs, again.Obs) || !slices.Equal(b.Policy, again.Policy) || !slices.Equal(b.Value, again.Value) {
		t.Fatal("keep=0.4 twice: different positions")
	}
	if share := float64(b.Len()) / float64(a.Len()); share < 0.3 || share > 0.5 {
		t.Fatalf("keep=0.4 kept %d of %d positions (%.2f)", b.Len(), a.Len(), share)
	}
	row := func(r *training.Replay, i int) [4][]float32 {
		o, na, np := r.ObsSize, r.Actions, r.Players
		obs := make([]float32, o)
		r.Observations.Get(i, obs)
		return [4][]float32{obs, r.Mask[i*na : (i+1)*na], r.Policy[i*na : (i+1)*na], r.Value[i*np : (i+1)*np]}
	}
	j := 0 // the kept positions are a subsequence of all of them
	for i := range b.Len() {
		want := row(b, i)
		for ; j < a.Len(); j++ {
			got := row(a, j)
			if slices.Equal(got[0], want[0]) && slices.Equal(got[1], want[1]) && slices.Equal(got[2], want[2]) && slices.Equal(got[3], want[3]) {
				break
			}
		}
		if j == a.Len() {
			t.Fatalf("kept position %d is not among the positions of the same games, in order", i)
		}
		j++
	}
}

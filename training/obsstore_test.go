package training_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	_ "github.com/moongym/moongym/agents/heuristics/walkingmoon"
	_ "github.com/moongym/moongym/agents/heuristics/welcomemoon"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/training"
)

// sameBits reports whether a and b hold the same bits (so -0 differs from
// 0 and a NaN equals itself).
func sameBits(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

func TestObsStoreExact(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	nan := float32(math.NaN())
	odd := math.Float32frombits(0x7fc00001) // another NaN
	for _, c := range []struct {
		name  string
		store training.ObsStore
	}{
		{"table", training.NewObsStore(9)},
		{"escapes", training.ObsStore{Size: 9, IDBits: 2}}, // 3 numbers: the fourth value on goes to Extra
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.store
			rows := [][]float32{
				{0, 0, 0, 0, 0, 0, 0, 0, 0},
				{1, 0, 0.5, 0, 0, 1, 0, 0, 0.25},
				{negZero, nan, odd, 3, 1, 0, 7, 0.5, 2},
				{0, 0, 0, 0, 0, 0, 0, 0, 9},
				{5, 6, 7, 8, 9, 10, 11, 12, 13},
			}
			for i, r := range rows {
				o.Set(i, r)
			}
			// Overwrite slots with rows of other lengths, as a full ring does.
			o.Set(0, rows[4])
			o.Set(4, rows[3])
			o.Set(3, rows[0])
			want := [][]float32{rows[4], rows[1], rows[2], rows[0], rows[3]}
			if o.Len() != len(want) {
				t.Fatalf("%d slots, want %d", o.Len(), len(want))
			}
			got := make([]float32, 9)
			for i, w := range want {
				for k := range got {
					got[k] = 42 // Get must write every entry
				}
				o.Get(i, got)
				if !sameBits(got, w) {
					t.Errorf("slot %d: %v, want %v", i, got, w)
				}
			}
			if c.name == "escapes" && len(o.Table) != 3 {
				t.Errorf("table of %d values, want 3 (the rest escaped)", len(o.Table))
			}
		})
	}
}

// heuristicPositions are the positions of 2 heuristic games of a game.
func heuristicPositions(tb testing.TB, game string, params engine.Params) *training.Replay {
	tb.Helper()
	g, err := engine.Load(game, params)
	if err != nil {
		tb.Fatal(err)
	}
	r, _, err := training.HeuristicGames(context.Background(), g, training.ImitateConfig{Games: 2, Epsilon: 0.1, Smooth: 0.1, Epochs: 1, Seed: 1}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// TestObsStoreSmaller checks that real observations take a fraction of
// their dense size: the reason the store exists.
func TestObsStoreSmaller(t *testing.T) {
	for _, c := range []struct {
		game   string
		params engine.Params
		ratio  float64 // at most this share of the dense bytes
	}{
		{"lunar-rally", nil, 0.3},
		{"welcome-moon", engine.Params{"adventure": "4"}, 0.3},
		{"walking-moon", nil, 0.1},
	} {
		t.Run(c.game, func(t *testing.T) {
			r := heuristicPositions(t, c.game, c.params)
			dense := float64(r.Len()) * float64(r.ObsSize) * 4
			share := float64(r.Observations.Bytes()) / dense
			t.Logf("%d positions: %.0f kB dense, %d kB stored (%.3f)", r.Len(), dense/1e3, r.Observations.Bytes()/1e3, share)
			if share > c.ratio {
				t.Errorf("the store takes %.3f of the dense size, want at most %.2f", share, c.ratio)
			}
		})
	}
}

func BenchmarkReplayFill(b *testing.B) {
	for _, c := range []struct {
		game   string
		params engine.Params
	}{{"lunar-rally", nil}, {"welcome-moon", engine.Params{"adventure": "4"}}} {
		b.Run(c.game, func(b *testing.B) {
			r := heuristicPositions(b, c.game, c.params)
			batch := r.NewBatch(256)
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				r.Fill(batch, rng)
			}
		})
	}
}

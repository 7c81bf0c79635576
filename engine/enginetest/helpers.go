package enginetest

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
)

// RandomRecord plays a game with uniform random decisions and chance drawn
// by its probabilities, all from seed; it returns the record (with returns
// and scores) and the final state. Golden playthroughs and examples use it.
func RandomRecord(g engine.Game, seed uint64) (*engine.Record, engine.State) {
	rec := engine.NewRecord(g)
	s := g.NewInitialState()
	rng := newRNG(seed)
	for !s.IsTerminal() && len(rec.Actions) <= g.MaxGameLength() {
		a := pick(s, rng)
		s.Apply(a)
		rec.Actions = append(rec.Actions, a)
	}
	rec.Finish(s)
	return rec, s
}

// Golden compares got with the file at path; with update it writes the file
// instead. Tests pass their own -update flag:
//
//	var update = flag.Bool("update", false, "rewrite testdata/*.golden")
//	enginetest.Golden(t, "testdata/game.golden", got, *update)
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the code produces now (run with -update if the change is intended)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}

// BenchmarkPlayout measures whole random games of g, reusing buffers, so
// allocations per op are those of NewInitialState alone.
func BenchmarkPlayout(b *testing.B, g engine.Game) {
	legal := make([]engine.Action, 0, max(g.NumActions(), g.MaxChanceOutcomes()))
	outs := make([]engine.Outcome, 0, g.MaxChanceOutcomes()+1)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		s := g.NewInitialState()
		for !s.IsTerminal() {
			if s.CurrentPlayer() == engine.Chance {
				outs = s.ChanceOutcomes(outs)
				s.Apply(engine.SampleOutcome(outs, rng.Float64()))
				continue
			}
			legal = s.LegalActions(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}

// ObservationDigest plays a random game from each seed (as RandomRecord
// does) and digests every player's observation of every state on the way,
// the first and the last included, each written over a buffer of NaNs: the
// SHA-256 in hex. A golden digest pins a game's observation layout, so that
// a change to how Observe writes it must leave every value where it was.
func ObservationDigest(g engine.Game, seeds ...uint64) string {
	h := sha256.New()
	obs := make([]float32, engine.ObservationSize(g))
	buf := make([]byte, 4*len(obs))
	digest := func(s engine.State) {
		for p := range g.NumPlayers() {
			for i := range obs {
				obs[i] = float32(math.NaN())
			}
			s.Observe(engine.Player(p), obs)
			for i, v := range obs {
				binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(v))
			}
			h.Write(buf)
		}
	}
	for _, seed := range seeds {
		s := g.NewInitialState()
		rng := newRNG(seed)
		digest(s)
		for n := 0; !s.IsTerminal() && n <= g.MaxGameLength(); n++ {
			s.Apply(pick(s, rng))
			digest(s)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

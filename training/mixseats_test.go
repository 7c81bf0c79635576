package training

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// TestMixSeatView: a 2-player welcome-moon network imitates over 2 and 3
// players, the 3-player games recorded through the seat view: their
// positions are the projections (models.Shapes.Projection) of the
// positions of the same games recorded for a 3-player network, their
// values the two seats of the view; the 2-player games are recorded as
// without a mix. The run's model file covers 3 players and loads for
// them; a mix with fewer seats than the network is refused, and a
// followed network plays the 3-player games through the view.
func TestMixSeatView(t *testing.T) {
	g, games, text := mixOf(t, "welcome-moon", engine.Params{"adventure": "2", "players": "2"}, "players", "2", "3")
	cfg := ImitateConfig{Games: 4, Epsilon: 0.1, Smooth: 0.1, Epochs: 1, Seed: 7, Keep: 0.3, Mix: text}
	got, played, err := HeuristicGames(context.Background(), g, cfg, nil)
	if err != nil || played != cfg.Games {
		t.Fatalf("HeuristicGames: %d games, %v", played, err)
	}
	if got.ObsSize != engine.ObservationSize(g) || got.Players != 2 {
		t.Fatalf("positions of sizes %d/%d, want the 2-player network's %d/2", got.ObsSize, got.Players, engine.ObservationSize(g))
	}
	view, err := models.ShapesOf(g).Projection(games[1])
	if err != nil || view == nil {
		t.Fatalf("no seat view of 3 players for the 2-player network: %v", err)
	}
	alone := cfg
	alone.Mix = ""
	want := NewReplay(got.Cap, got.ObsSize, got.Actions, got.Players)
	threes := 0
	for i := range cfg.Games {
		gi := games[i%2]
		r, err := newRecorder(gi, alone)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := r.Play(i)
		if err != nil {
			t.Fatal(err)
		}
		if gi.NumPlayers() == 2 {
			if err := addRecord(gi, nil, rec, alone, i, want); err != nil {
				t.Fatal(err)
			}
			continue
		}
		full := NewReplay(got.Cap, engine.ObservationSize(gi), gi.NumActions(), 3)
		if err := addRecord(gi, nil, rec, alone, i, full); err != nil {
			t.Fatal(err)
		}
		b := full.NewBatch(1)
		for k := range full.Len() {
			full.Position(k, b, 0)
			smp := Sample{Obs: make([]float32, got.ObsSize), Mask: slices.Clone(b.Mask), Policy: slices.Clone(b.Policy), Value: slices.Clone(b.Value[:2])}
			view(b.Obs, smp.Obs)
			if err := want.Add(smp); err != nil {
				t.Fatal(err)
			}
			threes++
		}
	}
	if threes == 0 {
		t.Fatal("no 3-player position: the test checks nothing")
	}
	if !sameReplay(got, want) {
		t.Error("the mix's positions are not the 2-player ones and the seat views of the 3-player ones, in order")
	}

	// The run: its model covers 3 players and plays them.
	tr, err := NewTrainer(g, tinyMixConfig(t), filepath.Join(t.TempDir(), "run"))
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if err := tr.SetMix(text); err != nil {
		t.Fatal(err)
	}
	if _, err := RunImitation(context.Background(), tr, ImitateConfig{Games: 4, Epsilon: 0.1, Smooth: 0.1, Epochs: 1, Seed: 7, Keep: 0.3}, ImitateHooks{}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(tr.Dir, LatestFile)
	m, err := models.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Covers) != 1 || m.Covers[0].String() != games[1].Params().String() {
		t.Fatalf("the run's model covers %v, want 3 players", m.Covers)
	}
	if _, err := models.LoadFor(file, games[1]); err != nil {
		t.Errorf("the run's model does not load for 3 players: %v", err)
	}

	// Fewer seats than the network: refused.
	three, _, _ := mixOf(t, "welcome-moon", engine.Params{"adventure": "2", "players": "3"}, "players", "3")
	if _, err := MixText(three, []engine.Params{three.Params(), g.Params()}); !errors.Is(err, ErrBadImitation) || !strings.Contains(err.Error(), "one network cannot learn both") {
		t.Errorf("a 3-player network over 2 players: %v, want ErrBadImitation", err)
	}

	// A followed network plays the 3-player games through its seat view.
	fc := cfg
	fc.Follow, fc.FollowModel = 1, file
	r, err := newRecorder(g, fc)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		rec, err := r.Play(i)
		if err != nil {
			t.Fatalf("followed game %d (%d players): %v", i, games[i].NumPlayers(), err)
		}
		if err := CheckImitationRecord(g, fc, i, rec); err != nil {
			t.Fatalf("followed game %d: %v", i, err)
		}
	}
}

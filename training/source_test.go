package training_test

import (
	"reflect"
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// TestPlayGameAlone: game i of an iteration played alone is game i of
// the iteration played together.
func TestPlayGameAlone(t *testing.T) {
	g := tictactoe.Game{}
	cfg := tinyConfig(t)
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 5)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := models.NewEvaluator(g, m.Net, 100)
	if err != nil {
		t.Fatal(err)
	}
	sp := training.SelfPlay{Game: g, Cfg: cfg}
	all, err := sp.Play(ev, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i := range all {
		one, err := sp.PlayGame(ev, 2, i)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(one, all[i]) {
			t.Fatalf("game %d alone differs", i)
		}
	}
}

// countingSource plays the games here and counts positions: each call
// gets the position the last one returned, also across a resume.
type countingSource struct {
	game  tictactoe.Game
	cfg   training.Config
	calls []uint64
}

func (s *countingSource) Games(net *models.Network, it int64, n int, from uint64) ([]training.GameResult, uint64, error) {
	s.calls = append(s.calls, from)
	ev, err := models.NewEvaluator(s.game, net, 0)
	if err != nil {
		return nil, from, err
	}
	sp := training.SelfPlay{Game: s.game, Cfg: s.cfg}
	games, err := sp.Play(ev, it, n)
	return games, from + uint64(n), err
}

// TestGameSource: a run whose games come from a GameSource is the local
// run, and the source's position is kept in the checkpoint.
func TestGameSource(t *testing.T) {
	g := tictactoe.Game{}
	cfg := tinyConfig(t)
	want, err := training.NewTrainer(g, cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer want.Close()
	runTo(t, want, 3)

	dir := t.TempDir()
	a, err := training.NewTrainer(g, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	src := &countingSource{game: g, cfg: cfg}
	a.Source = src
	runTo(t, a, 2)
	a.Close()
	b, err := training.Resume(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Position() != uint64(2*cfg.Games) {
		t.Fatalf("resumed at position %d, want %d", b.Position(), 2*cfg.Games)
	}
	b.Source = src
	runTo(t, b, 3)
	if w := []uint64{0, uint64(cfg.Games), uint64(2 * cfg.Games)}; !reflect.DeepEqual(src.calls, w) {
		t.Fatalf("positions passed %v, want %v", src.calls, w)
	}
	if !b.Network().Equal(want.Network()) || !reflect.DeepEqual(b.Replay(), want.Replay()) {
		t.Fatal("the run with a source differs from the local one")
	}
}

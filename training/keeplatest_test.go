package training_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// TestKeepLatest: with keeplatest=1 the evaluations still run and fill the
// curve (the rows' win rates), but no best.safetensors is written, so the
// run's model (BestModel, what export takes) is its latest network; and
// the network is the one of the same run without the setting, whose
// evaluations do not touch the training's random draws.
func TestKeepLatest(t *testing.T) {
	g := tictactoe.Game{}
	nets := map[bool]*models.Network{}
	for _, keep := range []bool{false, true} {
		cfg := tinyConfig(t)
		cfg.KeepLatest = keep
		dir := t.TempDir()
		tr, err := training.NewTrainer(g, cfg, dir)
		if err != nil {
			t.Fatal(err)
		}
		runTo(t, tr, 4)
		evaluated := 0
		for _, r := range tr.Metrics() {
			if r.VsRandomHigh > 0 {
				evaluated++
			}
		}
		nets[keep] = tr.Network().Clone()
		tr.Close()
		if evaluated != 2 {
			t.Errorf("keeplatest=%v: %d evaluated rows of 4 at evalevery=2, want 2", keep, evaluated)
		}
		_, err = os.Stat(filepath.Join(dir, training.BestFile))
		best, berr := training.BestModel(dir)
		switch {
		case keep && !errors.Is(err, os.ErrNotExist):
			t.Errorf("keeplatest=1 wrote %s (%v)", training.BestFile, err)
		case keep && (berr != nil || filepath.Base(best) != training.LatestFile):
			t.Errorf("keeplatest=1: the run's model is %s (%v), want %s", best, berr, training.LatestFile)
		case !keep && err != nil:
			t.Errorf("keeplatest=0: no %s: %v", training.BestFile, err)
		}
	}
	if !nets[false].Equal(nets[true]) {
		t.Error("keeplatest changed the trained network")
	}
}

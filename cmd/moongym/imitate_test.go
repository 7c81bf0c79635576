package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// TestImitateResume: imitate writes a run that train resumes, and the same
// command gives the same weights.
func TestImitateResume(t *testing.T) {
	var nets []*models.Network
	for i := 0; i < 2; i++ {
		dir := filepath.Join(t.TempDir(), "run")
		out, err := run(t, "", "imitate", "tictactoe", "--out", dir, "--games", "20", "--epochs", "2", "--train", tinyTrain, "--quiet")
		if err != nil || !strings.Contains(out, "imitated the heuristic") {
			t.Fatalf("imitate: %v\n%s", err, out)
		}
		m, err := models.Load(filepath.Join(dir, training.LatestFile))
		if err != nil {
			t.Fatal(err)
		}
		nets = append(nets, m.Net)
		if !strings.HasPrefix(m.Provenance.Data, "moongym imitate: ") {
			t.Errorf("imitated model's provenance %q", m.Provenance.Data)
		}
		if i == 0 {
			if out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "1", "--resume", "--quiet"); err != nil || !strings.Contains(out, "1 iterations done") {
				t.Fatalf("resume after imitate: %v\n%s", err, out)
			}
			m, err := models.Load(filepath.Join(dir, training.LatestFile))
			if err != nil {
				t.Fatal(err)
			}
			if d := m.Provenance.Data; !strings.HasPrefix(d, "moongym imitate: ") || !strings.Contains(d, "; then moongym train self-play: ") {
				t.Errorf("provenance after imitation and self-play %q", d)
			}
		}
	}
	if len(nets[0].Weights) != len(nets[1].Weights) {
		t.Fatal("different shapes")
	}
	for i := range nets[0].Weights {
		if !slices.Equal(nets[0].Weights[i].Data, nets[1].Weights[i].Data) {
			t.Fatalf("weight tensor %d differs between two runs of the same command", i)
		}
	}
}

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

const tinyTrain = "kind=mlp,width=8,depth=1,value=4,games=4,parallel=2,sims=8,buffer=200,batch=16,steps=2,minsamples=16,evalevery=2,evalgames=4"

func TestTrainResumeExport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "2", "--train", tinyTrain, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "2 iterations done") {
		t.Fatalf("output:\n%s", out)
	}
	if out, err := run(t, "", "train", "tictactoe", "--out", dir, "--iterations", "3", "--resume", "--quiet"); err != nil || !strings.Contains(out, "3 iterations done") {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	file := filepath.Join(t.TempDir(), "ttt.safetensors")
	if out, err := run(t, "", "export", dir, "--out", file); err != nil || !strings.Contains(out, training.BestFile) {
		t.Fatalf("export: %v\n%s", err, out)
	}
	m, err := models.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game != "tictactoe" || m.Provenance.Iterations != 2 || m.Provenance.Games != 8 {
		t.Fatalf("exported model %s, provenance %+v; want the best (evaluated) network of iteration 2", m.Game, m.Provenance)
	}
}

func TestTrainErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"train", "tictactoe", "--iterations", "1"},
		{"train", "tictactoe", "--out", dir},
		{"train", "nope", "--out", dir, "--iterations", "1"},
		{"train", "tictactoe", "--out", dir, "--iterations", "1", "--train", "games=0"},
		{"train", "tictactoe", "--out", dir, "--iterations", "1", "--resume"},
		{"train", "tictactoe", "--out", dir, "--iterations", "1", "--resume", "--train", "games=2"},
		{"export", dir},
		{"export", dir, "--out", filepath.Join(dir, "x.safetensors")},
	} {
		if _, err := run(t, "", args...); err == nil {
			t.Errorf("moongym %s: no error", strings.Join(args, " "))
		}
	}
}

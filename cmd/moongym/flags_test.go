package main

import (
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/moongym/moongym/training"
)

// TestImitateFlagsBind: each flag that sets an imitation sets its own field
// of training.ImitateConfig (or the run's game parameters, settings and
// seed), from the one description of them (imitationFlags).
func TestImitateFlagsBind(t *testing.T) {
	o := newImitateOptions()
	fs := pflag.NewFlagSet("imitate", pflag.ContinueOnError)
	defs := o.imitationFlags()
	bindFlags(fs, defs)
	err := fs.Parse([]string{"--params", "players=2", "--train", "lr=0.01", "--seed", "9", "--games", "7", "--epochs", "3",
		"--epsilon", "0.3", "--duration", "2m", "--smooth", "0.2", "--samples", "4", "--keep", "0.5", "--holdout", "6",
		"--follow", "f.safetensors", "--follow-games", "0.25", "--teacher", "t.safetensors", "--teacher-sims", "33", "--expert",
		"--mix", "astra=1|2", "--mix", "sheet=x"})
	if err != nil {
		t.Fatal(err)
	}
	want := training.ImitateConfig{Games: 7, Epsilon: 0.3, Smooth: 0.2, Epochs: 3, Seed: training.DefaultImitateConfig().Seed,
		Samples: 4, Keep: 0.5, HoldOut: 6, Duration: 2 * time.Minute, Follow: 0.25, FollowModel: "f.safetensors",
		Teacher: "t.safetensors", TeacherSims: 33, Expert: true}
	if o.ic != want || o.params != "players=2" || o.settings != "lr=0.01" || o.seed != 9 || strings.Join(o.mix, " ") != "astra=1|2 sheet=x" {
		t.Errorf("bound to %+v, params %q, train %q, seed %d, mix %q; want %+v", o.ic, o.params, o.settings, o.seed, o.mix, want)
	}
	if got := changedFlags(fs, defs); len(got) != len(defs) {
		t.Errorf("given: %v, want all %d", got, len(defs))
	}
}

// TestImitateResumeRefusesEveryImitationFlag: --resume refuses each flag
// that sets the imitation, naming it (the run's stored imitation holds
// them), and takes the flags of how it runs.
func TestImitateResumeRefusesEveryImitationFlag(t *testing.T) {
	fs := pflag.NewFlagSet("imitate", pflag.ContinueOnError)
	defs := newImitateOptions().imitationFlags()
	bindFlags(fs, defs)
	value := map[string]string{"int": "5", "uint64": "5", "float64": "0.5", "string": "x", "bool": "true", "duration": "1s"}
	for _, d := range defs {
		arg := "--" + d.name + "=" + value[fs.Lookup(d.name).Value.Type()]
		_, err := run(t, "", "imitate", "tictactoe", "--out", t.TempDir(), "--resume", arg)
		if err == nil || !strings.Contains(err.Error(), "drop --"+d.name) {
			t.Errorf("--resume %s: %v", arg, err)
		}
	}
	_, err := run(t, "", "imitate", "tictactoe", "--out", t.TempDir(), "--resume", "--quiet", "--parallel", "2", "--checkpoint", "1s")
	if err == nil || strings.Contains(err.Error(), "drop --") {
		t.Errorf("--resume with the flags of how it runs: %v, want the missing run's error", err)
	}
}

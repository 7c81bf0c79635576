package main

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// TestMixConfigs: --mix values are the cross product of every name's
// values over --params, the first name's varying slowest; malformed ones
// are refused.
func TestMixConfigs(t *testing.T) {
	cases := []struct {
		base string
		mix  []string
		want []engine.Params
		err  string
	}{
		{"c=0", []string{"a=1|2,b=x|y"}, []engine.Params{
			{"a": "1", "b": "x", "c": "0"}, {"a": "1", "b": "y", "c": "0"}, {"a": "2", "b": "x", "c": "0"}, {"a": "2", "b": "y", "c": "0"}}, ""},
		{"", []string{"a=1|2", "b=x"}, []engine.Params{{"a": "1", "b": "x"}, {"a": "2", "b": "x"}}, ""},
		{"a=9", []string{" a = 1 | 2 "}, []engine.Params{{"a": "1"}, {"a": "2"}}, ""},
		{"", nil, nil, ""},
		{"", []string{""}, nil, "want NAME=V1|V2"},
		{"", []string{"a"}, nil, "not NAME=V1|V2"},
		{"", []string{"=1|2"}, nil, "not NAME=V1|V2"},
		{"", []string{"a=1||2"}, nil, "an empty value"},
		{"", []string{"a="}, nil, "an empty value"},
		{"", []string{"a=1|1"}, nil, "a=1 is given twice"},
		{"", []string{"a=1", "a=2"}, nil, "a is given twice"},
		{"", []string{"a=1;2"}, nil, "cannot hold ';'"},
		{"", []string{"a=1|2,b"}, nil, "not NAME=V1|V2"},
		{"x", []string{"a=1"}, nil, "not name=value"},
	}
	for _, c := range cases {
		got, err := mixConfigs(c.base, c.mix)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("--params %q --mix %q: %v, want an error saying %q", c.base, c.mix, err, c.err)
		case c.err == "" && (err != nil || !reflect.DeepEqual(got, c.want)):
			t.Errorf("--params %q --mix %q: %v, %v, want %v", c.base, c.mix, got, err, c.want)
		}
	}
}

// TestMixImitateExport: imitate --mix learns over the configurations, the
// first the run's own; export writes the others as the model's covers,
// merged with --covers; --resume refuses --mix; a mix of other shapes and
// a train command that would self-play over a mix are refused before a
// run is made.
func TestMixImitateExport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "solo")
	args := []string{"imitate", "welcome-moon", "--params", "adventure=1,players=1", "--mix", "astra=1|2",
		"--games", "4", "--epochs", "1", "--train", tinyTrain, "--quiet", "--out", dir}
	if out, err := run(t, "", args...); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	load := func(name string) engine.Game {
		g, err := engine.Load("welcome-moon", engine.Params{"adventure": "1", "players": "1", "astra": name})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	one, two, three := load("1"), load("2"), load("3")
	for _, c := range []struct {
		covers []string
		want   []engine.Game
	}{
		{nil, []engine.Game{two}},
		{[]string{""}, []engine.Game{two}},
		{[]string{"astra=3"}, []engine.Game{two, three}},
		{[]string{"astra=2"}, []engine.Game{two}},
	} {
		out := filepath.Join(t.TempDir(), "solo.safetensors")
		args := []string{"export", dir, "--out", out}
		for _, cv := range c.covers {
			args = append(args, "--covers", cv)
		}
		if o, err := run(t, "", args...); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, o)
		}
		m, err := models.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		if m.Params.String() != one.Params().String() || len(m.Covers) != len(c.want) {
			t.Fatalf("--covers %q: the model plays %s and %v", c.covers, m.Params, m.Covers)
		}
		for i, g := range c.want {
			if m.Covers[i].String() != g.Params().String() {
				t.Errorf("--covers %q: covers %v", c.covers, m.Covers)
			}
		}
	}
	if _, err := run(t, "", "imitate", "welcome-moon", "--out", dir, "--resume", "--mix", "astra=1|2"); err == nil || !strings.Contains(err.Error(), "drop --mix") {
		t.Errorf("imitate --resume --mix: %v", err)
	}
	if _, err := run(t, "", "train", "welcome-moon", "--out", dir, "--resume", "--iterations", "1", "--mix", "astra=1|2"); err == nil || !strings.Contains(err.Error(), "--mix") {
		t.Errorf("train --resume --mix: %v", err)
	}
	if _, err := run(t, "", "train", "welcome-moon", "--out", dir, "--resume", "--iterations", "1"); err == nil || !strings.Contains(err.Error(), "not built") {
		t.Errorf("train --resume --iterations 1 of a run over a mix: %v", err)
	}
	fresh := filepath.Join(t.TempDir(), "fresh")
	if _, err := run(t, "", "imitate", "welcome-moon", "--params", "adventure=1", "--mix", "players=1|2", "--out", fresh, "--quiet"); !errors.Is(err, training.ErrBadImitation) {
		t.Errorf("a mix of 1 and 2 players: %v", err)
	}
	for _, extra := range [][]string{{"--iterations", "2"}, {"--recipe=false", "--duration", "1m"}} {
		args := append([]string{"train", "welcome-moon", "--params", "adventure=1,players=1", "--mix", "astra=1|2", "--out", fresh, "--quiet"}, extra...)
		if _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), "not built") {
			t.Errorf("%v: %v", extra, err)
		}
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("a refused mix made %s (%v)", fresh, err)
	}
}

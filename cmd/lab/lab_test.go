package main

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
	"time"
)

// smoke are the arguments of each experiment's smoke run (a few games, the
// built-in models where it takes one) and a piece of the output it must
// write.
var smoke = map[string]struct {
	args []string
	want string
}{
	"welcome-moon-measure":   {[]string{"-games", "1"}, "adventure 1 players 2: heuristic "},
	"welcome-moon-decisions": {[]string{"-games", "1", "-model", "builtin"}, "best-space indicator: mean marked"},
	"welcome-moon-solo":      {[]string{"-games", "1", "-adventure", "2", "-hybrid", "1", "-model", "builtin"}, "hybrid network alone"},
	"march-mars-imitation":   {[]string{"-model", "builtin", "-games", "1", "-agreegames", "1"}, `network deciding "all", the heuristic the rest: team win rate`},
	"walking-moon-imitation": {[]string{"-model", "builtin", "-games", "1", "-hybridgames", "1", "-valuegames", "1"}, "value head against the results (imitation's games: true), 1 games: rounds 0-4"},
	"planet-cubes-tune":      {[]string{"-games", "1"}, "distance 0.4   vs default:"},
}

// TestSmoke runs every experiment on a few games: it must finish without
// an error and write its results. An experiment without a smoke run fails.
func TestSmoke(t *testing.T) {
	for _, e := range experiments() {
		t.Run(e.name, func(t *testing.T) {
			c, ok := smoke[e.name]
			if !ok {
				t.Fatalf("no smoke run for %s: add one to lab_test.go", e.name)
			}
			var out, errOut bytes.Buffer
			start := time.Now()
			if err := run(append([]string{e.name}, c.args...), &out, &errOut); err != nil {
				t.Fatalf("%v\n%s", err, errOut.String())
			}
			t.Logf("%s %s: %v", e.name, strings.Join(c.args, " "), time.Since(start).Round(time.Millisecond))
			if !strings.Contains(out.String(), c.want) {
				t.Errorf("output lacks %q:\n%s", c.want, out.String())
			}
		})
	}
}

// TestRepeats: a run writes the same results twice (every draw seeded).
func TestRepeats(t *testing.T) {
	args := []string{"welcome-moon-solo", "-games", "2", "-hybrid", "1"}
	var a, b, errOut bytes.Buffer
	if err := run(args, &a, &errOut); err != nil {
		t.Fatal(err)
	}
	if err := run(args, &b, &errOut); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("two runs differ:\n%s\n---\n%s", a.String(), b.String())
	}
}

// TestList: no arguments list every experiment, one line each.
func TestList(t *testing.T) {
	var out bytes.Buffer
	if err := run(nil, &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, e := range experiments() {
		if !strings.Contains(out.String(), "\n  "+e.name+" ") {
			t.Errorf("listing lacks %s:\n%s", e.name, out.String())
		}
	}
}

// TestBadArguments: bad arguments are errors that say what is wrong, never
// a panic; -h is flag.ErrHelp.
func TestBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"no-such-experiment"}, `unknown experiment "no-such-experiment"`},
		{[]string{"planet-cubes-tune", "-games", "x"}, `invalid value "x" for flag -games`},
		{[]string{"planet-cubes-tune", "-games", "0"}, "-games 0: must be at least 1"},
		{[]string{"planet-cubes-tune", "-players", "9"}, "planet-cubes"},
		{[]string{"planet-cubes-tune", "extra"}, "unexpected arguments"},
		{[]string{"welcome-moon-measure", "-adventure", "99"}, "-adventure 99: implemented are 1 to"},
		{[]string{"welcome-moon-solo", "-adventure", "0"}, "adventure 0, solo"},
		{[]string{"welcome-moon-decisions", "-model", "no/such/file.safetensors"}, "loading the model"},
		{[]string{"march-mars-imitation"}, "-model is required"},
		{[]string{"march-mars-imitation", "-model", "builtin", "-players", "7"}, "players"},
		{[]string{"walking-moon-imitation", "-model", "builtin", "-parts", "agree,nope"}, `unknown measurement "nope"`},
	} {
		var out, errOut bytes.Buffer
		err := run(c.args, &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.args, err, c.want)
		}
	}
	var out, errOut bytes.Buffer
	if err := run([]string{"planet-cubes-tune", "-h"}, &out, &errOut); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
	if !strings.Contains(errOut.String(), "-games") {
		t.Errorf("-h prints no flags:\n%s", errOut.String())
	}
}

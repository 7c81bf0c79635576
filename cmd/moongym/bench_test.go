package main

import (
	"strings"
	"testing"
)

func TestBenchCommand(t *testing.T) {
	out, err := run(t, "", "bench", "tictactoe", "--playouts", "20", "--searches", "1", "--sims", "50")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "SIMS/S") || !strings.Contains(lines[1], "tictactoe") {
		t.Fatalf("output:\n%s", out)
	}
	// The random playouts of tictactoe allocate nothing beyond the state.
	fields := strings.Fields(lines[1])
	if fields[len(fields)-2] != "1.0" && fields[len(fields)-2] != "0.0" {
		t.Errorf("allocs per game %q, want 1.0 (the initial state) or less:\n%s", fields[len(fields)-2], out)
	}
	for _, bad := range [][]string{
		{"bench", "chess"},
		{"bench", "tictactoe", "--playouts", "0"},
		{"bench", "--params", "players=2"},
	} {
		if _, err := run(t, "", bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

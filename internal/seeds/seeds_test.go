package seeds_test

import (
	"testing"

	"github.com/moongym/moongym/internal/seeds"
)

// TestPinned pins every derivation to what the code that each replaced
// gave (arena's splitmix, mcts' mix64, the seat server's agentSeed, the
// vector env's episodeSeed): each is part of the results that depend on it
// (tournaments, sessions, episodes), so a change must show.
func TestPinned(t *testing.T) {
	cases := []struct {
		name      string
		got, want uint64
	}{
		{"Mix(0)", seeds.Mix(0), 0xe220a8397b1dcdaf},
		{"Finalize(1)", seeds.Finalize(1), 0x5692161d100b05e5},
		{"Indexed(1, arena, 0)", seeds.Indexed(1, 0x61726e61, 0), 0x525dcb2ec2f1f0f7},
		{"Seat(7, 2)", seeds.Seat(7, 2), 0x918d2a59d1b815be},
		{"Episode(5, 0, 1)", seeds.Episode(5, 0, 1), 0x216f3ed42170e401},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
	if seeds.Pair(3, 4, 5) == seeds.Pair(3, 5, 4) || seeds.Pair(3, 4, 5) != seeds.Pair(3, 4, 5) {
		t.Errorf("Pair is not a function of its arguments in order")
	}
}

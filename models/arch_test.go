package models_test

import (
	"errors"
	"testing"

	"github.com/moongym/moongym/models"
)

func TestParseArch(t *testing.T) {
	grid := models.Shapes{Obs: []int{3, 3, 3}, Actions: 9, Players: 2}
	flat := models.Shapes{Obs: []int{40}, Actions: 9, Players: 2}
	cases := []struct {
		in     string
		shapes models.Shapes
		want   string
		bad    bool
	}{
		{"", grid, "kind=conv,width=32,depth=2,value=32", false},
		{"", flat, "kind=mlp,width=128,depth=2,value=64", false},
		{"kind=mlp,width=64,depth=3,value=16", grid, "kind=mlp,width=64,depth=3,value=16", false},
		{" width = 8 ", grid, "kind=conv,width=8,depth=2,value=32", false},
		{"kind=conv", flat, "", true},
		{"kind=rnn", grid, "", true},
		{"width=0", grid, "", true},
		{"depth=-1", grid, "", true},
		{"width=x", grid, "", true},
		{"size=3", grid, "", true},
		{"width", grid, "", true},
	}
	for _, c := range cases {
		a, err := models.ParseArch(c.in, c.shapes)
		if c.bad {
			if !errors.Is(err, models.ErrBadArch) {
				t.Errorf("ParseArch(%q): %v, want ErrBadArch", c.in, err)
			}
			continue
		}
		if err != nil || a.String() != c.want {
			t.Errorf("ParseArch(%q) = %s, %v; want %s", c.in, a, err, c.want)
		}
		again, err := models.ParseArch(a.String(), c.shapes)
		if err != nil || again != a {
			t.Errorf("ParseArch(String()) does not round-trip: %s, %v", again, err)
		}
	}
}

package kit_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

type point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func TestDecodeStrict(t *testing.T) {
	cases := []struct {
		data     string
		trailing bool // the error is ErrTrailingData
		ok       bool
	}{
		{`{"x": 1, "y": 2}`, false, true},
		{"  {\"x\": 1}\n\t ", false, true},
		{`{"x": 1, "z": 2}`, false, false},
		{`{"x": 1} {}`, true, false},
		{`{"x": 1}{"x": 1}`, true, false},
		{`{"x": 1} x`, true, false},
		{`{"x": 1}]`, true, false},
		{`{"x": "one"}`, false, false},
		{`{"x": 1`, false, false},
		{``, false, false},
	}
	for _, c := range cases {
		var p point
		err := kit.DecodeStrict([]byte(c.data), &p)
		if (err == nil) != c.ok || errors.Is(err, kit.ErrTrailingData) != c.trailing {
			t.Errorf("DecodeStrict(%q) = %v, want ok %v, trailing data %v", c.data, err, c.ok, c.trailing)
		}
	}
}

func TestStatesErrors(t *testing.T) {
	const states kit.States = "a-game"
	var p point
	for _, data := range []string{`{"x": 1} {}`, `{"w": 1}`, `[1]`} {
		err := states.Decode([]byte(data), &p)
		if !errors.Is(err, engine.ErrBadState) || !strings.HasPrefix(err.Error(), "bad state: a-game: ") {
			t.Errorf("Decode(%q) = %v, want a bad state of a-game", data, err)
		}
	}
	if err := states.Decode([]byte(`{"x": 1} {}`), &p); !strings.HasSuffix(err.Error(), "data after the state") {
		t.Errorf("trailing data: %v", err)
	}
	if err := states.Bad("round %d", 3); !errors.Is(err, engine.ErrBadState) || err.Error() != "bad state: a-game: round 3" {
		t.Errorf("Bad = %v", err)
	}
}

func TestIndex(t *testing.T) {
	const states kit.States = "a-game"
	names := []string{"start", "play", "end"}
	if k, err := kit.Index[int8](states, names, "end", "phase"); k != 2 || err != nil {
		t.Errorf("Index(end) = %d, %v", k, err)
	}
	k, err := kit.Index[int8](states, names, "over", "phase")
	if !errors.Is(err, engine.ErrBadState) || !strings.Contains(err.Error(), `phase "over" is not one of ["start" "play" "end"]`) || k != 0 {
		t.Errorf("Index(over) = %d, %v", k, err)
	}
}

func TestIn(t *testing.T) {
	cases := []struct {
		v      int
		lo, hi int
		want   bool
	}{{0, 0, 3, true}, {3, 0, 3, true}, {-1, 0, 3, false}, {4, 0, 3, false}, {-1, -1, -1, true}}
	for _, c := range cases {
		if got := kit.In(c.v, c.lo, c.hi); got != c.want {
			t.Errorf("In(%d, %d, %d) = %v", c.v, c.lo, c.hi, got)
		}
		if got := kit.In(int8(c.v), c.lo, c.hi); got != c.want {
			t.Errorf("In(int8 %d, %d, %d) = %v", c.v, c.lo, c.hi, got)
		}
	}
}

func FuzzDecodeStrict(f *testing.F) {
	for _, s := range []string{`{"x": 1}`, `{"x": 1} {}`, `{"q": 2}`, `]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p point
		if err := kit.DecodeStrict(data, &p); err == nil {
			var again point
			if kit.DecodeStrict([]byte(strings.TrimSpace(string(data))), &again) != nil || again != p {
				t.Fatalf("accepted %q but not its trimmed form", data)
			}
		}
	})
}

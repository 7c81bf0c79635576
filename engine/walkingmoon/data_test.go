package walkingmoon

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

func TestBuiltinData(t *testing.T) {
	d, err := ParseData(defaultData)
	if err != nil {
		t.Fatal(err)
	}
	en, es := 0, 0
	for _, c := range d.Cards {
		if c.Editions[editionEN] {
			en++
		}
		if c.Editions[editionES] {
			es++
		}
	}
	if en != 10 || es != 11 {
		t.Errorf("lunar cards: %d English, %d Spanish; want 10 and 11", en, es)
	}
	n := 0
	for _, k := range d.Deck[editionEN] {
		n += int(k)
	}
	m := 0
	for _, k := range d.Deck[editionES] {
		m += int(k)
	}
	if n != 14 || m != 24 {
		t.Errorf("action cards: %d English, %d Spanish; want 14 and 24", n, m)
	}
}

func TestBadDataIsRejected(t *testing.T) {
	cases := map[string][2]string{
		"box in the air":  {"ooxOxo\n######", "ooxOxo\n#.####"},
		"unknown cell":    {"ooxOxo", "ooxOzo"},
		"no circle":       {"ox..xo\n##Xo##", "xx..xx\n##Xx##"},
		"bad die":         {"dice blue  1 2 2 3 3 4", "dice blue  1 2 2 3 3 5"},
		"unknown card":    {"sanction=3", "bribe=3"},
		"short row":       {"ooxOxo", "ooxOx"},
		"unknown keyword": {"plain 1", "plain 1\nflavour sour"},
		"rock at the top": {"card 1 Sea of Tranquility editions=en,es difficult=no\npoints 1 2 3 4 5 6\n......", "card 1 Sea of Tranquility editions=en,es difficult=no\npoints 1 2 3 4 5 6\n#....."},
	}
	for name, c := range cases {
		text := strings.Replace(defaultData, c[0], c[1], 1)
		if text == defaultData {
			t.Fatalf("%s: %q not found", name, c[0])
		}
		if _, err := ParseData(text); !errors.Is(err, ErrBadData) {
			t.Errorf("%s: got %v, want ErrBadData", name, err)
		}
	}
}

func TestDataParameter(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "moon.txt")
	// the same design with blue dice that always roll 4
	text := strings.Replace(defaultData, "dice blue  1 2 2 3 3 4", "dice blue  4 4 4 4 4 4", 1)
	if err := os.WriteFile(good, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	g := loadGame(t, "players", "3", "data", good)
	s := newTestState(t, g)
	play(t, s, "j1-blue", "j1-blue", "j1-black", "j1-black")
	if got := legalNames(s); len(got) != 1 || got[0] != "blue4" {
		t.Errorf("blue die outcomes %v, want only blue4", got)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("width 99"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Load(Name, engine.Params{"data": bad}); !errors.Is(err, engine.ErrBadParam) {
		t.Errorf("bad data file: %v", err)
	}
	if _, err := engine.Load(Name, engine.Params{"data": filepath.Join(dir, "missing")}); !errors.Is(err, engine.ErrBadParam) {
		t.Errorf("missing data file: %v", err)
	}
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultData)
	f.Add("width 2\nheight 2\nplain 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		d, err := ParseData(text)
		if err != nil && !errors.Is(err, ErrBadData) {
			t.Fatalf("error %v does not wrap ErrBadData", err)
		}
		if err == nil && (d.Width < 1 || d.Height < 2 || len(d.Cards) < numSlots) {
			t.Fatalf("accepted bad data: %+v", d)
		}
	})
}

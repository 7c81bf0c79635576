package marchmars

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

func TestBuiltinData(t *testing.T) {
	d, err := ParseData(defaultData)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Cards) != 8 || d.LZ != 3 || d.Width != 4 || d.Bag != [3]int8{30, 8, 4} {
		t.Errorf("cards %d, lz %d, bag %v", len(d.Cards), d.LZ, d.Bag)
	}
	hidden, hazards := 0, 0
	for _, c := range d.Cards {
		for x := 0; x < d.Width; x++ {
			for l := 0; l < d.Height; l++ {
				if c.Cells[x][l]&jumping.Marked != 0 {
					hidden++
				}
				if c.Cells[x][l]&jumping.Kind == jumping.Hazard {
					hazards++
				}
			}
		}
	}
	if hidden != 1 || hazards == 0 {
		t.Errorf("%d hidden boxes, %d hazardous boxes", hidden, hazards)
	}
	skulls := 0
	for c := range d.Dice {
		for _, f := range d.Dice[c] {
			if jumping.FaceSkull(f) {
				skulls++
			}
		}
	}
	if skulls != 1 {
		t.Errorf("%d wave faces, want 1", skulls)
	}
}

func TestBadData(t *testing.T) {
	cases := map[string]string{
		"no lz":          strings.Replace(defaultData, "lz 3", "", 1),
		"lz too big":     strings.Replace(defaultData, "lz 3", "lz 9", 1),
		"bad face":       strings.Replace(defaultData, "1 2 2 3 3 4", "1 2 2 3 3 7", 1),
		"small bag":      strings.Replace(defaultData, "bag yellow=30 blue=8 red=4", "bag yellow=2", 1),
		"unknown alien":  strings.Replace(defaultData, "red=4", "green=4", 1),
		"hidden in open": strings.Replace(defaultData, "ooxo", "oOxo", 1),
		"bad cell":       strings.Replace(defaultData, "ooxo", "oqxo", 1),
		"statement":      defaultData + "\nfoo 1\n",
	}
	for name, text := range cases {
		if text == defaultData {
			t.Errorf("%s: the case changes nothing", name)
		}
		if _, err := ParseData(text); !errors.Is(err, ErrBadData) {
			t.Errorf("%s: got %v, want ErrBadData", name, err)
		}
	}
}

func TestDataParam(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mars.txt")
	text := strings.Replace(defaultData, "dice blue  1 2 2 3 3 4", "dice blue  4 4 4 4 4 4", 1)
	if err := os.WriteFile(good, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := engine.Load(Name, engine.Params{"data": good})
	if err != nil {
		t.Fatal(err)
	}
	if g.(*Game).data.Dice[jumping.Blue][0] != 3 {
		t.Errorf("the data file was not used")
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("width 99"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Load(Name, engine.Params{"data": bad}); !errors.Is(err, engine.ErrBadParam) {
		t.Errorf("bad data file: %v", err)
	}
}

func FuzzParseData(f *testing.F) {
	f.Add(defaultData)
	f.Add("width 2\nheight 3\nlz 1\ncard 1\n..\noo\n##\n")
	f.Fuzz(func(t *testing.T, text string) {
		d, err := ParseData(text)
		if err != nil && !errors.Is(err, ErrBadData) {
			t.Fatalf("error %v does not wrap ErrBadData", err)
		}
		if err == nil && (d.Width < 2 || d.Height < 3 || len(d.Cards) < numSlots) {
			t.Fatalf("accepted %+v", d)
		}
	})
}

package welcomemoon

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestSheetFile: the sheet parameter replaces the embedded data; bad files
// and other adventures are refused with ErrBadParam.
func TestSheetFile(t *testing.T) {
	data, err := dataFS.ReadFile("data/adventure-2.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "a2.json")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := engine.Load(Name, engine.Params{"adventure": "2", "sheet": good})
	if err != nil {
		t.Fatalf("good sheet file: %v", err)
	}
	if g.(*Game).lay.nSpaces != 36 {
		t.Error("sheet not loaded")
	}
	broken := filepath.Join(dir, "broken.json")
	if err := os.WriteFile(broken, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]engine.Params{
		"other adventure": {"adventure": "3", "sheet": good},
		"broken file":     {"adventure": "2", "sheet": broken},
		"missing file":    {"adventure": "2", "sheet": filepath.Join(dir, "none.json")},
		"not implemented": {"adventure": strconv.Itoa(implemented + 1)},
	} {
		if _, err := engine.Load(Name, p); !errors.Is(err, engine.ErrBadParam) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

// TestEmbeddedData: every embedded adventure compiles with the totals of
// the folder.
func TestEmbeddedData(t *testing.T) {
	cases := []struct{ adv, spaces, zones int }{{1, 53, 9}, {2, 36, 1}, {3, 32, 12}, {4, 36, 3}, {5, 38, 4}, {6, 55, 5}, {7, 43, 6}, {8, 33, 7}}
	for _, c := range cases {
		l, err := loadLayout(c.adv)
		if err != nil {
			t.Fatal(err)
		}
		if l.nSpaces != c.spaces || len(l.zones) != c.zones {
			t.Errorf("adventure %d: %d spaces, %d zones", c.adv, l.nSpaces, len(l.zones))
		}
	}
	a1, _ := loadLayout(1)
	if len(a1.a1.quarters) != 19 || len(a1.a1.sabotages) != 8 || len(a1.a1.arrows) != 7 {
		t.Error("A1 quarters/sabotages/arrows")
	}
	a8, _ := loadLayout(8)
	moons, flags, plants8, waters8, bonuses, icons := 0, 0, 0, 0, 0, 0
	for _, p := range a8.a8.planets {
		moons += len(p.moons)
		flags += boolInt(p.flag != 0)
		plants8 += len(p.plants)
		waters8 += len(p.waters)
	}
	for _, b := range a8.a8.bonuses {
		bonuses += len(b)
	}
	for sp := range a8.nSpaces {
		icons += boolInt(a8.a8.icon[sp] >= 0)
	}
	if moons != 14 || flags != 7 || plants8 != 12 || waters8 != 6 || len(a8.a8.asteroids) != 13 || bonuses != 16 || icons != 11 {
		t.Errorf("A8 moons %d flags %d plants %d waters %d asteroids %d bonuses %d icons %d, want 14 7 12 6 13 16 11",
			moons, flags, plants8, waters8, len(a8.a8.asteroids), bonuses, icons)
	}
	a3, _ := loadLayout(3)
	if len(a3.a3.tunnels) != 58 || len(a3.a3.antennas) != 16 {
		t.Error("A3 tunnels/antennas")
	}
	a4, _ := loadLayout(4)
	pearls, rubies, plants, waters := 0, 0, 0, 0
	for _, c := range a4.a4.columns {
		for _, r := range append(c.minerals[:], c.symbols[:]...) {
			if r.id == 0 {
				continue
			}
			switch r.kind {
			case resPearl:
				pearls++
			case resRuby:
				rubies++
			case resPlant:
				plants++
			case resWater:
				waters++
			}
		}
	}
	if pearls != 12 || rubies != 14 || plants != 12 || waters != 8 {
		t.Errorf("A4 resources %d %d %d %d, want 12 14 12 8", pearls, rubies, plants, waters)
	}
}

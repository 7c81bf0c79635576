package all_test

import (
	"flag"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

var pictures = flag.String("pictures", "", "write a PNG of each game at its start, middle and end to this folder")

// TestEveryGameDraws fails when a registered game draws no picture or logs
// no events, so no game added later can skip them. With -pictures DIR it
// also writes pictures to look at.
func TestEveryGameDraws(t *testing.T) {
	var r *draw.Rasterizer
	if *pictures != "" {
		var err error
		if r, err = draw.NewRasterizer(); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range engine.Names() {
		g, err := engine.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewInitialState()
		if _, ok := s.(engine.Picturer); !ok {
			t.Errorf("%s: State does not implement engine.Picturer", name)
			continue
		}
		if _, ok := s.(engine.EventLogger); !ok {
			t.Errorf("%s: State does not implement engine.EventLogger", name)
		}
		if r == nil {
			continue
		}
		rng := rand.New(rand.NewPCG(3, 4))
		var states []engine.State
		for !s.IsTerminal() {
			states = append(states, s.Clone())
			legal := s.LegalActions(nil)
			s.Apply(legal[rng.IntN(len(legal))])
		}
		states = append(states, s)
		for i, k := range []int{0, len(states) / 3, len(states) - 1} {
			svg, _ := engine.SVG(states[k])
			write(t, r, filepath.Join(*pictures, name+"-"+string(rune('a'+i))), svg)
			if states[k].CurrentPlayer() >= 0 {
				svg, _ = engine.SVGFor(states[k], 1)
				write(t, r, filepath.Join(*pictures, name+"-"+string(rune('a'+i))+"-p1"), svg)
			}
		}
	}
}

func write(t *testing.T, r *draw.Rasterizer, base string, svg []byte) {
	t.Helper()
	if err := os.WriteFile(base+".svg", svg, 0o644); err != nil {
		t.Fatal(err)
	}
	img, err := r.Rasterize(svg, 800)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(base + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

package welcomemoon_test

import (
	"flag"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/internal/draw"
)

var sheetPNG = flag.String("sheetpng", "", "write PNGs of the golden pictures (start, middle, end) to this folder")

// wellFormed fails unless svg is one well-formed XML document with an
// <svg> root and a viewBox (enginetest.CheckSVG).
func wellFormed(t *testing.T, svg []byte) {
	t.Helper()
	if err := enginetest.CheckSVG(svg); err != nil {
		t.Fatal(err)
	}
}

var dataAction = regexp.MustCompile(`data-action="(\d+)"`)

// actionsIn is the set of data-action ids of svg.
func actionsIn(svg []byte) map[engine.Action]bool {
	out := map[engine.Action]bool{}
	for _, m := range dataAction.FindAllSubmatch(svg, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		out[engine.Action(n)] = true
	}
	return out
}

// TestSVGEveryLegalActionClickable plays random games of every adventure
// with 1 (solo) to 6 players: whenever a seat decides, every legal action
// is a data-action of SVGFor(that seat), and no other; the other seats'
// pictures have none; every picture is well-formed.
func TestSVGEveryLegalActionClickable(t *testing.T) {
	for adv := 1; adv <= lastAdventure(); adv++ {
		for players := 1; players <= 6; players++ {
			t.Run(fmt.Sprintf("A%d-%dp", adv, players), func(t *testing.T) {
				g := mustGame(t, adv, players, 1+adv%8)
				rng := rand.New(rand.NewPCG(uint64(adv), uint64(players)))
				s := g.NewInitialState()
				decisions := 0
				for !s.IsTerminal() {
					legal := s.LegalActions(nil)
					if p := s.CurrentPlayer(); p >= 0 {
						decisions++
						// a sample of the decisions, denser in solo games
						if decisions%(3+2*players) == 1 {
							svg, _ := engine.SVGFor(s, p)
							wellFormed(t, svg)
							got := actionsIn(svg)
							for _, a := range legal {
								if !got[a] {
									t.Fatalf("legal action %d (%s) is not clickable in\n%s", a, s.ActionString(a), s)
								}
							}
							if len(got) != len(legal) {
								t.Fatalf("%d clickable ids, %d legal actions\n%s", len(got), len(legal), s)
							}
							if players > 1 && decisions%5 == 0 {
								other := engine.Player((int(p) + 1) % players)
								if svg, _ := engine.SVGFor(s, other); len(actionsIn(svg)) != 0 {
									t.Fatalf("seat %d, not to act, has clickable actions", other)
								}
							}
						}
					}
					s.Apply(legal[rng.IntN(len(legal))])
				}
				svg, _ := engine.SVG(s)
				wellFormed(t, svg)
				if decisions == 0 {
					t.Fatal("no decisions")
				}
			})
		}
	}
}

// TestSVGGolden draws one mid-game state of every adventure with 3
// players, and of solo games of Adventures 1 (ASTRA's track) and 8 (ASTRA's
// sheet), as the seat to act sees it, against testdata/svg/.
// Regenerate with -update; -sheetpng DIR also writes PNGs of the start,
// the middle and the end.
func TestSVGGolden(t *testing.T) {
	var r *draw.Rasterizer
	if *sheetPNG != "" {
		var err error
		if r, err = draw.NewRasterizer(); err != nil {
			t.Fatal(err)
		}
	}
	for adv := 1; adv <= lastAdventure(); adv++ {
		for _, players := range []int{1, 3} {
			if players == 1 && adv != 1 && adv != 8 {
				continue
			}
			name := fmt.Sprintf("adventure%d-players%d", adv, players)
			t.Run(name, func(t *testing.T) {
				g := mustGame(t, adv, players, 3)
				rec, _ := enginetest.RandomRecord(g, uint64(adv*10+players))
				states := []engine.State{g.NewInitialState()}
				for _, a := range rec.Actions {
					next := states[len(states)-1].Clone()
					next.Apply(a)
					states = append(states, next)
				}
				// the first decision past the middle
				mid := len(states) / 2
				for mid < len(states)-1 && states[mid].CurrentPlayer() < 0 {
					mid++
				}
				s := states[mid]
				svg, _ := engine.SVGFor(s, s.CurrentPlayer())
				wellFormed(t, svg)
				enginetest.Golden(t, filepath.Join("testdata", "svg", name+".svg"), svg, *update)
				if r == nil {
					return
				}
				first := 0
				for first < len(states)-1 && states[first].CurrentPlayer() < 0 {
					first++
				}
				for tag, st := range map[string]engine.State{"start": states[first], "mid": s, "end": states[len(states)-1]} {
					svg, _ := engine.SVGFor(st, max(st.CurrentPlayer(), 0))
					img, err := r.Rasterize(svg, 800)
					if err != nil {
						t.Fatal(err)
					}
					f, err := os.Create(filepath.Join(*sheetPNG, name+"-"+tag+".png"))
					if err != nil {
						t.Fatal(err)
					}
					if err := png.Encode(f, img); err != nil {
						t.Fatal(err)
					}
					f.Close()
				}
			})
		}
	}
}

// BenchmarkSVGFor draws a mid-game state of a 4-player Adventure 6 game
// as the seat to act sees it.
func BenchmarkSVGFor(b *testing.B) {
	g := mustGame(b, 6, 4, 1)
	rec, _ := enginetest.RandomRecord(g, 7)
	s := g.NewInitialState()
	for _, a := range rec.Actions[:len(rec.Actions)/2] {
		s.Apply(a)
	}
	for s.CurrentPlayer() < 0 {
		s.Apply(s.LegalActions(nil)[0])
	}
	b.ReportAllocs()
	for b.Loop() {
		engine.SVGFor(s, s.CurrentPlayer())
	}
}

package all_test

import (
	"strconv"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestAdvertisedParamsLoad: every value a game's spec advertises loads.
// Front ends build forms from the spec, so an int parameter's bounds (Min,
// and Max lowered by MaxFrom) must load at every player count, and a value
// just past them must be refused.
func TestAdvertisedParamsLoad(t *testing.T) {
	for _, spec := range engine.Games() {
		for n := spec.MinPlayers; n <= spec.MaxPlayers; n++ {
			base := engine.Params{}
			if _, ok := spec.Param("players"); ok {
				base["players"] = strconv.Itoa(n)
			}
			for _, ps := range spec.Params {
				if ps.Kind != engine.IntParam || ps.Name == "players" {
					continue
				}
				hi := ps.Max
				if b := ps.MaxFrom; b != nil {
					resolved, err := spec.Resolve(base)
					if err != nil {
						t.Fatalf("%s %v: %v", spec.Name, base, err)
					}
					hi = min(hi, resolved.Int(b.Param)+b.Add)
				}
				for _, v := range []int{ps.Min, hi} {
					p := base.Clone()
					p[ps.Name] = strconv.Itoa(v)
					if _, err := engine.Load(spec.Name, p); err != nil {
						t.Errorf("%s %v: advertised (%s %s) but refused: %v", spec.Name, p, ps.Name, ps.Range(), err)
					}
				}
				p := base.Clone()
				p[ps.Name] = strconv.Itoa(hi + 1)
				if _, err := engine.Load(spec.Name, p); err == nil {
					t.Errorf("%s %v: loads past the advertised bound %d", spec.Name, p, hi)
				}
			}
		}
	}
}

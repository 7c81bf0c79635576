package marchmars

import (
	"slices"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
	"github.com/moongym/moongym/engine/kit"
)

// TestActionFeatures: the features of every legal choice are those of the
// state the choice leads to, the others are zero, and the seat block names
// the observer.
func TestActionFeatures(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.flat(1)
	x := g.lzStart
	s.aliens[x-2][1] = [3]int8{1, 1, 0}
	s.ability[1], s.trainCard[1] = abSniper, 2
	roll(s, 1, 0, 1, [2]int{jumping.Blue, face(2, false)}, [2]int{jumping.White, face(2, false)}, [2]int{jumping.Blue, face(3, false)})
	obs := make([]float32, g.obsSize)
	s.Observe(1, obs)
	f := obs[g.obsSize-actionFeatureSize():]
	if f[1] != 1 || f[0]+f[2]+f[3]+f[4] != 0 {
		t.Errorf("seat one-hot %v", f[:maxMarines])
	}
	if f[maxMarines+abSniper] != 1 || f[maxMarines+numAbilities+2] != 1 {
		t.Errorf("ability or card not set: %v", f[maxMarines:seatFeatures])
	}
	legal := legal(s)
	moved, shot := false, false
	for a := 0; a < numActions; a++ {
		v := f[seatFeatures+a*actionFeatures:][:actionFeatures]
		if !slices.Contains(legal, engine.Action(a)) {
			if slices.ContainsFunc(v, func(x float32) bool { return x != 0 }) {
				t.Errorf("%d (illegal): features %v", a, v)
			}
			continue
		}
		c := *s
		c.Apply(engine.Action(a))
		dx := int(c.mar[1].X) - x
		want := [actionFeatures]float32{1, min(float32(max(-dx, 0))/4, 1), min(float32(max(dx, 0))/4, 1),
			float32(c.mar[1].L) / float32(g.height), kit.Flag(c.mar[1].Crashed)}
		if [5]float32(v[:5]) != [5]float32(want[:5]) {
			t.Errorf("%s: features %v, want %v", s.ActionString(engine.Action(a)), v[:5], want[:5])
		}
		moved = moved || dx != 0
		if a == aShoot+3*1+1 {
			shot = true
			if v[9] != 2.0/6 || v[13] != 3.0/6 || v[14] != 1 || v[15] != 0 {
				t.Errorf("the shot of two 2s: hits left %v (want 2/6), target %v (want 3/6, beside the LZ, no defender)", v[9], v[13:16])
			}
		}
	}
	if !moved || !shot {
		t.Errorf("the roll offers no move (%v) or no shot (%v): %v", moved, shot, legal)
	}
	// a kill removes the hits of the alien from the board and the LZ's
	// neighbourhood
	mustApply(t, s, aShoot+3*1+1)
	s.Observe(1, obs)
	v := obs[g.obsSize-actionFeatureSize()+seatFeatures+(aKill+blueAlien)*actionFeatures:]
	if v[0] != 1 || v[6] != 2.0/6 || v[7] != 2.0/6 {
		t.Errorf("kill of a blue: %v, want legal and 2 hits removed", v[:actionFeatures])
	}
}

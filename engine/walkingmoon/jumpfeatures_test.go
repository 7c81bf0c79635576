package walkingmoon

import (
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// jumpBlock returns the jump features of p's observation of s.
func jumpBlock(s *State, p int) []float32 {
	obs := make([]float32, s.g.obsSize)
	s.Observe(engine.Player(p), obs)
	return obs[s.g.obsSize-s.g.jumpFeatureSize():]
}

// TestJumpFeaturesDescribeEveryResult: while a result is chosen, every legal
// choice's slot holds its landing (the simulate of the rules), the other
// slots are zero, and the window and outlook describe the mover.
func TestJumpFeaturesDescribeEveryResult(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	play(t, s, "j1-blue", "j1-black", "j1-white", "j1-white", "blue3", "black2", "white3", "white3")
	a := s.focus()
	if a < 0 || topKind(s) != "choose" {
		t.Fatalf("focus %d at %s", a, topKind(s))
	}
	f := jumpBlock(s, g.seat(a))
	plane := windowCols * g.height
	o := windowPlanes*plane + g.height + numColours*outlookFeatures + 4*jumpFeatures + 2
	legal := map[int]bool{}
	for _, x := range s.LegalActions(nil) {
		if x < aProgram {
			legal[int(x)] = true
		}
	}
	if len(legal) != 12 {
		t.Fatalf("%d legal results, want 12", len(legal))
	}
	x0 := int(s.ast[a].X)
	for k := 0; k < chooseSlots; k++ {
		v := f[o+k*chooseFeatures : o+(k+1)*chooseFeatures]
		if !legal[k] {
			for _, e := range v {
				if e != 0 {
					t.Fatalf("slot %d (%s) is not legal but holds %v", k, s.ActionString(engine.Action(k)), v)
				}
			}
			continue
		}
		i, m := k/16, k%16
		ld := s.simulate(a, int(s.dieCol[i]), s.dieFace[i], m)
		want := []float32{1, float32(ld.X-x0) / 4, float32(ld.L) / float32(g.height), kit.Flag(ld.Crash), kit.Flag(ld.Finish), float32(ld.Sputniks) / 3}
		for j, w := range want {
			if v[j] != w {
				t.Errorf("%s: feature %d = %v, want %v", s.ActionString(engine.Action(k)), j, v[j], w)
			}
		}
	}
	// the window starts one column ahead of the mover, on its terrain
	for dx := 0; dx < windowCols; dx++ {
		for l := 0; l < g.height; l++ {
			c := s.cell(x0+1+dx, l) & cellKind
			i := l*windowCols + dx
			if (f[i] == 1) != (c == cellRock) || (f[plane+i] == 1) != (c == cellCircle) || (f[2*plane+i] == 1) != (c == cellHazard) {
				t.Fatalf("window (%d,%d) = %v %v %v, cell kind %d", dx, l, f[i], f[plane+i], f[2*plane+i], c)
			}
		}
	}
	if f[windowPlanes*plane+int(s.ast[a].L)] != 1 {
		t.Errorf("the focus level is not marked")
	}
	for i, v := range f {
		if v < 0 || v > 1 {
			t.Errorf("jump feature %d = %v, outside [0, 1]", i, v)
		}
	}
}

// TestJumpOutlook: from the start box every blue face lands safely or not as
// the rules say, and the outlook is the share of faces with a safe result.
func TestJumpOutlook(t *testing.T) {
	g := loadGame(t, "players", "3")
	s := newTestState(t, g)
	a := s.focus()
	f := jumpBlock(s, g.seat(a))
	o := windowPlanes*windowCols*g.height + g.height
	for c := 0; c < numColours; c++ {
		safe := 0
		for _, face := range g.data.Dice[c] {
			lo, hi := pathMasks(c, face)
			for m := lo; m <= hi; m++ {
				if !s.simulate(a, c, face, m).Crash {
					safe++
					break
				}
			}
		}
		if got, want := f[o+c*outlookFeatures], float32(safe)/6; got != want {
			t.Errorf("colour %d: safe share %v, want %v", c, got, want)
		}
	}
	if f[o] == 0 && f[o+outlookFeatures] == 0 {
		t.Errorf("no colour has a safe result from the start: the outlook is empty")
	}
	// a programme of two blue dice and a black one on jump 1: the jump is
	// safe unless every die fails, and it is the next jump while programming
	blue, black := f[o], f[o+outlookFeatures]
	s.prog[0] = [numColours]int8{2, 1, 0}
	f = jumpBlock(s, g.seat(a))
	j := o + numColours*outlookFeatures
	want := 1 - (1-blue)*(1-blue)*(1-black)
	for _, at := range []int{j, j + 3*jumpFeatures} {
		if got := f[at+1]; got < want-1e-6 || got > want+1e-6 {
			t.Errorf("jump safety at %d = %v, want %v", at, got, want)
		}
		if got := f[at]; got != 0.5 {
			t.Errorf("jump dice at %d = %v, want 3/6", at, got)
		}
		if f[at+2] <= 0 || f[at+2] > 1 {
			t.Errorf("jump advance at %d = %v, want in (0, 1]", at, f[at+2])
		}
	}
	if f[j+jumpFeatures] != 0 || f[j+jumpFeatures+1] != 0 {
		t.Errorf("jump 2 has no dice but features %v", f[j+jumpFeatures:j+2*jumpFeatures])
	}
}

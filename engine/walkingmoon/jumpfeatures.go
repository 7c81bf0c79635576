package walkingmoon

import (
	"github.com/moongym/moongym/engine/jumping"
	"github.com/moongym/moongym/engine/kit"
)

// Jump features: the part of the observation that spells out what the
// terrain means for the astronaut in focus (the one deciding, else the one
// taking its turn), so that a network need not learn the jumping rules from
// the absolute grid planes. It follows the globals (observation.go):
//
//	window: windowCols columns ahead of the focus (x+1 ...), every level,
//	  planes rock, circle, hazardous box, Sputnik, an astronaut of the
//	  observer's, another seat's (windowPlanes x windowCols x height)
//	focus level one-hot (height values)
//	outlook per die colour (outlookFeatures each): the chance that a die of
//	  that colour rolled now has a safe result, the mean of its best safe
//	  advance/4, the chance that it reaches the goal
//	per programmed jump, then for the jump a roll would start (the next one
//	  while rolling on or stopping is decided, the first while programming):
//	  dice/6, the chance that at least one die has a safe result, the mean
//	  of the best safe advance/4 (0 without one), from the focus's box
//	race: the lead of the farthest other astronaut over the focus, and the
//	  focus's lead over the farthest astronaut of another seat, in columns/10
//	  (at most 1)
//	per choose action (maxDice x 16 path masks, chooseFeatures each), filled
//	  while a result is being chosen: legal, advance/4, landing level/height,
//	  crash, finish, Sputniks gained/3, lands beside another seat's
//	  astronaut, lands beside a partner astronaut
//
// Every value lies in [0, 1] and depends on public information only.
const (
	windowCols      = 12
	windowPlanes    = 6
	outlookFeatures = 3
	jumpFeatures    = 3
	chooseFeatures  = 8
	chooseSlots     = maxDice * 16
)

func (g *Game) jumpFeatureSize() int {
	return windowPlanes*windowCols*g.height + g.height + numColours*outlookFeatures + 4*jumpFeatures + 2 + chooseSlots*chooseFeatures
}

// focus is the astronaut the jump features describe, or -1.
func (s *State) focus() int {
	if t, ok := s.top(); ok && isDecision(int(t.Kind)) && int(t.A) >= 0 && int(t.A) < s.g.na {
		return int(t.A)
	}
	if s.active >= 0 && int(s.active) < s.g.na {
		return int(s.active)
	}
	return -1
}

// jumpFeatures writes the jump features for observer p into f (zeroed).
func (s *State) jumpFeatures(p int, f []float32) {
	g := s.g
	a := s.focus()
	if a < 0 {
		return
	}
	as := &s.ast[a]
	x0, l0 := int(as.X), int(as.L)
	plane := windowCols * g.height
	s.terrainPlanes(x0+1, windowCols, f)
	for b := 0; b < g.na; b++ {
		ob := &s.ast[b]
		dx := int(ob.X) - x0 - 1
		if b == a || ob.Finished || dx < 0 || dx >= windowCols || int(ob.L) >= g.height {
			continue
		}
		k := 5
		if g.seat(b) == p {
			k = 4
		}
		f[k*plane+int(ob.L)*windowCols+dx] = 1
	}
	o := windowPlanes * plane
	if l0 >= 0 && l0 < g.height {
		f[o+l0] = 1
	}
	o += g.height
	// dist[c][k]: the share of colour c's faces whose best safe advance is
	// k (0: no safe result)
	var dist [numColours][6]float32
	if !as.Finished {
		for c := 0; c < numColours; c++ {
			var safe, adv, fin float32
			n := float32(len(g.data.Dice[c]))
			for _, face := range g.data.Dice[c] {
				best, ok, reached := -1, false, false
				lo, hi := pathMasks(c, face)
				for m := lo; m <= hi; m++ {
					ld := jumping.Land(track{s}, x0, l0, c, face, m, 1, g.goal, g.height)
					if ld.Crash {
						continue
					}
					ok = true
					reached = reached || ld.Reached
					best = max(best, ld.X-x0)
				}
				if ok {
					safe++
					adv += float32(best) / 4
					dist[c][min(max(best, 0), 5)] += 1 / n
				} else {
					dist[c][0] += 1 / n
				}
				if reached {
					fin++
				}
			}
			f[o+c*outlookFeatures] = safe / n
			f[o+c*outlookFeatures+1] = adv / n
			f[o+c*outlookFeatures+2] = fin / n
		}
	}
	o += numColours * outlookFeatures
	t, ok := s.top()
	next := -1
	switch {
	case ok && t.Kind == kContinue:
		next = int(s.jump) + 1
	case ok && t.Kind == kProgram:
		next = 0
	}
	for j := 0; j < 3 && !as.Finished; j++ {
		s.jumpOutlook(&dist, j, f[o+j*jumpFeatures:])
	}
	if next >= 0 && next < 3 && !as.Finished {
		s.jumpOutlook(&dist, next, f[o+3*jumpFeatures:])
	}
	o += 4 * jumpFeatures
	lead, rival := 0, 0
	for b := 0; b < g.na; b++ {
		if b == a {
			continue
		}
		lead = max(lead, int(s.ast[b].X))
		if g.seat(b) != g.seat(a) {
			rival = max(rival, int(s.ast[b].X))
		}
	}
	f[o] = min(float32(max(lead-x0, 0))/10, 1)
	f[o+1] = min(float32(max(x0-rival, 0))/10, 1)
	o += 2
	if !ok || t.Kind != kChoose || s.mover != t.A {
		return
	}
	for i := 0; i < int(s.nDice); i++ {
		if !s.firstOf(i) {
			continue
		}
		col := int(s.dieCol[i])
		lo, hi := pathMasks(col, s.dieFace[i])
		for m := lo; m <= hi; m++ {
			ld := s.simulate(a, col, s.dieFace[i], m)
			v := f[o+(16*i+m)*chooseFeatures:]
			v[0] = 1
			v[1] = float32(ld.X-x0) / 4
			v[2] = float32(ld.L) / float32(g.height)
			v[3] = kit.Flag(ld.Crash)
			v[4] = kit.Flag(ld.Finish)
			v[5] = min(float32(ld.Sputniks)/3, 1)
			for b := 0; b < g.na; b++ {
				ob := &s.ast[b]
				if b == a || ob.Finished || int(ob.X) != ld.X || int(ob.L) != ld.L || ld.Finish {
					continue
				}
				if g.seat(b) == g.seat(a) {
					v[7] = 1
				} else {
					v[6] = 1
				}
			}
		}
	}
}

// jumpOutlook writes programmed jump j's features (dice, chance of a safe
// result, mean best safe advance) from the per-colour distributions of the
// best safe advance: the dice roll independently, so the best of them is at
// most k with the product of each die's chance of at most k.
func (s *State) jumpOutlook(dist *[numColours][6]float32, j int, f []float32) {
	dice := 0
	var cdf [6]float32
	for k := range cdf {
		cdf[k] = 1
	}
	for c := 0; c < numColours; c++ {
		for n := int8(0); n < s.prog[j][c]; n++ {
			dice++
			var acc float32
			for k := 0; k < 6; k++ {
				acc += dist[c][k]
				cdf[k] *= acc
			}
		}
	}
	if dice == 0 {
		return
	}
	var mean, prev float32
	for k := 0; k < 6; k++ {
		mean += float32(k) * (cdf[k] - prev)
		prev = cdf[k]
	}
	f[0] = float32(dice) / 6
	f[1] = 1 - cdf[0]
	f[2] = min(mean/4, 1)
}

package welcomemoon

import "math"

// The expert's evaluation of a sheet (agents/heuristics/welcomemoon, agent
// spec "expert"): the heuristic's TurnValue plus, in Adventure 3 with other
// seats, what the sheet is on its way to. There the score counts only what
// is finished and the races are decided against the other sheets: a quarter
// 7/8 built is worth nothing until it is complete (15 points for the first
// sheet, 5 after), a mission nothing until it is met (its first reward or a
// later one), and an astronaut marker nothing unless it changes the rank
// (20, 10, 5), though one more marker than the best other sheet keeps the 20
// when that sheet gains one. The one-turn greedy heuristic sees none of it.
// Measured and dropped (docs/rules/welcome-moon.md, "The expert player"):
// anticipating the scoring tracks' counts and multipliers, antennas half
// connected, the chance of a System Error next turn, other weights of the
// open pairs.

// ExpertWeights are the weights of the expert's anticipation.
type ExpertWeights struct {
	// Quarter weighs a quarter on its way: its bonus still open to p
	// (15, or 5 once another sheet has taken the race) x (built / 8)^2.
	Quarter float64
	// Race makes an open 15 a race: worth 5 + 10 x the chance of winning
	// it, 0.5 + Race x (p's buildings there - the best other sheet's),
	// clipped to [0, 1].
	Race float64
	// Mission weighs each mission on its way: its reward still open to p
	// x progress^2, progress in [0, 1] read from its condition
	// (a3Layout.missionProgress); a mission met and chosen this turn
	// counts its whole reward.
	Mission float64
	// Astro weighs the astronaut race read smoothly: 10 x the logistic of
	// (p's markers - the best other sheet's + 0.5).
	Astro float64
}

// DefaultExpertWeights are the expert's weights, tuned by arena games
// against the heuristic (2 players, seed 21, 2,000 games a setting:
// docs/rules/welcome-moon.md, "The expert player").
func DefaultExpertWeights() ExpertWeights {
	return ExpertWeights{Quarter: 1, Race: 0.15, Mission: 0.6, Astro: 4}
}

// ExpertValue is the expert's value of p's sheet: TurnValue plus, in
// Adventure 3 with other seats, the anticipation weighted by w. Solo it is
// TurnValue (the terms race against other sheets, and the solo observation's
// built-in model reads the heuristic's lookahead).
func (s *State) ExpertValue(p int, w *ExpertWeights) float64 {
	v := s.TurnValue(p)
	if !s.g.solo() {
		v += s.lay().r.anticipation(s, p, *w)
	}
	return v
}

// anticipation is the Adventure 3 part of ExpertValue: the quarters, the
// missions and the astronaut race on their way.
func (a *a3Layout) anticipation(s *State, p int, w ExpertWeights) float64 {
	ways, chosen := a.missionWays(s, p)
	return w.Quarter*a.quarterWays(s, p, w.Race) + w.Mission*ways + chosen + w.Astro*a.astroRace(s, p)
}

// quarterWays sums the quarters on their way on p's sheet: each open
// quarter's bonus (15 raced, 5) x (built / 8)^2; race weighs the chance of
// the 15 (ExpertWeights.Race).
func (a *a3Layout) quarterWays(s *State, p int, race float64) float64 {
	sh := &s.sh[p]
	v := 0.0
	for qi := range a.quarters {
		q := &a.quarters[qi]
		if sh.circ.has(q.high) || sh.circ.has(q.low) {
			continue
		}
		k, best := a.built(sh, qi), 0
		for o := range s.g.players {
			if o != p {
				best = max(best, a.built(&s.sh[o], qi))
			}
		}
		bonus := float64(q.lowV)
		if !sh.cross.has(q.high) {
			win := min(1, max(0, 0.5+race*float64(k-best)))
			bonus += float64(q.highV-q.lowV) * win
		}
		f := float64(k) / float64(len(q.spaces))
		v += bonus * f * f
	}
	return v
}

// missionWays sums p's missions on their way, each open mission's reward
// (the first's, or a later one's once taken) x progress^2, and apart, the
// rewards of the missions met and chosen this turn (counted whole: they
// are sure, and the score adds them only at the end of the turn).
func (a *a3Layout) missionWays(s *State, p int) (ways, chosen float64) {
	sh := &s.sh[p]
	l := s.lay()
	for k := 0; k < 3; k++ {
		if sh.mdone&(1<<k) != 0 || s.mission[k] < 0 {
			continue
		}
		m := l.missions[k][s.mission[k]]
		r := float64(m.first)
		if s.mtaken&(1<<k) != 0 {
			r = float64(m.later)
		}
		f := a.missionProgress(s, p, m.card)
		if f >= 1 && sh.mwant&(1<<k) != 0 {
			chosen += r
			continue
		}
		ways += r * f * f
	}
	return ways, chosen
}

// astroRace is the astronaut race read smoothly: 10 x the logistic of (p's
// markers - the best other sheet's + 0.5).
func (a *a3Layout) astroRace(s *State, p int) float64 {
	mine, best := countCrossed(&s.sh[p], a.astro), 0
	for o := range s.g.players {
		if o != p {
			best = max(best, countCrossed(&s.sh[o], a.astro))
		}
	}
	return 10 / (1 + math.Exp(-(float64(mine-best) + 0.5)))
}

// built is how many buildings of quarter qi are filled on sh.
func (a *a3Layout) built(sh *sheet, qi int) int {
	n := 0
	for _, sp := range a.quarters[qi].spaces {
		n += boolInt(sh.num[sp] != empty)
	}
	return n
}

// missionProgress is how far p's sheet is on its way to mission card's
// condition, from 0 to 1 (1: met).
func (a *a3Layout) missionProgress(s *State, p int, card int) float64 {
	if a.missionMet(s, p, card) {
		return 1
	}
	l := s.lay()
	sh := &s.sh[p]
	switch card {
	case 76, 77:
		zs := a.lineZones(card)
		var fr [8]float64
		for i, zi := range zs {
			n := 0
			for _, sp := range l.zones[zi].spaces {
				n += boolInt(sh.num[sp] != empty)
			}
			fr[i] = float64(n) / float64(len(l.zones[zi].spaces))
		}
		return topMean(fr[:len(zs)], 3)
	case 78:
		return max(0, 1-float64(a.obsDistance(sh))/10)
	case 79, 81:
		var fr [4]float64
		for qi := range a.quarters {
			n, got := 0, 0
			for _, sp := range a.quarters[qi].spaces {
				if card == 81 {
					if id := a.tankAt[sp]; id != 0 {
						n++
						got += boolInt(sh.circ.has(id))
					}
					continue
				}
				for _, id := range a.antennaAt[sp] {
					n++
					got += boolInt(sh.circ.has(id))
				}
			}
			if card == 79 && qi == a.obsQuarter() {
				for _, id := range a.antennaAt[nodeObs] {
					n++
					got += boolInt(sh.circ.has(id))
				}
			}
			if n > 0 {
				fr[qi] = float64(got) / float64(n)
			}
		}
		return topMean(fr[:len(a.quarters)], 2)
	case 80:
		return min(1, float64(a.plants(sh))/10)
	}
	return 0
}

// topMean is the mean of the k largest of xs (which it reorders).
func topMean(xs []float64, k int) float64 {
	for i := 0; i < k && i < len(xs); i++ {
		for j := i + 1; j < len(xs); j++ {
			if xs[j] > xs[i] {
				xs[i], xs[j] = xs[j], xs[i]
			}
		}
	}
	k = min(k, len(xs))
	t := 0.0
	for _, x := range xs[:k] {
		t += x
	}
	return t / float64(k)
}

// obsDistance is the fewest tunnels still to build to connect the
// observatory to the rocket's network (Bellman-Ford over the grid's
// tunnels: a built one costs 0).
func (a *a3Layout) obsDistance(sh *sheet) int {
	var d [numNodes]int8
	for i := range d {
		d[i] = 100
	}
	d[nodeRocket] = 0
	for changed := true; changed; {
		changed = false
		relax := func(x, y, c int8) {
			if d[x]+c < d[y] {
				d[y] = d[x] + c
				changed = true
			}
			if d[y]+c < d[x] {
				d[x] = d[y] + c
				changed = true
			}
		}
		for _, pb := range a.prebuilt {
			relax(pb[0], pb[1], 0)
		}
		for i, t := range a.tunnels {
			relax(t[0], t[1], int8(1-boolInt(sh.cross.has(a.tunnelID[i]))))
		}
	}
	return int(d[nodeObs])
}

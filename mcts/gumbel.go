package mcts

import (
	"context"
	"math"
	"slices"
)

// Gumbel AlphaZero (Danihelka et al., "Policy improvement by planning with
// Gumbel", ICLR 2022), on when Config.Gumbel is set.
//
// At the root, after one simulation that evaluates and expands it, the
// search draws g(a) ~ Gumbel(0, 1) for every legal action (0 with
// GumbelNoNoise), keeps the m actions with the largest g(a) + logit(a),
// and runs sequential halving over them with the rest of the budget:
// ceil(log2 m) rounds, each sharing its part of the budget equally among
// the remaining actions (at least one simulation each), then keeping the
// better half by g(a) + logit(a) + sigma(q(a)), with sigma(q) = (CVisit +
// max_b N(b)) * CScale * q and q in [0, 1] for the player to act. Budget
// left over when one action remains goes to that action. The move played
// is the best remaining action by the same score.
//
// Result.Policy is softmax(logit(a) + sigma(completedQ(a))) over the root's
// legal actions, where completedQ is q for visited actions (or a proven
// child's exact value) and, for the others, the mixed value
//
//	v_mix = (v + sum_b N(b) * sum_visited pi(b) q(b) / sum_visited pi(b)) / (1 + sum_b N(b)),
//
// v being the network's own value of the node (recovered from the node's
// value sum minus what its edges brought). Below the root the selection is
// deterministic: the action maximising improvedPolicy(a) - N(a) / (1 +
// sum_b N(b)). In every case q is the value of the player to act at the
// node, so n-player games work unchanged.

// gumbelScratch is the Gumbel search's storage, sized once in New.
type gumbelScratch struct {
	// forced[b] is the root edge that batch slot b's simulation must take
	// (none: choose freely); nil outside sequential halving.
	forced []int32
	slots  []int32
	// force is the root edge forced for the information-set descent in
	// progress (none otherwise).
	force int32
	g     []float64 // Gumbel noise per action
	cand  []int32   // root edges still in the halving
	pol   []float64 // improved policy per edge, in list order
	logit []float64 // per edge, in list order
}

func newGumbelScratch(na, batch int) gumbelScratch {
	return gumbelScratch{
		slots: make([]int32, batch),
		force: none,
		g:     make([]float64, na),
		cand:  make([]int32, 0, na),
		pol:   make([]float64, 0, na),
		logit: make([]float64, 0, na),
	}
}

// runGumbel is RunContext under Config.Gumbel, once the root is prepared.
func (s *Search) runGumbel(ctx context.Context) (Result, error) {
	done := 0
	if !s.t.nodes[s.root].expanded {
		if err := s.batch(1); err != nil {
			s.Reset()
			return Result{}, err
		}
		done = 1
	}
	root := &s.t.nodes[s.root]
	// Gumbel-top-m.
	gm := &s.gum
	gm.cand = gm.cand[:0]
	for e := root.firstEdge; e != none; e = s.t.edges[e].next {
		a := s.t.edges[e].action
		gm.g[a] = 0
		if !s.cfg.GumbelNoNoise {
			gm.g[a] = -math.Log(-math.Log(max(float64Of(s.pcg), 1e-300)))
		}
		gm.cand = append(gm.cand, e)
	}
	base := func(e int32) float64 {
		ed := &s.t.edges[e]
		return gm.g[ed.action] + logit(ed.prior)
	}
	slices.SortStableFunc(gm.cand, func(x, y int32) int {
		bx, by := base(x), base(y)
		switch {
		case bx > by:
			return -1
		case bx < by:
			return 1
		}
		return 0
	})
	m := min(s.cfg.GumbelM, len(gm.cand))
	gm.cand = gm.cand[:m]
	score := func(e int32, maxN float64) float64 {
		ed := &s.t.edges[e]
		q := 0.0
		if ed.visits > 0 || ed.childProven {
			q = ed.q
		}
		return base(e) + s.sigma(maxN, q)
	}
	rounds := 0
	for k := 1; k < m; k *= 2 {
		rounds++
	}
	var err error
	nextLook := done + ctxEvery
	// look stops the search when ctx is done, every ctxEvery simulations.
	look := func() error {
		if done < nextLook || done >= s.cfg.Sims {
			return nil
		}
		nextLook = done + ctxEvery
		return stopped(ctx, done, s.cfg.Sims)
	}
	gm.forced = gm.slots
	for r := 0; done < s.cfg.Sims && m > 0 && err == nil; r++ {
		left := s.cfg.Sims - done
		per := 1
		if r < rounds {
			per = max(1, left/((rounds-r)*len(gm.cand)))
		} else {
			per = left // one action remains: it takes the rest
		}
		// Visit each candidate per times, BatchSize simulations at a time.
		k := 0
	round:
		for _, e := range gm.cand {
			for range per {
				if done+k == s.cfg.Sims {
					break round
				}
				gm.slots[k] = e
				k++
				if k == s.cfg.BatchSize {
					if err = s.batch(k); err != nil {
						break round
					}
					done += k
					k = 0
					if err = look(); err != nil {
						break round
					}
				}
			}
		}
		if err == nil && k > 0 {
			if err = s.batch(k); err == nil {
				done += k
				err = look()
			}
		}
		if len(gm.cand) > 1 {
			maxN := s.maxVisits(s.root)
			slices.SortStableFunc(gm.cand, func(x, y int32) int {
				sx, sy := score(x, maxN), score(y, maxN)
				switch {
				case sx > sy:
					return -1
				case sx < sy:
					return 1
				}
				return 0
			})
			gm.cand = gm.cand[:(len(gm.cand)+1)/2]
		}
	}
	gm.forced = nil
	if err != nil {
		s.Reset()
		return Result{}, err
	}
	r := s.result(done)
	if m > 0 {
		maxN := s.maxVisits(s.root)
		best := gm.cand[0]
		for _, e := range gm.cand[1:] {
			if score(e, maxN) > score(best, maxN) {
				best = e
			}
		}
		r.Action = s.t.edges[best].action
	}
	r.Policy = make([]float32, s.na)
	s.improvedPolicy(s.root, false)
	i := 0
	for e := root.firstEdge; e != none; e = s.t.edges[e].next {
		r.Policy[s.t.edges[e].action] = float32(gm.pol[i])
		i++
	}
	return r, nil
}

// logit is the log of a prior, finite for a zero prior.
func logit(p float32) float64 { return math.Log(max(float64(p), 1e-30)) }

// sigma is the monotone transformation of a value q in [0, 1].
func (s *Search) sigma(maxN, q float64) float64 {
	return (s.cfg.GumbelCVisit + maxN) * s.cfg.GumbelCScale * q
}

// maxVisits is the largest visit count of node n's edges.
func (s *Search) maxVisits(n int32) float64 {
	m := int32(0)
	for e := s.t.nodes[n].firstEdge; e != none; e = s.t.edges[e].next {
		m = max(m, s.t.edges[e].visits)
	}
	return float64(m)
}

// improvedPolicy fills s.gum.pol, in the order of node n's edge list, with
// softmax(logit + sigma(completedQ)); with legalOnly, only the edges whose
// action is marked legal in the current world count (the others get 0). It
// returns the sum of the counted edges' visits.
func (s *Search) improvedPolicy(n int32, legalOnly bool) float64 {
	nd := &s.t.nodes[n]
	mover := int(nd.player)
	in := func(ed *edge) bool { return !legalOnly || s.mark[ed.action] == s.stamp }
	var sumN, maxN, piVis, piQ, edgeSum, edgeN float64
	for e := nd.firstEdge; e != none; e = s.t.edges[e].next {
		ed := &s.t.edges[e]
		edgeSum += ed.wsum
		edgeN += float64(ed.visits)
		if !in(ed) {
			continue
		}
		v := float64(ed.visits)
		sumN += v
		maxN = max(maxN, v)
		if ed.visits > 0 || ed.childProven {
			piVis += float64(ed.prior)
			piQ += float64(ed.prior) * ed.q
		}
	}
	// The network's value of n: what n's value sum holds beyond its edges.
	vnet := 0.5
	if own := float64(nd.visits) - edgeN; own > 0 {
		vnet = (s.t.values[int(n)*s.np+mover] - edgeSum) / own
		vnet = min(max((vnet-s.minU)/s.rangeU, 0), 1)
	}
	vmix := vnet
	if piVis > 0 {
		vmix = (vnet + sumN*piQ/piVis) / (1 + sumN)
	}
	gm := &s.gum
	gm.pol = gm.pol[:0]
	hi := math.Inf(-1)
	for e := nd.firstEdge; e != none; e = s.t.edges[e].next {
		ed := &s.t.edges[e]
		x := math.Inf(-1)
		if in(ed) {
			q := vmix
			if ed.visits > 0 || ed.childProven {
				q = ed.q
			}
			x = logit(ed.prior) + s.sigma(maxN, q)
			hi = max(hi, x)
		}
		gm.pol = append(gm.pol, x)
	}
	sum := 0.0
	for i, x := range gm.pol {
		if x != math.Inf(-1) {
			gm.pol[i] = math.Exp(x - hi)
			sum += gm.pol[i]
		} else {
			gm.pol[i] = 0
		}
	}
	for i := range gm.pol {
		gm.pol[i] /= sum
	}
	return sumN
}

// selectGumbel is the deterministic selection below the root: the edge of
// n maximising improvedPolicy(a) - N(a) / (1 + sum_b N(b)), ties to the
// first in the list; with legalOnly, among the actions marked legal.
func (s *Search) selectGumbel(n int32, legalOnly bool) int32 {
	sumN := s.improvedPolicy(n, legalOnly)
	best, bestScore := none, math.Inf(-1)
	i := 0
	for e := s.t.nodes[n].firstEdge; e != none; e = s.t.edges[e].next {
		ed := &s.t.edges[e]
		if !legalOnly || s.mark[ed.action] == s.stamp {
			if sc := s.gum.pol[i] - float64(ed.visits)/(1+sumN); sc > bestScore || best == none {
				best, bestScore = e, sc
			}
		}
		i++
	}
	return best
}

package mcts

import "github.com/moongym/moongym/engine"

// The solver (MCTS-Solver, Winands, Björnsson and Saito 2008, generalised to
// max^n and chance) marks nodes whose exact value is known: terminal states;
// a decision node one of whose proven children gives its mover the maximum
// utility, or all of whose children are proven (it takes the child best for
// its mover); a chance node all of whose outcomes are proven (it takes the
// expectation). Simulations that reach a proven node back up its exact value
// without going deeper, and the move choice avoids proven losses and takes
// proven wins. It runs in perfect-information search only: in an
// information-set tree a node stands for many worlds.

// proveTerminal marks node n, a terminal state, with its returns.
func (s *Search) proveTerminal(n int32, st engine.State) {
	s.ret = st.Returns(s.ret)
	ex := s.t.exact[int(n)*s.np : int(n+1)*s.np]
	for p := range ex {
		ex[p] = s.ret[p]
	}
	s.t.nodes[n].proven = true
	s.t.nodes[n].expanded = true
}

// prove walks path from its end towards the root and marks nodes that have
// become proven; it stops at the first node that is not.
func (s *Search) prove(path []step) {
	if s.mode != PerfectMode {
		return
	}
	for i := len(path) - 1; i >= 0; i-- {
		n := path[i].node
		if s.t.nodes[n].proven {
			continue
		}
		if !s.tryProve(n) {
			return
		}
		if i > 0 {
			s.markProven(path[i-1].node, path[i-1].edge)
		}
	}
}

// markProven records in edge e of node parent that its child has just
// been proven, with the child's exact value for parent's mover, so that
// selection at parent need not load the child.
func (s *Search) markProven(parent, e int32) {
	ed := &s.t.edges[e]
	ed.childProven = true
	if p := s.t.nodes[parent].player; p >= 0 {
		ed.q = (s.t.exact[int(ed.child)*s.np+int(p)] - s.minU) / s.rangeU
	}
}

// tryProve marks node n proven if its children allow it.
func (s *Search) tryProve(n int32) bool {
	nd := &s.t.nodes[n]
	if !nd.expanded || nd.firstEdge == none {
		return false
	}
	maxU := s.minU + s.rangeU
	ex := s.t.exact[int(n)*s.np : int(n+1)*s.np]
	if nd.player == engine.Chance {
		for e := nd.firstEdge; e != none; e = s.t.edges[e].next {
			if !s.t.edges[e].childProven {
				return false
			}
		}
		clear(ex)
		for e := nd.firstEdge; e != none; e = s.t.edges[e].next {
			ed := &s.t.edges[e]
			cx := s.t.exact[int(ed.child)*s.np : int(ed.child+1)*s.np]
			for p := range ex {
				ex[p] += float64(ed.prior) * cx[p]
			}
		}
		nd.proven = true
		return true
	}
	mover := int(nd.player)
	best, all := none, true
	for e := nd.firstEdge; e != none; e = s.t.edges[e].next {
		if !s.t.edges[e].childProven {
			all = false
			continue
		}
		c := s.t.edges[e].child
		v := s.t.exact[int(c)*s.np+mover]
		if best == none || v > s.t.exact[int(best)*s.np+mover] {
			best = c
		}
		if v >= maxU {
			all = true
			break
		}
	}
	if !all || best == none {
		return false
	}
	copy(ex, s.t.exact[int(best)*s.np:int(best+1)*s.np])
	nd.proven = true
	return true
}

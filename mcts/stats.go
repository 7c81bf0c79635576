package mcts

import (
	"math"
	"slices"

	"github.com/moongym/moongym/engine"
)

// EdgeStats is one action of the root after a Run, for analysis (hints, an
// evaluation bar, KataGo-style move lists). Reading it costs nothing during
// the search: RootStats and the line functions only read the tree a Run
// left.
type EdgeStats struct {
	// Action is the root action.
	Action engine.Action
	// Visits is the number of simulations through it (visits kept from
	// earlier moves by Reuse included).
	Visits int
	// Prior is the prior the search gave it: the evaluator's, renormalised
	// over the legal actions, without the root noise (uniform under UCT).
	Prior float64
	// Q is its mean value for the player to move at the root, on the
	// game's utility scale [MinUtility, MaxUtility]; the exact value once
	// the solver has proven it; NaN when it was never visited and is not
	// proven.
	Q float64
	// Proven reports that Q is the exact (max^n) value of the action.
	Proven bool
}

// RootStats lists the root's actions after the last Run, most visited
// first (ties to the higher prior, then the lower action: the order in
// which a greedy choice ranks them); nil when there is no tree (before
// any Run, after Reset or a failed Run). In an information-set search the
// root's edges are the actions legal in the worlds the search drew.
func (s *Search) RootStats() []EdgeStats {
	if s.root == none || int(s.root) >= len(s.t.nodes) {
		return nil
	}
	var out []EdgeStats
	for e := s.t.nodes[s.root].firstEdge; e != none; e = s.t.edges[e].next {
		ed := &s.t.edges[e]
		st := EdgeStats{Action: ed.action, Visits: int(ed.visits), Prior: float64(ed.prior), Q: math.NaN(), Proven: ed.childProven}
		if ed.visits > 0 || ed.childProven {
			st.Q = ed.q*s.rangeU + s.minU
		}
		out = append(out, st)
	}
	slices.SortStableFunc(out, func(a, b EdgeStats) int {
		switch {
		case a.Visits != b.Visits:
			return b.Visits - a.Visits
		case a.Prior != b.Prior:
			if a.Prior > b.Prior {
				return -1
			}
			return 1
		}
		return int(a.Action) - int(b.Action)
	})
	return out
}

// PrincipalVariation is the line the search expects from the root: at
// every decision node the action a greedy choice takes (the most visited,
// as Result.Action with Temperature 0), at most maxLen actions. See Line for
// where it stops.
func (s *Search) PrincipalVariation(maxLen int) []engine.Action {
	if s.root == none || s.rootState == nil || maxLen <= 0 {
		return nil
	}
	e := s.bestEdge(s.root)
	if e == none || s.t.edges[e].visits == 0 {
		return nil
	}
	return s.Line(s.t.edges[e].action, maxLen)
}

// Line is the line the search expects after root action a: a, then at
// every decision node below the most visited action, at most maxLen actions
// (a included). It stops at a chance node, at the end of the game, at a
// node no simulation went past, and, in an information-set search (whose
// nodes are keyed on the searcher's information, not on states), where
// the state the root's own state leads to was not met by the search. It
// is nil when a is not an action of the root.
func (s *Search) Line(a engine.Action, maxLen int) []engine.Action {
	if s.root == none || s.rootState == nil || maxLen <= 0 {
		return nil
	}
	e := none
	for x := s.t.nodes[s.root].firstEdge; x != none; x = s.t.edges[x].next {
		if s.t.edges[x].action == a {
			e = x
			break
		}
	}
	if e == none || !engine.IsLegal(s.rootState, a) {
		return nil
	}
	st := s.rootState.Clone()
	line := []engine.Action{}
	n := s.root
	for {
		mover := s.t.nodes[n].player
		a := s.t.edges[e].action
		line = append(line, a)
		st.Apply(a)
		if len(line) >= maxLen || st.IsTerminal() || st.CurrentPlayer() < 0 {
			return line
		}
		if s.mode == PerfectMode {
			n = s.t.edges[e].child
		} else {
			n = s.t.children.get(childKey{h: s.infoHash(st, mover, a), parent: n})
		}
		if n == none || !s.t.nodes[n].expanded || s.t.nodes[n].player < 0 {
			return line
		}
		e = s.bestEdge(n)
		if e == none || s.t.edges[e].visits == 0 || !engine.IsLegal(st, s.t.edges[e].action) {
			return line
		}
	}
}

package mcts

import (
	"fmt"

	"github.com/moongym/moongym/engine"
)

// RunBudget is Run with a budget of sims simulations for this call only
// and, with noNoise, no root noise (no Dirichlet noise; under Gumbel, no
// Gumbel noise, as with GumbelNoNoise). The tree is the same as Run's, so
// searches of either kind reuse each other's subtrees. It exists for
// playout cap randomization (KataGo): most moves of a self-play game get a
// cheap search that is played but not learned from, a few a full one.
func (s *Search) RunBudget(st engine.State, sims int, noNoise bool) (Result, error) {
	if sims < 1 {
		return Result{}, fmt.Errorf("%w: budget of %d simulations, want at least 1", ErrBadConfig, sims)
	}
	saved := s.cfg
	defer func() { s.cfg = saved }()
	s.cfg.Sims = sims
	if noNoise {
		s.cfg.DirichletEpsilon = 0
		s.cfg.GumbelNoNoise = true
	}
	return s.Run(st)
}

package training

import (
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// follower plays a network's own moves in an imitation's games
// (ImitateConfig.Follow): the greedy move of its policy over the legal
// moves, as the raw-network agent plays. The heuristic is still asked at
// every decision and its move is what the position teaches, so the
// positions are those the network's own play reaches, labelled with the
// heuristic's choice there (DAgger, dataset aggregation).
type follower struct {
	ev  *models.Evaluator
	st  []engine.State
	out []mcts.Evaluation
}

// followCache is the number of positions a follower's evaluator remembers.
const followCache = 1 << 14

// newFollower loads cfg.FollowModel for g; nil (and no error) when cfg
// follows no network.
func newFollower(g engine.Game, cfg ImitateConfig) (*follower, error) {
	if cfg.Follow == 0 {
		return nil, nil
	}
	ev, err := imitationEvaluator(g, cfg.FollowModel, "follow", followCache)
	if err != nil {
		return nil, err
	}
	return &follower{
		ev:  ev,
		st:  make([]engine.State, 1),
		out: []mcts.Evaluation{{Priors: make([]float32, g.NumActions()), Values: make([]float32, g.NumPlayers())}},
	}, nil
}

// act is the network's most likely move among legal (ties to the first).
func (f *follower) act(s engine.State, legal []engine.Action) (engine.Action, error) {
	f.st[0] = s
	err := f.ev.Evaluate(f.st, f.out)
	f.st[0] = nil
	if err != nil {
		return 0, err
	}
	pr := f.out[0].Priors
	best := legal[0]
	for _, a := range legal[1:] {
		if pr[a] > pr[best] {
			best = a
		}
	}
	return best, nil
}

// follows says whether game number `game` of an imitation is one whose
// decisions f's network plays: a draw of its own (seeded by cfg.Seed and
// the number, apart from the game's chance draws) below cfg.Follow.
func (f *follower) follows(cfg ImitateConfig, game int) bool {
	if f == nil {
		return false
	}
	return rand.New(rand.NewPCG(cfg.Seed^0x666f6c6c6f77, uint64(game))).Float64() < cfg.Follow
}

// imitationEvaluator loads the model file at path for g and makes its
// evaluator (cache positions remembered, every batch on the calling
// goroutine), for an imitation's followed network or teacher (role, in
// the error).
func imitationEvaluator(g engine.Game, path, role string, cache int) (*models.Evaluator, error) {
	m, err := models.LoadFor(path, g)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadImitation, role, err)
	}
	ev, err := models.NewEvaluator(g, m.Net, cache)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadImitation, role, err)
	}
	ev.SetWorkers(1)
	return ev, nil
}

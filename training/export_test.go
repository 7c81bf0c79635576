package training

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// SetOnSearch makes sp call f after every search of a decision, from the
// games' goroutines, with whether the search was a full one, its result
// and the move played.
func SetOnSearch(sp *SelfPlay, f func(full bool, r mcts.Result, played engine.Action)) {
	sp.onSearch = f
}

// SelfPlaySearch is the configuration of the search of a self-play game
// seeded seed.
func SelfPlaySearch(c Config, seed uint64) mcts.Config { return c.selfPlaySearch(seed) }

// FlatObs decodes every observation of r, flat, in slot order.
func FlatObs(r *Replay) []float32 {
	out := make([]float32, r.Len()*r.ObsSize)
	for i := range r.Len() {
		r.Observations.Get(i, out[i*r.ObsSize:(i+1)*r.ObsSize])
	}
	return out
}

// HasEvaluation reports whether MetricsPNG draws any evaluation point.
func HasEvaluation(rows []Row) bool { return hasEvaluation(rows) }

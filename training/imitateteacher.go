package training

import (
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/mctsagent"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// teacher labels an imitation's positions with a searched network's move
// (ImitateConfig.Teacher): AlphaZero-style PUCT search, TeacherSims
// simulations, with TeacherModel's network as its evaluator, the most
// visited move, as the az agent plays. A search stronger
// than the heuristic then teaches its choices to the network (expert
// iteration: the apprentice learns the expert's moves on the positions
// the games reach). The heuristic (or the followed network) still plays
// the games: the teacher is asked only at the positions an imitation
// keeps (ImitateConfig.Keep), since a search costs hundreds of network
// evaluations.
type teacher struct {
	g   engine.Game
	ev  *models.Evaluator
	cfg mcts.Config
}

// teacherCache is the number of positions the teacher's evaluator
// remembers. One evaluator serves every game: its outputs do not depend on
// what it has cached, so sharing it changes no label.
const teacherCache = 1 << 16

// newTeacher loads cfg.Teacher's network for g; nil (and no error) when cfg
// has no teacher.
func newTeacher(g engine.Game, cfg ImitateConfig) (*teacher, error) {
	if cfg.Teacher == "" {
		return nil, nil
	}
	ev, err := imitationEvaluator(g, cfg.Teacher, "teacher", teacherCache)
	if err != nil {
		return nil, err
	}
	return &teacher{g: g, ev: ev, cfg: mcts.Config{Sims: cfg.TeacherSims, CPUCT: netagent.DefaultCPUCT, BatchSize: 8}}, nil
}

// seats makes the teacher's search for every seat of game number `game`,
// seeded by cfg.Seed, the game and the seat (apart from the heuristic's
// seats), so a game's labels are the same whatever order the games are
// played or resumed in.
func (t *teacher) seats(cfg ImitateConfig, game int) ([]agents.Agent, error) {
	out := make([]agents.Agent, t.g.NumPlayers())
	for p := range out {
		c := t.cfg
		c.Seed = cfg.Seed ^ 0x7465616368 ^ (uint64(game)*0x9e3779b97f4a7c15 + uint64(p) + 1)
		a, err := mctsagent.New(t.g, t.ev, c)
		if err != nil {
			return nil, fmt.Errorf("%w: teacher: %w", ErrBadImitation, err)
		}
		out[p] = a
	}
	return out, nil
}

// keeper draws which decision positions of game number `game` an imitation
// records (cfg.Keep): one draw per decision with more than one legal move,
// in order; nil keeps every position. playRecord (to ask the teacher only
// there) and addRecord (to record them) draw the same sequence.
func keeper(cfg ImitateConfig, game int) *rand.Rand {
	if cfg.Keep > 0 && cfg.Keep < 1 {
		return rand.New(rand.NewPCG(cfg.Seed^0x6b656570, uint64(game)))
	}
	return nil
}

// kept draws the next decision's fate from k (see keeper).
func kept(k *rand.Rand, cfg ImitateConfig) bool {
	return k == nil || k.Float64() < cfg.Keep
}

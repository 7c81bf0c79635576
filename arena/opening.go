package arena

import (
	"math/rand/v2"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// opening counts the random decisions left at the start of one game; the
// seats of the game share it (agents.PlayGame asks them in turn, from one
// goroutine).
type opening struct {
	left  int
	rng   *rand.Rand
	legal []engine.Action
}

// openingAgent plays a uniformly random legal action while its game's
// opening lasts, then its own agent's choice.
type openingAgent struct {
	agents.Agent
	o *opening
}

func (a openingAgent) Act(s engine.State) (engine.Action, error) {
	if a.o.left <= 0 {
		return a.Agent.Act(s)
	}
	a.o.left--
	a.o.legal = s.LegalActions(a.o.legal)
	if len(a.o.legal) == 0 {
		return a.Agent.Act(s) // let the agent report the terminal state
	}
	return a.o.legal[a.o.rng.IntN(len(a.o.legal))], nil
}

// withOpening wraps the seats of one game (seeded gs) so that its first n
// decisions are random; n <= 0 leaves them as they are.
func withOpening(players []agents.Agent, n int, gs uint64) {
	if n <= 0 {
		return
	}
	o := &opening{left: n, rng: rand.New(rand.NewPCG(gs, 0x6f70656e696e67))}
	for j, p := range players {
		players[j] = openingAgent{Agent: p, o: o}
	}
}

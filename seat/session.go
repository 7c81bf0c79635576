package seat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// session is one game in progress. Operations that change it hold op (a
// one-slot semaphore, so waiting for it can time out) for their whole run
// and work on a clone; they commit the clone under mu only if they succeed.
// Reads take mu only, so they never wait for an AI that is thinking.
type session struct {
	id           string
	game         engine.Game
	seed         uint64
	seats        []string       // "human" or an agent spec, per seat
	agents       []agents.Agent // nil for human seats; used only under op
	manualChance bool
	// tokens are the session's capabilities; client is the client that
	// started it (its quota). Both are fixed at the start.
	tokens Tokens
	client string
	// modelSeats counts the AI seats played with a network.
	modelSeats int

	op chan struct{}

	mu       sync.Mutex
	state    engine.State
	actions  []engine.Action
	lastUsed time.Time
	deleted  bool
}

// lock takes the op slot, or gives up when ctx ends.
func (s *session) lock(ctx context.Context) error {
	select {
	case s.op <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%w: waiting for the session's previous request: %v", ErrTimeout, context.Cause(ctx))
	}
}

func (s *session) unlock() { <-s.op }

// snapshot copies the state and actions for an operation to work on.
func (s *session) snapshot(now time.Time) (engine.State, []engine.Action, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.deleted {
		return nil, nil, fmt.Errorf("%w: %q was deleted", ErrUnknownSession, s.id)
	}
	s.lastUsed = now
	return s.state.Clone(), slices.Clone(s.actions), nil
}

// view describes the session as it is now.
func (s *session) view(now time.Time, moves []Move) (View, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastUsed = now
	return s.viewLocked(moves)
}

func (s *session) viewLocked(moves []Move) (View, error) {
	v := View{
		Session:      s.id,
		Game:         s.game.Spec().Name,
		Params:       s.game.Params(),
		Seed:         s.seed,
		ManualChance: s.manualChance,
		Actions:      slices.Clone(s.actions),
		Moves:        moves,
	}
	if v.Moves == nil {
		v.Moves = []Move{}
	}
	for i, spec := range s.seats {
		v.Seats = append(v.Seats, SeatInfo{Seat: i, Agent: spec})
	}
	if err := describe(&v, s.state); err != nil {
		return View{}, err
	}
	v.HumanToMove = s.humanToMove(s.state)
	return v, nil
}

// humanToMove: a human seat is to move, or the front end owes a chance outcome.
func (s *session) humanToMove(st engine.State) bool {
	switch p := st.CurrentPlayer(); {
	case p == engine.Chance:
		return s.manualChance
	case p >= 0:
		return s.agents[p] == nil
	}
	return false
}

// chanceRNG draws the outcome of the chance node after n actions: a function
// of the seed and the position in the game only, so a session that resumes
// from its actions, or retries after a failed request, draws the same.
func chanceRNG(seed uint64, n int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x63686e63<<32|uint64(n)))
}

// advance resolves chance nodes (unless manual) and, when playAI, lets the
// AI seats move, until a human seat is to move, the game ends, or maxAI AI
// moves were made (maxAI <= 0: no limit). It works on st and appends to
// actions and moves.
func (s *session) advance(ctx context.Context, run *searchRun, st engine.State, actions *[]engine.Action, moves *[]Move, playAI bool, maxAI int) error {
	limit := s.game.MaxGameLength()
	aiMoves := 0
	var outcomes []engine.Outcome
	for !st.IsTerminal() {
		if len(*actions) > limit {
			return fmt.Errorf("%w: the game ran past MaxGameLength %d", ErrInternal, limit)
		}
		p := st.CurrentPlayer()
		if p == engine.Chance {
			if s.manualChance {
				return nil
			}
			outcomes = st.ChanceOutcomes(outcomes)
			a := engine.SampleOutcome(outcomes, chanceRNG(s.seed, len(*actions)).Float64())
			*moves = append(*moves, Move{Player: int(p), By: "chance", Action: a, Name: st.ActionString(a)})
			st.Apply(a)
			*actions = append(*actions, a)
			continue
		}
		ag := s.agents[p]
		if ag == nil || !playAI || maxAI > 0 && aiMoves >= maxAI {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%w: %v", ErrTimeout, context.Cause(ctx))
		}
		if err := run.acquire(ctx); err != nil {
			return err
		}
		a, err := agents.ActContext(ctx, ag, st.Clone())
		if ctx.Err() != nil {
			return fmt.Errorf("%w: %v", ErrTimeout, context.Cause(ctx))
		}
		if err != nil {
			return fmt.Errorf("%w: seat %d (%s): %w", ErrAgent, p, s.seats[p], err)
		}
		name := st.ActionString(a)
		if err := engine.ApplyChecked(st, a); err != nil {
			return fmt.Errorf("%w: seat %d (%s) chose %d: %w", ErrAgent, p, s.seats[p], a, err)
		}
		*moves = append(*moves, Move{Player: int(p), By: "ai", Action: a, Name: name})
		*actions = append(*actions, a)
		aiMoves++
	}
	return nil
}

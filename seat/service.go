package seat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// Service keeps sessions and runs the operations of both protocols. It is
// safe for concurrent use.
type Service struct {
	limits Limits
	log    *slog.Logger
	now    func() time.Time

	mu       sync.RWMutex
	sessions map[string]*session
}

// NewService makes a service with the given limits (zero fields take their
// defaults). log may be nil.
func NewService(l Limits, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Service{limits: l.withDefaults(), log: log, now: time.Now, sessions: map[string]*session{}}
}

// Limits are the service's limits, defaults filled in.
func (sv *Service) Limits() Limits { return sv.limits }

// withTimeout bounds an operation by the per-request time limit.
func (sv *Service) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, sv.limits.RequestTimeout)
}

// Start starts a session: it loads the game, makes the agents of the AI
// seats, replays the request's actions, resolves chance nodes and (with
// r.AI) lets the AI play. Nothing is kept if any of it fails.
func (sv *Service) Start(ctx context.Context, r StartRequest) (View, error) {
	if err := r.check(); err != nil {
		return View{}, err
	}
	if err := sv.limits.CheckFiles(r.Game, engine.Params(r.Params), r.Seats...); err != nil {
		return View{}, err
	}
	if err := sv.room(r.Session); err != nil {
		return View{}, err
	}
	g, err := engine.Load(r.Game, engine.Params(r.Params))
	if err != nil {
		return View{}, err
	}
	seats := slices.Clone(r.Seats)
	if len(seats) == 0 {
		seats = slices.Repeat([]string{Human}, g.NumPlayers())
	}
	if len(seats) != g.NumPlayers() {
		config := r.Game
		if len(g.Params()) > 0 {
			config += " " + g.Params().String()
		}
		return View{}, fmt.Errorf("%w: %d seats given, %s has %d", ErrBadRequest, len(seats), config, g.NumPlayers())
	}
	for i, spec := range seats {
		seats[i] = strings.TrimSpace(spec)
		if seats[i] == Human {
			continue
		}
		if err := sv.limits.CheckAgent(seats[i]); err != nil {
			return View{}, fmt.Errorf("seat %d: %w", i, err)
		}
	}
	ctx, cancel := sv.withTimeout(ctx)
	defer cancel()
	return bounded(ctx, sv.log, func(claim func() bool) (View, error) {
		s := &session{
			game:         g,
			seed:         r.Seed,
			seats:        seats,
			agents:       make([]agents.Agent, len(seats)),
			manualChance: r.ManualChance,
			op:           make(chan struct{}, 1),
		}
		for i, spec := range seats {
			if spec == Human {
				continue
			}
			a, err := agents.New(g, spec, agentSeed(r.Seed, i))
			if err != nil {
				return View{}, fmt.Errorf("seat %d: %w", i, agentErr(err))
			}
			s.agents[i] = a
		}
		st, err := engine.ReplayActions(g, r.Actions)
		if err != nil {
			return View{}, err
		}
		actions := slices.Clone(r.Actions)
		if actions == nil {
			actions = []engine.Action{}
		}
		moves := []Move{}
		if err := s.advance(ctx, st, &actions, &moves, r.AI, 0); err != nil {
			return View{}, err
		}
		s.state, s.actions, s.lastUsed = st, actions, sv.now()
		if !claim() {
			return View{}, ErrTimeout
		}
		if err := sv.add(s, r.Session); err != nil {
			return View{}, err
		}
		return s.view(sv.now(), moves)
	})
}

// agentErr makes an agent's construction error one the codes know: an error
// of no known kind from an agent's factory (a missing model file, say) is a
// bad spec.
func agentErr(err error) error {
	if Classify(err).Code == "internal" {
		return fmt.Errorf("%w: %w", agents.ErrBadSpec, err)
	}
	return err
}

// room fails early when no session can be added.
func (sv *Service) room(id string) error {
	sv.Expire()
	sv.mu.RLock()
	defer sv.mu.RUnlock()
	if id != "" && sv.sessions[id] != nil {
		return fmt.Errorf("%w: %q", ErrSessionExists, id)
	}
	if len(sv.sessions) >= sv.limits.MaxSessions {
		return fmt.Errorf("%w: %d kept (the limit); delete finished ones", ErrTooManySessions, len(sv.sessions))
	}
	return nil
}

// add keeps a new session under id, or under a fresh random id.
func (sv *Service) add(s *session, id string) error {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if len(sv.sessions) >= sv.limits.MaxSessions {
		return fmt.Errorf("%w: %d kept (the limit); delete finished ones", ErrTooManySessions, len(sv.sessions))
	}
	if id == "" {
		for id == "" || sv.sessions[id] != nil {
			var b [8]byte
			_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
			id = hex.EncodeToString(b[:])
		}
	} else if sv.sessions[id] != nil {
		return fmt.Errorf("%w: %q", ErrSessionExists, id)
	}
	s.id = id
	sv.sessions[id] = s
	return nil
}

func (sv *Service) lookup(id string) (*session, error) {
	sv.mu.RLock()
	s := sv.sessions[id]
	sv.mu.RUnlock()
	if s == nil {
		return nil, fmt.Errorf("%w: %q", ErrUnknownSession, id)
	}
	return s, nil
}

// Get describes a session.
func (sv *Service) Get(id string) (View, error) {
	s, err := sv.lookup(id)
	if err != nil {
		return View{}, err
	}
	return s.view(sv.now(), nil)
}

// Delete ends a session.
func (sv *Service) Delete(id string) error {
	sv.mu.Lock()
	s := sv.sessions[id]
	delete(sv.sessions, id)
	sv.mu.Unlock()
	if s == nil {
		return fmt.Errorf("%w: %q", ErrUnknownSession, id)
	}
	s.mu.Lock()
	s.deleted = true
	s.mu.Unlock()
	return nil
}

// Summary is a line of the session list.
type Summary struct {
	Session  string `json:"session"`
	Game     string `json:"game"`
	Actions  int    `json:"actions"`
	Terminal bool   `json:"terminal"`
	// IdleSeconds is how long the session has not been used.
	IdleSeconds float64 `json:"idle_seconds"`
}

// Sessions lists the sessions kept, sorted by id.
func (sv *Service) Sessions() []Summary {
	sv.mu.RLock()
	list := make([]*session, 0, len(sv.sessions))
	for _, s := range sv.sessions {
		list = append(list, s)
	}
	sv.mu.RUnlock()
	now := sv.now()
	out := make([]Summary, 0, len(list))
	for _, s := range list {
		s.mu.Lock()
		out = append(out, Summary{s.id, s.game.Spec().Name, len(s.actions), s.state.IsTerminal(), now.Sub(s.lastUsed).Seconds()})
		s.mu.Unlock()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Session < out[j].Session })
	return out
}

// Expire deletes the sessions idle for longer than the limit and returns how
// many it deleted. A session that a request is using is not idle.
func (sv *Service) Expire() int {
	now := sv.now()
	sv.mu.Lock()
	defer sv.mu.Unlock()
	n := 0
	for id, s := range sv.sessions {
		s.mu.Lock()
		idle := now.Sub(s.lastUsed) > sv.limits.IdleTimeout
		s.mu.Unlock()
		if !idle {
			continue
		}
		select {
		case s.op <- struct{}{}: // not in use
			s.mu.Lock()
			s.deleted = true
			s.mu.Unlock()
			delete(sv.sessions, id)
			n++
			s.unlock()
		default:
		}
	}
	return n
}

// Janitor calls Expire every interval until ctx ends.
func (sv *Service) Janitor(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n := sv.Expire(); n > 0 {
				sv.log.Info("expired idle sessions", "count", n)
			}
		}
	}
}

// Move plays a human move, then (with r.AI) lets the AI reply, and returns
// the whole view whatever r.SeatView says (the transports call MoveSeat for
// it). On any error the session is unchanged.
func (sv *Service) Move(ctx context.Context, id string, r MoveRequest) (View, error) {
	if err := r.check(); err != nil {
		return View{}, err
	}
	return change(ctx, sv, id, sv.moveFunc(r), sv.wholeView)
}

// MoveSeat is Move answered as r.Seat may see it: a SeatView whose Moves
// are this request's moves as that seat saw them played.
func (sv *Service) MoveSeat(ctx context.Context, id string, r MoveRequest) (SeatView, error) {
	r.SeatView = true
	if err := r.check(); err != nil {
		return SeatView{}, err
	}
	return change(ctx, sv, id, sv.moveFunc(r), func(s *session, moves []Move) (SeatView, error) {
		v, err := s.seatView(sv.now(), *r.Seat)
		if err != nil {
			return SeatView{}, err
		}
		v.Moves = v.History[len(v.History)-len(moves):]
		return v, nil
	})
}

// moveFunc is the change a move request makes.
func (sv *Service) moveFunc(r MoveRequest) changeFunc {
	return func(ctx context.Context, s *session, st engine.State, actions *[]engine.Action, moves *[]Move) error {
		p := st.CurrentPlayer()
		if r.Seat != nil && *r.Seat != int(p) {
			return fmt.Errorf("%w: seat %d asked to move, %s is to move", ErrNotYourTurn, *r.Seat, p)
		}
		if p >= 0 && s.agents[p] != nil {
			return fmt.Errorf("%w: %s is played by %q; send an ai request", ErrNotYourTurn, p, s.seats[p])
		}
		var a engine.Action
		if r.Move != nil {
			var err error
			if a, err = engine.ParseAction(st, *r.Move); err != nil {
				return err
			}
		} else {
			a = *r.Action
		}
		name := st.ActionString(a)
		if err := engine.ApplyChecked(st, a); err != nil {
			return err
		}
		by := "human"
		if p == engine.Chance {
			by = "chance"
		}
		*moves = append(*moves, Move{Player: int(p), By: by, Action: a, Name: name})
		*actions = append(*actions, a)
		return s.advance(ctx, st, actions, moves, r.AI, 0)
	}
}

// AI lets the AI seats play until a human seat is to move, the game ends or
// r.MaxMoves AI moves are made. With a human seat to move it does nothing.
// On any error the session is unchanged.
func (sv *Service) AI(ctx context.Context, id string, r AIRequest) (View, error) {
	if r.MaxMoves < 0 {
		return View{}, fmt.Errorf("%w: max_moves %d is negative", ErrBadRequest, r.MaxMoves)
	}
	return change(ctx, sv, id, func(ctx context.Context, s *session, st engine.State, actions *[]engine.Action, moves *[]Move) error {
		return s.advance(ctx, st, actions, moves, true, r.MaxMoves)
	}, sv.wholeView)
}

// wholeView is the answer of a change: the session's View.
func (sv *Service) wholeView(s *session, moves []Move) (View, error) {
	return s.view(sv.now(), moves)
}

type changeFunc func(ctx context.Context, s *session, st engine.State, actions *[]engine.Action, moves *[]Move) error

// change runs fn on a copy of a session's state under the session's op slot
// and the time limit, commits the copy only if fn succeeds in time, and
// answers with render (still under the op slot, so no other change comes
// between).
func change[T any](ctx context.Context, sv *Service, id string, fn changeFunc, render func(s *session, moves []Move) (T, error)) (T, error) {
	var zero T
	s, err := sv.lookup(id)
	if err != nil {
		return zero, err
	}
	ctx, cancel := sv.withTimeout(ctx)
	defer cancel()
	if err := s.lock(ctx); err != nil {
		return zero, err
	}
	return bounded(ctx, sv.log, func(claim func() bool) (T, error) {
		defer s.unlock()
		st, actions, err := s.snapshot(sv.now())
		if err != nil {
			return zero, err
		}
		moves := []Move{}
		if err := fn(ctx, s, st, &actions, &moves); err != nil {
			return zero, err
		}
		if !claim() {
			return zero, ErrTimeout
		}
		s.mu.Lock()
		s.state, s.actions, s.lastUsed = st, actions, sv.now()
		s.mu.Unlock()
		return render(s, moves)
	})
}

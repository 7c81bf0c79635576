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
	"github.com/moongym/moongym/internal/seeds"
)

// Service keeps sessions and runs the operations of both protocols. It is
// safe for concurrent use.
type Service struct {
	limits Limits
	log    *slog.Logger
	now    func() time.Time
	// random draws tokens, session ids and seeds (crypto/rand; tests
	// replace it to make documents reproducible).
	random io.Reader
	// searches is a semaphore: one slot per AI move or best request
	// computing at once.
	searches chan struct{}

	mu       sync.RWMutex
	sessions map[string]*session
}

// NewService makes a service with the given limits (zero fields take their
// defaults). log may be nil.
func NewService(l Limits, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	l = l.withDefaults()
	return &Service{
		limits:   l,
		log:      log,
		now:      time.Now,
		random:   rand.Reader,
		searches: make(chan struct{}, l.MaxSearches),
		sessions: map[string]*session{},
	}
}

// Limits are the service's limits, defaults filled in.
func (sv *Service) Limits() Limits { return sv.limits }

// withTimeout bounds an operation by the per-request time limit.
func (sv *Service) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, sv.limits.RequestTimeout)
}

// Start starts a session: it loads the game, makes the agents of the AI
// seats, replays the request's actions, resolves chance nodes and (with
// r.AI) lets the AI play. Nothing is kept if any of it fails. The answer is
// the whole view with the session's tokens (the caller is its creator);
// StartSeat answers with a seat's view instead.
func (sv *Service) Start(ctx context.Context, c Caller, r StartRequest) (View, error) {
	s, moves, err := sv.start(ctx, c, r)
	if err != nil {
		return View{}, err
	}
	v, err := s.view(sv.now(), moves)
	if err != nil {
		return View{}, err
	}
	v.Tokens = &s.tokens
	return v, nil
}

// StartSeat is Start answered as r.Seat may see it (a SeatView whose Moves
// are the start's moves as that seat saw them), with the tokens: what a
// player's front end needs, without the AI's hidden first moves.
func (sv *Service) StartSeat(ctx context.Context, c Caller, r StartRequest) (SeatView, error) {
	if r.Seat == nil || *r.Seat < 0 {
		return SeatView{}, fmt.Errorf("%w: \"seat_view\" needs the \"seat\" (0 or more) whose view to return", ErrBadRequest)
	}
	if n, err := sv.seatsOf(r.Game, r.Params); err == nil && *r.Seat >= n {
		return SeatView{}, fmt.Errorf("%w: seat %d: %s has seats 0 to %d", ErrBadRequest, *r.Seat, r.Game, n-1)
	}
	s, moves, err := sv.start(ctx, c, r)
	if err != nil {
		return SeatView{}, err
	}
	v, err := s.seatView(sv.now(), *r.Seat)
	if err != nil {
		return SeatView{}, err
	}
	v.Moves = movesOf(v.History, len(s.actions), len(moves))
	v.Tokens = &s.tokens
	return v, nil
}

// seatsOf is the number of seats of a game in a configuration.
func (sv *Service) seatsOf(game string, p Params) (int, error) {
	g, err := sv.load(game, engine.Params(p))
	if err != nil {
		return 0, err
	}
	return g.NumPlayers(), nil
}

// start makes and keeps a session; it returns it with the moves it made.
func (sv *Service) start(ctx context.Context, c Caller, r StartRequest) (*session, []Move, error) {
	if err := r.check(); err != nil {
		return nil, nil, err
	}
	if err := sv.limits.CheckFiles(r.Seats...); err != nil {
		return nil, nil, err
	}
	models := 0
	for _, spec := range r.Seats {
		if strings.TrimSpace(spec) != Human && usesModel(spec) {
			models++
		}
	}
	if err := sv.room(r.Session, c.Client, models); err != nil {
		return nil, nil, err
	}
	g, err := sv.load(r.Game, engine.Params(r.Params))
	if err != nil {
		return nil, nil, err
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
		return nil, nil, fmt.Errorf("%w: %d seats given, %s has %d", ErrBadRequest, len(seats), config, g.NumPlayers())
	}
	for i, spec := range seats {
		seats[i] = strings.TrimSpace(spec)
		if seats[i] == Human {
			continue
		}
		if err := sv.limits.CheckAgent(seats[i]); err != nil {
			return nil, nil, fmt.Errorf("seat %d: %w", i, err)
		}
	}
	seed := uint64(0)
	if r.Seed != nil {
		seed = *r.Seed
	} else if seed, err = newSeed(sv.random); err != nil {
		return nil, nil, err
	}
	tokens := Tokens{Seats: make([]string, len(seats))}
	if tokens.Creator, err = newToken(sv.random); err != nil {
		return nil, nil, err
	}
	for i, spec := range seats {
		if spec == Human {
			if tokens.Seats[i], err = newToken(sv.random); err != nil {
				return nil, nil, err
			}
		}
	}
	ctx, cancel := sv.withTimeout(ctx)
	defer cancel()
	type started struct {
		s     *session
		moves []Move
	}
	out, err := bounded(ctx, sv.log, func(claim func() bool) (started, error) {
		s := &session{
			game:         g,
			seed:         seed,
			seats:        seats,
			agents:       make([]agents.Agent, len(seats)),
			manualChance: r.ManualChance,
			tokens:       tokens,
			client:       c.Client,
			modelSeats:   models,
			op:           make(chan struct{}, 1),
		}
		for i, spec := range seats {
			if spec == Human {
				continue
			}
			served, err := sv.limits.served(spec)
			if err != nil {
				return started{}, fmt.Errorf("seat %d: %w", i, err)
			}
			a, err := agents.New(g, served, seeds.Seat(seed, i))
			if err != nil {
				return started{}, fmt.Errorf("seat %d: %w", i, agentErr(err))
			}
			s.agents[i] = a
		}
		st, err := engine.ReplayActions(g, r.Actions)
		if err != nil {
			return started{}, err
		}
		actions := slices.Clone(r.Actions)
		if actions == nil {
			actions = []engine.Action{}
		}
		moves := []Move{}
		run := sv.searchRun()
		defer run.done()
		if err := s.advance(ctx, run, st, &actions, &moves, r.AI, 0); err != nil {
			return started{}, err
		}
		s.state, s.actions, s.lastUsed = st, actions, sv.now()
		if !claim() {
			return started{}, ErrTimeout
		}
		if err := sv.add(s, r.Session); err != nil {
			return started{}, err
		}
		return started{s, moves}, nil
	})
	return out.s, out.moves, err
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
func (sv *Service) room(id, client string, models int) error {
	sv.Expire()
	sv.mu.RLock()
	defer sv.mu.RUnlock()
	if id != "" && sv.sessions[id] != nil {
		return fmt.Errorf("%w: %q", ErrSessionExists, id)
	}
	return sv.roomLocked(client, models)
}

// roomLocked checks the session limits under mu, for a session of a client
// with models seats played by a network.
func (sv *Service) roomLocked(client string, models int) error {
	if len(sv.sessions) >= sv.limits.MaxSessions {
		return fmt.Errorf("%w: %d kept (the limit); delete finished ones", ErrTooManySessions, len(sv.sessions))
	}
	if models > 0 {
		held := 0
		for _, s := range sv.sessions {
			held += s.modelSeats
		}
		if held+models > sv.limits.MaxModelSeats {
			return fmt.Errorf("%w: the sessions kept hold %d seats played by a network, %d more would pass the limit %d (--max-model-seats); delete finished ones", ErrTooManySessions, held, models, sv.limits.MaxModelSeats)
		}
	}
	if client == "" {
		return nil
	}
	n := 0
	for _, s := range sv.sessions {
		if s.client == client {
			n++
		}
	}
	if n >= sv.limits.MaxClientSessions {
		return fmt.Errorf("%w: this client (%s) keeps %d sessions, the most one client may (--max-client-sessions); delete finished ones", ErrQuota, client, n)
	}
	return nil
}

// add keeps a new session under id, or under a fresh random id.
func (sv *Service) add(s *session, id string) error {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if err := sv.roomLocked(s.client, s.modelSeats); err != nil {
		return err
	}
	if id == "" {
		for id == "" || sv.sessions[id] != nil {
			var b [8]byte
			if _, err := io.ReadFull(sv.random, b[:]); err != nil {
				return fmt.Errorf("%w: drawing a session id: %w", ErrInternal, err)
			}
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

// open finds a session and what the caller may do with it.
func (sv *Service) open(c Caller, id string) (*session, role, error) {
	s, err := sv.lookup(id)
	if err != nil {
		return nil, role{}, err
	}
	r, err := s.roleOf(sv.limits.Open, c)
	return s, r, err
}

// Get describes a session whole: every seat's hidden information, the
// state JSON, the seed. It needs the creator's token.
func (sv *Service) Get(c Caller, id string) (View, error) {
	s, r, err := sv.open(c, id)
	if err != nil {
		return View{}, err
	}
	if err := r.needCreator("the whole view"); err != nil {
		return View{}, err
	}
	return s.view(sv.now(), nil)
}

// Delete ends a session. It needs the creator's token.
func (sv *Service) Delete(c Caller, id string) error {
	s, r, err := sv.open(c, id)
	if err != nil {
		return err
	}
	if err := r.needCreator("delete"); err != nil {
		return err
	}
	sv.mu.Lock()
	if sv.sessions[id] != s {
		sv.mu.Unlock()
		return fmt.Errorf("%w: %q", ErrUnknownSession, id)
	}
	delete(sv.sessions, id)
	sv.mu.Unlock()
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

// Sessions lists the sessions the caller's client started (every session
// in open mode, or for the stdio engine's one client), sorted by id. A
// line gives nothing away but the id, the game and its progress; the
// tokens are needed for anything more.
func (sv *Service) Sessions(c Caller) []Summary {
	sv.mu.RLock()
	list := make([]*session, 0, len(sv.sessions))
	for _, s := range sv.sessions {
		if sv.limits.Open || s.client == c.Client {
			list = append(list, s)
		}
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
// the whole view whatever r.SeatView says (MoveSeat answers a seat's view).
// It needs the creator's token. On any error the session is unchanged.
func (sv *Service) Move(ctx context.Context, c Caller, id string, r MoveRequest) (View, error) {
	if err := r.check(); err != nil {
		return View{}, err
	}
	return sv.changeWhole(ctx, c, id, func(ro role) changeFunc { return sv.moveFunc(r, ro) })
}

// changeWhole runs a change that answers the whole view, for the
// creator's token only.
func (sv *Service) changeWhole(ctx context.Context, c Caller, id string, fn func(role) changeFunc) (View, error) {
	s, ro, err := sv.open(c, id)
	if err != nil {
		return View{}, err
	}
	if err := ro.needCreator("the whole view"); err != nil {
		return View{}, err
	}
	return change(ctx, sv, s, fn(ro), sv.wholeView)
}

// MoveSeat is Move answered as a seat may see it: a SeatView whose Moves
// are this request's moves as that seat saw them played. The seat is
// r.Seat, or the token's seat when r.Seat is not given; the token must be
// that seat's or the creator's.
func (sv *Service) MoveSeat(ctx context.Context, c Caller, id string, r MoveRequest) (SeatView, error) {
	return sv.changeSeat(ctx, c, id, r.Seat, func(ro role, seat int) (changeFunc, error) {
		r.Seat, r.SeatView = &seat, true
		return sv.moveFunc(r, ro), r.check()
	})
}

// changeSeat runs a change that answers the view of the seat asked for
// (or the token's), for that seat's token or the creator's.
func (sv *Service) changeSeat(ctx context.Context, c Caller, id string, asked *int, fn func(ro role, seat int) (changeFunc, error)) (SeatView, error) {
	s, ro, err := sv.open(c, id)
	if err != nil {
		return SeatView{}, err
	}
	seat, err := seatFor(ro, asked)
	if err != nil {
		return SeatView{}, err
	}
	f, err := fn(ro, seat)
	if err != nil {
		return SeatView{}, err
	}
	return change(ctx, sv, s, f, sv.seatRender(seat))
}

// seatFor is the seat whose view a request answers: the one asked for, or
// the token's.
func seatFor(ro role, asked *int) (int, error) {
	seat, err := ro.viewSeat(asked)
	if err != nil {
		return 0, err
	}
	if seat < 0 {
		return 0, fmt.Errorf("%w: \"seat_view\" needs the \"seat\" (0 or more) whose view to return", ErrBadRequest)
	}
	return seat, nil
}

// seatRender answers a change with seat's view, its Moves the change's.
func (sv *Service) seatRender(seat int) func(s *session, moves []Move) (SeatView, error) {
	return func(s *session, moves []Move) (SeatView, error) {
		v, err := s.seatView(sv.now(), seat)
		if err != nil {
			return SeatView{}, err
		}
		v.Moves = movesOf(v.History, len(s.actions), len(moves))
		return v, nil
	}
}

// moveFunc is the change a move request makes, for a caller of role ro.
func (sv *Service) moveFunc(r MoveRequest, ro role) changeFunc {
	return func(ctx context.Context, run *searchRun, s *session, st engine.State, actions *[]engine.Action, moves *[]Move) error {
		p := st.CurrentPlayer()
		if r.Seat != nil && *r.Seat != int(p) {
			return fmt.Errorf("%w: seat %d asked to move, %s is to move", ErrNotYourTurn, *r.Seat, p)
		}
		if p >= 0 && s.agents[p] != nil {
			return fmt.Errorf("%w: %s is played by %q; send an ai request", ErrNotYourTurn, p, s.seats[p])
		}
		switch {
		case p == engine.Chance:
			if err := ro.needCreator("a chance outcome"); err != nil {
				return err
			}
		case p >= 0 && !ro.creator && ro.seat != int(p):
			return fmt.Errorf("%w: this token is seat %d's, %s is to move", ErrNotYourTurn, ro.seat, p)
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
		return s.advance(ctx, run, st, actions, moves, r.AI, 0)
	}
}

// AI lets the AI seats play until a human seat is to move, the game ends or
// r.MaxMoves AI moves are made, and returns the whole view (it needs the
// creator's token; AISeat answers a seat's view). With a human seat to
// move it does nothing. On any error the session is unchanged.
func (sv *Service) AI(ctx context.Context, c Caller, id string, r AIRequest) (View, error) {
	if err := r.check(); err != nil {
		return View{}, err
	}
	return sv.changeWhole(ctx, c, id, func(role) changeFunc { return aiFunc(r) })
}

// AISeat is AI answered as a seat may see it (r.Seat, or the token's);
// any token of the session may let the AI play.
func (sv *Service) AISeat(ctx context.Context, c Caller, id string, r AIRequest) (SeatView, error) {
	if err := r.check(); err != nil {
		return SeatView{}, err
	}
	return sv.changeSeat(ctx, c, id, r.Seat, func(role, int) (changeFunc, error) { return aiFunc(r), nil })
}

func aiFunc(r AIRequest) changeFunc {
	return func(ctx context.Context, run *searchRun, s *session, st engine.State, actions *[]engine.Action, moves *[]Move) error {
		return s.advance(ctx, run, st, actions, moves, true, r.MaxMoves)
	}
}

// wholeView is the answer of a change: the session's View.
func (sv *Service) wholeView(s *session, moves []Move) (View, error) {
	return s.view(sv.now(), moves)
}

type changeFunc func(ctx context.Context, run *searchRun, s *session, st engine.State, actions *[]engine.Action, moves *[]Move) error

// change runs fn on a copy of a session's state under the session's op slot
// and the time limit, commits the copy only if fn succeeds in time, and
// answers with render (still under the op slot, so no other change comes
// between).
func change[T any](ctx context.Context, sv *Service, s *session, fn changeFunc, render func(s *session, moves []Move) (T, error)) (T, error) {
	var zero T
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
		run := sv.searchRun()
		defer run.done()
		if err := fn(ctx, run, s, st, &actions, &moves); err != nil {
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

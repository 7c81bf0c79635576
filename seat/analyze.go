package seat

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
)

// The analyze operation: hints and analysis for any front end, in the
// manner of KataGo's analysis engine. A position (a session's, or one given
// as state JSON or a record) and an agent spec with a search budget give
// the per-seat values, the top moves with their visits, priors and values,
// and the principal line. The analysis is always made as one seat sees the
// position: the hidden parts it may not know are redrawn (the game's
// Resample, seeded by the request) before any agent looks at it, so the
// answer cannot depend on them.

// Defaults of an analyze request.
const (
	// DefaultAnalyzeSims is the search budget when neither the request nor
	// its agent spec gives one.
	DefaultAnalyzeSims = 200
	// DefaultAnalyzeTop is the number of moves answered when the request
	// asks for none.
	DefaultAnalyzeTop = 5
	// analyzePV bounds a principal line (the answer's and each move's).
	analyzePV = 12
)

// defaultAnalyzeAgents are tried in turn when a request names no agent:
// the game's built-in network with search where the configuration has one
// (and the server offers it), else plain search.
var defaultAnalyzeAgents = []string{"az:model=builtin", "mcts"}

// AnalyzeRequest asks for the analysis of a position given as the game's
// state JSON or as a record (POST /v1/analyze). Nothing is kept.
type AnalyzeRequest struct {
	// Game and Params name the game of State (with a record they may be
	// left out; given, they must agree with it).
	Game   string `json:"game,omitempty"`
	Params Params `json:"params,omitempty"`
	// State is the game's documented JSON form of the position.
	State json.RawMessage `json:"state,omitempty"`
	// Record is the other way to give the position: its final state.
	Record *RecordJSON `json:"record,omitempty"`
	// Seat, if given, analyses the position as that seat sees it;
	// otherwise as the seat to move sees it.
	Seat *int `json:"seat,omitempty"`
	AnalyzeOptions
}

// AnalyzeOptions are what an analysis is made with, in both forms.
type AnalyzeOptions struct {
	// Agent is the agent spec; empty takes az:model=builtin where the
	// game's configuration has a built-in network (and the server offers
	// az), else mcts.
	Agent string `json:"agent,omitempty"`
	// Sims, if positive, sets the agent's "sims" option; if zero, an agent
	// with a sims option its spec does not set gets DefaultAnalyzeSims.
	Sims int `json:"sims,omitempty"`
	// Top is the number of moves to answer (0: DefaultAnalyzeTop; at most
	// Limits.MaxTop).
	Top int `json:"top,omitempty"`
	// Seed seeds the redrawing of hidden information and the agent
	// (unless its spec has a seed option): the same seed gives the same
	// answer.
	Seed uint64 `json:"seed,omitempty"`
}

// SessionAnalyzeRequest asks for the analysis of a session's position now
// (POST /v1/sessions/{session}/analyze).
type SessionAnalyzeRequest struct {
	// Seat is the seat whose view is analysed. It needs that seat's token
	// or the creator's. Left out: the token's seat for a seat's token, the
	// seat to move for the creator's (as get without seat, which gives a
	// seat's token its seat's view).
	Seat *int `json:"seat,omitempty"`
	AnalyzeOptions
}

// Analysis is the answer of analyze.
type Analysis struct {
	// ToMove is the seat to move in the position.
	ToMove int `json:"to_move"`
	// Agent is the agent spec used (the request's, or the default, with
	// the sims applied).
	Agent string `json:"agent"`
	// Kind says what the agent gave: "search" (a tree search: visits,
	// priors, values and lines), "policy" (a policy without search:
	// priors, and values when the agent has a value head) or "move" (a
	// move only: the one move, share 1).
	Kind string `json:"kind"`
	// Sims is the number of simulations the search made (0 without search).
	Sims int `json:"sims"`
	// Seat is the seat whose view was analysed.
	Seat int `json:"seat"`
	// Values are the root values per seat, in absolute seat order, on the
	// game's returns scale ([min_utility, max_utility]): a search's mean
	// value, or a network's value head; left out when the agent has none.
	Values []float64 `json:"values,omitempty"`
	// Win is, for two-seat zero-sum games, each seat's value rescaled to
	// [0, 1] from [min_utility, max_utility] (a win counts 1, a draw 1/2):
	// an estimate of the win probability, for an evaluation bar; left out
	// elsewhere or without Values.
	Win []float64 `json:"win,omitempty"`
	// Moves are the top moves, best first: by visits for a search (ties
	// to the higher prior, then the lower action), by probability for a
	// policy.
	Moves []AnalyzedMove `json:"moves"`
	// PV is the principal line from the position: the moves the agent
	// expects, by name (a search's most visited line; the best move alone
	// without search).
	PV []string `json:"pv"`
}

// AnalyzedMove is one move of an analysis.
type AnalyzedMove struct {
	Action engine.Action `json:"action"`
	// Move is the move's name as the analysed seat may know it (the name
	// to send in a move request when that seat is to move).
	Move string `json:"move"`
	// Label is the move in a player's words (engine.ActionLabel).
	Label string `json:"label"`
	// Visits is the number of simulations through the move (0 without search).
	Visits int `json:"visits"`
	// Share is Visits over the root's visits; without search, the
	// policy's probability (1 for the move of an agent that gives only
	// its move).
	Share float64 `json:"share"`
	// Prior is the prior the search or the policy gave the move.
	Prior float64 `json:"prior"`
	// Q is the move's mean value for the seat to move, on the returns
	// scale; null when the search never tried it, or without search.
	Q *float64 `json:"q"`
	// PV is the line the search expects after the move, the move first.
	PV []string `json:"pv"`
}

// DecodeAnalyze reads and checks a stateless analyze request.
func DecodeAnalyze(data []byte) (AnalyzeRequest, error) {
	var r AnalyzeRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	return r, r.check()
}

func (r AnalyzeRequest) check() error {
	hasState := len(bytes.TrimSpace(r.State)) > 0 && string(bytes.TrimSpace(r.State)) != "null"
	switch {
	case hasState == (r.Record != nil):
		return fmt.Errorf("%w: give exactly one of \"state\" (with \"game\") and \"record\"", ErrBadRequest)
	case hasState && strings.TrimSpace(r.Game) == "":
		return fmt.Errorf("%w: \"game\" is required with \"state\"", ErrBadRequest)
	case r.Seat != nil && *r.Seat < 0:
		return fmt.Errorf("%w: seat %d is negative", ErrBadRequest, *r.Seat)
	}
	return r.AnalyzeOptions.check()
}

// DecodeSessionAnalyze reads and checks the body of a session's analyze
// request (without op, id and session).
func DecodeSessionAnalyze(data []byte) (SessionAnalyzeRequest, error) {
	var r SessionAnalyzeRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	if r.Seat != nil && *r.Seat < 0 {
		return r, fmt.Errorf("%w: seat %d is negative", ErrBadRequest, *r.Seat)
	}
	return r, r.AnalyzeOptions.check()
}

func (o AnalyzeOptions) check() error {
	switch {
	case o.Sims < 0:
		return fmt.Errorf("%w: sims %d is negative", ErrBadRequest, o.Sims)
	case o.Top < 0:
		return fmt.Errorf("%w: top %d is negative", ErrBadRequest, o.Top)
	}
	return nil
}

// Analyze analyses the request's position as r.Seat (or the seat to move)
// sees it. Nothing is kept. Errors: those of best, and engine.ErrTerminal
// (game_over) for a finished game.
func (sv *Service) Analyze(ctx context.Context, r AnalyzeRequest) (Analysis, error) {
	if err := r.check(); err != nil {
		return Analysis{}, err
	}
	specs, err := sv.analyzeSpecs(r.AnalyzeOptions)
	if err != nil {
		return Analysis{}, err
	}
	ctx, cancel := sv.withTimeout(ctx)
	defer cancel()
	return bounded(ctx, sv.log, func(func() bool) (Analysis, error) {
		g, st, err := sv.position(BestRequest{Game: r.Game, Params: r.Params, State: r.State, Record: r.Record})
		if err != nil {
			return Analysis{}, err
		}
		seat := -1
		if r.Seat != nil {
			seat = *r.Seat
		}
		return sv.analyze(ctx, g, st, seat, specs, r.AnalyzeOptions)
	})
}

// AnalyzeSession analyses a session's position now as one seat sees it:
// r.Seat, which needs that seat's token or the creator's; without it the
// token's seat, or for the creator's token the seat to move. The session
// is not changed, and the analysis does not wait for its AI to finish
// thinking (it reads the position as it stands).
func (sv *Service) AnalyzeSession(ctx context.Context, c Caller, id string, r SessionAnalyzeRequest) (Analysis, error) {
	if err := r.AnalyzeOptions.check(); err != nil {
		return Analysis{}, err
	}
	s, ro, err := sv.open(c, id)
	if err != nil {
		return Analysis{}, err
	}
	seat, err := ro.viewSeat(r.Seat)
	if err != nil {
		return Analysis{}, err
	}
	if n := s.game.NumPlayers(); seat >= n {
		return Analysis{}, fmt.Errorf("%w: seat %d: %s has seats 0 to %d", ErrBadRequest, seat, s.game.Spec().Name, n-1)
	}
	specs, err := sv.analyzeSpecs(r.AnalyzeOptions)
	if err != nil {
		return Analysis{}, err
	}
	st, _, err := s.snapshot(sv.now())
	if err != nil {
		return Analysis{}, err
	}
	ctx, cancel := sv.withTimeout(ctx)
	defer cancel()
	return bounded(ctx, sv.log, func(func() bool) (Analysis, error) {
		return sv.analyze(ctx, s.game, st, seat, specs, r.AnalyzeOptions)
	})
}

// analyzeSpecs are the agent specs to try, in turn, with the sims applied
// and checked against the limits: the request's, or the defaults that the
// server offers.
func (sv *Service) analyzeSpecs(o AnalyzeOptions) ([]string, error) {
	asked := strings.TrimSpace(o.Agent)
	candidates := []string{asked}
	if asked == "" {
		candidates = defaultAnalyzeAgents
	}
	var specs []string
	var firstErr error
	for _, c := range candidates {
		spec, err := sv.analyzeSpec(c, o.Sims)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		specs = append(specs, spec)
	}
	if len(specs) == 0 {
		return nil, firstErr
	}
	return specs, nil
}

// analyzeSpec applies the sims to spec (the request's, or the default for
// an agent with a sims option its spec does not set) and checks it.
func (sv *Service) analyzeSpec(spec string, sims int) (string, error) {
	name, opts, err := agents.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	info, err := agents.Lookup(name)
	if err != nil {
		return "", err
	}
	if _, given := opts["sims"]; sims == 0 && !given && hasOption(info, "sims") {
		sims = DefaultAnalyzeSims
	}
	if sims > 0 {
		if spec, err = withSims(spec, sims); err != nil {
			return "", err
		}
	}
	if err := sv.limits.CheckAgent(spec); err != nil {
		return "", err
	}
	if err := sv.limits.CheckFiles(spec); err != nil {
		return "", err
	}
	return spec, nil
}

// analyzeStream is the PCG stream of the generator that redraws what the
// analysed seat may not know.
const analyzeStream = 0x616e616c797a65

// analyze is the analysis of st as seat sees it (-1: the seat to move),
// with the first of specs that makes an agent.
func (sv *Service) analyze(ctx context.Context, g engine.Game, st engine.State, seat int, specs []string, o AnalyzeOptions) (Analysis, error) {
	if st.IsTerminal() {
		return Analysis{}, fmt.Errorf("%w: nothing to analyse", engine.ErrTerminal)
	}
	p := st.CurrentPlayer()
	if p < 0 {
		return Analysis{}, fmt.Errorf("%w: %s is to act (send the outcome, then ask again)", agents.ErrNotToAct, p)
	}
	if seat >= g.NumPlayers() {
		return Analysis{}, fmt.Errorf("%w: seat %d: %s has seats 0 to %d", ErrBadRequest, seat, g.Spec().Name, g.NumPlayers()-1)
	}
	if seat < 0 {
		seat = int(p)
	}
	viewer := engine.Player(seat)
	if engine.CurrentPlayerFor(st, viewer) == engine.Hidden {
		return Analysis{}, fmt.Errorf("%w: other seats choose in secret, and seat %d may not know whose choice it is; ask when a seat it may know is to move", ErrNotYourTurn, seat)
	}
	// The position as the seat sees it: what it may not know redrawn, so
	// that no agent (not even mcts:mode=perfect) can use it.
	world := st.Resample(viewer, rand.New(rand.NewPCG(o.Seed, analyzeStream)))
	if world.CurrentPlayer() != p {
		return Analysis{}, fmt.Errorf("%w: the game's Resample changed the player to move", ErrInternal)
	}
	var ag agents.Agent
	var spec string
	var err error
	for _, spec = range specs {
		var served string
		if served, err = sv.limits.served(spec); err == nil {
			ag, err = agents.New(g, served, o.Seed)
		}
		if err == nil {
			break
		}
	}
	if err != nil {
		return Analysis{}, agentErr(err)
	}
	run := sv.searchRun()
	defer run.done()
	if err := run.acquire(ctx); err != nil {
		return Analysis{}, err
	}
	top := o.Top
	if top == 0 {
		top = DefaultAnalyzeTop
	}
	top = min(top, sv.limits.MaxTop)
	a := analysis{g: g, world: world, viewer: viewer, mover: p, spec: spec}
	a.out = Analysis{ToMove: int(p), Agent: spec, Seat: seat, Moves: []AnalyzedMove{}, PV: []string{}}
	if err := a.fill(ctx, ag, top); err != nil {
		if ctx.Err() != nil {
			return Analysis{}, fmt.Errorf("%w: %v", ErrTimeout, context.Cause(ctx))
		}
		return Analysis{}, err
	}
	return a.out, nil
}

// searcher is an agent that plays the moves of a tree search
// (agents/mctsagent, and az through it).
type searcher interface {
	Search() *mcts.Search
}

// valuer is an agent with a value head (net).
type valuer interface {
	Values(s engine.State) ([]float32, error)
}

// analysis is one analysis in the making.
type analysis struct {
	g      engine.Game
	world  engine.State
	viewer engine.Player
	mover  engine.Player
	spec   string
	out    Analysis
}

// fill asks the agent, as much as it can tell.
func (a *analysis) fill(ctx context.Context, ag agents.Agent, top int) error {
	if s, ok := ag.(searcher); ok && s.Search() != nil {
		return a.fromSearch(ctx, s.Search(), top)
	}
	if pol, ok := ag.(agents.Policier); ok {
		probs, err := agents.PolicyContext(ctx, pol, a.world.Clone())
		if err != nil {
			return fmt.Errorf("%w: %s policy: %w", ErrAgent, a.spec, err)
		}
		a.out.Kind = "policy"
		probs = slices.Clone(probs)
		slices.SortStableFunc(probs, func(x, y agents.ActionProb) int {
			switch {
			case x.Prob > y.Prob:
				return -1
			case x.Prob < y.Prob:
				return 1
			}
			return int(x.Action) - int(y.Action)
		})
		for _, pr := range probs {
			if !engine.IsLegal(a.world, pr.Action) {
				return fmt.Errorf("%w: %s policy gives %d, which is not legal", ErrAgent, a.spec, pr.Action)
			}
			if !finite(pr.Prob) {
				return fmt.Errorf("%w: %s policy gives %d the probability %v", ErrAgent, a.spec, pr.Action, pr.Prob)
			}
			if len(a.out.Moves) < top {
				m := a.move(pr.Action)
				m.Share, m.Prior = round6(pr.Prob), round6(pr.Prob)
				m.PV = []string{m.Move}
				a.out.Moves = append(a.out.Moves, m)
			}
		}
		if v, ok := ag.(valuer); ok {
			vals, err := v.Values(a.world.Clone())
			if err != nil {
				return fmt.Errorf("%w: %s values: %w", ErrAgent, a.spec, err)
			}
			f := make([]float64, len(vals))
			for i, x := range vals {
				f[i] = float64(x)
			}
			if err := a.values(f); err != nil {
				return err
			}
		}
	} else {
		act, err := agents.ActContext(ctx, ag, a.world.Clone())
		if err != nil {
			return fmt.Errorf("%w: %s: %w", ErrAgent, a.spec, err)
		}
		if !engine.IsLegal(a.world, act) {
			return fmt.Errorf("%w: %s chose %d, which is not legal", ErrAgent, a.spec, act)
		}
		a.out.Kind = "move"
		m := a.move(act)
		m.Share, m.Prior = 1, 1
		m.PV = []string{m.Move}
		if top > 0 {
			a.out.Moves = append(a.out.Moves, m)
		}
	}
	if len(a.out.Moves) > 0 {
		a.out.PV = slices.Clone(a.out.Moves[0].PV)
	}
	return nil
}

// fromSearch runs the search and reads its root.
func (a *analysis) fromSearch(ctx context.Context, s *mcts.Search, top int) error {
	r, err := s.RunContext(ctx, a.world.Clone())
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrAgent, a.spec, err)
	}
	a.out.Kind = "search"
	a.out.Sims = r.Sims
	if err := a.values(r.Values); err != nil {
		return err
	}
	stats := s.RootStats()
	total := 0
	for _, e := range stats {
		total += e.Visits
	}
	for _, e := range stats {
		if len(a.out.Moves) == top {
			break
		}
		if !engine.IsLegal(a.world, e.Action) {
			continue // legal in other worlds of an information-set search only
		}
		m := a.move(e.Action)
		m.Visits, m.Prior = e.Visits, round6(e.Prior)
		if total > 0 {
			m.Share = round6(float64(e.Visits) / float64(total))
		}
		if !math.IsNaN(e.Q) {
			q := round6(e.Q)
			m.Q = &q
		}
		m.PV = a.line(s.Line(e.Action, analyzePV))
		a.out.Moves = append(a.out.Moves, m)
	}
	a.out.PV = a.line(s.PrincipalVariation(analyzePV))
	return nil
}

// move is action act at the root, named as the analysed seat may know it.
func (a *analysis) move(act engine.Action) AnalyzedMove {
	name := engine.ActionStringFor(a.world, a.viewer, act)
	label := name
	// A label is the mover's words about its own move; for another seat's
	// secret choice (in a world drawn for the viewer) the vague name is all.
	if _, hidden := a.world.(engine.PlayerViewer); !hidden || a.mover == a.viewer {
		label = engine.ActionLabel(a.world, act)
	}
	return AnalyzedMove{Action: act, Move: name, Label: label}
}

// line names a line of actions from the root, as the analysed seat sees
// them played (another seat's secret choice in the drawn world by its
// vague name).
func (a *analysis) line(actions []engine.Action) []string {
	out := make([]string, 0, len(actions))
	st := a.world.Clone()
	for _, act := range actions {
		if !engine.IsLegal(st, act) {
			break
		}
		out = append(out, engine.ActionStringFor(st, a.viewer, act))
		st.Apply(act)
	}
	return out
}

// values sets the per-seat values and, for a two-seat zero-sum game, the
// win estimates.
func (a *analysis) values(v []float64) error {
	if len(v) != a.g.NumPlayers() {
		return fmt.Errorf("%w: %s gives %d values for %d seats", ErrAgent, a.spec, len(v), a.g.NumPlayers())
	}
	lo, hi := a.g.MinUtility(), a.g.MaxUtility()
	a.out.Values = make([]float64, len(v))
	for i, x := range v {
		if !finite(x) {
			return fmt.Errorf("%w: %s gives seat %d the value %v", ErrAgent, a.spec, i, x)
		}
		a.out.Values[i] = round6(x)
	}
	if len(v) == 2 && a.g.Spec().Utility == engine.ZeroSum && hi > lo {
		a.out.Win = make([]float64, 2)
		for i, x := range v {
			a.out.Win[i] = round6(min(max((x-lo)/(hi-lo), 0), 1))
		}
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// round6 rounds to 6 decimals: what a bar or a list shows, and answers that
// read the same on every platform.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

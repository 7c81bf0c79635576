package distributed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// An evaluation match of a training run (training.Match) is played like a
// tournament: one item per game index, each the game EvalMatch plays at
// that index, with the networks in ModelBucket under names made of a
// digest of their content, "<run>/eval/<digest>" (never a self-play
// version, "<run>/<it>").

var matchKeyRE = regexp.MustCompile(`^[0-9a-f]{16}$`)

// matchKey is the key of an evaluation match: a digest of its item (the
// networks' digests among its fields), so that the items and results of
// two matches never mix, and the same match queued again (by a resumed
// learner) has the same ids.
func matchKey(base Item) (string, error) {
	base.Index, base.Match = 0, ""
	data, err := json.Marshal(&base)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8]), nil
}

// evalModelPrefix starts the names of a run's evaluation networks.
func evalModelPrefix(run string) string { return run + "/eval/" }

// playEval plays an evaluation item: exactly the game EvalMatch plays at
// its index.
func (w *Worker) playEval(ctx context.Context, g engine.Game, it *Item) ([]byte, error) {
	net, err := w.network(ctx, g, it.Model)
	if err != nil {
		return nil, err
	}
	m := training.Match{Name: it.Name, Net: net, Search: *it.Search, Opponent: training.Opponent{Name: it.Opponent}}
	if it.OpponentModel != "" {
		if m.Opponent.Net, err = w.network(ctx, g, it.OpponentModel); err != nil {
			return nil, err
		}
	}
	return playEntrants(g, m.Entrants(g), it)
}

// Play implements training.MatchSource: it stores the match's networks,
// queues its games and gathers their results, each counted once (a
// repeat, a game of another match or run, a malformed message is logged
// and dropped), and returns the candidate's results, those EvalMatch gives
// in one process. The results are read from the stream position where
// the last self-play iteration's (or the last match's) ended, so that a
// resumed learner uses the games published before it stopped; they stay
// in the stream, like self-play's. A game that fails stops the match with
// its error (wrapping ErrGame), and its games not yet played are taken off
// the queue.
func (s *Source) Play(m training.Match) (arena.AgentStats, error) {
	fail := func(err error) (arena.AgentStats, error) {
		return arena.AgentStats{}, fmt.Errorf("evaluation %s vs %s: %w", m.Name, m.Opponent.Name, err)
	}
	if err := CheckJob(s.Run); err != nil {
		return fail(err)
	}
	if m.Net == nil || m.Name == "" || m.Opponent.Name == "" || m.Games < 1 || m.Opening < 0 {
		return fail(fmt.Errorf("%w: a match of %d games, opening %d, needs a network and names", arena.ErrBadConfig, m.Games, m.Opening))
	}
	ents := m.Entrants(s.Game)
	if m.Opponent.Net == nil { // fail early on a bad spec, as arena.Run does
		if _, err := ents[len(ents)-1].New(m.Seed); err != nil {
			return fail(err)
		}
	}
	cand, opp, err := s.storeEvalModels(m)
	if err != nil {
		return fail(err)
	}
	search := m.Search
	base := Item{Kind: KindEval, Job: s.Run, Game: s.Game.Spec().Name, Params: s.Game.Params(),
		Seed: m.Seed, Opening: m.Opening, Iteration: m.Iteration, Model: cand,
		Name: m.Name, Search: &search, Opponent: m.Opponent.Name, OpponentModel: opp}
	if base.Match, err = matchKey(base); err != nil {
		return fail(err)
	}
	subject := resultSubject(KindEval, s.Run)
	cons, err := orderedConsumer(s.Ctx, s.JS, subject, s.evalFrom)
	if err != nil {
		return fail(err)
	}
	if err := publishItems(s.Ctx, s.JS, base, 0, m.Games); err != nil {
		return fail(err)
	}
	decode := func(data []byte) (int, arena.GameResult, error) { return decodeArena(data, s.Run, base.Match) }
	games, _, pos, err := gather(s.Ctx, cons, m.Games, "run "+s.Run+" evaluation", s.Logf, decode, nil)
	if errors.Is(err, ErrGame) {
		// A resumed learner reads the failed game again: the other games
		// would never be used.
		if perr := purge(s.JS, WorkStream, workSubject(KindEval, s.Run)); perr != nil && s.Logf != nil {
			s.Logf("run %s: %v", s.Run, perr)
		}
	}
	if err != nil {
		return fail(err)
	}
	s.evalFrom = pos
	rep, err := arena.Summarize(s.Game, arena.Names(ents), m.Seed, games)
	if err != nil {
		return fail(err)
	}
	return rep.Agents[0], nil
}

// storeEvalModels stores the match's networks in ModelBucket, named after
// their content: the opponent's (empty for an agent spec) and the
// candidate's, which is stored once for all its matches and is the next
// evaluation's opponent. The run's other evaluation networks but the
// heldModels used last are deleted (their items are all played).
func (s *Source) storeEvalModels(m training.Match) (cand, opp string, err error) {
	prefix := evalModelPrefix(s.Run)
	var names []string
	var data [][]byte
	for _, net := range []*models.Network{m.Opponent.Net, m.Net} { // the candidate last: it stays
		if net == nil {
			continue
		}
		b, err := encodeModel(s.Game, net)
		if err != nil {
			return "", "", err
		}
		sum := sha256.Sum256(b)
		name := prefix + hex.EncodeToString(sum[:8])
		names, data = append(names, name), append(data, b)
		s.evalHeld = append(slices.DeleteFunc(s.evalHeld, func(h string) bool { return h == name }), name)
	}
	s.evalHeld = slices.Clone(s.evalHeld[max(0, len(s.evalHeld)-heldModels):])
	stored, err := listModels(s.Ctx, s.JS, prefix)
	if err != nil {
		return "", "", err
	}
	stale := slices.DeleteFunc(stored, func(name string) bool { return slices.Contains(s.evalHeld, name) })
	for i, name := range names {
		var drop []string
		if i == len(names)-1 {
			drop = stale
		}
		if err := storeModel(s.Ctx, s.JS, name, data[i], true, drop...); err != nil {
			return "", "", err
		}
	}
	cand = names[len(names)-1]
	if len(names) == 2 {
		opp = names[0]
	}
	return cand, opp, nil
}

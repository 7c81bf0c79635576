package distributed

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
	"github.com/moongym/moongym/training/imitation"
)

// An imitation of a training run (training.RunImitation: a recipe's warm
// start, a DAgger round) is played like an evaluation match: one item per
// game number (the recorded games 0..Games-1, then the held-out ones from
// imitation.HeldOutBase on), each the record training's recorder makes
// for that number in one process, with the followed network and the
// teacher in ModelBucket under names made of a digest of their content,
// "<run>/imitate/<digest>". The results go to a subject of the
// imitation's own, moongym.results.imitate.<run>.<key>, the key a digest
// of its item (settings and networks): a learner reads them from the
// subject's start, so that a resumed one finds every game published
// before it stopped, and nothing of another imitation.

var _ training.ImitationSource = (*Source)(nil)

// imitationMsg is the result message of one imitation game, gob-encoded:
// the run, game and imitation (its key) it belongs to, the game's number
// and its record, or the error that stopped the game.
type imitationMsg struct {
	Run    string
	Game   string
	Params string
	Key    string
	Index  int
	Record imitation.Record
	Error  string
}

// errEnough: the imitation wants no more games (its more said so).
var errEnough = errors.New("enough games")

// imitationSubject is the subject of the results of a run's imitation.
func imitationSubject(run, key string) string { return resultSubject(KindImitate, run) + "." + key }

// imitationModelPrefix starts the names of a run's imitation networks.
func imitationModelPrefix(run string) string { return run + "/imitate/" }

// imitationGame reports whether game is a number of cfg's games: a
// recorded one or a held-out one.
func imitationGame(cfg training.ImitateConfig, game int) bool {
	return (game >= 0 && game < cfg.Games) || (game >= imitation.HeldOutBase && game-imitation.HeldOutBase < cfg.HoldOut)
}

// playImitation plays an imitation item: the record of game number Index
// that training.NewImitationRecorder's recorder gives, with the networks
// the item's settings name loaded from ModelBucket.
func (w *Worker) playImitation(ctx context.Context, g engine.Game, it *Item) ([]byte, error) {
	cfg := *it.Imitation
	var follow, teacher *models.Network
	var err error
	if cfg.Follow > 0 {
		if follow, err = w.network(ctx, g, cfg.FollowModel); err != nil {
			return nil, err
		}
	}
	if cfg.Teacher != "" {
		if teacher, err = w.network(ctx, g, cfg.Teacher); err != nil {
			return nil, err
		}
	}
	r, err := training.NewImitationRecorder(g, cfg, follow, teacher)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadItem, err)
	}
	msg := imitationMsg{Run: it.Job, Game: it.Game, Params: it.Params.String(), Key: it.Match, Index: it.Index}
	if msg.Record, err = r.Play(it.Index); err != nil {
		msg.Record, msg.Error = imitation.Record{}, err.Error()
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&msg); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Records implements training.ImitationSource: it stores the imitation's
// networks, queues games first..last-1 (item ids
// item/imitate/<run>/<key>/<game>, so that queuing them again after a
// restart queues nothing) and gathers their records, handing each on in
// the games' order as soon as the games before it are in. Every game is
// counted once: a repeat, a malformed message or record (one that does not
// replay), a game of another run, imitation or number is logged and
// dropped; the games of the imitation's other phase and those a resumed
// learner kept are passed over without a word. A game that fails on a
// worker stops it with its error (wrapping ErrGame); then, and when more
// stops the games, the games not yet played are taken off the queue. Any
// other stop (ctx or s.Ctx done, an error of each) leaves them queued: a
// resumed learner queues them again (nothing new) and reads their results
// back.
func (s *Source) Records(ctx context.Context, cfg training.ImitateConfig, first, last int, more func(game int) bool,
	each func(game int, rec imitation.Record) error) error {
	fail := func(err error) error { return fmt.Errorf("imitation games %d..%d: %w", first, last-1, err) }
	if err := CheckJob(s.Run); err != nil {
		return fail(err)
	}
	if last <= first {
		return nil
	}
	if !(first >= 0 && last <= cfg.Games) && !(first >= imitation.HeldOutBase && last-imitation.HeldOutBase <= cfg.HoldOut) {
		return fail(fmt.Errorf("%w: games %d..%d of an imitation of %d games and %d held-out ones",
			training.ErrBadImitation, first, last-1, cfg.Games, cfg.HoldOut))
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if s.Ctx != nil {
		defer context.AfterFunc(s.Ctx, cancel)()
	}
	base, err := s.imitationItem(ctx, cfg)
	if err != nil {
		return fail(err)
	}
	cons, err := orderedConsumer(ctx, s.JS, imitationSubject(s.Run, base.Match), 0)
	if err != nil {
		return fail(err)
	}
	if err := publishItems(ctx, s.JS, base, first, last); err != nil {
		return fail(err)
	}
	next, pending := first, map[int]*imitation.Record{}
	onGame := func(i int, rec *imitation.Record, _ int) error {
		pending[first+i] = rec
		for {
			r, ok := pending[next]
			if !ok {
				return nil
			}
			delete(pending, next)
			if err := ctx.Err(); err != nil {
				return err // stopped: hand on nothing more, as in one process
			}
			if more != nil && !more(next) {
				return errEnough
			}
			err := each(next, *r)
			*r = imitation.Record{} // each has it: gather keeps only the pointer
			if err != nil {
				return err
			}
			next++
		}
	}
	decode := s.imitationDecoder(cfg, base.Match, first, last)
	_, _, _, err = gather(ctx, cons, last-first, "run "+s.Run+" imitation", s.Logf, decode, onGame)
	if errors.Is(err, ErrGame) || errors.Is(err, errEnough) {
		// The games not yet played would never be used: a resumed
		// learner reads the failed game again, and wants no more.
		if perr := purge(s.JS, WorkStream, workSubject(KindImitate, s.Run)); perr != nil && s.Logf != nil {
			s.Logf("run %s: %v", s.Run, perr)
		}
	}
	if errors.Is(err, errEnough) {
		return nil
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// imitationDecoder decodes the result messages of games first..last-1 of
// the imitation cfg with key (see gather).
func (s *Source) imitationDecoder(cfg training.ImitateConfig, key string, first, last int) func(data []byte) (int, *imitation.Record, error) {
	name, params := s.Game.Spec().Name, s.Game.Params().String()
	return func(data []byte) (int, *imitation.Record, error) {
		var m imitationMsg
		switch err := gob.NewDecoder(bytes.NewReader(data)).Decode(&m); {
		case err != nil:
			return -1, nil, fmt.Errorf("not an imitation record: %w", err)
		case m.Run != s.Run || m.Game != name || m.Params != params:
			return -1, nil, fmt.Errorf("from run %q of %s %s", m.Run, m.Game, m.Params)
		case m.Key != key:
			return -1, nil, fmt.Errorf("of imitation %q, not %q", m.Key, key)
		case m.Index < first || m.Index >= last:
			if imitationGame(cfg, m.Index) {
				return -1, nil, errSkip
			}
			return -1, nil, fmt.Errorf("game %d is not one of the imitation's", m.Index)
		case m.Error != "":
			return m.Index - first, nil, fmt.Errorf("%w: imitation game %d: %s", ErrGame, m.Index, m.Error)
		}
		if err := training.CheckImitationRecord(s.Game, cfg, m.Index, m.Record); err != nil {
			return -1, nil, fmt.Errorf("game %d: %w", m.Index, err)
		}
		return m.Index - first, &m.Record, nil
	}
}

// imitationItem is the item of cfg's games (Index aside): the networks its
// model files hold (training.ImitationNetworks) stored in ModelBucket, and
// named in its settings in place of the files, and its key.
func (s *Source) imitationItem(ctx context.Context, cfg training.ImitateConfig) (Item, error) {
	follow, teacher, err := training.ImitationNetworks(s.Game, cfg)
	if err != nil {
		return Item{}, err
	}
	names, err := s.storeImitationModels(ctx, follow, teacher)
	if err != nil {
		return Item{}, err
	}
	if follow != nil {
		cfg.FollowModel = names[0]
	}
	if teacher != nil {
		cfg.Teacher = names[1]
	}
	base := Item{Kind: KindImitate, Job: s.Run, Game: s.Game.Spec().Name, Params: s.Game.Params(), Imitation: &cfg}
	if base.Match, err = matchKey(base); err != nil {
		return Item{}, err
	}
	return base, nil
}

// storeImitationModels stores nets (nil ones aside) in ModelBucket, named
// after their content, and returns their names; the run's other
// imitation networks are deleted (the run plays one imitation at a time,
// so their items are all played).
func (s *Source) storeImitationModels(ctx context.Context, nets ...*models.Network) ([]string, error) {
	prefix := imitationModelPrefix(s.Run)
	names, data := make([]string, len(nets)), make([][]byte, len(nets))
	for i, net := range nets {
		if net == nil {
			continue
		}
		b, err := encodeModel(s.Game, net)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(b)
		names[i], data[i] = prefix+hex.EncodeToString(sum[:8]), b
	}
	stored, err := listModels(ctx, s.JS, prefix)
	if err != nil {
		return nil, err
	}
	stale := slices.DeleteFunc(stored, func(name string) bool { return slices.Contains(names, name) })
	for i, name := range names {
		if name == "" {
			continue
		}
		if err := storeModel(ctx, s.JS, name, data[i], true); err != nil {
			return nil, err
		}
	}
	if err := deleteModels(ctx, s.JS, stale); err != nil {
		return nil, err
	}
	return names, nil
}

package distributed

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/training"
)

// ErrBadItem: a work item or a result message is malformed, or belongs to
// another job, game or model version; its reader logs it and drops it.
var ErrBadItem = errors.New("bad work item")

// Kinds of work.
const (
	KindArena    = "arena"
	KindSelfPlay = "selfplay"
	KindEval     = "eval"
	KindImitate  = "imitate"
)

// Item is one game to play: game Index of an arena job, of a self-play
// iteration of a training run, of one of its evaluation matches, or of
// one of its imitations. It travels as JSON on the subject
// moongym.work.<kind>.<job>.
type Item struct {
	Kind string `json:"kind"`
	// Job is the arena job's id or the training run's name (a subject
	// token: letters, digits, '-' and '_').
	Job    string        `json:"job"`
	Game   string        `json:"game"`
	Params engine.Params `json:"params"`
	Index  int           `json:"index"`

	// Arena: the agent specs, the tournament seed and its random opening
	// decisions (arena.Config). An evaluation match has a seed and an
	// opening too.
	Agents  []string `json:"agents,omitempty"`
	Seed    uint64   `json:"seed,omitempty"`
	Opening int      `json:"opening,omitempty"`

	// Self-play: the run's settings, the iteration, and the object in
	// ModelBucket holding the model that plays it (its version is the
	// iteration).
	Config    *training.Config `json:"config,omitempty"`
	Iteration int64            `json:"iteration,omitempty"`
	Model     string           `json:"model,omitempty"`

	// Evaluation (see training.Match): Iteration, Model (the object of the
	// candidate's network), the candidate's name and search, the opponent
	// (an agent spec, or with OpponentModel the name of the network in
	// that object), and Match, the match's key (see matchKey).
	Name          string       `json:"name,omitempty"`
	Search        *mcts.Config `json:"search,omitempty"`
	Opponent      string       `json:"opponent,omitempty"`
	OpponentModel string       `json:"opponent_model,omitempty"`
	Match         string       `json:"match,omitempty"`

	// Imitation: the imitation's settings, whose FollowModel and Teacher
	// name objects in ModelBucket (not files), and Match, the imitation's
	// key (see matchKey). Index is the game's number (imitation.Seeds): a
	// held-out game's is imitation.HeldOutBase and more.
	Imitation *training.ImitateConfig `json:"imitation,omitempty"`
}

var jobName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// CheckJob reports whether name can name a job or a run.
func CheckJob(name string) error {
	if !jobName.MatchString(name) {
		return fmt.Errorf("%w: job or run name %q: want 1 to 64 letters, digits, '-' or '_'", ErrBadItem, name)
	}
	return nil
}

func (it *Item) check() error {
	if err := CheckJob(it.Job); err != nil {
		return err
	}
	if it.Index < 0 {
		return fmt.Errorf("%w: index %d", ErrBadItem, it.Index)
	}
	switch it.Kind {
	case KindArena:
		if len(it.Agents) == 0 {
			return fmt.Errorf("%w: arena item without agents", ErrBadItem)
		}
	case KindSelfPlay:
		if it.Config == nil || it.Model == "" {
			return fmt.Errorf("%w: self-play item without settings or model", ErrBadItem)
		}
	case KindEval:
		if it.Model == "" || it.Search == nil || it.Name == "" || it.Opponent == "" || !matchKeyRE.MatchString(it.Match) {
			return fmt.Errorf("%w: evaluation item without a network, search, names or match key", ErrBadItem)
		}
	case KindImitate:
		if it.Imitation == nil || !matchKeyRE.MatchString(it.Match) {
			return fmt.Errorf("%w: imitation item without settings or key", ErrBadItem)
		}
		if !imitationGame(*it.Imitation, it.Index) {
			return fmt.Errorf("%w: game %d is not one of the imitation's %d games and %d held-out ones",
				ErrBadItem, it.Index, it.Imitation.Games, it.Imitation.HoldOut)
		}
	default:
		return fmt.Errorf("%w: kind %q", ErrBadItem, it.Kind)
	}
	return nil
}

func decodeItem(data []byte) (*Item, error) {
	var it Item
	if err := json.Unmarshal(data, &it); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadItem, err)
	}
	if err := it.check(); err != nil {
		return nil, err
	}
	return &it, nil
}

// workSubject and resultSubject are the subjects of a job's items and
// results.
func workSubject(kind, job string) string   { return workPrefix + kind + "." + job }
func resultSubject(kind, job string) string { return resultPrefix + kind + "." + job }

// resultSubjectOf is the subject of an item's result: its job's, and for
// an imitation that of the imitation (resultSubject's and its key), so
// that a learner reads its imitation's results from the start of the
// subject and nothing else.
func resultSubjectOf(it *Item) string {
	if it.Kind == KindImitate {
		return imitationSubject(it.Job, it.Match)
	}
	return resultSubject(it.Kind, it.Job)
}

// itemID and resultID are the message ids (JetStream's Nats-Msg-Id) of a
// game's item and result: the same game always has the same ids, so that a
// repeat within the duplicates window is dropped by the server.
func itemID(it *Item) string { return "item/" + resultID(it) }

func resultID(it *Item) string {
	switch it.Kind {
	case KindEval:
		// A run plays several matches at an iteration.
		return fmt.Sprintf("%s/%s/%d-%s/%d", it.Kind, it.Job, it.Iteration, it.Match, it.Index)
	case KindImitate:
		return fmt.Sprintf("%s/%s/%s/%d", it.Kind, it.Job, it.Match, it.Index)
	}
	return fmt.Sprintf("%s/%s/%d/%d", it.Kind, it.Job, it.Iteration, it.Index)
}

package training

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/moongym/moongym/models"
)

// DAggerRound is an imitation round after a recipe's first: a share of its
// games (Imitation.Follow) is played by the network the round before it
// learned, every decision still labelled by the heuristic (or the expert),
// so that the new network learns the positions its own play drifts into.
// The round learns from the run's initial weights, as a new run of
// "moongym imitate --follow" with the run's seed would.
type DAggerRound struct {
	// Imitation is the round's imitation; its Seed, margins and FollowModel
	// are the run's (BeginDAgger fills them in).
	Imitation ImitateConfig
	// Settings are run settings changed before the round ("name=value,...",
	// as Retune takes them; "" for none): e.g. the value target's margin.
	Settings string
}

// ImitationRounds is the number of imitation rounds the run finished: 0, 1
// for its warm start, one more per DAgger round.
func (t *Trainer) ImitationRounds() int {
	n := len(t.ck.Rounds)
	if t.ck.Imitation != "" {
		n++
	}
	return n
}

// FollowFile is the file in a run's directory that holds the network of
// its imitation round n (1: the first), which DAgger round n follows.
func FollowFile(n int) string { return fmt.Sprintf("imitation-%d.safetensors", n) }

// RoundCurveFiles are the files in a run's directory that keep the
// learning curve of its imitation round n (1: the first) once a DAgger
// round follows it: ImitationCSVFile and ImitationPNGFile hold the latest
// round's.
func RoundCurveFiles(n int) (csvFile, pngFile string) {
	return fmt.Sprintf("imitation-%d.csv", n), fmt.Sprintf("imitation-%d.png", n)
}

// BeginDAgger starts round as the run's next imitation round: the network
// of the round just finished is written to FollowFile in the run's
// directory and its learning curve to RoundCurveFiles, the settings change
// (round.Settings, then over: the caller's, which win), the network, its
// optimizer and the replay buffer start afresh from the run's seed, and
// the round is saved as the run's pending imitation, which RunImitation
// then plays and learns (and a resumed run continues). It returns the
// round's imitation. A run that has not finished an imitation, holds an
// unfinished one or has self-played takes none (ErrNoImitation).
func (t *Trainer) BeginDAgger(round DAggerRound, over string) (ImitateConfig, error) {
	if t.ck.Imitation == "" || t.ck.Pending != nil || t.ck.Iteration > 0 || t.ck.Games > 0 {
		return ImitateConfig{}, fmt.Errorf("%w: a DAgger round follows a finished imitation, before any self-play", ErrNoImitation)
	}
	for _, s := range []string{round.Settings, over} {
		if _, err := t.Retune(s); err != nil {
			return ImitateConfig{}, err
		}
	}
	ic := round.Imitation
	ic.Seed = t.Cfg.Seed
	ic.Margin, ic.MarginScale, ic.MarginAhead = t.Cfg.Margin, t.Cfg.MarginScale, t.Cfg.MarginAhead
	ic.FollowModel = filepath.Join(t.Dir, FollowFile(t.ImitationRounds()))
	ic.Mix = t.ck.Mix
	if err := ic.check(); err != nil {
		return ImitateConfig{}, err
	}
	cur, err := t.encode(t.net)
	if err != nil {
		return ImitateConfig{}, err
	}
	if err := models.WriteFileAtomic(ic.FollowModel, cur); err != nil {
		return ImitateConfig{}, err
	}
	if err := t.writeImitationCurve(RoundCurveFiles(t.ImitationRounds())); err != nil {
		return ImitateConfig{}, err
	}
	if err := t.restart(); err != nil {
		return ImitateConfig{}, err
	}
	t.ck.Rounds = append(t.ck.Rounds, t.ck.Imitation)
	t.ck.Imitation, t.ck.Steps = "", 0
	t.ck.Pending = &imitationState{Config: ic}
	return ic, t.Save()
}

// SaveWarmStart writes the current network, before any self-play, to
// ImitationFile in the run's directory: the warm start's network, which
// self-play's gain is measured against.
func (t *Trainer) SaveWarmStart() error {
	if t.ck.Iteration > 0 || t.ck.Pending != nil {
		return fmt.Errorf("%w: the warm start's network is saved after the imitation, before self-play", ErrNoImitation)
	}
	cur, err := t.encode(t.net)
	if err != nil {
		return err
	}
	return models.WriteFileAtomic(filepath.Join(t.Dir, ImitationFile), cur)
}

// restart gives the run the network, optimizer and replay buffer a new run
// of its game, settings and seed starts with.
func (t *Trainer) restart() error {
	arch, err := t.Cfg.Arch(models.ShapesOf(t.Game))
	if err != nil {
		return err
	}
	m, err := models.NewModel(t.Game, arch, t.Cfg.Seed)
	if err != nil {
		return err
	}
	s := m.Net.Shapes
	adam := NewAdam(m.Net, t.Cfg.LR, t.Cfg.WeightDecay)
	replay := NewReplay(t.Cfg.BufferSize, s.ObsSize(), s.Actions, s.Players)
	l, err := NewLearner(m.Net, adam, replay, t.Cfg.BatchSize)
	if err != nil {
		return err
	}
	if err := t.learner.Close(); err != nil {
		return errors.Join(err, l.Close())
	}
	t.net, t.learner = m.Net, l
	t.ck.Adam, t.ck.Replay = adam, replay
	return nil
}

// imitationData is the provenance of the run's imitation rounds: each
// round's description, in order ("" for none).
func (t *Trainer) imitationData() string {
	rounds := t.ck.Rounds
	if t.ck.Imitation != "" {
		rounds = append(rounds[:len(rounds):len(rounds)], t.ck.Imitation)
	}
	return strings.Join(rounds, "; then DAgger: ")
}

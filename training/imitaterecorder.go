package training

import (
	"fmt"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/agents/netagent"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training/imitation"
)

// Cache sizes of the evaluators of an imitation's followed network and
// teacher (positions remembered; their outputs do not depend on what is
// cached, so the sizes change no record).
const (
	followCache  = 1 << 14
	teacherCache = 1 << 16
)

// newRecorder makes the imitation.Recorder that plays and records cfg's
// games of g on one goroutine: the imitated player (the heuristic, or
// with cfg.Expert the expert) asked at every decision; as the Player the
// imitated player, or with cfg.Follow the network of cfg.FollowModel in
// that share of the games; as the Labeller the imitated player, asked
// cfg.Samples times with Samples above 1, or with cfg.Teacher the search
// of that network (cfg.TeacherSims simulations, the az agent's PUCT) at
// the positions kept.
func newRecorder(g engine.Game, cfg ImitateConfig) (*imitation.Recorder, error) {
	h, err := imitated(g, cfg)
	if err != nil {
		return nil, err
	}
	var player imitation.Player = imitation.Imitated{}
	if cfg.Follow > 0 {
		ev, err := imitationEvaluator(g, cfg.FollowModel, "follow", followCache)
		if err != nil {
			return nil, err
		}
		player = &imitation.Share{Share: cfg.Follow, Player: imitation.NewNetwork(g, ev), Else: imitation.Imitated{}}
	}
	var labeller imitation.Labeller = imitation.Imitated{}
	switch {
	case cfg.Teacher != "":
		ev, err := imitationEvaluator(g, cfg.Teacher, "teacher", teacherCache)
		if err != nil {
			return nil, err
		}
		search := mcts.Config{Sims: cfg.TeacherSims, CPUCT: netagent.DefaultCPUCT, BatchSize: 8}
		labeller = imitation.NewTeacher(g, ev, search)
	case cfg.Samples > 1:
		labeller = imitation.NewSampled(g, h.New, cfg.Samples)
	}
	return &imitation.Recorder{Game: g, Seed: cfg.Seed, Epsilon: cfg.Epsilon, Keep: cfg.Keep,
		Imitated: h.New, Player: player, Labeller: labeller}, nil
}

// imitated is the player an imitation learns from: the game's heuristic,
// or with cfg.Expert its expert player in the heuristic's place.
func imitated(g engine.Game, cfg ImitateConfig) (agents.Heuristic, error) {
	h, err := agents.HeuristicFor(g.Spec().Name)
	if err != nil || !cfg.Expert {
		return h, err
	}
	if h.New, err = agents.ExpertFor(g.Spec().Name); err != nil {
		return h, fmt.Errorf("%w: %w", ErrBadImitation, err)
	}
	return h, nil
}

// imitationEvaluator loads the model file at path for g and makes its
// evaluator (cache positions remembered, every batch on the calling
// goroutine), for an imitation's followed network or teacher (role, in
// the error).
func imitationEvaluator(g engine.Game, path, role string, cache int) (*models.Evaluator, error) {
	m, err := models.LoadFor(path, g)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadImitation, role, err)
	}
	ev, err := models.NewEvaluator(g, m.Net, cache)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadImitation, role, err)
	}
	ev.SetWorkers(1)
	return ev, nil
}

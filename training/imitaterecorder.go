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

// newRecorder makes the imitation.Mix that plays and records cfg's games
// of g (in the configurations of cfg.Mix) on one goroutine (see
// NewImitationRecorder), with the networks of its model files.
func newRecorder(g engine.Game, cfg ImitateConfig) (imitation.Mix, error) {
	games, err := imitationGames(g, cfg)
	if err != nil {
		return nil, err
	}
	return newMixRecorder(games, cfg)
}

// newMixRecorder is newRecorder for the games of cfg's mix, loaded.
func newMixRecorder(games mixGames, cfg ImitateConfig) (imitation.Mix, error) {
	follow, teacher, err := ImitationNetworks(games[0], cfg)
	if err != nil {
		return nil, err
	}
	return mixRecorder(games, cfg, follow, teacher)
}

// ImitationNetworks loads the networks an imitation's games are played
// with, from the model files cfg names: the followed network (nil without
// cfg.Follow) and the teacher (nil without cfg.Teacher). A file that does
// not load, or is not a model of g, is an error wrapping ErrBadImitation.
func ImitationNetworks(g engine.Game, cfg ImitateConfig) (follow, teacher *models.Network, err error) {
	if cfg.Follow > 0 {
		if follow, err = imitationNetwork(g, cfg.FollowModel, "follow"); err != nil {
			return nil, nil, err
		}
	}
	if cfg.Teacher != "" {
		if teacher, err = imitationNetwork(g, cfg.Teacher, "teacher"); err != nil {
			return nil, nil, err
		}
	}
	return follow, teacher, nil
}

// imitationNetwork loads the model file at path for g, an imitation's
// followed network or teacher (role, in the error).
func imitationNetwork(g engine.Game, path, role string) (*models.Network, error) {
	m, err := models.LoadFor(path, g)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadImitation, role, err)
	}
	return m.Net, nil
}

// NewImitationRecorder makes the imitation.Mix that plays and records
// cfg's games of g on one goroutine, given the imitation's networks
// (ImitationNetworks: follow with cfg.Follow, teacher with cfg.Teacher,
// nil otherwise; cfg's model file names are not read): one
// imitation.Recorder per configuration of cfg.Mix (g alone without one),
// game number i played by the Recorder of configuration i mod n, each
// with the imitated player (the heuristic, or with cfg.Expert the expert)
// of its configuration's game asked at every decision; as the Player the
// imitated player, or with cfg.Follow the followed network in that share
// of the games; as the Labeller the imitated player, asked cfg.Samples
// times with Samples above 1, or with cfg.Teacher the teacher's search
// (cfg.TeacherSims simulations, the az agent's PUCT) at the positions
// kept. Every maker of an imitation's games (RunImitation, HeuristicGames,
// a worker of package distributed) uses it, so that game i is the same
// wherever it is played. A bad cfg, a mix that does not load over g, or
// networks that do not match cfg or g, are errors wrapping
// ErrBadImitation.
func NewImitationRecorder(g engine.Game, cfg ImitateConfig, follow, teacher *models.Network) (imitation.Mix, error) {
	games, err := imitationGames(g, cfg)
	if err != nil {
		return nil, err
	}
	return mixRecorder(games, cfg, follow, teacher)
}

// mixRecorder is NewImitationRecorder for the games of cfg's mix. The
// networks' evaluators are shared by the configurations' recorders of the
// first's shapes (an evaluation depends on the observation and the legal
// moves alone, which its cache keys by); a configuration with more seats
// (read through the seat view) has its own.
func mixRecorder(games mixGames, cfg ImitateConfig, follow, teacher *models.Network) (imitation.Mix, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if (follow != nil) != (cfg.Follow > 0) || (teacher != nil) != (cfg.Teacher != "") {
		return nil, fmt.Errorf("%w: follow=%v and teacher %q with a followed network %t and a teacher %t", ErrBadImitation,
			cfg.Follow, cfg.Teacher, follow != nil, teacher != nil)
	}
	first := models.ShapesOf(games[0])
	var shared [2]*models.Evaluator
	out := make(imitation.Mix, len(games))
	for i, g := range games {
		var ev [2]*models.Evaluator
		if i > 0 && first.Equal(models.ShapesOf(g)) {
			ev = shared
		} else {
			var err error
			if ev, err = recorderEvaluators(g, cfg, follow, teacher); err != nil {
				return nil, err
			}
			if i == 0 {
				shared = ev
			}
		}
		var err error
		if out[i], err = configRecorder(g, cfg, ev[0], ev[1]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// recorderEvaluators are the evaluators of an imitation's followed network
// (with cfg.Follow) and teacher (with cfg.Teacher) on g, nil without them.
func recorderEvaluators(g engine.Game, cfg ImitateConfig, follow, teacher *models.Network) (ev [2]*models.Evaluator, err error) {
	if cfg.Follow > 0 {
		if ev[0], err = imitationEvaluator(g, follow, "follow", followCache); err != nil {
			return ev, err
		}
	}
	if cfg.Teacher != "" {
		if ev[1], err = imitationEvaluator(g, teacher, "teacher", teacherCache); err != nil {
			return ev, err
		}
	}
	return ev, nil
}

// configRecorder is the imitation.Recorder of cfg's games played in g, one
// configuration of its mix, with the evaluators of its followed network
// and teacher (nil without them).
func configRecorder(g engine.Game, cfg ImitateConfig, follow, teacher *models.Evaluator) (*imitation.Recorder, error) {
	h, err := imitated(g, cfg)
	if err != nil {
		return nil, err
	}
	var player imitation.Player = imitation.Imitated{}
	if cfg.Follow > 0 {
		player = &imitation.Share{Share: cfg.Follow, Player: imitation.NewNetwork(g, follow), Else: imitation.Imitated{}}
	}
	var labeller imitation.Labeller = imitation.Imitated{}
	switch {
	case cfg.Teacher != "":
		search := mcts.Config{Sims: cfg.TeacherSims, CPUCT: netagent.DefaultCPUCT, BatchSize: 8}
		labeller = imitation.NewTeacher(g, teacher, search)
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

// imitationEvaluator makes the evaluator of net for g (cache positions
// remembered, every batch on the calling goroutine), for an imitation's
// followed network or teacher (role, in the error).
func imitationEvaluator(g engine.Game, net *models.Network, role string, cache int) (*models.Evaluator, error) {
	ev, err := models.NewEvaluator(g, net, cache)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadImitation, role, err)
	}
	ev.SetWorkers(1)
	return ev, nil
}

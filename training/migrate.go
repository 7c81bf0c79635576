package training

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"

	"github.com/moongym/moongym/engine"
)

// decodeCheckpoint decodes a checkpoint payload of the given version
// (checkpointPayload reads it from the header) into the current types, and
// checks that it is whole. It is the one place where older checkpoints
// are read: versions 1 and 2 (checkpointV2, their settings as configV2)
// are upgraded to the current checkpoint here, every default a run begun
// before a setting existed needs included (configV2.upgrade), and so is a
// replay buffer of flat observations (Replay.upgrade). The rest of the
// package sees only current checkpoints.
func decodeCheckpoint(payload []byte, version int) (*checkpoint, error) {
	var c *checkpoint
	switch version {
	case checkpointVersion:
		c = new(checkpoint)
		if err := gob.NewDecoder(bytes.NewReader(payload)).Decode(c); err != nil {
			return nil, err
		}
		if c.Version != version {
			return nil, fmt.Errorf("version %d in a header of version %d: %s", c.Version, version, damaged)
		}
	case legacyCheckpointVersion, 2:
		var old checkpointV2
		if err := gob.NewDecoder(bytes.NewReader(payload)).Decode(&old); err != nil {
			if version == legacyCheckpointVersion {
				return nil, fmt.Errorf("neither a checkpoint with a header (%q, V its version) nor a legacy one (%v): not a checkpoint, or %s", checkpointMagicPrefix+"V\n", err, damaged)
			}
			return nil, err
		}
		switch {
		case version == legacyCheckpointVersion && old.Version != version:
			return nil, fmt.Errorf("version %d without the header of version 2 and later: %s", old.Version, damaged)
		case old.Version != version:
			return nil, fmt.Errorf("version %d in a header of version %d: %s", old.Version, version, damaged)
		}
		var err error
		if c, err = old.upgrade(); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("version %d, want %d or an older one", version, checkpointVersion)
	}
	if c.Adam == nil || c.Replay == nil || c.Replay.Players <= 0 || c.Replay.Cap <= 0 {
		return nil, errors.New("incomplete")
	}
	if err := c.Replay.upgrade(); err != nil {
		return nil, fmt.Errorf("replay buffer: %w", err)
	}
	return c, nil
}

// checkpointV2 is a checkpoint as versions 1 and 2 wrote it (moongym up
// to commit 5886231): checkpoint with the settings of configV2. It is only
// read, never written: keep it as it is.
type checkpointV2 struct {
	Version                          int
	Game                             string
	Params                           engine.Params
	Config                           configV2
	Iteration, Steps, Games, Samples int64
	Elapsed                          float64
	Model, Previous                  []byte
	Adam                             *Adam
	Replay                           *Replay
	BestScore                        float64
	BestIteration                    int64
	Metrics                          []Row
	Position                         uint64
	Imitation                        string
	Rounds, Retunes                  []string
	Pending                          *imitationState
	ImitationCurve                   []ImitatePoint
}

// upgrade is the checkpoint of the current version that holds what o
// holds (no mix: a run of version 2 played its own configuration alone).
func (o *checkpointV2) upgrade() (*checkpoint, error) {
	cfg, err := o.Config.upgrade()
	if err != nil {
		return nil, err
	}
	return &checkpoint{
		Version: checkpointVersion, Game: o.Game, Params: o.Params, Config: cfg,
		Iteration: o.Iteration, Steps: o.Steps, Games: o.Games, Samples: o.Samples, Elapsed: o.Elapsed,
		Model: o.Model, Previous: o.Previous, Adam: o.Adam, Replay: o.Replay,
		BestScore: o.BestScore, BestIteration: o.BestIteration, Metrics: o.Metrics, Position: o.Position,
		Imitation: o.Imitation, Rounds: o.Rounds, Retunes: o.Retunes, Pending: o.Pending, ImitationCurve: o.ImitationCurve,
	}, nil
}

// configV2 is Config as checkpoints of versions 1 and 2 hold it: the
// switches gumbel and shards as the integers 1 and 0, and 0 for a setting
// the run began before (fullprob; groups, whose 0 still means 2; shards,
// whose 0 is the single evaluator of those runs; gumbelm, cvisit and
// cscale, whose 0 the search reads as its default). It is only read, never
// written: keep it as it is.
type configV2 struct {
	Kind                                     string
	Width, Depth, ValueHidden                int
	Games, Parallel, Groups, Shards          int
	Sims, LeafBatch                          int
	CPUCT, Alpha, Epsilon                    float64
	TempMoves, Gumbel, GumbelM               int
	CVisit, CScale, FullProb                 float64
	CheapSims, MaxBatch, CacheSize           int
	BufferSize, BatchSize, Steps, MinSamples int
	LR, WeightDecay, Margin, MarginScale     float64
	MarginAhead                              int
	EvalEvery, EvalGames, EvalSims, EvalOpen int
	CkptEvery                                int
	Seed                                     uint64
}

// upgrade is the Config that plays and learns as o did: its switches as
// booleans, and playout cap randomization off (fullprob=1) in a run begun
// before it existed. The result is validated.
func (o configV2) upgrade() (Config, error) {
	gumbel, err := switchV2("gumbel", o.Gumbel)
	if err != nil {
		return Config{}, err
	}
	shards, err := switchV2("shards", o.Shards)
	if err != nil {
		return Config{}, err
	}
	c := Config{
		Kind: o.Kind, Width: o.Width, Depth: o.Depth, ValueHidden: o.ValueHidden,
		Games: o.Games, Parallel: o.Parallel, Groups: o.Groups, Shards: shards,
		Sims: o.Sims, LeafBatch: o.LeafBatch, CPUCT: o.CPUCT, Alpha: o.Alpha, Epsilon: o.Epsilon, TempMoves: o.TempMoves,
		Gumbel: gumbel, GumbelM: o.GumbelM, CVisit: o.CVisit, CScale: o.CScale,
		FullProb: o.FullProb, CheapSims: o.CheapSims, MaxBatch: o.MaxBatch, CacheSize: o.CacheSize,
		BufferSize: o.BufferSize, BatchSize: o.BatchSize, Steps: o.Steps, MinSamples: o.MinSamples,
		LR: o.LR, WeightDecay: o.WeightDecay, Margin: o.Margin, MarginScale: o.MarginScale, MarginAhead: o.MarginAhead,
		EvalEvery: o.EvalEvery, EvalGames: o.EvalGames, EvalSims: o.EvalSims, EvalOpen: o.EvalOpen,
		CkptEvery: o.CkptEvery, Seed: o.Seed,
	}
	if c.FullProb == 0 {
		c.FullProb = 1 // begun before playout cap randomization: every search full
	}
	if err := c.Validate(); err != nil {
		return Config{}, fmt.Errorf("its settings: %w", err)
	}
	return c, nil
}

// switchV2 reads a switch of configV2: 1 or 0.
func switchV2(name string, v int) (bool, error) {
	if v != 0 && v != 1 {
		return false, fmt.Errorf("%w: %s=%d, want 0 or 1", ErrBadConfig, name, v)
	}
	return v == 1, nil
}

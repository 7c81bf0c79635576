package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// modelObj is a model file's network, for its raw outputs
// (mg_model_predict): what the Python package's reference of the forward
// pass (moongym.models) is checked against, and what its exporter's files
// are read back with.
type modelObj struct {
	mu   sync.Mutex
	m    *models.Model
	pred *models.Predictor
}

func newModelObj(m *models.Model) *modelObj {
	return &modelObj{m: m, pred: m.Net.NewPredictor()}
}

// decodeModel reads a model file's bytes (models.Decode).
func decodeModel(data []byte) (*modelObj, error) {
	m, err := models.Decode(data)
	if err != nil {
		return nil, err
	}
	return newModelObj(m), nil
}

// loadModel reads a model file (models.Load: a regular file of at most
// models.MaxFileBytes).
func loadModel(path string) (*modelObj, error) {
	m, err := models.Load(path)
	if err != nil {
		return nil, badModelFile(err)
	}
	return newModelObj(m), nil
}

// badModelFile classifies a file the system could not open (missing,
// unreadable) as a bad argument; the message names the file.
func badModelFile(err error) error {
	if kindOf(err) == kindOther {
		return fmt.Errorf("%w: %w", errBadArgument, err)
	}
	return err
}

// builtinModel is the model shipped for a game configuration
// (models.LoadBuiltin, what model=builtin plays).
func builtinModel(game, params string) (*modelObj, error) {
	g, err := loadGameText(game, params)
	if err != nil {
		return nil, err
	}
	m, err := models.LoadBuiltin(g)
	if err != nil {
		// No model for the configuration: the caller's argument (not an
		// agent's spec, as models.ErrWrongGame would classify it).
		return nil, fmt.Errorf("%w: %v", errBadArgument, err)
	}
	return newModelObj(m), nil
}

// modelInfo is a model's metadata as mg_model_info writes it. Covers is
// the further configurations the network plays (models.Model.Covers),
// always a list ([] when none).
type modelInfo struct {
	Game         string            `json:"game"`
	Params       engine.Params     `json:"params"`
	Covers       []engine.Params   `json:"covers"`
	Shapes       models.Shapes     `json:"shapes"`
	Architecture models.Arch       `json:"architecture"`
	Provenance   models.Provenance `json:"provenance"`
	Dtype        string            `json:"dtype"`
	NumParams    int               `json:"num_params"`
}

func (o *modelObj) info() (string, error) {
	m := o.m
	covers := m.Covers
	if covers == nil {
		covers = []engine.Params{}
	}
	b, err := json.Marshal(modelInfo{Game: m.Game, Params: m.Params, Covers: covers, Shapes: m.Net.Shapes, Architecture: m.Net.Arch,
		Provenance: m.Provenance, Dtype: m.Dtype, NumParams: m.Net.NumParams()})
	return string(b), err
}

// encode writes the model file in dtype ("F32", "F16" or "Q8" in any case,
// models.ParseDtype; "" keeps the model's own: models.Model.Encode).
func (o *modelObj) encode(dtype string) ([]byte, error) {
	c := *o.m
	if dtype != "" {
		d, err := models.ParseDtype(dtype)
		if err != nil {
			return nil, err
		}
		c.Dtype = d
	}
	var buf bytes.Buffer
	if err := c.Encode(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// predict runs rows observations through the network (models.Predictor):
// the policy (a softmax over the legal actions of each row's mask, zero
// elsewhere) and the values (in [-1, 1], relative to the observer: entry
// k is seat (observer + k) mod players).
func (o *modelObj) predict(rows int, obs, mask, policy, values []float32) error {
	s := o.m.Net.Shapes
	if rows < 0 {
		return fmt.Errorf("%w: %d rows", errBadArgument, rows)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{{"observation", len(obs), rows * s.ObsSize()}, {"mask", len(mask), rows * s.Actions},
		{"policy", len(policy), rows * s.Actions}, {"values", len(values), rows * s.Players}} {
		if err := wantLen(c.what, c.got, c.want); err != nil {
			return err
		}
	}
	return o.pred.Predict(rows, obs, mask, policy, values)
}

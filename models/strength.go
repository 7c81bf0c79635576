package models

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
)

// StrengthFile is the file beside the built-in models that says how strong
// each is: generated (go test ./agents/netagent -run
// TestBuiltinStrengthTable -args -update) from the tournaments of
// docs/benchmarks/builtin, never written by hand.
const StrengthFile = "strength.json"

// Strength is the measured strength of a built-in model file in one of its
// configurations, against the game's heuristic, under the bar its kind of
// game sets (docs/benchmarks/builtin-models.md).
type Strength struct {
	// File and Params name the model file and the configuration.
	File   string `json:"file"`
	Params string `json:"params"`
	// Measure is the kind of tournament: "duel" (two players: az and the
	// raw network against the heuristic), "among" (one az seat among
	// heuristics), "solo" (az and the heuristic on the same game seeds) or
	// "team" (the az team and the heuristic team on the same seeds).
	Measure string `json:"measure"`
	// Summary is the result in one line; Holds whether it meets the bar.
	Summary string `json:"summary"`
	Holds   bool   `json:"holds"`
	// Games is the tournament's length (each agent's, in solo and team).
	Games int `json:"games"`
}

// BuiltinStrengths reads the strengths of the built-in models (none when
// the file is absent).
func BuiltinStrengths() ([]Strength, error) {
	if err := builtinsUnavailable(); err != nil {
		return nil, err
	}
	return strengthsIn(opponents, opponentsDir)
}

func strengthsIn(fsys fs.FS, dir string) ([]Strength, error) {
	data, err := fs.ReadFile(fsys, path.Join(dir, StrengthFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Strength
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("built-in %s: %w", StrengthFile, err)
	}
	return out, nil
}

// BuiltinFileSize is the size in bytes of the built-in model file name.
func BuiltinFileSize(name string) (int64, error) {
	if err := builtinsUnavailable(); err != nil {
		return 0, err
	}
	info, err := fs.Stat(opponents, path.Join(opponentsDir, name))
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}

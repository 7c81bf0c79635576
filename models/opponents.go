package models

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/moongym/moongym/engine"
)

// opponents holds trained model files shipped in the binary, one per game,
// named GAME.safetensors (see opponents/README.md for how each was made).
//
//go:embed opponents
var opponents embed.FS

// Builtin is the model-file name that agents read as "the embedded model
// of the game being played": net:model=builtin, az:model=builtin.
const Builtin = "builtin"

// BuiltinGames lists the games that have an embedded model, sorted.
func BuiltinGames() []string {
	entries, _ := fs.ReadDir(opponents, "opponents")
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".safetensors"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// LoadBuiltin reads the embedded model of game g and checks that it plays
// g; the error lists the games that have one.
func LoadBuiltin(g engine.Game) (*Model, error) {
	name := g.Spec().Name
	data, err := opponents.ReadFile("opponents/" + name + ".safetensors")
	if err != nil {
		return nil, fmt.Errorf("%w: no built-in model for %s (built-in: %s)", ErrWrongGame, name, strings.Join(BuiltinGames(), ", "))
	}
	m, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("built-in %s: %w", name, err)
	}
	if err := m.Check(g); err != nil {
		return nil, fmt.Errorf("built-in %s: %w", name, err)
	}
	return m, nil
}

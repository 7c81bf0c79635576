package models

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/moongym/moongym/engine"
)

// opponents holds trained model files shipped in the binary (see
// opponents/README.md for how each was made). A game may have several,
// one per configuration (parameters), named by the builtin file-name rule:
// GAME.safetensors or GAME.LABEL.safetensors.
//
//go:embed opponents
var opponents embed.FS

// opponentsDir is the folder of opponents that holds the model files.
const opponentsDir = "opponents"

// Builtin is the model-file name that agents read as "the embedded model
// of the game being played": net:model=builtin, az:model=builtin.
const Builtin = "builtin"

// BuiltinExt ends the name of every built-in model file.
const BuiltinExt = ".safetensors"

// BuiltinModel describes one embedded model file.
type BuiltinModel struct {
	// File is the file's name, e.g. "planet-cubes.p4.safetensors".
	File string
	// Game and Params are the game and parameters the model plays, from
	// its metadata.
	Game   string
	Params engine.Params
}

// builtinGame is the game a built-in file name is for, by the file-name
// rule: the name up to its first dot (game names have no dot), for names
// that end in BuiltinExt, do not start with a dot, and have a label
// between game and extension of letters, digits and '-' only (a name
// valid in Go module zips and go:embed); ok is false for other files.
func builtinGame(name string) (game string, ok bool) {
	base, isModel := strings.CutSuffix(name, BuiltinExt)
	if !isModel || base == "" || base[0] == '.' || base[0] == '_' {
		return "", false
	}
	game, label, labelled := strings.Cut(base, ".")
	if labelled {
		if label == "" {
			return "", false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return "", false
			}
		}
	}
	return game, game != ""
}

// builtinFiles lists the model files of dir in fsys, sorted by game, then
// the unlabelled GAME.safetensors first, then by label; with game != "",
// only that game's.
func builtinFiles(fsys fs.FS, dir, game string) []string {
	entries, _ := fs.ReadDir(fsys, dir)
	var files []string
	for _, e := range entries {
		if g, ok := builtinGame(e.Name()); ok && !e.IsDir() && (game == "" || g == game) {
			files = append(files, e.Name())
		}
	}
	// game, then label ("" first): "lunar-rally" must not sort between
	// "lunar" and "lunar.x", nor "a.b" before "a".
	key := func(f string) string {
		g, label, _ := strings.Cut(strings.TrimSuffix(f, BuiltinExt), ".")
		return g + "\x00" + label
	}
	sort.Slice(files, func(i, j int) bool { return key(files[i]) < key(files[j]) })
	return files
}

// BuiltinGames lists the games that have an embedded model, sorted.
func BuiltinGames() []string { return builtinGamesIn(opponents, opponentsDir) }

func builtinGamesIn(fsys fs.FS, dir string) []string {
	var names []string
	for _, f := range builtinFiles(fsys, dir, "") {
		g, _ := builtinGame(f)
		if len(names) == 0 || names[len(names)-1] != g {
			names = append(names, g)
		}
	}
	return names
}

// BuiltinModels describes every embedded model file, sorted by game and
// file; a file that does not decode is an error.
func BuiltinModels() ([]BuiltinModel, error) { return builtinModelsIn(opponents, opponentsDir) }

func builtinModelsIn(fsys fs.FS, dir string) ([]BuiltinModel, error) {
	var out []BuiltinModel
	for _, f := range builtinFiles(fsys, dir, "") {
		m, err := readBuiltin(fsys, dir, f)
		if err != nil {
			return nil, err
		}
		out = append(out, BuiltinModel{File: f, Game: m.Game, Params: m.Params})
	}
	return out, nil
}

func readBuiltin(fsys fs.FS, dir, file string) (*Model, error) {
	data, err := fs.ReadFile(fsys, path.Join(dir, file))
	if err != nil {
		return nil, fmt.Errorf("built-in %s: %w", file, err)
	}
	m, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("built-in %s: %w", file, err)
	}
	return m, nil
}

// LoadBuiltin reads the embedded model that plays game g: among g's files
// (GAME.safetensors and GAME.LABEL.safetensors), the first whose stored
// game, parameters and shapes fit g (Model.Check). The error, wrapping
// ErrWrongGame, lists the configurations that have one (or the games,
// when g has none).
func LoadBuiltin(g engine.Game) (*Model, error) { return loadBuiltinFrom(opponents, opponentsDir, g) }

func loadBuiltinFrom(fsys fs.FS, dir string, g engine.Game) (*Model, error) {
	name := g.Spec().Name
	files := builtinFiles(fsys, dir, name)
	if len(files) == 0 {
		return nil, fmt.Errorf("%w: no built-in model for %s (built-in: %s)", ErrWrongGame, name, strings.Join(builtinGamesIn(fsys, dir), ", "))
	}
	var misfits []string
	var errs []error
	for _, f := range files {
		m, err := readBuiltin(fsys, dir, f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := m.Check(g); err != nil {
			misfits = append(misfits, fmt.Sprintf("%s (%s: %s)", f, m.Game, m.Params))
			continue
		}
		return m, nil
	}
	err := fmt.Errorf("%w: no built-in model for %s with %s; built-in configurations: %s",
		ErrWrongGame, name, g.Params(), strings.Join(misfits, ", "))
	if len(errs) > 0 {
		return nil, errors.Join(append([]error{err}, errs...)...)
	}
	return nil, err
}

package models

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/moongym/moongym/engine"
)

// The built-in models are trained model files shipped with the binary
// (see opponents/README.md for how each was made): embedded in it by
// default (opponents_embed.go), or read at run time from a directory in a
// build with the tag moongym_modelsdir (opponents_dir.go), which leaves
// their 100 MB out of it. Either way opponents is the file system that
// holds them in its folder opponentsDir. A game may have several, one per
// configuration (parameters), named GAME.safetensors or
// GAME-LABEL.safetensors.

// opponentsDir is the folder of opponents that holds the model files.
const opponentsDir = "opponents"

// ErrNoBuiltins: the built-in models cannot be read (a build that reads
// them from a directory was given none, or a directory without them).
var ErrNoBuiltins = errors.New("built-in models not found")

// ErrBuiltinsEmbedded: SetBuiltinDir in a build that embeds the built-in
// models.
var ErrBuiltinsEmbedded = errors.New("this build embeds the built-in models")

// Builtin is the model-file name that agents read as "the embedded model
// of the game being played": net:model=builtin, az:model=builtin.
const Builtin = "builtin"

// BuiltinExt ends the name of every built-in model file.
const BuiltinExt = ".safetensors"

// MaxBuiltinBytes bounds the size of a built-in model file (4 MiB, the
// learned-opponents issue's "a few MB at most"; TestBuiltinSizes). A
// network whose F32 file would be larger ships as F16: AutoDtype, and
// "moongym export --dtype auto", which the training recipes use.
const MaxBuiltinBytes = 4 << 20

// MaxBuiltinTotal bounds the built-in model files together (48 MiB: what
// the CLI and the Python wheel carry for every configuration's opponent;
// TestBuiltinSizes). The files are stored Q8, or Q4 where their
// tournaments hold with 4-bit weights, to fit it
// (docs/benchmarks/builtin-models.md).
const MaxBuiltinTotal = 48 << 20

// AutoDtype is the dtype m ships in as a built-in model: DtypeF32, or
// DtypeF16 when its F32 file would be larger than MaxBuiltinBytes.
func (m *Model) AutoDtype() (string, error) {
	c := *m
	c.Dtype = DtypeF32
	var n byteCounter
	if err := c.Encode(&n); err != nil {
		return "", err
	}
	if n > MaxBuiltinBytes {
		return DtypeF16, nil
	}
	return DtypeF32, nil
}

// byteCounter is an io.Writer that counts what it is given.
type byteCounter int64

func (c *byteCounter) Write(p []byte) (int, error) {
	*c += byteCounter(len(p))
	return len(p), nil
}

// BuiltinModel describes one embedded model file.
type BuiltinModel struct {
	// File is the file's name, e.g. "planet-cubes-p4.safetensors".
	File string
	// Game and Params are the game and the configuration (parameters)
	// the model plays, from its metadata.
	Game   string
	Params engine.Params
	// Covered: Params is one of the model's Covers, a configuration it
	// was measured on without being trained for it, not its own.
	Covered bool
}

// builtinName reports whether name is a built-in model file's name: it ends
// in BuiltinExt, and the rest is letters, digits and '-' (game names are,
// and such a name is valid in Go module zips and go:embed), not starting
// with '-'.
func builtinName(name string) bool {
	base, ok := strings.CutSuffix(name, BuiltinExt)
	if !ok || base == "" || base[0] == '-' {
		return false
	}
	for _, r := range base {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// builtinFileOf reports whether the built-in file name may hold a model of
// game: GAME.safetensors or GAME-LABEL.safetensors. A game whose name
// begins another's and a '-' (none does today) would also see that game's
// files; the model's stored game tells them apart.
func builtinFileOf(name, game string) bool {
	base := strings.TrimSuffix(name, BuiltinExt)
	label, ok := strings.CutPrefix(base, game)
	return builtinName(name) && ok && (label == "" || len(label) > 1 && label[0] == '-')
}

// builtinFiles lists the model files of dir in fsys that may hold a model
// of game (all of them when game is ""), GAME.safetensors first, then by
// name.
func builtinFiles(fsys fs.FS, dir, game string) []string {
	entries, _ := fs.ReadDir(fsys, dir)
	var files []string
	for _, e := range entries {
		if !e.IsDir() && builtinName(e.Name()) && (game == "" || builtinFileOf(e.Name(), game)) {
			files = append(files, e.Name())
		}
	}
	sort.Slice(files, func(i, j int) bool {
		if game != "" && (files[i] == game+BuiltinExt) != (files[j] == game+BuiltinExt) {
			return files[i] == game+BuiltinExt
		}
		return files[i] < files[j]
	})
	return files
}

func builtinGamesIn(fsys fs.FS, dir string) []string {
	var names []string
	for _, f := range builtinFiles(fsys, dir, "") {
		if m, err := readBuiltin(fsys, dir, f); err == nil {
			names = append(names, m.Game)
		}
	}
	sort.Strings(names)
	return slices.Compact(names)
}

// BuiltinModels describes every configuration of every built-in model
// file (its own, then the ones it covers), sorted by game and file; a file that does not decode is an error, and so are built-in
// models that cannot be read (ErrNoBuiltins).
func BuiltinModels() ([]BuiltinModel, error) {
	if err := builtinsUnavailable(); err != nil {
		return nil, err
	}
	return builtinModelsIn(opponents, opponentsDir)
}

func builtinModelsIn(fsys fs.FS, dir string) ([]BuiltinModel, error) {
	var out []BuiltinModel
	for _, f := range builtinFiles(fsys, dir, "") {
		m, err := readBuiltin(fsys, dir, f)
		if err != nil {
			return nil, err
		}
		out = append(out, BuiltinModel{File: f, Game: m.Game, Params: m.Params})
		for _, c := range m.Covers {
			out = append(out, BuiltinModel{File: f, Game: m.Game, Params: c, Covered: true})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Game < out[j].Game })
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

// LoadBuiltin reads the built-in model that plays game g: among g's files
// (GAME.safetensors, then GAME-LABEL.safetensors by name), the first whose stored
// game, parameters and shapes fit g (Model.Check). The error, wrapping
// ErrWrongGame, lists the configurations that have one (or the games,
// when g has none); where the built-in models cannot be read at all, it
// wraps ErrNoBuiltins and says why.
func LoadBuiltin(g engine.Game) (*Model, error) {
	if err := builtinsUnavailable(); err != nil {
		return nil, err
	}
	return loadBuiltinFrom(opponents, opponentsDir, g)
}

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
			configs := make([]string, 0, 1+len(m.Covers))
			for _, c := range m.Configs() {
				configs = append(configs, c.String())
			}
			misfits = append(misfits, fmt.Sprintf("%s (%s: %s)", f, m.Game, strings.Join(configs, "; ")))
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

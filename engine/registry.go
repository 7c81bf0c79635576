package engine

import (
	"io/fs"

	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/moongym/moongym/internal/safefile"
)

// NewGameFunc makes a game from parameters that Load has validated against
// the spec, with defaults filled in. It may still reject combinations of
// values (wrapping ErrBadParam). It reads the files its FileParam values
// name from files (nil: none may be read, and a value that is not a
// built-in name gives an error wrapping ErrNoFiles).
type NewGameFunc func(params Params, files fs.FS) (Game, error)

type entry struct {
	spec Spec
	make NewGameFunc
}

var registry = struct {
	sync.RWMutex
	games map[string]entry
}{games: map[string]entry{}}

// Register adds a game to the registry. Games call it from init(). It panics
// on a programming error: an empty or duplicate name, or a spec whose
// defaults do not pass its own checks.
func Register(spec Spec, newGame NewGameFunc) {
	if spec.Name == "" || newGame == nil {
		panic("engine: Register with empty name or nil constructor")
	}
	for _, p := range spec.Params {
		if err := p.Check(p.Default); err != nil {
			panic(fmt.Sprintf("engine: Register %s: default: %v", spec.Name, err))
		}
	}
	if err := spec.checkBounds(); err != nil {
		panic(fmt.Sprintf("engine: Register %s: %v", spec.Name, err))
	}
	if _, err := spec.Resolve(nil); err != nil {
		panic(fmt.Sprintf("engine: Register %s: defaults: %v", spec.Name, err))
	}
	if spec.Params == nil {
		spec.Params = []ParamSpec{}
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.games[spec.Name]; dup {
		panic("engine: Register called twice for " + spec.Name)
	}
	registry.games[spec.Name] = entry{spec, newGame}
}

// Games lists the specs of the registered games, sorted by name.
func Games() []Spec {
	registry.RLock()
	defer registry.RUnlock()
	specs := make([]Spec, 0, len(registry.games))
	for _, e := range registry.games {
		specs = append(specs, e.spec)
	}
	sort.Slice(specs, func(i, j int) bool { return specs[i].Name < specs[j].Name })
	return specs
}

// Names lists the registered game names, sorted.
func Names() []string {
	specs := Games()
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return names
}

// Lookup finds a registered game's spec.
func Lookup(name string) (Spec, error) {
	registry.RLock()
	e, ok := registry.games[name]
	registry.RUnlock()
	if !ok {
		return Spec{}, unknownGame(name)
	}
	return e.spec, nil
}

// Load makes a registered game with the given parameters; missing ones take
// their defaults. Unknown games and parameters and out-of-range values give
// errors that name the valid choices. A FileParam value that is no built-in
// name is a path of the machine, as a command line gives it (LoadFS with
// HostFiles).
func Load(name string, params Params) (Game, error) { return LoadFS(name, params, HostFiles) }

// HostFiles is the machine's file system with host paths for names
// (relative to the working directory, or absolute): Load's.
var HostFiles fs.FS = safefile.Host

// ErrNoFiles is wrapped by the error of a game loaded with no file system
// (LoadFS with nil) whose FileParam value is not a built-in name.
var ErrNoFiles = safefile.ErrNoFiles

// LoadFS is Load with the files that FileParam values name read from files:
// nil lets none be read (a server that reads no file for its clients), an
// fs.Sub of a folder confines them to it. Files are regular files of at
// most 1 MiB.
func LoadFS(name string, params Params, files fs.FS) (Game, error) {
	registry.RLock()
	e, ok := registry.games[name]
	registry.RUnlock()
	if !ok {
		return nil, unknownGame(name)
	}
	resolved, err := e.spec.Resolve(params)
	if err != nil {
		return nil, err
	}
	return e.make(resolved, files)
}

// MustLoad is Load for tests and examples with known-good input; it panics on error.
func MustLoad(name string, params Params) Game {
	g, err := Load(name, params)
	if err != nil {
		panic(err)
	}
	return g
}

// allGames is the package whose import registers every game.
const allGames = "github.com/moongym/moongym/engine/all"

// unknownGame is the error for a name no game is registered under. Games
// register themselves when their package is imported, so it says which
// import registers them: a program that imports none has no game at all.
func unknownGame(name string) error {
	if names := Names(); len(names) > 0 {
		return fmt.Errorf("%w: %q (known: %s; importing %s registers every game)", ErrUnknownGame, name, strings.Join(names, ", "), allGames)
	}
	return fmt.Errorf("%w: %q: no game is registered; import _ %q (or agents/all) to register every game", ErrUnknownGame, name, allGames)
}

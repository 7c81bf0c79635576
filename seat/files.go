package seat

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// bareName is a parameter value that is a name, not a path.
var bareName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// fileOptions are the agent options whose values name files on the server,
// with the values that are not files.
var fileOptions = map[string][]string{"model": {"", "builtin"}}

// CheckFiles refuses, unless AllowFiles is set, a request that would make
// the server read a file of its own choosing: a game parameter of kind
// string (lunar-rally's scenario, planet-cubes' board, walking-moon's data,
// welcome-moon's sheet) whose value is neither its default nor a bare name
// (letters, digits, '_', '-') that names no file in the server's working
// directory, and an agent spec whose model option is a path (only
// "builtin" is allowed). Unknown games and parameters are left to the
// engine. Errors wrap ErrFileRefused.
func (l Limits) CheckFiles(game string, params engine.Params, specs ...string) error {
	if l.AllowFiles {
		return nil
	}
	if spec, err := engine.Lookup(game); err == nil {
		for _, ps := range spec.Params {
			v, given := params[ps.Name]
			if !given || ps.Kind != engine.StringParam || v == ps.Default {
				continue
			}
			if !bareName.MatchString(v) || exists(v) {
				return fmt.Errorf("%w: %s=%q: this server reads no files for its clients (give a built-in name; the operator may start it with --allow-files)", ErrFileRefused, ps.Name, v)
			}
		}
	}
	for _, s := range specs {
		name, opts, err := agents.ParseSpec(s)
		if err != nil {
			continue // CheckAgent reports it
		}
		for opt, ok := range fileOptions {
			if v, given := opts[opt]; given && !slices.Contains(ok, strings.TrimSpace(v)) {
				return fmt.Errorf("%w: %s: %s=%q: this server reads no files for its clients (use %s=builtin; the operator may start it with --allow-files)", ErrFileRefused, name, opt, v, opt)
			}
		}
	}
	return nil
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return !errors.Is(err, os.ErrNotExist)
}

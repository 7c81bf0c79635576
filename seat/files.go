package seat

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

// fileOptions are the agent options whose values name files on the server,
// with the values that are not files.
var fileOptions = map[string][]string{"model": {"", "builtin"}}

// files is the file system the games of this server read the files their
// parameters name from: the machine's with AllowFiles, none otherwise.
func (l Limits) files() fs.FS {
	if l.AllowFiles {
		return engine.HostFiles
	}
	return nil
}

// load loads a game with the server's files (Limits.files): a file
// parameter (engine.FileParam: lunar-rally's scenario, planet-cubes' board,
// walking-moon's and march-mars' data, welcome-moon's sheet) whose value is
// no built-in name is refused, wrapping ErrFileRefused, unless AllowFiles.
func (sv *Service) load(game string, p engine.Params) (engine.Game, error) {
	g, err := engine.LoadFS(game, p, sv.limits.files())
	return g, refuseFiles(err)
}

// refuseFiles words a game's failure to read a file the server does not
// read for its clients.
func refuseFiles(err error) error {
	if errors.Is(err, engine.ErrNoFiles) {
		return fmt.Errorf("%w: this server reads no files for its clients (give a built-in name; the operator may start it with --allow-files): %w", ErrFileRefused, err)
	}
	return err
}

// CheckFiles refuses, unless AllowFiles is set, an agent spec whose model
// option is a path (only "builtin" is allowed). Game parameters need no
// check: the games read their files through the server's file system,
// which holds none unless AllowFiles (Service.load). Errors wrap
// ErrFileRefused.
func (l Limits) CheckFiles(specs ...string) error {
	if l.AllowFiles {
		return nil
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

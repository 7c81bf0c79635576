//go:build moongym_modelsdir

package models

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
)

// opponents reads the built-in model files from a directory chosen at run
// time: this build (the tag moongym_modelsdir) does not embed them, for a
// package that ships them beside the binary (the Python wheel: the files
// as package data, the directory set by the package on import). The
// directory is SetBuiltinDir's, else $MOONGYM_MODELS (BuiltinDirEnv); its
// files are what the embedded folder would hold (models/opponents in the
// repository).
var opponents builtinDir

// BuiltinEmbedded reports whether this build embeds the built-in model
// files (the default) or reads them from a directory at run time (this
// build; see SetBuiltinDir).
const BuiltinEmbedded = false

// BuiltinDirEnv is the environment variable that names the directory of
// the built-in models when SetBuiltinDir was not called.
const BuiltinDirEnv = "MOONGYM_MODELS"

var builtinDirSet atomic.Pointer[string]

// SetBuiltinDir sets the directory the built-in models are read from (in
// place of $MOONGYM_MODELS): a directory with at least one built-in model
// file (GAME[-LABEL].safetensors). It is read at each use, as the
// embedded files are.
func SetBuiltinDir(dir string) error {
	abs, err := filepath.Abs(dir)
	if err == nil {
		err = checkBuiltinDir(abs)
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrNoBuiltins, err)
	}
	builtinDirSet.Store(&abs)
	return nil
}

// BuiltinDir is the directory the built-in models are read from:
// SetBuiltinDir's, else $MOONGYM_MODELS ("" when neither is set).
func BuiltinDir() string {
	if p := builtinDirSet.Load(); p != nil {
		return *p
	}
	return os.Getenv(BuiltinDirEnv)
}

// checkBuiltinDir reports whether dir is a directory with a built-in model
// file.
func checkBuiltinDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	if len(builtinFiles(os.DirFS(dir), ".", "")) == 0 {
		return fmt.Errorf("%s holds no built-in model file (GAME[-LABEL]%s)", dir, BuiltinExt)
	}
	return nil
}

// builtinsUnavailable reports why the built-in models cannot be read: no
// directory set, or one without them.
func builtinsUnavailable() error {
	dir := BuiltinDir()
	if dir == "" {
		return fmt.Errorf("%w: this build does not embed them (built with -tags moongym_modelsdir): set %s to their directory "+
			"(models/opponents in the repository)", ErrNoBuiltins, BuiltinDirEnv)
	}
	if err := checkBuiltinDir(dir); err != nil {
		from := "the built-in models' directory"
		if builtinDirSet.Load() == nil {
			from = "the directory $" + BuiltinDirEnv + " names"
		}
		return fmt.Errorf("%w: %w (%s)", ErrNoBuiltins, err, from)
	}
	return nil
}

// builtinDir is the file system of the built-in models: its folder
// opponentsDir is BuiltinDir().
type builtinDir struct{}

// path is name's path in BuiltinDir(), for names in opponentsDir.
func (builtinDir) path(op, name string) (fs.FS, string, error) {
	rest, ok := strings.CutPrefix(name, opponentsDir)
	dir := BuiltinDir()
	if !ok || rest != "" && rest[0] != '/' || dir == "" {
		return nil, "", &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	if rest = strings.TrimPrefix(rest, "/"); rest == "" {
		rest = "."
	}
	return os.DirFS(dir), rest, nil
}

// Open opens name, a path in opponentsDir.
func (d builtinDir) Open(name string) (fs.File, error) {
	fsys, rest, err := d.path("open", name)
	if err != nil {
		return nil, err
	}
	return fsys.Open(rest)
}

// ReadDir lists name, a path in opponentsDir.
func (d builtinDir) ReadDir(name string) ([]fs.DirEntry, error) {
	fsys, rest, err := d.path("readdir", name)
	if err != nil {
		return nil, err
	}
	return fs.ReadDir(fsys, rest)
}

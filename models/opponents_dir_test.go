//go:build moongym_modelsdir

package models

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/tictactoe"
)

// TestBuiltinDir (a build with the tag moongym_modelsdir, run with
// MOONGYM_MODELS unset or set to models/opponents): without a directory
// the built-in models are an error that says what to set; a directory
// without model files is refused; the repository's folder gives the
// model the embedded files give.
func TestBuiltinDir(t *testing.T) {
	g, err := engine.Load("tictactoe", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(BuiltinDirEnv, "")
	builtinDirSet.Store(nil)
	defer builtinDirSet.Store(nil)
	if _, err := LoadBuiltin(g); !errors.Is(err, ErrNoBuiltins) || !strings.Contains(err.Error(), BuiltinDirEnv) {
		t.Fatalf("no directory: %v", err)
	}
	if _, err := BuiltinModels(); !errors.Is(err, ErrNoBuiltins) {
		t.Fatalf("no directory: %v", err)
	}
	empty := t.TempDir()
	if err := SetBuiltinDir(empty); !errors.Is(err, ErrNoBuiltins) || !strings.Contains(err.Error(), "no built-in model file") {
		t.Fatalf("empty directory: %v", err)
	}
	if err := SetBuiltinDir(filepath.Join(empty, "missing")); !errors.Is(err, ErrNoBuiltins) {
		t.Fatalf("missing directory: %v", err)
	}
	t.Setenv(BuiltinDirEnv, filepath.Join(empty, "missing"))
	if _, err := LoadBuiltin(g); !errors.Is(err, ErrNoBuiltins) || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("missing directory in %s: %v", BuiltinDirEnv, err)
	}
	if err := SetBuiltinDir(opponentsDir); err != nil {
		t.Fatal(err)
	}
	if abs, _ := filepath.Abs(opponentsDir); BuiltinDir() != abs {
		t.Fatalf("BuiltinDir %q, want %q", BuiltinDir(), abs)
	}
	m, err := LoadBuiltin(g)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(opponentsDir, "tictactoe"+BuiltinExt))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Decode(data)
	if err != nil || !m.Net.Equal(want.Net) {
		t.Fatalf("not the file's model (%v)", err)
	}
}

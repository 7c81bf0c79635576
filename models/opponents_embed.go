//go:build !moongym_modelsdir

package models

import (
	"embed"
	"fmt"
)

// opponents holds the built-in model files, embedded in the binary (the
// default build; see opponents.go).
//
//go:embed opponents
var opponents embed.FS

// BuiltinEmbedded reports whether this build embeds the built-in model
// files (the default) or reads them from a directory at run time (a build
// with the tag moongym_modelsdir; see SetBuiltinDir).
const BuiltinEmbedded = true

// SetBuiltinDir sets the directory a build with the tag moongym_modelsdir
// reads the built-in models from. This build embeds them: it refuses
// (ErrBuiltinsEmbedded), and the embedded files stay the built-in ones.
func SetBuiltinDir(dir string) error {
	return fmt.Errorf("%w: cannot read them from %s", ErrBuiltinsEmbedded, dir)
}

// BuiltinDir is the directory the built-in models are read from: none ("")
// in this build, which embeds them.
func BuiltinDir() string { return "" }

// builtinsUnavailable reports why the built-in models cannot be read: they
// always can in this build.
func builtinsUnavailable() error { return nil }

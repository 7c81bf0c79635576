//go:build tools

// Package pin keeps the chosen dependency versions in go.mod before every one
// of them is imported by code (go4.org's pseudo-version among them); the
// build tag keeps it out of every build.
package pin

import (
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/spf13/cobra"
	_ "go4.org/unsafe/assume-no-moving-gc"
	_ "gonum.org/v1/gonum/mat"
	_ "gorgonia.org/gorgonia"
	_ "gorgonia.org/tensor"
)

//go:build !unix

package simbench

import "time"

// Process is not measured on this system: ok is false.
func Process() (d time.Duration, ok bool) { return 0, false }

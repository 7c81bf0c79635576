//go:build !unix

package safefile

import "os"

// open opens path for reading.
func open(path string) (*os.File, error) { return os.Open(path) }

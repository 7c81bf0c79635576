//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// open opens path for reading without blocking on a FIFO (O_NONBLOCK; a
// regular file reads as usual) and without making a terminal the process's
// controlling one (O_NOCTTY).
func open(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
}

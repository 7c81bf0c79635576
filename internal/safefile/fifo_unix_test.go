//go:build unix

package safefile

import (
	"syscall"
	"testing"
)

// mkfifo makes a FIFO at path, or skips the test.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

//go:build !unix

package safefile

import "testing"

func mkfifo(t *testing.T, path string) {
	t.Helper()
	t.Skip("no FIFOs on this system")
}

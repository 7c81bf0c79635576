// Package safefiletest has the helpers that the tests of user-named file
// loaders share: files of a given size that take no disk, and the check
// that an error names the file without quoting it.
package safefiletest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Sparse makes a file of size bytes in dir (zeros, taking no disk) and
// returns its path.
func Sparse(t testing.TB, dir, name string, size int64) string {
	t.Helper()
	p := filepath.Join(dir, name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// Quiet fails the test if err quotes any of leaks (pieces of the file's
// content) or does not name path.
func Quiet(t testing.TB, err error, path string, leaks []string) {
	t.Helper()
	for _, l := range leaks {
		if strings.Contains(err.Error(), l) {
			t.Errorf("the error quotes the file (%s): %v", l, err)
		}
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("the error does not name the file: %v", err)
	}
}

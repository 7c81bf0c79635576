package main

import (
	"os"
	"path/filepath"
)

// makeParent creates the directory a file the command writes goes into
// (--record out/game.json in a fresh checkout), as train's --out does.
func makeParent(path string) error {
	dir := filepath.Dir(path)
	if dir == "." || dir == "" {
		return nil
	}
	return os.MkdirAll(dir, 0o755)
}

// createFile creates (or truncates) path for writing, its directory first.
func createFile(path string) (*os.File, error) {
	if err := makeParent(path); err != nil {
		return nil, err
	}
	return os.Create(path)
}

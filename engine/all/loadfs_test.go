package all_test

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/lunarrally"
)

// TestLoadFS: a file parameter (engine.FileParam) is read from the file
// system LoadFS is given, and from nowhere else: a name it lacks is not
// found even when the machine has it, and with none (nil) every value that
// is no built-in name wraps ErrNoFiles while built-in names still load.
func TestLoadFS(t *testing.T) {
	blue, err := lunarrally.BuiltinScenario("blue")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{"maps/mine.txt": {Data: blue}}
	if _, err := engine.LoadFS("lunar-rally", engine.Params{"scenario": "maps/mine.txt"}, files); err != nil {
		t.Fatalf("a scenario in the file system: %v", err)
	}
	if _, err := engine.LoadFS("lunar-rally", engine.Params{"scenario": "/etc/hostname"}, files); !errors.Is(err, fs.ErrNotExist) || !errors.Is(err, engine.ErrBadParam) {
		t.Fatalf("a path outside the file system: %v, want not found", err)
	}
	for _, spec := range engine.Games() {
		for _, ps := range spec.Params {
			if ps.Kind != engine.FileParam {
				continue
			}
			_, err := engine.LoadFS(spec.Name, engine.Params{ps.Name: "maps/mine.txt"}, nil)
			if !errors.Is(err, engine.ErrNoFiles) || !errors.Is(err, engine.ErrBadParam) {
				t.Errorf("%s %s=FILE with no file system: %v, want ErrNoFiles", spec.Name, ps.Name, err)
			}
			if _, err := engine.LoadFS(spec.Name, engine.Params{ps.Name: ps.Default}, nil); err != nil {
				t.Errorf("%s %s=%q (the default) with no file system: %v", spec.Name, ps.Name, ps.Default, err)
			}
		}
	}
	if _, err := engine.LoadFS("lunar-rally", engine.Params{"scenario": "red"}, nil); err != nil {
		t.Errorf("a built-in scenario with no file system: %v", err)
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxEnvOnlyBytes bounds this program's binary: a program that imports
// only env and engine/all (every game) links neither the networks nor the
// built-in model files (5.6 MB when written, on linux/amd64).
const maxEnvOnlyBytes = 8 << 20

// TestEnvOnlyIsSmall: the quickstart (env and engine/all) depends on no
// package of models, agents' networks or training, and its binary stays
// under maxEnvOnlyBytes: the built-in models (tens of MB) are linked only
// into programs that load model=builtin.
func TestEnvOnlyIsSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	deps, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, p := range strings.Fields(string(deps)) {
		for _, heavy := range []string{"github.com/moongym/moongym/models", "github.com/moongym/moongym/training", "gorgonia.org/"} {
			if strings.HasPrefix(p, heavy) {
				t.Errorf("the env-only program depends on %s", p)
			}
		}
	}
	bin := filepath.Join(t.TempDir(), "quickstart")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	info, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("env-only binary: %d bytes", info.Size())
	if info.Size() > maxEnvOnlyBytes {
		t.Errorf("the env-only binary is %d bytes, more than %d", info.Size(), maxEnvOnlyBytes)
	}
}

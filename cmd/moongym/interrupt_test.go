package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moongym/moongym/training"
)

// TestInterruptExitStatus: train and imitate stopped by Ctrl-C (SIGINT)
// save their work, say how to resume, and exit with status 130, not 0.
func TestInterruptExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	for _, c := range []struct {
		name   string
		args   func(dir string) []string
		resume string
	}{
		{"train", func(dir string) []string {
			return []string{"train", "tictactoe", "--out", dir, "--iterations", "100000", "--train", tinyTrain, "--quiet"}
		}, "moongym train tictactoe --out %s --resume"},
		{"imitate", func(dir string) []string {
			return []string{"imitate", "tictactoe", "--out", dir, "--games", "10000000", "--train", "kind=mlp,width=8,depth=1,value=4", "--checkpoint", "0", "--parallel", "1", "--quiet"}
		}, "moongym imitate tictactoe --out %s --resume"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			cmd := exec.Command(os.Args[0], c.args(dir)...)
			cmd.Env = append(os.Environ(), "MOONGYM_TEST_MAIN=1")
			var out syncBuffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				if cmd.ProcessState == nil {
					_ = cmd.Process.Kill()
					_ = cmd.Wait()
				}
			})
			// The checkpoint is written once the run is under way (its
			// Ctrl-C handler installed).
			deadline := time.Now().Add(2 * time.Minute)
			for {
				if _, err := os.Stat(filepath.Join(dir, training.CheckpointFile)); err == nil {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no checkpoint after 2 minutes:\n%s", out.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 130 {
				t.Fatalf("exit %v, want status 130\n%s", err, out.String())
			}
			want := strings.Replace(c.resume, "%s", dir, 1)
			if !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, out.String())
			}
		})
	}
}

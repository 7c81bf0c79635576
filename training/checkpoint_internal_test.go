package training

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/internal/safefile"
)

// realCheckpoint runs one small iteration of tictactoe and returns the
// run's directory and its checkpoint file's bytes.
func realCheckpoint(t *testing.T) (string, []byte) {
	t.Helper()
	cfg, err := ParseConfig("kind=mlp,width=16,depth=1,value=8,games=4,parallel=2,sims=8,leafbatch=2,"+
		"buffer=200,batch=16,steps=2,minsamples=16,evalevery=0,cache=100", DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tr, err := NewTrainer(tictactoe.Game{}, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Run(context.Background(), 1, time.Time{}); err != nil {
		t.Fatal(err)
	}
	tr.Close()
	data, err := os.ReadFile(filepath.Join(dir, CheckpointFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte(checkpointMagic)) {
		t.Fatalf("the checkpoint does not begin with %q", checkpointMagic)
	}
	return dir, data
}

// resumeWith writes data as dir's checkpoint and resumes the run.
func resumeWith(t *testing.T, dir string, data []byte) error {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, CheckpointFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := Resume(dir)
	if err == nil {
		tr.Close()
	}
	return err
}

// TestCheckpointBitFlips: a checkpoint changed in any one bit (every bit of
// the header, and 200 bits spread over the payload) is refused on resume
// with ErrBadCheckpoint; the untouched file resumes.
func TestCheckpointBitFlips(t *testing.T) {
	dir, good := realCheckpoint(t)
	if err := resumeWith(t, dir, good); err != nil {
		t.Fatalf("the untouched checkpoint: %v", err)
	}
	var bits []int
	for b := range checkpointHeader * 8 {
		bits = append(bits, b)
	}
	payloadBits := (len(good) - checkpointHeader) * 8
	const spread = 200
	for i := range spread {
		bits = append(bits, checkpointHeader*8+i*(payloadBits-1)/(spread-1))
	}
	flipped := t.TempDir()
	for _, b := range bits {
		data := bytes.Clone(good)
		data[b/8] ^= 1 << (b % 8)
		err := resumeWith(t, flipped, data)
		if !errors.Is(err, ErrBadCheckpoint) {
			t.Fatalf("bit %d (byte %d of %d) flipped: resumed (%v)", b, b/8, len(good), err)
		}
		if b >= checkpointHeader*8 && !strings.Contains(err.Error(), "checksum mismatch: the file is damaged") {
			t.Fatalf("bit %d of the payload flipped: %v", b, err)
		}
		if !strings.Contains(err.Error(), CheckpointFile) {
			t.Fatalf("bit %d: %v does not name the file", b, err)
		}
	}
	t.Logf("%d flips of a %d-byte checkpoint refused", len(bits), len(good))
}

// TestCheckpointTruncated: a checkpoint cut anywhere is refused.
func TestCheckpointTruncated(t *testing.T) {
	dir, good := realCheckpoint(t)
	for _, n := range []int{0, 1, len(checkpointMagic) - 1, len(checkpointMagic), checkpointHeader - 1, checkpointHeader, checkpointHeader + 1, len(good) / 2, len(good) - 1} {
		if err := resumeWith(t, dir, good[:n]); !errors.Is(err, ErrBadCheckpoint) {
			t.Errorf("cut to %d of %d bytes: %v", n, len(good), err)
		}
	}
	if err := resumeWith(t, dir, append(bytes.Clone(good), 0)); !errors.Is(err, ErrBadCheckpoint) {
		t.Errorf("a byte added: %v", err)
	}
}

// TestCheckpointLegacy: a checkpoint of version 1 (the bare gob payload,
// before the checksum) still resumes, upgraded as a version-2 one is, and
// is saved as the current version; a bare payload that says another
// version is refused, and so is a header of a version to come.
func TestCheckpointLegacy(t *testing.T) {
	v2, err := os.ReadFile("testdata/checkpoint-v2-gumbel/" + CheckpointFile)
	if err != nil {
		t.Fatal(err)
	}
	payload, version, err := checkpointPayload("v2", v2)
	if err != nil || version != 2 {
		t.Fatalf("version %d, %v", version, err)
	}
	var old checkpointV2
	if err := gob.NewDecoder(bytes.NewReader(payload)).Decode(&old); err != nil {
		t.Fatal(err)
	}
	bare := func(version int) []byte {
		old.Version = version
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(&old); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	// saved is the checkpoint file that data, loaded, is saved as.
	saved := func(data []byte) []byte {
		dir := t.TempDir()
		if err := resumeWith(t, dir, data); err != nil {
			t.Fatal(err)
		}
		ck, err := loadCheckpoint(dir)
		if err != nil {
			t.Fatal(err)
		}
		if ck.Version != checkpointVersion {
			t.Fatalf("loaded as version %d", ck.Version)
		}
		if err := ck.save(dir); err != nil {
			t.Fatal(err)
		}
		again, err := os.ReadFile(filepath.Join(dir, CheckpointFile))
		if err != nil {
			t.Fatal(err)
		}
		return again
	}
	if !bytes.Equal(saved(bare(legacyCheckpointVersion)), saved(v2)) {
		t.Error("a version-1 checkpoint is saved again as another checkpoint than the version-2 one of the same run")
	}
	dir := t.TempDir()
	if err := resumeWith(t, dir, bare(2)); !errors.Is(err, ErrBadCheckpoint) || !strings.Contains(err.Error(), "without the header") {
		t.Errorf("a bare payload of version 2: %v", err)
	}
	_, current := realCheckpoint(t)
	if err := resumeWith(t, dir, current[checkpointHeader:]); !errors.Is(err, ErrBadCheckpoint) {
		t.Errorf("a bare payload of version %d: %v", checkpointVersion, err)
	}
	next := bytes.Clone(current)
	next[len(checkpointMagicPrefix)]++
	if err := resumeWith(t, dir, next); !errors.Is(err, ErrBadCheckpoint) || !strings.Contains(err.Error(), "written by a newer moongym") {
		t.Errorf("a header of version %d: %v", checkpointVersion+1, err)
	}
}

// TestCheckpointNotRegular: a checkpoint that is a directory or a FIFO is
// refused at once with ErrBadCheckpoint and safefile.ErrNotRegular.
func TestCheckpointNotRegular(t *testing.T) {
	for name, create := range map[string]func(path string) error{
		"directory": func(p string) error { return os.Mkdir(p, 0o755) },
		"FIFO":      mkfifo,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := create(filepath.Join(dir, CheckpointFile)); err != nil {
				t.Skip(err)
			}
			done := make(chan error, 1)
			go func() { _, err := Resume(dir); done <- err }()
			select {
			case err := <-done:
				if !errors.Is(err, ErrBadCheckpoint) || !errors.Is(err, safefile.ErrNotRegular) {
					t.Fatalf("got %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Resume blocks")
			}
		})
	}
}

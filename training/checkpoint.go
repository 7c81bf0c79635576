package training

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/safefile"
	"github.com/moongym/moongym/models"
)

// Files of a run directory.
const (
	// CheckpointFile holds the whole training state; it is written last, so
	// it always names a complete iteration.
	CheckpointFile = "checkpoint.gob"
	// LatestFile is the model file of the latest network.
	LatestFile = "latest.safetensors"
	// BestFile is the model file of the network with the best evaluation.
	BestFile = "best.safetensors"
	// ImitationFile is the model file of the network a run's warm start
	// (its imitation and DAgger rounds) ended on, before any self-play:
	// what self-play is measured against.
	ImitationFile = "imitation.safetensors"
	// MetricsFile and PlotFile are the metrics as CSV and as a PNG plot.
	MetricsFile = "metrics.csv"
	PlotFile    = "metrics.png"
)

// ErrNoCheckpoint: the directory has no checkpoint to resume.
var ErrNoCheckpoint = errors.New("no checkpoint")

// ErrBadCheckpoint: the checkpoint cannot be read or does not fit.
var ErrBadCheckpoint = errors.New("bad checkpoint")

// checkpointVersion is the version of the checkpoint written. Version 3
// holds the settings with their types (Config: gumbel and shards as
// booleans); version 2 (framed the same way, with its own magic) and
// version 1 (the bare gob payload, before the checksum) held them as
// integers, and decodeCheckpoint upgrades them in memory: a run begun by
// an older moongym resumes, and its next checkpoint is written as
// version 3.
const checkpointVersion = 3

// legacyCheckpointVersion is the version of a checkpoint without a header.
const legacyCheckpointVersion = 1

// A checkpoint file (version 2 and later) is:
//
//	magic                           "moongym-checkpoint/V\n", V the version
//	payload length                  8 bytes, little-endian
//	CRC-32C (Castagnoli) of payload 4 bytes, little-endian
//	payload                         the gob-encoded checkpoint
//
// Loading checks the magic, the length against the file's and the
// checksum before it decodes anything. CRC-32C detects every error within
// 32 consecutive bits (every single-bit flip) and misses any other change
// with odds of 1 in 2^32; a header changed in any bit no longer matches
// (a flipped version digit names a layout the payload does not decode
// as, nor whose version it holds).
const (
	checkpointMagicPrefix = "moongym-checkpoint/"
	checkpointMagic       = checkpointMagicPrefix + "3\n" // of checkpointVersion
	checkpointHeader      = len(checkpointMagic) + 8 + 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checkpointLimit is the largest checkpoint loadCheckpoint reads: none
// (safefile.NoLimit), since the replay buffer that fills most of it has
// no upper bound (buffer=), the file is one that a run wrote in its own
// directory, and only "moongym train --resume" (never the seat server or
// the Python library) reads it. The checkpoint must still be a regular
// file, so that a FIFO or a device cannot block or flood the read.
const checkpointLimit = safefile.NoLimit

// checkpoint is everything a run needs to continue exactly.
type checkpoint struct {
	Version   int
	Game      string
	Params    engine.Params
	Config    Config
	Iteration int64
	Steps     int64
	Games     int64
	Samples   int64
	Elapsed   float64
	// Model is the current network's model file; Previous the one of the
	// last evaluation (nil before the first).
	Model    []byte
	Previous []byte
	Adam     *Adam
	Replay   *Replay
	// BestScore and BestIteration describe best.safetensors.
	BestScore     float64
	BestIteration int64
	Metrics       []Row
	// Position is the GameSource's position after the last iteration
	// (for a distributed run, the results stream's sequence of the last
	// game folded into Replay); 0 without a source.
	Position uint64
	// Imitation describes the imitation warm start the run began with
	// (empty: none), for the model files' provenance.
	Imitation string
	// Rounds describe the imitation rounds finished before the current
	// one (DAgger: each later round follows the network of the one
	// before); empty for a run of one imitation.
	Rounds []string
	// Retunes lists the settings changed while the run went on (Retune),
	// each "from iteration N: name=value,...", for the provenance.
	Retunes []string
	// Pending is the imitation in progress (nil: none, or done), which
	// RunImitation continues; the run takes no self-play iteration before
	// it is done.
	Pending *imitationState
	// ImitationCurve is the imitation's learning curve (nil: none), kept
	// and written out (ImitationCSVFile, ImitationPNGFile) with the run.
	ImitationCurve []ImitatePoint
	// Mix is the text of the run's mix of configurations (Trainer.SetMix;
	// "": the game's own alone, as in checkpoints written before it).
	Mix string
}

// save writes the checkpoint, as the current version with its checksum,
// atomically (a temporary file in dir, synced, renamed over the old one).
func (c *checkpoint) save(dir string) error {
	c.Version = checkpointVersion
	var buf bytes.Buffer
	buf.Write(make([]byte, checkpointHeader)) // filled in below
	if err := gob.NewEncoder(&buf).Encode(c); err != nil {
		return fmt.Errorf("training: encode checkpoint: %w", err)
	}
	data := buf.Bytes()
	payload := data[checkpointHeader:]
	copy(data, checkpointMagic)
	binary.LittleEndian.PutUint64(data[len(checkpointMagic):], uint64(len(payload)))
	binary.LittleEndian.PutUint32(data[len(checkpointMagic)+8:], crc32.Checksum(payload, castagnoli))
	return models.WriteFileAtomic(filepath.Join(dir, CheckpointFile), data)
}

// damaged is the advice of an error about a checkpoint whose bytes are not
// the ones written.
const damaged = "the file is damaged (a disk or copy error, or a change by hand); restore it from a copy, or start the run again"

// checkpointPayload checks a checkpoint file's header and checksum and
// returns its gob payload and the version its magic names; a file without
// the header is returned whole, as a legacy (version 1) checkpoint.
func checkpointPayload(path string, data []byte) (payload []byte, version int, err error) {
	if !bytes.HasPrefix(data, []byte(checkpointMagicPrefix)) {
		return data, legacyCheckpointVersion, nil
	}
	magic := len(checkpointMagic)
	if len(data) < magic+8+4 {
		return nil, 0, fmt.Errorf("%w: %s: %d bytes, shorter than the header: %s", ErrBadCheckpoint, path, len(data), damaged)
	}
	digit := data[len(checkpointMagicPrefix)]
	if data[magic-1] != '\n' || digit < '2' || digit > '9' {
		return nil, 0, fmt.Errorf("%w: %s: a header of no version: %s", ErrBadCheckpoint, path, damaged)
	}
	version = int(digit - '0')
	n := binary.LittleEndian.Uint64(data[magic:])
	sum := binary.LittleEndian.Uint32(data[magic+8:])
	payload = data[magic+8+4:]
	if n != uint64(len(payload)) {
		return nil, 0, fmt.Errorf("%w: %s: the header says %d bytes of data, the file has %d: truncated or %s", ErrBadCheckpoint, path, n, len(payload), damaged)
	}
	if crc32.Checksum(payload, castagnoli) != sum {
		return nil, 0, fmt.Errorf("%w: %s: checksum mismatch: %s", ErrBadCheckpoint, path, damaged)
	}
	if version > checkpointVersion {
		return nil, 0, fmt.Errorf("%w: %s: version %d, written by a newer moongym (this one reads up to version %d): resume the run with that one", ErrBadCheckpoint, path, version, checkpointVersion)
	}
	return payload, version, nil
}

// loadCheckpoint reads dir's checkpoint: the current version or an older
// one, whose checksum must match where it has one (version 2 on), decoded
// and upgraded in memory to the current version (decodeCheckpoint).
func loadCheckpoint(dir string) (*checkpoint, error) {
	path := filepath.Join(dir, CheckpointFile)
	data, err := safefile.Read(path, checkpointLimit)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w in %s", ErrNoCheckpoint, dir)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadCheckpoint, err)
	}
	payload, version, err := checkpointPayload(path, data)
	if err != nil {
		return nil, err
	}
	c, err := decodeCheckpoint(payload, version)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadCheckpoint, path, err)
	}
	return c, nil
}

// BestModel is the path of the model file that export should use: the best
// evaluated network, else the latest.
func BestModel(dir string) (string, error) {
	for _, f := range []string{BestFile, LatestFile} {
		p := filepath.Join(dir, f)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %s has neither %s nor %s", ErrNoCheckpoint, dir, BestFile, LatestFile)
}

package training

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/moongym/moongym/engine"
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
	// MetricsFile and PlotFile are the metrics as CSV and as a PNG plot.
	MetricsFile = "metrics.csv"
	PlotFile    = "metrics.png"
)

// ErrNoCheckpoint: the directory has no checkpoint to resume.
var ErrNoCheckpoint = errors.New("no checkpoint")

// ErrBadCheckpoint: the checkpoint cannot be read or does not fit.
var ErrBadCheckpoint = errors.New("bad checkpoint")

const checkpointVersion = 1

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
}

func (c *checkpoint) save(dir string) error {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(c); err != nil {
		return fmt.Errorf("training: encode checkpoint: %w", err)
	}
	return models.WriteFileAtomic(filepath.Join(dir, CheckpointFile), buf.Bytes())
}

func loadCheckpoint(dir string) (*checkpoint, error) {
	data, err := os.ReadFile(filepath.Join(dir, CheckpointFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w in %s", ErrNoCheckpoint, dir)
	}
	if err != nil {
		return nil, err
	}
	var c checkpoint
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&c); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadCheckpoint, dir, err)
	}
	if c.Version != checkpointVersion {
		return nil, fmt.Errorf("%w: %s: version %d, want %d", ErrBadCheckpoint, dir, c.Version, checkpointVersion)
	}
	if c.Adam == nil || c.Replay == nil || c.Replay.Players <= 0 || c.Replay.Cap <= 0 {
		return nil, fmt.Errorf("%w: %s: incomplete", ErrBadCheckpoint, dir)
	}
	if err := c.Replay.upgrade(); err != nil {
		return nil, fmt.Errorf("%w: %s: replay buffer: %w", ErrBadCheckpoint, dir, err)
	}
	return &c, nil
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

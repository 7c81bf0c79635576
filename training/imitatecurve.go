package training

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models/graph"
	"github.com/moongym/moongym/training/imitation"
)

// Files of an imitation's learning curve in a run directory (written once
// the run has one).
const (
	ImitationCSVFile = "imitation.csv"
	ImitationPNGFile = "imitation.png"
)

// ImitatePoint is a point of an imitation's learning curve, taken at the
// start and after every tenth of the steps (at the end of the chunk of
// steps that reaches it).
type ImitatePoint struct {
	// Step is the number of optimizer steps done; Epoch the passes over
	// the positions they make.
	Step  int
	Epoch float64
	// Train is the mean loss of the steps since the previous point (NaN at
	// the start).
	Train graph.Losses
	// HeldOut is the loss on the held-out games' positions (NaN without
	// ImitateConfig.HoldOut).
	HeldOut graph.Losses
}

var nanLosses = graph.Losses{Policy: math.NaN(), Value: math.NaN(), Total: math.NaN()}

// heldOutPositions plays cfg.HoldOut games of the heuristic seeded apart
// from the imitation's own (game numbers from imitation.HeldOutBase on), as the
// imitation plays its games (cfg.Epsilon, cfg.Keep, cfg.Follow, the same targets), and
// returns their positions; nil without HoldOut. The games are played on
// `workers` goroutines, or by src when it is not nil (see playRecords),
// game number i in games.of(i).
func heldOutPositions(ctx context.Context, games mixGames, cfg ImitateConfig, workers int, src ImitationSource) (*Replay, error) {
	if cfg.HoldOut == 0 {
		return nil, nil
	}
	g := games[0]
	r := NewReplay(math.MaxInt, engine.ObservationSize(g), g.NumActions(), g.NumPlayers())
	first := imitation.HeldOutBase
	err := playRecords(ctx, games, cfg, src, first, first+cfg.HoldOut, workers, nil, func(game int, rec imitation.Record) error {
		return addRecord(games.of(game), games.view(game), rec, cfg, game, r)
	})
	if err != nil {
		return nil, err
	}
	if r.Len() == 0 {
		return nil, fmt.Errorf("%w: the %d held-out games kept no position", ErrBadImitation, cfg.HoldOut)
	}
	return r, nil
}

// heldOutLoss is the mean loss of l's network on every position of r, in
// order, in batches of the learner's size (the last one filled up from the
// start of r), without changing the weights.
func heldOutLoss(l *Learner, r *Replay) (graph.Losses, error) {
	b := l.batch
	n := r.Len()
	var sum graph.Losses
	batches := 0
	for start := 0; start < n; start += b.N {
		for k := range b.N {
			r.Position((start+k)%n, b, k)
		}
		loss, err := l.graph.Step(b.Obs, b.Mask, b.Policy, b.Value)
		if err != nil {
			return graph.Losses{}, err
		}
		sum.Policy += loss.Policy
		sum.Value += loss.Value
		sum.Total += loss.Total
		batches++
	}
	f := float64(batches)
	return graph.Losses{Policy: sum.Policy / f, Value: sum.Value / f, Total: sum.Total / f}, nil
}

var imitationHeader = []string{"step", "epoch", "policy_loss", "value_loss", "total_loss",
	"heldout_policy_loss", "heldout_value_loss", "heldout_total_loss"}

// ImitationCSV writes an imitation's learning curve as CSV with a header;
// NaN is an empty field.
func ImitationCSV(pts []ImitatePoint) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.Write(imitationHeader); err != nil {
		return nil, err
	}
	for _, p := range pts {
		rec := []string{strconv.Itoa(p.Step), fmtFloat(p.Epoch),
			fmtFloat(p.Train.Policy), fmtFloat(p.Train.Value), fmtFloat(p.Train.Total),
			fmtFloat(p.HeldOut.Policy), fmtFloat(p.HeldOut.Value), fmtFloat(p.HeldOut.Total)}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// ImitationPNG draws an imitation's policy and value losses, on the
// training batches and on the held-out games, against the epochs.
func ImitationPNG(pts []ImitatePoint, title string) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title + ": imitation loss (solid: training batches, dashed: held-out games)"
	p.X.Label.Text = "epochs"
	p.Y.Label.Text = "loss"
	p.Legend.Top = true
	blue := color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 255}
	orange := color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 255}
	for _, s := range []struct {
		name   string
		col    color.Color
		dashed bool
		y      func(ImitatePoint) float64
	}{
		{"policy", blue, false, func(q ImitatePoint) float64 { return q.Train.Policy }},
		{"value", orange, false, func(q ImitatePoint) float64 { return q.Train.Value }},
		{"policy, held out", blue, true, func(q ImitatePoint) float64 { return q.HeldOut.Policy }},
		{"value, held out", orange, true, func(q ImitatePoint) float64 { return q.HeldOut.Value }},
	} {
		var xy plotter.XYs
		for _, q := range pts {
			if v := s.y(q); !math.IsNaN(v) && !math.IsInf(v, 0) {
				xy = append(xy, plotter.XY{X: q.Epoch, Y: v})
			}
		}
		if len(xy) == 0 {
			continue
		}
		l, sc, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		l.Color, sc.Color = s.col, s.col
		l.Width = vg.Points(1.5)
		if s.dashed {
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		}
		p.Add(l, sc)
		p.Legend.Add(s.name, l)
	}
	img := vgimg.New(vg.Points(640), vg.Points(400))
	p.Draw(draw.New(img))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("training: plot: %w", err)
	}
	return buf.Bytes(), nil
}

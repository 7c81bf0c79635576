package training

import (
	"bytes"
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
)

// Row is the metrics of one iteration. Losses are NaN when the learner did
// not train (too few positions yet); scores are NaN when the iteration had
// no evaluation (or no such opponent).
type Row struct {
	Iteration int64
	// Elapsed is the training time so far, in seconds (resumed runs add up).
	Elapsed float64
	// Games, Samples and Steps are totals so far; Buffer is the replay size.
	Games, Samples, Steps int64
	Buffer                int
	// GamesPerSec and SamplesPerSec are this iteration's self-play speed.
	GamesPerSec, SamplesPerSec float64
	// Mean losses of this iteration's steps.
	PolicyLoss, ValueLoss, TotalLoss float64
	// Win rates of the network (a draw counts half) against random, the
	// heuristic and the previous evaluated network, from arena tournaments
	// with the seats rotated (see EvalMatch).
	VsRandom, VsHeuristic, VsPrevious float64
	// Their 95% Wilson intervals.
	VsRandomLow, VsRandomHigh       float64
	VsHeuristicLow, VsHeuristicHigh float64
	VsPreviousLow, VsPreviousHigh   float64
}

var csvHeader = []string{"iteration", "elapsed_s", "games", "samples", "steps", "buffer",
	"games_per_s", "samples_per_s", "policy_loss", "value_loss", "total_loss",
	"vs_random", "vs_random_lo", "vs_random_hi", "vs_heuristic", "vs_heuristic_lo", "vs_heuristic_hi",
	"vs_previous", "vs_previous_lo", "vs_previous_hi",
	"elo_vs_heuristic", "elo_vs_heuristic_lo", "elo_vs_heuristic_hi"}

// eloCap bounds the Elo difference drawn from a win rate of 0 or 1
// (infinite): a win rate of 1/1000 or 999/1000.
const eloCap = 0.001

// Elo is the Elo difference a win rate p implies, 400·log10(p/(1-p)),
// with p held within [0.001, 0.999] (±1200); NaN stays NaN.
func Elo(p float64) float64 {
	if math.IsNaN(p) {
		return p
	}
	p = min(max(p, eloCap), 1-eloCap)
	return 400 * math.Log10(p/(1-p))
}

func fmtFloat(x float64) string {
	if math.IsNaN(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// MetricsCSV writes the rows as CSV with a header; NaN is an empty field.
func MetricsCSV(rows []Row) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.Write(csvHeader); err != nil {
		return nil, err
	}
	for _, r := range rows {
		rec := []string{
			strconv.FormatInt(r.Iteration, 10), fmtFloat(r.Elapsed),
			strconv.FormatInt(r.Games, 10), strconv.FormatInt(r.Samples, 10), strconv.FormatInt(r.Steps, 10),
			strconv.Itoa(r.Buffer), fmtFloat(r.GamesPerSec), fmtFloat(r.SamplesPerSec),
			fmtFloat(r.PolicyLoss), fmtFloat(r.ValueLoss), fmtFloat(r.TotalLoss),
			fmtFloat(r.VsRandom), fmtFloat(r.VsRandomLow), fmtFloat(r.VsRandomHigh),
			fmtFloat(r.VsHeuristic), fmtFloat(r.VsHeuristicLow), fmtFloat(r.VsHeuristicHigh),
			fmtFloat(r.VsPrevious), fmtFloat(r.VsPreviousLow), fmtFloat(r.VsPreviousHigh),
			fmtFloat(Elo(r.VsHeuristic)), fmtFloat(Elo(r.VsHeuristicLow)), fmtFloat(Elo(r.VsHeuristicHigh)),
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// errPoints are points with error bars.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

// finite reports whether v is a value to plot (not NaN, not infinite).
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// hasEvaluation reports whether any row holds an evaluation win rate.
func hasEvaluation(rows []Row) bool {
	for _, r := range rows {
		for _, v := range [...]float64{r.VsRandom, r.VsHeuristic, r.VsPrevious} {
			if finite(v) {
				return true
			}
		}
	}
	return false
}

// MetricsPNG draws the losses (top), the evaluation win rates with their
// 95% intervals (middle) and the Elo difference to the heuristic those
// imply, with its interval (bottom), against the number of self-play
// games, as a PNG.
func MetricsPNG(rows []Row, title string) ([]byte, error) {
	series := func(y func(Row) float64) plotter.XYs {
		var xy plotter.XYs
		for _, r := range rows {
			if v := y(r); finite(v) {
				xy = append(xy, plotter.XY{X: float64(r.Games), Y: v})
			}
		}
		return xy
	}
	colors := []color.Color{
		color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 255}, color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 255},
		color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 255},
	}
	// addLines draws a line per series; with bands, each point also gets
	// an error bar from band(r) = (low, high).
	addLines := func(p *plot.Plot, names []string, ys []func(Row) float64, bands []func(Row) (float64, float64)) error {
		for i, name := range names {
			xy := series(ys[i])
			if len(xy) == 0 {
				continue
			}
			l, err := plotter.NewLine(xy)
			if err != nil {
				return err
			}
			l.Color = colors[i%len(colors)]
			l.Width = vg.Points(1.5)
			p.Add(l)
			p.Legend.Add(name, l)
			if len(xy) < 30 {
				s, err := plotter.NewScatter(xy)
				if err != nil {
					return err
				}
				s.Color = l.Color
				p.Add(s)
			}
			if bands == nil {
				continue
			}
			var pts errPoints
			for _, r := range rows {
				v := ys[i](r)
				lo, hi := bands[i](r)
				if math.IsNaN(v) || math.IsNaN(lo) || math.IsNaN(hi) || lo > v || hi < v {
					continue // no evaluation, or a row of an older run without intervals
				}
				pts.XYs = append(pts.XYs, plotter.XY{X: float64(r.Games), Y: v})
				pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{v - lo, hi - v})
			}
			if len(pts.XYs) == 0 {
				continue
			}
			eb, err := plotter.NewYErrorBars(pts)
			if err != nil {
				return err
			}
			eb.Color = l.Color
			eb.Width = vg.Points(0.6)
			eb.CapWidth = vg.Points(3)
			p.Add(eb)
		}
		return nil
	}
	loss := plot.New()
	loss.Title.Text = title + ": training loss"
	loss.Y.Label.Text = "loss"
	loss.X.Label.Text = "self-play games"
	loss.Legend.Top = true
	if err := addLines(loss, []string{"policy", "value", "total"}, []func(Row) float64{
		func(r Row) float64 { return r.PolicyLoss },
		func(r Row) float64 { return r.ValueLoss },
		func(r Row) float64 { return r.TotalLoss },
	}, nil); err != nil {
		return nil, err
	}
	eval := plot.New()
	eval.Title.Text = "evaluation win rate, 95% intervals (1 = always wins, 0.5 = even)"
	eval.Y.Label.Text = "win rate (draw = 1/2)"
	eval.X.Label.Text = "self-play games"
	eval.Y.Min, eval.Y.Max = 0, 1
	eval.Legend.Top = false
	if err := addLines(eval, []string{"vs random", "vs heuristic", "vs previous"}, []func(Row) float64{
		func(r Row) float64 { return r.VsRandom },
		func(r Row) float64 { return r.VsHeuristic },
		func(r Row) float64 { return r.VsPrevious },
	}, []func(Row) (float64, float64){
		func(r Row) (float64, float64) { return r.VsRandomLow, r.VsRandomHigh },
		func(r Row) (float64, float64) { return r.VsHeuristicLow, r.VsHeuristicHigh },
		func(r Row) (float64, float64) { return r.VsPreviousLow, r.VsPreviousHigh },
	}); err != nil {
		return nil, err
	}
	if !hasEvaluation(rows) {
		// An empty panel over a made-up range reads as a broken plot: say
		// why it is empty, over the games the losses cover.
		eval.Title.Text = "no evaluation in this run (evalevery=0, or none due yet)"
		eval.X.Min, eval.X.Max = loss.X.Min, loss.X.Max
	}
	elo := plot.New()
	elo.Title.Text = "Elo against the heuristic (0 = even), 95% intervals"
	elo.Y.Label.Text = "Elo difference"
	elo.X.Label.Text = "self-play games"
	elo.Legend.Top = false
	if err := addLines(elo, []string{"vs heuristic"}, []func(Row) float64{
		func(r Row) float64 { return Elo(r.VsHeuristic) },
	}, []func(Row) (float64, float64){
		func(r Row) (float64, float64) { return Elo(r.VsHeuristicLow), Elo(r.VsHeuristicHigh) },
	}); err != nil {
		return nil, err
	}
	if !hasEvaluation(rows) {
		elo.Title.Text = "no evaluation against the heuristic yet"
		elo.X.Min, elo.X.Max = loss.X.Min, loss.X.Max
	}
	img := vgimg.New(vg.Points(640), vg.Points(1000))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 3, Cols: 1, PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(12), PadY: vg.Points(18)}
	plots := [][]*plot.Plot{{loss}, {eval}, {elo}}
	canvases := plot.Align(plots, tiles, dc)
	for i := range plots {
		plots[i][0].Draw(canvases[i][0])
	}
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("training: plot: %w", err)
	}
	return buf.Bytes(), nil
}

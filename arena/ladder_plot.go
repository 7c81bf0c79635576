package arena

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// WritePlot draws the ladder as a PNG: every agent's rating (a dot) and
// its 95% interval (a bar), best at the top, a line at the anchor's 0.
func (r *LadderReport) WritePlot(w io.Writer) error {
	k := len(r.Agents)
	if k == 0 {
		return fmt.Errorf("%w: a ladder without agents has no plot", ErrBadConfig)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: Elo, 95%% intervals (%s = 0; %d games a pair)", r.Game, r.Anchor, r.GamesPerPair)
	p.X.Label.Text = "Elo"
	var pts struct {
		plotter.XYs
		plotter.XErrors
	}
	names := make([]string, k)
	lo, hi := 0.0, 0.0
	for i, a := range r.Agents {
		y := float64(k - 1 - i) // best at the top
		names[k-1-i] = a.Spec
		pts.XYs = append(pts.XYs, plotter.XY{X: a.Elo, Y: y})
		pts.XErrors = append(pts.XErrors, struct{ Low, High float64 }{a.Elo - a.EloCI95[0], a.EloCI95[1] - a.Elo})
		lo, hi = min(lo, a.EloCI95[0]), max(hi, a.EloCI95[1])
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(k) - 0.5}})
	if err != nil {
		return err
	}
	zero.Color = color.Gray{Y: 0x99}
	zero.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	bars, err := plotter.NewXErrorBars(pts)
	if err != nil {
		return err
	}
	bars.CapWidth = vg.Points(6)
	bars.Width = vg.Points(1.2)
	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	blue := color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 255}
	bars.Color, dots.Color = blue, blue
	dots.Shape = draw.CircleGlyph{}
	dots.Radius = vg.Points(3)
	p.Add(zero, bars, dots, plotter.NewGrid())
	p.NominalY(names...)
	pad := max(50, (hi-lo)*0.05)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.X.Tick.Marker = plot.TickerFunc(eloTicks)
	img := vgimg.New(vg.Points(720), vg.Points(float64(80+28*k)))
	p.Draw(draw.Crop(draw.New(img), vg.Points(8), -vg.Points(8), vg.Points(4), -vg.Points(4)))
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(w); err != nil {
		return fmt.Errorf("ladder plot: %w", err)
	}
	return nil
}

// eloTicks marks whole steps of 50, 100, 200, 250 or 500 Elo, the first
// that gives at most 8 marks, labelled without decimals.
func eloTicks(lo, hi float64) []plot.Tick {
	step := 1000.0
	for _, s := range []float64{50, 100, 200, 250, 500} {
		if (hi-lo)/s <= 8 {
			step = s
			break
		}
	}
	var ticks []plot.Tick
	for x := math.Ceil(lo/step) * step; x <= hi; x += step {
		ticks = append(ticks, plot.Tick{Value: x, Label: fmt.Sprintf("%+.0f", x)})
	}
	return ticks
}

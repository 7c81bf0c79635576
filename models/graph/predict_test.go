package graph_test

import (
	"math"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/graph"
	"github.com/moongym/moongym/models/internal/modeltest"
)

var testCases = modeltest.Cases

func TestPredictorMatchesGorgonia(t *testing.T) {
	for _, tc := range testCases {
		t.Run(tc.Name, func(t *testing.T) {
			net, err := models.NewNetwork(tc.Shapes, tc.Arch, 7)
			if err != nil {
				t.Fatal(err)
			}
			modeltest.Perturb(net, 3, 0.3)
			const rows = 6
			obs, mask := modeltest.RandomBatch(tc.Shapes, rows, 5)
			gr, err := graph.New(net, rows, false)
			if err != nil {
				t.Fatal(err)
			}
			defer gr.Close()
			gp := make([]float32, rows*tc.Shapes.Actions)
			gv := make([]float32, rows*tc.Shapes.Players)
			if err := gr.Forward(obs, mask, gp, gv); err != nil {
				t.Fatal(err)
			}
			fp := make([]float32, len(gp))
			fv := make([]float32, len(gv))
			if err := net.NewPredictor().Predict(rows, obs, mask, fp, fv); err != nil {
				t.Fatal(err)
			}
			closeTo(t, "policy", fp, gp, 1e-5)
			closeTo(t, "values", fv, gv, 1e-5)
			spread := 0.0
			for i := range fp {
				if mask[i] == 0 && fp[i] != 0 {
					t.Fatalf("illegal action %d has probability %v", i, fp[i])
				}
				spread = math.Max(spread, math.Abs(float64(fp[i])-float64(fp[i%tc.Shapes.Actions])))
			}
			if spread < 1e-3 {
				t.Fatalf("policies hardly differ between rows (%v): the test is too weak", spread)
			}
		})
	}
}

func closeTo(t *testing.T, what string, got, want []float32, tol float64) {
	t.Helper()
	for i := range want {
		if d := math.Abs(float64(got[i]) - float64(want[i])); d > tol || math.IsNaN(d) {
			t.Fatalf("%s[%d]: fast %v, gorgonia %v (diff %g > %g)", what, i, got[i], want[i], d, tol)
		}
	}
}

// TestBuiltinModelsMatchGorgonia runs the embedded opponents' networks
// (models/opponents) on random batches of their games' shapes, and larger
// networks whose widths are not multiples of the kernels' tiles, through
// the fast predictor and through Gorgonia.
func TestBuiltinModelsMatchGorgonia(t *testing.T) {
	type netCase struct {
		name string
		net  *models.Network
	}
	var cases []netCase
	all, err := models.BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range all { // every file, each with its own game parameters
		if b.Covered {
			continue // the same network again
		}
		g, err := engine.Load(b.Game, b.Params)
		if err != nil {
			t.Fatal(err)
		}
		m, err := models.LoadBuiltin(g)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, netCase{"builtin-" + b.File, m.Net})
	}
	if len(cases) < 2 {
		t.Fatalf("only %d built-in models", len(cases))
	}
	for _, s := range []struct {
		shapes models.Shapes
		arch   models.Arch
	}{
		{models.Shapes{Obs: []int{5, 6, 7}, Actions: 19, Players: 3}, models.Arch{Kind: models.KindConv, Width: 33, Depth: 1, ValueHidden: 13}},
		{models.Shapes{Obs: []int{41}, Actions: 37, Players: 2}, models.Arch{Kind: models.KindMLP, Width: 70, Depth: 1, ValueHidden: 17}},
	} {
		net, err := models.NewNetwork(s.shapes, s.arch, 5)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, netCase{s.arch.String(), net})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.net.Shapes
			for _, rows := range []int{1, 13} {
				obs, mask := modeltest.RandomBatch(s, rows, 8)
				gr, err := graph.New(tc.net, rows, false)
				if err != nil {
					t.Fatal(err)
				}
				gp, gv := make([]float32, rows*s.Actions), make([]float32, rows*s.Players)
				err = gr.Forward(obs, mask, gp, gv)
				gr.Close()
				if err != nil {
					t.Fatal(err)
				}
				fp, fv := make([]float32, len(gp)), make([]float32, len(gv))
				if err := tc.net.NewPredictor().Predict(rows, obs, mask, fp, fv); err != nil {
					t.Fatal(err)
				}
				closeTo(t, "policy", fp, gp, 1e-5)
				closeTo(t, "values", fv, gv, 1e-5)
			}
		})
	}
}

// Package modeltest has the small networks and random batches that the
// tests of models and its subpackages share.
package modeltest

import (
	"math/rand/v2"

	"github.com/moongym/moongym/models"
)

// Case is a network configuration to test.
type Case struct {
	Name   string
	Shapes models.Shapes
	Arch   models.Arch
}

// Cases are small networks of both kinds of trunk.
var Cases = []Case{
	{"mlp", models.Shapes{Obs: []int{11}, Actions: 5, Players: 3}, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 2, ValueHidden: 8}},
	{"mlp-depth0", models.Shapes{Obs: []int{2, 3}, Actions: 4, Players: 2}, models.Arch{Kind: models.KindMLP, Width: 8, Depth: 0, ValueHidden: 4}},
	{"conv", models.Shapes{Obs: []int{3, 3, 4}, Actions: 7, Players: 2}, models.Arch{Kind: models.KindConv, Width: 6, Depth: 2, ValueHidden: 8}},
	{"conv-1x5", models.Shapes{Obs: []int{2, 1, 5}, Actions: 3, Players: 4}, models.Arch{Kind: models.KindConv, Width: 4, Depth: 1, ValueHidden: 4}},
}

// RandomBatch draws observations in {0, 1} with some values in between, and
// masks with at least one legal action per row.
func RandomBatch(s models.Shapes, rows int, seed uint64) (obs, mask []float32) {
	rng := rand.New(rand.NewPCG(seed, 1))
	obs = make([]float32, rows*s.ObsSize())
	for i := range obs {
		switch rng.IntN(3) {
		case 0:
			obs[i] = 1
		case 1:
			obs[i] = rng.Float32()
		}
	}
	mask = make([]float32, rows*s.Actions)
	for r := 0; r < rows; r++ {
		mask[r*s.Actions+rng.IntN(s.Actions)] = 1
		for a := 0; a < s.Actions; a++ {
			if rng.IntN(2) == 0 {
				mask[r*s.Actions+a] = 1
			}
		}
	}
	return obs, mask
}

// RandomTargets draws policy targets over the legal actions and values.
func RandomTargets(s models.Shapes, rows int, mask []float32, seed uint64) (pol, val []float32) {
	rng := rand.New(rand.NewPCG(seed, 2))
	pol = make([]float32, rows*s.Actions)
	for r := 0; r < rows; r++ {
		var sum float32
		for a := 0; a < s.Actions; a++ {
			if mask[r*s.Actions+a] != 0 {
				pol[r*s.Actions+a] = rng.Float32() + 0.01
				sum += pol[r*s.Actions+a]
			}
		}
		for a := 0; a < s.Actions; a++ {
			pol[r*s.Actions+a] /= sum
		}
	}
	val = make([]float32, rows*s.Players)
	for i := range val {
		val[i] = float32(rng.IntN(3) - 1)
	}
	return pol, val
}

// Perturb adds normal noise of the given deviation, drawn from seed, to
// every weight: larger weights than the initialisation, so that the heads
// are far from uniform and comparisons of outputs mean something.
func Perturb(net *models.Network, seed uint64, std float64) {
	rng := rand.New(rand.NewPCG(seed, seed))
	for _, w := range net.Weights {
		for i := range w.Data {
			w.Data[i] += float32(rng.NormFloat64() * std)
		}
	}
}

package mcts

import (
	"math"
	"math/rand/v2"
)

// gamma draws from Gamma(alpha, 1) by Marsaglia and Tsang's method, with the
// usual boost for alpha < 1.
func gamma(rng *rand.Rand, alpha float64) float64 {
	if alpha <= 0 {
		return 0
	}
	if alpha < 1 {
		u := rng.Float64()
		for u == 0 {
			u = rng.Float64()
		}
		return gamma(rng, alpha+1) * math.Pow(u, 1/alpha)
	}
	d := alpha - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := rng.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := rng.Float64()
		if u < 1-0.0331*x*x*x*x {
			return d * v
		}
		if u > 0 && math.Log(u) < 0.5*x*x+d*(1-v+math.Log(v)) {
			return d * v
		}
	}
}

// dirichlet fills dst with a draw from the symmetric Dirichlet(alpha)
// distribution of len(dst) components.
func dirichlet(rng *rand.Rand, alpha float64, dst []float64) {
	sum := 0.0
	for i := range dst {
		dst[i] = gamma(rng, alpha)
		sum += dst[i]
	}
	if sum <= 0 {
		for i := range dst {
			dst[i] = 1 / float64(len(dst))
		}
		return
	}
	for i := range dst {
		dst[i] /= sum
	}
}

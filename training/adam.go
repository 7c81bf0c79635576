package training

import (
	"fmt"
	"math"

	"github.com/moongym/moongym/models"
)

// Adam is the AdamW optimizer (Adam with decoupled weight decay, Loshchilov
// and Hutter 2019), kept outside the Gorgonia graph so that its state can be
// checkpointed and restored exactly. Updates are computed in float64 and
// stored in float32.
type Adam struct {
	LR, Beta1, Beta2, Eps, WeightDecay float64
	// Step counts the updates made.
	Step int64
	// M and V are the first and second moment estimates, one slice per
	// weight tensor.
	M, V [][]float32
}

// NewAdam makes an optimizer for net's weights.
func NewAdam(net *models.Network, lr, weightDecay float64) *Adam {
	a := &Adam{LR: lr, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, WeightDecay: weightDecay}
	for _, t := range net.Weights {
		a.M = append(a.M, make([]float32, len(t.Data)))
		a.V = append(a.V, make([]float32, len(t.Data)))
	}
	return a
}

// Update applies one step to the weights given their gradients. Biases
// (one-dimensional tensors) get no weight decay.
func (a *Adam) Update(net *models.Network, grads [][]float32) error {
	if len(grads) != len(net.Weights) || len(a.M) != len(net.Weights) {
		return fmt.Errorf("training: %d gradients and %d moment tensors for %d weights", len(grads), len(a.M), len(net.Weights))
	}
	a.Step++
	c1 := 1 - math.Pow(a.Beta1, float64(a.Step))
	c2 := 1 - math.Pow(a.Beta2, float64(a.Step))
	for i, t := range net.Weights {
		g, m, v := grads[i], a.M[i], a.V[i]
		if len(g) != len(t.Data) || len(m) != len(t.Data) {
			return fmt.Errorf("training: gradient of %s has %d entries, want %d", t.Name, len(g), len(t.Data))
		}
		decay := 0.0
		if len(t.Shape) > 1 {
			decay = a.LR * a.WeightDecay
		}
		for j, w := range t.Data {
			gj := float64(g[j])
			mj := a.Beta1*float64(m[j]) + (1-a.Beta1)*gj
			vj := a.Beta2*float64(v[j]) + (1-a.Beta2)*gj*gj
			m[j], v[j] = float32(mj), float32(vj)
			step := a.LR * (mj / c1) / (math.Sqrt(vj/c2) + a.Eps)
			t.Data[j] = float32(float64(w)*(1-decay) - step)
		}
	}
	return nil
}

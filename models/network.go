package models

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Tensor is one named weight tensor, row-major float32.
type Tensor struct {
	Name  string
	Shape []int
	Data  []float32
}

// Network is a policy-value network: its shapes, architecture and weights.
// It is plain data; Predictor runs it fast and Graph builds it in Gorgonia.
// A Network may be read by many goroutines at once but not written while
// read.
type Network struct {
	Shapes Shapes
	Arch   Arch
	// Weights are in the order of Arch.Params(Shapes).
	Weights []Tensor
}

// NewNetwork makes a network with freshly initialised weights (He normal
// for layers followed by a ReLU, small for the last layer of each residual
// block and of each head), drawn from seed.
func NewNetwork(s Shapes, a Arch, seed uint64) (*Network, error) {
	if err := a.Validate(s); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x6e6574776f726b))
	n := &Network{Shapes: cloneShapes(s), Arch: a}
	for _, p := range a.Params(s) {
		t := Tensor{Name: p.Name, Shape: slices.Clone(p.Shape), Data: make([]float32, p.Size())}
		if len(p.Shape) > 1 {
			fanIn := p.Size() / fanOutOf(p)
			std := math.Sqrt(2 / float64(fanIn))
			switch {
			case hasSuffix(p.Name, ".w2") && p.Name != "value.w2":
				std *= 0.1 // residual branch starts near identity
			case p.Name == "policy.w" || p.Name == "value.w2":
				std *= 0.1 // heads start near uniform / zero
			}
			for i := range t.Data {
				t.Data[i] = float32(rng.NormFloat64() * std)
			}
		}
		n.Weights = append(n.Weights, t)
	}
	return n, nil
}

// fanOutOf is the output size of a weight: the last dim of a dense weight,
// the first of a conv filter.
func fanOutOf(p ParamSpec) int {
	if len(p.Shape) == 4 {
		return p.Shape[0]
	}
	return p.Shape[len(p.Shape)-1]
}

func hasSuffix(s, suf string) bool { return len(s) >= len(suf) && s[len(s)-len(suf):] == suf }

func cloneShapes(s Shapes) Shapes {
	s.Obs = slices.Clone(s.Obs)
	return s
}

// Clone is a deep copy.
func (n *Network) Clone() *Network {
	c := &Network{Shapes: cloneShapes(n.Shapes), Arch: n.Arch, Weights: make([]Tensor, len(n.Weights))}
	for i, t := range n.Weights {
		c.Weights[i] = Tensor{Name: t.Name, Shape: slices.Clone(t.Shape), Data: slices.Clone(t.Data)}
	}
	return c
}

// Weight finds a tensor by name.
func (n *Network) Weight(name string) (*Tensor, bool) {
	for i := range n.Weights {
		if n.Weights[i].Name == name {
			return &n.Weights[i], true
		}
	}
	return nil, false
}

// NumParams is the number of weights.
func (n *Network) NumParams() int {
	total := 0
	for _, t := range n.Weights {
		total += len(t.Data)
	}
	return total
}

// Validate checks that the weights are exactly those of the architecture
// for the shapes, and finite.
func (n *Network) Validate() error {
	if err := n.Arch.Validate(n.Shapes); err != nil {
		return err
	}
	want := n.Arch.Params(n.Shapes)
	if len(want) != len(n.Weights) {
		return fmt.Errorf("%w: %d tensors, architecture %s needs %d", ErrBadModel, len(n.Weights), n.Arch, len(want))
	}
	for i, p := range want {
		t := n.Weights[i]
		if t.Name != p.Name || !slices.Equal(t.Shape, p.Shape) || len(t.Data) != p.Size() {
			return fmt.Errorf("%w: tensor %d is %s %v, architecture %s needs %s %v", ErrBadModel, i, t.Name, t.Shape, n.Arch, p.Name, p.Shape)
		}
		for j, v := range t.Data {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return fmt.Errorf("%w: tensor %s has a non-finite weight at %d", ErrBadModel, t.Name, j)
			}
		}
	}
	return nil
}

// Equal reports whether two networks have the same shapes, architecture and
// bit-identical weights.
func (n *Network) Equal(o *Network) bool {
	if !n.Shapes.Equal(o.Shapes) || n.Arch != o.Arch || len(n.Weights) != len(o.Weights) {
		return false
	}
	for i, t := range n.Weights {
		u := o.Weights[i]
		if t.Name != u.Name || !slices.Equal(t.Shape, u.Shape) || len(t.Data) != len(u.Data) {
			return false
		}
		for j := range t.Data {
			if math.Float32bits(t.Data[j]) != math.Float32bits(u.Data[j]) {
				return false
			}
		}
	}
	return true
}

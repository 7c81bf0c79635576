package env

import (
	"fmt"
	"math"

	"github.com/moongym/moongym/engine"
)

// Box is a continuous space: a tensor of Shape with every value in [Low, High].
type Box struct {
	Shape []int   `json:"shape"`
	Low   float32 `json:"low"`
	High  float32 `json:"high"`
}

// Size is the number of values in the tensor.
func (b Box) Size() int {
	n := 1
	for _, d := range b.Shape {
		n *= d
	}
	return n
}

// Contains reports whether x has the box's size and every value within bounds.
func (b Box) Contains(x []float32) bool {
	if len(x) != b.Size() {
		return false
	}
	for _, v := range x {
		if !(v >= b.Low && v <= b.High) {
			return false
		}
	}
	return true
}

func (b Box) String() string { return fmt.Sprintf("Box(%v, %v, %v)", b.Low, b.High, b.Shape) }

// Discrete is the space of the integers 0..N-1.
type Discrete struct {
	N int `json:"n"`
}

// Contains reports whether a is in the space.
func (d Discrete) Contains(a engine.Action) bool { return a >= 0 && int(a) < d.N }

func (d Discrete) String() string { return fmt.Sprintf("Discrete(%d)", d.N) }

// ObservationSpace is the observation space of a game: unbounded unless
// the game implements engine.ObservationBounder.
func ObservationSpace(g engine.Game) Box {
	low, high := float32(math.Inf(-1)), float32(math.Inf(1))
	if b, ok := g.(engine.ObservationBounder); ok {
		low, high = b.ObservationBounds()
	}
	return Box{Shape: append([]int(nil), g.ObservationShape()...), Low: low, High: high}
}

// ActionSpace is the action space of a game at decision nodes.
func ActionSpace(g engine.Game) Discrete { return Discrete{N: g.NumActions()} }

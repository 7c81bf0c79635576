package training

import (
	"fmt"
	"math/rand/v2"
)

// Sample is one training position: the observation and legal-action mask
// of the player to move, the search's root visit distribution, and the
// game's outcome for every seat relative to that player, in [-1, 1].
type Sample struct {
	Obs, Mask, Policy, Value []float32
}

// Replay is a ring buffer of positions, stored flat: when full, each new
// position overwrites the oldest.
type Replay struct {
	// Sizes of one position.
	ObsSize, Actions, Players int
	// Cap is the capacity in positions.
	Cap int
	// Obs, Mask, Policy, Value hold Len() positions each, flat.
	Obs, Mask, Policy, Value []float32
	// Next is the slot the next position goes to; Total counts every
	// position ever added.
	Next  int
	Total int64
}

// NewReplay makes an empty buffer.
func NewReplay(capacity, obsSize, actions, players int) *Replay {
	return &Replay{ObsSize: obsSize, Actions: actions, Players: players, Cap: capacity}
}

// Len is the number of positions held.
func (r *Replay) Len() int { return len(r.Value) / r.Players }

// Add appends a position, overwriting the oldest when full.
func (r *Replay) Add(s Sample) error {
	if len(s.Obs) != r.ObsSize || len(s.Mask) != r.Actions || len(s.Policy) != r.Actions || len(s.Value) != r.Players {
		return fmt.Errorf("training: sample of sizes %d/%d/%d/%d for a buffer of %d/%d/%d/%d",
			len(s.Obs), len(s.Mask), len(s.Policy), len(s.Value), r.ObsSize, r.Actions, r.Actions, r.Players)
	}
	if r.Len() < r.Cap {
		r.Obs = append(r.Obs, s.Obs...)
		r.Mask = append(r.Mask, s.Mask...)
		r.Policy = append(r.Policy, s.Policy...)
		r.Value = append(r.Value, s.Value...)
	} else {
		i := r.Next
		copy(r.Obs[i*r.ObsSize:], s.Obs)
		copy(r.Mask[i*r.Actions:], s.Mask)
		copy(r.Policy[i*r.Actions:], s.Policy)
		copy(r.Value[i*r.Players:], s.Value)
	}
	r.Next = (r.Next + 1) % r.Cap
	r.Total++
	return nil
}

// Batch is a training batch, flat.
type Batch struct {
	N                        int
	Obs, Mask, Policy, Value []float32
}

// NewBatch allocates a batch of n positions for the buffer's sizes.
func (r *Replay) NewBatch(n int) *Batch {
	return &Batch{N: n, Obs: make([]float32, n*r.ObsSize), Mask: make([]float32, n*r.Actions),
		Policy: make([]float32, n*r.Actions), Value: make([]float32, n*r.Players)}
}

// Fill draws b.N positions uniformly with replacement.
func (r *Replay) Fill(b *Batch, rng *rand.Rand) {
	n := r.Len()
	for k := 0; k < b.N; k++ {
		i := rng.IntN(n)
		copy(b.Obs[k*r.ObsSize:(k+1)*r.ObsSize], r.Obs[i*r.ObsSize:])
		copy(b.Mask[k*r.Actions:(k+1)*r.Actions], r.Mask[i*r.Actions:])
		copy(b.Policy[k*r.Actions:(k+1)*r.Actions], r.Policy[i*r.Actions:])
		copy(b.Value[k*r.Players:(k+1)*r.Players], r.Value[i*r.Players:])
	}
}

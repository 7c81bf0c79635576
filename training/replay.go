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

// Replay is a ring buffer of positions: when full, each new position
// overwrites the oldest. The observations are kept exactly but compactly
// (Observations, an ObsStore: a fifth to a sixteenth of their dense size
// in this project's games); the rest is stored flat.
type Replay struct {
	// Sizes of one position.
	ObsSize, Actions, Players int
	// Cap is the capacity in positions.
	Cap int
	// Observations holds the observations of the Len() positions.
	Observations ObsStore
	// Obs is empty: checkpoints written before the compact store kept the
	// observations here, flat, and loading one moves them into
	// Observations.
	Obs []float32
	// Mask, Policy, Value hold Len() positions each, flat.
	Mask, Policy, Value []float32
	// Next is the slot the next position goes to; Total counts every
	// position ever added.
	Next  int
	Total int64
}

// NewReplay makes an empty buffer.
func NewReplay(capacity, obsSize, actions, players int) *Replay {
	return &Replay{ObsSize: obsSize, Actions: actions, Players: players, Cap: capacity, Observations: NewObsStore(obsSize)}
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
		r.Observations.Set(r.Len(), s.Obs)
		r.Mask = append(r.Mask, s.Mask...)
		r.Policy = append(r.Policy, s.Policy...)
		r.Value = append(r.Value, s.Value...)
	} else {
		i := r.Next
		r.Observations.Set(i, s.Obs)
		copy(r.Mask[i*r.Actions:], s.Mask)
		copy(r.Policy[i*r.Actions:], s.Policy)
		copy(r.Value[i*r.Players:], s.Value)
	}
	r.Next = (r.Next + 1) % r.Cap
	r.Total++
	return nil
}

// Position writes position i's observation, mask, policy and value into
// the k-th place of b.
func (r *Replay) Position(i int, b *Batch, k int) {
	r.Observations.Get(i, b.Obs[k*r.ObsSize:(k+1)*r.ObsSize])
	copy(b.Mask[k*r.Actions:(k+1)*r.Actions], r.Mask[i*r.Actions:])
	copy(b.Policy[k*r.Actions:(k+1)*r.Actions], r.Policy[i*r.Actions:])
	copy(b.Value[k*r.Players:(k+1)*r.Players], r.Value[i*r.Players:])
}

// upgrade moves the flat observations of an older checkpoint's buffer
// into Observations, and checks that a decoded buffer is whole.
func (r *Replay) upgrade() error {
	n := r.Len()
	if len(r.Mask) != n*r.Actions || len(r.Policy) != n*r.Actions || len(r.Value) != n*r.Players || r.ObsSize <= 0 {
		return fmt.Errorf("a buffer of %d positions with %d mask and %d policy entries", n, len(r.Mask), len(r.Policy))
	}
	if n > r.Cap || r.Next < 0 || r.Next >= r.Cap {
		return fmt.Errorf("%d positions, the next at %d, in a buffer of %d", n, r.Next, r.Cap)
	}
	if r.Observations.Size == 0 { // written before the compact store
		if len(r.Obs) != n*r.ObsSize {
			return fmt.Errorf("%d flat observation entries for %d positions of %d", len(r.Obs), n, r.ObsSize)
		}
		r.Observations = NewObsStore(r.ObsSize)
		for i := range n {
			r.Observations.Set(i, r.Obs[i*r.ObsSize:(i+1)*r.ObsSize])
		}
		r.Obs = nil
		return nil
	}
	if len(r.Obs) != 0 {
		return fmt.Errorf("flat observations beside compact ones")
	}
	return r.Observations.check(r.ObsSize, n)
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
		r.Position(rng.IntN(n), b, k)
	}
}

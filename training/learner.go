package training

import (
	"math/rand/v2"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/graph"
)

// Learner trains a network on batches drawn from a replay buffer: the
// Gorgonia graph computes the loss and gradients, Adam updates the weights
// in place (the graph shares them).
type Learner struct {
	Net   *models.Network
	Opt   *Adam
	graph *graph.Graph
	batch *Batch
}

// NewLearner builds the training graph of net for batches of batchSize.
func NewLearner(net *models.Network, opt *Adam, r *Replay, batchSize int) (*Learner, error) {
	g, err := graph.New(net, batchSize, true)
	if err != nil {
		return nil, err
	}
	return &Learner{Net: net, Opt: opt, graph: g, batch: r.NewBatch(batchSize)}, nil
}

// Train takes steps optimizer steps on batches drawn from r with rng and
// returns the mean losses.
func (l *Learner) Train(r *Replay, steps int, rng *rand.Rand) (graph.Losses, error) {
	var sum graph.Losses
	for i := 0; i < steps; i++ {
		r.Fill(l.batch, rng)
		loss, err := l.Step(l.batch)
		if err != nil {
			return sum, err
		}
		sum.Policy += loss.Policy
		sum.Value += loss.Value
		sum.Total += loss.Total
	}
	if steps > 0 {
		n := float64(steps)
		sum.Policy, sum.Value, sum.Total = sum.Policy/n, sum.Value/n, sum.Total/n
	}
	return sum, nil
}

// Step takes one optimizer step on a batch and returns its loss (before
// the step).
func (l *Learner) Step(b *Batch) (graph.Losses, error) {
	loss, err := l.graph.Step(b.Obs, b.Mask, b.Policy, b.Value)
	if err != nil {
		return loss, err
	}
	grads, err := l.graph.Grads()
	if err != nil {
		return loss, err
	}
	return loss, l.Opt.Update(l.Net, grads)
}

// Close releases the graph.
func (l *Learner) Close() error { return l.graph.Close() }

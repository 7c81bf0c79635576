package models

import "github.com/moongym/moongym/models/kernels"

// NewPredictorOn makes a predictor on a given kernel path, for the tests
// that cover every path.
func NewPredictorOn(n *Network, k *kernels.Kernel) *Predictor { return n.newPredictor(k) }

// Package models holds moongym's policy-value networks: their architecture
// (a residual MLP for flat observations, a small residual convolutional trunk
// for grid observations), their weights, the model file that carries both
// with the game and training provenance (a safetensors file of F32 tensors,
// or F16 ones upcast to float32 on load: Model.Dtype), a fast forward
// pass for playing and self-play on the GEMM kernels of models/kernels, with
// a cache, and the Gorgonia graph that training differentiates (models/graph).
//
// A network sees one observation, relative to the player to move (engine
// observations put the observer first), and outputs a masked policy over the
// game's actions and one value per seat in the same relative order: value k
// is for the seat k places after the observer. Evaluator rotates them back to
// absolute seat order for search.
package models

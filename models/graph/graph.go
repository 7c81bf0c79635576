// Package graph builds moongym's policy-value networks (models.Network) in
// Gorgonia: the forward pass, and for training the loss and its gradient
// with respect to every weight. Training uses it; models.Predictor, the
// fast forward pass for play, is checked against it.
//
// Gorgonia adds each run's gradients to the previous ones; Step clears
// them first. A graph and its TapeMachine are not safe for concurrent use.
package graph

import (
	"fmt"
	"math"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/models/kernels"
)

// ErrBadInput is models.ErrBadInput: inputs of the wrong size.
var ErrBadInput = models.ErrBadInput

// illegalLogit is added to the logits of illegal actions before the
// log-softmax, so that they get no probability and no gradient.
const illegalLogit = -1e4

// Graph is a network built in Gorgonia for a fixed batch size: its forward
// pass and, for training, the loss and its gradient with respect to every
// weight. The weight nodes share the network's weight slices, so an
// optimizer that updates Network.Weights in place updates the graph. A Graph
// and its TapeMachine are not safe for concurrent use.
type Graph struct {
	Batch int
	net   *models.Network
	train bool
	// legacy: the conv trunk through Gorgonia's Conv2d (NCHW), as before
	// the kernels; used when the BLAS is gonum's (see EnvBLAS).
	legacy bool
	// obsPadded: the conv trunk's observation is pixel-major with a
	// border of zeros (im2col.Pad's layout), for the first layer's
	// implicit passes.
	obsPadded bool

	g                       *G.ExprGraph
	obs, bias, tPol, tVal   *G.Node
	obsT, biasT, tPolT, tVT *tensor.Dense
	weights                 G.Nodes
	logp, value             *G.Node
	loss, polLoss, valLoss  *G.Node
	vm                      G.VM
}

// Losses are the terms of the training loss of one batch: the policy
// cross-entropy against the targets, the mean squared error of the values,
// and their sum.
type Losses struct {
	Policy, Value, Total float64
}

// New builds the network for batches of the given size; with train the
// graph also computes the loss and gradients.
func New(net *models.Network, batch int, train bool) (*Graph, error) {
	if err := net.Validate(); err != nil {
		return nil, err
	}
	if batch < 1 {
		return nil, fmt.Errorf("%w: batch size %d", ErrBadInput, batch)
	}
	gr := &Graph{Batch: batch, net: net, train: train, g: G.NewGraph(), legacy: BLASInUse() == BLASGonum}
	if err := gr.build(); err != nil {
		return nil, fmt.Errorf("models: build graph: %w", err)
	}
	opts := []G.VMOpt{}
	if train {
		if _, err := G.Grad(gr.loss, gr.weights...); err != nil {
			return nil, fmt.Errorf("models: gradient: %w", err)
		}
		opts = append(opts, G.BindDualValues(gr.weights...))
	}
	gr.vm = G.NewTapeMachine(gr.g, opts...)
	return gr, nil
}

func (gr *Graph) input(name string, shape ...int) (*G.Node, *tensor.Dense) {
	n := 1
	for _, d := range shape {
		n *= d
	}
	t := tensor.New(tensor.WithShape(shape...), tensor.WithBacking(make([]float32, n)))
	return G.NewTensor(gr.g, tensor.Float32, len(shape), G.WithShape(shape...), G.WithName(name), G.WithValue(t)), t
}

func (gr *Graph) build() error {
	s, a := gr.net.Shapes, gr.net.Arch
	b := gr.Batch
	switch {
	case a.Kind == models.KindConv && gr.legacy:
		gr.obs, gr.obsT = gr.input("obs", b, s.Obs[0], s.Obs[1], s.Obs[2])
	case a.Kind == models.KindConv:
		// Pixel-major: [batch*h*w, channels] (see conv.go), or [batch*(h+2)*(w+2),
		// channels] with a border.
		gr.obsPadded = implicitConv(b, s.Obs[2], s.Obs[0], a.Width)
		rows := b * s.Obs[1] * s.Obs[2]
		if gr.obsPadded {
			rows = b * (s.Obs[1] + 2) * (s.Obs[2] + 2)
		}
		gr.obs, gr.obsT = gr.input("obs", rows, s.Obs[0])
	default:
		gr.obs, gr.obsT = gr.input("obs", b, s.ObsSize())
	}
	gr.bias, gr.biasT = gr.input("maskbias", b, s.Actions)
	w := map[string]*G.Node{}
	for _, t := range gr.net.Weights {
		shape := t.Shape
		if len(shape) == 1 { // biases are (1, n) rows, broadcast over the batch
			shape = []int{1, shape[0]}
		}
		val := tensor.New(tensor.WithShape(shape...), tensor.WithBacking(t.Data))
		n := G.NewTensor(gr.g, tensor.Float32, len(shape), G.WithShape(shape...), G.WithName(t.Name), G.WithValue(val))
		w[t.Name] = n
		gr.weights = append(gr.weights, n)
	}
	var err error
	must := func(n *G.Node, e error) *G.Node {
		if err == nil && e != nil {
			err = e
		}
		return n
	}
	linear := func(x *G.Node, wn, bn string) *G.Node {
		y := must(G.Mul(x, w[wn]))
		if bn != "" && err == nil {
			y = must(G.BroadcastAdd(y, w[bn], nil, []byte{0}))
		}
		return y
	}
	// filter is a [out, in, 1, 1] conv filter as the [in, out] matrix that
	// multiplies pixel-major activations.
	filter := func(wn string) *G.Node {
		sh := w[wn].Shape()
		return must(G.Transpose(must(G.Reshape(w[wn], tensor.Shape{sh[0], sh[1] * sh[2] * sh[3]}))))
	}
	// conv3 is a 3x3 convolution (padding 1) of pixel-major activations
	// with c channels, then the residual input added (res, nil for none),
	// then the ReLU.
	conv3 := func(x *G.Node, wn string, c int, res *G.Node) *G.Node {
		if err != nil {
			return nil
		}
		if gr.legacy {
			y := must(G.Conv2d(x, w[wn], tensor.Shape{3, 3}, []int{1, 1}, []int{1, 1}, []int{1, 1}))
			if res != nil {
				y = must(G.Add(res, y))
			}
			return must(G.Rectify(y))
		}
		// The observation (the first layer's input) needs no gradient.
		sp := convSpec{name: wn, batch: b, h: s.Obs[1], w: s.Obs[2], cin: c, gradX: x != gr.obs, relu: true,
			padded: x == gr.obs && gr.obsPadded}
		return must(conv3(sp, x, w[wn], res))
	}
	// head is a 1x1 convolution to ch channels, flattened per image
	// channel-major as [batch, ch*h*w].
	hw := 1
	if a.Kind == models.KindConv {
		hw = s.Obs[1] * s.Obs[2]
	}
	head := func(x *G.Node, wn string, ch int) *G.Node {
		if err != nil {
			return nil
		}
		if gr.legacy {
			y := must(G.Conv2d(x, w[wn], tensor.Shape{1, 1}, []int{0, 0}, []int{1, 1}, []int{1, 1}))
			return must(G.Reshape(y, tensor.Shape{b, ch * hw}))
		}
		y := must(G.Mul(x, filter(wn))) // [batch*hw, ch]
		if err != nil {
			return nil
		}
		if ch > 1 {
			y = must(G.Reshape(y, tensor.Shape{b, hw, ch}))
			y = must(G.Transpose(y, 0, 2, 1))
		}
		return must(G.Reshape(y, tensor.Shape{b, ch * hw}))
	}
	var pol, val *G.Node
	if a.Kind == models.KindConv {
		f := a.Width
		h := conv3(gr.obs, "trunk.in.w", s.Obs[0], nil)
		for i := 0; i < a.Depth && err == nil; i++ {
			t := conv3(h, res(i)+"w1", f, nil)
			h = conv3(t, res(i)+"w2", f, h)
		}
		// The heads' 1x1 convolutions are linear projections: without batch
		// normalisation a ReLU there can leave a head with no live unit.
		ph := head(h, "policy.conv.w", w["policy.conv.w"].Shape()[0])
		vh := head(h, "value.conv.w", w["value.conv.w"].Shape()[0])
		if err != nil {
			return err
		}
		pol = linear(ph, "policy.w", "policy.b")
		val = must(G.Rectify(linear(vh, "value.w1", "value.b1")))
	} else {
		h := must(G.Rectify(linear(gr.obs, "trunk.in.w", "trunk.in.b")))
		for i := 0; i < a.Depth && err == nil; i++ {
			t := must(G.Rectify(linear(h, res(i)+"w1", res(i)+"b1")))
			u := linear(t, res(i)+"w2", res(i)+"b2")
			h = must(G.Rectify(must(G.Add(h, u))))
		}
		pol = linear(h, "policy.w", "policy.b")
		val = must(G.Rectify(linear(h, "value.w1", "value.b1")))
	}
	if err != nil {
		return err
	}
	gr.value = must(G.Tanh(linear(val, "value.w2", "value.b2")))
	gr.logp = must(G.LogSoftMax(must(G.Add(pol, gr.bias))))
	if err != nil || !gr.train {
		return err
	}
	gr.tPol, gr.tPolT = gr.input("target_policy", b, s.Actions)
	gr.tVal, gr.tVT = gr.input("target_value", b, s.Players)
	ce := must(G.Sum(must(G.HadamardProd(gr.tPol, gr.logp))))
	gr.polLoss = must(G.Mul(ce, G.NewConstant(float32(-1/float64(b)))))
	gr.valLoss = must(G.Mean(must(G.Square(must(G.Sub(gr.value, gr.tVal))))))
	gr.loss = must(G.Add(gr.polLoss, gr.valLoss))
	return err
}

// setInputs copies a batch into the graph's inputs.
func (gr *Graph) setInputs(obs, mask []float32) error {
	s := gr.net.Shapes
	if len(obs) != gr.Batch*s.ObsSize() || len(mask) != gr.Batch*s.Actions {
		return fmt.Errorf("%w: batch of %d needs %d observation and %d mask floats, got %d and %d",
			ErrBadInput, gr.Batch, gr.Batch*s.ObsSize(), gr.Batch*s.Actions, len(obs), len(mask))
	}
	dst := gr.obsT.Data().([]float32)
	if gr.net.Arch.Kind == models.KindConv && !gr.legacy {
		gr.pixelMajor(dst, obs)
	} else {
		copy(dst, obs)
	}
	bias := gr.biasT.Data().([]float32)
	for i, m := range mask {
		if m != 0 {
			bias[i] = 0
		} else {
			bias[i] = illegalLogit
		}
	}
	return nil
}

// pixelMajor writes the observations obs, [batch, c, h, w], as the conv
// trunk's pixel-major input [batch*h*w, c] (or with a border, whose zeros
// it leaves alone): 8 pixels by 8 channels at a time in vectors
// (kernels.Transpose8), the rest pixel by pixel; the rows are written in
// order.
func (gr *Graph) pixelMajor(dst, obs []float32) {
	kn := kernels.Default()
	s := gr.net.Shapes
	c, h, w := s.Obs[0], s.Obs[1], s.Obs[2]
	hw, pw, ph := h*w, w, h
	if gr.obsPadded {
		pw, ph = w+2, h+2
	}
	nb := c / 8
	for r := 0; r < gr.Batch; r++ {
		img := obs[r*c*hw : (r+1)*c*hw]
		for y := 0; y < h; y++ {
			q0 := (r*ph + y) * pw // pixel (y, 0)
			if gr.obsPadded {
				q0 += pw + 1
			}
			x := 0
			for ; nb > 0 && x+8 <= w; x += 8 {
				kn.Transpose8(nb, img[y*w+x:], hw, dst[(q0+x)*c:], c)
				for ci := 8 * nb; ci < c; ci++ {
					for p, v := range img[ci*hw+y*w+x:][:8] {
						dst[(q0+x+p)*c+ci] = v
					}
				}
			}
			for ; x < w; x++ {
				row, src := dst[(q0+x)*c:(q0+x+1)*c], img[y*w+x:]
				for ci := range row {
					row[ci] = src[ci*hw]
				}
			}
		}
	}
}

// Forward runs the graph on a batch (obs Batch*ObsSize, mask
// Batch*Actions) and writes the policy (Batch*Actions) and values
// (Batch*Players), as Predictor.Predict does. A training graph needs
// targets: use Step.
func (gr *Graph) Forward(obs, mask, policy, values []float32) error {
	if gr.train {
		return fmt.Errorf("%w: Forward on a training graph", ErrBadInput)
	}
	if err := gr.setInputs(obs, mask); err != nil {
		return err
	}
	defer gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return fmt.Errorf("models: forward: %w", err)
	}
	return gr.readOutputs(mask, policy, values)
}

func (gr *Graph) readOutputs(mask, policy, values []float32) error {
	s := gr.net.Shapes
	if len(policy) != gr.Batch*s.Actions || len(values) != gr.Batch*s.Players {
		return fmt.Errorf("%w: output sizes %d and %d", ErrBadInput, len(policy), len(values))
	}
	lp := gr.logp.Value().Data().([]float32)
	for i := range policy {
		if mask[i] != 0 {
			policy[i] = float32(math.Exp(float64(lp[i])))
		} else {
			policy[i] = 0
		}
	}
	copy(values, gr.value.Value().Data().([]float32))
	return nil
}

// Step runs the forward and backward pass of a training graph on a batch
// with its targets (policy Batch*Actions, values Batch*Players in [-1, 1]),
// leaving the gradients in Grads. It does not change the weights.
func (gr *Graph) Step(obs, mask, targetPolicy, targetValues []float32) (Losses, error) {
	if !gr.train {
		return Losses{}, fmt.Errorf("%w: Step on an inference graph", ErrBadInput)
	}
	s := gr.net.Shapes
	if len(targetPolicy) != gr.Batch*s.Actions || len(targetValues) != gr.Batch*s.Players {
		return Losses{}, fmt.Errorf("%w: targets of %d and %d floats for a batch of %d", ErrBadInput, len(targetPolicy), len(targetValues), gr.Batch)
	}
	if err := gr.setInputs(obs, mask); err != nil {
		return Losses{}, err
	}
	copy(gr.tPolT.Data().([]float32), targetPolicy)
	copy(gr.tVT.Data().([]float32), targetValues)
	// Gorgonia adds each run's gradients to the last ones: start from zero.
	for _, n := range gr.weights {
		if g, err := n.Grad(); err == nil && g != nil {
			clear(g.Data().([]float32))
		}
	}
	gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return Losses{}, fmt.Errorf("models: training step: %w", err)
	}
	l := Losses{
		Policy: float64(scalar(gr.polLoss)),
		Value:  float64(scalar(gr.valLoss)),
		Total:  float64(scalar(gr.loss)),
	}
	return l, nil
}

// Grads are the gradients of the loss of the last Step, one slice per
// weight tensor in Network.Weights order. They belong to the graph and are
// overwritten by the next Step.
func (gr *Graph) Grads() ([][]float32, error) {
	out := make([][]float32, len(gr.weights))
	for i, n := range gr.weights {
		g, err := n.Grad()
		if err != nil {
			return nil, fmt.Errorf("models: gradient of %s: %w", n.Name(), err)
		}
		out[i] = g.Data().([]float32)
	}
	return out, nil
}

// Close releases the graph's machine.
func (gr *Graph) Close() error { return gr.vm.Close() }

func scalar(n *G.Node) float32 {
	switch v := n.Value().Data().(type) {
	case float32:
		return v
	case []float32:
		if len(v) > 0 {
			return v[0]
		}
	}
	return float32(math.NaN())
}

func res(i int) string { return fmt.Sprintf("trunk.res%d.", i) }

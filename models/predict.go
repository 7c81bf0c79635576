package models

import (
	"fmt"
	"math"
)

// Predictor runs a network's forward pass in plain Go, for playing and
// self-play. Each row of a batch is computed on its own in a fixed order,
// so a row's outputs do not depend on the rest of the batch. A Predictor
// holds scratch buffers: it is not safe for concurrent use; make one per
// goroutine (they share the network's weights).
type Predictor struct {
	net     *Network
	w       map[string][]float32
	a, b, c []float32 // trunk activations (one row / one image)
	head    []float32
	hv      []float32
	logits  []float32
}

// NewPredictor makes a predictor over the network's weights (not copied:
// changes to the weights are seen by the predictor).
func (n *Network) NewPredictor() *Predictor {
	p := &Predictor{net: n, w: map[string][]float32{}}
	for _, t := range n.Weights {
		p.w[t.Name] = t.Data
	}
	size := n.Arch.Width
	if n.Arch.Kind == KindConv {
		size = n.Arch.Width * n.Shapes.Obs[1] * n.Shapes.Obs[2]
	}
	p.a, p.b, p.c = make([]float32, size), make([]float32, size), make([]float32, size)
	hs := n.Arch.Width
	if n.Arch.Kind == KindConv {
		hs = (policyChannels + valueChannels) * n.Shapes.Obs[1] * n.Shapes.Obs[2]
	}
	p.head = make([]float32, hs)
	p.hv = make([]float32, n.Arch.ValueHidden)
	p.logits = make([]float32, n.Shapes.Actions)
	return p
}

// Network is the predictor's network.
func (p *Predictor) Network() *Network { return p.net }

// Predict runs a batch of rows. obs has rows*ObsSize floats, mask
// rows*Actions (nonzero: legal). It writes policy (rows*Actions: a softmax
// over the legal actions, zero elsewhere; all zero for a row with no legal
// action) and values (rows*Players, in [-1, 1], relative to the observer).
func (p *Predictor) Predict(rows int, obs, mask, policy, values []float32) error {
	s := p.net.Shapes
	d, na, np := s.ObsSize(), s.Actions, s.Players
	if rows < 0 || len(obs) != rows*d || len(mask) != rows*na || len(policy) != rows*na || len(values) != rows*np {
		return fmt.Errorf("%w: %d rows need obs %d, mask and policy %d, values %d floats; got %d, %d, %d, %d",
			ErrBadInput, rows, rows*d, rows*na, rows*np, len(obs), len(mask), len(policy), len(values))
	}
	for r := 0; r < rows; r++ {
		p.row(obs[r*d:(r+1)*d], mask[r*na:(r+1)*na], policy[r*na:(r+1)*na], values[r*np:(r+1)*np])
	}
	return nil
}

func (p *Predictor) row(x, mask, policy, values []float32) {
	if p.net.Arch.Kind == KindConv {
		p.convRow(x)
	} else {
		p.mlpRow(x)
	}
	maskedSoftmax(p.logits, mask, policy)
	dense(p.hv, p.w["value.w2"], p.w["value.b2"], values)
	for i, v := range values {
		values[i] = float32(math.Tanh(float64(v)))
	}
}

// mlpRow runs the MLP trunk and heads on one observation: policy logits
// into p.logits, the value head's hidden layer into p.hv.
func (p *Predictor) mlpRow(x []float32) {
	w := p.w
	h := p.a
	dense(x, w["trunk.in.w"], w["trunk.in.b"], h)
	relu(h)
	for i := 0; i < p.net.Arch.Depth; i++ {
		pre := resName[i]
		t := p.b
		dense(h, w[pre+"w1"], w[pre+"b1"], t)
		relu(t)
		u := p.c
		dense(t, w[pre+"w2"], w[pre+"b2"], u)
		for j := range h {
			h[j] = max(h[j]+u[j], 0)
		}
	}
	dense(h, w["policy.w"], w["policy.b"], p.logits)
	dense(h, w["value.w1"], w["value.b1"], p.hv)
	relu(p.hv)
}

// convRow runs the conv trunk on one [C, H, W] image.
func (p *Predictor) convRow(x []float32) {
	w := p.w
	s := p.net.Shapes
	c, hh, ww := s.Obs[0], s.Obs[1], s.Obs[2]
	f := p.net.Arch.Width
	h := p.a
	conv3(x, c, hh, ww, w["trunk.in.w"], f, h)
	relu(h)
	for i := 0; i < p.net.Arch.Depth; i++ {
		pre := resName[i]
		conv3(h, f, hh, ww, w[pre+"w1"], f, p.b)
		relu(p.b)
		conv3(p.b, f, hh, ww, w[pre+"w2"], f, p.c)
		for j := range h {
			h[j] = max(h[j]+p.c[j], 0)
		}
	}
	hw := hh * ww
	ph := p.head[:policyChannels*hw]
	vh := p.head[policyChannels*hw:]
	conv1(h, f, hw, w["policy.conv.w"], policyChannels, ph)
	conv1(h, f, hw, w["value.conv.w"], valueChannels, vh)
	dense(ph, w["policy.w"], w["policy.b"], p.logits)
	dense(vh, w["value.w1"], w["value.b1"], p.hv)
	relu(p.hv)
}

// resName caches the residual block prefixes.
var resName = func() [65]string {
	var n [65]string
	for i := range n {
		n[i] = fmt.Sprintf("trunk.res%d.", i)
	}
	return n
}()

// dense computes out = x·w (+ b), w is [len(x), len(out)] row-major.
func dense(x, w, b, out []float32) {
	m := len(out)
	if b != nil {
		copy(out, b)
	} else {
		clear(out)
	}
	for k, xv := range x {
		if xv == 0 {
			continue
		}
		row := w[k*m : (k+1)*m]
		for j := range row {
			out[j] += xv * row[j]
		}
	}
}

func relu(v []float32) {
	for i, x := range v {
		if x < 0 {
			v[i] = 0
		}
	}
}

// conv3 is a 3x3 convolution with zero padding 1, stride 1, no bias: in is
// [c, h, w], filter [f, c, 3, 3], out [f, h, w].
func conv3(in []float32, c, h, w int, filter []float32, f int, out []float32) {
	clear(out[:f*h*w])
	for o := 0; o < f; o++ {
		dst := out[o*h*w : (o+1)*h*w]
		for i := 0; i < c; i++ {
			src := in[i*h*w : (i+1)*h*w]
			k := filter[(o*c+i)*9 : (o*c+i)*9+9]
			for y := 0; y < h; y++ {
				for ky := 0; ky < 3; ky++ {
					sy := y + ky - 1
					if sy < 0 || sy >= h {
						continue
					}
					srow := src[sy*w : (sy+1)*w]
					drow := dst[y*w : (y+1)*w]
					for kx := 0; kx < 3; kx++ {
						kv := k[ky*3+kx]
						x0, x1 := 0, w
						if kx == 0 {
							x0 = 1
						} else if kx == 2 {
							x1 = w - 1
						}
						for x := x0; x < x1; x++ {
							drow[x] += kv * srow[x+kx-1]
						}
					}
				}
			}
		}
	}
}

// conv1 is a 1x1 convolution: in is [c, hw], filter [f, c], out [f, hw].
func conv1(in []float32, c, hw int, filter []float32, f int, out []float32) {
	clear(out[:f*hw])
	for o := 0; o < f; o++ {
		dst := out[o*hw : (o+1)*hw]
		for i := 0; i < c; i++ {
			kv := filter[o*c+i]
			src := in[i*hw : (i+1)*hw]
			for j := range dst {
				dst[j] += kv * src[j]
			}
		}
	}
}

// maskedSoftmax writes the softmax of logits over the legal entries of
// mask into out, zero elsewhere.
func maskedSoftmax(logits, mask, out []float32) {
	mx := float32(math.Inf(-1))
	for i, l := range logits {
		if mask[i] != 0 && l > mx {
			mx = l
		}
	}
	var sum float64
	for i, l := range logits {
		if mask[i] != 0 {
			e := math.Exp(float64(l - mx))
			out[i] = float32(e)
			sum += e
		} else {
			out[i] = 0
		}
	}
	if sum == 0 {
		return
	}
	inv := 1 / sum
	for i := range out {
		out[i] = float32(float64(out[i]) * inv)
	}
}

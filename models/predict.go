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
	a, b, c []float32            // trunk activations (one row / one image, HWC for conv)
	x       []float32            // conv input in HWC order
	wt      map[string][]float32 // 3x3 filters as [ky][kx][in][out]
	head    []float32
	hv      []float32
	logits  []float32
}

// NewPredictor makes a predictor over the network's weights. Dense weights
// are shared, not copied (changes to them are seen by the predictor); 3x3
// conv filters are copied in the order the predictor reads them, so make a
// new predictor after changing those.
func (n *Network) NewPredictor() *Predictor {
	p := &Predictor{net: n, w: map[string][]float32{}, wt: map[string][]float32{}}
	for _, t := range n.Weights {
		p.w[t.Name] = t.Data
		if len(t.Shape) == 4 && t.Shape[2] == 3 {
			p.wt[t.Name] = transpose3(t.Data, t.Shape[0], t.Shape[1])
		}
	}
	if n.Arch.Kind == KindConv {
		p.x = make([]float32, n.Shapes.ObsSize())
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

// convRow runs the conv trunk on one [C, H, W] image. Activations are
// kept pixel-major (HWC), so that the inner loops run over channels.
func (p *Predictor) convRow(x []float32) {
	w := p.w
	s := p.net.Shapes
	c, hh, ww := s.Obs[0], s.Obs[1], s.Obs[2]
	hw := hh * ww
	for ci := 0; ci < c; ci++ {
		for i := 0; i < hw; i++ {
			p.x[i*c+ci] = x[ci*hw+i]
		}
	}
	f := p.net.Arch.Width
	h := p.a
	conv3(p.x, c, hh, ww, p.wt["trunk.in.w"], f, h)
	relu(h)
	for i := 0; i < p.net.Arch.Depth; i++ {
		pre := resName[i]
		conv3(h, f, hh, ww, p.wt[pre+"w1"], f, p.b)
		relu(p.b)
		conv3(p.b, f, hh, ww, p.wt[pre+"w2"], f, p.c)
		for j := range h {
			h[j] = max(h[j]+p.c[j], 0)
		}
	}
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

// transpose3 reorders a [f, c, 3, 3] filter as [3, 3, c, f].
func transpose3(w []float32, f, c int) []float32 {
	out := make([]float32, len(w))
	for o := 0; o < f; o++ {
		for i := 0; i < c; i++ {
			for k := 0; k < 9; k++ {
				out[(k*c+i)*f+o] = w[(o*c+i)*9+k]
			}
		}
	}
	return out
}

// conv3 is a 3x3 convolution with zero padding 1, stride 1, no bias, in
// HWC order: in is [h, w, c], filter [3, 3, c, f] (see transpose3), out
// [h, w, f].
func conv3(in []float32, c, h, w int, filter []float32, f int, out []float32) {
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			o := out[(y*w+x)*f : (y*w+x+1)*f]
			clear(o)
			for ky := 0; ky < 3; ky++ {
				sy := y + ky - 1
				if sy < 0 || sy >= h {
					continue
				}
				for kx := 0; kx < 3; kx++ {
					sx := x + kx - 1
					if sx < 0 || sx >= w {
						continue
					}
					src := in[(sy*w+sx)*c : (sy*w+sx+1)*c]
					k := filter[(ky*3+kx)*c*f : (ky*3+kx+1)*c*f]
					for ci, v := range src {
						if v == 0 {
							continue
						}
						row := k[ci*f : (ci+1)*f]
						for j := range o {
							o[j] += v * row[j]
						}
					}
				}
			}
		}
	}
}

// conv1 is a 1x1 convolution from HWC to CHW: in is [hw, c], filter
// [f, c], out [f, hw] (the order the heads flatten in).
func conv1(in []float32, c, hw int, filter []float32, f int, out []float32) {
	for o := 0; o < f; o++ {
		k := filter[o*c : (o+1)*c]
		for i := 0; i < hw; i++ {
			src := in[i*c : (i+1)*c]
			var sum float32
			for j, v := range src {
				sum += v * k[j]
			}
			out[o*hw+i] = sum
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

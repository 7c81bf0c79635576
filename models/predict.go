package models

import (
	"fmt"
	"math"

	"github.com/moongym/moongym/models/internal/im2col"
	"github.com/moongym/moongym/models/kernels"
)

// Predictor runs a network's forward pass in Go on the GEMM kernels of
// package kernels, for playing and self-play. A whole batch goes through
// each layer at once: a 3x3 convolution is an im2col and one GEMM over
// (rows x positions) rows, a dense layer or 1x1 convolution one GEMM, with
// bias and ReLU fused into the GEMM's store. A row's outputs do not depend
// on the rest of the batch, bit for bit (the kernels are batch-invariant
// and every other step works row by row). A Predictor copies the weights
// when it is made (make a new one after changing the network) and holds
// scratch buffers, grown to the largest batch seen and then reused: it is
// not safe for concurrent use; make one per goroutine.
type Predictor struct {
	net  *Network
	kern *kernels.Kernel

	// Conv trunk: 3x3 layers as [9*in, out] GEMMs; both heads' 1x1
	// convolutions as one [width, policy+value channels] GEMM.
	convIn  *kernels.Packed
	convRes [][2]*kernels.Packed
	heads1  *kernels.Packed
	// MLP trunk.
	denseIn  *kernels.Packed
	denseRes [][2]*kernels.Packed
	// Heads (both kinds).
	policy, value1, value2 *kernels.Packed

	cols       []float32 // im2col buffer
	x, a, b    []float32 // activations, rows (x positions) by channels
	hd, ph, vh []float32 // head activations
	hv, logits []float32
}

// NewPredictor makes a predictor of the network on the default kernel path
// (kernels.Default).
func (n *Network) NewPredictor() *Predictor { return n.newPredictor(kernels.Default()) }

func (n *Network) newPredictor(k *kernels.Kernel) *Predictor {
	p := &Predictor{net: n, kern: k}
	w := map[string][]float32{}
	for _, t := range n.Weights {
		w[t.Name] = t.Data
	}
	a, s := n.Arch, n.Shapes
	dense := func(name, bias string, in, out int) *kernels.Packed {
		var b []float32
		if bias != "" {
			b = w[bias]
		}
		return k.Pack(in, out, w[name], b)
	}
	conv3 := func(name string, in, out int) *kernels.Packed {
		return k.Pack(9*in, out, filterToGEMM(w[name], out, in), nil)
	}
	f := a.Width
	if a.Kind == KindConv {
		c, hw := s.Obs[0], s.Obs[1]*s.Obs[2]
		p.convIn = conv3("trunk.in.w", c, f)
		for i := 0; i < a.Depth; i++ {
			p.convRes = append(p.convRes, [2]*kernels.Packed{conv3(resName[i]+"w1", f, f), conv3(resName[i]+"w2", f, f)})
		}
		// [f, policy+value] from the [out, in] 1x1 filters.
		hc := policyChannels + valueChannels
		h := make([]float32, f*hc)
		for ci := 0; ci < f; ci++ {
			for o := 0; o < policyChannels; o++ {
				h[ci*hc+o] = w["policy.conv.w"][o*f+ci]
			}
			for o := 0; o < valueChannels; o++ {
				h[ci*hc+policyChannels+o] = w["value.conv.w"][o*f+ci]
			}
		}
		p.heads1 = k.Pack(f, hc, h, nil)
		p.policy = dense("policy.w", "policy.b", policyChannels*hw, s.Actions)
		p.value1 = dense("value.w1", "value.b1", valueChannels*hw, a.ValueHidden)
	} else {
		p.denseIn = dense("trunk.in.w", "trunk.in.b", s.ObsSize(), f)
		for i := 0; i < a.Depth; i++ {
			pre := resName[i]
			p.denseRes = append(p.denseRes, [2]*kernels.Packed{dense(pre+"w1", pre+"b1", f, f), dense(pre+"w2", pre+"b2", f, f)})
		}
		p.policy = dense("policy.w", "policy.b", f, s.Actions)
		p.value1 = dense("value.w1", "value.b1", f, a.ValueHidden)
	}
	p.value2 = dense("value.w2", "value.b2", a.ValueHidden, s.Players)
	return p
}

// filterToGEMM reorders a [f, c, 3, 3] filter as the [3*3*c, f] matrix
// that multiplies im2col's rows (ky, kx, channel).
func filterToGEMM(w []float32, f, c int) []float32 {
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

// Network is the predictor's network.
func (p *Predictor) Network() *Network { return p.net }

// Kernel is the GEMM path the predictor runs on.
func (p *Predictor) Kernel() *kernels.Kernel { return p.kern }

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
	// Chunks of rows small enough that a chunk's activations stay in
	// cache; rows are independent, so this changes no result.
	chunk := mlpChunk
	if p.net.Arch.Kind == KindConv {
		chunk = max(1, convChunk/(s.Obs[1]*s.Obs[2]))
	}
	for r0 := 0; r0 < rows; r0 += chunk {
		n := min(chunk, rows-r0)
		p.predict(n, obs[r0*d:(r0+n)*d], mask[r0*na:(r0+n)*na], policy[r0*na:(r0+n)*na], values[r0*np:(r0+n)*np])
	}
	return nil
}

// Chunk sizes of Predict: rows of the MLP, image positions of the conv net.
const (
	mlpChunk  = 256
	convChunk = 512
)

// predict runs rows rows (all of one chunk).
func (p *Predictor) predict(rows int, obs, mask, policy, values []float32) {
	s := p.net.Shapes
	na, np := s.Actions, s.Players
	var hidden int
	if p.net.Arch.Kind == KindConv {
		hidden = p.convTrunk(rows, obs)
	} else {
		hidden = p.mlpTrunk(rows, obs)
	}
	// p.ph: policy head input (rows x pk), p.vh: value head input.
	a := p.net.Arch
	p.logits = growBuf(p.logits, rows*na)
	p.hv = growBuf(p.hv, rows*a.ValueHidden)
	p.policy.Mul(rows, p.ph, hidden, p.logits, na, false)
	vk, _ := p.value1.Dims()
	p.value1.Mul(rows, p.vh, vk, p.hv, a.ValueHidden, true)
	p.value2.Mul(rows, p.hv, a.ValueHidden, values, np, false)
	for r := 0; r < rows; r++ {
		maskedSoftmax(p.logits[r*na:(r+1)*na], mask[r*na:(r+1)*na], policy[r*na:(r+1)*na])
	}
	for i, v := range values {
		values[i] = float32(math.Tanh(float64(v)))
	}
}

// mlpTrunk runs the MLP trunk; both heads read its output (p.ph = p.vh,
// rows x width), whose row length it returns.
func (p *Predictor) mlpTrunk(rows int, obs []float32) int {
	f, d := p.net.Arch.Width, p.net.Shapes.ObsSize()
	p.a, p.b = growBuf(p.a, rows*f), growBuf(p.b, rows*f)
	p.denseIn.Mul(rows, obs, d, p.a, f, true)
	for _, l := range p.denseRes {
		l[0].Mul(rows, p.a, f, p.b, f, true)
		l[1].MulAdd(rows, p.b, f, p.a, f, true)
	}
	p.ph, p.vh = p.a, p.a
	return f
}

// convTrunk runs the conv trunk and the heads' 1x1 convolutions: p.ph is
// rows x (policy channels x positions), p.vh rows x (value channels x
// positions), both flattened channel-major as the graph does. It returns
// the policy input's row length.
func (p *Predictor) convTrunk(rows int, obs []float32) int {
	s := p.net.Shapes
	c, h, w := s.Obs[0], s.Obs[1], s.Obs[2]
	hw, f := h*w, p.net.Arch.Width
	m := rows * hw
	// Observations [rows, c, h, w] to pixel-major [rows*hw, c].
	p.x = growBuf(p.x, m*c)
	for r := 0; r < rows; r++ {
		src, dst := obs[r*c*hw:(r+1)*c*hw], p.x[r*hw*c:(r+1)*hw*c]
		for ci := 0; ci < c; ci++ {
			plane := src[ci*hw : (ci+1)*hw]
			for i, v := range plane {
				dst[i*c+ci] = v
			}
		}
	}
	p.a, p.b = growBuf(p.a, m*f), growBuf(p.b, m*f)
	p.conv3(rows, p.x, c, p.convIn, p.a, false)
	for _, l := range p.convRes {
		p.conv3(rows, p.a, f, l[0], p.b, false)
		p.conv3(rows, p.b, f, l[1], p.a, true) // a = max(a + conv(b), 0)
	}
	hc := policyChannels + valueChannels
	p.hd = growBuf(p.hd, m*hc)
	p.heads1.Mul(m, p.a, f, p.hd, hc, false)
	p.ph, p.vh = growBuf(p.ph, rows*policyChannels*hw), growBuf(p.vh, rows*valueChannels*hw)
	for r := 0; r < rows; r++ {
		for i := 0; i < hw; i++ {
			src := p.hd[(r*hw+i)*hc:]
			for o := 0; o < policyChannels; o++ {
				p.ph[(r*policyChannels+o)*hw+i] = src[o]
			}
			for o := 0; o < valueChannels; o++ {
				p.vh[(r*valueChannels+o)*hw+i] = src[policyChannels+o]
			}
		}
	}
	return policyChannels * hw
}

// conv3 is a 3x3 convolution, zero padding 1, stride 1, of rows images in
// pixel-major order (in is [rows*h*w, c], out [rows*h*w, f]), then a ReLU:
// im2col, then a GEMM, by blocks of rows so that the im2col block stays in
// cache. With residual, out's old value is added before the ReLU.
func (p *Predictor) conv3(rows int, in []float32, c int, wt *kernels.Packed, out []float32, residual bool) {
	s := p.net.Shapes
	h, w := s.Obs[1], s.Obs[2]
	hw := h * w
	k := 9 * c
	m := rows * hw
	_, f := wt.Dims()
	bm := im2col.Rows(im2col.Block, k, m)
	p.cols = growBuf(p.cols, bm*k)
	for g0 := 0; g0 < m; g0 += bm {
		n := min(bm, m-g0)
		im2col.Patches(p.cols[:n*k], in, g0, n, h, w, c)
		if residual {
			wt.MulAdd(n, p.cols, k, out[g0*f:], f, true)
		} else {
			wt.Mul(n, p.cols, k, out[g0*f:], f, true)
		}
	}
}

// resName caches the residual block prefixes.
var resName = func() [65]string {
	var n [65]string
	for i := range n {
		n[i] = fmt.Sprintf("trunk.res%d.", i)
	}
	return n
}()

// growBuf returns b resized to n, reallocated only if too small.
func growBuf(b []float32, n int) []float32 {
	if cap(b) < n {
		return make([]float32, n)
	}
	return b[:n]
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

package models_test

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"testing"

	"github.com/x448/float16"

	"github.com/moongym/moongym/models"
)

// testModelQ4 is testModel(t, i) to be written as Q4.
func testModelQ4(t testing.TB, i int) *models.Model { return testModelIn(t, i, models.DtypeQ4) }

// q4Err is the squared error of a block quantized with scale s as Q4
// quantizes it: each value round(v/s) (halves away from zero) within
// [-8, 7].
func q4Err(block []float32, s float32) float64 {
	var e float64
	for _, v := range block {
		q := 0.0
		if s > 0 {
			q = max(-8, min(7, math.Round(float64(v/s))))
		}
		d := float64(v) - float64(float32(q)*s)
		e += d * d
	}
	return e
}

// TestQ4RoundTrip: a model written as Q4 reads back as Q4, every weight
// within an eighth of its block's largest magnitude, every block's squared
// error at most what the plain scale (largest magnitude over 7) leaves,
// and every bias exact; saved again it gives the same bytes; its data is
// about 0.56 bytes a weight.
func TestQ4RoundTrip(t *testing.T) {
	for i := range testCases {
		m, got, data := quantRoundTrip(t, i, models.DtypeQ4)
		var matrices, biases, tensors int
		for k, w := range m.Net.Weights {
			g := got.Net.Weights[k]
			if len(w.Shape) == 1 {
				biases += len(w.Data)
				continue
			}
			matrices += len(w.Data)
			tensors++
			for b := 0; b < len(w.Data); b += models.Q4Block {
				block := w.Data[b:min(b+models.Q4Block, len(w.Data))]
				var amax float32
				var e float64
				for j, v := range block {
					amax = max(amax, float32(math.Abs(float64(v))))
					d := float64(g.Data[b+j] - v)
					e += d * d
				}
				for j, v := range block {
					if d := math.Abs(float64(g.Data[b+j] - v)); d > float64(amax)/8*1.004+1e-12 { // 7/2048 more where the half-precision scale rounded down
						t.Fatalf("case %d: %s[%d] = %v, was %v: off by %g, more than an eighth of the block's largest magnitude %g", i, w.Name, b+j, g.Data[b+j], v, d, amax)
					}
				}
				if plain := q4Err(block, float16.Fromfloat32(amax/7).Float32()); e > plain*(1+1e-9)+1e-18 {
					t.Fatalf("case %d: %s block %d: squared error %g, the plain scale's %g", i, w.Name, b/models.Q4Block, e, plain)
				}
			}
		}
		hdr := func(d []byte) int { return 8 + int(binary.LittleEndian.Uint64(d)) }
		want := (matrices+tensors)/2 + 2*((matrices+models.Q4Block-1)/models.Q4Block+tensors) + 4*biases
		if got := len(data) - hdr(data); got > want || got < matrices/2+4*biases {
			t.Fatalf("case %d: %d bytes of Q4 data for %d matrix weights and %d biases", i, got, matrices, biases)
		}
	}
}

// TestQ4Bits checks a Q4 tensor's bytes against hand-computed values: the
// packing (low nibble first, q + 8), the scale that fits a block exactly
// where one does, and a block of zeros with scale zero.
func TestQ4Bits(t *testing.T) {
	m, w := zeroedFirstMatrix(t)
	// Block 0: largest magnitude 8, negative: only scale 1 (divisor 8)
	// fits -8, 7, 3 and 0 exactly.
	w.Data[0], w.Data[1], w.Data[2], w.Data[3] = -8, 7, 3, 0
	// Block 1: 7 and -4: scale 1 (divisor 7, the first) fits exactly.
	w.Data[32], w.Data[33] = 7, -4
	m.Dtype = models.DtypeQ4
	data := encode(t, m)
	header, q, s, body := quantHeaders(t, data, w.Name, ".q4scale")
	if q.Dtype != "U8" || len(q.Shape) != 1 || q.Shape[0] != 216 || s.Dtype != "F16" || len(s.Shape) != 1 || s.Shape[0] != 14 || s.DataOffsets[0] != q.DataOffsets[1] {
		t.Fatalf("headers %+v %+v", q, s)
	}
	var meta map[string]string
	if err := json.Unmarshal(header["__metadata__"], &meta); err != nil || meta["dtype"] != "Q4" {
		t.Fatalf("metadata dtype %q (%v)", meta["dtype"], err)
	}
	vals := body[q.DataOffsets[0]:q.DataOffsets[1]]
	scales := body[s.DataOffsets[0]:s.DataOffsets[1]]
	// Values -8, 7 | 3, 0 (as q + 8: 0 and 15 | 11 and 8), then zeros (8).
	for j, want := range []byte{0xf0, 0x8b, 0x88, 0x88} {
		if vals[j] != want {
			t.Errorf("byte %d: %#02x, want %#02x", j, vals[j], want)
		}
	}
	if vals[16] != 0x4f { // 7 and -4: 15, 4
		t.Errorf("byte 16: %#02x, want 0x4f", vals[16])
	}
	one := float16.Fromfloat32(1).Bits()
	for j, want := range []uint16{one, one, 0} {
		if got := binary.LittleEndian.Uint16(scales[2*j:]); got != want {
			t.Errorf("scale %d: %#04x, want %#04x", j, got, want)
		}
	}
	back, err := models.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Net.Weights[0].Data[:4]; got[0] != -8 || got[1] != 7 || got[2] != 3 || got[3] != 0 {
		t.Errorf("decoded block 0: %v", got)
	}
	if got := back.Net.Weights[0].Data[32:34]; got[0] != 7 || got[1] != -4 {
		t.Errorf("decoded block 1: %v", got)
	}
	if got := back.Net.Weights[0].Data[100]; got != 0 {
		t.Errorf("a zero block decodes to %v", got)
	}
}

package models

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/x448/float16"
)

// A Q4 model file (Model.Dtype = DtypeQ4) stores every weight tensor of
// rank 2 or more as signed 4-bit integers in blocks of Q4Block consecutive
// values (row-major order), each block with one F16 scale: a weight is
// q * scale with q in [-8, 7]. The values are packed two to a byte in the
// U8 tensor that keeps the weight's name, of shape [ceil(n/2)]: value j is
// the low nibble of byte j/2 where j is even and the high nibble where it
// is odd, stored as q + 8 (an odd tensor's last high nibble is 0). Its
// scales are the F16 tensor NAME.q4scale of ceil(n/Q4Block) values. Biases
// stay F32 and the metadata's "dtype" is "Q4". A weight costs 0.5 +
// 2/Q4Block bytes, about 53% of Q8.
//
// Sixteen levels leave a rounding error of up to a sixteenth of a block's
// range, so the scale is chosen to fit the block best rather than from its
// largest magnitude alone: of the half-precision candidates amax/d for d =
// 7, 7.05, ..., 8 (q4Divisors), the one whose values, each round(w/scale)
// (halves away from zero) clamped to [-8, 7], leave the least squared error
// summed over the block in order in float64 (the first of equals). The
// weights are dequantized to float32 on load, as Q8's are.

// Q4Block is the number of consecutive weights that share a scale in a Q4
// file.
const Q4Block = 32

// q4ScaleSuffix ends the name of a Q4 tensor's scales.
const q4ScaleSuffix = ".q4scale"

// q4Divisors is the number of candidate scales a Q4 block tries: amax/d
// for d = 7 + i/20, i < q4Divisors.
const q4Divisors = 21

// q4Blocks is the number of scales of a tensor of n values.
func q4Blocks(n int) int { return (n + Q4Block - 1) / Q4Block }

// q4Bytes is the number of bytes n packed 4-bit values take.
func q4Bytes(n int) int { return (n + 1) / 2 }

// q4Value is round(v/s) (halves away from zero) clamped to [-8, 7]; a zero
// scale gives 0.
func q4Value(v, s float32) int {
	if s <= 0 {
		return 0
	}
	return int(max(-8, min(7, math.Round(float64(v/s)))))
}

// q4Scale is the half-precision scale of a block whose largest magnitude
// is amax: the candidate that fits it best (see the file comment).
func q4Scale(block []float32, amax float32) float16.Float16 {
	var best float16.Float16
	bestErr := math.Inf(1)
	for i := range q4Divisors {
		h := float16.Fromfloat32(amax / (7 + float32(i)/20))
		s := h.Float32()
		var e float64
		for _, v := range block {
			d := float64(v) - float64(float32(q4Value(v, s))*s)
			e += float64(d * d) // the conversion keeps it unfused: the same sum on every machine
		}
		if e < bestErr {
			best, bestErr = h, e
		}
	}
	return best
}

// quantizeQ4 appends data's packed 4-bit values to q and its F16 scales
// (bits) to scales. A block whose largest magnitude exceeds 8 times MaxF16
// cannot be stored (ErrF16Range).
func quantizeQ4(name string, data []float32, q []byte, scales []byte) ([]byte, []byte, error) {
	start := len(q)
	q = append(q, make([]byte, q4Bytes(len(data)))...)
	packed := q[start:]
	for b := 0; b < len(data); b += Q4Block {
		block := data[b:min(b+Q4Block, len(data))]
		amax := absMax(block)
		if amax/8 > MaxF16 {
			return nil, nil, fmt.Errorf("models: encode Q4: %w: tensor %s has weight %g in block %d, beyond ±8×%d", ErrF16Range, name, amax, b/Q4Block, MaxF16)
		}
		h := q4Scale(block, amax)
		s := h.Float32()
		scales = binary.LittleEndian.AppendUint16(scales, h.Bits())
		for j, v := range block {
			k := b + j
			packed[k/2] |= byte(q4Value(v, s)+8) << (4 * (k % 2))
		}
	}
	return q, scales, nil
}

// dequantizeQ4 fills dst from a Q4 tensor's packed values and scales
// (sized by the caller: len(q) == q4Bytes(len(dst)), len(scales) ==
// 2*q4Blocks(len(dst))). A scale that is not a finite non-negative number,
// or an odd tensor's padding nibble other than 0, is an error.
func dequantizeQ4(dst []float32, q, scales []byte) error {
	if len(dst)%2 == 1 && q[len(q)-1]>>4 != 0 {
		return fmt.Errorf("the padding nibble of the last byte is %d, not 0", q[len(q)-1]>>4)
	}
	for b := range q4Blocks(len(dst)) {
		s := float16.Frombits(binary.LittleEndian.Uint16(scales[2*b:])).Float32()
		if !(s >= 0) || math.IsInf(float64(s), 0) {
			return fmt.Errorf("scale %d is %v, not a finite non-negative number", b, s)
		}
		for j := b * Q4Block; j < min((b+1)*Q4Block, len(dst)); j++ {
			dst[j] = float32(int(q[j/2]>>(4*(j%2))&15)-8) * s
		}
	}
	return nil
}

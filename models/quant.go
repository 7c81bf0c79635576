package models

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/x448/float16"
)

// A Q8 model file (Model.Dtype = DtypeQ8) stores every weight tensor of
// rank 2 or more (dense matrices, conv filters) as signed 8-bit integers
// in blocks of Q8Block consecutive values (the tensor's row-major order),
// each block with one F16 scale: a weight is q * scale, the scale being the
// block's largest magnitude over 127 rounded to half precision, and q =
// round(w / scale) within [-127, 127]. The I8 tensor keeps the weight's name
// and shape; its scales are the F16 tensor NAME.q8scale of ceil(n/Q8Block)
// values. Tensors of rank 1 (biases) stay F32. The metadata's "dtype" is
// "Q8". A weight costs 1 + 2/Q8Block bytes, about a quarter of F32 and half
// of F16; it is dequantized to float32 on load, so evaluation is F32's:
// only the weights differ, each by at most half its block's scale.

// Q8Block is the number of consecutive weights that share a scale in a Q8
// file.
const Q8Block = 32

// q8ScaleSuffix ends the name of a Q8 tensor's scales.
const q8ScaleSuffix = ".q8scale"

// q8Tensor reports whether a tensor of this shape is quantized in a Q8
// file: rank 2 or more.
func q8Tensor(shape []int) bool { return len(shape) >= 2 }

// q8Blocks is the number of scales of a tensor of n values.
func q8Blocks(n int) int { return (n + Q8Block - 1) / Q8Block }

// quantizeQ8 appends data's I8 values to q and its F16 scales (bits) to
// scales. A block whose largest magnitude exceeds 127 times MaxF16 cannot
// be stored (ErrF16Range).
func quantizeQ8(name string, data []float32, q []byte, scales []byte) ([]byte, []byte, error) {
	for b := 0; b < len(data); b += Q8Block {
		block := data[b:min(b+Q8Block, len(data))]
		amax := absMax(block)
		if amax/127 > MaxF16 {
			return nil, nil, fmt.Errorf("models: encode Q8: %w: tensor %s has weight %g in block %d, beyond ±127×%d", ErrF16Range, name, amax, b/Q8Block, MaxF16)
		}
		h := float16.Fromfloat32(amax / 127)
		s := h.Float32()
		scales = binary.LittleEndian.AppendUint16(scales, h.Bits())
		for _, v := range block {
			var x float32
			if s > 0 {
				x = float32(math.Round(float64(v / s)))
			}
			q = append(q, byte(int8(max(-127, min(127, x)))))
		}
	}
	return q, scales, nil
}

// absMax is the largest magnitude of a block's values.
func absMax(block []float32) float32 {
	var amax float32
	for _, v := range block {
		amax = max(amax, float32(math.Abs(float64(v))))
	}
	return amax
}

// dequantizeQ8 fills dst from a Q8 tensor's values and scales (sized by
// the caller: len(q) == len(dst), len(scales) == 2*q8Blocks(len(dst))).
// A scale that is not a finite non-negative number is an error.
func dequantizeQ8(dst []float32, q, scales []byte) error {
	for b := range q8Blocks(len(dst)) {
		s := float16.Frombits(binary.LittleEndian.Uint16(scales[2*b:])).Float32()
		if !(s >= 0) || math.IsInf(float64(s), 0) {
			return fmt.Errorf("scale %d is %v, not a finite non-negative number", b, s)
		}
		for j := b * Q8Block; j < min((b+1)*Q8Block, len(dst)); j++ {
			dst[j] = float32(int8(q[j])) * s
		}
	}
	return nil
}

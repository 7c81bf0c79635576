package models

import (
	"strings"
	"testing"
)

// TestQ4Value: halves round away from zero, values beyond the range clamp
// to [-8, 7], and a zero scale gives 0.
func TestQ4Value(t *testing.T) {
	for _, c := range []struct {
		v, s float32
		want int
	}{
		{2.5, 1, 3}, {-2.5, 1, -3}, {2.49, 1, 2}, {0.5, 1, 1}, {-0.5, 1, -1},
		{7.6, 1, 7}, {100, 1, 7}, {-8.4, 1, -8}, {-100, 1, -8}, {3, 0, 0},
	} {
		if got := q4Value(c.v, c.s); got != c.want {
			t.Errorf("q4Value(%v, %v) = %d, want %d", c.v, c.s, got, c.want)
		}
	}
}

// TestQ4OddTensor: a tensor of an odd number of values packs its last
// value alone in the low nibble of the last byte, the padding nibble 0;
// a nonzero padding nibble is an error.
func TestQ4OddTensor(t *testing.T) {
	data := []float32{1, -1, 2, -7, 3}
	q, sc, err := quantizeQ4("w", data, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(q) != 3 || len(sc) != 2 || q[2]>>4 != 0 {
		t.Fatalf("%d bytes %x, %d scale bytes", len(q), q, len(sc))
	}
	dst := make([]float32, len(data))
	if err := dequantizeQ4(dst, q, sc); err != nil {
		t.Fatal(err)
	}
	if dst[4] != 3 || dst[3] != -7 {
		t.Errorf("decoded %v", dst)
	}
	q[2] |= 0x10
	if err := dequantizeQ4(dst, q, sc); err == nil || !strings.Contains(err.Error(), "padding") {
		t.Errorf("a nonzero padding nibble: %v", err)
	}
}

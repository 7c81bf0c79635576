// Command gen writes the assembly of package kernels with avo
// (github.com/mmcloughlin/avo). Run it through go generate in
// models/kernels:
//
//	go run ./internal/gen -out gemm_amd64.s -stubs gemm_amd64.go -pkg kernels
//
// It writes two GEMM micro-kernels (AVX-512: 12 rows x 32 columns; AVX2 with
// FMA: 6 rows x 16 columns), the same two with k cut into segments that
// start anywhere in A and B (a convolution reading its image in place),
// their one-row sparse counterparts (a row of A given by its nonzero
// entries) and two FMA-chain loops that measure a core's peak. Each micro-kernel computes one tile of C = A·B: every output is
// zero, then one fused multiply-add per k in increasing k, then the bias
// (if asked), then C's old value (if asked), then max(x, 0) (if asked).
// Every row of the tile goes through
// the same instructions, so a row's result does not depend on which row of
// the tile it is in: the property batch invariance rests on.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Flags of the micro-kernels (kept in step with package kernels).
const (
	flagReLU = 1
	flagBias = 2
	flagAcc  = 4
)

func main() {
	ConstraintExpr("amd64")
	micro("gemmAVX512", 12, 2, 64, ZMM, VBROADCASTSS)
	micro("gemmAVX2", 6, 2, 32, YMM, VBROADCASTSS)
	segmented("segAVX512", 12, 2, 64, ZMM, VBROADCASTSS)
	segmented("segAVX2", 6, 2, 32, YMM, VBROADCASTSS)
	sparse("sparseAVX512", 8, 64, ZMM, VBROADCASTSS)
	sparse("sparseAVX2", 8, 32, YMM, VBROADCASTSS)
	reluGrad("reluGradAVX2")
	transpose("transposeAVX2")
	peak("fmaLoopAVX512", 12, 64, ZMM)
	peak("fmaLoopAVX2", 12, 32, YMM)
	Generate()
}

// micro writes a kernel of mr rows and nv vectors of vb bytes per row.
// Signature: k, A (element (i, p) at a[i*lda + p*ka]: ka is 1 for a
// row-major A, lda 1 and ka the row length for a transposed one), B as k
// rows of nv*vb/4 floats, ldb floats apart (a packed panel, or a row-major
// B read in place), the bias (nv*vb/4 floats), C (ldc floats between rows)
// and the flags.
func micro(name string, mr, nv, vb int, vec func() VecVirtual, bcast func(...Op)) {
	TEXT(name, NOSPLIT, "func(k int, a *float32, lda int, ka int, b *float32, ldb int, bias *float32, c *float32, ldc int, flags int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s computes a %dx%d tile of C = A·B (+ bias) (ReLU).", name, mr, nv*vb/4))

	acc := make([][]VecVirtual, mr)
	for i := range acc {
		acc[i] = make([]VecVirtual, nv)
		for j := range acc[i] {
			acc[i][j] = vec()
			VXORPS(acc[i][j], acc[i][j], acc[i][j])
		}
	}
	k := Load(Param("k"), GP64())
	lda := Load(Param("lda"), GP64())
	SHLQ(U8(2), lda)
	ka := Load(Param("ka"), GP64())
	SHLQ(U8(2), ka)
	// Row i of the tile is at bases[i/4] + (i%4)*lda.
	arows := newRows(Param("a"), lda, mr)
	bp := Load(Param("b"), GP64())
	bv := make([]VecVirtual, nv)
	for j := range bv {
		bv[j] = vec()
	}
	ldb := Load(Param("ldb"), GP64())
	SHLQ(U8(2), ldb)

	TESTQ(k, k)
	JE(LabelRef(name + "_store"))
	Label(name + "_loop")
	fmaStep(arows, ka, bp, ldb, bv, acc, vb, vec, bcast)
	DECQ(k)
	JNE(LabelRef(name + "_loop"))

	Label(name + "_store")
	ldc := Load(Param("ldc"), GP64())
	SHLQ(U8(2), ldc)
	epilogue(name, acc, newRows(Param("c"), ldc, mr), bv, vb, vec)
}

// fmaStep writes one k of a tile: B's row of nv vectors at bp, then, row
// by row, A's element broadcast and one fused multiply-add per vector;
// then A's rows move on by ka bytes and B by ldb.
func fmaStep(arows rowSet, ka, bp, ldb Register, bv []VecVirtual, acc [][]VecVirtual, vb int,
	vec func() VecVirtual, bcast func(...Op)) {
	for j := range bv {
		VMOVUPS(Mem{Base: bp, Disp: j * vb}, bv[j])
	}
	for i := range acc {
		x := vec()
		bcast(arows.at(i), x)
		for j := range bv {
			VFMADD231PS(bv[j], x, acc[i][j])
		}
	}
	for _, b := range arows.bases {
		ADDQ(ka, b)
	}
	ADDQ(ldb, bp)
}

// segmented writes a micro-kernel of mr rows and nv vectors of vb bytes
// per row whose k is cut into segments, each with its own start in A and
// in B, for ntile tiles in one call: seg is nseg triples (A's offset, B's
// offset, length), offsets in floats from a tile's A and from b; tiles is
// ntile pairs (A's offset from a, C's offset from c), in floats. Within a
// segment A and B move as in micro (ka and ldb floats per k); the segments
// run in order, so every output is zero, then one fused multiply-add per
// k of each segment in turn, then micro's epilogue. A 3x3 convolution
// reads its image in place through it: a patch row is three runs of
// adjacent pixels (one per row of the filter), and a filter gradient's sum
// over pixels runs along rows of the image.
// Signature: ntile, tiles, nseg, seg, then micro's arguments without k.
func segmented(name string, mr, nv, vb int, vec func() VecVirtual, bcast func(...Op)) {
	TEXT(name, NOSPLIT, "func(ntile int, tiles *int, nseg int, seg *int, a *float32, lda int, ka int, b *float32, ldb int, bias *float32, c *float32, ldc int, flags int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s computes ntile %dx%d tiles of C = A·B (+ bias) (ReLU) over segments of k.", name, mr, nv*vb/4))

	acc := make([][]VecVirtual, mr)
	for i := range acc {
		acc[i] = make([]VecVirtual, nv)
		for j := range acc[i] {
			acc[i][j] = vec()
		}
	}
	bv := make([]VecVirtual, nv)
	for j := range bv {
		bv[j] = vec()
	}
	ntile := Load(Param("ntile"), GP64())
	TESTQ(ntile, ntile)
	JE(LabelRef(name + "_done"))
	Label(name + "_tile")
	for i := range acc {
		for j := range acc[i] {
			VXORPS(acc[i][j], acc[i][j], acc[i][j])
		}
	}
	nseg := Load(Param("nseg"), GP64())
	tab := Load(Param("seg"), GP64())
	lda := Load(Param("lda"), GP64())
	SHLQ(U8(2), lda)
	ka := Load(Param("ka"), GP64())
	SHLQ(U8(2), ka)
	ldb := Load(Param("ldb"), GP64())
	SHLQ(U8(2), ldb)
	arows := rowSet{ld: lda, ld3: GP64(), bases: make([]GPVirtual, (mr+3)/4)}
	LEAQ(Mem{Base: lda, Index: lda, Scale: 2}, arows.ld3)
	for i := range arows.bases {
		arows.bases[i] = GP64()
	}
	bp, k := GP64(), GP64()
	TESTQ(nseg, nseg)
	JE(LabelRef(name + "_store"))
	Label(name + "_seg")
	// The tile's A: a plus its offset plus the segment's.
	Load(Param("a"), arows.bases[0])
	Load(Param("tiles"), k)
	MOVQ(Mem{Base: k}, k)
	LEAQ(Mem{Base: arows.bases[0], Index: k, Scale: 4}, arows.bases[0])
	MOVQ(Mem{Base: tab}, k)
	LEAQ(Mem{Base: arows.bases[0], Index: k, Scale: 4}, arows.bases[0])
	for i := 1; i < len(arows.bases); i++ {
		LEAQ(Mem{Base: arows.bases[i-1], Index: lda, Scale: 4}, arows.bases[i])
	}
	Load(Param("b"), bp)
	MOVQ(Mem{Base: tab, Disp: 8}, k)
	LEAQ(Mem{Base: bp, Index: k, Scale: 4}, bp)
	MOVQ(Mem{Base: tab, Disp: 16}, k)
	ADDQ(U8(24), tab)
	TESTQ(k, k)
	JE(LabelRef(name + "_next"))
	Label(name + "_loop")
	fmaStep(arows, ka, bp, ldb, bv, acc, vb, vec, bcast)
	DECQ(k)
	JNE(LabelRef(name + "_loop"))
	Label(name + "_next")
	DECQ(nseg)
	JNE(LabelRef(name + "_seg"))

	Label(name + "_store")
	ldc := Load(Param("ldc"), GP64())
	SHLQ(U8(2), ldc)
	crows := rowSet{ld: ldc, ld3: GP64(), bases: make([]GPVirtual, (mr+3)/4)}
	LEAQ(Mem{Base: ldc, Index: ldc, Scale: 2}, crows.ld3)
	for i := range crows.bases {
		crows.bases[i] = GP64()
	}
	tp := Load(Param("tiles"), GP64())
	Load(Param("c"), crows.bases[0])
	MOVQ(Mem{Base: tp, Disp: 8}, k)
	LEAQ(Mem{Base: crows.bases[0], Index: k, Scale: 4}, crows.bases[0])
	for i := 1; i < len(crows.bases); i++ {
		LEAQ(Mem{Base: crows.bases[i-1], Index: ldc, Scale: 4}, crows.bases[i])
	}
	// The next tile: its pair, one fewer to go (kept in the arguments).
	ADDQ(U8(16), tp)
	Store(tp, Param("tiles"))
	epilogueBody(name, acc, crows, bv, vb, vec)
	DECQ(ntile)
	JNE(LabelRef(name + "_tile"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// epilogue finishes the tile of a kernel: the bias (flagBias), C's old
// value (flagAcc), max(x, 0) (flagReLU), in that order, then the store.
// Row i of the tile is acc[i], stored at crows.at(i); tmp are nv scratch
// vectors.
func epilogue(name string, acc [][]VecVirtual, crows rowSet, tmp []VecVirtual, vb int, vec func() VecVirtual) {
	epilogueBody(name, acc, crows, tmp, vb, vec)
	VZEROUPPER()
	RET()
}

// epilogueBody is epilogue without the return, for a kernel that goes on
// to another tile (segmented).
func epilogueBody(name string, acc [][]VecVirtual, crows rowSet, tmp []VecVirtual, vb int, vec func() VecVirtual) {
	flags := Load(Param("flags"), GP64())
	TESTQ(U32(flagBias), flags)
	JE(LabelRef(name + "_acc"))
	bias := Load(Param("bias"), GP64())
	for j := range tmp {
		VMOVUPS(Mem{Base: bias, Disp: j * vb}, tmp[j])
	}
	for i := range acc {
		for j := range acc[i] {
			VADDPS(tmp[j], acc[i][j], acc[i][j])
		}
	}
	Label(name + "_acc")
	TESTQ(U32(flagAcc), flags)
	JE(LabelRef(name + "_relu"))
	for i := range acc {
		for j := range acc[i] {
			VADDPS(crows.at(i).Offset(j*vb), acc[i][j], acc[i][j])
		}
	}
	Label(name + "_relu")
	TESTQ(U32(flagReLU), flags)
	JE(LabelRef(name + "_write"))
	zero := vec()
	VXORPS(zero, zero, zero)
	for i := range acc {
		for j := range acc[i] {
			VMAXPS(zero, acc[i][j], acc[i][j])
		}
	}
	Label(name + "_write")
	for i := range acc {
		for j := range acc[i] {
			VMOVUPS(acc[i][j], crows.at(i).Offset(j*vb))
		}
	}
}

// sparse writes a one-row kernel over nv vectors of vb bytes of columns of
// a row-major B (the columns of one chunk of Packed's row-major copy): the row of A is given by its n nonzero entries (idx, in
// increasing order, and val), and each output is zero, then one fused
// multiply-add per listed entry in that order, then the micro-kernel's
// epilogue. Because a zero entry's multiply-add changes nothing (the sums
// start at +0 and the weights are finite), the row comes out bit for bit
// as the micro-kernel of the same width computes it from the whole row.
// Signature: n, idx, val, B (rows ldb floats apart), the bias, C (one row)
// and the flags.
func sparse(name string, nv, vb int, vec func() VecVirtual, bcast func(...Op)) {
	TEXT(name, NOSPLIT, "func(n int, idx *int32, val *float32, b *float32, ldb int, bias *float32, c *float32, flags int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s computes one row of %d columns of C = A·B (+ bias) (ReLU) from the nonzero entries of A's row.", name, nv*vb/4))
	acc := [][]VecVirtual{make([]VecVirtual, nv)}
	for j := range acc[0] {
		acc[0][j] = vec()
		VXORPS(acc[0][j], acc[0][j], acc[0][j])
	}
	n := Load(Param("n"), GP64())
	idx := Load(Param("idx"), GP64())
	val := Load(Param("val"), GP64())
	bp := Load(Param("b"), GP64())
	ldb := Load(Param("ldb"), GP64())
	SHLQ(U8(2), ldb)
	bv := make([]VecVirtual, nv)
	for j := range bv {
		bv[j] = vec()
	}
	TESTQ(n, n)
	JE(LabelRef(name + "_store"))
	Label(name + "_loop")
	row := GP64()
	MOVLQSX(Mem{Base: idx}, row)
	IMULQ(ldb, row)
	ADDQ(bp, row)
	x := vec()
	bcast(Mem{Base: val}, x)
	for j := range bv {
		VFMADD231PS(Mem{Base: row, Disp: j * vb}, x, acc[0][j])
	}
	ADDQ(U8(4), idx)
	ADDQ(U8(4), val)
	DECQ(n)
	JNE(LabelRef(name + "_loop"))

	Label(name + "_store")
	c := GP64()
	Load(Param("c"), c)
	epilogue(name, acc, rowSet{bases: []GPVirtual{c}}, bv, vb, vec)
}

// rowSet addresses the rows of a tile, ld bytes apart: row i is at
// bases[i/4] + (i%4)*ld, so that four rows share a base register.
type rowSet struct {
	bases   []GPVirtual
	ld, ld3 Register
}

// newRows loads the address of row 0 from param and makes the bases of n
// rows; ld is the distance between rows in bytes.
func newRows(param Component, ld Register, n int) rowSet {
	r := rowSet{ld: ld, ld3: GP64()}
	LEAQ(Mem{Base: ld, Index: ld, Scale: 2}, r.ld3)
	r.bases = make([]GPVirtual, (n+3)/4)
	for i := range r.bases {
		r.bases[i] = GP64()
		if i == 0 {
			Load(param, r.bases[0])
		} else {
			LEAQ(Mem{Base: r.bases[i-1], Index: ld, Scale: 4}, r.bases[i])
		}
	}
	return r
}

// at is the address of row i.
func (r rowSet) at(i int) Mem {
	b := r.bases[i/4]
	switch i % 4 {
	case 0:
		return Mem{Base: b}
	case 1:
		return Mem{Base: b, Index: r.ld, Scale: 1}
	case 2:
		return Mem{Base: b, Index: r.ld, Scale: 2}
	default:
		return Mem{Base: b, Index: r.ld3, Scale: 1}
	}
}

// reluGrad writes the ReLU's gradient over AVX2 vectors: dst = dy where y >
// 0 (or y is a NaN with its sign bit clear), else +0, n floats (a multiple
// of 8). The mask is the sign of (-y) &^ y taken as integers, all ones
// exactly when y's bits are positive and nonzero, branchless.
// Signature: n, dst, dy, y.
func reluGrad(name string) {
	TEXT(name, NOSPLIT, "func(n int, dst *float32, dy *float32, y *float32)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s writes dst = dy where y > 0, else +0, for n floats (a multiple of 8).", name))
	n := Load(Param("n"), GP64())
	g := Load(Param("dst"), GP64()) // "g" is the goroutine register's name in Go assembly
	dy := Load(Param("dy"), GP64())
	y := Load(Param("y"), GP64())
	zero := YMM()
	VPXOR(zero, zero, zero)
	SHRQ(U8(3), n)
	JE(LabelRef(name + "_done"))
	Label(name + "_loop")
	yv, neg, d := YMM(), YMM(), YMM()
	VMOVDQU(Mem{Base: y}, yv)
	VPSUBD(yv, zero, neg)
	VPANDN(neg, yv, neg)
	VPSRAD(U8(31), neg, neg)
	VPAND(Mem{Base: dy}, neg, d)
	VMOVDQU(d, Mem{Base: g})
	ADDQ(U8(32), y)
	ADDQ(U8(32), dy)
	ADDQ(U8(32), g)
	DECQ(n)
	JNE(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// transpose writes n transposed blocks of 8 x 8 floats with AVX: block j
// is src's rows 8j..8j+7 (lds floats apart), 8 floats each, written as
// dst's columns 8j..8j+7 of 8 rows ldd floats apart: dst[p*ldd + 8j + i] =
// src[(8j+i)*lds + p]. Channel planes in, pixel rows out.
// Signature: n, src, lds, dst, ldd.
func transpose(name string) {
	TEXT(name, NOSPLIT, "func(n int, src *float32, lds int, dst *float32, ldd int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s writes n transposed 8x8 blocks: dst[p*ldd + 8j + i] = src[(8j+i)*lds + p].", name))
	n := Load(Param("n"), GP64())
	src, dst := GP64(), GP64()
	Load(Param("src"), src)
	lds := Load(Param("lds"), GP64())
	SHLQ(U8(2), lds)
	Load(Param("dst"), dst)
	ldd := Load(Param("ldd"), GP64())
	SHLQ(U8(2), ldd)
	srows := rowSet{ld: lds, ld3: GP64(), bases: []GPVirtual{src, GP64()}}
	LEAQ(Mem{Base: lds, Index: lds, Scale: 2}, srows.ld3)
	drows := rowSet{ld: ldd, ld3: GP64(), bases: []GPVirtual{GP64(), GP64()}}
	LEAQ(Mem{Base: ldd, Index: ldd, Scale: 2}, drows.ld3)
	TESTQ(n, n)
	JE(LabelRef(name + "_done"))
	Label(name + "_loop")
	LEAQ(Mem{Base: src, Index: lds, Scale: 4}, srows.bases[1])
	MOVQ(dst, drows.bases[0])
	LEAQ(Mem{Base: dst, Index: ldd, Scale: 4}, drows.bases[1])
	r := make([]VecVirtual, 8)
	for i := range r {
		r[i] = YMM()
		VMOVUPS(srows.at(i), r[i])
	}
	// Pairs of rows interleaved, then quadruples, then halves swapped.
	t := make([]VecVirtual, 8)
	for i := 0; i < 8; i += 2 {
		t[i], t[i+1] = YMM(), YMM()
		VUNPCKLPS(r[i+1], r[i], t[i])
		VUNPCKHPS(r[i+1], r[i], t[i+1])
	}
	q := make([]VecVirtual, 8)
	for h := 0; h < 8; h += 4 {
		for i := 0; i < 2; i++ {
			q[h+2*i], q[h+2*i+1] = YMM(), YMM()
			VSHUFPS(U8(0x44), t[h+2+i], t[h+i], q[h+2*i])
			VSHUFPS(U8(0xEE), t[h+2+i], t[h+i], q[h+2*i+1])
		}
	}
	for i := 0; i < 4; i++ {
		lo, hi := YMM(), YMM()
		VPERM2F128(U8(0x20), q[4+i], q[i], lo)
		VPERM2F128(U8(0x31), q[4+i], q[i], hi)
		VMOVUPS(lo, drows.at(i))
		VMOVUPS(hi, drows.at(4+i))
	}
	LEAQ(Mem{Base: srows.bases[1], Index: lds, Scale: 4}, src)
	ADDQ(U8(32), dst)
	DECQ(n)
	JNE(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// peak writes a loop of n iterations of chains independent FMAs on vectors
// of vb bytes, for measuring the peak rate of one core.
func peak(name string, chains, vb int, vec func() VecVirtual) {
	TEXT(name, NOSPLIT, "func(n int)")
	Doc(fmt.Sprintf("%s runs n rounds of %d independent %d-byte FMAs.", name, chains, vb))
	acc := make([]VecVirtual, chains)
	for i := range acc {
		acc[i] = vec()
		VXORPS(acc[i], acc[i], acc[i])
	}
	x, y := vec(), vec()
	VXORPS(x, x, x)
	VXORPS(y, y, y)
	n := Load(Param("n"), GP64())
	TESTQ(n, n)
	JE(LabelRef(name + "_done"))
	Label(name + "_loop")
	for i := range acc {
		VFMADD231PS(x, y, acc[i])
	}
	DECQ(n)
	JNE(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

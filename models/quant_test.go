package models_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/x448/float16"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
)

// testModelIn is testModel(t, i) to be written in dtype.
func testModelIn(t testing.TB, i int, dtype string) *models.Model {
	m := testModel(t, i)
	m.Dtype = dtype
	return m
}

// testModelQ8 is testModel(t, i) to be written as Q8.
func testModelQ8(t testing.TB, i int) *models.Model { return testModelIn(t, i, models.DtypeQ8) }

// TestQ8RoundTrip: a model written as Q8 reads back as Q8, every weight
// matrix within half a block's scale of the original and every bias
// exact; saved again it gives the same bytes; the data is about 1.06
// bytes a weight.
func TestQ8RoundTrip(t *testing.T) {
	for i := range testCases {
		m, got, data := quantRoundTrip(t, i, models.DtypeQ8)
		for k, w := range m.Net.Weights {
			g := got.Net.Weights[k]
			if len(w.Shape) == 1 {
				continue
			}
			for b := 0; b < len(w.Data); b += models.Q8Block {
				block := w.Data[b:min(b+models.Q8Block, len(w.Data))]
				var amax float32
				for _, v := range block {
					amax = max(amax, float32(math.Abs(float64(v))))
				}
				scale := float16.Fromfloat32(amax / 127).Float32()
				// Half a scale, and what clamping to ±127 loses where the
				// half-precision scale rounded down (only subnormal
				// scales, blocks under 0.0078, round by more than 0.05%).
				bound := float64(scale)/2 + max(0, float64(amax)-127*float64(scale))
				for j, v := range block {
					if d := math.Abs(float64(g.Data[b+j] - v)); d > bound*1.0001+1e-12 {
						t.Fatalf("case %d: %s[%d] = %v, was %v: off by %g, more than %g (half the block's scale %g)", i, w.Name, b+j, g.Data[b+j], v, d, bound, scale)
					}
				}
			}
		}
		data32 := encode(t, testModel(t, i))
		var matrices, biases int
		for _, w := range m.Net.Weights {
			if len(w.Shape) == 1 {
				biases += len(w.Data)
			} else {
				matrices += len(w.Data)
			}
		}
		hdr := func(d []byte) int { return 8 + int(binary.LittleEndian.Uint64(d)) }
		if got, want := len(data)-hdr(data), matrices+2*((matrices+models.Q8Block-1)/models.Q8Block+len(m.Net.Weights))+4*biases; got > want || got < matrices+4*biases {
			t.Fatalf("case %d: %d bytes of Q8 data for %d matrix weights and %d biases (F32 %d)", i, got, matrices, biases, len(data32)-hdr(data32))
		}
	}
}

// quantRoundTrip writes testModel(t, i) in a quantized dtype and checks
// what every such file must be: a safetensors file that reads back in its
// dtype with the model's metadata and every bias exact, and gives the same
// bytes when written again. It returns the model, what was read back and
// the file.
func quantRoundTrip(t *testing.T, i int, dtype string) (m, got *models.Model, data []byte) {
	t.Helper()
	m = testModelIn(t, i, dtype)
	data = encode(t, m)
	if _, err := checkSafetensors(data); err != nil {
		t.Fatalf("case %d: a %s file is not a safetensors file: %v", i, dtype, err)
	}
	got, err := models.Decode(data)
	if err != nil {
		t.Fatalf("case %d: %v", i, err)
	}
	if got.Dtype != dtype || got.Game != m.Game || got.Provenance != m.Provenance || got.Params.String() != m.Params.String() {
		t.Fatalf("case %d: read back %s %s %v", i, got.Dtype, got.Game, got.Provenance)
	}
	for k, w := range m.Net.Weights {
		if len(w.Shape) == 1 && !equalF32(got.Net.Weights[k].Data, w.Data) {
			t.Fatalf("case %d: bias %s changed in a %s file", i, w.Name, dtype)
		}
	}
	if !bytes.Equal(encode(t, got), data) {
		t.Fatalf("case %d: re-encoding the loaded %s model gives other bytes", i, dtype)
	}
	return m, got, data
}

// equalF32 reports whether a and b hold the same bits.
func equalF32(a, b []float32) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
}

// zeroedFirstMatrix is a small tictactoe model whose first weight matrix
// (trunk.in.w, 27x16: 432 values, 14 blocks of 32, the last 16) is all
// zeros, and that matrix.
func zeroedFirstMatrix(t *testing.T) (*models.Model, *models.Tensor) {
	t.Helper()
	m, err := models.NewModel(tictactoe.Game{}, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 1)
	if err != nil {
		t.Fatal(err)
	}
	w := &m.Net.Weights[0]
	if len(w.Shape) != 2 || len(w.Data) != 27*16 {
		t.Fatalf("first tensor %s %v", w.Name, w.Shape)
	}
	clear(w.Data)
	return m, w
}

// storedHeader is a tensor's entry in a safetensors header.
type storedHeader struct {
	Dtype       string   `json:"dtype"`
	Shape       []int    `json:"shape"`
	DataOffsets [2]int64 `json:"data_offsets"`
}

// quantHeaders reads a file's header, the entries of a quantized tensor
// and of its scales (the tensor's name and suffix), and the tensors' bytes.
func quantHeaders(t *testing.T, data []byte, name, suffix string) (header map[string]json.RawMessage, q, s storedHeader, body []byte) {
	t.Helper()
	hl := binary.LittleEndian.Uint64(data)
	if err := json.Unmarshal(data[8:8+hl], &header); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(header[name], &q); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(header[name+suffix], &s); err != nil {
		t.Fatal(err)
	}
	return header, q, s, data[8+hl:]
}

// TestQ8Bits checks a Q8 tensor's bytes against hand-computed values: the
// scale is the block's largest magnitude over 127 as a half-precision
// number, each value its rounded multiple, and a block of zeros has scale
// zero.
func TestQ8Bits(t *testing.T) {
	m, w := zeroedFirstMatrix(t)
	w.Data[0], w.Data[1], w.Data[2], w.Data[3] = 127, -63.5, 0.4, -127 // block 0: scale 1
	w.Data[32], w.Data[33] = 0.254, -0.127                             // block 1: scale 0.002 as F16
	m.Dtype = models.DtypeQ8
	data := encode(t, m)
	_, q, s, body := quantHeaders(t, data, w.Name, ".q8scale")
	if q.Dtype != "I8" || q.Shape[0] != 27 || q.Shape[1] != 16 || s.Dtype != "F16" || len(s.Shape) != 1 || s.Shape[0] != 14 || s.DataOffsets[0] != q.DataOffsets[1] {
		t.Fatalf("headers %+v %+v", q, s)
	}
	vals := body[q.DataOffsets[0]:q.DataOffsets[1]]
	scales := body[s.DataOffsets[0]:s.DataOffsets[1]]
	for j, want := range []int8{127, -64, 0, -127} { // -63.5 rounds away from zero
		if got := int8(vals[j]); got != want {
			t.Errorf("value %d: %d, want %d", j, got, want)
		}
	}
	s1 := float16.Fromfloat32(float32(0.254) / 127)
	for j, want := range []uint16{float16.Fromfloat32(1).Bits(), s1.Bits(), 0} {
		if got := binary.LittleEndian.Uint16(scales[2*j:]); got != want {
			t.Errorf("scale %d: %#04x, want %#04x", j, got, want)
		}
	}
	if got, want := int8(vals[32]), int8(math.Round(float64(float32(0.254)/s1.Float32()))); got != want || got < 126 {
		t.Errorf("value 32: %d, want %d", got, want)
	}
	back, err := models.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Net.Weights[0].Data[:4]; got[0] != 127 || got[1] != -64 || got[2] != 0 || got[3] != -127 {
		t.Errorf("decoded block 0: %v", got)
	}
	if got := back.Net.Weights[0].Data[100]; got != 0 {
		t.Errorf("a zero block decodes to %v", got)
	}
}

// TestQuantRange: a block whose scale would be beyond the F16 range is an
// error wrapping ErrF16Range naming the tensor, in Q8 and Q4; the largest
// block that fits (127 or 8 times the largest half) is written.
func TestQuantRange(t *testing.T) {
	for dtype, largest := range map[string]float32{models.DtypeQ8: 127 * models.MaxF16, models.DtypeQ4: 8 * models.MaxF16} {
		m := testModel(t, 0)
		m.Dtype = dtype
		m.Net.Weights[0].Data[5] = 1e30
		var buf bytes.Buffer
		err := m.Encode(&buf)
		if !errors.Is(err, models.ErrF16Range) || !strings.Contains(err.Error(), m.Net.Weights[0].Name) || !strings.Contains(err.Error(), dtype) || buf.Len() != 0 {
			t.Fatalf("%s: %v (%d bytes written), want ErrF16Range naming %s and nothing written", dtype, err, buf.Len(), m.Net.Weights[0].Name)
		}
		m.Net.Weights[0].Data[5] = largest
		if err := m.Encode(&buf); err != nil {
			t.Fatalf("%s: %v", dtype, err)
		}
	}
}

// TestQuantCorruptFilesError: every defect of a Q8 or Q4 file is an error
// wrapping ErrBadModel that says what is wrong.
func TestQuantCorruptFilesError(t *testing.T) {
	for _, q := range []struct {
		model          func(testing.TB, int) *models.Model
		suffix, stored string
	}{{testModelQ8, ".q8scale", "I8"}, {testModelQ4, ".q4scale", "U8"}} {
		t.Run(q.stored, func(t *testing.T) { testQuantCorrupt(t, q.model(t, 0), q.suffix, q.stored) })
	}
}

func testQuantCorrupt(t *testing.T, m *models.Model, suffix, stored string) {
	good := encode(t, m)
	n := binary.LittleEndian.Uint64(good)
	var h map[string]json.RawMessage
	if err := json.Unmarshal(good[8:8+n], &h); err != nil {
		t.Fatal(err)
	}
	// A tensor with scales, and its scales' header.
	var name string
	for k := range h {
		if base, ok := strings.CutSuffix(k, suffix); ok {
			name = base
			break
		}
	}
	if name == "" {
		t.Fatalf("no %s tensor in a %s file", suffix, m.Dtype)
	}
	var sc struct {
		Dtype       string   `json:"dtype"`
		Shape       []int    `json:"shape"`
		DataOffsets [2]int64 `json:"data_offsets"`
	}
	if err := json.Unmarshal(h[name+suffix], &sc); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(h map[string]json.RawMessage), body func(b []byte)) []byte {
		hh := map[string]json.RawMessage{}
		for k, v := range h {
			hh[k] = v
		}
		f(hh)
		hb, err := json.Marshal(hh)
		if err != nil {
			t.Fatal(err)
		}
		for len(hb)%8 != 0 {
			hb = append(hb, ' ')
		}
		out := binary.LittleEndian.AppendUint64(nil, uint64(len(hb)))
		out = append(out, hb...)
		b := append([]byte(nil), good[8+n:]...)
		if body != nil {
			body(b)
		}
		return append(out, b...)
	}
	meta := func(f func(m map[string]string)) func(h map[string]json.RawMessage) {
		return func(h map[string]json.RawMessage) {
			var m map[string]string
			if err := json.Unmarshal(h["__metadata__"], &m); err != nil {
				t.Fatal(err)
			}
			f(m)
			b, _ := json.Marshal(m)
			h["__metadata__"] = b
		}
	}
	setScale := func(bits uint16) func(b []byte) {
		return func(b []byte) { binary.LittleEndian.PutUint16(b[sc.DataOffsets[0]:], bits) }
	}
	none := func(map[string]json.RawMessage) {}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"no dtype in the metadata", edit(meta(func(m map[string]string) { delete(m, "dtype") }), nil), "a dtype other than F32 and F16 (a Q8 or Q4 file says so"},
		{"another declared dtype", edit(meta(func(m map[string]string) { m["dtype"] = "F16" }), nil), "metadata's dtype is neither Q8 nor Q4"},
		{"missing scales", edit(func(h map[string]json.RawMessage) { delete(h, name+suffix) }, nil), "tensors"},
		{"renamed scales", edit(func(h map[string]json.RawMessage) { h[name+".scale"] = h[name+suffix]; delete(h, name+suffix) }, nil), name + suffix + " is missing"},
		{"scales as F32", edit(func(h map[string]json.RawMessage) {
			h[name+suffix] = json.RawMessage(strings.Replace(string(h[name+suffix]), `"F16"`, `"F32"`, 1))
		}, nil), "stores it as F16"},
		{"matrix as F32", edit(func(h map[string]json.RawMessage) {
			h[name] = json.RawMessage(strings.Replace(string(h[name]), `"`+stored+`"`, `"F32"`, 1))
		}, nil), "stores it as " + stored},
		{"matrix as the other integers", edit(func(h map[string]json.RawMessage) {
			h[name] = json.RawMessage(strings.Replace(string(h[name]), `"`+stored+`"`, `"`+map[string]string{"I8": "U8", "U8": "I8"}[stored]+`"`, 1))
		}, nil), "stores it as " + stored},
		{"the other dtype declared", edit(meta(func(m map[string]string) { m["dtype"] = map[string]string{"I8": "Q4", "U8": "Q8"}[stored] }), nil), "stores it as"},
		{"wrong scale shape", edit(func(h map[string]json.RawMessage) {
			h[name+suffix] = json.RawMessage(strings.Replace(string(h[name+suffix]), `"shape":[`, `"shape":[1,`, 1))
		}, nil), "wrong shape"},
		{"negative scale", edit(none, setScale(float16.Fromfloat32(-1).Bits())), "not a finite non-negative number"},
		{"NaN scale", edit(none, setScale(0x7e00)), "not a finite non-negative number"},
		{"infinite scale", edit(none, setScale(0x7c00)), "not a finite non-negative number"},
		{"truncated", good[:len(good)-1], "truncated"},
	}
	for _, c := range cases {
		_, err := models.Decode(c.data)
		if !errors.Is(err, models.ErrBadModel) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrBadModel saying %q", c.name, err, c.want)
		}
	}
	if _, err := models.Decode(edit(none, nil)); err != nil {
		t.Fatalf("the unedited file: %v", err)
	}
}

// TestCovers: a model's further configurations survive the file, Check
// accepts them as it accepts Params (and names them when it refuses), and
// a file without them has the bytes it had before covers existed.
func TestCovers(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.DefaultArch(models.ShapesOf(g)), 1)
	if err != nil {
		t.Fatal(err)
	}
	plain := encode(t, m)
	if bytes.Contains(plain, []byte("covers")) {
		t.Fatal("a model without covers writes the key")
	}
	m.Params = engine.Params{"variant": "a"}
	if err := m.Check(g); !errors.Is(err, models.ErrWrongGame) {
		t.Fatalf("params variant=a checked against tictactoe: %v", err)
	}
	m.Covers = []engine.Params{{"variant": "b"}, g.Params()}
	data := encode(t, m)
	got, err := models.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Covers) != 2 || got.Covers[0].String() != "variant=b" || got.Covers[1].String() != g.Params().String() {
		t.Fatalf("covers read back as %v", got.Covers)
	}
	if err := got.Check(g); err != nil {
		t.Fatalf("a model covering tictactoe's configuration: %v", err)
	}
	if cs := got.Configs(); len(cs) != 3 || cs[0].String() != "variant=a" {
		t.Fatalf("Configs %v", cs)
	}
	c := got.Clone()
	c.Covers[0]["variant"] = "z"
	if got.Covers[0]["variant"] != "b" {
		t.Fatal("Clone shares Covers")
	}
	got.Covers = got.Covers[:1]
	if err := got.Check(g); !errors.Is(err, models.ErrWrongGame) || !strings.Contains(err.Error(), `"variant=b"`) {
		t.Fatalf("%v, want ErrWrongGame naming the covered configuration", err)
	}
	n := binary.LittleEndian.Uint64(data)
	header := string(data[8 : 8+n])
	for _, bad := range []string{`[null]`, `{}`, `[{"a":1}]`, `[{}] x`} {
		raw, _ := json.Marshal(bad)
		h := strings.Replace(header, `"covers":`+string(mustJSON(t, mustCovers(t, data))), `"covers":`+string(raw), 1)
		if h == header {
			t.Fatal("covers not found in the header")
		}
		for len(h)%8 != 0 {
			h += " "
		}
		out := append(binary.LittleEndian.AppendUint64(nil, uint64(len(h))), h...)
		out = append(out, data[8+n:]...)
		if _, err := models.Decode(out); !errors.Is(err, models.ErrBadModel) || !strings.Contains(err.Error(), "covers") {
			t.Errorf("covers %s: %v, want ErrBadModel about covers", bad, err)
		}
	}
}

// mustCovers is the covers metadata string of a model file.
func mustCovers(t *testing.T, data []byte) string {
	t.Helper()
	n := binary.LittleEndian.Uint64(data)
	var h struct {
		Meta map[string]string `json:"__metadata__"`
	}
	if err := json.Unmarshal(data[8:8+n], &h); err != nil {
		t.Fatal(err)
	}
	return h.Meta["covers"]
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

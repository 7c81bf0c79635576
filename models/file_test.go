package models_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/x448/float16"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
)

func testModel(t testing.TB, i int) *models.Model {
	t.Helper()
	tc := testCases[i]
	net, err := models.NewNetwork(tc.Shapes, tc.Arch, uint64(i)+1)
	if err != nil {
		t.Fatal(err)
	}
	return &models.Model{
		Game:       "test-game",
		Params:     engine.Params{"players": "3", "rules": "basic"},
		Net:        net,
		Provenance: models.Provenance{Steps: 1234, Iterations: 5, Games: 60, Samples: 700, Date: "2025-01-02T03:04:05Z", Data: "self-play", Seed: 9},
	}
}

// testModel16 is testModel(t, i) to be written as F16.
func testModel16(t testing.TB, i int) *models.Model {
	m := testModel(t, i)
	m.Dtype = models.DtypeF16
	return m
}

func encode(t testing.TB, m *models.Model) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// saveLoad saves m to a file of its own directory and loads it back.
func saveLoad(t *testing.T, m *models.Model) (got *models.Model, path string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "m.safetensors")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := models.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return got, path
}

func TestSaveLoadRoundTripsBitExactly(t *testing.T) {
	for i, tc := range testCases {
		t.Run(tc.Name, func(t *testing.T) {
			m := testModel(t, i)
			got, path := saveLoad(t, m)
			if !got.Net.Equal(m.Net) {
				t.Fatal("weights differ after a round trip")
			}
			if got.Game != m.Game || got.Params.String() != m.Params.String() || got.Provenance != m.Provenance {
				t.Fatalf("metadata differs: %+v vs %+v", got, m)
			}
			data, _ := os.ReadFile(path)
			if !bytes.Equal(encode(t, got), data) {
				t.Fatal("re-encoding the loaded model gives other bytes")
			}
			entries, _ := os.ReadDir(filepath.Dir(path))
			if len(entries) != 1 {
				t.Fatalf("Save left %d files, want 1", len(entries))
			}
		})
	}
}

// TestFileIsSafetensors reads the header the way any safetensors reader
// does: length, JSON, dtype/shape/offsets, metadata of strings.
func TestFileIsSafetensors(t *testing.T) {
	m := testModel(t, 2)
	data := encode(t, m)
	n := binary.LittleEndian.Uint64(data)
	if (8+n)%8 != 0 {
		t.Errorf("data starts at %d, not 8-byte aligned", 8+n)
	}
	var header map[string]json.RawMessage
	if err := json.Unmarshal(data[8:8+n], &header); err != nil {
		t.Fatal(err)
	}
	var meta map[string]string
	if err := json.Unmarshal(header["__metadata__"], &meta); err != nil {
		t.Fatalf("metadata is not a map of strings: %v", err)
	}
	for _, k := range []string{"format", "game", "params", "shapes", "architecture", "provenance"} {
		if meta[k] == "" {
			t.Errorf("metadata has no %s", k)
		}
	}
	var w struct {
		Dtype       string   `json:"dtype"`
		Shape       []int    `json:"shape"`
		DataOffsets [2]int64 `json:"data_offsets"`
	}
	if err := json.Unmarshal(header["trunk.in.w"], &w); err != nil {
		t.Fatal(err)
	}
	tw, _ := m.Net.Weight("trunk.in.w")
	if w.Dtype != "F32" || len(w.Shape) != 4 || w.DataOffsets[1]-w.DataOffsets[0] != int64(4*len(tw.Data)) {
		t.Fatalf("trunk.in.w header %+v", w)
	}
	body := data[8+n:]
	first := binary.LittleEndian.Uint32(body[w.DataOffsets[0]:])
	if first != math.Float32bits(tw.Data[0]) {
		t.Fatal("first weight is not stored little-endian at its offset")
	}
}

func TestCorruptFilesError(t *testing.T) {
	good := encode(t, testModel(t, 0))
	n := binary.LittleEndian.Uint64(good)
	header := string(good[8 : 8+n])
	withHeader := func(h string) []byte {
		for len(h)%8 != 0 {
			h += " "
		}
		out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
		out = append(out, h...)
		return append(out, good[8+n:]...)
	}
	nanBody := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(nanBody[8+n:], 0x7fc00000)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"truncated header length", good[:5], "too short"},
		{"truncated header", good[:20], "truncated"},
		{"truncated data", good[:len(good)-3], "truncated"},
		{"extra data", append(append([]byte(nil), good...), 0, 0, 0, 0), "bytes of data"},
		{"huge header length", append(binary.LittleEndian.AppendUint64(nil, 1<<62), good[8:]...), "header length"},
		{"not json", withHeader("{not json"), "header"},
		{"no metadata", withHeader(strings.Replace(header, `"__metadata__"`, `"__other__"`, 1)), "__metadata__"},
		{"wrong format", withHeader(strings.Replace(header, models.FormatVersion, "other/9", 1)), "format"},
		{"unknown dtype", withHeader(strings.Replace(header, `"F32"`, `"BF16"`, 1)), "a dtype other than F32 and F16"},
		{"lower-case dtype", withHeader(strings.ReplaceAll(header, `"F32"`, `"f32"`)), "a dtype other than F32 and F16"},
		{"mixed dtypes", withHeader(strings.Replace(header, `"F32"`, `"F16"`, 1)), "must share one dtype"},
		{"F32 offsets called F16", withHeader(strings.ReplaceAll(header, `"F32"`, `"F16"`)), "F16 values of 2 bytes"},
		{"wrong shape", withHeader(strings.Replace(header, `"shape":[11,16]`, `"shape":[16,11]`, 1)), "shape"},
		{"bad arch", withHeader(strings.Replace(header, `\"width\":16`, `\"width\":0`, 1)), "width"},
		{"renamed tensor", withHeader(strings.Replace(header, `"policy.b"`, `"policy.x"`, 1)), "policy.b"},
		{"nan weight", nanBody, "non-finite"},
	}
	// F16 files: the same checks, 2 bytes a value.
	good16 := encode(t, testModel16(t, 0))
	n16 := binary.LittleEndian.Uint64(good16)
	withHeader16 := func(edit func(map[string]json.RawMessage)) []byte {
		var h map[string]json.RawMessage
		if err := json.Unmarshal(good16[8:8+n16], &h); err != nil {
			t.Fatal(err)
		}
		edit(h)
		b, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		out := binary.LittleEndian.AppendUint64(nil, uint64(len(b)))
		out = append(out, b...)
		return append(out, good16[8+n16:]...)
	}
	// policy.b's header, to give it offsets that do not hold 2 bytes a value.
	type tensorJSON struct {
		Dtype       string   `json:"dtype"`
		Shape       []int    `json:"shape"`
		DataOffsets [2]int64 `json:"data_offsets"`
	}
	var pb tensorJSON
	withHeader16(func(h map[string]json.RawMessage) {
		if err := json.Unmarshal(h["policy.b"], &pb); err != nil {
			t.Fatal(err)
		}
	})
	offsets := func(from, to int64) func(map[string]json.RawMessage) {
		return func(h map[string]json.RawMessage) {
			e := pb
			e.DataOffsets = [2]int64{from, to}
			b, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			h["policy.b"] = b
		}
	}
	from := pb.DataOffsets[0]
	size := pb.DataOffsets[1] - from
	withBits := func(at int, bits uint16) []byte {
		out := append([]byte(nil), good16...)
		binary.LittleEndian.PutUint16(out[8+int(n16)+2*at:], bits)
		return out
	}
	cases = append(cases, []struct {
		name string
		data []byte
		want string
	}{
		{"f16 truncated data", good16[:len(good16)-1], "truncated"},
		{"f16 truncated by a value", good16[:len(good16)-2], "truncated"},
		{"f16 extra data", append(append([]byte(nil), good16...), 0, 0), "bytes of data"},
		{"f16 offsets one byte short", withHeader16(offsets(from, from+size-1)), "F16 values of 2 bytes"},
		{"f16 offsets of F32", withHeader16(offsets(from, from+2*size)), "F16 values of 2 bytes"},
		{"f16 offsets one value long", withHeader16(offsets(from, from+size+2)), "F16 values of 2 bytes"},
		{"F16 offsets called F32", withHeader16(func(h map[string]json.RawMessage) {
			for k, v := range h {
				h[k] = json.RawMessage(strings.ReplaceAll(string(v), `"F16"`, `"F32"`))
			}
		}), "F32 values of 4 bytes"},
		{"f16 mixed dtypes", withHeader16(func(h map[string]json.RawMessage) {
			h["policy.b"] = json.RawMessage(strings.Replace(string(h["policy.b"]), `"F16"`, `"F32"`, 1))
		}), "must share one dtype"},
		{"f16 +inf weight", withBits(0, 0x7c00), "non-finite"},
		{"f16 -inf weight", withBits(3, 0xfc00), "non-finite"},
		{"f16 nan weight", withBits(0, 0x7e00), "non-finite"},
		{"f16 signalling nan weight", withBits(5, 0x7c01), "non-finite"},
		{"f16 negative nan weight", withBits(7, 0xffff), "non-finite"},
	}...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := models.Decode(c.data)
			if err == nil {
				t.Fatalf("decoded %+v, want an error", m)
			}
			if !errors.Is(err, models.ErrBadModel) {
				t.Fatalf("error %v does not wrap models.ErrBadModel", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not mention %q", err, c.want)
			}
		})
	}
}

func TestWrongGameErrors(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.DefaultArch(models.ShapesOf(g)), 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Check(g); err != nil {
		t.Fatalf("model for tictactoe rejected by tictactoe: %v", err)
	}
	other := testModel(t, 0)
	wrongName := m.Clone()
	wrongName.Game = "planet-cubes"
	wrongParams := m.Clone()
	wrongParams.Params = engine.Params{"players": "3"}
	wrongShape := m.Clone()
	wrongShape.Net = other.Net
	for name, bad := range map[string]*models.Model{"name": wrongName, "params": wrongParams, "shape": wrongShape} {
		path := filepath.Join(t.TempDir(), name+".safetensors")
		if err := bad.Save(path); err != nil {
			t.Fatal(err)
		}
		if _, err := models.LoadFor(path, g); !errors.Is(err, models.ErrWrongGame) {
			t.Errorf("%s: models.LoadFor gave %v, want models.ErrWrongGame", name, err)
		}
	}
	if _, err := models.Load(filepath.Join(t.TempDir(), "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for i := range testCases {
		good := encode(f, testModel(f, i))
		f.Add(good)
		f.Add(good[:len(good)/2])
		good16 := encode(f, testModel16(f, i))
		f.Add(good16)
		f.Add(good16[:len(good16)-2])
		q8 := testModelQ8(f, i)
		q8.Covers = []engine.Params{{"players": "4", "rules": "basic"}}
		goodQ8 := encode(f, q8)
		f.Add(goodQ8)
		f.Add(goodQ8[:len(goodQ8)-1])
		q4 := testModelQ4(f, i)
		q4.Covers = q8.Covers
		goodQ4 := encode(f, q4)
		f.Add(goodQ4)
		f.Add(goodQ4[:len(goodQ4)-1])
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := models.Decode(data)
		if err != nil {
			if !errors.Is(err, models.ErrBadModel) && !errors.Is(err, models.ErrBadArch) {
				t.Fatalf("error %v wraps neither models.ErrBadModel nor models.ErrBadArch", err)
			}
			return
		}
		// Whatever decodes must run and encode again to the same model.
		s := m.Net.Shapes
		if err := m.Net.NewPredictor().Predict(1, make([]float32, s.ObsSize()), make([]float32, s.Actions),
			make([]float32, s.Actions), make([]float32, s.Players)); err != nil {
			t.Fatalf("decoded model does not run: %v", err)
		}
		again, err := models.Decode(encode(t, m))
		if err != nil || again.Dtype != m.Dtype || len(again.Covers) != len(m.Covers) {
			t.Fatalf("re-encoding a decoded model: %v", err)
		}
		// Q8 and Q4 round again (a block whose largest value is not 127,
		// or 7 or 8, times its scale gets another scale); the other dtypes
		// are exact.
		if m.Dtype != models.DtypeQ8 && m.Dtype != models.DtypeQ4 && !again.Net.Equal(m.Net) {
			t.Fatalf("re-encoding a decoded model: %v", err)
		}
	})
}

// TestF16RoundTrip: a model written as F16 reads back as F16 with every
// weight rounded to the nearest half-precision value and upcast exactly;
// saved again it gives the same bytes; its data is half the F32 data.
func TestF16RoundTrip(t *testing.T) {
	for i, tc := range testCases {
		t.Run(tc.Name, func(t *testing.T) {
			m := testModel16(t, i)
			got, path := saveLoad(t, m)
			if got.Dtype != models.DtypeF16 || got.Game != m.Game || got.Provenance != m.Provenance {
				t.Fatalf("read back dtype %q, %+v", got.Dtype, got)
			}
			for k, w := range m.Net.Weights {
				for j, v := range w.Data {
					want := float16.Fromfloat32(v).Float32()
					if g := got.Net.Weights[k].Data[j]; math.Float32bits(g) != math.Float32bits(want) {
						t.Fatalf("%s[%d] = %v, want %v rounded to %v", w.Name, j, g, v, want)
					}
				}
			}
			data, _ := os.ReadFile(path)
			if !bytes.Equal(encode(t, got), data) {
				t.Fatal("re-encoding the loaded F16 model gives other bytes")
			}
			if !bytes.Equal(encode(t, testModel16(t, i)), data) {
				t.Fatal("encoding the same model twice as F16 gives other bytes")
			}
			m32 := m.Clone()
			m32.Dtype = ""
			data32 := encode(t, m32)
			if d := len(data32) - len(data); d < 2*m.Net.NumParams() || d > 2*m.Net.NumParams()+64 {
				t.Fatalf("F32 file %d bytes, F16 %d: want about 2 bytes a weight fewer", len(data32), len(data))
			}
			// Upcast is exact: written as F32, the loaded F16 weights stay.
			got.Dtype = models.DtypeF32
			again, err := models.Decode(encode(t, got))
			if err != nil || again.Dtype != models.DtypeF32 || !again.Net.Equal(got.Net) {
				t.Fatalf("F16 weights written as F32: %v", err)
			}
		})
	}
}

// TestF16Bits checks the F16 bytes against hand-computed IEEE half
// precision: little-endian, round to nearest with ties to even,
// subnormals, signed zero; and their exact upcast on load.
func TestF16Bits(t *testing.T) {
	cases := []struct {
		v    float32
		bits uint16
		back float32
	}{
		{0, 0x0000, 0},
		{float32(math.Copysign(0, -1)), 0x8000, float32(math.Copysign(0, -1))},
		{1, 0x3c00, 1},
		{-2, 0xc000, -2},
		{models.MaxF16, 0x7bff, 65504},
		{-models.MaxF16, 0xfbff, -65504},
		{1.0 / 3, 0x3555, 1365.0 / 4096},
		{0.1, 0x2e66, 1638.0 / 16384},
		{0x1p-14, 0x0400, 0x1p-14},                   // smallest normal
		{0x1p-24, 0x0001, 0x1p-24},                   // smallest subnormal
		{0x1p-25, 0x0000, 0},                         // tie between 0 and 2^-24: even
		{0x3p-25, 0x0002, 0x2p-24},                   // tie between 1 and 2 ulps: even
		{0x1p-26, 0x0000, 0},                         // underflow
		{1 + 0x1p-11, 0x3c00, 1},                     // tie: even
		{1 + 0x3p-11, 0x3c02, 1 + 0x2p-10},           // tie: even
		{1 + 0x1p-11 + 0x1p-20, 0x3c01, 1 + 0x1p-10}, // above the tie
		{-(1 + 0x1p-11 + 0x1p-20), 0xbc01, -(1 + 0x1p-10)},
		{2047.5, 0x6800, 2048}, // tie between 2047 and 2048: even
		{2046.5, 0x67fe, 2046}, // tie between 2046 and 2047: even
		{2048.5, 0x6800, 2048}, // ulp 2 from 2048: below the tie
		{2049, 0x6800, 2048},   // tie between 2048 and 2050: even
		{2051, 0x6802, 2052},   // tie between 2050 and 2052: even
	}
	m := testModel(t, 0)
	m.Dtype = models.DtypeF16
	w := &m.Net.Weights[0]
	for i, c := range cases {
		w.Data[i] = c.v
	}
	data := encode(t, m)
	n := binary.LittleEndian.Uint64(data)
	var header map[string]struct {
		Dtype       string   `json:"dtype"`
		DataOffsets [2]int64 `json:"data_offsets"`
	}
	if err := json.Unmarshal(data[8:8+n], &header); err != nil {
		t.Fatal(err)
	}
	th := header[w.Name]
	if th.Dtype != "F16" || th.DataOffsets[1]-th.DataOffsets[0] != int64(2*len(w.Data)) {
		t.Fatalf("%s header %+v for %d weights", w.Name, th, len(w.Data))
	}
	body := data[8+n+uint64(th.DataOffsets[0]):]
	got, err := models.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		if b := binary.LittleEndian.Uint16(body[2*i:]); b != c.bits {
			t.Errorf("%g stored as %#04x, want %#04x", c.v, b, c.bits)
		}
		if g := got.Net.Weights[0].Data[i]; math.Float32bits(g) != math.Float32bits(c.back) {
			t.Errorf("%#04x read as %g, want %g", c.bits, g, c.back)
		}
	}
}

// TestEncodeF16Range: a weight beyond the F16 range is an error wrapping
// ErrF16Range, and nothing is written; F32 writes it.
func TestEncodeF16Range(t *testing.T) {
	for _, v := range []float32{math.Nextafter32(models.MaxF16, math.MaxFloat32), 65519, 65520, -70000, 1e30, -math.MaxFloat32} {
		m := testModel16(t, 1)
		m.Net.Weights[2].Data[1] = v
		var buf bytes.Buffer
		err := m.Encode(&buf)
		if !errors.Is(err, models.ErrF16Range) || !strings.Contains(err.Error(), m.Net.Weights[2].Name) {
			t.Errorf("weight %g: %v, want an error wrapping models.ErrF16Range naming the tensor", v, err)
		}
		if buf.Len() != 0 {
			t.Errorf("weight %g: %d bytes written before the error", v, buf.Len())
		}
		if err := m.Save(filepath.Join(t.TempDir(), "m.safetensors")); !errors.Is(err, models.ErrF16Range) {
			t.Errorf("Save of weight %g: %v", v, err)
		}
		m.Dtype = models.DtypeF32
		if err := m.Encode(&buf); err != nil {
			t.Errorf("weight %g as F32: %v", v, err)
		}
	}
}

// TestEncodeDtype: "" and F32 give the same bytes as before F16 existed
// (4 bytes a weight); another Dtype is an error wrapping ErrBadDtype.
func TestEncodeDtype(t *testing.T) {
	m := testModel(t, 1)
	def := encode(t, m)
	m.Dtype = models.DtypeF32
	if !bytes.Equal(encode(t, m), def) {
		t.Error(`Dtype F32 and "" give other bytes`)
	}
	got, err := models.Decode(def)
	if err != nil || got.Dtype != models.DtypeF32 {
		t.Fatalf("decoded an F32 file: dtype %q, %v", got.Dtype, err)
	}
	for _, d := range []string{"f16", "f32", "BF16", "F64", "F8_E4M3"} {
		m.Dtype = d
		if err := m.Encode(io.Discard); !errors.Is(err, models.ErrBadDtype) {
			t.Errorf("Dtype %q: %v, want an error wrapping models.ErrBadDtype", d, err)
		}
	}
}

func TestParseDtype(t *testing.T) {
	for in, want := range map[string]string{"f32": "F32", "F32": "F32", "f16": "F16", "F16": "F16", "q8": "Q8", "Q4": "Q4", "q4": "Q4"} {
		if got, err := models.ParseDtype(in); err != nil || got != want {
			t.Errorf("ParseDtype(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "bf16", "f64", "float16", " f16", "F8_E5M2", "q2", "i8", "u8"} {
		if got, err := models.ParseDtype(in); !errors.Is(err, models.ErrBadDtype) || got != "" {
			t.Errorf("ParseDtype(%q) = %q, %v; want an error wrapping models.ErrBadDtype", in, got, err)
		}
	}
}

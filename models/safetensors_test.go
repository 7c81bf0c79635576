package models_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"unicode/utf8"

	"github.com/x448/float16"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
)

// stDtypeSize are the dtypes the safetensors format defines, with their
// sizes in bytes (https://huggingface.co/docs/safetensors, "Format").
var stDtypeSize = map[string]int64{
	"BOOL": 1, "U8": 1, "I8": 1, "F8_E5M2": 1, "F8_E4M3": 1,
	"I16": 2, "U16": 2, "F16": 2, "BF16": 2,
	"I32": 4, "U32": 4, "F32": 4,
	"I64": 8, "U64": 8, "F64": 8,
}

// checkSafetensors checks data against the safetensors format as a reader
// in another ecosystem sees it, independently of models.Decode: an 8-byte
// little-endian header size N; N bytes of UTF-8 JSON that start with '{'
// and may be padded with trailing spaces; an object whose "__metadata__"
// is a map of strings to strings and whose other entries are tensors with
// exactly dtype, shape and data_offsets; offsets relative to the byte
// buffer after the header, each tensor's size matching its dtype and
// shape, the tensors covering the buffer with no hole or overlap. It
// returns the metadata.
func checkSafetensors(data []byte) (map[string]string, error) {
	if len(data) < 8 {
		return nil, fmt.Errorf("%d bytes, no header size", len(data))
	}
	n := binary.LittleEndian.Uint64(data)
	if n > uint64(len(data)-8) {
		return nil, fmt.Errorf("header size %d past the end of %d bytes", n, len(data))
	}
	header, buf := data[8:8+n], data[8+n:]
	if !utf8.Valid(header) || len(header) == 0 || header[0] != '{' {
		return nil, fmt.Errorf("header is not UTF-8 JSON starting with '{'")
	}
	trimmed := bytes.TrimRight(header, " ")
	if trimmed[len(trimmed)-1] != '}' {
		return nil, fmt.Errorf("header is padded with something other than spaces")
	}
	var entries map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &entries); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	meta := map[string]string{}
	type span struct {
		name       string
		begin, end int64
	}
	var spans []span
	for name, raw := range entries {
		if name == "__metadata__" {
			var values map[string]json.RawMessage
			if err := json.Unmarshal(raw, &values); err != nil {
				return nil, fmt.Errorf("__metadata__ is not an object: %w", err)
			}
			for k, v := range values {
				var s string
				if err := json.Unmarshal(v, &s); err != nil {
					return nil, fmt.Errorf("__metadata__ %q is %s, not a string", k, v)
				}
				meta[k] = s
			}
			continue
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil || len(fields) != 3 ||
			fields["dtype"] == nil || fields["shape"] == nil || fields["data_offsets"] == nil {
			return nil, fmt.Errorf("tensor %s is %s, want exactly dtype, shape and data_offsets", name, raw)
		}
		var dtype string
		var shape []int64
		var off []int64
		if json.Unmarshal(fields["dtype"], &dtype) != nil || json.Unmarshal(fields["shape"], &shape) != nil ||
			json.Unmarshal(fields["data_offsets"], &off) != nil || len(off) != 2 {
			return nil, fmt.Errorf("tensor %s: bad field types in %s", name, raw)
		}
		size, ok := stDtypeSize[dtype]
		if !ok {
			return nil, fmt.Errorf("tensor %s: dtype %q is not a safetensors dtype", name, dtype)
		}
		for _, d := range shape {
			if d < 0 {
				return nil, fmt.Errorf("tensor %s: negative dimension in %v", name, shape)
			}
			size *= d
		}
		if off[0] < 0 || off[1]-off[0] != size {
			return nil, fmt.Errorf("tensor %s: offsets %v hold %d bytes, dtype and shape need %d", name, off, off[1]-off[0], size)
		}
		spans = append(spans, span{name, off[0], off[1]})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].begin < spans[j].begin })
	var end int64
	for _, s := range spans {
		if s.begin != end {
			return nil, fmt.Errorf("tensor %s starts at %d, want %d", s.name, s.begin, end)
		}
		end = s.end
	}
	if end != int64(len(buf)) {
		return nil, fmt.Errorf("tensors cover %d bytes of a %d-byte buffer", end, len(buf))
	}
	return meta, nil
}

// TestFilesAreSafetensors checks written model files, F32 and F16, and the
// built-in opponents against the safetensors format.
func TestFilesAreSafetensors(t *testing.T) {
	files := map[string][]byte{}
	for i, tc := range testCases {
		files[tc.Name] = encode(t, testModel(t, i))
		files[tc.Name+" F16"] = encode(t, testModel16(t, i))
	}
	builtins, err := filepath.Glob("opponents/*.safetensors")
	if err != nil || len(builtins) == 0 {
		t.Fatalf("no built-in model files: %v", err)
	}
	for _, p := range builtins {
		if files[p], err = os.ReadFile(p); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range files {
		meta, err := checkSafetensors(data)
		if err != nil {
			t.Errorf("%s: not a safetensors file: %v", name, err)
			continue
		}
		for _, k := range []string{"format", "game", "params", "shapes", "architecture", "provenance"} {
			if meta[k] == "" {
				t.Errorf("%s: metadata has no %s", name, k)
			}
		}
	}
}

// TestSafetensorsCheckRejects shows the checker above is not a rubber stamp.
func TestSafetensorsCheckRejects(t *testing.T) {
	good := encode(t, testModel(t, 0))
	n := binary.LittleEndian.Uint64(good)
	header := string(good[8 : 8+n])
	with := func(old, new string) []byte {
		h := bytes.Replace([]byte(header), []byte(old), []byte(new), 1)
		out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
		return append(append(out, h...), good[8+n:]...)
	}
	for name, data := range map[string][]byte{
		"truncated":        good[:len(good)-1],
		"unknown dtype":    with(`"F32"`, `"F31"`),
		"metadata number":  with(`"format":`, `"n":1,"format":`),
		"extra field":      with(`"dtype"`, `"x":1,"dtype"`),
		"not starting {":   with(`{`, ` `),
		"wrong size":       with(`"shape":[11,16]`, `"shape":[11,15]`),
		"F32 data as F16":  with(`"F32"`, `"F16"`),
		"non-space suffix": append(append(binary.LittleEndian.AppendUint64(nil, n), header[:n-1]+"\n"...), good[8+n:]...),
	} {
		if _, err := checkSafetensors(data); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// builtinFile is a built-in model file, read and decoded.
type builtinFile struct {
	path string
	data []byte
	m    *models.Model
}

// readBuiltins reads and decodes every file of opponents/.
func readBuiltins(t *testing.T) []builtinFile {
	t.Helper()
	paths, err := filepath.Glob("opponents/*.safetensors")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no built-in model files: %v", err)
	}
	var out []builtinFile
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := models.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, builtinFile{p, data, m})
	}
	return out
}

// TestBuiltinsAsF16 reads every built-in model file: an F32 one converts
// to F16 in memory (the files are not touched: what "moongym export --dtype
// f16" would write), valid safetensors of about 2 bytes a weight less, each
// weight the nearest half and the bytes stable; an F16 one (shipped so by
// the size rule, TestBuiltinSizes) re-encodes to its own bytes.
func TestBuiltinsAsF16(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every built-in model")
	}
	for _, b := range readBuiltins(t) {
		p, data, m := b.path, b.data, b.m
		switch m.Dtype {
		case models.DtypeF16:
			if !bytes.Equal(encode(t, m), data) {
				t.Errorf("%s: an F16 file that re-encodes to other bytes", p)
			}
			continue
		case models.DtypeQ8, models.DtypeQ4:
			// A Q8 or Q4 file: its weights, read and written again in its
			// dtype, read back the same (re-encoding moves no weight), and
			// so do its bytes.
			again, err := models.Decode(encode(t, m))
			if err != nil || !again.Net.Equal(m.Net) {
				t.Errorf("%s: a %s file whose weights change when written again (%v)", p, m.Dtype, err)
			} else if !bytes.Equal(encode(t, again), data) {
				t.Errorf("%s: a %s file whose bytes change when written again", p, m.Dtype)
			}
			continue
		case models.DtypeF32:
		default:
			t.Fatalf("%s: dtype %q", p, m.Dtype)
		}
		m.Dtype = models.DtypeF16
		half := encode(t, m)
		if _, err := checkSafetensors(half); err != nil {
			t.Fatalf("%s as F16: not a safetensors file: %v", p, err)
		}
		if d := len(data) - len(half); d < 2*m.Net.NumParams() || d > 2*m.Net.NumParams()+64 {
			t.Errorf("%s: %d bytes as F32, %d as F16", p, len(data), len(half))
		}
		got, err := models.Decode(half)
		if err != nil || got.Dtype != models.DtypeF16 {
			t.Fatalf("%s as F16: %v", p, err)
		}
		for k, w := range m.Net.Weights {
			for j, v := range w.Data {
				if g := got.Net.Weights[k].Data[j]; g != float16.Fromfloat32(v).Float32() {
					t.Fatalf("%s as F16: %s[%d] = %v, want %v rounded", p, w.Name, j, g, v)
				}
			}
		}
		if !bytes.Equal(encode(t, got), half) {
			t.Fatalf("%s as F16: re-encoding gives other bytes", p)
		}
	}
}

// TestBuiltinSizes: every built-in model file is at most MaxBuiltinBytes
// and stored as Q8 or Q4 (the built-in models' dtypes, each file converted
// only after its tournaments were played again with the quantized weights:
// docs/benchmarks/builtin-models.md) or, until then, in its AutoDtype: F16
// exactly where the F32 file would be larger (so no file is rounded
// without need, and none is over the bound); all of them together at most
// MaxBuiltinTotal.
func TestBuiltinSizes(t *testing.T) {
	var total int
	for _, b := range readBuiltins(t) {
		p, m := b.path, b.m
		total += len(b.data)
		if len(b.data) > models.MaxBuiltinBytes {
			t.Errorf("%s: %d bytes, more than %d", p, len(b.data), models.MaxBuiltinBytes)
		}
		if m.Dtype == models.DtypeQ8 || m.Dtype == models.DtypeQ4 {
			continue
		}
		if want, err := m.AutoDtype(); err != nil || m.Dtype != want {
			t.Errorf("%s: stored %s, the size rule says %s, Q8 or Q4 (%v)", p, m.Dtype, want, err)
		}
	}
	t.Logf("built-in model files: %d bytes (%.1f MiB)", total, float64(total)/(1<<20))
	if total > models.MaxBuiltinTotal {
		t.Errorf("built-in model files: %d bytes (%.1f MiB) in all, more than %d (%d MiB)", total, float64(total)/(1<<20), models.MaxBuiltinTotal, models.MaxBuiltinTotal>>20)
	}
}

// TestAutoDtype: F32 up to MaxBuiltinBytes of F32 file, F16 beyond, and
// the rule reads the F32 size whatever the model's own Dtype.
func TestAutoDtype(t *testing.T) {
	g := tictactoe.Game{}
	for _, c := range []struct {
		width int
		want  string
	}{{64, models.DtypeF32}, {1024, models.DtypeF16}} {
		m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: c.width, Depth: 1, ValueHidden: 16}, 1)
		if err != nil {
			t.Fatal(err)
		}
		size := len(encode(t, m))
		for _, d := range []string{"", models.DtypeF32, models.DtypeF16} {
			m.Dtype = d
			got, err := m.AutoDtype()
			if err != nil || got != c.want {
				t.Errorf("width %d (%d bytes as F32), Dtype %q: AutoDtype %q, %v; want %q", c.width, size, d, got, err, c.want)
			}
		}
		if (size > models.MaxBuiltinBytes) != (c.want == models.DtypeF16) {
			t.Fatalf("width %d: %d bytes as F32 does not test the bound %d", c.width, size, models.MaxBuiltinBytes)
		}
	}
}

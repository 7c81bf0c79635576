package models

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/x448/float16"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/safefile"
)

// The model file is a safetensors file (https://huggingface.co/docs/safetensors):
// an 8-byte little-endian header length, a JSON header, then the raw
// little-endian tensors. The tensors are all F32 (the default) or all F16
// (IEEE half precision, Model.Dtype = DtypeF16): one dtype a file. F16
// weights are upcast to float32 exactly on load; writing them rounds each
// float32 weight to the nearest half-precision value (ties to even), which
// halves the file and may change play slightly. A Q8 file (DtypeQ8,
// quant.go) stores the weight matrices as 8-bit integers with a scale per
// block, about a quarter of F32, and says so in its metadata; a Q4 file
// (DtypeQ4, quant4.go) as 4-bit integers, about an eighth. The header's
// "__metadata__" map of strings holds:
//
//	format        "moongym-model/1"
//	game          the game's registry name
//	params        the game's parameters, JSON object of strings
//	shapes        JSON Shapes: obs, actions, players
//	architecture  JSON Arch: kind, width, depth, value_hidden
//	provenance    JSON Provenance: steps, iterations, games, samples, date, data, seed
//	covers        (optional) JSON array of parameter objects: the further
//	              configurations the network plays (Model.Covers)
//	dtype         (only in a Q8 or Q4 file) "Q8" or "Q4"
//
// Tensors are named as in Arch.Params; dense weights are [in, out], conv
// filters [out, in, kh, kw].
const FormatVersion = "moongym-model/1"

// maxHeader bounds the JSON header a loader accepts.
const maxHeader = 16 << 20

// MaxFileBytes is the largest model file Load and LoadFor read: a larger
// one is refused (safefile.ErrTooLarge) before it is read, as is anything
// but a regular file (safefile.ErrNotRegular: /dev/zero, a FIFO, a
// directory), so that a model path (az:model=FILE in moongym play, the
// seat server with --allow-files, the Python library) cannot take the
// process's memory. The largest built-in network written as F32, as a
// training run writes it, is lunar-rally-p3's: 7,587,844 bytes (stored F16
// in 3,795,026; the largest file stored is march-mars-p4.safetensors,
// 4,103,040 bytes, F32). 64 MiB is 8 times that, rounded up to a power of
// two (TestMaxFileBytesMargin keeps it at least 4 times): an MLP of depth 2
// fits up to width 512 on lunar-rally (whose 29,280-entry observation makes
// it 64.3 MB there) and width 1024 on welcome-moon (28.8 MB) or march-mars
// (45.0 MB); export a larger network as F16.
const MaxFileBytes = 64 << 20

// Dtypes of a model file's tensors, named as safetensors names them.
const (
	// DtypeF32: IEEE single precision, 4 bytes a weight; the default.
	DtypeF32 = "F32"
	// DtypeF16: IEEE half precision, 2 bytes a weight. Weights are rounded
	// to the nearest half-precision value (ties to even) when written and
	// upcast exactly when read; a weight beyond ±MaxF16 cannot be written (ErrF16Range).
	DtypeF16 = "F16"
	// DtypeQ8: 8-bit integers with a half-precision scale per block of
	// Q8Block weights (quant.go), about 1.06 bytes a weight; biases stay
	// F32. Weights are dequantized to float32 when read.
	DtypeQ8 = "Q8"
	// DtypeQ4: 4-bit integers with a half-precision scale per block of
	// Q4Block weights (quant4.go), about 0.56 bytes a weight; biases stay
	// F32. Weights are dequantized to float32 when read.
	DtypeQ4 = "Q4"
)

// MaxF16 is the largest finite IEEE half-precision value.
const MaxF16 = 65504

// ParseDtype reads a dtype as a user gives it: "f32", "f16", "q8" or
// "q4", in any case. Anything else is an error wrapping ErrBadDtype.
func ParseDtype(s string) (string, error) {
	switch d := strings.ToUpper(s); d {
	case DtypeF32, DtypeF16, DtypeQ8, DtypeQ4:
		return d, nil
	}
	return "", fmt.Errorf("%w: %q, want f32, f16, q8 or q4", ErrBadDtype, s)
}

// fileDtype is the dtype Encode writes m in: Dtype, "" meaning DtypeF32.
func (m *Model) fileDtype() (string, error) {
	switch m.Dtype {
	case "":
		return DtypeF32, nil
	case DtypeF32, DtypeF16, DtypeQ8, DtypeQ4:
		return m.Dtype, nil
	}
	return "", fmt.Errorf("models: encode: %w: Model.Dtype %q, want %q, %q, %q or %q", ErrBadDtype, m.Dtype, DtypeF32, DtypeF16, DtypeQ8, DtypeQ4)
}

// checkF16Range reports the first weight whose magnitude exceeds MaxF16,
// which F16 cannot hold, as an error wrapping ErrF16Range.
func checkF16Range(n *Network) error {
	for _, t := range n.Weights {
		for j, v := range t.Data {
			if v > MaxF16 || v < -MaxF16 {
				return fmt.Errorf("models: encode F16: %w: tensor %s has weight %g at %d, beyond ±%d", ErrF16Range, t.Name, v, j, MaxF16)
			}
		}
	}
	return nil
}

type tensorHeader struct {
	Dtype       string   `json:"dtype"`
	Shape       []int    `json:"shape"`
	DataOffsets [2]int64 `json:"data_offsets"`
}

// storedTensor is one tensor as a file of some dtype stores it: a weight
// tensor, or (Q8, Q4) a weight tensor's scales.
type storedTensor struct {
	name  string
	dtype string
	shape []int
	n     int // values
	// weight is the index of the network tensor it holds (or scales).
	weight int
	scales bool
}

// valueBytes are the bytes a value of each stored dtype takes.
var valueBytes = map[string]int64{DtypeF32: 4, DtypeF16: 2, "I8": 1, "U8": 1}

// quantized reports whether dtype stores weight matrices as integers
// with block scales.
func quantized(dtype string) bool { return dtype == DtypeQ8 || dtype == DtypeQ4 }

// fileLayout lists the tensors a file of dtype stores for the network
// tensors specs, in file order.
func fileLayout(specs []ParamSpec, dtype string) []storedTensor {
	var out []storedTensor
	for i, p := range specs {
		n := p.Size()
		if !quantized(dtype) {
			out = append(out, storedTensor{name: p.Name, dtype: dtype, shape: p.Shape, n: n, weight: i})
			continue
		}
		if !q8Tensor(p.Shape) {
			out = append(out, storedTensor{name: p.Name, dtype: DtypeF32, shape: p.Shape, n: n, weight: i})
			continue
		}
		if dtype == DtypeQ4 {
			nq, nb := q4Bytes(n), q4Blocks(n)
			out = append(out,
				storedTensor{name: p.Name, dtype: "U8", shape: []int{nq}, n: nq, weight: i},
				storedTensor{name: p.Name + q4ScaleSuffix, dtype: DtypeF16, shape: []int{nb}, n: nb, weight: i, scales: true})
			continue
		}
		nb := q8Blocks(n)
		out = append(out,
			storedTensor{name: p.Name, dtype: "I8", shape: p.Shape, n: n, weight: i},
			storedTensor{name: p.Name + q8ScaleSuffix, dtype: DtypeF16, shape: []int{nb}, n: nb, weight: i, scales: true})
	}
	return out
}

// Encode writes the model as a safetensors file, its tensors in m.Dtype
// (F32 when empty). The same model always gives the same bytes. An
// unknown Dtype gives an error wrapping ErrBadDtype; with DtypeF16, a
// weight beyond ±MaxF16 gives one wrapping ErrF16Range (it is never
// written as infinity), and with DtypeQ8 or DtypeQ4 a block whose scale
// would be.
func (m *Model) Encode(w io.Writer) error {
	if err := m.Net.Validate(); err != nil {
		return err
	}
	dtype, err := m.fileDtype()
	if err != nil {
		return err
	}
	if dtype == DtypeF16 {
		if err := checkF16Range(m.Net); err != nil {
			return err
		}
	}
	meta := map[string]string{"format": FormatVersion, "game": m.Game}
	for k, v := range map[string]any{
		"params": m.Params, "shapes": m.Net.Shapes, "architecture": m.Net.Arch, "provenance": m.Provenance,
	} {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("models: encode %s: %w", k, err)
		}
		meta[k] = string(b)
	}
	if m.Params == nil {
		meta["params"] = "{}"
	}
	if len(m.Covers) > 0 {
		b, err := json.Marshal(m.Covers)
		if err != nil {
			return fmt.Errorf("models: encode covers: %w", err)
		}
		meta["covers"] = string(b)
	}
	if quantized(dtype) {
		meta["dtype"] = dtype
	}
	specs := make([]ParamSpec, len(m.Net.Weights))
	for i, t := range m.Net.Weights {
		specs[i] = ParamSpec{Name: t.Name, Shape: t.Shape}
	}
	layout := fileLayout(specs, dtype)
	// The values of every stored tensor, in layout order.
	data := make([][]byte, len(layout))
	for i := 0; i < len(layout); i++ {
		st := layout[i]
		t := m.Net.Weights[st.weight]
		switch st.dtype {
		case "I8":
			q, sc, err := quantizeQ8(t.Name, t.Data, make([]byte, 0, st.n), make([]byte, 0, 2*q8Blocks(st.n)))
			if err != nil {
				return err
			}
			data[i], data[i+1] = q, sc
			i++ // the scales follow their tensor
		case "U8":
			q, sc, err := quantizeQ4(t.Name, t.Data, make([]byte, 0, st.n), make([]byte, 0, 2*q4Blocks(len(t.Data))))
			if err != nil {
				return err
			}
			data[i], data[i+1] = q, sc
			i++
		case DtypeF16:
			b := make([]byte, 0, 2*st.n)
			for _, v := range t.Data {
				b = binary.LittleEndian.AppendUint16(b, float16.Fromfloat32(v).Bits())
			}
			data[i] = b
		default:
			b := make([]byte, 0, 4*st.n)
			for _, v := range t.Data {
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
			}
			data[i] = b
		}
	}
	header := map[string]any{"__metadata__": meta}
	var off int64
	for i, st := range layout {
		n := int64(len(data[i]))
		header[st.name] = tensorHeader{Dtype: st.dtype, Shape: st.shape, DataOffsets: [2]int64{off, off + n}}
		off += n
	}
	hb, err := json.Marshal(header)
	if err != nil {
		return fmt.Errorf("models: encode header: %w", err)
	}
	for len(hb)%8 != 0 { // aligned data, as the reference writer does
		hb = append(hb, ' ')
	}
	buf := make([]byte, 8, 8+len(hb)+int(off))
	binary.LittleEndian.PutUint64(buf, uint64(len(hb)))
	buf = append(buf, hb...)
	for _, b := range data {
		buf = append(buf, b...)
	}
	_, err = w.Write(buf)
	return err
}

// Decode reads a model file of F32 or F16 tensors (one dtype a file; F16
// is upcast to float32 exactly), or a Q8 or Q4 file (its weights
// dequantized to float32), and sets the model's Dtype to the file's.
// Any defect (truncation, bad header, another dtype or a mix of two,
// tensors that do not match the declared architecture, non-finite weights,
// F16 infinities and NaNs included) gives an error wrapping ErrBadModel;
// it never panics. The error says what is wrong without quoting the data
// (a model path may name any file): JSON errors by position, bad values by
// what they are.
func Decode(data []byte) (*Model, error) {
	if len(data) < 8 {
		return nil, fmt.Errorf("%w: %d bytes, too short for a safetensors header", ErrBadModel, len(data))
	}
	hl := binary.LittleEndian.Uint64(data)
	if hl == 0 || hl > maxHeader || hl > uint64(len(data)-8) {
		return nil, fmt.Errorf("%w: the header length (the first 8 bytes) does not fit a file of %d bytes: not a safetensors file, or a truncated one", ErrBadModel, len(data))
	}
	header, body := data[8:8+hl], data[8+hl:]
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(header))
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("%w: header: %s", ErrBadModel, safefile.DescribeJSON(err, header))
	}
	if rest := header[dec.InputOffset():]; len(bytes.Trim(rest, " ")) > 0 {
		return nil, fmt.Errorf("%w: header: %s: data after the header object (only spaces may pad it)", ErrBadModel, safefile.Position(header, dec.InputOffset()))
	}
	var meta map[string]string
	if m, ok := raw["__metadata__"]; !ok {
		return nil, fmt.Errorf("%w: no __metadata__ in the header: not a moongym model", ErrBadModel)
	} else if err := json.Unmarshal(m, &meta); err != nil {
		return nil, fmt.Errorf("%w: __metadata__ is not an object of strings: not a moongym model", ErrBadModel)
	}
	delete(raw, "__metadata__")
	if meta["format"] != FormatVersion {
		return nil, fmt.Errorf("%w: the metadata's format is not %q: not a moongym model, or one of a later format", ErrBadModel, FormatVersion)
	}
	m := &Model{Game: meta["game"]}
	if m.Game == "" {
		return nil, fmt.Errorf("%w: no game in the metadata", ErrBadModel)
	}
	var shapes Shapes
	var arch Arch
	for _, f := range []struct {
		key string
		dst any
	}{{"params", &m.Params}, {"shapes", &shapes}, {"architecture", &arch}, {"provenance", &m.Provenance}} {
		if err := strictJSON(meta[f.key], f.dst); err != nil {
			return nil, fmt.Errorf("%w: metadata %s: %w", ErrBadModel, f.key, err)
		}
	}
	if m.Params == nil {
		m.Params = engine.Params{}
	}
	if c, ok := meta["covers"]; ok {
		if err := strictJSON(c, &m.Covers); err != nil {
			return nil, fmt.Errorf("%w: metadata covers: %w", ErrBadModel, err)
		}
		for i, p := range m.Covers {
			if p == nil {
				return nil, fmt.Errorf("%w: metadata covers: configuration %d is null, want an object of parameters", ErrBadModel, i)
			}
		}
	}
	if err := arch.Validate(shapes); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadModel, safefile.Redact(err, header))
	}
	specs := arch.Params(shapes)
	dtype, err := decodeDtype(meta, raw, specs)
	if err != nil {
		return nil, err
	}
	layout := fileLayout(specs, dtype)
	if len(raw) != len(layout) {
		return nil, fmt.Errorf("%w: %d tensors, architecture %s needs %d in a %s file", ErrBadModel, len(raw), arch, len(layout), dtype)
	}
	type span struct {
		name     string
		from, to int64
	}
	var spans []span
	net := &Network{Shapes: shapes, Arch: arch}
	for _, p := range specs {
		net.Weights = append(net.Weights, Tensor{Name: p.Name, Shape: slices.Clone(p.Shape), Data: make([]float32, p.Size())})
	}
	var quant []byte // the I8 or U8 values whose scales come next
	var quantDtype string
	for _, st := range layout {
		rt, ok := raw[st.name]
		if !ok {
			return nil, fmt.Errorf("%w: tensor %s is missing", ErrBadModel, st.name)
		}
		var th tensorHeader
		if err := strictJSON(string(rt), &th); err != nil {
			return nil, fmt.Errorf("%w: tensor %s: %w", ErrBadModel, st.name, err)
		}
		if th.Dtype != st.dtype {
			return nil, fmt.Errorf("%w: tensor %s has dtype %s, a %s file stores it as %s", ErrBadModel, st.name, safeDtype(th.Dtype), dtype, st.dtype)
		}
		if !slices.Equal(th.Shape, st.shape) {
			if st.scales {
				return nil, fmt.Errorf("%w: tensor %s has the wrong shape: want [%d]", ErrBadModel, st.name, st.n)
			}
			return nil, fmt.Errorf("%w: tensor %s has the wrong shape: architecture %s needs %v", ErrBadModel, st.name, arch, st.shape)
		}
		size := valueBytes[st.dtype]
		from, to := th.DataOffsets[0], th.DataOffsets[1]
		if from < 0 || to < from || to > int64(len(body)) || to-from != int64(st.n)*size {
			return nil, fmt.Errorf("%w: tensor %s: its data offsets do not fit %d %s values of %d bytes in %d bytes of data (truncated?)", ErrBadModel, st.name, st.n, st.dtype, size, len(body))
		}
		spans = append(spans, span{st.name, from, to})
		vals, dst := body[from:to], net.Weights[st.weight].Data
		switch {
		case st.dtype == "I8" || st.dtype == "U8":
			quant, quantDtype = vals, st.dtype
		case st.scales:
			deq := dequantizeQ8
			if quantDtype == "U8" {
				deq = dequantizeQ4
			}
			if err := deq(dst, quant, vals); err != nil {
				return nil, fmt.Errorf("%w: tensor %s: %w", ErrBadModel, st.name, err)
			}
		case st.dtype == DtypeF16:
			for j := range dst {
				dst[j] = float16.Frombits(binary.LittleEndian.Uint16(vals[j*2:])).Float32()
			}
		default:
			for j := range dst {
				dst[j] = math.Float32frombits(binary.LittleEndian.Uint32(vals[j*4:]))
			}
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].from < spans[j].from })
	var end int64
	for _, s := range spans {
		if s.from != end {
			return nil, fmt.Errorf("%w: tensor %s does not start at %d, where the one before it ends (tensors overlap or leave holes)", ErrBadModel, s.name, end)
		}
		end = s.to
	}
	if end != int64(len(body)) {
		return nil, fmt.Errorf("%w: %d bytes of data, tensors cover %d", ErrBadModel, len(body), end)
	}
	if err := net.Validate(); err != nil {
		return nil, err
	}
	m.Net = net
	m.Dtype = dtype
	return m, nil
}

// decodeDtype is a file's dtype: DtypeQ8 or DtypeQ4 where its metadata
// says so (nothing else may be declared), else the one dtype of its
// tensors, F32 or F16; a file mixing them, or with another, is refused.
func decodeDtype(meta map[string]string, raw map[string]json.RawMessage, specs []ParamSpec) (string, error) {
	if d, ok := meta["dtype"]; ok {
		if !quantized(d) {
			return "", fmt.Errorf("%w: the metadata's dtype is neither %s nor %s (the only ones a file declares)", ErrBadModel, DtypeQ8, DtypeQ4)
		}
		return d, nil
	}
	var dtype, first string
	for _, p := range specs {
		rt, ok := raw[p.Name]
		if !ok {
			return "", fmt.Errorf("%w: tensor %s is missing", ErrBadModel, p.Name)
		}
		var th tensorHeader
		if err := strictJSON(string(rt), &th); err != nil {
			return "", fmt.Errorf("%w: tensor %s: %w", ErrBadModel, p.Name, err)
		}
		if th.Dtype != DtypeF32 && th.Dtype != DtypeF16 {
			return "", fmt.Errorf("%w: tensor %s has a dtype other than %s and %s (a %s or %s file says so in its metadata)", ErrBadModel, p.Name, DtypeF32, DtypeF16, DtypeQ8, DtypeQ4)
		}
		if dtype == "" {
			dtype, first = th.Dtype, p.Name
		} else if th.Dtype != dtype {
			return "", fmt.Errorf("%w: tensor %s has dtype %s, tensor %s %s: all tensors of a model file must share one dtype", ErrBadModel, p.Name, th.Dtype, first, dtype)
		}
	}
	return dtype, nil
}

// safeDtype names a dtype read from a file without quoting arbitrary
// text: a known one as is, anything else as "another".
func safeDtype(d string) string {
	if _, ok := valueBytes[d]; ok {
		return d
	}
	return "another"
}

// strictJSON decodes s into dst, refusing unknown fields and trailing
// data; its errors do not quote s.
func strictJSON(s string, dst any) error {
	if s == "" {
		return fmt.Errorf("missing")
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return errors.New(safefile.DescribeJSON(err, []byte(s)))
	}
	if dec.More() {
		return fmt.Errorf("trailing data")
	}
	return nil
}

// Save writes the model file atomically: to a temporary file in the same
// directory, synced, then renamed over path.
func (m *Model) Save(path string) error {
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		return err
	}
	return WriteFileAtomic(path, buf.Bytes())
}

// Load reads a model file: a regular file of at most MaxFileBytes. A path
// that is not a regular file, or a larger file, gives an error wrapping
// ErrBadModel and safefile.ErrNotRegular or safefile.ErrTooLarge; one the
// system cannot open is returned as the os package gives it. Errors name
// the file and never quote it.
func Load(path string) (*Model, error) {
	data, err := safefile.Read(path, MaxFileBytes)
	if errors.Is(err, safefile.ErrNotRegular) || errors.Is(err, safefile.ErrTooLarge) {
		return nil, fmt.Errorf("%w: %w", ErrBadModel, err)
	}
	if err != nil {
		return nil, err
	}
	m, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// LoadFor reads a model file and checks that it plays game g.
func LoadFor(path string, g engine.Game) (*Model, error) {
	m, err := Load(path)
	if err != nil {
		return nil, err
	}
	if err := m.Check(g); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// WriteFileAtomic writes data to path so that a crash leaves either the old
// file or the new one, never a partial file.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	werr := f.Chmod(0o644)
	if werr == nil {
		_, werr = f.Write(data)
	}
	if werr == nil {
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		_ = os.Remove(tmp)
		return werr
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // make the rename durable; not all systems support it
		_ = d.Close()
	}
	return nil
}

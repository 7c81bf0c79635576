package models_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

func encode(t testing.TB, m *models.Model) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSaveLoadRoundTripsBitExactly(t *testing.T) {
	for i, tc := range testCases {
		t.Run(tc.Name, func(t *testing.T) {
			m := testModel(t, i)
			path := filepath.Join(t.TempDir(), "m.safetensors")
			if err := m.Save(path); err != nil {
				t.Fatal(err)
			}
			got, err := models.Load(path)
			if err != nil {
				t.Fatal(err)
			}
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
		{"wrong dtype", withHeader(strings.Replace(header, `"F32"`, `"F16"`, 1)), "dtype"},
		{"wrong shape", withHeader(strings.Replace(header, `"shape":[11,16]`, `"shape":[16,11]`, 1)), "shape"},
		{"bad arch", withHeader(strings.Replace(header, `\"width\":16`, `\"width\":0`, 1)), "width"},
		{"renamed tensor", withHeader(strings.Replace(header, `"policy.b"`, `"policy.x"`, 1)), "policy.b"},
		{"nan weight", nanBody, "non-finite"},
	}
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
		if err != nil || !again.Net.Equal(m.Net) {
			t.Fatalf("re-encoding a decoded model: %v", err)
		}
	})
}

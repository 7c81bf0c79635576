package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/x448/float16"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// savedModel writes a small fresh tictactoe model (F32) to dir/name and
// returns it with its path; edit, if not nil, changes it first.
func savedModel(t *testing.T, dir, name string, edit func(*models.Model)) (*models.Model, string) {
	t.Helper()
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 3)
	if err != nil {
		t.Fatal(err)
	}
	m.Provenance.Date = "2025-01-02T03:04:05Z"
	if edit != nil {
		edit(m)
	}
	path := filepath.Join(dir, name)
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	return m, path
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}

// TestExportF16: --dtype f16 converts a model file (or a run's best model)
// to half precision, about half the size, each weight rounded to the
// nearest half; exporting it again with the default dtype upcasts it
// exactly; the summary line gives both sizes and dtypes.
func TestExportF16(t *testing.T) {
	dir := t.TempDir()
	orig, src := savedModel(t, dir, "m.safetensors", nil)
	half := filepath.Join(dir, "m16.safetensors")
	out, err := run(t, "", "export", src, "--out", half, "--dtype", "f16")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	srcSize, halfSize := fileSize(t, src), fileSize(t, half)
	want := fmt.Sprintf("%s (%d bytes, F32) -> %s (%d bytes, F16): tictactoe", src, srcSize, half, halfSize)
	if !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 1 {
		t.Errorf("summary %q, want one line starting %q", out, want)
	}
	if data := int64(orig.Net.NumParams()); srcSize-halfSize != 2*data {
		t.Errorf("F32 file %d bytes, F16 %d: want %d weights x 2 bytes fewer", srcSize, halfSize, data)
	}
	m16, err := models.Load(half)
	if err != nil {
		t.Fatal(err)
	}
	if m16.Dtype != models.DtypeF16 || m16.Provenance != orig.Provenance || m16.Game != orig.Game {
		t.Fatalf("F16 file: dtype %q, %s, provenance %+v", m16.Dtype, m16.Game, m16.Provenance)
	}
	changed := 0
	for i, w := range orig.Net.Weights {
		for j, v := range w.Data {
			got := m16.Net.Weights[i].Data[j]
			if want := float16.Fromfloat32(v).Float32(); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("%s[%d] = %v in the F16 file, want %v rounded to %v", w.Name, j, got, v, want)
			}
			if got != v {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Error("no weight changed in F16: the file is not half precision")
	}

	// Back to F32 (the default): an exact upcast of the F16 weights.
	back := filepath.Join(dir, "back.safetensors")
	if out, err := run(t, "", "export", half, "--out", back); err != nil || !strings.Contains(out, "F16) -> "+back) {
		t.Fatalf("export F16 to F32: %v\n%s", err, out)
	}
	m32, err := models.Load(back)
	if err != nil {
		t.Fatal(err)
	}
	if m32.Dtype != models.DtypeF32 || !m32.Net.Equal(m16.Net) || fileSize(t, back) != srcSize {
		t.Errorf("F16 exported as F32: dtype %q, weights equal %v, %d bytes (want %d)", m32.Dtype, m32.Net.Equal(m16.Net), fileSize(t, back), srcSize)
	}

	// F16 again, from the F16 file and from the F32 one: the same bytes.
	// The dtype is case-insensitive.
	b16, _ := os.ReadFile(half)
	for _, from := range []string{half, back} {
		again := filepath.Join(t.TempDir(), "again.safetensors")
		if out, err := run(t, "", "export", from, "--out", again, "--dtype", "F16"); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if b, _ := os.ReadFile(again); !bytes.Equal(b, b16) {
			t.Errorf("%s exported as F16 again gives other bytes", from)
		}
	}
}

// TestExportRunF16: a run directory exports to F16 too, and with
// SOURCE_DATE_EPOCH set the date is that time, the bytes always the same.
func TestExportRunF16(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	runDir := t.TempDir()
	_, best := savedModel(t, runDir, training.BestFile, nil)
	var files [][]byte
	for range 2 {
		f := filepath.Join(t.TempDir(), "m.safetensors")
		out, err := run(t, "", "export", runDir, "--out", f, "--dtype", "f16")
		if err != nil || !strings.HasPrefix(out, best+" (") {
			t.Fatalf("%v\n%s", err, out)
		}
		m, err := models.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		if m.Dtype != models.DtypeF16 || m.Provenance.Date != "2023-11-14T22:13:20Z" {
			t.Fatalf("dtype %q, date %s", m.Dtype, m.Provenance.Date)
		}
		b, _ := os.ReadFile(f)
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two F16 exports of the same run differ")
	}
}

func TestExportErrors(t *testing.T) {
	dir := t.TempDir()
	_, src := savedModel(t, dir, "m.safetensors", nil)
	_, big := savedModel(t, dir, "big.safetensors", func(m *models.Model) { m.Net.Weights[1].Data[2] = 70000 })
	out := filepath.Join(dir, "out.safetensors")
	for _, c := range []struct {
		args []string
		want string
		is   error
	}{
		{[]string{"export", src, "--out", out, "--dtype", "bf16"}, `--dtype: unknown model file dtype: "bf16", want f32, f16, q8 or q4`, models.ErrBadDtype},
		{[]string{"export", src, "--out", out, "--dtype", ""}, `want f32, f16, q8 or q4`, models.ErrBadDtype},
		{[]string{"export", big, "--out", out, "--dtype", "f16"}, "has weight 70000 at 2, beyond ±65504", models.ErrF16Range},
		{[]string{"export", filepath.Join(dir, "missing.safetensors"), "--out", out}, "missing.safetensors", os.ErrNotExist},
	} {
		_, err := run(t, "", c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, c.is) {
			t.Errorf("moongym %s: %v, want an error saying %q and wrapping %v", strings.Join(c.args, " "), err, c.want, c.is)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("moongym %s wrote %s", strings.Join(c.args, " "), out)
		}
	}
	// The large weight is fine in F32.
	if o, err := run(t, "", "export", big, "--out", out); err != nil {
		t.Fatalf("%v\n%s", err, o)
	}
}

// TestExportAuto: --dtype auto keeps a small model F32 (the same bytes as
// --dtype f32) and writes one whose F32 file would exceed
// models.MaxBuiltinBytes as F16 (the same bytes as --dtype f16).
func TestExportAuto(t *testing.T) {
	dir := t.TempDir()
	_, small := savedModel(t, dir, "small.safetensors", nil)
	big := filepath.Join(dir, "big.safetensors")
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 1024, Depth: 1, ValueHidden: 8}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Save(big); err != nil {
		t.Fatal(err)
	}
	if fileSize(t, big) <= models.MaxBuiltinBytes || fileSize(t, small) > models.MaxBuiltinBytes {
		t.Fatalf("sizes %d and %d do not straddle %d", fileSize(t, small), fileSize(t, big), models.MaxBuiltinBytes)
	}
	for _, c := range []struct {
		src, want string
	}{{small, "f32"}, {big, "f16"}} {
		auto := filepath.Join(dir, "auto.safetensors")
		explicit := filepath.Join(dir, "explicit.safetensors")
		if out, err := run(t, "", "export", c.src, "--out", auto, "--dtype", "AUTO"); err != nil {
			t.Fatalf("%v\n%s", err, out)
		} else if !strings.Contains(out, ", "+strings.ToUpper(c.want)+"):") {
			t.Errorf("%s: summary %q does not name %s", c.src, out, c.want)
		}
		if out, err := run(t, "", "export", c.src, "--out", explicit, "--dtype", c.want); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		a, err := os.ReadFile(auto)
		if err != nil {
			t.Fatal(err)
		}
		e, err := os.ReadFile(explicit)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, e) {
			t.Errorf("%s: --dtype auto differs from --dtype %s", c.src, c.want)
		}
	}
}

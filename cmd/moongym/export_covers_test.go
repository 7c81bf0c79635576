package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// TestExportQ8Covers: --dtype q8 writes a Q8 file of about a quarter of
// the F32 size, --dtype q4 one of about half of that; --covers records further configurations of the same shapes
// (filled in with the game's defaults), which agents then load the file
// for; --covers "" clears them; a configuration of other shapes, the
// model's own, a repeated one or an unknown parameter is refused.
func TestExportQ8Covers(t *testing.T) {
	dir := t.TempDir()
	g, err := engine.Load("walking-moon", engine.Params{"players": "2", "rules": "advanced"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 32, Depth: 1, ValueHidden: 8}, 3)
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "wm.safetensors")
	if err := m.Save(src); err != nil {
		t.Fatal(err)
	}
	q8 := filepath.Join(dir, "wm-q8.safetensors")
	out, err := run(t, "", "export", src, "--out", q8, "--dtype", "q8", "--covers", "rules=basic", "--covers", "rules=basic,edition=es")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "Q8") || !strings.Contains(out, "also plays data=,difficult=5,edition=es,players=2,rounds=30,rules=basic") {
		t.Errorf("summary %q", out)
	}
	if s, s32 := fileSize(t, q8), fileSize(t, src); s*3 > s32 {
		t.Errorf("Q8 file %d bytes, F32 %d: want about a quarter", s, s32)
	}
	got, err := models.Load(q8)
	if err != nil {
		t.Fatal(err)
	}
	if got.Dtype != models.DtypeQ8 || len(got.Covers) != 2 || got.Covers[0]["rules"] != "basic" || got.Covers[0]["difficult"] != "5" {
		t.Fatalf("Q8 file: dtype %s, covers %v", got.Dtype, got.Covers)
	}
	// --dtype q4 keeps the covers in a file of about half Q8's size.
	q4 := filepath.Join(dir, "wm-q4.safetensors")
	if out, err := run(t, "", "export", q8, "--out", q4, "--dtype", "q4"); err != nil || !strings.Contains(out, "Q4") {
		t.Fatalf("%v\n%s", err, out)
	}
	if s, s8 := fileSize(t, q4), fileSize(t, q8); s*10 > s8*6 {
		t.Errorf("Q4 file %d bytes, Q8 %d: want about half", s, s8)
	}
	if got4, err := models.Load(q4); err != nil || got4.Dtype != models.DtypeQ4 || len(got4.Covers) != 2 {
		t.Fatalf("Q4 file: %v, %v", got4, err)
	}
	basic, err := engine.Load("walking-moon", engine.Params{"players": "2", "rules": "basic"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := models.LoadFor(q8, basic); err != nil {
		t.Errorf("the file covering rules=basic does not load for it: %v", err)
	}
	if _, err := models.LoadFor(src, basic); !errors.Is(err, models.ErrWrongGame) {
		t.Errorf("the file without covers loads for rules=basic: %v", err)
	}
	// Without --covers the list is kept; --covers "" clears it.
	kept := filepath.Join(dir, "kept.safetensors")
	if out, err := run(t, "", "export", q8, "--out", kept); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if k, err := models.Load(kept); err != nil || len(k.Covers) != 2 || k.Dtype != models.DtypeF32 {
		t.Errorf("re-exported without --covers: %v, %v", k, err)
	}
	if out, err := run(t, "", "export", q8, "--out", kept, "--covers", ""); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if k, err := models.Load(kept); err != nil || len(k.Covers) != 0 {
		t.Errorf("--covers \"\": %v, %v", k, err)
	}
	for _, c := range []struct {
		covers []string
		want   string
		is     error
	}{
		{[]string{"players=3"}, "the network has", models.ErrWrongGame},
		{[]string{"rules=advanced"}, "already one of the model's configurations", nil},
		{[]string{"rules=basic", "rules=basic"}, "already one of the model's configurations", nil},
		{[]string{"colour=red"}, "colour", nil},
		{[]string{"players"}, "--covers", nil},
		{[]string{"", "rules=basic"}, "give it alone", nil},
	} {
		args := []string{"export", src, "--out", filepath.Join(dir, "bad.safetensors")}
		for _, v := range c.covers {
			args = append(args, "--covers", v)
		}
		_, err := run(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("--covers %v: %v, want an error saying %q", c.covers, err, c.want)
		}
	}
}

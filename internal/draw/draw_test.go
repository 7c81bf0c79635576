package draw

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/color"
	"io"
	"slices"
	"testing"
)

func TestCanvasIsWellFormedAndEscapes(t *testing.T) {
	c := New(100, 50, `a <title> & "quotes"`, "#ffffff")
	c.Action(3, "play <3>")
	c.Rect(1, 2, 3, 4, "#ff0000", "#000000", 1)
	c.End()
	c.Text(5, 6, 10, "#000000", Middle, "x < y & z")
	c.Mono(0, 20, 10, "#000000", []string{"  two  spaces"})
	svg := c.Bytes()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var texts []string
	var inText bool
	actions := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			inText = tk.Name.Local == "text"
			for _, a := range tk.Attr {
				if a.Name.Local == "data-action" && a.Value == "3" {
					actions++
				}
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(tk))
			}
		case xml.EndElement:
			inText = false
		}
	}
	if want := []string{"x < y & z", "  two  spaces"}; !slices.Equal(texts, want) {
		t.Errorf("texts %q, want %q", texts, want)
	}
	if actions != 1 {
		t.Errorf("%d groups with data-action=3, want 1", actions)
	}
}

func TestRasterize(t *testing.T) {
	c := New(100, 50, "test", "#000080")
	c.Rect(10, 10, 20, 20, "#ff0000", "", 0)
	c.Circle(70, 25, 10, "#00ff00", "#ffffff", 2)
	c.Line(0, 45, 100, 45, "#ffff00", 4)
	c.Polygon([]float64{40, 40, 50, 40, 45, 30}, "#00ffff", "", 0)
	c.Text(5, 48, 8, "#ffffff", Start, "hi")
	r, err := NewRasterizer()
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Rasterize(c.Bytes(), 200)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 100 {
		t.Fatalf("size %v, want 200x100 (the viewBox scaled by 2)", b)
	}
	for _, c := range []struct {
		x, y int
		want color.RGBA
		what string
	}{
		{2, 2, color.RGBA{0, 0, 0x80, 255}, "background"},
		{40, 40, color.RGBA{255, 0, 0, 255}, "inside the rectangle"},
		{140, 50, color.RGBA{0, 255, 0, 255}, "the circle's centre"},
		{140, 30, color.RGBA{255, 255, 255, 255}, "the circle's stroke"},
		{100, 90, color.RGBA{255, 255, 0, 255}, "the line"},
		{90, 75, color.RGBA{0, 255, 255, 255}, "inside the triangle"},
	} {
		if got := img.RGBAAt(c.x, c.y); got != c.want {
			t.Errorf("%s (%d, %d): %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
}

func TestRasterizeRefuses(t *testing.T) {
	r, err := NewRasterizer()
	if err != nil {
		t.Fatal(err)
	}
	for name, svg := range map[string]string{
		"empty":       "",
		"not xml":     "<svg",
		"not svg":     `<html viewBox="0 0 1 1"></html>`,
		"no viewBox":  `<svg xmlns="http://www.w3.org/2000/svg"></svg>`,
		"empty box":   `<svg viewBox="0 0 0 10"></svg>`,
		"bad nesting": `<svg viewBox="0 0 10 10"><g></svg>`,
	} {
		if _, err := r.Rasterize([]byte(svg), 100); !errors.Is(err, ErrBadSVG) {
			t.Errorf("%s: error %v, want ErrBadSVG", name, err)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		text string
		n    int
		want []string
	}{
		{"", 10, nil},
		{"one two three", 7, []string{"one two", "three"}},
		{"a  b", 10, []string{"a b"}},
		{"longerthanten word", 10, []string{"longerthanten", "word"}},
	} {
		if got := Wrap(c.text, c.n); !slices.Equal(got, c.want) {
			t.Errorf("Wrap(%q, %d) = %q, want %q", c.text, c.n, got, c.want)
		}
	}
}

// FuzzRasterize: no input makes the rasterizer panic.
func FuzzRasterize(f *testing.F) {
	c := New(10, 10, "seed", "#ffffff")
	c.Circle(5, 5, 3, "#000000", "#ff0000", 1)
	c.Text(1, 9, 4, "#000000", End, "x")
	f.Add(c.Bytes())
	f.Add([]byte(`<svg viewBox="0 0 1e9 1"><rect width="-5" height="1e300"/></svg>`))
	r, err := NewRasterizer()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, svg []byte) {
		_, _ = r.Rasterize(svg, 32)
	})
}

func TestRasterizeRefusesHugePictures(t *testing.T) {
	r, err := NewRasterizer()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Rasterize([]byte(`<svg viewBox="0 0 1 1000000"></svg>`), 100); !errors.Is(err, ErrBadSVG) {
		t.Errorf("a picture 100 x 1e8 pixels: error %v, want ErrBadSVG", err)
	}
}

func TestPiecesAreWellFormedAndClickable(t *testing.T) {
	c := New(300, 200, "pieces", "#000000")
	c.RoundRect(5, 5, 40, 20, 6, "#ffffff", "#000000", 1)
	for v := 1; v <= 7; v++ {
		c.Die(float64(v)*32, 40, 28, "#2563eb", "#ffffff", "#000000", v, v == 2)
	}
	c.Arrow(10, 100, 60, 100, "#ffffff", 2)
	c.Tip("a die")
	c.Skull(100, 100, 8, "#dc2626", "#000000")
	c.End()
	choices := []Choice{{7, "jump 1: add a blue die", "j1-blue"}, {9, "stop", "stop"}}
	y := c.Buttons(10, 120, 290, 12, choices)
	if h := ButtonsHeight(10, 290, 12, choices); y != 120+h {
		t.Errorf("Buttons ends at %v, ButtonsHeight says %v", y, 120+h)
	}
	if y <= 120 {
		t.Errorf("Buttons returned y %v, want below 120", y)
	}
	c.Panel(10, 150, 200, 40, "#d62828", "p1", true)
	svg := c.Bytes()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var actions []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
		if st, ok := tok.(xml.StartElement); ok {
			for _, a := range st.Attr {
				if a.Name.Local == "data-action" {
					actions = append(actions, a.Value)
				}
			}
		}
	}
	if want := []string{"7", "9"}; !slices.Equal(actions, want) {
		t.Errorf("data-action %q, want %q", actions, want)
	}
	r, err := NewRasterizer()
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Rasterize(svg, 300)
	if err != nil {
		t.Fatal(err)
	}
	// A pip of the blue die of value 1 (centre) is white, its corner blue.
	if got := img.RGBAAt(32+14, 40+14); got != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("pip pixel %v, want white", got)
	}
	if got := img.RGBAAt(32+5, 40+14); got != (color.RGBA{0x25, 0x63, 0xeb, 255}) {
		t.Errorf("die pixel %v, want blue", got)
	}
}

package draw

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	stddraw "image/draw"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// maxSide bounds the pixels on a side of a rasterized picture.
const maxSide = 8192

// ErrBadSVG is returned by Rasterize for a document it cannot read.
var ErrBadSVG = errors.New("draw: bad SVG")

// Rasterizer draws the SVG subset that Canvas writes onto images. It keeps
// its fonts between pictures; it is not safe for concurrent use.
type Rasterizer struct {
	faces map[faceKey]font.Face
	fonts [2]*opentype.Font
	z     *vector.Rasterizer
}

type faceKey struct {
	mono bool
	size int // in 1/4 pixels
}

// NewRasterizer loads the fonts (Go's own, built into x/image).
func NewRasterizer() (*Rasterizer, error) {
	r := &Rasterizer{faces: map[faceKey]font.Face{}}
	for i, ttf := range [][]byte{goregular.TTF, gomono.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("draw: font: %w", err)
		}
		r.fonts[i] = f
	}
	return r, nil
}

func (r *Rasterizer) face(mono bool, px float64) (font.Face, error) {
	k := faceKey{mono, int(math.Round(px * 4))}
	if f, ok := r.faces[k]; ok {
		return f, nil
	}
	f := r.fonts[0]
	if mono {
		f = r.fonts[1]
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(k.size) / 4, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("draw: font face: %w", err)
	}
	r.faces[k] = face
	return face, nil
}

// Rasterize draws svg (a document Canvas wrote) width pixels wide, the
// height following the viewBox. Elements other than svg, g, title, rect,
// circle, line, polygon and text are skipped.
func (r *Rasterizer) Rasterize(svg []byte, width int) (*image.RGBA, error) {
	d := xml.NewDecoder(bytes.NewReader(svg))
	var img *image.RGBA
	scale := 1.0
	inTitle, inText := 0, false
	var text struct {
		x, y, size float64
		fill       color.RGBA
		anchor     string
		mono       bool
		s          strings.Builder
	}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadSVG, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			a := attrs(t.Attr)
			if img == nil {
				if t.Name.Local != "svg" {
					return nil, fmt.Errorf("%w: root is <%s>, not <svg>", ErrBadSVG, t.Name.Local)
				}
				vb := strings.Fields(a["viewBox"])
				if len(vb) != 4 {
					return nil, fmt.Errorf("%w: no viewBox", ErrBadSVG)
				}
				w, h := num(vb[2]), num(vb[3])
				if w <= 0 || h <= 0 || width <= 0 {
					return nil, fmt.Errorf("%w: empty viewBox", ErrBadSVG)
				}
				scale = float64(width) / w
				if width > maxSide || h*scale > maxSide || math.IsNaN(h*scale) {
					return nil, fmt.Errorf("%w: picture over %d pixels on a side", ErrBadSVG, maxSide)
				}
				img = image.NewRGBA(image.Rect(0, 0, width, int(math.Ceil(h*scale))))
				stddraw.Draw(img, img.Bounds(), image.White, image.Point{}, stddraw.Src)
				r.z = vector.NewRasterizer(1, 1)
				continue
			}
			switch t.Name.Local {
			case "title":
				inTitle++
			case "rect":
				x, y, w, h := num(a["x"])*scale, num(a["y"])*scale, num(a["width"])*scale, num(a["height"])*scale
				r.shape(img, []float64{x, y, x + w, y, x + w, y + h, x, y + h}, a, scale)
			case "polygon":
				pts := []float64{}
				for _, f := range strings.FieldsFunc(a["points"], func(c rune) bool { return c == ' ' || c == ',' }) {
					pts = append(pts, num(f)*scale)
				}
				r.shape(img, pts, a, scale)
			case "circle":
				cx, cy, rad := num(a["cx"])*scale, num(a["cy"])*scale, num(a["r"])*scale
				if c, ok := colour(a["fill"]); ok {
					r.fill(img, circle(cx, cy, rad), c)
				}
				if c, ok := colour(a["stroke"]); ok {
					sw := num(a["stroke-width"]) * scale / 2
					inner := circle(cx, cy, max(rad-sw, 0))
					for i, j := 0, len(inner)-2; i < j; i, j = i+2, j-2 { // reverse: a hole
						inner[i], inner[j], inner[i+1], inner[j+1] = inner[j], inner[i], inner[j+1], inner[i+1]
					}
					r.paths(img, c, circle(cx, cy, rad+sw), inner)
				}
			case "line":
				if c, ok := colour(a["stroke"]); ok {
					r.fill(img, thick(num(a["x1"])*scale, num(a["y1"])*scale, num(a["x2"])*scale, num(a["y2"])*scale, num(a["stroke-width"])*scale), c)
				}
			case "text":
				inText = true
				text.x, text.y, text.size = num(a["x"])*scale, num(a["y"])*scale, num(a["font-size"])*scale
				text.fill, _ = colour(a["fill"])
				text.anchor, text.mono = a["text-anchor"], a["font-family"] == "monospace"
				text.s.Reset()
			}
		case xml.CharData:
			if inText && inTitle == 0 {
				text.s.Write(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "title":
				inTitle--
			case "text":
				inText = false
				if err := r.text(img, text.x, text.y, text.size, text.fill, text.anchor, text.mono, text.s.String()); err != nil {
					return nil, err
				}
			}
		}
	}
	if img == nil {
		return nil, fmt.Errorf("%w: empty document", ErrBadSVG)
	}
	return img, nil
}

func (r *Rasterizer) text(img *image.RGBA, x, y, size float64, c color.RGBA, anchor string, mono bool, s string) error {
	if size <= 0 || size > 1000 || strings.TrimSpace(s) == "" {
		return nil
	}
	face, err := r.face(mono, size)
	if err != nil {
		return err
	}
	dr := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face}
	w := float64(dr.MeasureString(s)) / 64
	switch anchor {
	case "middle":
		x -= w / 2
	case "end":
		x -= w
	}
	dr.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	dr.DrawString(s)
	return nil
}

// shape fills and strokes a closed polygon.
func (r *Rasterizer) shape(img *image.RGBA, pts []float64, a map[string]string, scale float64) {
	if len(pts) < 6 {
		return
	}
	if c, ok := colour(a["fill"]); ok {
		r.fill(img, pts, c)
	}
	if c, ok := colour(a["stroke"]); ok {
		sw := num(a["stroke-width"]) * scale
		n := len(pts)
		for i := 0; i < n; i += 2 {
			r.fill(img, thick(pts[i], pts[i+1], pts[(i+2)%n], pts[(i+3)%n], sw), c)
		}
	}
}

func (r *Rasterizer) fill(img *image.RGBA, pts []float64, c color.RGBA) {
	if len(pts) < 6 {
		return
	}
	r.paths(img, c, pts)
}

// paths fills the closed paths together (a reversed inner path is a hole),
// rasterizing only their bounding box.
func (r *Rasterizer) paths(img *image.RGBA, c color.RGBA, ps ...[]float64) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range ps {
		for i := 0; i+1 < len(p); i += 2 {
			minX, maxX = math.Min(minX, p[i]), math.Max(maxX, p[i])
			minY, maxY = math.Min(minY, p[i+1]), math.Max(maxY, p[i+1])
		}
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(img.Bounds())
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	for _, p := range ps {
		if len(p) < 6 {
			continue
		}
		ox, oy := float32(box.Min.X), float32(box.Min.Y)
		r.z.MoveTo(float32(p[0])-ox, float32(p[1])-oy)
		for i := 2; i+1 < len(p); i += 2 {
			r.z.LineTo(float32(p[i])-ox, float32(p[i+1])-oy)
		}
		r.z.ClosePath()
	}
	r.z.Draw(img, box, image.NewUniform(c), image.Point{})
}

// circle is a 48-gon.
func circle(cx, cy, r float64) []float64 {
	const n = 48
	pts := make([]float64, 0, 2*n)
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / n
		pts = append(pts, cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	return pts
}

// thick is the rectangle covering a segment drawn w wide.
func thick(x1, y1, x2, y2, w float64) []float64 {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l == 0 || w <= 0 {
		return nil
	}
	w = max(w, 1)
	nx, ny := -dy/l*w/2, dx/l*w/2
	return []float64{x1 + nx, y1 + ny, x2 + nx, y2 + ny, x2 - nx, y2 - ny, x1 - nx, y1 - ny}
}

func attrs(as []xml.Attr) map[string]string {
	m := make(map[string]string, len(as))
	for _, a := range as {
		m[a.Name.Local] = a.Value
	}
	return m
}

func num(s string) float64 {
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "px"), 64)
	if err != nil {
		return 0
	}
	return v
}

// colour reads #rgb, #rrggbb, white and black; ok is false for none, an
// empty or unknown colour.
func colour(s string) (color.RGBA, bool) {
	switch s {
	case "white":
		return color.RGBA{255, 255, 255, 255}, true
	case "black":
		return color.RGBA{0, 0, 0, 255}, true
	}
	if !strings.HasPrefix(s, "#") {
		return color.RGBA{}, false
	}
	h := s[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) != 6 {
		return color.RGBA{}, false
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, true
}

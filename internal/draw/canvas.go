// Package draw writes the small SVG subset the games draw their states with
// (rectangles, circles, lines, polygons, text, groups that name an action)
// and rasterizes that subset back to an image, for animated GIFs. It imports
// nothing of moongym, so every game package can use it.
package draw

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
)

// Canvas builds one SVG document. Coordinates are in the viewBox's units:
// the picture is W by H, and a browser scales it to its box.
type Canvas struct {
	b    bytes.Buffer
	W, H float64
}

// New starts a picture of size w x h with a title (read by screen readers
// and shown as a tooltip) and a background colour.
func New(w, h float64, title, background string) *Canvas {
	c := &Canvas{W: w, H: h}
	c.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="`)
	c.num(w)
	c.b.WriteString(`" height="`)
	c.num(h)
	c.b.WriteString(`" viewBox="0 0 `)
	c.num(w)
	c.b.WriteByte(' ')
	c.num(h)
	c.b.WriteString(`" font-family="sans-serif">` + "\n<title>")
	c.esc(title)
	c.b.WriteString("</title>\n")
	c.Rect(0, 0, w, h, background, "", 0)
	return c
}

func (c *Canvas) num(v float64) { c.b.WriteString(strconv.FormatFloat(math.Ceil(v), 'f', -1, 64)) }

func (c *Canvas) esc(s string) { _ = xml.EscapeText(&c.b, []byte(s)) }

func (c *Canvas) attr(name string, v float64) {
	c.b.WriteByte(' ')
	c.b.WriteString(name)
	c.b.WriteString(`="`)
	c.b.WriteString(strconv.FormatFloat(v, 'f', 1, 64))
	c.b.WriteByte('"')
}

func (c *Canvas) paint(fill, stroke string, width float64) {
	if fill == "" {
		fill = "none"
	}
	c.b.WriteString(` fill="` + fill + `"`)
	if stroke != "" && width > 0 {
		c.b.WriteString(` stroke="` + stroke + `"`)
		c.attr("stroke-width", width)
	}
}

// Rect draws a rectangle; an empty fill or stroke draws none.
func (c *Canvas) Rect(x, y, w, h float64, fill, stroke string, width float64) {
	c.b.WriteString("<rect")
	c.attr("x", x)
	c.attr("y", y)
	c.attr("width", w)
	c.attr("height", h)
	c.paint(fill, stroke, width)
	c.b.WriteString("/>\n")
}

// Circle draws a circle.
func (c *Canvas) Circle(cx, cy, r float64, fill, stroke string, width float64) {
	c.b.WriteString("<circle")
	c.attr("cx", cx)
	c.attr("cy", cy)
	c.attr("r", r)
	c.paint(fill, stroke, width)
	c.b.WriteString("/>\n")
}

// Line draws a segment.
func (c *Canvas) Line(x1, y1, x2, y2 float64, stroke string, width float64) {
	c.b.WriteString("<line")
	c.attr("x1", x1)
	c.attr("y1", y1)
	c.attr("x2", x2)
	c.attr("y2", y2)
	c.paint("", stroke, width)
	c.b.WriteString("/>\n")
}

// Polygon draws a closed polygon through the points x0, y0, x1, y1, ...
func (c *Canvas) Polygon(pts []float64, fill, stroke string, width float64) {
	c.b.WriteString(`<polygon points="`)
	for i, v := range pts {
		if i > 0 {
			c.b.WriteByte(' ')
		}
		c.b.WriteString(strconv.FormatFloat(v, 'f', 1, 64))
	}
	c.b.WriteByte('"')
	c.paint(fill, stroke, width)
	c.b.WriteString("/>\n")
}

// Anchor is where a text's x falls: at its start, middle or end.
type Anchor string

// Anchors of Text.
const (
	Start  Anchor = "start"
	Middle Anchor = "middle"
	End    Anchor = "end"
)

// Text writes s with its baseline at y.
func (c *Canvas) Text(x, y, size float64, fill string, anchor Anchor, s string) {
	c.b.WriteString("<text")
	c.attr("x", x)
	c.attr("y", y)
	c.attr("font-size", size)
	c.b.WriteString(` fill="` + fill + `" text-anchor="` + string(anchor) + `">`)
	c.esc(s)
	c.b.WriteString("</text>\n")
}

// Mono writes lines of fixed-width text from (x, y) down, each line size
// units high: for tables and sheets that the game also draws as text.
func (c *Canvas) Mono(x, y, size float64, fill string, lines []string) {
	for i, l := range lines {
		c.b.WriteString(`<text font-family="monospace" xml:space="preserve"`)
		c.attr("x", x)
		c.attr("y", y+float64(i)*size*1.2)
		c.attr("font-size", size)
		c.b.WriteString(` fill="` + fill + `">`)
		c.esc(l)
		c.b.WriteString("</text>\n")
	}
}

// Action opens a group whose shapes play action a when clicked; End closes
// it.
func (c *Canvas) Action(a int, title string) {
	c.b.WriteString(`<g class="action" data-action="` + strconv.Itoa(a) + `"><title>`)
	c.esc(title)
	c.b.WriteString("</title>\n")
}

// End closes a group opened by Action.
func (c *Canvas) End() { c.b.WriteString("</g>\n") }

// LegendItem is one entry of a legend: a swatch and what it means.
type LegendItem struct {
	Fill, Stroke string
	Round        bool // a circle swatch, else a square
	Label        string
}

// Legend writes items left to right from (x, y), wrapping before maxX, and
// returns the y below the last row.
func (c *Canvas) Legend(x, y, maxX, size float64, fill string, items []LegendItem) float64 {
	x0 := x
	for _, it := range items {
		w := size*1.6 + TextWidth(it.Label, size) + size
		if x > x0 && x+w > maxX {
			x, y = x0, y+size*1.8
		}
		if it.Round {
			c.Circle(x+size/2, y-size/3, size/2, it.Fill, it.Stroke, 1.5)
		} else {
			c.Rect(x, y-size*0.85, size, size, it.Fill, it.Stroke, 1.5)
		}
		c.Text(x+size*1.4, y, size, fill, Start, it.Label)
		x += w
	}
	return y + size*1.8
}

// Para writes words wrapped to lines no wider than maxX-x, from y down, and
// returns the y below the last line.
func (c *Canvas) Para(x, y, maxX, size float64, fill, text string) float64 {
	for _, line := range Wrap(text, int((maxX-x)/(size*0.55))) {
		c.Text(x, y, size, fill, Start, line)
		y += size * 1.3
	}
	return y
}

// TextWidth estimates the width of s in a sans-serif font of size.
func TextWidth(s string, size float64) float64 {
	return float64(len([]rune(s))) * size * 0.55
}

// Wrap splits text into lines of at most n characters, at spaces.
func Wrap(text string, n int) []string {
	var lines []string
	line := ""
	for _, w := range bytes.Fields([]byte(text)) {
		switch {
		case line == "":
			line = string(w)
		case len(line)+1+len(w) > n:
			lines = append(lines, line)
			line = string(w)
		default:
			line += " " + string(w)
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// Bytes ends the document and returns it; the canvas is not used after.
func (c *Canvas) Bytes() []byte {
	c.b.WriteString("</svg>\n")
	return c.b.Bytes()
}

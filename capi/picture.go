package main

import (
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

// errNoPicture: the game draws no pictures (engine.Picturer).
var errNoPicture = errors.New("the game draws no pictures")

// maxWidth bounds a rendered picture's width (draw's own limit).
const maxWidth = 8192

// rasterizers keeps draw's rasterizers (each holds its fonts; not safe for
// concurrent use) for every environment of the library.
var rasterizers = sync.Pool{New: func() any {
	r, err := draw.NewRasterizer()
	if err != nil {
		return err
	}
	return r
}}

// rgb is a picture as RGB bytes, row by row.
type rgb struct {
	Width, Height int
	Pix           []byte
}

// renderRGB draws the current state as the game's picture — everything
// (player < 0) or as seat player may see it — rasterized width pixels
// wide.
func (s *slot) renderRGB(player int, width int64) (rgb, error) {
	st, err := s.started()
	if err != nil {
		return rgb{}, err
	}
	if width < 1 || width > maxWidth {
		return rgb{}, fmt.Errorf("%w: picture width %d (want 1..%d)", errBadArgument, width, maxWidth)
	}
	if player >= s.game.NumPlayers() {
		return rgb{}, fmt.Errorf("%w: seat %d of %d", errBadArgument, player, s.game.NumPlayers())
	}
	var svg []byte
	var ok bool
	if player < 0 {
		svg, ok = engine.SVG(st)
	} else {
		svg, ok = engine.SVGFor(st, engine.Player(player))
	}
	if !ok {
		return rgb{}, fmt.Errorf("%w: %s: %w", errBadArgument, s.cfg.game, errNoPicture)
	}
	got := rasterizers.Get()
	r, isR := got.(*draw.Rasterizer)
	if !isR {
		return rgb{}, fmt.Errorf("rasterizer: %v", got)
	}
	defer rasterizers.Put(r)
	img, err := r.Rasterize(svg, int(width))
	if err != nil {
		return rgb{}, err
	}
	return toRGB(img), nil
}

// toRGB drops the alpha channel of img (opaque: the pictures have a
// background).
func toRGB(img *image.RGBA) rgb {
	b := img.Bounds()
	out := rgb{Width: b.Dx(), Height: b.Dy(), Pix: make([]byte, 0, b.Dx()*b.Dy()*3)}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
		for x := 0; x < len(row); x += 4 {
			out.Pix = append(out.Pix, row[x], row[x+1], row[x+2])
		}
	}
	return out
}

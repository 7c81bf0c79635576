package main

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/draw"
)

// errNoPictures: the game of a record draws no pictures.
var errNoPictures = errors.New("the game draws no pictures")

// pictureFlags are replay's --svg and --gif options.
type pictureFlags struct {
	svg, gif     string
	delay, every int
	width        int
}

func (f *pictureFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.svg, "svg", "", "write one SVG picture per position (0000.svg is the start) to this folder")
	cmd.Flags().StringVar(&f.gif, "gif", "", "write the game as an animated GIF to this file")
	cmd.Flags().IntVar(&f.delay, "delay", 500, "with --gif: milliseconds per frame (the last is shown 4 times longer)")
	cmd.Flags().IntVar(&f.every, "every", 1, "with --gif: a frame every this many actions (and the last position)")
	cmd.Flags().IntVar(&f.width, "width", 640, "with --gif: width of the frames in pixels")
}

// write writes the pictures of states: SVG files and/or a GIF.
func (f *pictureFlags) write(out io.Writer, states []engine.State, names []string) error {
	if _, ok := engine.SVG(states[0]); !ok {
		return fmt.Errorf("%s: %w", states[0].Game().Spec().Name, errNoPictures)
	}
	if f.every < 1 || f.delay < 1 || f.width < 100 || f.width > 4000 {
		return fmt.Errorf("--every and --delay must be at least 1 and --width in [100, 4000]")
	}
	if f.svg != "" {
		if err := os.MkdirAll(f.svg, 0o755); err != nil {
			return err
		}
		for k, s := range states {
			svg, _ := engine.SVG(s)
			if err := os.WriteFile(filepath.Join(f.svg, fmt.Sprintf("%04d.svg", k)), svg, 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintf(out, "wrote %d pictures to %s\n", len(states), f.svg)
	}
	if f.gif == "" {
		return nil
	}
	var picks []int
	for k := 0; k < len(states); k += f.every {
		picks = append(picks, k)
	}
	if picks[len(picks)-1] != len(states)-1 {
		picks = append(picks, len(states)-1)
	}
	anim, err := gifOf(states, picks, f.width, f.delay)
	if err != nil {
		return err
	}
	w, err := createFile(f.gif)
	if err != nil {
		return err
	}
	if err := gif.EncodeAll(w, anim); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %d frames to %s\n", len(picks), f.gif)
	return nil
}

// gifOf rasterizes the picked states, width pixels wide, to one animation
// whose frames all have the height of the tallest.
func gifOf(states []engine.State, picks []int, width, delayMS int) (*gif.GIF, error) {
	r, err := draw.NewRasterizer()
	if err != nil {
		return nil, err
	}
	imgs := make([]*image.RGBA, len(picks))
	height := 0
	for i, k := range picks {
		svg, _ := engine.SVG(states[k])
		if imgs[i], err = r.Rasterize(svg, width); err != nil {
			return nil, fmt.Errorf("position %d: %w", k, err)
		}
		height = max(height, imgs[i].Bounds().Dy())
	}
	pal := paletteOf(imgs)
	index := map[color.RGBA]uint8{}
	anim := &gif.GIF{}
	for i, img := range imgs {
		frame := image.NewPaletted(image.Rect(0, 0, width, height), pal)
		white := uint8(pal.Index(color.RGBA{255, 255, 255, 255}))
		for j := range frame.Pix {
			frame.Pix[j] = white
		}
		b := img.Bounds()
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				c := img.RGBAAt(x, y)
				k, ok := index[c]
				if !ok {
					k = uint8(pal.Index(c))
					index[c] = k
				}
				frame.Pix[y*frame.Stride+x] = k
			}
		}
		d := delayMS / 10
		if i == len(imgs)-1 {
			d *= 4
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, max(d, 1))
	}
	return anim, nil
}

// paletteOf is the 256 colours most used by the frames (the pictures' own
// flat colours; the anti-aliased edges take the nearest), padded from
// Plan 9's palette when the frames use fewer.
func paletteOf(imgs []*image.RGBA) color.Palette {
	count := map[color.RGBA]int{}
	for _, img := range imgs {
		for i := 0; i+3 < len(img.Pix); i += 4 {
			count[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}]++
		}
	}
	cols := make([]color.RGBA, 0, len(count))
	for c := range count {
		cols = append(cols, c)
	}
	slices.SortFunc(cols, func(a, b color.RGBA) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return cmp.Compare(uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B), uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B))
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range cols[:min(len(cols), 256)] {
		pal = append(pal, c)
	}
	for _, c := range palette.Plan9 {
		if len(pal) == 256 {
			break
		}
		pal = append(pal, c)
	}
	return pal
}

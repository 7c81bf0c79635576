package main

import (
	"bytes"
	"image/gif"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine/enginetest"
)

// TestReplayPictures replays a record of every game to SVG files and a GIF:
// one well-formed picture per position, a GIF with the frames asked for.
func TestReplayPictures(t *testing.T) {
	games := []struct{ name, seats string }{
		{"tictactoe", "random,random"},
		{"planet-cubes", "random,random"},
		{"lunar-rally", "random,random"},
		{"walking-moon", "random,random,random,random"},
		{"welcome-moon", "random,random"},
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			dir := t.TempDir()
			rec := filepath.Join(dir, "game.json")
			if _, err := run(t, "", "play", g.name, "--seats", g.seats, "--seed", "2", "--record", rec); err != nil {
				t.Fatal(err)
			}
			out, err := run(t, "", "replay", rec, "--svg", filepath.Join(dir, "svg"), "--gif", filepath.Join(dir, "game.gif"), "--every", "25", "--width", "320")
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			files, err := os.ReadDir(filepath.Join(dir, "svg"))
			if err != nil || len(files) < 2 {
				t.Fatalf("svg folder: %d files, %v", len(files), err)
			}
			if !strings.Contains(out, "wrote "+itoa(len(files))+" pictures") {
				t.Errorf("output %q does not report %d pictures", out, len(files))
			}
			for _, f := range []string{files[0].Name(), files[len(files)-1].Name()} {
				svg, err := os.ReadFile(filepath.Join(dir, "svg", f))
				if err != nil {
					t.Fatal(err)
				}
				if err := enginetest.CheckSVG(svg); err != nil {
					t.Errorf("%s: %v", f, err)
				}
			}
			data, err := os.ReadFile(filepath.Join(dir, "game.gif"))
			if err != nil {
				t.Fatal(err)
			}
			anim, err := gif.DecodeAll(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			want := (len(files)-1)/25 + 1
			if (len(files)-1)%25 != 0 {
				want++
			}
			if len(anim.Image) != want || anim.Config.Width != 320 {
				t.Errorf("GIF: %d frames %d wide, want %d frames 320 wide", len(anim.Image), anim.Config.Width, want)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

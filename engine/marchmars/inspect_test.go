package marchmars

import (
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestRegionHits: a yellow needs 1 hit, a blue 2, a red 3, counted over
// every level of the columns asked, columns off the board none.
func TestRegionHits(t *testing.T) {
	s := blank(t, engine.Params{"players": "4"})
	g := s.g
	s.aliens = [maxCols][maxHeight][numAlienColours]int8{}
	s.aliens[0][0][yellow] = 2                    // 2
	s.aliens[1][g.height-1][blueAlien] = 1        // 2
	s.aliens[1][0][red] = 1                       // 3
	s.aliens[g.cols-1][0][yellow] = 1             // 1
	s.aliens[g.cols-1][g.height-1][blueAlien] = 2 // 4
	for _, c := range []struct{ x0, x1, want int }{
		{0, 0, 2},
		{1, 1, 5},
		{0, 1, 7},
		{-5, 1, 7},
		{2, g.cols - 2, 0},
		{g.cols - 1, g.cols + 3, 5},
		{0, g.cols - 1, 12},
		{3, 2, 0},
	} {
		if got := s.RegionHits(c.x0, c.x1); got != c.want {
			t.Errorf("RegionHits(%d, %d) = %d, want %d", c.x0, c.x1, got, c.want)
		}
	}
}

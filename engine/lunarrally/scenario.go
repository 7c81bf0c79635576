package lunarrally

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/safefile"
)

// Terrain is what a hex of the board holds.
type Terrain int8

// Terrains and their characters in scenario files.
const (
	Off    Terrain = iota // '-': not part of the board
	Plain                 // '.'
	Crater                // 'X': impassable, stops lasers (not missiles)
	Dust                  // '~': fine dust, only Forward 1 - All Terrain enters, crosses or leaves it
	Start                 // 'S': start line
	Finish                // 'F': finish line
	Repair                // 'R': repair station
	Cache                 // 'M': missile cache (a missile token on the board)
)

const terrainChars = "-.X~SFRM"

// Limits of a scenario.
const (
	MaxStarts = 16
	MaxCaches = 16
)

// Scenarios are the built-in scenario maps, by name.
var Scenarios = []string{"blue", "green", "red", "yellow"}

//go:embed scenarios/*.txt
var scenarioFiles embed.FS

// Board is a parsed, validated scenario map with its derived tables. It is
// immutable once built.
type Board struct {
	name       string
	rows, cols int
	cells      [MaxCells]Terrain
	nbr        [MaxCells][6]int16 // neighbour in each direction, -1 off the board
	cubes      [MaxCells]cube
	starts     [MaxStarts]int16 // start-line hexes in reading order
	nStarts    int
	startSlot  [MaxCells]int8   // index in starts, or -1
	facings    [MaxStarts]uint8 // allowed facings of each start hex (bit per direction)
	cacheSlot  [MaxCells]int8   // index of the cache, or -1
	caches     [MaxCaches]int16
	nCaches    int
	finishGeo  [MaxCells]int16 // hex distance to the nearest finish hex, ignoring terrain
	finishPath [MaxCells]int16 // steps to the finish avoiding craters; dust counts 3; -1 unreachable
	maxPath    int             // the largest finishPath
}

// LoadScenario reads a built-in scenario by name, or else a scenario file by
// path: a regular file of at most safefile.DataLimit bytes (1 MiB). Errors
// wrap engine.ErrBadParam (and safefile.ErrNotRegular or
// safefile.ErrTooLarge for such a file) and never quote the file.
func LoadScenario(value string) (*Board, error) { return LoadScenarioFS(engine.HostFiles, value) }

// LoadScenarioFS is LoadScenario with a scenario file read from files.
func LoadScenarioFS(files fs.FS, value string) (*Board, error) {
	for _, n := range Scenarios {
		if value == n {
			data, err := scenarioFiles.ReadFile("scenarios/" + n + ".txt")
			if err != nil {
				return nil, fmt.Errorf("%w: scenario %s: %w", engine.ErrBadParam, n, err)
			}
			return ParseScenario(n, data)
		}
	}
	data, err := safefile.ReadFS(files, value, safefile.DataLimit)
	if err != nil {
		return nil, fmt.Errorf("%w: scenario=%q is not one of %s and cannot be read as a file: %w",
			engine.ErrBadParam, value, strings.Join(Scenarios, ", "), err)
	}
	return ParseScenario(value, data)
}

// BuiltinScenario returns the text of a built-in scenario map.
func BuiltinScenario(name string) ([]byte, error) {
	data, err := scenarioFiles.ReadFile("scenarios/" + name + ".txt")
	if err != nil {
		return nil, fmt.Errorf("%w: no built-in scenario %q", engine.ErrBadParam, name)
	}
	return data, nil
}

// ParseScenario reads a scenario map: one line per row of hexes, one
// character per hex separated by spaces (leading spaces ignored), lines
// starting with '#' and blank lines skipped. Errors wrap engine.ErrBadParam
// and name the line; they never quote the data (a scenario file may be any
// file a user names).
func ParseScenario(name string, data []byte) (*Board, error) {
	b := &Board{name: name}
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Fields(text)
		if b.rows == 0 {
			b.cols = len(fields)
			if b.cols < 2 || b.cols > MaxCols {
				return nil, fmt.Errorf("%w: scenario %s line %d: %d hexes in a row, want 2..%d", engine.ErrBadParam, name, line, b.cols, MaxCols)
			}
		} else if len(fields) != b.cols {
			return nil, fmt.Errorf("%w: scenario %s line %d: %d hexes, the first row has %d", engine.ErrBadParam, name, line, len(fields), b.cols)
		}
		if b.rows == MaxRows {
			return nil, fmt.Errorf("%w: scenario %s line %d: more than %d rows", engine.ErrBadParam, name, line, MaxRows)
		}
		for c, f := range fields {
			i := strings.Index(terrainChars, f)
			if len(f) != 1 || i < 0 {
				return nil, fmt.Errorf("%w: scenario %s line %d: hex %d is not one of %s", engine.ErrBadParam, name, line, c+1, terrainChars)
			}
			b.cells[b.rows*b.cols+c] = Terrain(i)
		}
		b.rows++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: scenario %s: %w", engine.ErrBadParam, name, err)
	}
	if b.rows < 2 {
		return nil, fmt.Errorf("%w: scenario %s: %d rows, want 2..%d", engine.ErrBadParam, name, b.rows, MaxRows)
	}
	if err := b.build(); err != nil {
		return nil, fmt.Errorf("%w: scenario %s: %w", engine.ErrBadParam, name, err)
	}
	return b, nil
}

// build derives the tables and checks the map can be raced on.
func (b *Board) build() error {
	n := b.rows * b.cols
	nFinish := 0
	for i := range b.startSlot {
		b.startSlot[i], b.cacheSlot[i] = -1, -1
	}
	for i := 0; i < n; i++ {
		r, c := i/b.cols, i%b.cols
		b.cubes[i] = toCube(r, c)
		steps := evenSteps
		if r&1 == 1 {
			steps = oddSteps
		}
		for d, st := range steps {
			rr, cc := r+st[0], c+st[1]
			b.nbr[i][d] = -1
			if rr >= 0 && rr < b.rows && cc >= 0 && cc < b.cols && b.cells[rr*b.cols+cc] != Off {
				b.nbr[i][d] = int16(rr*b.cols + cc)
			}
		}
		switch b.cells[i] {
		case Start:
			if b.nStarts == MaxStarts {
				return fmt.Errorf("more than %d start-line hexes", MaxStarts)
			}
			b.startSlot[i] = int8(b.nStarts)
			b.starts[b.nStarts] = int16(i)
			b.nStarts++
		case Cache:
			if b.nCaches == MaxCaches {
				return fmt.Errorf("more than %d missile caches", MaxCaches)
			}
			b.cacheSlot[i] = int8(b.nCaches)
			b.caches[b.nCaches] = int16(i)
			b.nCaches++
		case Finish:
			nFinish++
		}
	}
	if nFinish == 0 {
		return fmt.Errorf("no finish line (F)")
	}
	if b.nStarts < 4 {
		return fmt.Errorf("%d start-line hexes (S), want at least 4 (two rovers for each of two players)", b.nStarts)
	}
	for i := 0; i < n; i++ {
		b.finishGeo[i] = -1
		if b.cells[i] == Off {
			continue
		}
		best := 1 << 14
		for j := 0; j < n; j++ {
			if b.cells[j] == Finish {
				best = min(best, b.cubes[i].sub(b.cubes[j]).length())
			}
		}
		b.finishGeo[i] = int16(best)
	}
	b.pathDistances()
	for k := 0; k < b.nStarts; k++ {
		h := b.starts[k]
		for d := 0; d < 6; d++ {
			m := b.nbr[h][d]
			if m >= 0 && b.cells[m] != Start && b.finishGeo[m] < b.finishGeo[h] {
				b.facings[k] |= 1 << d
			}
		}
		if b.facings[k] == 0 {
			return fmt.Errorf("start hex %s has no facing off the start line towards the finish", b.CellName(int(h)))
		}
		if b.finishPath[h] < 0 {
			return fmt.Errorf("no path avoiding craters from start hex %s to the finish line", b.CellName(int(h)))
		}
	}
	return nil
}

// pathDistances fills finishPath by Dijkstra from the finish line over
// on-board hexes that are not craters; entering or leaving dust costs 3 (a
// rover has one All Terrain card a turn).
func (b *Board) pathDistances() {
	n := b.rows * b.cols
	const inf = 1 << 14
	var dist [MaxCells]int
	var done [MaxCells]bool
	for i := 0; i < n; i++ {
		dist[i] = inf
		if b.cells[i] == Finish {
			dist[i] = 0
		}
	}
	for {
		u := -1
		for i := 0; i < n; i++ {
			if !done[i] && dist[i] < inf && (u < 0 || dist[i] < dist[u]) {
				u = i
			}
		}
		if u < 0 {
			break
		}
		done[u] = true
		for d := 0; d < 6; d++ {
			v := int(b.nbr[u][d])
			if v < 0 || b.cells[v] == Crater {
				continue
			}
			cost := 1
			if b.cells[v] == Dust || b.cells[u] == Dust {
				cost = 3
			}
			if dist[u]+cost < dist[v] {
				dist[v] = dist[u] + cost
			}
		}
	}
	for i := 0; i < MaxCells; i++ {
		b.finishPath[i] = -1
		if i < n && dist[i] < inf && b.cells[i] != Crater {
			b.finishPath[i] = int16(dist[i])
			b.maxPath = max(b.maxPath, dist[i])
		}
	}
}

// Name is the scenario's name (a built-in name or the file it came from).
func (b *Board) Name() string { return b.name }

// Rows is the number of rows of hexes.
func (b *Board) Rows() int { return b.rows }

// Cols is the number of hexes in a row.
func (b *Board) Cols() int { return b.cols }

// Cells is Rows*Cols; cell indexes run over [0, Cells) in reading order.
func (b *Board) Cells() int { return b.rows * b.cols }

// At is the terrain of a cell (Off outside the board).
func (b *Board) At(cell int) Terrain {
	if cell < 0 || cell >= b.Cells() {
		return Off
	}
	return b.cells[cell]
}

// Neighbor is the cell next to cell in direction d (0 east, counter-
// clockwise), or -1 off the board.
func (b *Board) Neighbor(cell, d int) int {
	if cell < 0 || cell >= b.Cells() {
		return -1
	}
	return int(b.nbr[cell][((d%6)+6)%6])
}

// Distance is the number of hex steps between two cells, ignoring terrain.
func (b *Board) Distance(a, c int) int { return b.cubes[a].sub(b.cubes[c]).length() }

// FinishPath is the cost of the cheapest path from cell to the finish line
// avoiding craters, where stepping onto or off fine dust costs 3 and any other
// step 1; -1 if the finish cannot be reached.
func (b *Board) FinishPath(cell int) int {
	if cell < 0 || cell >= b.Cells() {
		return -1
	}
	return int(b.finishPath[cell])
}

// Starts lists the start-line hexes in reading order.
func (b *Board) Starts() []int {
	out := make([]int, b.nStarts)
	for i := range out {
		out[i] = int(b.starts[i])
	}
	return out
}

// CellName names a cell by column letter and row number, e.g. "c4".
func (b *Board) CellName(cell int) string {
	if cell < 0 || cell >= b.Cells() {
		return "-"
	}
	return string(rune('a'+cell%b.cols)) + itoa(cell/b.cols+1)
}

// ParseCell reads a cell name written by CellName.
func (b *Board) ParseCell(name string) (int, bool) {
	for i := 0; i < b.Cells(); i++ {
		if b.CellName(i) == name {
			return i, true
		}
	}
	return -1, false
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// Map writes the scenario in its file format (no comments).
func (b *Board) Map() string {
	var sb strings.Builder
	for r := 0; r < b.rows; r++ {
		if r&1 == 1 {
			sb.WriteByte(' ')
		}
		for c := 0; c < b.cols; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(terrainChars[b.cells[r*b.cols+c]])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

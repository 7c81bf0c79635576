package planetcubes

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
	"github.com/moongym/moongym/internal/safefile"
)

// Kind is the kind of a planet (an area of the board).
type Kind int8

// The kinds of planet of the rules text.
const (
	// Start is a team's Starting planet: cubes enter the game there, nobody
	// attacks a cube there, nobody moves a cube into it.
	Start Kind = iota
	// CubePlanet gives the team an extra cube on its Starting planet.
	CubePlanet
	// LifeUp adds a life to the cube (at most 2).
	LifeUp
	// Weaponry arms the cube: none -> short range -> long range.
	Weaponry
	// HalfMoon scores 2 points at the end of each round.
	HalfMoon
	// FullMoon scores 4 points at the end of each round.
	FullMoon
	numKinds
)

var kindNames = [numKinds]string{"start", "cube", "lifeup", "weaponry", "halfmoon", "fullmoon"}

var kindTitles = [numKinds]string{"Starting planet", "Planet Cube", "Planet Life-up", "Planet Weaponry", "Half Moon", "Full Moon"}

// String is the kind's name in board files: start, cube, lifeup, weaponry,
// halfmoon, fullmoon.
func (k Kind) String() string {
	if k < 0 || k >= numKinds {
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// Title is the kind's name in the rules text, e.g. "Planet Life-up".
func (k Kind) Title() string {
	if k < 0 || k >= numKinds {
		return k.String()
	}
	return kindTitles[k]
}

// Points is what a moon scores at the end of a round for a team alone on
// it (a shared moon gives each team half); 0 for other kinds.
func (k Kind) Points() int {
	switch k {
	case HalfMoon:
		return 2
	case FullMoon:
		return 4
	}
	return 0
}

// IsMoon reports whether the kind scores points.
func (k Kind) IsMoon() bool { return k == HalfMoon || k == FullMoon }

// Limits of boards and teams. They size the flat arrays of a State.
const (
	// MaxPlanets is the most planets a board may have.
	MaxPlanets = 64
	// MaxDegree is the most orbits that may leave one planet.
	MaxDegree = 8
	// MinTeams and MaxTeams bound the number of players.
	MinTeams = 2
	MaxTeams = 6
	// CubesPerTeam is each team's supply: every cube in play (a life of a
	// piece) comes from it and goes back to it.
	CubesPerTeam = 20
)

// Planet is one area of the board.
type Planet struct {
	// Name is unique on the board; actions and String use it ("L1").
	Name string
	Kind Kind
	// X and Y place the planet in pictures (y grows downwards).
	X, Y float64
	// Links are the indices of the linked planets, sorted.
	Links []int
}

// Board is a planet graph: planets joined by orbits, and which Starting
// planets the teams use for each number of players (listed clockwise). A
// Board is immutable once parsed.
type Board struct {
	// Name describes the board.
	Name    string
	Planets []Planet
	// seats[n] are the Starting planets of the n teams, clockwise.
	seats [MaxTeams + 1][]int

	// Flat tables for the hot path.
	kind   [MaxPlanets]Kind
	deg    [MaxPlanets]int8
	adj    [MaxPlanets][MaxDegree]int8
	linked [MaxPlanets]uint64 // bit j set: planets i and j are linked
	maxDeg int
}

//go:embed board.json
var defaultBoardJSON []byte

// DefaultBoard returns the embedded board ("Six sectors").
func DefaultBoard() *Board {
	b, err := ParseBoard(defaultBoardJSON)
	if err != nil {
		panic("planetcubes: embedded board: " + err.Error()) // a build defect, covered by tests
	}
	return b
}

// DefaultBoardJSON returns a copy of the embedded board file, a starting
// point for a board of one's own.
func DefaultBoardJSON() []byte { return bytes.Clone(defaultBoardJSON) }

// boardJSON is the board file format. See docs/rules/planet-cubes.md.
type boardJSON struct {
	Name    string              `json:"name"`
	Planets []planetJSON        `json:"planets"`
	Orbits  [][]string          `json:"orbits"`
	Seats   map[string][]string `json:"seats"`
}

type planetJSON struct {
	Name string  `json:"name"`
	Kind string  `json:"kind"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// LoadBoard reads and validates a board file: a regular file of at most
// safefile.DataLimit bytes (1 MiB). Errors wrap engine.ErrBadParam (and
// safefile.ErrNotRegular or safefile.ErrTooLarge for such a file) and
// never quote the file.
func LoadBoard(path string) (*Board, error) { return LoadBoardFS(engine.HostFiles, path) }

// LoadBoardFS is LoadBoard with the file read from files.
func LoadBoardFS(files fs.FS, path string) (*Board, error) {
	data, err := safefile.ReadFS(files, path, safefile.DataLimit)
	if err != nil {
		return nil, fmt.Errorf("%w: board=%q: %w", engine.ErrBadParam, path, err)
	}
	b, err := ParseBoard(data)
	if err != nil {
		return nil, fmt.Errorf("board=%q: %w", path, err)
	}
	return b, nil
}

func boardErr(format string, args ...any) error {
	return fmt.Errorf("%w: board: %s", engine.ErrBadParam, fmt.Sprintf(format, args...))
}

func validName(s string) bool {
	if s == "" || len(s) > 12 {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// ParseBoard reads and validates a board in the JSON board format. Every
// error wraps engine.ErrBadParam and says what is wrong and where, without
// quoting the data (a board file may be any file a user names): planets
// and orbits are named by their number in their lists, from 1.
func ParseBoard(data []byte) (*Board, error) {
	var j boardJSON
	switch err := kit.DecodeStrict(data, &j); {
	case errors.Is(err, kit.ErrTrailingData):
		return nil, boardErr("data after the board object")
	case err != nil:
		return nil, boardErr("not a board file: %s", safefile.DescribeJSON(err, data))
	}
	if len(j.Planets) == 0 || len(j.Planets) > MaxPlanets {
		return nil, boardErr("%d planets, want 1..%d", len(j.Planets), MaxPlanets)
	}
	b := &Board{Name: j.Name}
	index := map[string]int{}
	for i, p := range j.Planets {
		if !validName(p.Name) {
			return nil, boardErr("planet %d: the name is not 1-12 letters, digits, '-' or '_'", i+1)
		}
		if k, dup := index[strings.ToLower(p.Name)]; dup {
			return nil, boardErr("planet %d: the name of planet %d is used twice (names ignore case)", i+1, k+1)
		}
		index[strings.ToLower(p.Name)] = i
		k := slices.Index(kindNames[:], p.Kind)
		if k < 0 {
			return nil, boardErr("planet %d: the kind is not one of %s", i+1, strings.Join(kindNames[:], ", "))
		}
		if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
			return nil, boardErr("planet %d: coordinates are not finite", i+1)
		}
		b.Planets = append(b.Planets, Planet{Name: p.Name, Kind: Kind(k), X: p.X, Y: p.Y})
		b.kind[i] = Kind(k)
	}
	find := func(name string) (int, bool) {
		i, ok := index[strings.ToLower(name)]
		return i, ok
	}
	for i, o := range j.Orbits {
		if len(o) != 2 {
			return nil, boardErr("orbit %d: want two planet names, not %d", i+1, len(o))
		}
		a, okA := find(o[0])
		c, okC := find(o[1])
		switch {
		case !okA || !okC:
			end := 1
			if okA {
				end = 2
			}
			return nil, boardErr("orbit %d: its planet %d is an unknown planet", i+1, end)
		case a == c:
			return nil, boardErr("orbit %d joins planet %d to itself", i+1, a+1)
		case b.linked[a]&(1<<uint(c)) != 0:
			return nil, boardErr("orbit %d (planets %d and %d) is listed twice", i+1, a+1, c+1)
		case b.kind[a] == Start && b.kind[c] == Start:
			return nil, boardErr("orbit %d joins two Starting planets (%d and %d): no cube may move into a Starting planet, so it is useless", i+1, a+1, c+1)
		}
		for _, x := range [2]int{a, c} {
			if b.deg[x] == MaxDegree {
				return nil, boardErr("planet %d has more than %d orbits", x+1, MaxDegree)
			}
		}
		b.linked[a] |= 1 << uint(c)
		b.linked[c] |= 1 << uint(a)
		b.deg[a]++
		b.deg[c]++
	}
	moons := 0
	for i := range b.Planets {
		for k := range b.Planets {
			if b.linked[i]&(1<<uint(k)) != 0 {
				b.Planets[i].Links = append(b.Planets[i].Links, k)
			}
		}
		for d, k := range b.Planets[i].Links {
			b.adj[i][d] = int8(k)
		}
		b.maxDeg = max(b.maxDeg, int(b.deg[i]))
		if b.kind[i].IsMoon() {
			moons++
		}
		free := false
		for _, k := range b.Planets[i].Links {
			free = free || b.kind[k] != Start
		}
		if !free {
			return nil, boardErr("planet %d has no orbit to a planet a cube may move into: a cube there would be stuck", i+1)
		}
	}
	if moons == 0 {
		return nil, boardErr("no Half Moon or Full Moon: nobody could score")
	}
	if err := b.checkConnected(); err != nil {
		return nil, err
	}
	if err := b.parseSeats(j.Seats, find); err != nil {
		return nil, err
	}
	return b, nil
}

// checkConnected requires the planets other than Starting planets to form
// one connected group, so that every cube can reach every planet.
func (b *Board) checkConnected() error {
	first := slices.IndexFunc(b.Planets, func(p Planet) bool { return p.Kind != Start })
	if first < 0 {
		return boardErr("every planet is a Starting planet")
	}
	var seen uint64 = 1 << uint(first)
	stack := []int{first}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, k := range b.Planets[i].Links {
			if b.kind[k] != Start && seen&(1<<uint(k)) == 0 {
				seen |= 1 << uint(k)
				stack = append(stack, k)
			}
		}
	}
	for i, p := range b.Planets {
		if p.Kind != Start && seen&(1<<uint(i)) == 0 {
			return boardErr("planet %d cannot be reached from planet %d", i+1, first+1)
		}
	}
	return nil
}

func (b *Board) parseSeats(seats map[string][]string, find func(string) (int, bool)) error {
	if len(seats) == 0 {
		return boardErr("no seats: list the Starting planets for at least one number of players")
	}
	for key, names := range seats {
		n, err := strconv.Atoi(key)
		if err != nil || n < MinTeams || n > MaxTeams {
			return boardErr("seats: a key is not a number of players %d..%d", MinTeams, MaxTeams)
		}
		if len(names) != n {
			return boardErr("seats for %d players lists %d Starting planets, want %d", n, len(names), n)
		}
		var used uint64
		for k, name := range names {
			i, ok := find(name)
			switch {
			case !ok:
				return boardErr("seats for %d players: seat %d is an unknown planet", n, k+1)
			case b.kind[i] != Start:
				return boardErr("seats for %d players: seat %d is planet %d, a %s, not a Starting planet", n, k+1, i+1, b.kind[i].Title())
			case used&(1<<uint(i)) != 0:
				return boardErr("seats for %d players: planet %d is listed twice", n, i+1)
			}
			used |= 1 << uint(i)
			b.seats[n] = append(b.seats[n], i)
		}
	}
	return nil
}

// Seats lists the Starting planets (indices into Planets) of the teams for
// n players, clockwise, or nil when the board has none for n.
func (b *Board) Seats(n int) []int {
	if n < 0 || n > MaxTeams {
		return nil
	}
	return slices.Clone(b.seats[n])
}

// PlayerCounts lists the numbers of players the board has seats for.
func (b *Board) PlayerCounts() []int {
	var out []int
	for n := MinTeams; n <= MaxTeams; n++ {
		if len(b.seats[n]) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// Linked reports whether an orbit joins planets i and j.
func (b *Board) Linked(i, j int) bool {
	if i < 0 || j < 0 || i >= len(b.Planets) || j >= len(b.Planets) {
		return false
	}
	return b.linked[i]&(1<<uint(j)) != 0
}

// Index finds a planet by name, ignoring case; -1 when there is none.
func (b *Board) Index(name string) int {
	for i, p := range b.Planets {
		if strings.EqualFold(p.Name, name) {
			return i
		}
	}
	return -1
}

// MaxDegree is the largest number of orbits that leave one planet: the
// number of move actions.
func (b *Board) MaxDegree() int { return b.maxDeg }

// Orbits lists each orbit once as a pair of planet indices (i < j), sorted.
func (b *Board) Orbits() [][2]int {
	var out [][2]int
	for i, p := range b.Planets {
		for _, k := range p.Links {
			if i < k {
				out = append(out, [2]int{i, k})
			}
		}
	}
	sort.Slice(out, func(a, c int) bool {
		if out[a][0] != out[c][0] {
			return out[a][0] < out[c][0]
		}
		return out[a][1] < out[c][1]
	})
	return out
}

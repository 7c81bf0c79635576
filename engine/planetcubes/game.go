package planetcubes

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

// Name is the registry name of the game.
const Name = "planet-cubes"

// Defaults of the parameters.
const (
	// DefaultGoal is the points to win (the rules text: 64).
	DefaultGoal = 64
	// DefaultRounds is the round limit that makes the game finite.
	DefaultRounds = 100
	// DefaultBacks is how many times a player may take back a selection
	// in one turn (the "back" action).
	DefaultBacks = 4
	// MaxBacks bounds the "backs" parameter.
	MaxBacks = 20
)

var spec = engine.Spec{
	Name:        Name,
	Title:       "Planet Cubes",
	Description: "Teams of cubes move along orbits between planets, gain cubes, lives and weapons, fight, and score on Half and Full Moons; first to 64 points.",
	MinPlayers:  MinTeams,
	MaxPlayers:  MaxTeams,
	Chance:      engine.ExplicitChance,
	Information: engine.PerfectInformation,
	Utility:     engine.ZeroSum,
	Params: []engine.ParamSpec{
		{Name: "players", Kind: engine.IntParam, Default: "2", Min: MinTeams, Max: MaxTeams,
			Doc: "number of teams (players)"},
		{Name: "goal", Kind: engine.IntParam, Default: strconv.Itoa(DefaultGoal), Min: 1, Max: 10000,
			Doc: "points to win (the rules: 64)"},
		{Name: "rounds", Kind: engine.IntParam, Default: strconv.Itoa(DefaultRounds), Min: 1, Max: 1000,
			Doc: "round limit: the game is truncated after this many rounds and the leaders share the win"},
		{Name: "first", Kind: engine.IntParam, Default: "-1", Min: -1, Max: MaxTeams - 1,
			MaxFrom: &engine.ParamBound{Param: "players", Add: -1},
			Doc:     "first player's seat, 0..players-1; -1 draws it at random (a chance node)"},
		{Name: "backs", Kind: engine.IntParam, Default: strconv.Itoa(DefaultBacks), Min: 0, Max: MaxBacks,
			Doc: "how many times a player may take back a decision (unselect a cube, cancel an attack) in one turn; 0: never"},
		{Name: "board", Kind: engine.FileParam, Default: "",
			Doc: "board file (JSON, see docs/rules/planet-cubes.md); empty: the embedded six-sector board"},
	},
	// Short games keep the conformance suite fast; together they cover every
	// player count, a drawn and a fixed first player, the goal and the limit.
	TestConfigs: []engine.Params{
		{"players": "2", "goal": "24", "rounds": "40"},
		{"players": "3", "goal": "16", "rounds": "30", "first": "2"},
		{"players": "4", "goal": "14", "rounds": "20"},
		{"players": "5", "goal": "10", "rounds": "15"},
		{"players": "6", "goal": "8", "rounds": "12", "first": "5", "backs": "0"},
	},
}

func init() {
	engine.Register(spec, func(p engine.Params, files fs.FS) (engine.Game, error) { return newGameFS(p, files) })
}

// Game is Planet Cubes in one configuration. It is immutable.
type Game struct {
	params engine.Params
	board  *Board
	n      int
	goal   int
	rounds int
	first  int // -1: drawn by a chance node
	backs  int // "back" decisions allowed per turn
	start  [MaxTeams]int8
	owner  [MaxPlanets]int8 // seat whose Starting planet it is, or -1
	// maxRoundPoints bounds what one team can score in a round.
	maxRoundPoints int
}

var _ engine.Game = (*Game)(nil)

// NewGame makes a game from parameters (missing ones take their defaults).
// Errors wrap engine.ErrBadParam or engine.ErrUnknownParam.
func NewGame(params engine.Params) (*Game, error) { return newGameFS(params, engine.HostFiles) }

// newGameFS is NewGame with a board file read from files.
func newGameFS(params engine.Params, files fs.FS) (*Game, error) {
	p, err := spec.Resolve(params)
	if err != nil {
		return nil, err
	}
	board := DefaultBoard()
	if path := strings.TrimSpace(p["board"]); path != "" {
		if board, err = LoadBoardFS(files, path); err != nil {
			return nil, fmt.Errorf("%s: %w", Name, err)
		}
	}
	return newGame(p, board)
}

// NewGameWithBoard makes a game on a board already parsed (ParseBoard); the
// "board" parameter is ignored.
func NewGameWithBoard(params engine.Params, board *Board) (*Game, error) {
	p, err := spec.Resolve(params)
	if err != nil {
		return nil, err
	}
	return newGame(p, board)
}

func newGame(p engine.Params, board *Board) (*Game, error) {
	g := &Game{params: p, board: board, n: p.Int("players"), goal: p.Int("goal"),
		rounds: p.Int("rounds"), first: p.Int("first"), backs: p.Int("backs")}
	seats := board.seats[g.n]
	if len(seats) != g.n {
		return nil, fmt.Errorf("%w: %s: board %q has no seats for %d players (it has seats for %v)",
			engine.ErrBadParam, Name, board.Name, g.n, board.PlayerCounts())
	}
	if g.first >= g.n {
		return nil, fmt.Errorf("%w: %s: first=%d but seats are 0..%d", engine.ErrBadParam, Name, g.first, g.n-1)
	}
	for i := range g.owner {
		g.owner[i] = -1
	}
	for t, pl := range seats {
		g.start[t] = int8(pl)
		g.owner[pl] = int8(t)
	}
	for i := range board.Planets {
		g.maxRoundPoints += board.kind[i].Points()
	}
	return g, nil
}

// Spec describes the game.
func (g *Game) Spec() engine.Spec { return spec }

// Params are the parameters, defaults filled in.
func (g *Game) Params() engine.Params { return g.params.Clone() }

// Board is the planet graph.
func (g *Game) Board() *Board { return g.board }

// NumPlayers is the number of teams.
func (g *Game) NumPlayers() int { return g.n }

// Goal is the points to win.
func (g *Game) Goal() int { return g.goal }

// Rounds is the round limit.
func (g *Game) Rounds() int { return g.rounds }

// StartOf is the Starting planet of seat t.
func (g *Game) StartOf(t int) int { return int(g.start[t]) }

// NumActions is the size of the action space: see actions.go.
func (g *Game) NumActions() int { return g.targetBase() + (g.n-1)*CubesPerTeam }

// MaxChanceOutcomes is the number of seats: the first player is drawn.
func (g *Game) MaxChanceOutcomes() int { return g.n }

// Backs is how many "back" decisions a player may make in one turn.
func (g *Game) Backs() int { return g.backs }

// MaxGameLength bounds the actions of a game: the draw of the first player,
// then per turn at most two actions of at most three decisions each (select
// a cube, attack, choose the target), plus two decisions for each "back"
// (the back and the decision it took back).
func (g *Game) MaxGameLength() int { return 1 + g.rounds*g.n*(2*3+2*g.backs) }

// MinUtility is a loss: -1/(n-1).
func (g *Game) MinUtility() float64 { return -1 / float64(g.n-1) }

// MaxUtility is a win: +1.
func (g *Game) MaxUtility() float64 { return 1 }

// NewInitialState has one cube of each team on its Starting planet; the
// first player is drawn (chance) unless the "first" parameter fixes it.
func (g *Game) NewInitialState() engine.State {
	s := g.initial()
	return &s
}

func (g *Game) initial() State {
	s := State{g: g, round: 1, first: -1, turn: -1, sel: -1}
	for t := 0; t < g.n; t++ {
		s.pieces[t][0] = piece{planet: g.start[t], lives: 1}
	}
	if g.first >= 0 {
		s.begin(int8(g.first))
	}
	return s
}

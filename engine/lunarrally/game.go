package lunarrally

import (
	"fmt"
	"io/fs"
	"strconv"

	"github.com/moongym/moongym/engine"
)

// Name is the registry name of the game.
const Name = "lunar-rally"

// DefaultTurnLimit is the default of the "turn_limit" parameter.
const DefaultTurnLimit = 40

var spec = engine.Spec{
	Name:  Name,
	Title: "Lunar Rally",
	Description: "Race two programmed rovers each across a hex map of the Moon, " +
		"through craters and fine dust, shooting lasers and missiles; first onto the finish line wins.",
	MinPlayers:  2,
	MaxPlayers:  4,
	Chance:      engine.ExplicitChance,
	Information: engine.ImperfectInformation,
	Utility:     engine.ZeroSum,
	Params: []engine.ParamSpec{
		{Name: "players", Kind: engine.IntParam, Default: "2", Min: 2, Max: 4, Doc: "number of players, each with two rovers"},
		{Name: "scenario", Kind: engine.FileParam, Default: "green",
			Doc: "scenario map: blue, green, red or yellow, or the path of a scenario file (format in docs/rules/lunar-rally.md)"},
		{Name: "replacement", Kind: engine.BoolParam, Default: "true",
			Doc: "optional rule: a player whose two rovers are destroyed places a new Rover 1 on the start line"},
		{Name: "turn_limit", Kind: engine.IntParam, Default: strconv.Itoa(DefaultTurnLimit), Min: 1, Max: 500,
			Doc: "the game ends in a draw after this many turns (Rover 1s and Rover 2s executed) without a winner"},
	},
	TestConfigs: []engine.Params{
		{"players": "2", "scenario": "blue", "replacement": "true"},
		{"players": "3", "scenario": "green", "replacement": "false"},
		{"players": "4", "scenario": "red", "replacement": "true", "turn_limit": "20"},
		{"players": "2", "scenario": "yellow", "replacement": "false"},
		{"players": "4", "scenario": "green", "replacement": "false", "turn_limit": "15"},
		{"players": "3", "scenario": "yellow", "replacement": "true", "turn_limit": "20"},
	},
}

func init() { engine.Register(spec, newGame) }

// Game is Lunar Rally on one scenario with a number of players. It is
// immutable and safe for concurrent use.
type Game struct {
	params      engine.Params
	players     int
	replacement bool
	turnLimit   int
	board       *Board
}

var _ engine.Game = (*Game)(nil)

func newGame(p engine.Params, files fs.FS) (engine.Game, error) {
	board, err := LoadScenarioFS(files, p["scenario"])
	if err != nil {
		return nil, err
	}
	g := &Game{
		params:      p.Clone(),
		players:     p.Int("players"),
		replacement: p["replacement"] == "true",
		turnLimit:   p.Int("turn_limit"),
		board:       board,
	}
	if board.nStarts < 2*g.players {
		return nil, fmt.Errorf("%w: scenario %s has %d start-line hexes, %d players need %d",
			engine.ErrBadParam, board.name, board.nStarts, g.players, 2*g.players)
	}
	return g, nil
}

// New makes a game with the given board, for tests and tools that build
// their own maps. Missing params take their defaults; "scenario" names the
// board for display only.
func New(board *Board, params engine.Params) (*Game, error) {
	p, err := spec.Resolve(params)
	if err != nil {
		return nil, err
	}
	if _, ok := params["scenario"]; !ok {
		p["scenario"] = board.name
	}
	g := &Game{params: p, players: p.Int("players"), replacement: p["replacement"] == "true",
		turnLimit: p.Int("turn_limit"), board: board}
	if board.nStarts < 2*g.players {
		return nil, fmt.Errorf("%w: %d start-line hexes for %d players", engine.ErrBadParam, board.nStarts, g.players)
	}
	return g, nil
}

// Spec describes the game.
func (g *Game) Spec() engine.Spec { return spec }

// Params are the parameters with defaults filled in.
func (g *Game) Params() engine.Params { return g.params.Clone() }

// NumPlayers is the number of seats.
func (g *Game) NumPlayers() int { return g.players }

// Board is the scenario map.
func (g *Game) Board() *Board { return g.board }

// Replacement reports whether the replacement-rover rule is on.
func (g *Game) Replacement() bool { return g.replacement }

// TurnLimit is the number of turns after which the game is drawn.
func (g *Game) TurnLimit() int { return g.turnLimit }

// NumActions is 8 cards, one action per start hex, and 6 facings.
func (g *Game) NumActions() int { return NumCards + g.board.nStarts + 6 }

// MaxChanceOutcomes is the number of players: the chance node picks the first player.
func (g *Game) MaxChanceOutcomes() int { return g.players }

// MaxGameLength bounds the actions of a game: the chance node, 4 placement
// decisions and 6 programming decisions per player at setup, and per turn
// at most 3 cards per rover and a replacement placement (2) per player.
func (g *Game) MaxGameLength() int { return 1 + 10*g.players + g.turnLimit*8*g.players }

// MinUtility is -1: a lone loser of a two-player game.
func (g *Game) MinUtility() float64 { return -1 }

// MaxUtility is +1: a lone winner.
func (g *Game) MaxUtility() float64 { return 1 }

// NewInitialState is the chance node that picks the first player.
func (g *Game) NewInitialState() engine.State {
	s := &State{g: g}
	s.reset()
	return s
}

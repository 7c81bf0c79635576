package welcomemoon

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/safefile"
)

// Name is the registry name of the game.
const Name = "welcome-moon"

// implemented is the highest adventure this package plays (Adventures
// 1..implemented each have their data file and rules_aN.go); the
// parameter's range and documentation are derived from it, and adventures
// above are refused with an error wrapping engine.ErrBadParam.
const implemented = 8

// classic is the last of the adventures the first issue covered; the test
// configurations of the later ones are wider (testConfigs).
const classic = 4

var spec = engine.Spec{
	Name:  Name,
	Title: "Welcome to the Moon",
	Description: "Flip-and-write: every turn all players pick one of three number/action " +
		"combinations and write the number on their adventure sheet; 1-6 players, solo against ASTRA.",
	MinPlayers:  1,
	MaxPlayers:  maxPlayers,
	Chance:      engine.ExplicitChance,
	Information: engine.ImperfectInformation,
	Utility:     engine.GeneralSum,
	Params: []engine.ParamSpec{
		{Name: "adventure", Kind: engine.IntParam, Default: "1", Min: 1, Max: implemented,
			Doc: adventureDoc()},
		{Name: "players", Kind: engine.IntParam, Default: "2", Min: 1, Max: maxPlayers,
			Doc: "number of players; 1 is the solo game against ASTRA"},
		{Name: "astra", Kind: engine.IntParam, Default: "1", Min: 1, Max: 8,
			Doc: "solo only: ASTRA's level, 1 Katherine .. 8 Peggy"},
		{Name: "sheet", Kind: engine.FileParam, Default: "",
			Doc: "optional path of an adventure data file (the schema of data/adventure-N.json) that replaces the embedded sheet"},
	},
	TestConfigs: testConfigs(),
}

// adventureTitles names the eight adventures of the box.
var adventureTitles = [8]string{"The Launch", "The Journey", "The Colony", "The Mine",
	"The Dome", "The Virus", "The Escape", "The Battle"}

// adventureDoc documents the adventure parameter with the adventures this
// package plays (1..implemented), so that the spec advertises only what loads.
func adventureDoc() string {
	doc := "adventure sheet:"
	for i, t := range adventureTitles[:implemented] {
		if i > 0 {
			doc += ","
		}
		doc += fmt.Sprintf(" %d %s", i+1, t)
	}
	switch {
	case implemented+1 == len(adventureTitles):
		doc += fmt.Sprintf(" (%d not implemented yet)", implemented+1)
	case implemented < len(adventureTitles):
		doc += fmt.Sprintf(" (%d-%d not implemented yet)", implemented+1, len(adventureTitles))
	}
	return doc
}

// testConfigs covers every implemented adventure solo and with 2 players,
// players 1..6 and every ASTRA level; each adventure after the first four
// with every player count and every ASTRA level.
func testConfigs() []engine.Params {
	var out []engine.Params
	mk := func(adv, players, astra int) engine.Params {
		return engine.Params{"adventure": strconv.Itoa(adv), "players": strconv.Itoa(players), "astra": strconv.Itoa(astra)}
	}
	for lvl := 1; lvl <= 8; lvl++ {
		out = append(out, mk((lvl-1)%classic+1, 1, lvl))
	}
	for adv := 1; adv <= classic; adv++ {
		out = append(out, mk(adv, 2, 1))
	}
	for players := 3; players <= maxPlayers; players++ {
		out = append(out, mk((players-3)%classic+1, players, 1))
	}
	for adv := classic + 1; adv <= implemented; adv++ {
		for lvl := 1; lvl <= 8; lvl++ {
			out = append(out, mk(adv, 1, lvl))
		}
		for players := 2; players <= maxPlayers; players++ {
			out = append(out, mk(adv, players, 1))
		}
	}
	return out
}

func init() {
	engine.Register(spec, newGame)
}

// Game is one configuration of Welcome to the Moon.
type Game struct {
	params  engine.Params
	players int
	level   int // ASTRA level (solo)
	lay     *layout
	scratch sync.Pool // copies for the turn lookahead (lookahead.go)
}

var _ engine.Game = (*Game)(nil)

func newGame(p engine.Params, files fs.FS) (engine.Game, error) {
	adv := p.Int("adventure")
	if adv > implemented {
		return nil, fmt.Errorf("%w: %s: adventure=%d is not implemented yet (adventures 1-%d are)", engine.ErrBadParam, Name, adv, implemented)
	}
	lay, err := loadLayout(adv)
	if file := p["sheet"]; file != "" {
		// The file may be any a user names (a client of the seat server
		// too): a regular file of at most safefile.DataLimit bytes, and
		// errors that never quote it: JSON errors by line and column, the
		// sheet's own with the file's text cleared (safefile.Redact).
		var data []byte
		if data, err = safefile.ReadFS(files, file, safefile.DataLimit); err != nil {
			err = fmt.Errorf("sheet: %w", err)
		} else if lay, err = parseLayout(data); err != nil {
			var syn *json.SyntaxError
			var typ *json.UnmarshalTypeError
			if errors.As(err, &syn) || errors.As(err, &typ) {
				err = fmt.Errorf("%w: sheet file %s: %s", errLayout, file, safefile.DescribeJSON(err, data))
			} else {
				err = fmt.Errorf("sheet file %s: %w", file, safefile.Redact(err, data))
			}
		}
		if err == nil && lay.adv != adv {
			err = fmt.Errorf("sheet file %s is adventure %d, not %d", file, lay.adv, adv)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", engine.ErrBadParam, Name, err)
	}
	g := &Game{params: p.Clone(), players: p.Int("players"), level: p.Int("astra"), lay: lay}
	g.scratch.New = func() any { return new(lookScratch) }
	return g, nil
}

// New makes a game directly (for tests and tools): adventure 1..8, players
// 1..6, ASTRA level 1..8.
func New(adventure, players, astra int) (*Game, error) {
	params := engine.Params{"adventure": strconv.Itoa(adventure), "players": strconv.Itoa(players), "astra": strconv.Itoa(astra)}
	resolved, err := spec.Resolve(params)
	if err != nil {
		return nil, err
	}
	g, err := newGame(resolved, nil)
	if err != nil {
		return nil, err
	}
	return g.(*Game), nil
}

// Spec describes the game.
func (g *Game) Spec() engine.Spec { return spec }

// Params are the parameters with defaults filled in.
func (g *Game) Params() engine.Params { return g.params.Clone() }

// NumPlayers is the number of seats.
func (g *Game) NumPlayers() int { return g.players }

// Adventure is the adventure number of the sheet.
func (g *Game) Adventure() int { return g.lay.adv }

func (g *Game) solo() bool { return g.players == 1 }

// sheets is the number of sheets in play: one per player, and in an A8
// solo game ASTRA's sheet too (s.sh[1]), which the player shares.
func (g *Game) sheets() int {
	if g.solo() && g.lay.astraPlays {
		return 2
	}
	return g.players
}

// Action space (see docs/rules/welcome-moon.md, "Action encoding").
const (
	aPick     = 0  // 0..41: combination c (0..5) x action w (0 own, 1..6 Wild as action w-1)
	aError    = 42 // take a System Error
	aModifier = 43 // 43..47: Astronaut modifier -2..+2
	aTarget   = 48 // 48..111: target t of the current step (space, wall, station, tunnel...)
	numTarget = 64
	aSkip     = aTarget + numTarget // decline an optional effect
	numAction = aSkip + 1
)

// NumActions is the size of the action space.
func (g *Game) NumActions() int { return numAction }

// MaxChanceOutcomes: a card id (63 Starship cards, 3 ASTRA cards) or a mission card (0/1).
func (g *Game) MaxChanceOutcomes() int { return numCards }

// MaxGameLength bounds a game: at most 64 turns (every turn fills a space
// or uses a System Error box of every player), each with at most 12 card
// flips and 40 decisions per player.
func (g *Game) MaxGameLength() int { return 16 + 64*(12+40*g.players) }

// MinUtility is -1 (last / lost to ASTRA).
func (g *Game) MinUtility() float64 { return -1 }

// MaxUtility is +1 (first / beat ASTRA).
func (g *Game) MaxUtility() float64 { return 1 }

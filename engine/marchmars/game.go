package marchmars

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// Name is the registry name of the game.
const Name = "march-mars"

// maxTurns: the MMM must fall within 8 turns.
const maxTurns = 8

// Difficulty levels (Spanish edition; a parameter in both).
const (
	diffNormal = iota
	diffBaby
	diffSergeant
	diffExterminator
)

var diffNames = []string{"normal", "baby", "sergeant", "exterminator"}

// Base upgrades (Spanish edition).
const (
	upNone = iota
	upBunker
	upAntenna
	upSentinels
	upRandom
)

var upgradeNames = []string{"none", "bunker", "antenna", "sentinels", "random"}

// Editions.
const (
	editionEN = 0
	editionES = 1
)

var spec = engine.Spec{
	Name:  Name,
	Title: "March on Mars",
	Description: "Cooperative: 2-5 space marines program jump dice to move (the Walking on the Moon " +
		"jumps) or shoot martians, hold the Landing Zone against the waves and blow up the Martian Master Mind in 8 turns.",
	MinPlayers:  2,
	MaxPlayers:  5,
	Chance:      engine.ExplicitChance,
	Information: engine.PerfectInformation,
	Utility:     engine.Identical,
	Params: []engine.ParamSpec{
		{Name: "players", Kind: engine.IntParam, Default: "4", Min: 2, Max: 5,
			Doc: "number of marines, one a seat"},
		{Name: "edition", Kind: engine.EnumParam, Default: "en", Choices: []string{"en", "es"},
			Doc: "en: the English rules (default); es: the newer Spanish edition"},
		{Name: "difficulty", Kind: engine.EnumParam, Default: "normal", Choices: diffNames,
			Doc: "normal; baby (waves 1 smaller); sergeant (LZ marines count on both sides); exterminator (and yellow aliens deploy onto marines)"},
		{Name: "upgrades", Kind: engine.EnumParam, Default: "none", Choices: upgradeNames,
			Doc: "the base upgrade counters beside the LZ (Spanish rule): none (counters without effect, the English rules), bunker, antenna, sentinels, or random (one of the three a side)"},
		{Name: "training", Kind: engine.EnumParam, Default: "on", Choices: []string{"on", "off"},
			Doc: "special training cards (see docs/rules/march-mars.md)"},
		{Name: "equipment", Kind: engine.EnumParam, Default: "auto", Choices: []string{"auto", "on", "off"},
			Doc: "the Spanish equipment cards and hidden box: auto (in the Spanish edition only), on, off; never at the sergeant level"},
		{Name: "data", Kind: engine.FileParam, Default: "",
			Doc: "file that replaces the designed terrain, dice and bag (format: mars.txt); empty: built in"},
	},
}

func init() {
	var cfgs []engine.Params
	for _, ed := range []string{"en", "es"} {
		for n := 2; n <= 5; n++ {
			cfgs = append(cfgs, engine.Params{"players": strconv.Itoa(n), "edition": ed})
		}
		for _, d := range diffNames[1:] {
			cfgs = append(cfgs, engine.Params{"players": "3", "edition": ed, "difficulty": d})
		}
		cfgs = append(cfgs, engine.Params{"players": "3", "edition": ed, "training": "off"})
		cfgs = append(cfgs, engine.Params{"players": "2", "edition": ed, "equipment": map[string]string{"en": "on", "es": "off"}[ed]})
		for _, u := range upgradeNames[1:] {
			cfgs = append(cfgs, engine.Params{"players": "4", "edition": ed, "upgrades": u})
		}
	}
	spec.TestConfigs = cfgs
	engine.Register(spec, jumping.Loader(builtin, ParseData, NewGame))
}

// Game is March on Mars in one configuration. It is immutable.
type Game struct {
	params     engine.Params
	n          int // marines
	edition    int
	difficulty int
	upgrades   int
	training   bool
	equipment  bool // equipment cards and the hidden box are in play
	data       *Data

	width, height, plain int
	sides                int // 2: the full board; 1: half (the left side)
	cols                 int
	lzStart, lzEnd       int // the LZ columns, lzStart..lzEnd
	slotStart            [numSlots]int
	defCol               [2]int
	obsSize              int
	scratch              sync.Pool // copies for the action features (actionfeatures.go)
}

var _ engine.Game = (*Game)(nil)

var builtin = jumping.MustParse("marchmars", defaultData, ParseData)

// NewGame configures the game from resolved parameters and material data.
//
// The track, left to right: the left defender box (beside the MMM), the
// left card next to the MMM (slot 0), the left card next to the LZ (slot
// 1), the LZ, then on the full board the right cards (slot 2 next to the
// LZ, slot 3 next to the MMM) and the right defender box. Beyond both ends
// is the MMM (rock); on the half board the LZ ends the track.
func NewGame(p engine.Params, d *Data) (*Game, error) {
	g := &Game{params: p.Clone(), data: d}
	g.n = p.Int("players")
	if g.n < 2 || g.n > 5 {
		return nil, fmt.Errorf("%w: players=%q", engine.ErrBadParam, p["players"])
	}
	if p["edition"] == "es" {
		g.edition = editionES
	}
	for i, n := range diffNames {
		if p["difficulty"] == n {
			g.difficulty = i
		}
	}
	g.training = p["training"] != "off"
	switch p["equipment"] {
	case "on":
		g.equipment = true
	case "off":
	default:
		g.equipment = g.edition == editionES
	}
	if g.difficulty == diffSergeant {
		g.equipment = false // "equipment is for space cowards"
	}
	for i, n := range upgradeNames {
		if p["upgrades"] == n {
			g.upgrades = i
		}
	}
	g.width, g.height, g.plain = d.Width, d.Height, d.Plain
	g.sides = 2
	if g.n == 2 || (g.n == 3 && g.edition == editionEN) {
		g.sides = 1
	}
	w := d.Width
	g.defCol[0] = 0
	g.slotStart[0] = 1
	g.slotStart[1] = 1 + w
	g.lzStart = 1 + 2*w
	g.lzEnd = g.lzStart + d.LZ - 1
	g.cols = g.lzEnd + 1
	if g.sides == 2 {
		g.slotStart[2] = g.lzEnd + 1
		g.slotStart[3] = g.lzEnd + 1 + w
		g.defCol[1] = g.lzEnd + 1 + 2*w
		g.cols = g.defCol[1] + 1
	} else {
		g.slotStart[2], g.slotStart[3], g.defCol[1] = -1, -1, -1
	}
	if len(d.Cards) < 2*g.sides {
		return nil, fmt.Errorf("%w: %d martian cards, want %d", engine.ErrBadParam, len(d.Cards), 2*g.sides)
	}
	g.obsSize = g.observationSize()
	g.scratch.New = newScratch
	return g, nil
}

// slots is the number of card slots in play.
func (g *Game) slots() int { return 2 * g.sides }

// slotSide is the side of a slot: 0 left, 1 right.
func slotSide(k int) int { return k / 2 }

// nearMMM and nearLZ are the slots of a side next to the MMM and the LZ.
func nearMMM(side int) int { return 3 * side }
func nearLZ(side int) int  { return 1 + side }

// slotOf is the card slot of column x, or -1.
func (g *Game) slotOf(x int) int {
	for k := 0; k < g.slots(); k++ {
		if x >= g.slotStart[k] && x < g.slotStart[k]+g.width {
			return k
		}
	}
	return -1
}

// sideOf is the side of column x: 0 left, 1 right, -1 the LZ.
func (g *Game) sideOf(x int) int {
	switch {
	case x < g.lzStart:
		return 0
	case x > g.lzEnd:
		return 1
	}
	return -1
}

// Spec describes the game.
func (g *Game) Spec() engine.Spec { return spec }

// Params are the parameters, defaults filled in.
func (g *Game) Params() engine.Params { return g.params.Clone() }

// NumPlayers is the number of marines.
func (g *Game) NumPlayers() int { return g.n }

// NumActions is the size of the decision action space (see actions.go).
func (g *Game) NumActions() int { return numActions }

// MaxChanceOutcomes covers the martian cards, alien colours, die faces,
// the wave's side, the upgrades and the equipment cards.
func (g *Game) MaxChanceOutcomes() int { return maxCards }

// ObservationShape is a flat vector; see observation.go.
func (g *Game) ObservationShape() []int { return []int{g.obsSize} }

// MaxGameLength bounds a game: the setup (cards, training cards and
// abilities, places, the initial waves
// of at most n+1 aliens a card, the random upgrades), then 8 turns of at most turnBound actions.
func (g *Game) MaxGameLength() int {
	return 2 + numSlots + 3*g.n + numSlots*(g.n+1) + maxTurns*g.turnBound()
}

// turnBound bounds the actions of one turn with n marines: n picks of the
// next marine; each marine uses its injector and orbital bombing, programs
// at most 6 dice and plays 3 actions, each of at most 6 dice rolled, 3
// rerolls (2 actions each), a choice, a level, 12 kills (a fusion cannon's
// 1s) and an end of shot (and the drone's shot, bounded like an action), a continue, and a wave of at most n+1 alien
// draws (a skull) (the Command Center's options replace the programme and
// take fewer); the end of the turn: the sentinels of both sides (2 dice,
// a shot, a level, 2 kills and an end), the side of the wave, the bait and its
// new side, and the wave's draws.
func (g *Game) turnBound() int {
	n := g.n
	// jet pack 2 strides, explorer 1, multi-shot 2 more shots of 15, a
	// teleport 3
	perAction := 6 + 6 + 1 + 1 + 13 + 1 + (n + 1) + 2 + 1 + 2*15 + 3
	// equipment: a card drawn for each kill, then perhaps used (the amulet
	// takes the most: 1 + 6 picks + a roll + 6 dice)
	perAction += 3 * 13 * (1 + 14)
	cards := numEquipment * 16 // the hand at the start of a turn, used or given
	sentinels := 2 * (2 + 1 + 1 + 3)
	precog := 3 * maxDice // picks, rolls and actions of the dice
	return n + n*(2+6+precog+cards+3*perAction+perAction) + sentinels + 2 + 2 + (n + 2)
}

// MinUtility is -1: the MMM stands.
func (g *Game) MinUtility() float64 { return -1 }

// MaxUtility is +1: the MMM is destroyed.
func (g *Game) MaxUtility() float64 { return 1 }

// NewInitialState is the empty board before the martian cards are dealt.
func (g *Game) NewInitialState() engine.State {
	s := &State{g: g}
	s.setup()
	return s
}

// cell is the terrain at column x, level l. The LZ and defender boxes are
// circles on the plain; a living defender's box is a barrier (rock), so a
// jump into it crashes at its feet; the MMM beyond the ends is rock.
func (s *State) cell(x, l int) uint8 {
	g := s.g
	if l < 0 || x < 0 || x >= g.cols {
		return jumping.Rock
	}
	if l >= g.height {
		return jumping.Air
	}
	if k := g.slotOf(x); k >= 0 {
		if s.slots[k] < 0 {
			return s.plainCell(l)
		}
		return g.data.Cards[s.slots[k]].Cells[x-g.slotStart[k]][l]
	}
	for side := 0; side < g.sides; side++ {
		if x == g.defCol[side] && s.defenderAlive(side) {
			return jumping.Rock
		}
	}
	return s.plainCell(l)
}

func (s *State) plainCell(l int) uint8 {
	switch {
	case l < s.g.plain:
		return jumping.Rock
	case l == s.g.plain:
		return jumping.Circle
	}
	return jumping.Air
}

// track is the board as the shared jumping rules see it.
type track struct{ s *State }

func (t track) Cell(x, l int) uint8 { return t.s.cell(x, l) }

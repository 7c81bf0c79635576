package walkingmoon

import (
	"fmt"
	"strconv"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/jumping"
)

// Name is the registry name of the game.
const Name = "walking-moon"

// maxRounds is the largest value of the rounds parameter: the round limit
// that ends a game nobody has finished (the rules have none; see
// docs/rules/walking-moon.md).
const maxRounds = 99

var spec = engine.Spec{
	Name:  Name,
	Title: "Walking on the Moon",
	Description: "A dice-programmed jumping race around the Moon: program up to 3 jumps with " +
		"blue, black and white dice, land on safe boxes, collect Sputniks, rob and sabotage.",
	MinPlayers:  2,
	MaxPlayers:  5,
	Chance:      engine.ExplicitChance,
	Information: engine.ImperfectInformation,
	Utility:     engine.ZeroSum,
	Params: []engine.ParamSpec{
		{Name: "players", Kind: engine.IntParam, Default: "4", Min: 2, Max: 5,
			Doc: "number of players; with 2 each runs two astronauts"},
		{Name: "rules", Kind: engine.EnumParam, Default: "basic", Choices: []string{"basic", "advanced"},
			Doc: "basic rules, or advanced (robbery, sabotage, Earth Control, action cards, special boxes)"},
		{Name: "edition", Kind: engine.EnumParam, Default: "en", Choices: []string{"en", "es"},
			Doc: "en: the English rules (default); es: the newer Spanish edition"},
		{Name: "rounds", Kind: engine.IntParam, Default: "30", Min: 1, Max: maxRounds,
			Doc: "round limit (not in the rules): the game ends after this round even if nobody finished"},
		{Name: "difficult", Kind: engine.IntParam, Default: "5", Min: 0, Max: 5,
			Doc: "most 'difficult' lunar cards dealt onto the board (Spanish rule: 1 or 2 for a first game)"},
		{Name: "data", Kind: engine.FileParam, Default: "",
			Doc: "file that replaces the designed terrain, dice, decks and supplies (format: lunar.txt); empty: built in"},
	},
}

func init() {
	var cfgs []engine.Params
	for _, ed := range []string{"en", "es"} {
		for _, r := range []string{"basic", "advanced"} {
			for n := 2; n <= 5; n++ {
				cfgs = append(cfgs, engine.Params{"players": strconv.Itoa(n), "rules": r, "edition": ed})
			}
		}
	}
	cfgs = append(cfgs, engine.Params{"players": "3", "rules": "advanced", "edition": "es", "difficult": "1"})
	spec.TestConfigs = cfgs
	engine.Register(spec, jumping.Loader(builtin, ParseData, NewGame))
}

// Timings of action cards (the icons of the texts).
const (
	tmBefore   = iota // before a player distributes dice
	tmAfter           // after a player distributes dice
	tmMiscalc         // condition: a player rolls 2 or more dice
	tmCoop            // condition: another player moves over a Sputnik
	tmSlip            // condition: a player overtakes you
	tmSanction        // condition: a player robs or sabotages you
	tmEndRound        // at the end of the round
	numTimings
)

var timingNames = [numTimings]string{"before-dice", "after-dice", "roll", "sputnik", "overtaken", "robbed", "end-of-round"}

// Game is Walking on the Moon in one configuration. It is immutable.
type Game struct {
	params    engine.Params
	seats     int
	na        int // astronauts: seats, or 4 with 2 players
	advanced  bool
	edition   int
	difficult int
	rounds    int // round limit
	data      *Data

	width, height, plain int
	cols, goal           int
	ecRules              bool // Earth Control and the leader's handicap
	cards                []int8
	deck                 [numCardTypes]int8
	deckTotal            int
	tokens               [numTokenTypes]int8
	supplySp, supplyEC   int8
	window               [numTimings]bool
	slotStart            [numSlots]int
	betweenCol           [numBetween]int
	obsSize              int
}

var _ engine.Game = (*Game)(nil)

var builtin = jumping.MustParse("walkingmoon", defaultData, ParseData)

// NewGame configures the game from resolved parameters and material data.
func NewGame(p engine.Params, d *Data) (*Game, error) {
	g := &Game{params: p.Clone(), data: d}
	g.seats = p.Int("players")
	if g.seats < 2 || g.seats > 5 {
		return nil, fmt.Errorf("%w: players=%q", engine.ErrBadParam, p["players"])
	}
	g.na = g.seats
	if g.seats == 2 {
		g.na = 4
	}
	g.advanced = p["rules"] == "advanced"
	if p["edition"] == "es" {
		g.edition = editionES
	}
	g.difficult = p.Int("difficult")
	g.rounds = p.Int("rounds")
	if g.rounds < 1 || g.rounds > maxRounds {
		return nil, fmt.Errorf("%w: rounds=%q", engine.ErrBadParam, p["rounds"])
	}
	g.width, g.height, g.plain = d.Width, d.Height, d.Plain
	g.goal = 1 + numSlots*d.Width + numBetween
	g.cols = g.goal + 1
	for k := 0; k < numSlots; k++ {
		g.slotStart[k] = 1 + k*(d.Width+1)
		if k < numBetween {
			g.betweenCol[k] = g.slotStart[k] + d.Width
		}
	}
	easy, hard := 0, 0
	for i, c := range d.Cards {
		if !c.Editions[g.edition] {
			continue
		}
		g.cards = append(g.cards, int8(i))
		if c.Difficult {
			hard++
		} else {
			easy++
		}
	}
	if easy+min(hard, g.difficult) < numSlots {
		return nil, fmt.Errorf("%w: difficult=%d leaves %d lunar cards, want %d", engine.ErrBadParam, g.difficult, easy+min(hard, g.difficult), numSlots)
	}
	g.ecRules = g.advanced || g.edition == editionES
	g.deck = d.Deck[g.edition]
	for _, n := range g.deck {
		g.deckTotal += int(n)
	}
	g.tokens = d.Tokens[g.edition]
	g.supplySp = d.SupplySputnik[g.edition]
	g.supplyEC = d.SupplyEC[g.edition]
	if g.advanced {
		for t := 0; t < numCardTypes; t++ {
			if g.deck[t] > 0 {
				g.window[g.timing(t)] = true
			}
		}
	}
	g.obsSize = g.observationSize()
	return g, nil
}

// timing is when a card type is played in this edition.
func (g *Game) timing(card int) int {
	switch card {
	case cardSlipstream:
		return tmSlip
	case cardCooperation:
		return tmCoop
	case cardExtraJump:
		if g.edition == editionEN {
			return tmAfter
		}
		return tmEndRound
	case cardMiscalculation:
		return tmMiscalc
	case cardNoInstructions:
		return tmBefore
	case cardSanction:
		return tmSanction
	}
	return tmEndRound // planification, teamwork
}

// seat is the player who runs astronaut a.
func (g *Game) seat(a int) int { return a % g.seats }

// holder is the astronaut that holds the action card astronaut a may use:
// a itself, or with 2 players the seat's first astronaut (the texts deal
// a card to each player, and keep only Sputniks and Earth Control apart
// per astronaut).
func (g *Game) holder(a int) int {
	if g.seats == 2 {
		return g.seat(a)
	}
	return a
}

// holds reports whether astronaut a holds its seat's action card.
func (g *Game) holds(a int) bool { return g.holder(a) == a }

// Spec describes the game.
func (g *Game) Spec() engine.Spec { return spec }

// Params are the parameters, defaults filled in.
func (g *Game) Params() engine.Params { return g.params.Clone() }

// NumPlayers is the number of seats.
func (g *Game) NumPlayers() int { return g.seats }

// NumActions is the size of the decision action space (see actions.go).
func (g *Game) NumActions() int { return numActions }

// MaxChanceOutcomes covers lunar cards, tokens, action cards and die faces.
func (g *Game) MaxChanceOutcomes() int { return maxCards }

// ObservationShape is a flat vector; see observation.go.
func (g *Game) ObservationShape() []int { return []int{g.obsSize} }

// MaxGameLength bounds a game: the setup, then rounds x roundBound.
func (g *Game) MaxGameLength() int {
	return numSlots + numBetween + g.na + g.rounds*g.roundBound()
}

// roundBound is an upper bound on the actions (chance outcomes included) of
// one round, counted from the rules with n astronauts and h = n-1 others:
//
//   - card dealing: at most a draw, a keep and a redraw per astronaut: 3n;
//   - each turn: h prompts before the dice are distributed and h dice
//     removed (No instructions), 6 dice and 2 extra dice programmed, h
//     prompts after, 2 roll-or-stop: 3h+10;
//   - arrivals (a jump or a free move ending on a box): 3 jumps per turn, and
//     each astronaut plays at most one card a round (its hand is refilled
//     only when the round begins), moving at most twice (Teamwork): 6n
//     arrivals start a chain; an arrival activates at most one special box,
//     and only a box farther on keeps a chain going (back and advance end on
//     a lunar card), so a chain has at most 1+4 arrivals: 30n arrivals;
//   - each arrival: 6 dice, h Miscalculation prompts and 6 dice rerolled for
//     each, a choice, 6 free rerolls (2 actions each), h Cooperation and h
//     Slipstream prompts, an exchange of every counter one at a time
//     (Sputniks and Earth Control of the supply, S and E) and done, a
//     robbery, a Sanction prompt, a colour or free-advance decision, and
//     Sputniks spent one circle at a time (at most the C columns) and done:
//     9h+24+S+E+C;
//   - Earth Control rerolls (2 actions each): the counters of the supply
//     plus those gained in the round (special boxes at most once an arrival,
//     Planification and the English three jumps once an astronaut): 2(E+32n);
//   - the end of the round: a prompt and a Teamwork partner each: 2n.
//
// A measured random game is two orders of magnitude shorter (see
// docs/rules/walking-moon.md); TestMaxGameLength checks the bound against
// games played to be long.
func (g *Game) roundBound() int {
	n, h := g.na, g.na-1
	sp, ec, cols := int(g.supplySp), int(g.supplyEC), g.cols
	arrivals := 30 * n
	return 3*n + n*(3*h+10) + arrivals*(9*h+24+sp+ec+cols) + 2*(ec+32*n) + 2*n
}

// MinUtility is -1 (last place).
func (g *Game) MinUtility() float64 { return -1 }

// MaxUtility is +1 (the winner).
func (g *Game) MaxUtility() float64 { return 1 }

// NewInitialState is the empty board before the lunar cards are dealt.
func (g *Game) NewInitialState() engine.State {
	s := &State{g: g}
	s.setup()
	return s
}

// cell is the terrain at column x, level l of the placed track. Above the
// top is air, below level 0 is rock.
func (s *State) cell(x, l int) uint8 {
	g := s.g
	if l < 0 || x < 0 || x > g.goal {
		return cellRock
	}
	if l >= g.height {
		return cellAir
	}
	for k := 0; k < numSlots; k++ {
		st := g.slotStart[k]
		if x >= st && x < st+g.width {
			if s.slots[k] < 0 {
				return s.plainCell(l)
			}
			return g.data.Cards[s.slots[k]].Cells[x-st][l]
		}
	}
	return s.plainCell(l)
}

func (s *State) plainCell(l int) uint8 {
	switch {
	case l < s.g.plain:
		return cellRock
	case l == s.g.plain:
		return cellCircle
	}
	return cellAir
}

// betweenIndex is k if column x is the k-th box between cards, else -1.
func (g *Game) betweenIndex(x int) int {
	for k, c := range g.betweenCol {
		if c == x {
			return k
		}
	}
	return -1
}

// slotOf is the card slot of column x, or -1.
func (g *Game) slotOf(x int) int {
	for k := 0; k < numSlots; k++ {
		if x >= g.slotStart[k] && x < g.slotStart[k]+g.width {
			return k
		}
	}
	return -1
}

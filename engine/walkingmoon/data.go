package walkingmoon

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine/jumping"
)

//go:embed lunar.txt
var defaultData string

// ErrBadData is wrapped by errors about a terrain/cards data file.
var ErrBadData = errors.New("bad walking-moon data")

// Limits of the data format.
const (
	maxWidth   = jumping.MaxSize
	maxHeight  = jumping.MaxSize
	maxCards   = 16
	numSlots   = 5 // lunar cards on the board
	numBetween = 4 // special boxes between the cards
	maxCols    = 1 + numSlots*maxWidth + numBetween + 1
)

// Cell codes of the terrain (the shared jumping rules'; Marked is a Sputnik).
const (
	cellAir     = jumping.Air
	cellRock    = jumping.Rock
	cellCircle  = jumping.Circle
	cellHazard  = jumping.Hazard
	cellKind    = jumping.Kind
	cellSputnik = jumping.Marked
)

// Die colours.
const (
	blue       = jumping.Blue
	black      = jumping.Black
	white      = jumping.White
	numColours = jumping.NumColours
)

var colourNames = jumping.ColourNames

// Die faces are coded 0..7: value v (1..4) is v-1, with the skull v+3.
const numFaces = jumping.NumFaces

func faceValue(f int8) int   { return jumping.FaceValue(f) }
func faceSkull(f int8) bool  { return jumping.FaceSkull(f) }
func faceName(f int8) string { return jumping.FaceName(f) }

// Action card types.
const (
	cardSlipstream = iota
	cardCooperation
	cardPlanification
	cardExtraJump
	cardMiscalculation
	cardNoInstructions
	cardTeamwork
	cardSanction
	numCardTypes
)

var cardNames = [numCardTypes]string{"slipstream", "cooperation", "planification", "extrajump", "miscalculation", "noinstructions", "teamwork", "sanction"}

// Special-box token types.
const (
	tokenAdvance = iota
	tokenBack
	tokenSpend
	tokenEC
	tokenReroll
	tokenSputnik2
	tokenJump
	numTokenTypes
)

var tokenNames = [numTokenTypes]string{"advance", "back", "spend", "ec", "reroll", "sputnik2", "jump"}

// Editions.
const (
	editionEN = 0
	editionES = 1
)

var editionNames = [2]string{"en", "es"}

// LunarCard is one designed terrain card.
type LunarCard struct {
	ID        int
	Name      string
	Editions  [2]bool
	Difficult bool
	Points    [maxWidth]int8
	// Cells[col][level]
	Cells jumping.Grid
}

// Data is the whole designed material: terrain, dice, decks, supplies.
type Data struct {
	jumping.Material // width, height, plain, dice
	Cards            []LunarCard
	Deck             [2][numCardTypes]int8
	Tokens           [2][numTokenTypes]int8
	SupplySputnik    [2]int8
	SupplyEC         [2]int8
}

// ParseData reads and validates the data format documented in lunar.txt.
// Errors wrap ErrBadData and name the line.
func ParseData(text string) (*Data, error) {
	p := dataParser{d: &Data{}}
	d := p.d
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		p.line++
		raw := strings.TrimSpace(sc.Text())
		inRows := p.cur != nil && p.rows < d.Height && !strings.HasPrefix(raw, "points")
		if raw == "" || (!inRows && strings.HasPrefix(raw, "#")) {
			continue
		}
		f := strings.Fields(raw)
		if inRows {
			if len(f) != 1 || len(f[0]) != d.Width {
				return nil, p.fail("card %d row %d: want %d cells", p.cur.ID, p.rows+1, d.Width)
			}
			p.grid[p.rows] = f[0]
			p.rows++
			continue
		}
		if f[0] != "points" {
			if err := p.finishCard(); err != nil {
				return nil, err
			}
		}
		if ok, err := d.Statement(f, jumping.Sizes{MinWidth: 1, MinHeight: 2}); ok {
			if err != nil {
				return nil, p.fail("%v", err)
			}
			continue
		}
		var err error
		switch f[0] {
		case "card":
			err = p.card(f)
		case "points":
			err = p.points(f)
		case "deck", "tokens", "supply":
			err = p.edition(f)
		default:
			err = p.fail("unknown statement %q", f[0])
		}
		if err != nil {
			return nil, err
		}
	}
	p.line++
	if err := p.finishCard(); err != nil {
		return nil, err
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadData, err)
	}
	if err := d.Check(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadData, err)
	}
	if err := p.checkEditions(); err != nil {
		return nil, err
	}
	return d, nil
}

// dataParser is ParseData's reading of the text so far.
type dataParser struct {
	d    *Data
	line int
	cur  *LunarCard // the card whose rows are being read
	rows int
	grid [maxHeight]string
	// the editions that have a deck, tokens and supply line
	seenDeck, seenTokens, seenSupply [2]bool
}

// fail is an error at the current line.
func (p *dataParser) fail(format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrBadData, p.line, fmt.Sprintf(format, args...))
}

// finishCard adds the card being read, its rows complete, to the data.
func (p *dataParser) finishCard() error {
	d, cur := p.d, p.cur
	if cur == nil {
		return nil
	}
	if p.rows != d.Height {
		return p.fail("card %d has %d rows, want %d", cur.ID, p.rows, d.Height)
	}
	cells, err := jumping.ParseGrid(p.grid[:p.rows], d.Width, d.Height)
	if err != nil {
		return p.fail("card %d: %v", cur.ID, err)
	}
	cur.Cells = cells
	d.Cards = append(d.Cards, *cur)
	p.cur = nil
	return nil
}

// card opens a lunar card: "card ID NAME... [editions=en,es] [difficult=yes|no]".
func (p *dataParser) card(f []string) error {
	d := p.d
	if d.Width == 0 || d.Height == 0 {
		return p.fail("card before width and height")
	}
	if len(f) < 3 {
		return p.fail("card wants an id and a name")
	}
	id, err := strconv.Atoi(f[1])
	if err != nil || id < 1 || id > 99 {
		return p.fail("card id %q: want 1..99", f[1])
	}
	for _, c := range d.Cards {
		if c.ID == id {
			return p.fail("card id %d given twice", id)
		}
	}
	if len(d.Cards) >= maxCards {
		return p.fail("more than %d cards", maxCards)
	}
	cur := &LunarCard{ID: id}
	var name []string
	for _, w := range f[2:] {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			name = append(name, w)
			continue
		}
		switch k {
		case "editions":
			for _, e := range strings.Split(v, ",") {
				i := slices.Index(editionNames[:], e)
				if i < 0 {
					return p.fail("unknown edition %q", e)
				}
				cur.Editions[i] = true
			}
		case "difficult":
			if v != "yes" && v != "no" {
				return p.fail("difficult=%q: want yes or no", v)
			}
			cur.Difficult = v == "yes"
		default:
			return p.fail("unknown card key %q", k)
		}
	}
	cur.Name = strings.Join(name, " ")
	p.cur, p.rows = cur, 0
	return nil
}

// points reads the points of the card just opened (before its rows).
func (p *dataParser) points(f []string) error {
	d := p.d
	if len(d.Cards) == 0 && p.cur == nil {
		return p.fail("points outside a card")
	}
	target := p.cur
	if target == nil || p.rows != 0 {
		return p.fail("points must follow the card line")
	}
	if len(f) != 1+d.Width {
		return p.fail("points wants %d numbers", d.Width)
	}
	for i := 0; i < d.Width; i++ {
		n, err := strconv.Atoi(f[1+i])
		if err != nil || n < 0 || n > 9 {
			return p.fail("points %q: want 0..9", f[1+i])
		}
		target.Points[i] = int8(n)
	}
	return nil
}

// edition reads an edition's "deck", "tokens" or "supply" line of
// name=count pairs.
func (p *dataParser) edition(f []string) error {
	d := p.d
	if len(f) < 2 {
		return p.fail("%s wants an edition", f[0])
	}
	e := slices.Index(editionNames[:], f[1])
	if e < 0 {
		return p.fail("unknown edition %q", f[1])
	}
	for _, w := range f[2:] {
		k, v, ok := strings.Cut(w, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 0 || n > 30 {
			return p.fail("%q: want name=0..30", w)
		}
		switch f[0] {
		case "deck":
			i := slices.Index(cardNames[:], k)
			if i < 0 {
				return p.fail("unknown action card %q", k)
			}
			d.Deck[e][i] = int8(n)
			p.seenDeck[e] = true
		case "tokens":
			i := slices.Index(tokenNames[:], k)
			if i < 0 {
				return p.fail("unknown token %q", k)
			}
			d.Tokens[e][i] = int8(n)
			p.seenTokens[e] = true
		case "supply":
			switch k {
			case "sputnik":
				d.SupplySputnik[e] = int8(n)
			case "ec":
				d.SupplyEC[e] = int8(n)
			default:
				return p.fail("unknown supply %q", k)
			}
			p.seenSupply[e] = true
		}
	}
	return nil
}

// checkEditions checks that each edition has its lunar cards, its deck,
// tokens and supply lines, enough tokens and some action cards.
func (p *dataParser) checkEditions() error {
	d := p.d
	for e := 0; e < 2; e++ {
		n := 0
		for _, c := range d.Cards {
			if c.Editions[e] {
				n++
			}
		}
		if n < numSlots {
			return fmt.Errorf("%w: edition %s has %d lunar cards, want at least %d", ErrBadData, editionNames[e], n, numSlots)
		}
		if !p.seenDeck[e] || !p.seenTokens[e] || !p.seenSupply[e] {
			return fmt.Errorf("%w: edition %s needs deck, tokens and supply lines", ErrBadData, editionNames[e])
		}
		nt := 0
		for _, k := range d.Tokens[e] {
			nt += int(k)
		}
		if nt < numBetween {
			return fmt.Errorf("%w: edition %s has %d tokens, want at least %d", ErrBadData, editionNames[e], nt, numBetween)
		}
		nd := 0
		for _, k := range d.Deck[e] {
			nd += int(k)
		}
		if nd == 0 {
			return fmt.Errorf("%w: edition %s has no action cards", ErrBadData, editionNames[e])
		}
	}
	return nil
}

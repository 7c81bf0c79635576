package walkingmoon

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
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

func lookupName(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

// ParseData reads and validates the data format documented in lunar.txt.
// Errors wrap ErrBadData and name the line.
func ParseData(text string) (*Data, error) {
	d := &Data{}
	sc := bufio.NewScanner(strings.NewReader(text))
	line := 0
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: line %d: %s", ErrBadData, line, fmt.Sprintf(format, args...))
	}
	var cur *LunarCard
	rows := 0
	seenDeck := [2]bool{}
	seenTokens := [2]bool{}
	seenSupply := [2]bool{}
	var grid [maxHeight]string
	finishCard := func() error {
		if cur == nil {
			return nil
		}
		if rows != d.Height {
			return fail("card %d has %d rows, want %d", cur.ID, rows, d.Height)
		}
		cells, err := jumping.ParseGrid(grid[:rows], d.Width, d.Height)
		if err != nil {
			return fail("card %d: %v", cur.ID, err)
		}
		cur.Cells = cells
		d.Cards = append(d.Cards, *cur)
		cur = nil
		return nil
	}
	for sc.Scan() {
		line++
		raw := strings.TrimSpace(sc.Text())
		inRows := cur != nil && rows < d.Height && !strings.HasPrefix(raw, "points")
		if raw == "" || (!inRows && strings.HasPrefix(raw, "#")) {
			continue
		}
		f := strings.Fields(raw)
		if inRows {
			if len(f) != 1 || len(f[0]) != d.Width {
				return nil, fail("card %d row %d: want %d cells", cur.ID, rows+1, d.Width)
			}
			grid[rows] = f[0]
			rows++
			continue
		}
		if f[0] != "points" {
			if err := finishCard(); err != nil {
				return nil, err
			}
		}
		if ok, err := d.Statement(f, jumping.Sizes{MinWidth: 1, MinHeight: 2}); ok {
			if err != nil {
				return nil, fail("%v", err)
			}
			continue
		}
		switch f[0] {
		case "card":
			if d.Width == 0 || d.Height == 0 {
				return nil, fail("card before width and height")
			}
			if len(f) < 3 {
				return nil, fail("card wants an id and a name")
			}
			id, err := strconv.Atoi(f[1])
			if err != nil || id < 1 || id > 99 {
				return nil, fail("card id %q: want 1..99", f[1])
			}
			for _, c := range d.Cards {
				if c.ID == id {
					return nil, fail("card id %d given twice", id)
				}
			}
			if len(d.Cards) >= maxCards {
				return nil, fail("more than %d cards", maxCards)
			}
			cur = &LunarCard{ID: id}
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
						i := lookupName(editionNames[:], e)
						if i < 0 {
							return nil, fail("unknown edition %q", e)
						}
						cur.Editions[i] = true
					}
				case "difficult":
					if v != "yes" && v != "no" {
						return nil, fail("difficult=%q: want yes or no", v)
					}
					cur.Difficult = v == "yes"
				default:
					return nil, fail("unknown card key %q", k)
				}
			}
			cur.Name = strings.Join(name, " ")
			rows = 0
		case "points":
			// points belong to the card that was just opened (before its rows)
			if len(d.Cards) == 0 && cur == nil {
				return nil, fail("points outside a card")
			}
			target := cur
			if target == nil || rows != 0 {
				return nil, fail("points must follow the card line")
			}
			if len(f) != 1+d.Width {
				return nil, fail("points wants %d numbers", d.Width)
			}
			for i := 0; i < d.Width; i++ {
				n, err := strconv.Atoi(f[1+i])
				if err != nil || n < 0 || n > 9 {
					return nil, fail("points %q: want 0..9", f[1+i])
				}
				target.Points[i] = int8(n)
			}
		case "deck", "tokens", "supply":
			if len(f) < 2 {
				return nil, fail("%s wants an edition", f[0])
			}
			e := lookupName(editionNames[:], f[1])
			if e < 0 {
				return nil, fail("unknown edition %q", f[1])
			}
			for _, w := range f[2:] {
				k, v, ok := strings.Cut(w, "=")
				n, err := strconv.Atoi(v)
				if !ok || err != nil || n < 0 || n > 30 {
					return nil, fail("%q: want name=0..30", w)
				}
				switch f[0] {
				case "deck":
					i := lookupName(cardNames[:], k)
					if i < 0 {
						return nil, fail("unknown action card %q", k)
					}
					d.Deck[e][i] = int8(n)
					seenDeck[e] = true
				case "tokens":
					i := lookupName(tokenNames[:], k)
					if i < 0 {
						return nil, fail("unknown token %q", k)
					}
					d.Tokens[e][i] = int8(n)
					seenTokens[e] = true
				case "supply":
					switch k {
					case "sputnik":
						d.SupplySputnik[e] = int8(n)
					case "ec":
						d.SupplyEC[e] = int8(n)
					default:
						return nil, fail("unknown supply %q", k)
					}
					seenSupply[e] = true
				}
			}
		default:
			return nil, fail("unknown statement %q", f[0])
		}
	}
	line++
	if err := finishCard(); err != nil {
		return nil, err
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadData, err)
	}
	if err := d.Check(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadData, err)
	}
	for e := 0; e < 2; e++ {
		n := 0
		for _, c := range d.Cards {
			if c.Editions[e] {
				n++
			}
		}
		if n < numSlots {
			return nil, fmt.Errorf("%w: edition %s has %d lunar cards, want at least %d", ErrBadData, editionNames[e], n, numSlots)
		}
		if !seenDeck[e] || !seenTokens[e] || !seenSupply[e] {
			return nil, fmt.Errorf("%w: edition %s needs deck, tokens and supply lines", ErrBadData, editionNames[e])
		}
		nt := 0
		for _, k := range d.Tokens[e] {
			nt += int(k)
		}
		if nt < numBetween {
			return nil, fmt.Errorf("%w: edition %s has %d tokens, want at least %d", ErrBadData, editionNames[e], nt, numBetween)
		}
		nd := 0
		for _, k := range d.Deck[e] {
			nd += int(k)
		}
		if nd == 0 {
			return nil, fmt.Errorf("%w: edition %s has no action cards", ErrBadData, editionNames[e])
		}
	}
	return d, nil
}

package welcomemoon

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
)

// The adventure sheets are data: data/adventure-N.json, derived from the
// folder welcome-to-the-moon/ of the rules (every zone, space, section,
// link and scoring track with the folder's element ids). The code holds
// only the small set of rules that differ between adventures (rules_aN.go).

//go:embed data/*.json
var dataFS embed.FS

// Fixed sizes of the flat state.
const (
	maxPlayers = 6
	maxSpaces  = 64  // number spaces of the largest sheet (A6 has 55)
	markBits   = 256 // element ids of every sheet are below 256
	maxPend    = 24  // pending effects of one player's turn
)

// Actions of the cards, in the order of the folder's tables.
const (
	actRobot int8 = iota
	actEnergy
	actPlant
	actWater
	actAstronaut
	actPlanning
	numActs
	actAny int8 = -1 // an A1 floor any action may use
)

var actNames = [numActs]string{"Robot", "Energy", "Plant", "Water", "Astronaut", "Planning"}

func parseAct(s string) (int8, error) {
	switch s {
	case "robot":
		return actRobot, nil
	case "energy":
		return actEnergy, nil
	case "plant":
		return actPlant, nil
	case "water":
		return actWater, nil
	case "astronaut":
		return actAstronaut, nil
	case "planning":
		return actPlanning, nil
	case "wild", "":
		return actAny, nil
	}
	return 0, fmt.Errorf("unknown action %q", s)
}

// errLayout marks a malformed adventure data file.
var errLayout = errors.New("bad adventure data")

type rawZone struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	Spaces []int  `json:"spaces"`
}

type rawMission struct {
	Card  int    `json:"card"`
	Stack string `json:"stack"`
	First int    `json:"first"`
	Later int    `json:"later"`
	Text  string `json:"text"`
}

type rawLayout struct {
	Adventure int       `json:"adventure"`
	Name      string    `json:"name"`
	Spaces    int       `json:"spaces"`
	Modifier  bool      `json:"modifier"`
	Wild      bool      `json:"wild"`
	Zones     []rawZone `json:"zones"`
	Walls     *struct {
		Base int `json:"base"`
	} `json:"walls"`
	Errors struct {
		IDs    []int `json:"ids"`
		Circle bool  `json:"circle"`
	} `json:"errors"`
	MissionBoxes []int        `json:"mission_boxes"`
	Missions     []rawMission `json:"missions"`
	Solo         struct {
		Fixed           int `json:"fixed"`
		Factor          int `json:"factor"`
		BonusBoxes      int `json:"bonus_boxes"`
		BonusPerTrigger int `json:"bonus_per_trigger"`
	} `json:"solo"`
	A1 *rawA1 `json:"a1"`
	A2 *rawA2 `json:"a2"`
	A3 *rawA3 `json:"a3"`
	A4 *rawA4 `json:"a4"`
	A5 *rawA5 `json:"a5"`
	A6 *rawA6 `json:"a6"`
	A7 *rawA7 `json:"a7"`
	A8 *rawA8 `json:"a8"`
}

// zone is an ordered list of space indexes (0-based) whose numbers must
// strictly increase along the list.
type zone struct {
	name   string
	action int8 // A1: the action that may write here (actAny for F9); else actAny
	spaces []int8
}

// mission is one mission card.
type mission struct {
	card         int
	first, later int8
	text         string
}

// layout is one adventure's sheet, compiled from its data file. It is
// immutable and shared by every state of a game.
type layout struct {
	adv      int
	name     string
	nSpaces  int
	modifier bool // the Astronaut action's -2..+2
	wild     bool // Wild actions exist on this sheet
	zones    []zone
	// spaceZone[s] lists the zones of space s (at most 2) and s's position in each.
	spaceZone [maxSpaces][2]int8
	spacePos  [maxSpaces][2]int8
	wallBase  int // A2: wall between spaces k and k+1 (1-based) is element wallBase+k; 0: no walls
	errIDs    []int16
	errCircle bool
	missBox   [3]int16
	missions  [3][2]mission
	solo      struct{ fixed, factor, bonusBoxes, bonusPerTrigger int }
	// races are the "first to reach" boxes (deck.md 4.8).
	races []int16
	// astraBoxes are what an ASTRA effect card crosses (player's choice),
	// astraCards which of A, B, C have that effect (bits), astraError
	// whether they also circle a System Error (A1).
	astraBoxes []int16
	astraCards uint8
	astraError bool
	// known marks every element id of the sheet.
	known marks
	r     advRules // the adventure's rules: one of a1..a8
	a1    *a1Layout
	a2    *a2Layout
	a3    *a3Layout
	a4    *a4Layout
	a5    *a5Layout
	a6    *a6Layout
	a7    *a7Layout
	a8    *a8Layout
	// astraPlays: ASTRA plays turns of its own on a sheet of its own (A8).
	astraPlays bool
	// wildIDs are the Wild action symbols (A2, A6): circled when earned,
	// crossed when used.
	wildIDs []int16
}

func loadLayout(adv int) (*layout, error) {
	data, err := dataFS.ReadFile(fmt.Sprintf("data/adventure-%d.json", adv))
	if err != nil {
		return nil, fmt.Errorf("%w: adventure %d: %w", errLayout, adv, err)
	}
	return parseLayout(data)
}

func checkID(id int) error {
	if id <= 0 || id >= markBits {
		return fmt.Errorf("element id %d outside 1..%d", id, markBits-1)
	}
	return nil
}

func checkSpace(l *layout, id int) (int8, error) {
	if id < 1 || id > l.nSpaces {
		return 0, fmt.Errorf("space %d outside 1..%d", id, l.nSpaces)
	}
	return int8(id - 1), nil
}

// parseLayout compiles and validates an adventure data file.
func parseLayout(data []byte) (*layout, error) {
	var r rawLayout
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", errLayout, err)
	}
	l, err := compile(&r)
	if err != nil {
		return nil, fmt.Errorf("%w: adventure %d: %w", errLayout, r.Adventure, err)
	}
	return l, nil
}

func compile(r *rawLayout) (*layout, error) {
	l := &layout{adv: r.Adventure, name: r.Name, nSpaces: r.Spaces, modifier: r.Modifier, wild: r.Wild}
	if l.nSpaces < 1 || l.nSpaces > maxSpaces {
		return nil, fmt.Errorf("%d spaces, want 1..%d", l.nSpaces, maxSpaces)
	}
	for s := range l.spaceZone {
		l.spaceZone[s] = [2]int8{-1, -1}
	}
	if len(r.Zones) == 0 || len(r.Zones) > 64 {
		return nil, fmt.Errorf("%d zones", len(r.Zones))
	}
	for zi, rz := range r.Zones {
		act, err := parseAct(rz.Action)
		if err != nil {
			return nil, fmt.Errorf("zone %s: %w", rz.Name, err)
		}
		z := zone{name: rz.Name, action: act}
		for pos, id := range rz.Spaces {
			s, err := checkSpace(l, id)
			if err != nil {
				return nil, fmt.Errorf("zone %s: %w", rz.Name, err)
			}
			k := 0
			if l.spaceZone[s][0] >= 0 {
				k = 1
			}
			if l.spaceZone[s][k] >= 0 {
				return nil, fmt.Errorf("space %d in more than 2 zones", id)
			}
			l.spaceZone[s][k], l.spacePos[s][k] = int8(zi), int8(pos)
			z.spaces = append(z.spaces, s)
		}
		l.zones = append(l.zones, z)
	}
	for s := 0; s < l.nSpaces; s++ {
		if l.spaceZone[s][0] < 0 {
			return nil, fmt.Errorf("space %d is in no zone", s+1)
		}
	}
	if r.Walls != nil {
		if r.Walls.Base <= 0 || r.Walls.Base+l.nSpaces >= markBits {
			return nil, fmt.Errorf("wall base %d", r.Walls.Base)
		}
		l.wallBase = r.Walls.Base
	}
	if len(r.Errors.IDs) == 0 || len(r.Errors.IDs) > 8 {
		return nil, fmt.Errorf("%d System Error boxes", len(r.Errors.IDs))
	}
	for _, id := range r.Errors.IDs {
		if err := checkID(id); err != nil {
			return nil, err
		}
		l.errIDs = append(l.errIDs, int16(id))
		l.known.set(int16(id))
	}
	l.errCircle = r.Errors.Circle
	if len(r.MissionBoxes) != 3 {
		return nil, fmt.Errorf("%d mission boxes, want 3", len(r.MissionBoxes))
	}
	for i, id := range r.MissionBoxes {
		if err := checkID(id); err != nil {
			return nil, err
		}
		l.missBox[i] = int16(id)
		l.known.set(int16(id))
	}
	var per [3]int
	for _, m := range r.Missions {
		if len(m.Stack) != 1 || m.Stack[0] < 'A' || m.Stack[0] > 'C' {
			return nil, fmt.Errorf("mission %d: stack %q", m.Card, m.Stack)
		}
		k := m.Stack[0] - 'A'
		if per[k] == 2 {
			return nil, fmt.Errorf("stack %s has more than 2 cards", m.Stack)
		}
		if m.First < m.Later || m.Later < 0 || m.First > 100 {
			return nil, fmt.Errorf("mission %d: rewards %d/%d", m.Card, m.First, m.Later)
		}
		if !missionKnown(m.Card) {
			return nil, fmt.Errorf("mission card %d has no rule", m.Card)
		}
		l.missions[k][per[k]] = mission{card: m.Card, first: int8(m.First), later: int8(m.Later), text: m.Text}
		per[k]++
	}
	if per != [3]int{2, 2, 2} {
		return nil, fmt.Errorf("missions per stack %v, want 2 each", per)
	}
	l.solo.fixed, l.solo.factor = r.Solo.Fixed, r.Solo.Factor
	l.solo.bonusBoxes, l.solo.bonusPerTrigger = r.Solo.BonusBoxes, r.Solo.BonusPerTrigger
	if l.solo.bonusBoxes < 0 || l.solo.bonusBoxes > 16 || l.solo.bonusPerTrigger < 0 {
		return nil, fmt.Errorf("solo bonus boxes %d", l.solo.bonusBoxes)
	}
	var err error
	switch r.Adventure {
	case 1:
		if r.A1 == nil {
			return nil, errors.New("no a1 section")
		}
		l.a1, err = compileA1(l, r.A1)
		l.r = l.a1
	case 2:
		if r.A2 == nil {
			return nil, errors.New("no a2 section")
		}
		l.a2, err = compileA2(l, r.A2)
		l.r = l.a2
	case 3:
		if r.A3 == nil {
			return nil, errors.New("no a3 section")
		}
		l.a3, err = compileA3(l, r.A3)
		l.r = l.a3
	case 4:
		if r.A4 == nil {
			return nil, errors.New("no a4 section")
		}
		l.a4, err = compileA4(l, r.A4)
		l.r = l.a4
	case 5:
		if r.A5 == nil {
			return nil, errors.New("no a5 section")
		}
		l.a5, err = compileA5(l, r.A5)
		l.r = l.a5
	case 6:
		if r.A6 == nil {
			return nil, errors.New("no a6 section")
		}
		l.a6, err = compileA6(l, r.A6)
		l.r = l.a6
	case 7:
		if r.A7 == nil {
			return nil, errors.New("no a7 section")
		}
		l.a7, err = compileA7(l, r.A7)
		l.r = l.a7
	case 8:
		if r.A8 == nil {
			return nil, errors.New("no a8 section")
		}
		l.a8, err = compileA8(l, r.A8)
		l.r = l.a8
	default:
		return nil, fmt.Errorf("adventure %d is not implemented", r.Adventure)
	}
	return l, err
}

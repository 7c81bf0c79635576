package marchmars

import (
	"encoding/json"
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/internal/taskrun"
	"github.com/moongym/moongym/engine/jumping"
	"github.com/moongym/moongym/engine/kit"
)

// The JSON form of a state:
//
//	{"cards": [card ids by slot, 0 = not dealt],
//	 "aliens": [{"box": [column, level], "n": [yellow, blue, red]}, ...],
//	 "incoming": [[3], [3]], "bag": [3], "dead": [3], "pending": [3],
//	 "marines": [{"pos": [column, level], "crashed": bool, "played": bool, "gone": bool}],
//	 "turn": n, "attacks": n, "result": -1|0|1, "bait": marine or -1,
//	 "upgrades": [2 names], "intact": [2 bools], "antenna_used": [5 bools],
//	 "training": [{"card": index or -1, "ability": name, "injected": bool}],
//	 "orbital_used", "moved", "has_shot", "sniper_shot", "drone_shot": bools,
//	 "flying", "fly_skull", "explored": bools (a move waiting to land),
//	 "multi_used": bit v for each value a multi-shot fired,
//	 "precog": bool, "precog_turn": [5 turns], "precog_pool": [{"die", "action"}],
//	 "equipment": {"hands": [[card names] per marine], "deck": [names],
//	    "discard": [names], "open": bool, "hidden_taken": bool},
//	 "active": {"marine", "dice", "program": [3][3], "assigned", "last_key",
//	    "actions", "action", "lz_reroll"},
//	 "roll": {"dice": ["black2x", ...], "engaged", "team_reroll"},
//	 "shot": {"box": [column, level], "hits"},
//	 "tasks": [{"kind": name, "a", "b", "c"}, ...] bottom first}
type alienJSON struct {
	Box [2]int                `json:"box"`
	N   [numAlienColours]int8 `json:"n"`
}

type marineJSON struct {
	Pos     [2]int `json:"pos"`
	Crashed bool   `json:"crashed,omitempty"`
	Played  bool   `json:"played,omitempty"`
	Gone    bool   `json:"gone,omitempty"`
}

type activeJSON struct {
	Marine   int                         `json:"marine"`
	Dice     int                         `json:"dice"`
	Program  [3][jumping.NumColours]int8 `json:"program"`
	Assigned int                         `json:"assigned"`
	LastKey  int                         `json:"last_key"`
	Actions  int                         `json:"actions"`
	Action   int                         `json:"action"`
	LZReroll bool                        `json:"lz_reroll,omitempty"`
}

type rollJSON struct {
	Dice       []string `json:"dice"`
	Engaged    bool     `json:"engaged,omitempty"`
	TeamReroll bool     `json:"team_reroll,omitempty"`
}

type shotJSON struct {
	Box  [2]int `json:"box"`
	Hits int    `json:"hits"`
}

// trainingJSON is a marine's training: its card (-1 none), the ability
// kept, whether it used the injector last turn.
type trainingJSON struct {
	Card     int    `json:"card"`
	Ability  string `json:"ability"`
	Injected bool   `json:"injected,omitempty"`
}

// poolJSON is a precog die: its face and the action it went to.
type poolJSON struct {
	Die    string `json:"die"`
	Action int    `json:"action"`
}

// equipmentJSON is the equipment: each marine's cards, the deck, the
// discards (card names), whether kills draw cards, the hidden box taken.
type equipmentJSON struct {
	Hands   [][]string `json:"hands"`
	Deck    []string   `json:"deck"`
	Discard []string   `json:"discard"`
	Open    bool       `json:"open,omitempty"`
	Hidden  bool       `json:"hidden_taken,omitempty"`
}

func cardNames(set uint8) []string {
	out := []string{}
	for e := 0; e < numEquipment; e++ {
		if set>>e&1 != 0 {
			out = append(out, equipmentNames[e])
		}
	}
	return out
}

func cardSet(names []string) (uint8, error) {
	var set uint8
	for _, n := range names {
		e := -1
		for i, en := range equipmentNames {
			if en == n {
				e = i
			}
		}
		if e < 0 || set>>e&1 != 0 {
			return 0, states.Bad("equipment card %q unknown or twice", n)
		}
		set |= 1 << e
	}
	return set, nil
}

type stateJSON struct {
	Cards    []int                    `json:"cards"`
	Aliens   []alienJSON              `json:"aliens"`
	Incoming [2][numAlienColours]int8 `json:"incoming"`
	Bag      [numAlienColours]int8    `json:"bag"`
	Dead     [numAlienColours]int8    `json:"dead"`
	Pending  [numAlienColours]int8    `json:"pending"`
	Marines  []marineJSON             `json:"marines"`
	Turn     int                      `json:"turn"`
	Attacks  int                      `json:"attacks"`
	Result   int                      `json:"result"`
	Bait     int                      `json:"bait"`
	Upgrades [2]string                `json:"upgrades"`
	Intact   [2]bool                  `json:"intact"`
	Antenna  [maxMarines]bool         `json:"antenna_used"`
	Training []trainingJSON           `json:"training"`
	Orbital  bool                     `json:"orbital_used,omitempty"`
	Moved    bool                     `json:"moved,omitempty"`
	HasShot  bool                     `json:"has_shot,omitempty"`
	Sniper   bool                     `json:"sniper_shot,omitempty"`
	Drone    bool                     `json:"drone_shot,omitempty"`
	Acted    bool                     `json:"acted,omitempty"`
	Command  bool                     `json:"command_center,omitempty"`
	Flying   bool                     `json:"flying,omitempty"`
	FlySkull bool                     `json:"fly_skull,omitempty"`
	Explored bool                     `json:"explored,omitempty"`
	Multi    int                      `json:"multi_used,omitempty"`
	Precog   bool                     `json:"precog,omitempty"`
	PrecogT  [maxMarines]int8         `json:"precog_turn"`
	Pool     []poolJSON               `json:"precog_pool,omitempty"`
	Equip    equipmentJSON            `json:"equipment"`
	Active   activeJSON               `json:"active"`
	Roll     rollJSON                 `json:"roll"`
	Shot     shotJSON                 `json:"shot"`
	Tasks    []taskrun.TaskJSON       `json:"tasks"`
}

// MarshalJSON writes the state (see the format above).
func (s *State) MarshalJSON() ([]byte, error) {
	g := s.g
	j := stateJSON{Incoming: s.incoming, Bag: s.bag, Dead: s.dead, Pending: s.pending,
		Turn: int(s.turn), Attacks: int(s.attacks), Result: int(s.result), Bait: int(s.bait)}
	for side := 0; side < 2; side++ {
		j.Upgrades[side] = upgradeNames[s.upgrade[side]]
	}
	j.Intact, j.Antenna = s.intact, s.antenna
	for m := 0; m < g.n; m++ {
		j.Training = append(j.Training, trainingJSON{int(s.trainCard[m]), abilityNames[s.ability[m]], s.injected[m]})
	}
	j.Orbital, j.Moved, j.HasShot, j.Sniper, j.Drone = s.orbitalUsed, s.moved, s.shot, s.sniper, s.droneShot
	j.Acted, j.Command = s.acted, s.commanded
	j.Flying, j.FlySkull, j.Explored, j.Multi, j.Precog, j.PrecogT = s.flying, s.flySkull, s.explored, int(s.multiUsed), s.precog, s.precogTurn
	j.Equip = equipmentJSON{Deck: cardNames(s.deck), Discard: cardNames(s.discard), Open: s.equipOpen, Hidden: s.hiddenTaken}
	for m := 0; m < g.n; m++ {
		j.Equip.Hands = append(j.Equip.Hands, cardNames(s.hand[m]))
	}
	for i := 0; i < int(s.nPool); i++ {
		j.Pool = append(j.Pool, poolJSON{dieName(int(s.poolCol[i]), s.poolFace[i]), int(s.poolAct[i])})
	}
	for k := 0; k < g.slots(); k++ {
		id := 0
		if s.slots[k] >= 0 {
			id = g.data.Cards[s.slots[k]].ID
		}
		j.Cards = append(j.Cards, id)
	}
	j.Aliens = []alienJSON{}
	for x := 0; x < g.cols; x++ {
		for l := 0; l < g.height; l++ {
			if s.boxAliens(x, l) > 0 {
				j.Aliens = append(j.Aliens, alienJSON{[2]int{x, l}, s.aliens[x][l]})
			}
		}
	}
	for m := 0; m < g.n; m++ {
		ms := &s.mar[m]
		j.Marines = append(j.Marines, marineJSON{[2]int{int(ms.X), int(ms.L)}, ms.Crashed, ms.Played, ms.Gone})
	}
	j.Active = activeJSON{int(s.active), int(s.dice), s.prog, int(s.nAssigned), int(s.lastKey), int(s.nActs), int(s.act), s.lzReroll}
	j.Roll.Dice = []string{}
	for i := 0; i < int(s.nDice); i++ {
		j.Roll.Dice = append(j.Roll.Dice, dieName(int(s.dieCol[i]), s.dieFace[i]))
	}
	j.Roll.Engaged, j.Roll.TeamReroll = s.engaged, s.teamUsed
	j.Shot = shotJSON{[2]int{int(s.shotX), int(s.shotL)}, int(s.hits)}
	j.Tasks = s.stack.Encode(kindNames[:])
	return json.Marshal(j)
}

// states makes march-mars's bad-state errors.
const states kit.States = "march-mars"

// DecodeState reads MarshalJSON's form and checks it against the rules'
// ranges.
func (g *Game) DecodeState(data []byte) (engine.State, error) {
	var j stateJSON
	if err := states.Decode(data, &j); err != nil {
		return nil, err
	}
	s := &State{g: g}
	if err := s.decodeBoard(&j); err != nil {
		return nil, err
	}
	if err := s.decodeBase(&j); err != nil {
		return nil, err
	}
	if err := s.decodeFlags(&j); err != nil {
		return nil, err
	}
	if err := s.decodeEquipment(j.Equip); err != nil {
		return nil, err
	}
	s.turn, s.attacks, s.result, s.bait = int8(j.Turn), int8(j.Attacks), int8(j.Result), int8(j.Bait)
	if err := s.decodeActive(&j); err != nil {
		return nil, err
	}
	if err := s.decodeTasks(j.Tasks); err != nil {
		return nil, err
	}
	if s.result != 0 && s.stack.Len() != 0 {
		return nil, states.Bad("a decided game with tasks left")
	}
	return s, nil
}

// decodeBoard reads the cards in their slots, the aliens on the board and
// in their groups (incoming, bag, dead, pending) and the marines' boxes.
func (s *State) decodeBoard(j *stateJSON) error {
	g := s.g
	if len(j.Cards) != g.slots() {
		return states.Bad("%d cards, want %d", len(j.Cards), g.slots())
	}
	for k := range s.slots {
		s.slots[k] = -1
	}
	for k, id := range j.Cards {
		if id == 0 {
			continue
		}
		idx := -1
		for i, c := range g.data.Cards {
			if c.ID == id {
				idx = i
			}
		}
		if idx < 0 || s.cardPlaced(int8(idx)) {
			return states.Bad("card %d unknown or placed twice", id)
		}
		s.slots[k] = int8(idx)
	}
	for _, a := range j.Aliens {
		x, l := a.Box[0], a.Box[1]
		if !kit.In(x, 0, g.cols-1) || !kit.In(l, 0, g.height-1) {
			return states.Bad("aliens at %v: off the board", a.Box)
		}
		for c := range a.N {
			if !kit.In(a.N[c], 0, 60) {
				return states.Bad("aliens at %v: count %d", a.Box, a.N[c])
			}
		}
		s.aliens[x][l] = a.N
	}
	groups := [][numAlienColours]int8{j.Incoming[0], j.Incoming[1], j.Bag, j.Dead, j.Pending}
	for _, gr := range groups {
		for _, n := range gr {
			if !kit.In(n, 0, 60) {
				return states.Bad("alien count %d", n)
			}
		}
	}
	s.incoming, s.bag, s.dead, s.pending = j.Incoming, j.Bag, j.Dead, j.Pending
	if len(j.Marines) != g.n {
		return states.Bad("%d marines, want %d", len(j.Marines), g.n)
	}
	for m, mj := range j.Marines {
		if !kit.In(mj.Pos[0], 0, g.cols-1) || !kit.In(mj.Pos[1], 0, g.height-1) {
			return states.Bad("marine %d at %v: off the board", m, mj.Pos)
		}
		s.mar[m] = marine{int8(mj.Pos[0]), int8(mj.Pos[1]), mj.Crashed, mj.Played, mj.Gone}
	}
	return nil
}

// decodeBase checks the turn, attacks, result and bait, and reads the
// base's upgrades and the marines' training.
func (s *State) decodeBase(j *stateJSON) error {
	g := s.g
	if !kit.In(j.Turn, 0, maxTurns) || !kit.In(j.Attacks, 0, 3) || !kit.In(j.Result, -1, 1) {
		return states.Bad("turn %d, attacks %d, result %d", j.Turn, j.Attacks, j.Result)
	}
	if !kit.In(j.Bait, -1, g.n-1) {
		return states.Bad("bait %d", j.Bait)
	}
	for side := 0; side < 2; side++ {
		u := slices.Index(upgradeNames[:upRandom], j.Upgrades[side])
		if u < 0 || (side >= g.sides && (u != upNone || j.Intact[side])) {
			return states.Bad("upgrade %q of side %d", j.Upgrades[side], side)
		}
		s.upgrade[side] = int8(u)
	}
	s.intact, s.antenna = j.Intact, j.Antenna
	if len(j.Training) != g.n {
		return states.Bad("%d trainings, want %d", len(j.Training), g.n)
	}
	for m, tj := range j.Training {
		ab := slices.Index(abilityNames[:], tj.Ability)
		if !kit.In(tj.Card, -1, len(trainingCards)-1) || ab < 0 ||
			(ab != abNone && (tj.Card < 0 || (trainingCards[tj.Card][0] != int8(ab) && trainingCards[tj.Card][1] != int8(ab)))) {
			return states.Bad("training %+v", tj)
		}
		s.trainCard[m], s.ability[m], s.injected[m] = int8(tj.Card), int8(ab), tj.Injected
	}
	return nil
}

// decodeFlags reads what was done this turn, the multi-shot and the precog
// pool.
func (s *State) decodeFlags(j *stateJSON) error {
	g := s.g
	s.orbitalUsed, s.moved, s.shot, s.sniper, s.droneShot = j.Orbital, j.Moved, j.HasShot, j.Sniper, j.Drone
	s.acted, s.commanded = j.Acted, j.Command
	if !kit.In(j.Multi, 0, 15) || len(j.Pool) > maxDice {
		return states.Bad("multi-shot %d, precog pool %d", j.Multi, len(j.Pool))
	}
	for m, t := range j.PrecogT {
		if !kit.In(t, 0, maxTurns) {
			return states.Bad("precog turn %d of marine %d", t, m)
		}
	}
	s.flying, s.flySkull, s.explored, s.multiUsed, s.precog, s.precogTurn = j.Flying, j.FlySkull, j.Explored, int8(j.Multi), j.Precog, j.PrecogT
	for i, p := range j.Pool {
		col, face, err := g.parseDie(p.Die)
		if err != nil || !kit.In(p.Action, 0, 2) {
			return states.Bad("precog die %+v", p)
		}
		s.poolCol[i], s.poolFace[i], s.poolAct[i] = int8(col), face, int8(p.Action)
	}
	s.nPool = int8(len(j.Pool))
	return nil
}

// decodeActive reads the active marine's turn: its programme, the dice
// rolled and the shot.
func (s *State) decodeActive(j *stateJSON) error {
	g := s.g
	ac := j.Active
	if !kit.In(ac.Marine, -1, g.n-1) || !kit.In(ac.Dice, 0, maxDice) || !kit.In(ac.Assigned, 0, ac.Dice) ||
		!kit.In(ac.LastKey, -1, 8) || !kit.In(ac.Actions, 0, 3) || !kit.In(ac.Action, 0, 2) {
		return states.Bad("active turn %+v", ac)
	}
	for c := 0; c < jumping.NumColours; c++ {
		n := 0
		for a := 0; a < 3; a++ {
			if !kit.In(ac.Program[a][c], 0, 2) {
				return states.Bad("programme %v", ac.Program)
			}
			n += int(ac.Program[a][c])
		}
		if n > 2 {
			return states.Bad("programme %v uses more than 2 %s dice", ac.Program, jumping.ColourNames[c])
		}
	}
	s.active, s.dice, s.prog, s.nAssigned = int8(ac.Marine), int8(ac.Dice), ac.Program, int8(ac.Assigned)
	s.lastKey, s.nActs, s.act, s.lzReroll = int8(ac.LastKey), int8(ac.Actions), int8(ac.Action), ac.LZReroll
	if len(j.Roll.Dice) > maxDice {
		return states.Bad("%d dice rolled", len(j.Roll.Dice))
	}
	for i, name := range j.Roll.Dice {
		col, face, err := g.parseDie(name)
		if err != nil {
			return err
		}
		s.dieCol[i], s.dieFace[i] = int8(col), face
	}
	s.nDice = int8(len(j.Roll.Dice))
	s.engaged, s.teamUsed = j.Roll.Engaged, j.Roll.TeamReroll
	if !kit.In(j.Shot.Box[0], 0, g.cols-1) || !kit.In(j.Shot.Box[1], 0, g.height-1) || !kit.In(j.Shot.Hits, 0, 2*maxDice) {
		return states.Bad("shot %+v", j.Shot)
	}
	s.shotX, s.shotL, s.hits = int8(j.Shot.Box[0]), int8(j.Shot.Box[1]), int8(j.Shot.Hits)
	return nil
}

// decodeEquipment reads the equipment: every card in exactly one of the
// deck, the discards and the hands when it is in play, none otherwise.
func (s *State) decodeEquipment(j equipmentJSON) error {
	g := s.g
	if len(j.Hands) != g.n {
		return states.Bad("%d equipment hands, want %d", len(j.Hands), g.n)
	}
	var all uint8
	n := 0
	sets := append([][]string{j.Deck, j.Discard}, j.Hands...)
	for i, names := range sets {
		set, err := cardSet(names)
		if err != nil {
			return err
		}
		switch i {
		case 0:
			s.deck = set
		case 1:
			s.discard = set
		default:
			s.hand[i-2] = set
		}
		all |= set
		n += cards(set)
	}
	want := 0
	if g.equipment {
		want = numEquipment
	}
	if n != want || cards(all) != want || (!g.equipment && (j.Open || j.Hidden)) {
		return states.Bad("equipment %+v", j)
	}
	s.equipOpen, s.hiddenTaken = j.Open, j.Hidden
	return nil
}

// parseDie reads dieName's form: a colour and one of its die's faces.
func (g *Game) parseDie(name string) (int, int8, error) {
	for c, cn := range jumping.ColourNames {
		if len(name) > len(cn) && name[:len(cn)] == cn {
			f, err := jumping.ParseFace(name[len(cn):])
			if err == nil && jumping.HasFace(g.data.Dice[c], f) {
				return c, f, nil
			}
		}
	}
	return 0, 0, states.Bad("die %q", name)
}

// decodeTasks checks each task's fields against what its kind reads.
func (s *State) decodeTasks(tasks []taskrun.TaskJSON) error {
	stack, err := taskrun.Decode(tasks, kindNames[:], states, s.checkTask)
	if err != nil {
		return err
	}
	s.stack = stack
	return nil
}

// checkTask checks task i of kind k against what the kind reads.
func (s *State) checkTask(i, k int, tj taskrun.TaskJSON) error {
	g := s.g
	ok := kit.In(tj.A, 0, g.n-1) && kit.In(tj.C, -1, 1)
	switch k {
	case kAim:
		ok = kit.In(tj.A, 0, g.n-1) && kit.In(tj.B, 0, 1) && kit.In(tj.C, 0, g.n-1)
	case kBeacon, kWaveDie, kBait, kMissileDie, kUpgrade:
		ok = ok && kit.In(tj.B, 0, 1)
	case kCard:
		ok = ok && kit.In(tj.B, 0, g.slots()-1)
	case kDeploy:
		ok = ok && kit.In(tj.B, -1, g.slots()-1) && kit.In(tj.C, 0, g.sides-1)
	case kRoll:
		ok = ok && kit.In(tj.B, 0, int(s.nDice)-1)
	case kAction, kAfter, kContinue:
		ok = ok && kit.In(tj.B, 0, 2)
	case kLevel:
		ok = ok && kit.In(tj.B, 0, g.cols-1)
	case kWave, kSide, kSentinel, kSentinelRoll, kExplore:
		ok = ok && kit.In(tj.B, 0, 1)
	case kJet:
		ok = ok && kit.In(tj.B, -1, maxDice-1)
	case kPrecogAct:
		ok = ok && kit.In(tj.B, 0, maxDice-1)
	case kTeleport:
		ok = ok && kit.In(tj.B, 0, 2)
	case kTeleLand:
		ok = ok && kit.In(tj.B, 0, g.slots()-1)
	case kAmulet:
		ok = ok && kit.In(tj.B, 0, 1<<maxDice-1)
	case kGiveTo:
		ok = ok && kit.In(tj.B, 0, numEquipment-1)
	default:
		ok = ok && kit.In(tj.B, 0, 2*maxDice)
	}
	if !ok {
		return states.Bad("task %d %+v", i, tj)
	}
	return nil
}

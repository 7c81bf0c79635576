package planetcubes

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// stateJSON is the documented JSON form of a state (docs/rules/planet-cubes.md).
type stateJSON struct {
	// Round is the current round, from 1.
	Round int `json:"round"`
	// First is the first player's seat, -1 before it is drawn.
	First int `json:"first"`
	// Turn is the seat to act, -1 before the draw and once the game is over.
	Turn int `json:"turn"`
	// ActionsLeft is 1 or 2 for the seat to act, else 0.
	ActionsLeft int `json:"actions_left"`
	// Selected is the slot (1..20) of the selected cube of the seat to act, 0 if none.
	Selected int `json:"selected"`
	// Backs is the number of "back" decisions made in this turn.
	Backs int `json:"backs"`
	// Attacking: the selected cube attacks and its target is to be chosen.
	Attacking bool `json:"attacking"`
	Over      bool `json:"over"`
	// Truncated: the game ended at the round limit.
	Truncated bool       `json:"truncated"`
	Teams     []teamJSON `json:"teams"`
}

type teamJSON struct {
	// Team is the seat's letter: R, B, G, Y, P, O.
	Team  string     `json:"team"`
	Score int        `json:"score"`
	Cubes []cubeJSON `json:"cubes"`
}

type cubeJSON struct {
	// Slot is 1..20: cube "R3" is slot 3 of team R.
	Slot      int    `json:"slot"`
	Planet    string `json:"planet"`
	Lives     int    `json:"lives"`
	Weapon    string `json:"weapon"`
	Activated bool   `json:"activated,omitempty"`
	Attacked  bool   `json:"attacked,omitempty"`
}

// MarshalJSON writes the state; Game.DecodeState reads it back.
func (s *State) MarshalJSON() ([]byte, error) {
	g := s.g
	j := stateJSON{Round: int(s.round), First: int(s.first), Turn: int(s.turn), ActionsLeft: int(s.left),
		Selected: int(s.sel) + 1, Backs: int(s.backs), Attacking: s.target, Over: s.over, Truncated: s.truncated,
		Teams: make([]teamJSON, g.n)}
	for t := 0; t < g.n; t++ {
		tj := teamJSON{Team: string(teamLetters[t]), Score: int(s.score[t]), Cubes: []cubeJSON{}}
		for i, pc := range s.pieces[t] {
			if pc.lives == 0 {
				continue
			}
			tj.Cubes = append(tj.Cubes, cubeJSON{Slot: i + 1, Planet: g.board.Planets[pc.planet].Name,
				Lives: int(pc.lives), Weapon: pc.weapon.String(),
				Activated: pc.used&usedActivate != 0, Attacked: pc.used&usedAttack != 0})
		}
		j.Teams[t] = tj
	}
	return json.Marshal(j)
}

// states makes planet-cubes's bad-state errors.
const states kit.States = "planet-cubes"

// DecodeState reads what MarshalJSON wrote and checks it against the rules:
// every field in range, cubes where they may be, flags that the turn order
// allows, scores that the rounds played allow, and the end of the game
// where the rules put it. Errors wrap engine.ErrBadState.
func (g *Game) DecodeState(data []byte) (engine.State, error) {
	var j stateJSON
	if err := states.Decode(data, &j); err != nil {
		return nil, err
	}
	s, err := g.fromJSON(&j)
	if err != nil {
		return nil, err
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	return s, nil
}

func (g *Game) fromJSON(j *stateJSON) (*State, error) {
	s := &State{g: g}
	switch {
	case j.Round < 1 || j.Round > g.rounds:
		return nil, states.Bad("round %d, want 1..%d", j.Round, g.rounds)
	case j.First < -1 || j.First >= g.n:
		return nil, states.Bad("first %d, want -1..%d", j.First, g.n-1)
	case j.Turn < -1 || j.Turn >= g.n:
		return nil, states.Bad("turn %d, want -1..%d", j.Turn, g.n-1)
	case j.ActionsLeft < 0 || j.ActionsLeft > 2:
		return nil, states.Bad("actions_left %d, want 0..2", j.ActionsLeft)
	case j.Selected < 0 || j.Selected > CubesPerTeam:
		return nil, states.Bad("selected %d, want 0..%d", j.Selected, CubesPerTeam)
	case j.Backs < 0 || j.Backs > g.backs:
		return nil, states.Bad("backs %d, want 0..%d (the game allows %d a turn)", j.Backs, g.backs, g.backs)
	case len(j.Teams) != g.n:
		return nil, states.Bad("%d teams, want %d", len(j.Teams), g.n)
	}
	s.round, s.first, s.turn, s.left = int16(j.Round), int8(j.First), int8(j.Turn), int8(j.ActionsLeft)
	s.sel, s.backs, s.target, s.over, s.truncated = int8(j.Selected-1), int8(j.Backs), j.Attacking, j.Over, j.Truncated
	for t, tj := range j.Teams {
		if tj.Team != string(teamLetters[t]) {
			return nil, states.Bad("team %d is %q, want %q", t, tj.Team, string(teamLetters[t]))
		}
		if tj.Score < 0 || tj.Score > 1<<30 {
			return nil, states.Bad("team %s: score %d out of range", tj.Team, tj.Score)
		}
		s.score[t] = int32(tj.Score)
		for _, c := range tj.Cubes {
			name := fmt.Sprintf("cube %s%d", tj.Team, c.Slot)
			if c.Slot < 1 || c.Slot > CubesPerTeam {
				return nil, states.Bad("team %s: cube slot %d, want 1..%d", tj.Team, c.Slot, CubesPerTeam)
			}
			pc := &s.pieces[t][c.Slot-1]
			if pc.lives != 0 {
				return nil, states.Bad("%s is listed twice", name)
			}
			p := g.board.Index(c.Planet)
			if p < 0 || g.board.Planets[p].Name != c.Planet {
				return nil, states.Bad("%s: unknown planet %q", name, c.Planet)
			}
			w := slices.Index(weaponNames[:], c.Weapon)
			if w < 0 {
				return nil, states.Bad("%s: weapon %q, want none, short or long", name, c.Weapon)
			}
			if c.Lives < 1 || c.Lives > 2 {
				return nil, states.Bad("%s: %d lives, want 1 or 2", name, c.Lives)
			}
			*pc = piece{planet: int8(p), lives: int8(c.Lives), weapon: Weapon(w)}
			if c.Activated {
				pc.used |= usedActivate
			}
			if c.Attacked {
				pc.used |= usedAttack
			}
		}
	}
	return s, nil
}

// validate checks a decoded state against the rules.
func (s *State) validate() error {
	g := s.g
	for t := 0; t < g.n; t++ {
		if s.Supply(t) < 0 {
			return states.Bad("team %c has %d cubes in play, more than its %d", teamLetters[t], CubesPerTeam-s.Supply(t), CubesPerTeam)
		}
		for i, pc := range s.pieces[t] {
			if pc.lives == 0 {
				continue
			}
			name := PieceName(t, i)
			if g.board.kind[pc.planet] == Start {
				switch {
				case g.owner[pc.planet] != int8(t):
					return states.Bad("%s is on %s, which is not its team's Starting planet", name, g.board.Planets[pc.planet].Name)
				case pc.weapon != NoWeapon || pc.lives != 1 || pc.used != 0:
					return states.Bad("%s on its Starting planet has a weapon, 2 lives or a used action: cubes enter bare and never come back", name)
				}
			}
			if pc.used&usedAttack != 0 && pc.weapon == NoWeapon {
				return states.Bad("%s attacked without a weapon", name)
			}
		}
	}
	completed := int(s.round) - 1
	if s.over {
		completed++
	}
	for t := 0; t < g.n; t++ {
		if int(s.score[t]) > completed*g.maxRoundPoints {
			return states.Bad("team %c has %d points after %d rounds (at most %d a round)", teamLetters[t], s.score[t], completed, g.maxRoundPoints)
		}
	}
	if g.first >= 0 && int(s.first) != g.first {
		return states.Bad("first is %d but the game fixes first=%d", s.first, g.first)
	}
	_, lead := s.leader()
	switch {
	case s.over:
		return s.validateOver(lead)
	case s.truncated:
		return states.Bad("truncated but not over")
	case lead:
		return states.Bad("a team leads with the goal reached, so the game should be over")
	case s.first < 0:
		want := g.initial()
		want.first, want.turn, want.left, want.sel = -1, -1, 0, -1
		if *s != want {
			return states.Bad("before the first player is drawn, the state must be the initial one")
		}
		return nil
	}
	return s.validateTurn()
}

func (s *State) validateOver(lead bool) error {
	switch {
	case s.turn != -1 || s.left != 0 || s.sel != -1 || s.backs != 0 || s.target:
		return states.Bad("the game is over but turn, actions_left, selected, backs or attacking are set")
	case s.first < 0:
		return states.Bad("the game is over before the first player was drawn")
	case s.truncated && lead:
		return states.Bad("truncated although a team leads with the goal reached")
	case s.truncated && int(s.round) != s.g.rounds:
		return states.Bad("truncated in round %d, but the limit is %d", s.round, s.g.rounds)
	case !s.truncated && !lead:
		return states.Bad("over, but no team leads with %d points or more", s.g.goal)
	}
	for t := 0; t < s.g.n; t++ {
		for i, pc := range s.pieces[t] {
			if pc.used != 0 {
				return states.Bad("%s has a used action after the last round was scored", PieceName(t, i))
			}
		}
	}
	return nil
}

func (s *State) validateTurn() error {
	g := s.g
	n := g.n
	switch {
	case s.turn < 0:
		return states.Bad("no seat to act in a game in progress")
	case !s.hasPieces(s.turn):
		return states.Bad("team %c is to act but has no cube in play", teamLetters[s.turn])
	case s.left < 1:
		return states.Bad("actions_left %d for the seat to act, want 1 or 2", s.left)
	case s.sel >= 0 && s.pieces[s.turn][s.sel].lives == 0:
		return states.Bad("selected cube %s is not in play", PieceName(int(s.turn), int(s.sel)))
	case s.target && s.sel < 0:
		return states.Bad("attacking without a selected cube")
	case s.target && !s.canAttack(s.turn, s.sel):
		return states.Bad("selected cube %s cannot attack", PieceName(int(s.turn), int(s.sel)))
	}
	// Teams after the seat to act (in this round's order) have not played:
	// they cannot have used an action. The seat to act has used at most one
	// action per action spent.
	for r := 1; r < n; r++ {
		t := (int(s.turn) + r) % n
		if t == int(s.first) {
			break
		}
		for i, pc := range s.pieces[t] {
			if pc.used != 0 {
				return states.Bad("%s has a used action but team %c has not played this round", PieceName(t, i), teamLetters[t])
			}
		}
	}
	used := 0
	for _, pc := range s.pieces[s.turn] {
		used += bitsOf(pc.used)
	}
	if used > 2-int(s.left) {
		return states.Bad("team %c used %d actions with %d of 2 left", teamLetters[s.turn], used, s.left)
	}
	return nil
}

func bitsOf(u uint8) int {
	n := 0
	for ; u != 0; u &= u - 1 {
		n++
	}
	return n
}

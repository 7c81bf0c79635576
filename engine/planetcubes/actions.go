package planetcubes

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

// The action space (decision nodes), in order:
//
//	0                          end: end the turn, giving up the actions left
//	1 .. 20                    select cube slot 0..19 of the team to act
//	21 .. 21+D-1               move the selected cube along its k-th orbit
//	                           (links sorted by planet index; D = the board's
//	                           largest number of orbits at one planet)
//	21+D                       activate the benefit of the selected cube's planet
//	22+D                       attack with the selected cube (a target follows)
//	23+D                       back: take back the last decision of the
//	                           action under way (unselect the cube, or cancel
//	                           the attack and choose again what the cube does)
//	24+D .. 24+D+20(n-1)-1     hit cube slot s of the team r seats after the
//	                           attacker (r = 1..n-1): 24+D + 20(r-1) + s
//
// At chance nodes action t makes seat t the first player.
//
// An action of the rules (move, activate, attack) is two or three decisions:
// select a cube, then what it does, then (for an attack) the target. Until
// the last of them nothing has happened: "end" stays legal, and "back" takes
// the last decision back, at most Game.Backs times a turn (so that a turn,
// and the game, stays finite).

// ActionEnd ends the turn of the player to move.
const ActionEnd engine.Action = 0

// Team letters and colours by seat, clockwise.
const teamLetters = "RBGYPO"

var teamColours = [MaxTeams]string{"Red", "Blue", "Green", "Yellow", "Purple", "Orange"}

// TeamLetter is the letter that names seat t's team in strings: R, B, G, Y, P, O.
func TeamLetter(t int) byte { return teamLetters[t] }

// TeamColour is seat t's colour: Red, Blue, Green, Yellow, Purple, Orange.
func TeamColour(t int) string { return teamColours[t] }

// PieceName names cube slot s of seat t, e.g. "R3" for slot 2 of seat 0.
func PieceName(t, s int) string { return string(teamLetters[t]) + strconv.Itoa(s+1) }

func (g *Game) moveBase() int       { return 1 + CubesPerTeam }
func (g *Game) activateAct() int    { return g.moveBase() + g.board.maxDeg }
func (g *Game) attackAct() int      { return g.activateAct() + 1 }
func (g *Game) backAct() int        { return g.attackAct() + 1 }
func (g *Game) targetBase() int     { return g.backAct() + 1 }
func (g *Game) numTargets() int     { return (g.n - 1) * CubesPerTeam }
func (g *Game) isSelect(a int) bool { return a >= 1 && a <= CubesPerTeam }

// SelectAction selects cube slot s (0..19) of the team to act.
func (g *Game) SelectAction(s int) engine.Action { return engine.Action(1 + s) }

// MoveAction moves the selected cube along its k-th orbit (0-based, links
// sorted by planet index).
func (g *Game) MoveAction(k int) engine.Action { return engine.Action(g.moveBase() + k) }

// ActivateAction activates the benefit of the selected cube's planet.
func (g *Game) ActivateAction() engine.Action { return engine.Action(g.activateAct()) }

// AttackAction starts an attack by the selected cube.
func (g *Game) AttackAction() engine.Action { return engine.Action(g.attackAct()) }

// BackAction takes back the last decision of the action under way: it
// unselects the selected cube, or cancels an attack before its target is
// chosen.
func (g *Game) BackAction() engine.Action { return engine.Action(g.backAct()) }

// TargetAction hits cube slot s of the team rel seats after the attacker
// (rel 1..n-1).
func (g *Game) TargetAction(rel, s int) engine.Action {
	return engine.Action(g.targetBase() + (rel-1)*CubesPerTeam + s)
}

// ActionKind is what an action does.
type ActionKind int8

// The kinds of action.
const (
	KindInvalid ActionKind = iota
	KindEnd
	KindSelect
	KindMove
	KindActivate
	KindAttack
	KindBack
	KindTarget
)

// DecodeAction splits an action of a decision node into its kind and
// arguments: the slot (select), the orbit index (move), or the relative
// team and slot (target).
func (g *Game) DecodeAction(a engine.Action) (kind ActionKind, x, y int) {
	i := int(a)
	switch {
	case i == 0:
		return KindEnd, 0, 0
	case g.isSelect(i):
		return KindSelect, i - 1, 0
	case i >= g.moveBase() && i < g.activateAct():
		return KindMove, i - g.moveBase(), 0
	case i == g.activateAct():
		return KindActivate, 0, 0
	case i == g.attackAct():
		return KindAttack, 0, 0
	case i == g.backAct():
		return KindBack, 0, 0
	case i >= g.targetBase() && i < g.targetBase()+g.numTargets():
		t := i - g.targetBase()
		return KindTarget, 1 + t/CubesPerTeam, t % CubesPerTeam
	}
	return KindInvalid, 0, 0
}

// ActionString names an action: "first R" at the chance node; "end", a cube
// to select ("R3"), "move L2", "activate", "attack", "back", or "hit B5".
func (s *State) ActionString(a engine.Action) string {
	g := s.g
	if s.first < 0 && !s.over {
		if a >= 0 && int(a) < g.n {
			return "first " + string(teamLetters[a])
		}
		return "#" + strconv.Itoa(int(a))
	}
	kind, x, y := g.DecodeAction(a)
	switch kind {
	case KindEnd:
		return "end"
	case KindSelect:
		if s.turn >= 0 {
			return PieceName(int(s.turn), x)
		}
	case KindMove:
		if s.sel >= 0 {
			p := s.pieces[s.turn][s.sel].planet
			if x < int(g.board.deg[p]) {
				return "move " + g.board.Planets[g.board.adj[p][x]].Name
			}
		}
		return "move #" + strconv.Itoa(x)
	case KindActivate:
		return "activate"
	case KindAttack:
		return "attack"
	case KindBack:
		return "back"
	case KindTarget:
		if s.turn >= 0 {
			return "hit " + PieceName((int(s.turn)+x)%g.n, y)
		}
	}
	return "#" + strconv.Itoa(int(a))
}

package planetcubes

import "github.com/moongym/moongym/engine"

var _ engine.ActionLabeler = (*State)(nil)

// cubeWords names cube slot c of team t with the planet it stands on: "R3
// on L4".
func (s *State) cubeWords(t, c int) string {
	return PieceName(t, c) + " on " + s.g.board.Planets[s.pieces[t][c].planet].Name
}

// ActionLabel says what an action does for the team to act: "select R3 on
// L4", "move R3 to L5", "activate L4: Life-up", "attack with R3", "hit B2
// on L5"; at the start, which team throws first.
func (s *State) ActionLabel(a engine.Action) string {
	g := s.g
	if s.first < 0 && !s.over {
		if a >= 0 && int(a) < g.n {
			return "the " + teamColours[a] + " team plays first"
		}
		return ""
	}
	if s.turn < 0 {
		return ""
	}
	t := int(s.turn)
	kind, x, y := g.DecodeAction(a)
	switch kind {
	case KindEnd:
		return "end the turn"
	case KindSelect:
		return "select " + s.cubeWords(t, x)
	case KindMove:
		if s.sel >= 0 {
			p := s.pieces[t][s.sel].planet
			if x < int(g.board.deg[p]) {
				return "move " + PieceName(t, int(s.sel)) + " to " + g.board.Planets[g.board.adj[p][x]].Name
			}
		}
	case KindActivate:
		if s.sel >= 0 {
			p := g.board.Planets[s.pieces[t][s.sel].planet]
			return "activate " + p.Name + ": " + p.Kind.Title()
		}
	case KindAttack:
		if s.sel >= 0 {
			return "attack with " + PieceName(t, int(s.sel))
		}
	case KindBack:
		return "take back the last choice"
	case KindTarget:
		return "hit " + s.cubeWords((t+x)%g.n, y)
	}
	return ""
}

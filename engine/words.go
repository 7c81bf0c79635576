package engine

import "strconv"

// ActionLabeler is implemented by states that can name an action in a
// player's words ("jump 2: add a blue die", "write 7 on space 12"), for
// buttons, hints and logs meant for people. ActionString stays the
// action's name for programs (parsed back by ParseAction); a label need
// not be unique nor parseable.
type ActionLabeler interface {
	// ActionLabel labels legal action a of the player to move in this
	// state, as that player sees it.
	ActionLabel(a Action) string
}

// ActionLabel labels action a in s for a person: s.ActionLabel(a) when
// the game labels its actions, else s.ActionString(a).
func ActionLabel(s State, a Action) string {
	if v, ok := s.(ActionLabeler); ok {
		if l := v.ActionLabel(a); l != "" {
			return l
		}
	}
	return s.ActionString(a)
}

// ActionLabelFor labels action a in s for seat p, for a log or a replay
// that p reads: the label when p is the player to move (a label speaks to
// the mover and may name what only the mover knows: its own card) or when
// the game hides nothing (s is neither a PlayerViewer nor a ToMoveViewer:
// every seat, and a p that is no seat, may know what the mover knows),
// else the action's name as p may know it (ActionStringFor).
func ActionLabelFor(s State, p Player, a Action) string {
	if !hides(s) || p >= 0 && s.CurrentPlayer() == p {
		return ActionLabel(s, a)
	}
	return ActionStringFor(s, p, a)
}

// hides says whether s may hide something from a seat: what was played
// (PlayerViewer) or who plays (ToMoveViewer).
func hides(s State) bool {
	_, what := s.(PlayerViewer)
	_, who := s.(ToMoveViewer)
	return what || who
}

// Resulter is implemented by terminal states that can say how the game
// ended as one sentence for seat p ("You won 64-0.", "The team lost: the
// base fell on turn 5."), with the final scores where the game has them.
type Resulter interface {
	// Result says how the game ended for seat p; "" when the state is not
	// terminal.
	Result(p Player) string
}

// Result says how s ended for seat p: s.Result(p) when the game says it,
// else ResultText; "" while s is not terminal.
func Result(s State, p Player) string {
	if !s.IsTerminal() {
		return ""
	}
	if v, ok := s.(Resulter); ok {
		if r := v.Result(p); r != "" {
			return r
		}
	}
	return ResultText(s, p)
}

// ResultText says how s ended for seat p from its Returns and Scores, for
// games without a Resulter: won, lost or drew against one opponent ("You
// won 64-0."), the place among more ("You came 2nd of 4 with 31 points
// (winner: p3, 40)."), for a p that is no seat who won. Scores are left
// out where the game has none (all zero). "" while s is not terminal.
func ResultText(s State, p Player) string { return ResultNamed(s, p, Player.String) }

// ResultNamed is ResultText with the other players named by name ("the
// Red team", "ASTRA") rather than p0, p1, ...
func ResultNamed(s State, p Player, name func(Player) string) string {
	if !s.IsTerminal() {
		return ""
	}
	ret := s.Returns(nil)
	sc := s.Scores(nil)
	n := len(ret)
	scored := false
	for _, v := range sc {
		scored = scored || v != 0
	}
	scored = scored && len(sc) == n
	pts := func(q int) string {
		if !scored {
			return ""
		}
		return " with " + Points(sc[q])
	}
	if n == 0 {
		return "Game over."
	}
	best := 0
	for q := range ret {
		if ret[q] > ret[best] {
			best = q
		}
	}
	if p < 0 || int(p) >= n {
		w := name(Player(best)) + " won" + pts(best) + "."
		if ties(ret, best) > 1 {
			w = "A draw" + pts(best) + "."
		}
		return w
	}
	q := int(p)
	switch {
	case n == 1:
		word := "The game is over"
		switch {
		case ret[q] > 0:
			word = "You won"
		case ret[q] < 0:
			word = "You lost"
		}
		return word + pts(q) + "."
	case n == 2:
		word := "You drew"
		switch {
		case ret[q] > ret[1-q]:
			word = "You won"
		case ret[q] < ret[1-q]:
			word = "You lost"
		}
		switch {
		case scored && (sc[q] < 0 || sc[1-q] < 0):
			word += " " + Num(sc[q]) + " to " + Num(sc[1-q])
		case scored:
			word += " " + Num(sc[q]) + "-" + Num(sc[1-q])
		}
		return word + "."
	}
	place := 1
	for r := range ret {
		if ret[r] > ret[q] {
			place++
		}
	}
	of := " of " + strconv.Itoa(n)
	switch {
	case place == 1 && ties(ret, q) > 1:
		return "You tied for 1st" + of + pts(q) + "."
	case place == 1:
		return "You won, 1st" + of + pts(q) + "."
	}
	w := " (winner: " + name(Player(best))
	if scored {
		w += ", " + Num(sc[best])
	}
	return "You came " + Ordinal(place) + of + pts(q) + w + ")."
}

// ties counts the players whose return equals q's.
func ties(ret []float64, q int) int {
	n := 0
	for _, v := range ret {
		if v == ret[q] {
			n++
		}
	}
	return n
}

// Ordinal writes n as 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st.
func Ordinal(n int) string {
	suf := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suf = "st"
	case n%10 == 2:
		suf = "nd"
	case n%10 == 3:
		suf = "rd"
	}
	return strconv.Itoa(n) + suf
}

// Num writes a score: an integer without decimals, else as short as it
// reads back.
func Num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Points writes a score with its unit: "1 point", "31 points".
func Points(v float64) string {
	if v == 1 {
		return "1 point"
	}
	return Num(v) + " points"
}

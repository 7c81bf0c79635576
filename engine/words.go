package engine

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

// Resulter is implemented by terminal states that can say how the game
// ended as one sentence for seat p ("You won 64-0.", "The team lost: the
// base fell on turn 5."), with the final scores where the game has them.
type Resulter interface {
	// Result says how the game ended for seat p; "" when the state is not
	// terminal.
	Result(p Player) string
}

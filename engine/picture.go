package engine

// Picturer is implemented by states that can draw themselves as a picture:
// an SVG document (UTF-8 XML, a root <svg> element with a viewBox), with a
// legend, readable at 800 pixels wide. Elements a person may click carry
// data-action="N", the action they play.
type Picturer interface {
	// SVG draws the whole state, as String does in text.
	SVG() []byte
}

// PlayerPicturer is implemented by states with hidden information that can
// draw what one seat may see, as StringFor does in text.
type PlayerPicturer interface {
	Picturer
	// SVGFor draws the state as seat p may see it.
	SVGFor(p Player) []byte
}

// SVG draws s, and false when its game draws no pictures.
func SVG(s State) ([]byte, bool) {
	if v, ok := s.(Picturer); ok {
		return v.SVG(), true
	}
	return nil, false
}

// SVGFor draws s as seat p may see it: s.SVGFor(p) when the game hides
// information, else s.SVG(); false when the game draws no pictures.
func SVGFor(s State, p Player) ([]byte, bool) {
	if v, ok := s.(PlayerPicturer); ok {
		return v.SVGFor(p), true
	}
	return SVG(s)
}

// EventLogger is implemented by states that can say in words what an
// action did: pieces moved, hit, destroyed, points scored, a new round, the
// end. The effects are derived from the state before the action (the
// receiver) and the state after it, so the rules need not record them.
type EventLogger interface {
	// Effects says what the action that led from this state to after did,
	// as every seat may see it: nothing hidden from any seat (the action
	// itself is named by Events and EventsFor).
	Effects(after State) []string
}

// Events says what action a did when played in before, leading to after:
// who played it and its name ("p0: b2", "chance: roll 6"), then the game's
// effects when it logs them.
func Events(before State, a Action, after State) []string {
	return events(before, before.CurrentPlayer(), before.ActionString(a), after)
}

// EventsFor says what seat p may know of action a played in before: as
// Events, with the mover as p may know it (CurrentPlayerFor: "others" for a
// Hidden one) and the action named as p sees it (ActionStringFor).
func EventsFor(p Player, before State, a Action, after State) []string {
	return events(before, CurrentPlayerFor(before, p), ActionStringFor(before, p, a), after)
}

func events(before State, who Player, name string, after State) []string {
	ev := []string{who.String() + ": " + name}
	if v, ok := before.(EventLogger); ok {
		ev = append(ev, v.Effects(after)...)
	}
	return ev
}

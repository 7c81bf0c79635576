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
// action did: pieces moved, hit, destroyed, points scored, dice rolled. The
// events are derived from the state before the action (the receiver), the
// action and the state after it, so the rules need not record them.
type EventLogger interface {
	// Events says what action a, played in this state, did; after is the
	// state it led to.
	Events(a Action, after State) []string
	// EventsFor says what seat p may know of it: nothing hidden from p.
	EventsFor(p Player, a Action, after State) []string
}

// Events says what action a did when played in before, leading to after:
// the game's events when it logs them, else the action's name.
func Events(before State, a Action, after State) []string {
	if v, ok := before.(EventLogger); ok {
		return v.Events(a, after)
	}
	return []string{before.ActionString(a)}
}

// EventsFor says what seat p may know of action a played in before: the
// game's events for p when it logs them, else the action's name as p sees
// it.
func EventsFor(p Player, before State, a Action, after State) []string {
	if v, ok := before.(EventLogger); ok {
		return v.EventsFor(p, a, after)
	}
	return []string{ActionStringFor(before, p, a)}
}

package engine

import "fmt"

// Hidden is the player to act as a seat is told it while another seat makes
// a secret choice and which seat that is stays secret too: in a game whose
// players choose simultaneously, the engine takes the choices seat after
// seat, and a seat that needs a follow-up decision acts again where another
// would hand over, so the seat to act would tell the others what was chosen.
// It is never a State's CurrentPlayer; only CurrentPlayerFor returns it.
const Hidden Player = -3

// ToMoveViewer is implemented by games in which the seat to act can tell
// another seat something it may not know (simultaneous secret choices taken
// seat by seat, some needing more decisions than others).
type ToMoveViewer interface {
	// CurrentPlayerFor is the player to act as seat p may know it: p itself
	// when p is to act, Hidden while a seat other than p makes a secret
	// choice, else CurrentPlayer (Chance, Terminal, or a seat acting in
	// public).
	CurrentPlayerFor(p Player) Player
}

// CurrentPlayerFor is the player to act in s as seat p may know it:
// s.CurrentPlayerFor(p) when the game implements ToMoveViewer, else
// s.CurrentPlayer().
func CurrentPlayerFor(s State, p Player) Player {
	if v, ok := s.(ToMoveViewer); ok {
		return v.CurrentPlayerFor(p)
	}
	return s.CurrentPlayer()
}

// SeenMove is one entry of a game's history as a seat may know it.
type SeenMove struct {
	// Player moved, as the viewer may know it (CurrentPlayerFor): a seat,
	// Chance, or Hidden.
	Player Player
	// Name is ActionStringFor(viewer): the full name when the viewer may
	// know the action, else a vague form.
	Name string
	// Label is ActionLabelFor(viewer): the action in the mover's words
	// ("write 7 on space 12") when the viewer moved, else Name (a label
	// may name what only the mover knows).
	Label string
	// Action is the action played, when Known.
	Action Action
	// Known says the name is the action's full name (ActionString), so the
	// viewer may be told Action.
	Known bool
	// Events is EventsFor(viewer): the mover and the name, then what the
	// entry's actions did.
	Events []string
	// First is the index of the entry's first action among the actions
	// told (counted from the first action given to AppendSeen), and Actions
	// how many it stands for: 1, or more for a run of secret moves by
	// hidden seats. They are for the caller's bookkeeping (which entries
	// some actions made): never show them to the viewer, since how many
	// decisions were taken can tell what was chosen.
	First, Actions int
}

// AppendSeen adds to h the action a, played in before and leading to after,
// as seat viewer may know it. An action whose mover is Hidden to the viewer
// and named as the last entry, also a Hidden mover's, joins that entry (its
// effects, if any, are added to the entry's events); any other action is an
// entry of its own. A front end that lists a game's moves for a seat lists
// these entries, as Told cuts them: one line per action would tell, by
// counting, how many decisions the hidden seats took.
func AppendSeen(h []SeenMove, viewer Player, before State, a Action, after State) []SeenMove {
	who := CurrentPlayerFor(before, viewer)
	name := ActionStringFor(before, viewer, a)
	ev := EventsFor(viewer, before, a, after)
	n := len(h)
	if who == Hidden && n > 0 && h[n-1].Player == Hidden && h[n-1].Name == name {
		last := &h[n-1]
		last.Events = append(last.Events, ev[1:]...)
		last.Actions++
		last.Known = false
		return h
	}
	m := SeenMove{Player: who, Name: name, Label: ActionLabelFor(before, viewer, a), Events: ev, Actions: 1}
	if n > 0 {
		m.First = h[n-1].First + h[n-1].Actions
	}
	if name == before.ActionString(a) {
		m.Action, m.Known = a, true
	}
	return append(h, m)
}

// Told is what seat viewer may be shown of h, the entries (AppendSeen) of
// the actions that led to s: all of them, except a last entry of hidden
// seats' secret moves while they go on (the viewer is told Hidden in s).
// That entry appears when the run ends (the viewer's turn, or the moves are
// revealed): shown earlier, it would tell that the seat choosing took a
// decision and needs another, where a seat whose choice needs none would
// have handed over.
func Told(h []SeenMove, s State, viewer Player) []SeenMove {
	if n := len(h); n > 0 && h[n-1].Player == Hidden && CurrentPlayerFor(s, viewer) == Hidden {
		return h[:n-1]
	}
	return h
}

// HistoryFor replays actions, each checked, from g's initial state and tells
// them as seat viewer may be shown them in the final state: Told of the
// AppendSeen entries. It returns the entries and the final state; an action
// that does not apply is an error wrapping ErrBadRecord.
func HistoryFor(g Game, actions []Action, viewer Player) ([]SeenMove, State, error) {
	s := g.NewInitialState()
	var h []SeenMove
	for i, a := range actions {
		before := s.Clone()
		if err := ApplyChecked(s, a); err != nil {
			return nil, nil, fmt.Errorf("%w: action %d of %d: %w", ErrBadRecord, i+1, len(actions), err)
		}
		h = AppendSeen(h, viewer, before, a, s)
	}
	return Told(h, s, viewer), s, nil
}

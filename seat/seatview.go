package seat

import (
	"fmt"
	"slices"
	"time"

	"github.com/moongym/moongym/engine"
)

// SeatView is a session as one seat may see it, for a front end that shows
// a person only what their seat may know in a game with hidden information
// (programmed cards, cards in hand, choices revealed at the end of a turn).
// Unlike View it has no state JSON, no action ids of moves the seat cannot
// see, no seed (the seed would tell every chance outcome), and it draws the
// state with engine.StringFor.
type SeatView struct {
	Session string        `json:"session"`
	Game    string        `json:"game"`
	Params  engine.Params `json:"params"`
	Seats   []SeatInfo    `json:"seats"`
	// Seat is the seat whose view this is.
	Seat         int  `json:"seat"`
	ManualChance bool `json:"manual_chance,omitempty"`
	// ToMove, ToMoveName, HumanToMove and Terminal are as in View.
	ToMove      int    `json:"to_move"`
	ToMoveName  string `json:"to_move_name"`
	HumanToMove bool   `json:"human_to_move"`
	Terminal    bool   `json:"terminal"`
	// Legal lists Seat's legal actions when Seat is to move, and is empty
	// otherwise (another player's legal actions can tell its hidden cards).
	Legal []LegalAction `json:"legal"`
	// Labels are Legal's actions in Seat's words, one for each
	// (engine.ActionLabel: "write 7 on space 12" where the name is
	// "7@12"), for buttons and hints; not unique, not parseable.
	Labels []string `json:"labels"`
	// Scores are the game points, given for games without hidden
	// information and at the end (during a game with hidden information
	// they may count what the others chose in secret).
	Scores []float64 `json:"scores,omitempty"`
	// Returns are the utilities (zero until the end).
	Returns []float64 `json:"returns"`
	// Result, once the game is over, says how it ended for Seat, in a
	// sentence with the final scores ("You won 64-0."; engine.Result).
	Result string `json:"result,omitempty"`
	// Text is engine.StringFor(state, Seat): the state drawn as Seat may see it.
	Text string `json:"text"`
	// SVG is engine.SVGFor(state, Seat): the picture of what Seat may see,
	// when the game draws pictures.
	SVG string `json:"svg,omitempty"`
	// History is every action since the initial state as Seat saw it played.
	History []SeenMove `json:"history"`
	// Moves, in the answer of a move request with seat_view, are the
	// actions that request played (the end of History).
	Moves []SeenMove `json:"moves,omitempty"`
	// Tokens are the session's capabilities, in the answer of a start with
	// seat_view only.
	Tokens *Tokens `json:"tokens,omitempty"`
}

// SeenMove is one action of a game as a seat saw it played, or a run of
// other seats' secret decisions that the seat may not count.
type SeenMove struct {
	// Player is the seat that moved, -1 for a chance outcome, or -3 for
	// other seats whose secret choices the seat may not tell apart (which
	// seat, how many decisions; engine.Hidden).
	Player int `json:"player"`
	// By is "human" or "ai" (the kind of that seat), "chance", or "others"
	// (Player -3).
	By string `json:"by"`
	// Action is the action's id, left out when the seat may not know which
	// action it was.
	Action *engine.Action `json:"action,omitempty"`
	// Name is engine.ActionStringFor: the full name when the seat may know
	// the action, else a vague form such as "a face-down card on G1 phase 2".
	Name string `json:"name"`
	// Label is engine.ActionLabelFor: the action in the words of the seat
	// that moved ("write 7 on space 12") when that seat is the viewer, else
	// Name (a label may name what only the mover knows, such as its own
	// card); for a log meant for people, with Name kept for programs.
	Label string `json:"label"`
	// Events is engine.EventsFor: what the action did, as the seat may
	// know it (pieces moved, hit, destroyed, points scored).
	Events []string `json:"events,omitempty"`

	// first and actions are the session's actions the entry stands for
	// (engine.SeenMove's bookkeeping), never shown.
	first, actions int
}

// GetRequest reads a session (stdio; over HTTP the seat is the query's ?seat=N).
type GetRequest struct {
	// Seat, if given, asks for that seat's view (a SeatView) instead of the
	// whole session (a View).
	Seat *int `json:"seat,omitempty"`
}

// DecodeGet reads and checks the fields of a get request (without op, id
// and session).
func DecodeGet(data []byte) (GetRequest, error) {
	var r GetRequest
	if err := decodeStrict(data, &r); err != nil {
		return r, err
	}
	if r.Seat != nil && *r.Seat < 0 {
		return r, fmt.Errorf("%w: seat %d is negative", ErrBadRequest, *r.Seat)
	}
	return r, nil
}

// GetSeat describes a session as seat may see it. It needs that seat's
// token or the creator's.
func (sv *Service) GetSeat(c Caller, id string, seat int) (SeatView, error) {
	s, ro, err := sv.open(c, id)
	if err != nil {
		return SeatView{}, err
	}
	if err := ro.needSeat(seat, "the view"); err != nil {
		return SeatView{}, err
	}
	return s.seatView(sv.now(), seat)
}

// seatView takes a copy of the session under mu and describes it outside,
// so that replaying the history does not hold up the session.
func (s *session) seatView(now time.Time, seat int) (SeatView, error) {
	if n := s.game.NumPlayers(); seat < 0 || seat >= n {
		return SeatView{}, fmt.Errorf("%w: seat %d: %s has seats 0 to %d", ErrBadRequest, seat, s.game.Spec().Name, n-1)
	}
	s.mu.Lock()
	st, actions := s.state.Clone(), slices.Clone(s.actions)
	s.lastUsed = now
	human := s.humanToMove(st)
	s.mu.Unlock()

	viewer := engine.Player(seat)
	p := engine.CurrentPlayerFor(st, viewer) // Hidden: another seat chooses in secret
	if p == engine.Hidden {
		human = false // whether a person is to move would tell who
	}
	v := SeatView{
		Session:      s.id,
		Game:         s.game.Spec().Name,
		Params:       s.game.Params(),
		Seat:         seat,
		ManualChance: s.manualChance,
		ToMove:       int(p),
		ToMoveName:   p.String(),
		HumanToMove:  human,
		Terminal:     st.IsTerminal(),
		Legal:        []LegalAction{},
		Labels:       []string{},
		Returns:      st.Returns(nil),
		Text:         engine.StringFor(st, viewer),
	}
	if svg, ok := engine.SVGFor(st, viewer); ok {
		v.SVG = string(svg)
	}
	for i, spec := range s.seats {
		v.Seats = append(v.Seats, SeatInfo{Seat: i, Agent: spec})
	}
	if p == viewer {
		v.Legal = legalOf(st)
		v.Labels = labelsOf(st, v.Legal)
	}
	if v.Terminal {
		v.Result = engine.Result(st, viewer)
	}
	if _, hidden := st.(engine.PlayerViewer); !hidden || v.Terminal {
		v.Scores = st.Scores(nil)
	}
	history, err := s.history(actions, viewer)
	if err != nil {
		return SeatView{}, err
	}
	v.History = history
	return v, nil
}

// history replays actions from the initial state and tells them as viewer
// may be shown them (engine.HistoryFor: a run of other seats' secret
// decisions is one entry, told once it ends).
func (s *session) history(actions []engine.Action, viewer engine.Player) ([]SeenMove, error) {
	seen, _, err := engine.HistoryFor(s.game, actions, viewer)
	if err != nil {
		return nil, fmt.Errorf("%w: the session's actions do not replay: %w", ErrInternal, err)
	}
	out := make([]SeenMove, 0, len(seen))
	for _, e := range seen {
		m := SeenMove{Player: int(e.Player), By: "chance", Name: e.Name, Label: e.Label, Events: e.Events, first: e.First, actions: e.Actions}
		switch {
		case e.Player == engine.Hidden:
			m.By = "others"
		case e.Player >= 0:
			m.By = "ai"
			if s.seats[e.Player] == Human {
				m.By = Human
			}
		}
		if e.Known {
			a := e.Action
			m.Action = &a
		}
		out = append(out, m)
	}
	return out, nil
}

// movesOf is the end of a history that the last n of its game's actions
// made (a run of secret decisions that began earlier comes whole).
func movesOf(h []SeenMove, total, n int) []SeenMove {
	i := len(h)
	for i > 0 && h[i-1].first+h[i-1].actions > total-n {
		i--
	}
	return h[i:]
}

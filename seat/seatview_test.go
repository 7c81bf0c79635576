package seat

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// getSeat asks for seat's view: ?seat=N over HTTP, "seat": N over stdio.
func getSeat(t *testing.T, c client, session string, seat int) (SeatView, json.RawMessage) {
	t.Helper()
	var data json.RawMessage
	var e *Error
	if h, ok := c.(*httpClient); ok {
		data, e = h.rawAs(t, h.keys.token(session), "GET", "/v1/sessions/"+session+"?seat="+strconv.Itoa(seat), nil)
	} else {
		data, e = c.do(t, "get", session, map[string]any{"seat": seat})
	}
	if e != nil {
		t.Fatalf("%s: seat %d view: %s: %s", c.name(), seat, e.Code, e.Message)
	}
	var v SeatView
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields() // no field of View that SeatView lacks (state, actions, seed)
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: decoding %.300s: %v", c.name(), data, err)
	}
	return v, data
}

// checkSeatView checks seat's view against the session's full view: the
// drawing, the picture, every name and every move's events come from the
// engine's PlayerViewer, PlayerPicturer and EventLogger helpers, an
// action id is given exactly when the name is the full one, and nothing of
// the state JSON, the action list or the seed is there.
func checkSeatView(t *testing.T, g engine.Game, full View, v SeatView, raw json.RawMessage, seat int) (hidden int) {
	t.Helper()
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"state", "actions", "seed", "chance"} {
		if _, ok := keys[k]; ok {
			t.Errorf("seat view has %q", k)
		}
	}
	st, err := engine.ReplayActions(g, full.Actions)
	if err != nil {
		t.Fatal(err)
	}
	viewer := engine.Player(seat)
	if v.Seat != seat || v.Text != engine.StringFor(st, viewer) {
		t.Errorf("seat %d text\n%s\nwant\n%s", v.Seat, v.Text, engine.StringFor(st, viewer))
	}
	if svg, _ := engine.SVGFor(st, viewer); v.SVG != string(svg) || v.SVG == "" {
		t.Errorf("seat %d svg is not the game's SVGFor (%d bytes, want %d)", v.Seat, len(v.SVG), len(svg))
	}
	p := engine.CurrentPlayerFor(st, viewer)
	human := full.HumanToMove && p != engine.Hidden
	if v.ToMove != int(p) || v.ToMoveName != p.String() || v.Terminal != full.Terminal || v.HumanToMove != human {
		t.Errorf("to_move %d terminal %v human %v, want %d %v %v", v.ToMove, v.Terminal, v.HumanToMove, p, full.Terminal, human)
	}
	wantLegal := []LegalAction{}
	if int(p) == seat {
		wantLegal = full.Legal
	}
	if !slices.Equal(v.Legal, wantLegal) {
		t.Errorf("legal %v, want %v", v.Legal, wantLegal)
	}
	seen, _, err := engine.HistoryFor(g, full.Actions, viewer)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.History) != len(seen) {
		t.Fatalf("history of %d entries, want %d", len(v.History), len(seen))
	}
	// The states before each action, to tell each entry's label afresh.
	before := make([]engine.State, len(full.Actions))
	for i, s := 0, g.NewInitialState(); i < len(full.Actions); i++ {
		before[i] = s.Clone()
		s.Apply(full.Actions[i])
	}
	for i, e := range seen {
		m := v.History[i]
		if m.Name != e.Name || m.Player != int(e.Player) || !slices.Equal(m.Events, e.Events) {
			t.Errorf("entry %d: %d %q %q, want the game's %d %q %q", i, m.Player, m.Name, m.Events, e.Player, e.Name, e.Events)
		}
		// The label: the mover's words for the seat's own moves and in a
		// game that hides nothing, else the name (as the seat may know
		// it), never more.
		wantLabel := m.Name
		b := before[e.First]
		_, what := b.(engine.PlayerViewer)
		_, who := b.(engine.ToMoveViewer)
		if !what && !who || b.CurrentPlayer() == viewer {
			wantLabel = engine.ActionLabel(b, full.Actions[e.First])
		}
		if m.Label != wantLabel {
			t.Errorf("entry %d %q by p%d: label %q, want %q (seat %d)", i, m.Name, m.Player, m.Label, wantLabel, seat)
		}
		if e.Player == engine.Hidden && m.By != "others" {
			t.Errorf("entry %d: by %q for hidden seats", i, m.By)
		}
		a := full.Actions[e.First]
		switch {
		case e.Known && (m.Action == nil || *m.Action != a):
			t.Errorf("entry %d %q: action %v, want %d", i, m.Name, m.Action, a)
		case !e.Known:
			hidden++
			if m.Action != nil {
				t.Errorf("entry %d %q: the id %d of a move seat %d may not know is given", i, m.Name, *m.Action, seat)
			}
		}
	}
	return hidden
}

// TestSeatViewWalkingMoon: cards are dealt by chance at the start; each
// seat sees its own named and the others' as "a card is dealt".
func TestSeatViewWalkingMoon(t *testing.T) {
	params := map[string]any{"players": 2, "rules": "advanced"}
	g := engine.MustLoad("walking-moon", engine.Params{"players": "2", "rules": "advanced"})
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		t.Run(c.name(), func(t *testing.T) {
			id := "wm-" + c.name()
			must[View](t, c, "start", "", map[string]any{"session": id, "game": "walking-moon", "params": params,
				"seed": 5, "seats": []string{"human", "heuristic"}, "ai": true})
			full := must[View](t, c, "get", id, nil)
			for seat := 0; seat < 2; seat++ {
				v, raw := getSeat(t, c, id, seat)
				if hidden := checkSeatView(t, g, full, v, raw, seat); hidden == 0 {
					t.Errorf("seat %d: no move hidden, though the other seat was dealt cards", seat)
				}
				other := "p" + strconv.Itoa(1-seat) + "a"
				if !slices.ContainsFunc(v.History, func(m SeenMove) bool { return m.Name == "a card is dealt to "+other && m.Action == nil }) {
					t.Errorf("seat %d: no hidden card dealt to %s in %v", seat, other, v.History)
				}
				if !slices.ContainsFunc(v.History, func(m SeenMove) bool { return strings.HasPrefix(m.Name, "draw-") && m.Action != nil }) {
					t.Errorf("seat %d: its own cards are not named: %v", seat, v.History)
				}
				if !strings.Contains(v.Text, " card:") || v.Text == full.Text {
					t.Errorf("seat %d does not see its card:\n%s", seat, v.Text)
				}
				if v.Scores != nil {
					t.Errorf("scores %v during a game with hidden information", v.Scores)
				}
			}
		})
	}
}

// TestSeatViewLunarRally: the AI seat's programmed cards reach the human
// seat as face-down cards, without ids, and the AI's own view names them.
func TestSeatViewLunarRally(t *testing.T) {
	g := engine.MustLoad("lunar-rally", nil)
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		t.Run(c.name(), func(t *testing.T) {
			id := "lr-" + c.name()
			v := must[View](t, c, "start", "", map[string]any{"session": id, "game": "lunar-rally", "seed": 2,
				"seats": []string{"human", "heuristic"}, "ai": true})
			// the human takes the first legal move until the AI has programmed
			for i := 0; i < 40 && !slices.ContainsFunc(v.Moves, func(m Move) bool { return m.By == "ai" && m.Action < 8 }); i++ {
				if !v.HumanToMove || len(v.Legal) == 0 {
					t.Fatalf("the human is not to move:\n%s", v.Text)
				}
				v = must[View](t, c, "move", id, map[string]any{"action": v.Legal[0].Action, "ai": true})
			}
			full := must[View](t, c, "get", id, nil)
			human, raw := getSeat(t, c, id, 0)
			if checkSeatView(t, g, full, human, raw, 0) == 0 {
				t.Fatalf("no AI card hidden from the human: %v", human.History)
			}
			if !slices.ContainsFunc(human.History, func(m SeenMove) bool {
				return m.By == "ai" && m.Action == nil && strings.HasPrefix(m.Name, "a face-down card on G")
			}) {
				t.Errorf("the AI's cards are not face down for the human: %v", human.History)
			}
			ai, raw := getSeat(t, c, id, 1)
			checkSeatView(t, g, full, ai, raw, 1)
			if slices.ContainsFunc(ai.History, func(m SeenMove) bool { return m.By == "ai" && m.Action == nil }) {
				t.Errorf("the AI seat does not see its own cards: %v", ai.History)
			}
		})
	}
}

// TestSeatViewPerfectInformation: with nothing hidden, a seat's view names
// every move with its id, draws String and gives the scores.
func TestSeatViewPerfectInformation(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		id := "ttt-" + c.name()
		must[View](t, c, "start", "", map[string]any{"session": id, "game": "tictactoe", "seats": []string{"heuristic", "human"}, "ai": true})
		full := must[View](t, c, "move", id, map[string]any{"move": "a1", "ai": true})
		v, raw := getSeat(t, c, id, 1)
		if hidden := checkSeatView(t, g, full, v, raw, 1); hidden != 0 || v.Text != full.Text || !slices.Equal(v.Scores, full.Scores) {
			t.Errorf("%s: %d moves hidden, text %q, scores %v in a perfect-information game", c.name(), hidden, v.Text, v.Scores)
		}
		if len(v.Legal) == 0 || v.History[0].By != "ai" || v.History[1].By != Human {
			t.Errorf("%s: legal %v, history %v", c.name(), v.Legal, v.History)
		}
	}
}

func TestSeatViewErrors(t *testing.T) {
	sv := NewService(Limits{}, nil)
	cs := clients(t, sv)
	must[View](t, cs[0], "start", "", map[string]any{"session": "e", "game": "tictactoe"})
	h, s := cs[0].(*httpClient), cs[1]
	cases := []struct {
		name string
		do   func() *Error
		code string
	}{
		{"http seat out of range", func() *Error { _, e := h.rawAs(t, h.keys.token("e"), "GET", "/v1/sessions/e?seat=2", nil); return e }, "bad_request"},
		{"http negative seat", func() *Error { _, e := h.rawAs(t, h.keys.token("e"), "GET", "/v1/sessions/e?seat=-1", nil); return e }, "bad_request"},
		{"http seat not a number", func() *Error { _, e := h.rawAs(t, h.keys.token("e"), "GET", "/v1/sessions/e?seat=x", nil); return e }, "bad_request"},
		{"http two seats", func() *Error {
			_, e := h.rawAs(t, h.keys.token("e"), "GET", "/v1/sessions/e?seat=0&seat=1", nil)
			return e
		}, "bad_request"},
		{"http unknown session", func() *Error { _, e := h.rawAs(t, h.keys.token("e"), "GET", "/v1/sessions/nope?seat=0", nil); return e }, "unknown_session"},
		{"stdio seat out of range", func() *Error { _, e := s.do(t, "get", "e", map[string]any{"seat": 2}); return e }, "bad_request"},
		{"stdio negative seat", func() *Error { _, e := s.do(t, "get", "e", map[string]any{"seat": -1}); return e }, "bad_request"},
		{"stdio seat not a number", func() *Error { _, e := s.do(t, "get", "e", map[string]any{"seat": "x"}); return e }, "bad_json"},
		{"stdio unknown field", func() *Error { _, e := s.do(t, "get", "e", map[string]any{"player": 0}); return e }, "bad_json"},
	}
	for _, c := range cases {
		e := c.do()
		if e == nil || e.Code != c.code {
			t.Errorf("%s: error %v, want %s", c.name, e, c.code)
		}
	}
	// without a seat, get is the whole view, as before
	for _, c := range cs {
		if v := must[View](t, c, "get", "e", nil); len(v.State) == 0 {
			t.Errorf("%s: get without a seat lost the state", c.name())
		}
	}
}

func FuzzDecodeGet(f *testing.F) {
	for _, s := range []string{`{}`, `{"seat":1}`, `{"seat":-1}`, `{"seat":"1"}`, `{"seat":null}`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecoder(t, data, DecodeGet) })
}

// TestMoveSeatView: a move request that names its seat with seat_view gets
// that seat's view back, its moves as the seat saw them: the AI's face-down
// cards without their ids. Through both transports.
func TestMoveSeatView(t *testing.T) {
	g := engine.MustLoad("lunar-rally", nil)
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		t.Run(c.name(), func(t *testing.T) {
			id := "lr-" + c.name()
			must[View](t, c, "start", "", map[string]any{"session": id, "game": "lunar-rally", "seed": 2,
				"seats": []string{"human", "heuristic"}, "ai": true})
			fails(t, c, "move", id, map[string]any{"move": "a4", "seat_view": true}, "bad_request")
			hidden := 0
			for _, mv := range []string{"a4", "E", "a6", "E", "fwd", "fwd", "left", "fwd", "rev", "still"} {
				data, e := c.do(t, "move", id, map[string]any{"move": mv, "seat": 0, "seat_view": true, "ai": true})
				if e != nil {
					t.Fatalf("move %s: %s: %s", mv, e.Code, e.Message)
				}
				var v SeatView
				dec := json.NewDecoder(strings.NewReader(string(data)))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&v); err != nil {
					t.Fatalf("move %s: not a seat view: %v\n%.300s", mv, err, data)
				}
				full := must[View](t, c, "get", id, nil)
				hidden += checkSeatView(t, g, full, v, data, 0)
				tail, _ := json.Marshal(v.History[len(v.History)-len(v.Moves):])
				moves, _ := json.Marshal(v.Moves)
				if len(v.Moves) == 0 || v.Moves[0].Name != mv || v.Moves[0].By != Human || string(tail) != string(moves) {
					t.Fatalf("move %s: moves %+v are not the end of the history", mv, v.Moves)
				}
				for _, m := range v.Moves {
					if m.Player == 1 && m.Action != nil && strings.Contains(m.Name, "face-down") {
						t.Errorf("a hidden AI move has its id: %+v", m)
					}
				}
				again, _ := getSeat(t, c, id, 0)
				again.Moves = v.Moves
				a, _ := json.Marshal(again)
				b, _ := json.Marshal(v)
				if string(a) != string(b) {
					t.Errorf("move %s: the answer differs from get ?seat=0:\n%s\n%s", mv, b, a)
				}
			}
			if hidden == 0 {
				t.Error("no AI move was hidden from seat 0")
			}
		})
	}
}

// TestSeatViewSecretChoices: in Welcome to the Moon the players choose in
// secret; while p0 chooses, p1 is told that others are choosing (not who,
// not how many decisions: to_move -3 "others"), and p0's choices reach p1's
// history as one entry once they end.
func TestSeatViewSecretChoices(t *testing.T) {
	g := engine.MustLoad("welcome-moon", engine.Params{"players": "2"})
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		id := "wtm-" + c.name()
		v := must[View](t, c, "start", "", map[string]any{"session": id, "game": "welcome-moon", "params": map[string]any{"players": 2}, "seed": 4})
		p0, p1 := tokensOf(c).seatToken(id, 0), tokensOf(c).seatToken(id, 1)
		checked := 0
		for steps := 0; !v.Terminal && steps < 40; steps++ {
			if v.ToMove == 0 {
				data, e := c.doAs(t, p1, "get", id, nil)
				if e != nil {
					t.Fatal(e)
				}
				var sv SeatView
				if err := json.Unmarshal(data, &sv); err != nil {
					t.Fatal(err)
				}
				checkSeatView(t, g, v, sv, data, 1)
				if sv.ToMove != int(engine.Hidden) || sv.ToMoveName != "others" || sv.HumanToMove || len(sv.Legal) != 0 {
					t.Fatalf("%s: while p0 chooses, p1 is told to_move %d %q human %v", c.name(), sv.ToMove, sv.ToMoveName, sv.HumanToMove)
				}
				checked++
			}
			token := p0
			if v.ToMove == 1 {
				token = p1
			}
			if _, e := c.doAs(t, token, "move", id, map[string]any{"action": v.Legal[0].Action}); e != nil {
				t.Fatal(e)
			}
			v = must[View](t, c, "get", id, nil)
		}
		if checked == 0 {
			t.Fatalf("%s: p0 never chose while p1 looked", c.name())
		}
	}
}

// TestSeatViewHistoryLabels: in Welcome to the Moon, where the players
// choose in secret, a seat's history tells its own choices in its words
// (engine.ActionLabel: "take 7 Robot (pair 2)") with the name kept beside,
// and the other seat's as the name it may know ("a secret choice"), never
// in the chooser's words.
func TestSeatViewHistoryLabels(t *testing.T) {
	c := clients(t, NewService(Limits{}, nil))[0]
	id := "labels"
	v := must[View](t, c, "start", "", map[string]any{"session": id, "game": "welcome-moon", "params": map[string]any{"players": 2}, "seed": 4})
	tokens := []string{tokensOf(c).seatToken(id, 0), tokensOf(c).seatToken(id, 1)}
	g := engine.MustLoad("welcome-moon", engine.Params{"players": "2"})
	for steps := 0; !v.Terminal && steps < 40; steps++ {
		if _, e := c.doAs(t, tokens[v.ToMove], "move", id, map[string]any{"action": v.Legal[steps%len(v.Legal)].Action}); e != nil {
			t.Fatal(e)
		}
		v = must[View](t, c, "get", id, nil)
	}
	own, others := 0, 0
	for seat := range 2 {
		sv, raw := getSeat(t, c, id, seat)
		checkSeatView(t, g, v, sv, raw, seat)
		s := g.NewInitialState()
		labels := map[string]bool{} // the other seat's moves in its own words
		for _, a := range v.Actions {
			if p := s.CurrentPlayer(); p >= 0 && int(p) != seat {
				if l := engine.ActionLabel(s, a); l != s.ActionString(a) {
					labels[l] = true
				}
			}
			s.Apply(a)
		}
		for _, m := range sv.History {
			switch {
			case m.Player == seat:
				if m.Label == m.Name || m.Label == "" || m.Action == nil {
					t.Errorf("seat %d: its own move %q is labelled %q", seat, m.Name, m.Label)
				}
				own++
			case m.By != "chance":
				if m.Label != m.Name || labels[m.Label] || strings.Contains(m.Label, "take") {
					t.Errorf("seat %d: another seat's move %q is labelled %q", seat, m.Name, m.Label)
				}
				others++
			}
		}
		if len(labels) == 0 {
			t.Fatalf("seat %d: the other seat's moves have no labels: the test proves nothing", seat)
		}
	}
	if own == 0 || others == 0 {
		t.Fatalf("%d own moves, %d others' told: the test proves nothing", own, others)
	}
}

package seat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/enginetest"
)

// Budgets of the end-to-end games: requests and wall time per game. Games that end within them are played to the end; longer ones stop
// there, checked up to that point, so that the run stays short however many
// games are registered.
const (
	e2eMaxRequests = 400
	e2eMaxTime     = 750 * time.Millisecond
	// e2eTotalTime is shared among all the games of one test and protocol.
	e2eTotalTime = 5 * time.Second
	// e2eToTheEnd bounds one game of TestEndToEndToTheEnd (six times more
	// under the race detector); a game that does not end within it fails.
	// It is a safety net, not a speed test: games take well under a second
	// each on an idle machine, but a loaded 2-core machine once took over
	// 10 s for one walking-moon game.
	e2eToTheEnd = 2 * time.Minute
)

// e2eTime is the wall-time budget of one game of one end-to-end test.
func e2eTime() time.Duration {
	n := 0
	for _, spec := range engine.Games() {
		n += len(enginetest.Configs(spec))
	}
	return min(e2eMaxTime, e2eTotalTime/time.Duration(2*max(n, 1)))
}

// checkView checks a session's view against the engine's own state, made by
// replaying the view's actions from the initial state.
func checkView(t *testing.T, g engine.Game, seats []string, v View) {
	t.Helper()
	st, err := engine.ReplayActions(g, v.Actions)
	if err != nil {
		t.Fatalf("the session's actions do not replay: %v", err)
	}
	checkViewState(t, g, seats, v, st)
}

// checkViewState checks a session's view against the engine's state st.
func checkViewState(t *testing.T, g engine.Game, seats []string, v View, st engine.State) {
	t.Helper()
	want, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !jsonEqual(t, v.State, want) {
		t.Fatalf("state\n%s\nwant (replayed)\n%s", v.State, want)
	}
	if v.Text != st.String() {
		t.Fatalf("text\n%s\nwant\n%s", v.Text, st.String())
	}
	p := st.CurrentPlayer()
	if v.ToMove != int(p) || v.ToMoveName != p.String() || v.Terminal != st.IsTerminal() {
		t.Fatalf("to_move %d %q terminal %v, want %d %q %v", v.ToMove, v.ToMoveName, v.Terminal, p, p, st.IsTerminal())
	}
	if !slices.Equal(v.Legal, legalOf(st)) {
		t.Fatalf("legal %v, want %v", v.Legal, legalOf(st))
	}
	if !slices.Equal(v.Scores, st.Scores(nil)) || !slices.Equal(v.Returns, st.Returns(nil)) {
		t.Fatalf("scores %v returns %v, want %v %v", v.Scores, v.Returns, st.Scores(nil), st.Returns(nil))
	}
	if v.Game != g.Spec().Name || v.Params.String() != g.Params().String() {
		t.Fatalf("game %s %v, want %s %v", v.Game, v.Params, g.Spec().Name, g.Params())
	}
	if len(v.Seats) != len(seats) {
		t.Fatalf("%d seats, want %d", len(v.Seats), len(seats))
	}
	for i, s := range v.Seats {
		if s.Seat != i || s.Agent != seats[i] {
			t.Fatalf("seat %d is %+v, want %q", i, s, seats[i])
		}
	}
	human := p >= 0 && seats[p] == Human || p == engine.Chance && v.ManualChance
	if v.HumanToMove != human {
		t.Fatalf("human_to_move %v at %s", v.HumanToMove, p)
	}
	if p == engine.Chance && !v.ManualChance {
		t.Fatalf("the session rests at a chance node without manual chance")
	}
}

// checkMoves checks that the moves a request reports are the actions it
// added, made by the right kind of player, and applies them to st (the
// engine's state before the request) with ApplyChecked.
func checkMoves(t *testing.T, seats []string, before, after View, st engine.State) {
	t.Helper()
	if len(after.Actions) < len(before.Actions) || !slices.Equal(after.Actions[:len(before.Actions)], before.Actions) {
		t.Fatalf("actions %v do not extend %v", after.Actions, before.Actions)
	}
	added := after.Actions[len(before.Actions):]
	if len(added) != len(after.Moves) {
		t.Fatalf("%d actions added, %d moves reported", len(added), len(after.Moves))
	}
	for i, m := range after.Moves {
		p := st.CurrentPlayer()
		if m.Action != added[i] || m.Player != int(p) || m.Name != st.ActionString(m.Action) {
			t.Fatalf("move %d is %+v, want action %d by %s named %q", i, m, added[i], p, st.ActionString(added[i]))
		}
		wantBy := "chance"
		if p >= 0 {
			wantBy = "ai"
			if seats[p] == Human {
				wantBy = "human"
			}
		}
		if m.By != wantBy {
			t.Fatalf("move %d by %q, want %q", i, m.By, wantBy)
		}
		if err := engine.ApplyChecked(st, m.Action); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
}

func jsonEqual(t testing.TB, a, b []byte) bool {
	t.Helper()
	var x, y bytes.Buffer
	if err := json.Compact(&x, a); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Compact(&y, b); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

// seatsFor gives seat 0 to a human and the others to agents: random, and
// the game's heuristic on every other seat when it has one.
func seatsFor(g engine.Game) []string {
	seats := []string{Human}
	_, err := agents.HeuristicFor(g.Spec().Name)
	for p := 1; p < g.NumPlayers(); p++ {
		if err == nil && p%2 == 1 {
			seats = append(seats, "heuristic")
		} else {
			seats = append(seats, "random")
		}
	}
	return seats
}

// forEachConfig runs f for every registered game and test configuration.
func forEachConfig(t *testing.T, f func(t *testing.T, g engine.Game)) {
	if len(engine.Games()) < 2 {
		t.Fatal("fewer games registered than tictactoe and the test game")
	}
	for _, spec := range engine.Games() {
		for _, cfg := range enginetest.Configs(spec) {
			g, err := engine.Load(spec.Name, cfg)
			if err != nil {
				t.Fatalf("%s %v: %v", spec.Name, cfg, err)
			}
			name := spec.Name
			if len(cfg) > 0 {
				name += "/" + engine.Params(cfg).String()
			}
			t.Run(name, func(t *testing.T) { f(t, g) })
		}
	}
}

// TestEndToEnd plays random legal games of every registered game and
// configuration through both protocols, seat 0 human and the other seats AI,
// checking the server's view against the engine's after every request.
func TestEndToEnd(t *testing.T) {
	forEachConfig(t, func(t *testing.T, g engine.Game) {
		sv := NewService(Limits{}, nil)
		for i, c := range clients(t, sv) {
			t.Run(c.name(), func(t *testing.T) {
				playRandom(t, c, g, seatsFor(g), uint64(10+i), false)
			})
		}
	})
}

// TestEndToEndHumanSeats plays every seat as a human (the front end as the
// referee) with chance outcomes sent by the front end, through both protocols.
func TestEndToEndHumanSeats(t *testing.T) {
	forEachConfig(t, func(t *testing.T, g engine.Game) {
		sv := NewService(Limits{}, nil)
		seats := slices.Repeat([]string{Human}, g.NumPlayers())
		for i, c := range clients(t, sv) {
			t.Run(c.name(), func(t *testing.T) {
				playRandom(t, c, g, seats, uint64(20+i), true)
			})
		}
	})
}

// TestEndToEndToTheEnd plays one random game of every registered game (its
// default configuration) to the end through both protocols, once with seat
// 0 human and the others AI, once with every seat human and chance sent by
// the front end, checking every view.
func TestEndToEndToTheEnd(t *testing.T) {
	budget := e2eToTheEnd
	if raceEnabled {
		budget *= 6
	}
	for _, spec := range engine.Games() {
		g := engine.MustLoad(spec.Name, nil)
		t.Run(spec.Name, func(t *testing.T) {
			sv := NewService(Limits{}, nil)
			for i, c := range clients(t, sv) {
				t.Run(c.name()+"/ai", func(t *testing.T) {
					if v := play(t, c, g, seatsFor(g), uint64(30+i), false, g.MaxGameLength()+1, budget); !v.Terminal {
						t.Fatalf("not over after %d actions in %v", len(v.Actions), budget)
					}
				})
				t.Run(c.name()+"/human", func(t *testing.T) {
					seats := slices.Repeat([]string{Human}, g.NumPlayers())
					if v := play(t, c, g, seats, uint64(40+i), true, g.MaxGameLength()+1, budget); !v.Terminal {
						t.Fatalf("not over after %d actions in %v", len(v.Actions), budget)
					}
				})
			}
		})
	}
}

// playRandom plays a game within the budgets of the end-to-end tests.
func playRandom(t *testing.T, c client, g engine.Game, seats []string, seed uint64, manualChance bool) {
	play(t, c, g, seats, seed, manualChance, e2eMaxRequests, e2eTime())
}

// play starts a session and plays random legal human moves (sent by name,
// by "#id" and by id in turn) and AI requests until the game ends or the
// number of requests or the time is spent, checking every view; it returns
// the last view (the session is deleted).
func play(t *testing.T, c client, g engine.Game, seats []string, seed uint64, manualChance bool, maxRequests int, budget time.Duration) View {
	rng := rand.New(rand.NewPCG(seed, 99))
	start := map[string]any{"game": g.Spec().Name, "params": g.Params(), "seed": seed, "seats": seats, "manual_chance": manualChance}
	v := must[View](t, c, "start", "", start)
	if len(v.Moves) != len(v.Actions) {
		t.Fatalf("start applied %d actions but reports %d moves", len(v.Actions), len(v.Moves))
	}
	st := g.NewInitialState() // the engine's view, advanced by the moves reported
	checkMoves(t, seats, View{Actions: []engine.Action{}}, v, st)
	checkViewState(t, g, seats, v, st)
	id := v.Session
	deadline := time.Now().Add(budget)
	for req := 0; !v.Terminal && req < maxRequests && time.Now().Before(deadline); req++ {
		before := v
		if v.HumanToMove {
			pick := v.Legal[rng.IntN(len(v.Legal))]
			var body map[string]any
			switch req % 3 {
			case 0:
				body = map[string]any{"move": pick.Name}
			case 1:
				body = map[string]any{"move": fmt.Sprintf("#%d", pick.Action)}
			default:
				body = map[string]any{"action": pick.Action, "seat": v.ToMove}
			}
			v = must[View](t, c, "move", id, body)
			if len(v.Moves) == 0 || v.Moves[0].Action != pick.Action {
				t.Fatalf("move %v: moves %+v", body, v.Moves)
			}
		} else {
			v = must[View](t, c, "ai", id, map[string]any{"max_moves": 1 + rng.IntN(8)})
			if len(v.Moves) == 0 {
				t.Fatalf("ai request with an AI seat to move played nothing")
			}
		}
		checkMoves(t, seats, before, v, st)
		checkViewState(t, g, seats, v, st)
		if got := must[View](t, c, "get", id, nil); !slices.Equal(got.Actions, v.Actions) || !jsonEqual(t, got.State, v.State) {
			t.Fatalf("get disagrees with the last response")
		}
	}
	checkView(t, g, seats, v) // the whole game replays to the same state
	t.Logf("%d actions, terminal %v", len(v.Actions), v.Terminal)
	if v.Terminal {
		fails(t, c, "move", id, map[string]any{"action": 0}, "game_over")
		if after := must[View](t, c, "ai", id, nil); len(after.Moves) != 0 {
			t.Fatalf("ai after the end played %v", after.Moves)
		}
	}
	must[Deleted](t, c, "delete", id, nil)
	fails(t, c, "get", id, nil, "unknown_session")
	return v
}

// TestResumeAndDeterminism: the same seed and requests give the same
// session, and a session started from another's actions continues it.
func TestResumeAndDeterminism(t *testing.T) {
	forEachConfig(t, func(t *testing.T, g engine.Game) {
		sv := NewService(Limits{}, nil)
		c := newHTTPClient(t, sv)
		seats := slices.Repeat([]string{"random"}, g.NumPlayers())
		if _, err := agents.HeuristicFor(g.Spec().Name); err == nil {
			seats[0] = "heuristic"
		}
		play := func() View {
			v := must[View](t, c, "start", "", map[string]any{"game": g.Spec().Name, "params": g.Params(), "seed": 5, "seats": seats})
			for i := 0; i < 6 && !v.Terminal; i++ {
				v = must[View](t, c, "ai", v.Session, map[string]any{"max_moves": 5})
			}
			return v
		}
		a, b := play(), play()
		if !slices.Equal(a.Actions, b.Actions) {
			t.Fatalf("the same seed gave different games:\n%v\n%v", a.Actions, b.Actions)
		}
		r := must[View](t, c, "start", "", map[string]any{"game": g.Spec().Name, "params": g.Params(), "seed": 5, "seats": seats, "actions": a.Actions})
		if !slices.Equal(r.Actions, a.Actions) || !jsonEqual(t, r.State, a.State) {
			t.Fatalf("resumed session differs")
		}
		checkView(t, g, seats, r)
	})
}

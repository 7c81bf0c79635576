package seat

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestManyClients runs many clients at once over HTTP, each with its own
// sessions, while others share one session, list, ask for best moves and
// start and delete sessions. Run with -race. Every view must agree with the
// engine's replay, and no request may fail in a way its client did not ask
// for.
func TestManyClients(t *testing.T) {
	sv := NewService(Limits{}, nil)
	c := newHTTPClient(t, sv)
	gt := goTB{t}
	ttt := engine.MustLoad("tictactoe", nil)
	dice := engine.MustLoad(diceRace, nil)
	shared := must[View](t, c, "start", "", map[string]any{"session": "shared", "game": "tictactoe", "seats": []string{"human", "random"}})
	_ = shared
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	report := func(format string, a ...any) {
		select {
		case errs <- fmt.Errorf(format, a...):
		default:
		}
	}
	// Own sessions, played to the end.
	for w := 0; w < 12; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			g, seats := ttt, []string{"human", "heuristic"}
			if w%2 == 1 {
				g, seats = dice, []string{"human", "random"}
			}
			for game := 0; game < 3; game++ {
				v := must[View](gt, c, "start", "", map[string]any{"game": g.Spec().Name, "seed": w*10 + game, "seats": seats})
				for !v.Terminal {
					pick := v.Legal[rng.IntN(len(v.Legal))]
					v = must[View](gt, c, "move", v.Session, map[string]any{"action": pick.Action, "ai": true})
					if st, err := engine.ReplayActions(g, v.Actions); err != nil {
						report("replay: %v", err)
						return
					} else if data, _ := st.MarshalJSON(); !jsonEqual(gt, data, v.State) {
						report("state %s, replay %s", v.State, data)
						return
					}
				}
				must[Deleted](gt, c, "delete", v.Session, nil)
			}
		}()
	}
	// One session shared by several clients: moves race and may be refused,
	// but only for reasons a client could cause, and the session stays whole.
	allowed := map[string]bool{"illegal_move": true, "unknown_move": true, "not_your_turn": true, "game_over": true}
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 2))
			for i := 0; i < 30; i++ {
				var e *Error
				switch i % 3 {
				case 0:
					_, e = c.do(gt, "move", "shared", map[string]any{"action": rng.IntN(9)})
				case 1:
					_, e = c.do(gt, "ai", "shared", nil)
				default:
					v := must[View](gt, c, "get", "shared", nil)
					if st, err := engine.ReplayActions(ttt, v.Actions); err != nil || st.IsTerminal() != v.Terminal {
						report("shared session: %v, terminal %v", err, v.Terminal)
					}
				}
				if e != nil && !allowed[e.Code] {
					report("shared session: %s: %s", e.Code, e.Message)
				}
			}
		}()
	}
	// Stateless and read-only requests.
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				b := must[BestResponse](gt, c, "best", "", map[string]any{"game": "tictactoe", "agent": "heuristic", "seed": i, "state": json.RawMessage(`{"board":"XX..O...."}`)})
				if b.Name != "c1" {
					report("best %+v", b)
				}
				must[[]Summary](gt, c, "sessions", "", nil)
				must[map[string]any](gt, c, "help", "", nil)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := len(allSessions(sv)); n != 1 {
		t.Errorf("%d sessions at the end, want the shared one", n)
	}
}

// TestStdioConcurrentService: several stdio engines over one service (as a
// test of the service, not of one engine's order) and one HTTP client.
func TestStdioConcurrentService(t *testing.T) {
	sv := NewService(Limits{}, nil)
	var wg sync.WaitGroup
	cs := []client{newStdioClient(t, sv), newStdioClient(t, sv), newHTTPClient(t, sv)}
	gt := goTB{t}
	for i, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 10; j++ {
				v := must[View](gt, c, "start", "", map[string]any{"game": diceRace, "seed": i*100 + j, "seats": []string{"random", "random"}, "ai": true})
				if !v.Terminal {
					t.Errorf("an AI-only game with ai=true did not end: %d actions", len(v.Actions))
				}
				must[Deleted](gt, c, "delete", v.Session, nil)
			}
		}()
	}
	wg.Wait()
}

// goTB is a testing.TB for goroutines other than the test's: Fatal marks
// the test failed and ends the calling goroutine only.
type goTB struct{ testing.TB }

func (g goTB) Fatal(args ...any) {
	g.TB.Helper()
	g.TB.Error(args...)
	runtime.Goexit()
}

func (g goTB) Fatalf(format string, args ...any) {
	g.TB.Helper()
	g.TB.Errorf(format, args...)
	runtime.Goexit()
}

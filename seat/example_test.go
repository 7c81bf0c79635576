package seat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	_ "github.com/moongym/moongym/agents/all"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/seat"
)

// A front end gives seat 1 of tic-tac-toe to the heuristic agent, plays a
// move for its human on seat 0 and lets the AI reply in the same request.
// The start's answer holds the session's tokens: the creator's opens the
// whole view, seat 0's only what seat 0 may see.
func ExampleService() {
	sv := seat.NewService(seat.Limits{}, nil)
	ctx := context.Background()
	v, err := sv.Start(ctx, seat.Caller{}, seat.StartRequest{Game: "tictactoe", Seed: new(uint64(1)), Seats: []string{"human", "heuristic"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	me := seat.Caller{Token: v.Tokens.Creator}
	move := "b2"
	v, err = sv.Move(ctx, me, v.Session, seat.MoveRequest{Move: &move, AI: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range v.Moves {
		fmt.Printf("p%d (%s) plays %s\n", m.Player, m.By, m.Name)
	}
	fmt.Println(v.Text)
	fmt.Println("human to move:", v.HumanToMove, "legal:", len(v.Legal))
	// Output:
	// p0 (human) plays b2
	// p1 (ai) plays a3
	//    a b c
	//  1 . . .
	//  2 . X .
	//  3 O . .
	// X to move
	// human to move: true legal: 7
}

// The stateless best move: O must block X's row.
func ExampleService_Best() {
	sv := seat.NewService(seat.Limits{}, nil)
	b, err := sv.Best(context.Background(), seat.BestRequest{
		Game:  "tictactoe",
		State: json.RawMessage(`{"board":"XX..O...."}`),
		Agent: "heuristic",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Name, b.PolicyKind, b.Policy)
	// Output: c1 one-hot [{2 c1 1}]
}

// A hint and an evaluation bar: a search's top moves in tic-tac-toe after
// X a1, O b2, with each move's visits and value for X, the line it expects,
// and X's chance on the bar.
func ExampleService_Analyze() {
	sv := seat.NewService(seat.Limits{}, nil)
	a, err := sv.Analyze(context.Background(), seat.AnalyzeRequest{
		Game:           "tictactoe",
		State:          json.RawMessage(`{"board":"X...O...."}`),
		AnalyzeOptions: seat.AnalyzeOptions{Agent: "mcts", Top: 2, Seed: 1},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range a.Moves {
		fmt.Println(m.Move, m.Visits, *m.Q, m.PV)
	}
	fmt.Printf("%s: X %.0f%%\n", a.Agent, 100*a.Win[0])
	// Output:
	// c2 89 0.247191 [c2 c1 a3 a2 b1]
	// b3 34 0.088235 [b3 a3 c1 b1]
	// mcts:sims=200: X 54%
}

// Errors carry a machine-readable code and an HTTP status.
func ExampleClassify() {
	sv := seat.NewService(seat.Limits{MaxSims: 1000}, nil)
	_, err := sv.Start(context.Background(), seat.Caller{}, seat.StartRequest{Game: "tictactoe", Seats: []string{"human", "random"}, Actions: []engine.Action{4, 4}})
	e := seat.Classify(err)
	fmt.Println(e.Code, e.Status)
	_, err = sv.Get(seat.Caller{}, "no-such-session")
	e = seat.Classify(err)
	fmt.Println(e.Code, e.Status)
	v, _ := sv.Start(context.Background(), seat.Caller{}, seat.StartRequest{Game: "tictactoe", Seats: []string{"human", "random"}})
	_, err = sv.Get(seat.Caller{}, v.Session) // no token
	e = seat.Classify(err)
	fmt.Println(e.Code, e.Status)
	_, err = sv.Get(seat.Caller{Token: v.Tokens.Seats[0]}, v.Session) // seat 0 asks for everything
	e = seat.Classify(err)
	fmt.Println(e.Code, e.Status)
	// Output:
	// bad_record 422
	// unknown_session 404
	// unauthorized 401
	// forbidden 403
}

// The HTTP API: start a session with curl's request, read the reply, then
// send a move with seat 0's token.
func ExampleNewHandler() {
	srv := httptest.NewServer(seat.NewHandler(seat.NewService(seat.Limits{}, nil)))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/v1/sessions", "application/json",
		strings.NewReader(`{"session":"demo","game":"tictactoe","seats":["human","heuristic"]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var v seat.View
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.StatusCode, resp.Header.Get("Location"), v.ToMoveName, v.Seats[1].Agent)
	req, err := http.NewRequest("POST", srv.URL+"/v1/sessions/demo/move", strings.NewReader(`{"move":"z9"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+v.Tokens.Seats[0])
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Print(resp.StatusCode, " ", string(body))
	// Output:
	// 201 /v1/sessions/demo p0 heuristic
	// 422 {"error":{"code":"unknown_move","status":422,"message":"unknown action: \"z9\" (legal: 0=a1, 1=b1, 2=c1, 3=a2, 4=b2, 5=c2, 6=a3, 7=b3, 8=c3)"}}
}

// The stdio engine: one JSON request a line in, one response a line out.
func ExampleServeLines() {
	in := strings.NewReader(`{"id":1,"op":"best","game":"tictactoe","state":{"board":"XX..O...."},"agent":"heuristic"}
{"id":2,"op":"launch"}
`)
	err := seat.ServeLines(context.Background(), seat.NewService(seat.Limits{}, nil), in, os.Stdout)
	fmt.Println(err)
	// Output:
	// {"id":1,"op":"best","ok":true,"result":{"action":2,"name":"c1","player":1,"agent":"heuristic","policy":[{"action":2,"name":"c1","prob":1}],"policy_kind":"one-hot"}}
	// {"id":2,"op":"launch","ok":false,"error":{"code":"not_found","status":404,"message":"no such operation: unknown op \"launch\" (ops: help, games, game, agents, start, sessions, get, move, ai, delete, best, analyze, quit)"}}
	// <nil>
}

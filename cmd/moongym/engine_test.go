package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEngineCommand drives "moongym engine" over its stdin as a front end
// would: help, a session with an AI seat, a move answered by the AI.
func TestEngineCommand(t *testing.T) {
	in := strings.Join([]string{
		`{"op":"help"}`,
		`{"op":"start","session":"t1","game":"tictactoe","seats":["human","heuristic"]}`,
		`{"op":"move","session":"t1","move":"b2","ai":true}`,
		`{"op":"move","session":"t1","move":"b2"}`,
		`not json`,
	}, "\n") + "\n"
	out, err := run(t, in, "engine")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d answers for 5 requests:\n%s", len(lines), out)
	}
	var answers []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("answer is not JSON: %s", l)
		}
		answers = append(answers, m)
	}
	if !strings.Contains(lines[0], "best") || !strings.Contains(lines[0], "move") {
		t.Errorf("help does not list the operations: %s", lines[0])
	}
	for i, wantErr := range []bool{false, false, false, true, true} {
		_, hasErr := answers[i]["error"]
		if hasErr != wantErr {
			t.Errorf("answer %d: error present = %v, want %v: %s", i+1, hasErr, wantErr, lines[i])
		}
	}
	if !strings.Contains(lines[2], `"O to move"`) && !strings.Contains(lines[2], "X to move") {
		t.Errorf("after the move and the AI's reply, X should be to move: %s", lines[2])
	}
}

// TestEngineTokens: the engine's one client needs no token by default;
// with --open=false it needs the session's, as the server does.
func TestEngineTokens(t *testing.T) {
	in := `{"op":"start","session":"t1","game":"tictactoe","seats":["human","heuristic"]}
{"op":"move","session":"t1","move":"b2"}
`
	for _, c := range []struct {
		args []string
		code string
	}{{nil, ""}, {[]string{"--open=false"}, "unauthorized"}} {
		out, err := run(t, in, append([]string{"engine"}, c.args...)...)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var start, move struct {
			Result struct {
				Tokens *struct{ Creator string } `json:"tokens"`
			} `json:"result"`
			Error *struct{ Code string } `json:"error"`
		}
		if len(lines) != 2 || json.Unmarshal([]byte(lines[0]), &start) != nil || json.Unmarshal([]byte(lines[1]), &move) != nil {
			t.Fatalf("%v: %s", c.args, out)
		}
		if start.Result.Tokens == nil || start.Result.Tokens.Creator == "" {
			t.Errorf("%v: the start gave no tokens: %s", c.args, lines[0])
		}
		got := ""
		if move.Error != nil {
			got = move.Error.Code
		}
		if got != c.code {
			t.Errorf("%v: move without a token: %s, want error %q", c.args, lines[1], c.code)
		}
	}
}

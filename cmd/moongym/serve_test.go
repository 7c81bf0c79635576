package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serve starts "moongym serve" on a free loopback port and returns its base
// URL and a function that stops it (as an interrupt would) and returns the
// command's error.
func serve(t *testing.T, args ...string) (string, func() error) {
	t.Helper()
	resetFlags(root)
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	root.SetArgs(append([]string{"serve", "--addr", "127.0.0.1:0"}, args...))
	root.SetIn(strings.NewReader(""))
	root.SetOut(pw)
	root.SetErr(pw)
	// cobra gives a subcommand the root's context only once: set it anew.
	sub, _, err := root.Find([]string{"serve"})
	if err != nil {
		t.Fatal(err)
	}
	sub.SetContext(ctx)
	t.Cleanup(func() { sub.SetContext(context.Background()) })
	done := make(chan error, 1)
	go func() {
		err := root.Execute()
		pw.Close()
		done <- err
	}()
	rd := bufio.NewReader(pr)
	line, err := rd.ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("serve wrote %q: %v (%v)", line, err, <-done)
	}
	go func() { _, _ = io.Copy(io.Discard, rd) }() // the server's log
	_, rest, ok := strings.Cut(line, "http://")
	addr, _, _ := strings.Cut(rest, " ")
	if !ok || addr == "" {
		cancel()
		t.Fatalf("no address in %q", line)
	}
	stop := func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop within 10s of its interrupt")
			return nil
		}
	}
	return "http://" + addr, stop
}

// call sends a request (JSON, with a bearer token if one is given) and
// decodes the JSON answer.
func call(t *testing.T, method, url, body string, token ...string) (int, map[string]any) {
	t.Helper()
	_, code, m := callHeader(t, method, url, body, token...)
	return code, m
}

// callHeader is call that returns the answer's header too.
func callHeader(t *testing.T, method, url, body string, token ...string) (http.Header, int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, tok := range token {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatalf("%s %s: answer is not a JSON object: %v", method, url, err)
	}
	return resp.Header, resp.StatusCode, m
}

// TestServeCommand runs "moongym serve" on 127.0.0.1:0: help, a session with
// an AI seat, a move the AI answers, a refused file parameter, then a clean
// shutdown on interrupt.
func TestServeCommand(t *testing.T) {
	base, stop := serve(t, "--max-sims", "100")
	code, help := call(t, "GET", base+"/v1/help", "")
	limits, _ := help["limits"].(map[string]any)
	if code != 200 || limits["max_sims"] != float64(100) || limits["allow_files"] != false || limits["open"] != false {
		t.Errorf("help: %d, limits %v; want 200, max_sims 100 (the flag), allow_files false, open false", code, limits)
	}
	code, v := call(t, "POST", base+"/v1/sessions", `{"session":"s","game":"tictactoe","seats":["human","heuristic"]}`)
	tokens, _ := v["tokens"].(map[string]any)
	if code != http.StatusCreated || v["to_move"] != float64(0) || tokens == nil {
		t.Fatalf("start: %d %v", code, v)
	}
	if code, _ := call(t, "POST", base+"/v1/sessions/s/move", `{"move":"b2","ai":true}`); code != http.StatusUnauthorized {
		t.Fatalf("a move without a token: %d, want 401", code)
	}
	code, v = call(t, "POST", base+"/v1/sessions/s/move", `{"move":"b2","ai":true}`, tokens["creator"].(string))
	if moves, _ := v["moves"].([]any); code != 200 || len(moves) != 2 || v["to_move"] != float64(0) {
		t.Fatalf("move with AI reply: %d %v", code, v)
	}
	code, v = call(t, "POST", base+"/v1/sessions", `{"game":"planet-cubes","params":{"board":"/etc/passwd"}}`)
	if e, _ := v["error"].(map[string]any); code != http.StatusForbidden || e["code"] != "file_not_allowed" {
		t.Errorf("board=/etc/passwd: %d %v, want 403 file_not_allowed", code, v)
	}
	code, v = call(t, "POST", base+"/v1/best", `{"game":"tictactoe","state":{"board":"........."},"agent":"mcts:sims=101"}`)
	if e, _ := v["error"].(map[string]any); code != http.StatusUnprocessableEntity || e["code"] != "budget_too_large" {
		t.Errorf("sims over --max-sims: %d %v", code, v)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve ended with %v", err)
	}
	if _, err := http.Get(base + "/v1/help"); err == nil {
		t.Error("the server still answers after its interrupt")
	}

	// --allow-origin lets a front end's page in; other origins stay out.
	base, stop = serve(t, "--allow-origin", "http://localhost:3000")
	for origin, want := range map[string]int{"http://localhost:3000": 200, "http://evil.example": 403} {
		req, _ := http.NewRequest("GET", base+"/v1/games", nil)
		req.Header.Set("Origin", origin)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want || (want == 200) != (resp.Header.Get("Access-Control-Allow-Origin") == origin) {
			t.Errorf("origin %s: %d, CORS %q", origin, resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"))
		}
	}
	if err := stop(); err != nil {
		t.Fatalf("serve ended with %v", err)
	}

	// --allow-files lets the request reach the game, which reads the file.
	base, stop = serve(t, "--allow-files")
	code, v = call(t, "POST", base+"/v1/sessions", `{"game":"planet-cubes","params":{"board":"/etc/passwd"}}`)
	if e, _ := v["error"].(map[string]any); code != http.StatusBadRequest || e["code"] != "bad_param" {
		t.Errorf("--allow-files board=/etc/passwd: %d %v, want 400 bad_param", code, v)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve ended with %v", err)
	}
}

// TestServeBadAddress: a port in use or a bad address is an error, not a hang.
func TestServeBadAddress(t *testing.T) {
	if _, err := run(t, "", "serve", "--addr", "127.0.0.1:http-nope"); err == nil {
		t.Error("serve on a bad address succeeded")
	}
}

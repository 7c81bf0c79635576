package seat

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// client runs an operation through one of the protocols and returns the
// result's JSON, or the error's code and status. A client remembers the
// creator's token of every session it started and sends it with the
// session's later requests (doAs sends another).
type client interface {
	name() string
	// do runs op; session is the session id for get, move, ai, delete and
	// analyze (its session form);
	// body is the request (nil for none).
	do(t testing.TB, op, session string, body any) (json.RawMessage, *Error)
	// doAs is do with the given token ("" for none) instead of the one
	// remembered.
	doAs(t testing.TB, token, op, session string, body any) (json.RawMessage, *Error)
}

// keyring remembers the tokens a client was given, by session.
type keyring struct {
	mu     sync.Mutex
	tokens map[string]Tokens
}

// token is the creator's token of a session, "" if unknown.
func (k *keyring) token(session string) string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.tokens[session].Creator
}

// seatToken is a seat's token of a session, "" if unknown.
func (k *keyring) seatToken(session string, seat int) string {
	k.mu.Lock()
	defer k.mu.Unlock()
	if t := k.tokens[session].Seats; seat < len(t) {
		return t[seat]
	}
	return ""
}

// remember keeps the tokens of a start's answer.
func (k *keyring) remember(op string, result json.RawMessage) {
	if op != "start" || result == nil {
		return
	}
	var v struct {
		Session string  `json:"session"`
		Tokens  *Tokens `json:"tokens"`
	}
	if json.Unmarshal(result, &v) != nil || v.Tokens == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.tokens == nil {
		k.tokens = map[string]Tokens{}
	}
	k.tokens[v.Session] = *v.Tokens
}

// tokensOf is the keyring of a test client.
func tokensOf(c client) *keyring {
	switch c := c.(type) {
	case *httpClient:
		return c.keys
	case *stdioClient:
		return c.keys
	}
	panic("unknown client")
}

// httpClient speaks HTTP to a test server.
type httpClient struct {
	srv  *httptest.Server
	keys *keyring
}

func newHTTPClient(t testing.TB, sv *Service) *httpClient {
	srv := httptest.NewServer(NewHandler(sv))
	t.Cleanup(srv.Close)
	return &httpClient{srv: srv, keys: &keyring{}}
}

func (c *httpClient) name() string { return "http" }

func (c *httpClient) route(op, session string) (string, string) {
	switch op {
	case "start":
		return "POST", "/v1/sessions"
	case "sessions":
		return "GET", "/v1/sessions"
	case "get":
		return "GET", "/v1/sessions/" + session
	case "delete":
		return "DELETE", "/v1/sessions/" + session
	case "move", "ai":
		return "POST", "/v1/sessions/" + session + "/" + op
	case "best":
		return "POST", "/v1/best"
	case "analyze":
		if session != "" {
			return "POST", "/v1/sessions/" + session + "/analyze"
		}
		return "POST", "/v1/analyze"
	}
	return "GET", "/v1/" + op
}

func (c *httpClient) do(t testing.TB, op, session string, body any) (json.RawMessage, *Error) {
	t.Helper()
	return c.doAs(t, c.keys.token(session), op, session, body)
}

func (c *httpClient) doAs(t testing.TB, token, op, session string, body any) (json.RawMessage, *Error) {
	t.Helper()
	method, path := c.route(op, session)
	if m, ok := body.(map[string]any); ok && op == "get" {
		if seat, ok := m["seat"]; ok { // over HTTP, the query's ?seat=N
			path += fmt.Sprintf("?seat=%v", seat)
			body = nil
		}
	}
	var rd io.Reader
	if body != nil {
		data, ok := body.([]byte)
		if !ok {
			var err error
			if data, err = json.Marshal(body); err != nil {
				t.Fatal(err)
			}
		}
		rd = bytes.NewReader(data)
	}
	data, e := c.rawAs(t, token, method, path, rd)
	c.keys.remember(op, data)
	return data, e
}

func (c *httpClient) raw(t testing.TB, method, path string, body io.Reader) (json.RawMessage, *Error) {
	t.Helper()
	return c.rawAs(t, "", method, path, body)
}

func (c *httpClient) rawAs(t testing.TB, token, method, path string, body io.Reader) (json.RawMessage, *Error) {
	t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s %s: Content-Type %q, body %s", method, path, ct, data)
	}
	if resp.StatusCode >= 300 {
		var eb ErrorBody
		if err := json.Unmarshal(data, &eb); err != nil || eb.Error.Code == "" {
			t.Fatalf("%s %s: status %d with a body that is not an error: %s", method, path, resp.StatusCode, data)
		}
		if eb.Error.Status != resp.StatusCode {
			t.Fatalf("%s %s: status %d but the error says %d", method, path, resp.StatusCode, eb.Error.Status)
		}
		return nil, &eb.Error
	}
	return data, nil
}

// stdioClient speaks JSON lines to a ServeLines goroutine over pipes.
type stdioClient struct {
	mu   sync.Mutex
	in   *io.PipeWriter
	out  *bufio.Reader
	next int
	keys *keyring
}

func newStdioClient(t testing.TB, sv *Service) *stdioClient {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := ServeLines(context.Background(), sv, inR, outW)
		outW.Close()
		done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		if err := <-done; err != nil {
			t.Errorf("ServeLines: %v", err)
		}
	})
	return &stdioClient{in: inW, out: bufio.NewReaderSize(outR, 1<<20), keys: &keyring{}}
}

func (c *stdioClient) name() string { return "stdio" }

func (c *stdioClient) do(t testing.TB, op, session string, body any) (json.RawMessage, *Error) {
	t.Helper()
	return c.doAs(t, c.keys.token(session), op, session, body)
}

func (c *stdioClient) doAs(t testing.TB, token, op, session string, body any) (json.RawMessage, *Error) {
	t.Helper()
	fields := map[string]any{}
	if body != nil {
		data, ok := body.([]byte)
		if !ok {
			var err error
			if data, err = json.Marshal(body); err != nil {
				t.Fatal(err)
			}
		}
		if err := json.Unmarshal(data, &fields); err != nil {
			// Not an object: send it as the whole line to see the error.
			return c.line(t, data, "")
		}
	}
	c.mu.Lock()
	c.next++
	id := fmt.Sprintf("r%d", c.next)
	c.mu.Unlock()
	fields["op"], fields["id"] = op, id
	if session != "" {
		fields["session"] = session
	}
	if token != "" {
		fields["token"] = token
	}
	data, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	result, e := c.line(t, data, id)
	c.keys.remember(op, result)
	return result, e
}

// line sends one line and reads one response; id is the id it must echo.
func (c *stdioClient) line(t testing.TB, data []byte, id string) (json.RawMessage, *Error) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if bytes.ContainsRune(data, '\n') {
		t.Fatalf("a request line with a newline: %s", data)
	}
	if _, err := c.in.Write(append(data, '\n')); err != nil {
		t.Fatal(err)
	}
	resp, err := c.out.ReadBytes('\n')
	if err != nil {
		t.Fatalf("reading the response to %s: %v", data, err)
	}
	var r struct {
		ID     json.RawMessage `json:"id"`
		OK     bool            `json:"ok"`
		Result json.RawMessage `json:"result"`
		Error  *Error          `json:"error"`
	}
	if err := json.Unmarshal(resp, &r); err != nil {
		t.Fatalf("response %s: %v", resp, err)
	}
	tooLong := r.Error != nil && r.Error.Code == "body_too_large" && string(r.ID) == "null" // a line not read has no id
	if id != "" && string(r.ID) != `"`+id+`"` && !tooLong {
		t.Fatalf("response id %s, want %q", r.ID, id)
	}
	if r.OK == (r.Error != nil) {
		t.Fatalf("response with ok=%v and error %v: %s", r.OK, r.Error, resp)
	}
	if !r.OK {
		return nil, r.Error
	}
	return r.Result, nil
}

// clients makes one client of each protocol over the same service; they
// share their tokens, as one front end speaking both would.
func clients(t testing.TB, sv *Service) []client {
	h, s := newHTTPClient(t, sv), newStdioClient(t, sv)
	s.keys = h.keys
	return []client{h, s}
}

// must runs an operation that must succeed and decodes its result.
func must[T any](t testing.TB, c client, op, session string, body any) T {
	t.Helper()
	data, e := c.do(t, op, session, body)
	if e != nil {
		t.Fatalf("%s %s %s: %s: %s", c.name(), op, session, e.Code, e.Message)
	}
	var v T
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s %s: decoding %.300s: %v", c.name(), op, data, err)
	}
	return v
}

// fails runs an operation that must fail with code.
func fails(t testing.TB, c client, op, session string, body any, code string) *Error {
	t.Helper()
	data, e := c.do(t, op, session, body)
	if e == nil {
		t.Fatalf("%s %s %s: succeeded (%.200s), want %s", c.name(), op, session, data, code)
	}
	if e.Code != code {
		t.Fatalf("%s %s %s: error %s (%s), want %s", c.name(), op, session, e.Code, e.Message, code)
	}
	if strings.TrimSpace(e.Message) == "" {
		t.Fatalf("%s %s: error %s without a message", c.name(), op, code)
	}
	return e
}

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
// result's JSON, or the error's code and status.
type client interface {
	name() string
	// do runs op; session is the session id for get, move, ai and delete;
	// body is the request (nil for none).
	do(t testing.TB, op, session string, body any) (json.RawMessage, *Error)
}

// httpClient speaks HTTP to a test server.
type httpClient struct {
	srv *httptest.Server
}

func newHTTPClient(t testing.TB, sv *Service) *httpClient {
	srv := httptest.NewServer(NewHandler(sv))
	t.Cleanup(srv.Close)
	return &httpClient{srv}
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
	}
	return "GET", "/v1/" + op
}

func (c *httpClient) do(t testing.TB, op, session string, body any) (json.RawMessage, *Error) {
	t.Helper()
	method, path := c.route(op, session)
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
	return c.raw(t, method, path, rd)
}

func (c *httpClient) raw(t testing.TB, method, path string, body io.Reader) (json.RawMessage, *Error) {
	t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, body)
	if err != nil {
		t.Fatal(err)
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
	return &stdioClient{in: inW, out: bufio.NewReaderSize(outR, 1<<20)}
}

func (c *stdioClient) name() string { return "stdio" }

func (c *stdioClient) do(t testing.TB, op, session string, body any) (json.RawMessage, *Error) {
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
	data, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return c.line(t, data, id)
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

// clients makes one client of each protocol over the same service.
func clients(t testing.TB, sv *Service) []client {
	return []client{newHTTPClient(t, sv), newStdioClient(t, sv)}
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

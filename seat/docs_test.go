package seat

import (
	"bytes"
	"context"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

const protocolDoc = "../docs/protocol.md"

// docService is the service the document's examples ran on: its tokens,
// ids and seeds come from a fixed stream, so that they are the document's.
func docService(l Limits) *Service {
	sv := NewService(l, nil)
	sv.random = rand.NewChaCha8([32]byte{'m', 'o', 'o', 'n', 'g', 'y', 'm'})
	return sv
}

// TestProtocolDocCoversEverything: docs/protocol.md documents every
// operation (by name and HTTP path) and every error code.
func TestProtocolDocCoversEverything(t *testing.T) {
	data, err := os.ReadFile(protocolDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, op := range Ops() {
		if !strings.Contains(doc, "`"+op.Op+"`") {
			t.Errorf("operation %s is not documented", op.Op)
		}
		if op.Path != "" && !strings.Contains(doc, op.Method+" "+strings.SplitN(op.Path, "?", 2)[0]) {
			t.Errorf("%s %s is not documented", op.Method, op.Path)
		}
	}
	for _, c := range Codes() {
		if !strings.Contains(doc, "`"+c.Code+"`") {
			t.Errorf("error code %s is not documented", c.Code)
		}
	}
}

// block returns the lines of the fenced code block after marker.
func block(t *testing.T, doc, marker string) []string {
	t.Helper()
	_, after, ok := strings.Cut(doc, marker)
	if !ok {
		t.Fatalf("%s: no %s", protocolDoc, marker)
	}
	_, after, _ = strings.Cut(after, "```")
	_, after, _ = strings.Cut(after, "\n") // the fence's language
	body, _, ok := strings.Cut(after, "```")
	if !ok {
		t.Fatalf("%s: the block after %s does not end", protocolDoc, marker)
	}
	return strings.Split(strings.TrimRight(body, "\n"), "\n")
}

// heredoc returns the lines of the here-document (<<'EOF' ... EOF) in the
// code block after marker: the requests of a worked stdio session.
func heredoc(t *testing.T, doc, marker string) []string {
	t.Helper()
	var in []string
	reading := false
	for _, line := range block(t, doc, marker) {
		switch {
		case strings.Contains(line, "<<'EOF'"):
			reading = true
		case line == "EOF":
			reading = false
		case reading:
			in = append(in, line)
		}
	}
	return in
}

// joined joins the lines of a document's example of one JSON value: the
// indentation of continuation lines is not part of it (the document breaks
// lines between tokens, where compact JSON has no space).
func joined(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimLeft(l, " "))
	}
	return b.String()
}

// matchElided reports whether got is want, byte for byte, where each "..."
// of want stands for any text (what the document leaves out).
func matchElided(want, got string) bool {
	parts := strings.Split(want, "...")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	rest := got[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	last := parts[len(parts)-1]
	return len(rest) >= len(last) && strings.HasSuffix(rest, last)
}

// shellWords splits a command line into words, honouring single quotes.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// TestProtocolDocCurlSession runs the worked curl session of
// docs/protocol.md against the handler and compares every answer with the
// one the document shows.
func TestProtocolDocCurlSession(t *testing.T) {
	data, err := os.ReadFile(protocolDoc)
	if err != nil {
		t.Fatal(err)
	}
	lines := block(t, string(data), "<!-- curl-session -->")
	h := NewHandler(docService(Limits{}))
	var got []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !strings.HasPrefix(line, "$ curl ") {
			continue
		}
		method, url, body := "GET", "", ""
		header := http.Header{}
		words := shellWords(strings.TrimPrefix(line, "$ "))
		for j := 1; j < len(words); j++ {
			switch w := words[j]; {
			case w == "-X":
				method, j = words[j+1], j+1
			case w == "-H":
				k, v, _ := strings.Cut(words[j+1], ":")
				header.Set(k, strings.TrimSpace(v))
				j++
			case w == "-d": // curl's: a form POST
				body, j = words[j+1], j+1
				header.Set("Content-Type", "application/x-www-form-urlencoded")
				if method == "GET" {
					method = "POST"
				}
			case w == "--json": // curl's: a POST of JSON
				body, j = words[j+1], j+1
				header.Set("Content-Type", "application/json")
				if method == "GET" {
					method = "POST"
				}
			case strings.HasPrefix(w, "localhost:8080"):
				url = w
			}
		}
		var want strings.Builder
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") {
			i++
			want.WriteString(lines[i] + "\n")
		}
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(method, "http://"+url, strings.NewReader(body))
		maps.Copy(req.Header, header)
		h.ServeHTTP(rec, req)
		answer := strings.TrimSpace(rec.Body.String())
		got = append(got, line, answer)
		if answer != strings.TrimSpace(want.String()) {
			t.Errorf("%s\n got: %s\nwant: %s", line, answer, strings.TrimSpace(want.String()))
		}
	}
	if len(got) == 0 {
		t.Fatal("no curl commands in the session")
	}
	if t.Failed() {
		t.Logf("the session as it runs:\n%s", strings.Join(got, "\n"))
	}
}

// TestProtocolDocStdioSession runs the worked stdio session of
// docs/protocol.md and compares the engine's output with the document's.
func TestProtocolDocStdioSession(t *testing.T) {
	data, err := os.ReadFile(protocolDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	in := heredoc(t, doc, "<!-- stdio-session -->")
	want := block(t, doc, "<!-- stdio-output -->")
	var out bytes.Buffer
	if err := ServeLines(context.Background(), docService(Limits{Open: true}), strings.NewReader(strings.Join(in, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d responses, the document shows %d:\n%s", len(got), len(want), out.String())
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("response %d\n got: %s\nwant: %s", i+1, got[i], want[i])
		}
	}
	if t.Failed() {
		t.Logf("the output as it runs:\n%s", out.String())
	}
}

// TestProtocolDocExamples replays the document's other examples: a block
// after "<!-- replay-http: METHOD PATH BODY -->" is the server's answer to
// that request, the block after "<!-- replay-stdio-output: NAME -->" the
// last line the engine (open, as the stdio engine is by default) prints
// for the here-document after "<!-- replay-stdio: NAME -->", and the block
// after "<!-- seat-output -->" the last line it prints for the block after
// "<!-- seat-session -->", byte for byte but for the parts the document
// elides with "...".
func TestProtocolDocExamples(t *testing.T) {
	data, err := os.ReadFile(protocolDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	markers := regexp.MustCompile(`<!-- replay-http: (\S+) (\S+) ?(.*) -->`).FindAllStringSubmatch(doc, -1)
	if len(markers) < 2 {
		t.Fatalf("%d replay-http examples, want the game and best examples", len(markers))
	}
	h := NewHandler(docService(Limits{}))
	for _, m := range markers {
		want := joined(block(t, doc, m[0]))
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(m[1], "http://localhost:8080"+m[2], strings.NewReader(m[3]))
		if m[3] != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		h.ServeHTTP(rec, req)
		if got := strings.TrimSpace(rec.Body.String()); !matchElided(want, got) {
			t.Errorf("%s %s %s\n got: %s\nwant: %s", m[1], m[2], m[3], got, want)
		}
	}
	stdio := regexp.MustCompile(`<!-- replay-stdio: (\S+) -->`).FindAllStringSubmatch(doc, -1)
	if len(stdio) == 0 {
		t.Fatal("no replay-stdio examples, want the analyze session's")
	}
	for _, m := range stdio {
		in := heredoc(t, doc, m[0])
		var out bytes.Buffer
		if err := ServeLines(context.Background(), docService(Limits{Open: true}), strings.NewReader(strings.Join(in, "\n")+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
		want := joined(block(t, doc, "<!-- replay-stdio-output: "+m[1]+" -->"))
		if got := lines[len(lines)-1]; !matchElided(want, got) {
			t.Errorf("stdio example %s, last line\n got: %s\nwant: %s", m[1], got, want)
		}
	}
	in := heredoc(t, doc, "<!-- seat-session -->")
	var out bytes.Buffer
	if err := ServeLines(context.Background(), docService(Limits{Open: true}), strings.NewReader(strings.Join(in, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	want := joined(block(t, doc, "<!-- seat-output -->"))
	if got := lines[len(lines)-1]; !matchElided(want, got) {
		t.Errorf("seat session, last line\n got: %s\nwant: %s", got, want)
	}
}

func TestMatchElided(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{`{"a":1}`, `{"a":1}`, true},
		{`{"a":1}`, `{"a":2}`, false},
		{`{"a":...}`, `{"a":[1,2]}`, true},
		{`{"a":...,"b":2}`, `{"a":1,"c":3,"b":2}`, true},
		{`{"a":...,"b":2}`, `{"a":1,"b":3}`, false},
		{`...x...x`, `x`, false},
		{`{...}`, `{}`, true},
	} {
		if got := matchElided(c.want, c.got); got != c.ok {
			t.Errorf("matchElided(%q, %q) = %v", c.want, c.got, got)
		}
	}
}

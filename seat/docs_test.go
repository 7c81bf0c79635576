package seat

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"
)

const protocolDoc = "../docs/protocol.md"

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

func sameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
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
	h := NewHandler(NewService(Limits{}, nil))
	var got []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !strings.HasPrefix(line, "$ curl ") {
			continue
		}
		method, url, body := "GET", "", ""
		words := shellWords(strings.TrimPrefix(line, "$ "))
		for j := 1; j < len(words); j++ {
			switch w := words[j]; {
			case w == "-X":
				method, j = words[j+1], j+1
			case w == "-d":
				body, j = words[j+1], j+1
				if method == "GET" {
					method = "POST"
				}
			case strings.HasPrefix(w, "localhost:8080"):
				url = strings.TrimPrefix(w, "localhost:8080")
			}
		}
		var want strings.Builder
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") {
			i++
			want.WriteString(lines[i] + "\n")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, url, strings.NewReader(body)))
		answer := strings.TrimSpace(rec.Body.String())
		got = append(got, line, answer)
		if !sameJSON(answer, want.String()) {
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
	var in []string
	reading := false
	for _, line := range block(t, doc, "<!-- stdio-session -->") {
		switch {
		case strings.Contains(line, "<<'EOF'"):
			reading = true
		case line == "EOF":
			reading = false
		case reading:
			in = append(in, line)
		}
	}
	want := block(t, doc, "<!-- stdio-output -->")
	var out bytes.Buffer
	if err := ServeLines(context.Background(), NewService(Limits{}, nil), strings.NewReader(strings.Join(in, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d responses, the document shows %d:\n%s", len(got), len(want), out.String())
	}
	for i := range got {
		if !sameJSON(got[i], want[i]) {
			t.Errorf("response %d\n got: %s\nwant: %s", i+1, got[i], want[i])
		}
	}
	if t.Failed() {
		t.Logf("the output as it runs:\n%s", out.String())
	}
}

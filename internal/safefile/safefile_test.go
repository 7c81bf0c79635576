package safefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// within runs f and fails the test if it takes more than a few seconds (a
// read that blocks on a FIFO or never ends on a device).
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still reading after 10 s")
	}
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int64) string {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString("ab"); err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size); err != nil { // sparse beyond the first bytes
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const limit = 100
	exact := write("exact", limit)
	over := write("over", limit+1)
	big := write("big", 50<<20)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(exact, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	devLink := filepath.Join(dir, "devzero")
	if err := os.Symlink("/dev/zero", devLink); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path string
		limit      int64
		want       error // nil: reads
		size       int
		skip       func(t *testing.T)
	}{
		{"exactly the limit", exact, limit, nil, limit, nil},
		{"a link to a regular file", link, limit, nil, limit, nil},
		{"one byte over", over, limit, ErrTooLarge, 0, nil},
		{"50 MiB over 1 MiB", big, 1 << 20, ErrTooLarge, 0, nil},
		{"no limit", big, NoLimit, nil, 50 << 20, nil},
		{"empty file", write("empty", 0), limit, nil, 0, nil},
		{"a directory", dir, limit, ErrNotRegular, 0, nil},
		{"missing", filepath.Join(dir, "none"), limit, fs.ErrNotExist, 0, nil},
		{"/dev/zero", "/dev/zero", NoLimit, ErrNotRegular, 0, needs("/dev/zero")},
		{"a link to /dev/zero", devLink, NoLimit, ErrNotRegular, 0, needs("/dev/zero")},
		{"a FIFO", fifo, NoLimit, ErrNotRegular, 0, func(t *testing.T) { mkfifo(t, fifo) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != nil {
				c.skip(t)
			}
			var data []byte
			var err error
			within(t, func() { data, err = Read(c.path, c.limit) })
			if c.want == nil {
				if err != nil || len(data) != c.size {
					t.Fatalf("%d bytes, %v; want %d bytes", len(data), err, c.size)
				}
				if c.size > 0 && !bytes.HasPrefix(data, []byte("ab")) {
					t.Fatalf("content %q...", data[:2])
				}
				return
			}
			if !errors.Is(err, c.want) || data != nil {
				t.Fatalf("%d bytes, %v; want %v", len(data), err, c.want)
			}
			if !strings.Contains(err.Error(), c.path) {
				t.Errorf("%q does not name the file", err)
			}
		})
	}
}

func needs(path string) func(t *testing.T) {
	return func(t *testing.T) {
		if _, err := os.Stat(path); err != nil {
			t.Skipf("%s: %v", path, err)
		}
	}
}

// TestOpenFIFO: a path that became a FIFO after Read's first look is
// opened without blocking, and the opened file's Stat refuses it.
func TestOpenFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	mkfifo(t, fifo)
	within(t, func() {
		f, err := open(fifo)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || fi.Mode().IsRegular() {
			t.Errorf("%v, %v", fi.Mode(), err)
		}
	})
}

func TestErrorMessages(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x")
	if err := os.WriteFile(p, make([]byte, 3<<20+1), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Read(p, 3<<20)
	if want := p + ": file too large (3145729 bytes; at most 3 MiB)"; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = Read(dir, 3)
	if want := dir + ": not a regular file (a directory)"; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

const secret = "root:$6$SECRETHASH.xyz/abc:19000:0:99999:7:::"

func TestRedact(t *testing.T) {
	content := []byte(secret + "\nwidth 5\ncard 12 Crater Rim\nQ\n")
	cases := []struct{ in, want string }{
		{fmt.Sprintf("line 1: unknown statement %q", secret), `line 1: unknown statement "…"`},
		{"line 1: unknown statement " + secret, "line 1: unknown statement …"},
		{"line 1: " + secret + ": bad", "line 1: …: bad"},
		{"(" + secret + "),", "(…),"},
		{fmt.Sprintf("cell %q is not one of # . *", "Q"), `cell "…" is not one of # . *`},
		{fmt.Sprintf("invalid character %s", "'r'"), `invalid character "…"`},
		{"card 12 row 3: want 5 cells", "card 12 row 3: want 5 cells"},
		{"card Crater Rim: width 5 outside 1..8", "card Crater Rim: width 5 outside 1..8"},
		{fmt.Sprintf("want one of %q", "blue"), `want one of "blue"`},
		{"SECRETHASH.xyz/abc", "…"},
		{"width=SECRETHASH.xyz/abc (want 1..8)", "width=… (want 1..8)"},
		{"width=5", "width=5"},
	}
	for _, c := range cases {
		err := Redact(fmt.Errorf("%w: %s", fs.ErrInvalid, c.in), content)
		if got := err.Error(); got != fs.ErrInvalid.Error()+": "+c.want {
			t.Errorf("%s\n got %s\nwant %s", c.in, got, c.want)
		}
		if !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("%s: the sentinel is lost", c.in)
		}
		var pe *fs.PathError
		if strings.Contains(c.in, "SECRET") && (errors.As(err, &pe) || errors.Unwrap(err) != nil && strings.Contains(errors.Unwrap(err).Error(), "SECRET")) {
			t.Errorf("%s: the original message can be reached", c.in)
		}
	}
	if Redact(nil, content) != nil {
		t.Error("Redact(nil) is not nil")
	}
	plain := errors.New("3 zones, want 4")
	if Redact(plain, content) != plain {
		t.Error("an error with nothing to clear is not returned as it is")
	}
}

func TestDescribeJSON(t *testing.T) {
	type planet struct {
		Name string  `json:"name"`
		X    float64 `json:"x"`
	}
	type board struct {
		Name    string   `json:"name"`
		Planets []planet `json:"planets"`
	}
	cases := []struct{ data, want string }{
		{secret + "\n{}", "line 1, column 1: unexpected character looking for beginning of value"},
		{"{\n  \"name\": \"b\",\n  \"" + secret + "\": 1}", "line 3, column 3: an unknown field"},
		{"{\"planets\": [{\"name\": \"a\",\n \"x\": \"" + secret + "\"}]}", "line 2, column 53: field planets.x: a string where a number belongs"},
		{"{\"planets\": [{\"x\": 1e999}]}", "line 1, column 24: field planets.x: a number that does not fit (out of range, or not whole)"},
		{"{\"name\": " + secret + "}", "line 1, column 10: unexpected character looking for beginning of value"},
		{"{\"name\": \"b\"", "unexpected end of the data"},
		{"", "no JSON value (empty)"},
		{"{\"planets\": {\"a\": 1}}", "line 1, column 13: field planets: an object where a list belongs"},
	}
	for _, c := range cases {
		var b board
		dec := json.NewDecoder(strings.NewReader(c.data))
		dec.DisallowUnknownFields()
		err := dec.Decode(&b)
		if err == nil {
			t.Fatalf("%q decodes", c.data)
		}
		got := DescribeJSON(err, []byte(c.data))
		if got != c.want {
			t.Errorf("%q: %v\n got %s\nwant %s", c.data, err, got, c.want)
		}
		if strings.Contains(got, "SECRET") || strings.Contains(got, "root") || strings.Contains(got, "1e999") {
			t.Errorf("%q: %s quotes the data", c.data, got)
		}
	}
	// json.Unmarshal's end of input is a SyntaxError.
	var b board
	data := []byte(`{"name": "b",`)
	if got, want := DescribeJSON(json.Unmarshal(data, &b), data), "line 1, column 13: unexpected end of the data"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestPosition(t *testing.T) {
	data := []byte("ab\ncd\n")
	for off, want := range map[int64]string{-3: "line 1, column 1", 0: "line 1, column 1", 1: "line 1, column 2", 3: "line 2, column 1", 5: "line 2, column 3", 6: "line 3, column 1", 99: "line 3, column 1"} {
		if got := Position(data, off); got != want {
			t.Errorf("Position(%d) = %s, want %s", off, got, want)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MiB", 32 << 20: "32 MiB", 4096: "4 KiB", 100: "100 bytes", 1<<20 + 1: "1048577 bytes"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %s, want %s", n, got, want)
		}
	}
}

// TestReadFS reads through a file system of its own: a regular file, one
// over the limit, a directory, a missing name, and no file system at all.
func TestReadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"data/board.json": {Data: []byte(`{"planets": []}`)},
		"data/big.txt":    {Data: make([]byte, 100)},
		"data/sub":        {Mode: fs.ModeDir},
	}
	if b, err := ReadFS(fsys, "data/board.json", 64); err != nil || string(b) != `{"planets": []}` {
		t.Fatalf("regular file: %q, %v", b, err)
	}
	cases := []struct {
		fsys fs.FS
		name string
		want error
	}{
		{fsys, "data/big.txt", ErrTooLarge},
		{fsys, "data/sub", ErrNotRegular},
		{fsys, "data/none.json", fs.ErrNotExist},
		{nil, "data/board.json", ErrNoFiles},
	}
	for _, c := range cases {
		if _, err := ReadFS(c.fsys, c.name, 64); !errors.Is(err, c.want) {
			t.Errorf("ReadFS(%s) = %v, want %v", c.name, err, c.want)
		}
	}
}

package all_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/safefile"
	"github.com/moongym/moongym/internal/safefile/safefiletest"
)

// The game parameters that name a file, each with a valid file of its own
// (a data file the game ships) and edits of it that put a secret where the
// parser reads a bad value. The secret looks like /etc/shadow's first line.
const secret = "root:$6$SECRETHASH$Zx9Qw:19000:0:99999:7:::"

// leaks are what no error may contain: the secret or a piece of it, and
// a number of the file too long to be a count.
var leaks = []string{"SECRETHASH", "$6$", "Zx9Qw", "99999", "123456789012"}

type fileParam struct {
	game, param, valid string
	params             engine.Params // besides the file
	edits              map[string]func(valid string) string
}

func replace(old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			panic("no " + old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

var fileParams = []fileParam{
	{"walking-moon", "data", "../walkingmoon/lunar.txt", nil, map[string]func(string) string{
		"a statement": replace("width 6", secret+" 6"),
		"a number":    replace("width 6", "width "+secret),
		"a colour":    replace("dice blue ", "dice "+secret+" "),
		"a face":      replace("dice blue  1 ", "dice blue  "+secret+" "),
		"a card id":   replace("card 1 ", "card "+secret+" "),
		"an edition":  replace("editions=en,es difficult=no", "editions="+secret+" difficult=no"),
	}},
	{"march-mars", "data", "../marchmars/mars.txt", nil, map[string]func(string) string{
		"a statement": replace("lz 3", secret+" 3"),
		"a number":    replace("lz 3", "lz "+secret),
		"a face":      replace("dice blue  1 ", "dice blue  "+secret+" "),
		"a bag":       replace("bag yellow=30", "bag "+secret+"=30"),
		"a card id":   replace("card 1 ", "card "+secret+" "),
	}},
	{"lunar-rally", "scenario", "../lunarrally/scenarios/blue.txt", nil, map[string]func(string) string{
		"a hex": func(string) string { return "S . " + secret + " F\n. S . F\n" },
	}},
	{"planet-cubes", "board", "../planetcubes/board.json", nil, map[string]func(string) string{
		"a name":          replace(`"name": "S1"`, `"name": "`+secret+`"`),
		"a kind":          replace(`"kind": "lifeup"`, `"kind": "`+secret+`"`),
		"an unknown key":  replace(`"name": "Six sectors",`, `"name": "Six sectors", "`+secret+`": 1,`),
		"an orbit":        replace(`["S1", "L1"]`, `["S1", "`+secret+`"]`),
		"a seat":          replace(`"2": ["S1", "S4"]`, `"2": ["S1", "`+secret+`"]`),
		"a seat key":      replace(`"2": ["S1", "S4"]`, `"`+secret+`": ["S1", "S4"]`),
		"a coordinate":    replace(`"x": 0.0`, `"x": "`+secret+`"`),
		"a number":        replace(`"x": 0.0`, `"x": 1e999`),
		"after the board": func(s string) string { return s + secret },
	}},
	{"welcome-moon", "sheet", "../welcomemoon/data/adventure-1.json", nil, map[string]func(string) string{
		"a zone":        replace(`{"name": "F1", "action": "astronaut"`, `{"name": "`+secret+`", "action": "`+secret+`"`),
		"a string":      replace(`"spaces": 53`, `"spaces": "`+secret+`"`),
		"a long number": replace(`"spaces": 53`, `"spaces": 123456789012`),
		"not JSON":      replace(`"spaces": 53`, `"spaces": `+secret),
	}},
}

// load loads the game with its file parameter set to path, failing the
// test if that takes more than a few seconds (a FIFO, an endless file).
func load(t *testing.T, fp fileParam, path string) error {
	t.Helper()
	p := engine.Params{fp.param: path}
	for k, v := range fp.params {
		p[k] = v
	}
	done := make(chan error, 1)
	go func() { _, err := engine.Load(fp.game, p); done <- err }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("%s %s=%s: still loading after 10 s", fp.game, fp.param, path)
		return nil
	}
}

// TestFileParamsQuoteNoContent: a file parameter whose file is not the
// game's (a secret on its first line) or has a secret where a value
// belongs gives an error that wraps engine.ErrBadParam and names the file,
// but quotes none of it.
func TestFileParamsQuoteNoContent(t *testing.T) {
	for _, fp := range fileParams {
		valid, err := os.ReadFile(fp.valid)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := load(t, fp, fp.valid); err != nil {
			t.Fatalf("%s %s=%s, a valid file: %v", fp.game, fp.param, fp.valid, err)
		}
		cases := map[string]string{"the first line": secret + "\ndaemon:*:19000:0:99999:7:::\n"}
		for name, edit := range fp.edits {
			cases[name] = edit(string(valid))
		}
		for name, text := range cases {
			t.Run(fp.game+"/"+name, func(t *testing.T) {
				path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
				if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
					t.Fatal(err)
				}
				err := load(t, fp, path)
				if !errors.Is(err, engine.ErrBadParam) {
					t.Fatalf("got %v, want ErrBadParam", err)
				}
				safefiletest.Quiet(t, err, path, leaks)
				t.Log(err)
			})
		}
	}
}

// TestFileParamsRegularAndSmall: a file parameter naming a device, a FIFO
// or a directory is refused at once with safefile.ErrNotRegular, and a file
// of more than safefile.DataLimit bytes with safefile.ErrTooLarge (one of
// exactly the limit is read and refused as a bad file), all wrapping
// engine.ErrBadParam.
func TestFileParamsRegularAndSmall(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64) string { return safefiletest.Sparse(t, dir, name, size) }
	over := sparse("over", safefile.DataLimit+1)
	exact := sparse("exact", safefile.DataLimit)
	fifo := filepath.Join(dir, "fifo")
	fifoErr := mkfifo(fifo)
	_, zeroErr := os.Stat("/dev/zero")
	for _, fp := range fileParams {
		cases := []struct {
			name, path string
			skip       error
			want       error
		}{
			{"/dev/zero", "/dev/zero", zeroErr, safefile.ErrNotRegular},
			{"a FIFO", fifo, fifoErr, safefile.ErrNotRegular},
			{"a directory", dir, nil, safefile.ErrNotRegular},
			{"over the limit", over, nil, safefile.ErrTooLarge},
			{"the limit", exact, nil, nil},
		}
		for _, c := range cases {
			t.Run(fp.game+"/"+c.name, func(t *testing.T) {
				if c.skip != nil {
					t.Skip(c.skip)
				}
				err := load(t, fp, c.path)
				if !errors.Is(err, engine.ErrBadParam) {
					t.Fatalf("got %v, want ErrBadParam", err)
				}
				if c.want != nil && !errors.Is(err, c.want) {
					t.Fatalf("got %v, want %v", err, c.want)
				}
				if c.want == nil && (errors.Is(err, safefile.ErrTooLarge) || errors.Is(err, safefile.ErrNotRegular)) {
					t.Fatalf("a file of exactly the limit: %v", err)
				}
				if !strings.Contains(err.Error(), c.path) {
					t.Errorf("the error does not name the file: %v", err)
				}
			})
		}
	}
}

// TestDataLimitMargin: safefile.DataLimit stays far above the data files
// the games ship (the basis its doc gives: over a hundred times the
// largest).
func TestDataLimitMargin(t *testing.T) {
	var largest int64
	var which string
	for _, pattern := range []string{"../lunarrally/scenarios/*.txt", "../welcomemoon/data/*.json",
		"../planetcubes/board.json", "../walkingmoon/lunar.txt", "../marchmars/mars.txt"} {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", pattern, err)
		}
		for _, f := range files {
			st, err := os.Stat(f)
			if err != nil {
				t.Fatal(err)
			}
			if st.Size() > largest {
				largest, which = st.Size(), f
			}
		}
	}
	t.Logf("largest shipped data file: %s, %d bytes", which, largest)
	if 100*largest > safefile.DataLimit {
		t.Errorf("safefile.DataLimit (%d) is under 100 times %s (%d bytes): raise it and update its doc", safefile.DataLimit, which, largest)
	}
}

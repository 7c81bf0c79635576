package seat

import (
	"errors"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestLoadRefusesFiles: without AllowFiles, a file parameter that is no
// built-in name is refused whatever it looks like (a path, a bare name
// that names a file here, a Windows path), and built-in names and the
// defaults load; with AllowFiles the game reads the file.
func TestLoadRefusesFiles(t *testing.T) {
	for _, tc := range []struct {
		game   string
		params engine.Params
		refuse bool
	}{
		{"planet-cubes", engine.Params{"board": "/etc/passwd"}, true},
		{"planet-cubes", engine.Params{"board": ""}, false}, // the default
		{"lunar-rally", engine.Params{"scenario": "blue"}, false},
		{"lunar-rally", engine.Params{"scenario": "../../etc/hostname"}, true},
		{"lunar-rally", engine.Params{"scenario": "testdata"}, true}, // a bare name that exists here
		{"walking-moon", engine.Params{"data": "lunar.txt"}, true},
		{"march-mars", engine.Params{"data": "mars.txt"}, true},
		{"welcome-moon", engine.Params{"sheet": `C:\sheet.json`}, true},
		{"welcome-moon", engine.Params{"players": "3"}, false},
		{"nosuchgame", engine.Params{"board": "/etc/passwd"}, false}, // unknown game
	} {
		_, err := NewService(Limits{}, nil).load(tc.game, tc.params)
		if got := errors.Is(err, ErrFileRefused); got != tc.refuse {
			t.Errorf("load(%s %v) = %v, want refused %v", tc.game, tc.params, err, tc.refuse)
		}
		if _, err := NewService(Limits{AllowFiles: true}, nil).load(tc.game, tc.params); errors.Is(err, ErrFileRefused) {
			t.Errorf("AllowFiles: load(%s %v) = %v", tc.game, tc.params, err)
		}
	}
}

func TestCheckFiles(t *testing.T) {
	for _, tc := range []struct {
		specs  []string
		refuse bool
	}{
		{[]string{"human", "net:model=/etc/passwd"}, true},
		{[]string{"az:sims=10,model=lunar.safetensors"}, true},
		{[]string{"az:sims=10,model=builtin"}, false},
		{[]string{"mcts:sims=10", "random"}, false},
	} {
		err := Limits{}.CheckFiles(tc.specs...)
		if got := errors.Is(err, ErrFileRefused); got != tc.refuse {
			t.Errorf("CheckFiles(%v) = %v, want refused %v", tc.specs, err, tc.refuse)
		}
		if err := (Limits{AllowFiles: true}).CheckFiles(tc.specs...); err != nil {
			t.Errorf("AllowFiles: CheckFiles(%v) = %v", tc.specs, err)
		}
	}
}

// TestFilesRefusedByEveryOperation: start, game and best (state and record)
// refuse file parameters over both protocols, and with AllowFiles the same
// request reaches the game, which reads the file.
func TestFilesRefusedByEveryOperation(t *testing.T) {
	board := map[string]any{"board": "/etc/passwd"}
	reqs := []struct {
		op   string
		body any
	}{
		{"start", map[string]any{"game": "planet-cubes", "params": board}},
		{"start", map[string]any{"game": "tictactoe", "seats": []string{"human", "net:model=/etc/passwd"}}},
		{"best", map[string]any{"game": "planet-cubes", "params": board, "state": map[string]any{}, "agent": "random"}},
		{"best", map[string]any{"record": map[string]any{"game": "planet-cubes", "params": board, "actions": []int{}}, "agent": "random"}},
		{"best", map[string]any{"game": "tictactoe", "state": map[string]any{"board": "........."}, "agent": "net:model=/etc/passwd"}},
	}
	for _, c := range clients(t, NewService(Limits{}, nil)) {
		for _, r := range reqs {
			fails(t, c, r.op, "", r.body, "file_not_allowed")
		}
		if e := gameWithBoard(t, c); e == nil || e.Code != "file_not_allowed" {
			t.Errorf("%s game board=/etc/passwd: %v, want file_not_allowed", c.name(), e)
		}
		if n := len(must[[]Summary](t, c, "sessions", "", nil)); n != 0 {
			t.Errorf("%s: %d sessions kept after refused starts", c.name(), n)
		}
	}
	// Allowed, /etc/passwd reaches the board parser, which rejects it.
	for _, c := range clients(t, NewService(Limits{AllowFiles: true}, nil)) {
		fails(t, c, "start", "", reqs[0].body, "bad_param")
		if e := gameWithBoard(t, c); e == nil || e.Code != "bad_param" {
			t.Errorf("%s game board=/etc/passwd, files allowed: %v, want bad_param", c.name(), e)
		}
	}
}

// gameWithBoard asks for planet-cubes with board=/etc/passwd (over HTTP the
// params are in the query).
func gameWithBoard(t *testing.T, c client) *Error {
	if h, ok := c.(*httpClient); ok {
		_, e := h.raw(t, "GET", "/v1/games/planet-cubes?board=/etc/passwd", nil)
		return e
	}
	_, e := c.do(t, "game", "", map[string]any{"game": "planet-cubes", "params": map[string]any{"board": "/etc/passwd"}})
	return e
}

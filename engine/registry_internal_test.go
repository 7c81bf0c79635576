package engine

import (
	"errors"
	"strings"
	"testing"
)

// TestUnknownGameWithNoneRegistered: a program that imports no game gets
// an error that says which import registers them.
func TestUnknownGameWithNoneRegistered(t *testing.T) {
	registry.Lock()
	saved := registry.games
	registry.games = map[string]entry{}
	registry.Unlock()
	defer func() {
		registry.Lock()
		registry.games = saved
		registry.Unlock()
	}()
	_, err := Load("tictactoe", nil)
	if !errors.Is(err, ErrUnknownGame) || !strings.Contains(err.Error(), `no game is registered; import _ "github.com/moongym/moongym/engine/all"`) {
		t.Fatalf("got %v", err)
	}
	if _, err := Lookup("tictactoe"); err == nil || err.Error() != unknownGame("tictactoe").Error() {
		t.Fatalf("Lookup: %v", err)
	}
}

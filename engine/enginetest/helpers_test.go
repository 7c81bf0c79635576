package enginetest_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/engine/tictactoe"
)

func TestRandomRecordReplays(t *testing.T) {
	g := tictactoe.Game{}
	rec, final := enginetest.RandomRecord(g, 5)
	again, _ := enginetest.RandomRecord(g, 5)
	if len(rec.Actions) == 0 || len(rec.Returns) != 2 || len(again.Actions) != len(rec.Actions) {
		t.Fatalf("record %+v", rec)
	}
	_, s, err := rec.Replay()
	if err != nil || s.String() != final.String() {
		t.Fatalf("replay: %v\n%s\n%s", err, s, final)
	}
}

func TestGolden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.golden")
	enginetest.Golden(t, path, []byte("abc"), true)
	if data, _ := os.ReadFile(path); string(data) != "abc" {
		t.Fatalf("update wrote %q", data)
	}
	enginetest.Golden(t, path, []byte("abc"), false)
}

func BenchmarkTicTacToePlayout(b *testing.B) { enginetest.BenchmarkPlayout(b, tictactoe.Game{}) }

package distributed

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/training"
	"github.com/moongym/moongym/training/imitation"
)

// FuzzDecodeItem: any bytes decode to a valid item or an ErrBadItem, never
// a panic; a decoded item encodes and decodes to itself.
func FuzzDecodeItem(f *testing.F) {
	cfg := training.DefaultConfig()
	search := cfg.EvalSearch()
	for _, it := range []Item{
		{Kind: KindArena, Job: "j1", Game: "tictactoe", Index: 3, Agents: []string{"random", "mcts:sims=5"}, Seed: 9, Opening: 1},
		{Kind: KindSelfPlay, Job: "run", Game: "tictactoe", Config: &cfg, Iteration: 2, Index: 1, Model: "run/2"},
		{Kind: KindEval, Job: "run", Game: "tictactoe", Iteration: 4, Index: 5, Seed: 7, Opening: 1, Model: "run/eval/00ff00ff00ff00ff",
			Name: "az:sims=4", Search: &search, Opponent: "previous az:sims=4", OpponentModel: "run/eval/0123456789abcdef", Match: "fedcba9876543210"},
		{Kind: KindImitate, Job: "run", Game: "tictactoe", Index: 3, Match: "0123456789abcdef", Imitation: &training.ImitateConfig{
			Games: 10, Epsilon: 0.1, Smooth: 0.1, Epochs: 2, Seed: 4, Keep: 0.5, HoldOut: 2,
			Follow: 0.5, FollowModel: "run/imitate/00ff00ff00ff00ff", Teacher: "run/imitate/0123456789abcdef", TeacherSims: 8}},
	} {
		data, err := json.Marshal(&it)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"kind":"arena","job":"a.b"}`))
	f.Add([]byte(`{"kind":"selfplay","job":"x","index":-1}`))
	f.Add([]byte(`{"kind":"imitate","job":"x","index":1099511627776,"match":"0123456789abcdef","imitation":{"Games":1,"HoldOut":1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		it, err := decodeItem(data)
		if err != nil {
			if it != nil {
				t.Fatal("an item with an error")
			}
			return
		}
		if err := it.check(); err != nil {
			t.Fatalf("decoded item fails its check: %v", err)
		}
		again, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		it2, err := decodeItem(again)
		if err != nil || !reflect.DeepEqual(it, it2) {
			t.Fatalf("round trip: %v\n%+v\n%+v", err, it, it2)
		}
	})
}

// FuzzDecodeGame: any bytes on a run's results subject are a game message
// (of self-play or of an imitation) or an error for the learner, never a
// panic.
func FuzzDecodeGame(f *testing.F) {
	var buf bytes.Buffer
	msg := gameMsg{Run: "r", Game: "tictactoe", Iteration: 1, Index: 2,
		Result: training.GameResult{Samples: []training.Sample{{Obs: []float32{1}, Mask: []float32{1}, Policy: []float32{1}, Value: []float32{0, 0}}}, Moves: 5, Returns: []float64{1, -1}}}
	if err := gob.NewEncoder(&buf).Encode(&msg); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	buf.Reset()
	im := imitationMsg{Run: "r", Game: "tictactoe", Key: "0123456789abcdef", Index: 2,
		Record: imitation.Record{Actions: []engine.Action{4, 0, 8}, Asked: []engine.Action{4, 0}}}
	if err := gob.NewEncoder(&buf).Encode(&im); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("not gob"))
	src := &Source{Game: tictactoe.Game{}, Run: "r"}
	decode := src.imitationDecoder(training.ImitateConfig{Games: 4, Smooth: 0.1, Epochs: 1, HoldOut: 1}, im.Key, 0, 4)
	f.Fuzz(func(t *testing.T, data []byte) {
		var g gameMsg
		_ = gob.NewDecoder(bytes.NewReader(data)).Decode(&g)
		if i, _, err := decode(data); err == nil && (i < 0 || i >= 4) {
			t.Fatalf("an imitation record of game %d taken", i)
		}
	})
}

package distributed

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// evalMatch is a match of a fresh network, searched with az, against
// another (a previous network).
func evalMatch(t *testing.T, cfg training.Config) training.Match {
	t.Helper()
	nets := make([]*models.Network, 2)
	for i := range nets {
		m, err := models.NewModel(tictactoe.Game{}, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, uint64(3+i))
		if err != nil {
			t.Fatal(err)
		}
		nets[i] = m.Net
	}
	cfg.EvalSims = 4
	return training.Match{Iteration: 2, Name: "az:sims=4", Net: nets[0], Search: cfg.EvalSearch(),
		Opponent: training.Opponent{Name: "previous az:sims=4", Net: nets[1]}, Games: 6, Opening: 1, Seed: 11}
}

// TestEvalCountsOnce: an evaluation match played by workers gives the
// candidate's results of the one-process match. A game published twice
// with its id is stored once; the same game under another id, garbage, a
// game of another match (a stale one) and one of another run are logged
// and dropped. A learner resumed during the match (a new Source) reads
// the games from the stream: nothing is queued or played again.
func TestEvalCountsOnce(t *testing.T) {
	cfg := tinyConfig(t)
	m := evalMatch(t, cfg)
	want, err := training.LocalMatches{Game: tictactoe.Game{}}.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	c := startCluster(t, Limits{})
	var lg logs
	src := c.source(t, cfg, "evalonce", &lg)
	type played struct {
		stats arena.AgentStats
		err   error
	}
	done := make(chan played, 1)
	go func() {
		st, err := src.Play(m)
		done <- played{st, err}
	}()
	msg := c.takeItem(t)
	w := &Worker{JS: c.js, Consumer: c.cons}
	item, err := decodeItem(msg.Data())
	if err != nil {
		t.Fatal(err)
	}
	if item.Kind != KindEval || item.Model == item.OpponentModel || !strings.HasPrefix(item.Model, evalModelPrefix("evalonce")) {
		t.Fatalf("item %+v", item)
	}
	ctx := context.Background()
	subj, id, data, err := w.play(ctx, item)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 2; k++ {
		ack, err := c.js.Publish(ctx, subj, data, jetstream.WithMsgID(id))
		if err != nil {
			t.Fatal(err)
		}
		if ack.Duplicate != (k == 1) {
			t.Fatalf("publication %d: duplicate %v", k, ack.Duplicate)
		}
	}
	for k, bad := range [][]byte{data, []byte("{not json")} {
		if _, err := c.js.Publish(ctx, subj, bad, jetstream.WithMsgID(fmt.Sprintf("%s-late%d", id, k))); err != nil {
			t.Fatal(err)
		}
	}
	for _, change := range []func(*Item){
		func(it *Item) { it.Match = "0123456789abcdef" },
		func(it *Item) { it.Job = "elsewhere" },
	} {
		other := *item
		change(&other)
		_, _, stray, err := w.play(ctx, &other)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.js.Publish(ctx, subj, stray); err != nil {
			t.Fatal(err)
		}
	}
	if err := msg.Ack(); err != nil {
		t.Fatal(err)
	}
	c.startWorkers(t, 2, 1)
	var got played
	select {
	case got = <-done:
	case <-time.After(time.Minute):
		t.Fatal("the match did not finish")
	}
	if got.err != nil {
		t.Fatal(got.err)
	}
	if !reflect.DeepEqual(got.stats, want) {
		t.Fatalf("match over the workers %+v\nwant %+v", got.stats, want)
	}
	log := strings.Join(lg.all(), "\n")
	for _, want := range []string{"again", "invalid character", `of match "0123456789abcdef"`, `job "elsewhere"`} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}

	// The learner resumed: the same match is read back from the stream.
	stored := results(t, c, resultSubject(KindEval, "evalonce"))
	again, err := c.source(t, cfg, "evalonce", nil).Play(m)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, want) {
		t.Fatalf("the match read again %+v\nwant %+v", again, want)
	}
	if info, err := c.cons.Info(ctx); err != nil || info.NumPending != 0 || info.NumAckPending != 0 {
		t.Fatalf("games queued again: %+v (%v)", info, err)
	}
	if n := results(t, c, resultSubject(KindEval, "evalonce")); n != stored {
		t.Fatalf("%d results after the match was read again, were %d", n, stored)
	}
}

// failingSearch plays the matches of a source with a search that no
// agent can be made with: every game fails on the workers.
type failingSearch struct{ *Source }

func (f failingSearch) Play(m training.Match) (arena.AgentStats, error) {
	m.Search.CPUCT = -1
	return f.Source.Play(m)
}

// TestEvalGameError: a game of an evaluation that fails on a worker stops
// the run with its error, and the match's other games are taken off the
// queue.
func TestEvalGameError(t *testing.T) {
	cfg := tinyConfig(t)
	cfg.EvalSims = 4
	c := startCluster(t, Limits{})
	c.startWorkers(t, 1, 1)
	tr, err := training.NewTrainer(tictactoe.Game{}, cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	src := c.source(t, cfg, "evalfails", nil)
	tr.Source, tr.Matches = src, failingSearch{src}
	err = tr.Run(context.Background(), 2, time.Time{})
	if !errors.Is(err, ErrGame) || !strings.Contains(err.Error(), "evaluation az:sims=4 vs random") {
		t.Fatalf("a failed evaluation game gave %v", err)
	}
	if len(tr.Metrics()) != 1 {
		t.Fatalf("%d metrics rows after the failed iteration, want 1", len(tr.Metrics()))
	}
	if info, err := c.cons.Info(context.Background()); err != nil || info.NumPending != 0 {
		t.Fatalf("evaluation games left on the queue: %+v (%v)", info, err)
	}
}

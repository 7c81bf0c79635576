package distributed

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
	"github.com/moongym/moongym/training/imitation"
)

// failingGame is tictactoe under another name, whose heuristic cannot be
// made: every game of its imitations fails.
const failingGame = "zz-imitation-fails"

type failingTicTacToe struct{ tictactoe.Game }

func (failingTicTacToe) Spec() engine.Spec {
	s := tictactoe.Game{}.Spec()
	s.Name, s.Title = failingGame, "Tic-tac-toe whose heuristic fails (a test game)"
	return s
}

var errNoHeuristic = errors.New("this heuristic cannot be made")

func init() {
	engine.Register(failingTicTacToe{}.Spec(), func(engine.Params, fs.FS) (engine.Game, error) { return failingTicTacToe{}, nil })
	agents.RegisterHeuristic(failingGame, agents.Heuristic{
		New: func(engine.Game, uint64) (agents.Agent, error) { return nil, errNoHeuristic },
	})
}

// heuristicImitation is a small imitation of tictactoe's heuristic, with
// every option that changes the records but the networks.
func heuristicImitation() training.ImitateConfig {
	return training.ImitateConfig{Games: 16, Epsilon: 0.25, Smooth: 0.1, Epochs: 3, Seed: 5, Samples: 2, Keep: 0.75, HoldOut: 4}
}

// networkImitation is an imitation with a followed network and a teacher
// (two untrained networks, saved in the test's directory).
func networkImitation(t *testing.T) training.ImitateConfig {
	t.Helper()
	paths := make([]string, 2)
	for i := range paths {
		m, err := models.NewModel(tictactoe.Game{}, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, uint64(7+i))
		if err != nil {
			t.Fatal(err)
		}
		paths[i] = filepath.Join(t.TempDir(), fmt.Sprintf("net%d.safetensors", i))
		if err := m.Save(paths[i]); err != nil {
			t.Fatal(err)
		}
	}
	return training.ImitateConfig{Games: 12, Epsilon: 0.2, Smooth: 0.1, Epochs: 3, Seed: 6, Keep: 0.5, HoldOut: 3,
		Follow: 0.5, FollowModel: paths[0], Teacher: paths[1], TeacherSims: 4}
}

// imitationTrainer is a fresh run of g in dir, its model files dated by a
// fixed clock.
func imitationTrainer(t *testing.T, g engine.Game, dir string) *training.Trainer {
	t.Helper()
	tr, err := training.NewTrainer(g, tinyConfig(t), dir)
	if err != nil {
		t.Fatal(err)
	}
	tr.Now = func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }
	return tr
}

// localImitation runs ic in one process, two games at a time.
func localImitation(t *testing.T, ic training.ImitateConfig) (*training.Trainer, training.ImitateStats) {
	t.Helper()
	tr := imitationTrainer(t, tictactoe.Game{}, t.TempDir())
	t.Cleanup(func() { tr.Close() })
	st, err := training.RunImitation(context.Background(), tr, ic, training.ImitateHooks{Parallel: 2, SaveEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return tr, st
}

// imitationNumbers are the numbers of ic's games: the recorded ones, then
// the held-out ones.
func imitationNumbers(ic training.ImitateConfig) [][2]int {
	return [][2]int{{0, ic.Games}, {imitation.HeldOutBase, imitation.HeldOutBase + ic.HoldOut}}
}

// localRecords are the records of ic's games made in this process.
func localRecords(t *testing.T, ic training.ImitateConfig) map[int]imitation.Record {
	t.Helper()
	g := tictactoe.Game{}
	follow, teacher, err := training.ImitationNetworks(g, ic)
	if err != nil {
		t.Fatal(err)
	}
	r, err := training.NewImitationRecorder(g, ic, follow, teacher)
	if err != nil {
		t.Fatal(err)
	}
	recs := map[int]imitation.Record{}
	for _, span := range imitationNumbers(ic) {
		for game := span[0]; game < span[1]; game++ {
			if recs[game], err = r.Play(game); err != nil {
				t.Fatal(err)
			}
		}
	}
	return recs
}

// sourceRecords are the records src gathers of ic's games, checked to come
// in order.
func sourceRecords(t *testing.T, src *Source, ic training.ImitateConfig) map[int]imitation.Record {
	t.Helper()
	recs := map[int]imitation.Record{}
	for _, span := range imitationNumbers(ic) {
		next := span[0]
		err := src.Records(context.Background(), ic, span[0], span[1], nil, func(game int, rec imitation.Record) error {
			if game != next {
				return fmt.Errorf("game %d handed on, want %d", game, next)
			}
			next++
			recs[game] = rec
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return recs
}

// imitationResults counts the results stored for a run's imitations.
func imitationResults(t *testing.T, c *cluster, run string) uint64 {
	t.Helper()
	s, err := c.js.Stream(context.Background(), ResultStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background(), jetstream.WithSubjectFilter(resultSubject(KindImitate, run)+".>"))
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for _, k := range info.State.Subjects {
		n += k
	}
	return n
}

// noWorkLeft fails unless the work queue is empty.
func noWorkLeft(t *testing.T, c *cluster) {
	t.Helper()
	if info, err := c.cons.Info(context.Background()); err != nil || info.NumPending != 0 || info.NumAckPending != 0 {
		t.Fatalf("work left: %+v (%v)", info, err)
	}
}

// sameImitation fails unless two runs hold the same network, optimizer,
// model file and imitation curve.
func sameImitation(t *testing.T, got, want *training.Trainer) {
	t.Helper()
	if !got.Network().Equal(want.Network()) {
		t.Fatal("networks differ")
	}
	if !reflect.DeepEqual(got.Optimizer(), want.Optimizer()) {
		t.Fatal("optimizer states differ")
	}
	sameFile(t, training.LatestFile, got, want)
	sameFile(t, training.ImitationCSVFile, got, want)
}

// TestImitationSameAsLocal: an imitation whose games (recorded and
// held-out) are played by two workers is the one-process imitation, bit
// for bit (records, network, optimizer, model file, curve, stats), with
// the heuristic and with a followed network and a teacher, which the
// workers load from the model store; every game is played once, and the
// records read again (a resumed learner) come from the stream, nothing
// queued again.
func TestImitationSameAsLocal(t *testing.T) {
	c := startCluster(t, Limits{})
	c.startWorkers(t, 2, 2)
	for _, tc := range []struct {
		run string
		ic  training.ImitateConfig
	}{
		{"imheuristic", heuristicImitation()},
		{"imnetworks", networkImitation(t)},
	} {
		t.Run(tc.run, func(t *testing.T) {
			ic := tc.ic
			want, wantStats := localImitation(t, ic)
			tr := imitationTrainer(t, tictactoe.Game{}, t.TempDir())
			defer tr.Close()
			tr.Imitations = c.source(t, tinyConfig(t), tc.run, nil)
			progress := 0
			st, err := training.RunImitation(context.Background(), tr, ic, training.ImitateHooks{
				Games: func(done, total int) {
					if done != progress+1 || total != ic.Games {
						t.Errorf("progress %d of %d after %d", done, total, progress)
					}
					progress = done
				},
				SaveEvery: time.Hour,
			})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(st, wantStats) {
				t.Errorf("stats %+v, want %+v", st, wantStats)
			}
			if progress != ic.Games {
				t.Errorf("progress reached %d games, want %d", progress, ic.Games)
			}
			sameImitation(t, tr, want)
			played := imitationResults(t, c, tc.run)
			if played != uint64(ic.Games+ic.HoldOut) {
				t.Errorf("%d results stored, want %d", played, ic.Games+ic.HoldOut)
			}
			got := sourceRecords(t, c.source(t, tinyConfig(t), tc.run, nil), ic)
			if !reflect.DeepEqual(got, localRecords(t, ic)) {
				t.Fatal("the workers' records differ from the one-process records")
			}
			if n := imitationResults(t, c, tc.run); n != played {
				t.Errorf("%d results after the records were read again, were %d", n, played)
			}
			noWorkLeft(t, c)
			nets := 0
			if ic.Follow > 0 {
				nets = 2 // the followed network and the teacher
			}
			stored, err := listModels(context.Background(), c.js, imitationModelPrefix(tc.run))
			if err != nil || len(stored) != nets {
				t.Errorf("imitation networks stored: %v (%v)", stored, err)
			}
		})
	}
}

// TestImitationResume: an imitation stopped after some games (the
// others played meanwhile by the workers) and resumed against them ends
// on the one-process imitation's weights and curve, every game played
// once and the games kept in the checkpoint not played again.
func TestImitationResume(t *testing.T) {
	ic := heuristicImitation()
	ic.Games = 24
	want, _ := localImitation(t, ic)
	c := startCluster(t, Limits{})
	c.startWorkers(t, 1, 2)
	dir := t.TempDir()
	tr := imitationTrainer(t, tictactoe.Game{}, dir)
	tr.Imitations = c.source(t, tinyConfig(t), "imresume", nil)
	ctx, cancel := context.WithCancel(context.Background())
	_, err := training.RunImitation(ctx, tr, ic, training.ImitateHooks{SaveEvery: time.Hour, Games: func(done, _ int) {
		if done == 8 {
			cancel()
		}
	}})
	tr.Close()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped imitation: %v, want context.Canceled", err)
	}

	tr, err = training.Resume(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	tr.Now = want.Now
	pending, ok := tr.PendingImitation()
	if !ok {
		t.Fatal("no pending imitation")
	}
	tr.Imitations = c.source(t, tinyConfig(t), "imresume", nil)
	resumedAt := -1
	if _, err := training.RunImitation(context.Background(), tr, pending, training.ImitateHooks{SaveEvery: time.Hour, Games: func(done, _ int) {
		if resumedAt < 0 {
			resumedAt = done
		}
	}}); err != nil {
		t.Fatal(err)
	}
	if resumedAt != 8 {
		t.Errorf("resumed at game %d, want 8", resumedAt)
	}
	sameImitation(t, tr, want)
	if n := imitationResults(t, c, "imresume"); n != uint64(ic.Games+ic.HoldOut) {
		t.Errorf("%d results stored, want %d (each game once)", n, ic.Games+ic.HoldOut)
	}
	noWorkLeft(t, c)
}

// TestImitationCountsOnce: a game published twice with its id is stored
// once; the same game under another id, garbage, a record that does not
// replay, a game of another run, of another imitation or of no game
// number of the imitation are logged and dropped, and a held-out game
// met while gathering the recorded ones is passed over without a word;
// the records are the one-process records.
func TestImitationCountsOnce(t *testing.T) {
	ic := heuristicImitation()
	c := startCluster(t, Limits{})
	var lg logs
	src := c.source(t, tinyConfig(t), "imonce", &lg)
	got := make(chan error, 1)
	recs := map[int]imitation.Record{}
	go func() {
		got <- src.Records(context.Background(), ic, 0, ic.Games, nil, func(game int, rec imitation.Record) error {
			recs[game] = rec
			return nil
		})
	}()
	msg := c.takeItem(t)
	item, err := decodeItem(msg.Data())
	if err != nil {
		t.Fatal(err)
	}
	if item.Kind != KindImitate || item.Imitation.FollowModel != "" {
		t.Fatalf("item %+v", item)
	}
	w := &Worker{JS: c.js, Consumer: c.cons}
	ctx := context.Background()
	subj, id, data, err := w.play(ctx, item)
	if err != nil {
		t.Fatal(err)
	}
	publish := func(data []byte, id string) *jetstream.PubAck {
		t.Helper()
		var opts []jetstream.PublishOpt
		if id != "" {
			opts = append(opts, jetstream.WithMsgID(id))
		}
		ack, err := c.js.Publish(ctx, subj, data, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return ack
	}
	for k := 0; k < 2; k++ {
		if ack := publish(data, id); ack.Duplicate != (k == 1) {
			t.Fatalf("publication %d: duplicate %v", k, ack.Duplicate)
		}
	}
	var forged imitationMsg
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&forged); err != nil {
		t.Fatal(err)
	}
	forged.Record.Actions = slices.Concat([]engine.Action{99}, forged.Record.Actions[1:])
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&forged); err != nil {
		t.Fatal(err)
	}
	publish(buf.Bytes(), id+"-forged")
	publish(data, id+"-late")
	publish([]byte("{not gob"), "")
	for _, change := range []func(*Item){
		func(it *Item) { it.Match = "0123456789abcdef" },
		func(it *Item) { it.Job = "elsewhere" },
		func(it *Item) { it.Index = ic.Games + 3 },
		func(it *Item) { it.Index = imitation.HeldOutBase },
	} {
		other := *item
		change(&other)
		_, _, stray, err := w.play(ctx, &other)
		if err != nil {
			t.Fatal(err)
		}
		publish(stray, "")
	}
	if err := msg.Ack(); err != nil {
		t.Fatal(err)
	}
	c.startWorkers(t, 2, 1)
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the imitation's games did not come")
	}
	want := localRecords(t, ic)
	for game := range ic.Games {
		if !reflect.DeepEqual(recs[game], want[game]) {
			t.Fatalf("game %d: record %+v, want %+v", game, recs[game], want[game])
		}
	}
	log := strings.Join(lg.all(), "\n")
	for _, want := range []string{"again", "not an imitation record", "not legal", `of imitation "0123456789abcdef"`,
		`from run "elsewhere"`, fmt.Sprintf("game %d is not one of the imitation's", ic.Games+3)} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, fmt.Sprint(imitation.HeldOutBase)) {
		t.Errorf("a held-out game was logged:\n%s", log)
	}
}

// TestImitationEnough: when more stops an imitation's games, the games
// before are handed on, in order, and those not yet played are taken off
// the queue.
func TestImitationEnough(t *testing.T) {
	ic := heuristicImitation()
	c := startCluster(t, Limits{})
	c.startWorkers(t, 1, 1)
	src := c.source(t, tinyConfig(t), "imenough", nil)
	var games []int
	err := src.Records(context.Background(), ic, 0, ic.Games, func(game int) bool { return game < 5 }, func(game int, _ imitation.Record) error {
		games = append(games, game)
		return nil
	})
	if err != nil || !slices.Equal(games, []int{0, 1, 2, 3, 4}) {
		t.Fatalf("games %v handed on (%v), want 0..4", games, err)
	}
	if info, err := c.cons.Info(context.Background()); err != nil || info.NumPending != 0 {
		t.Fatalf("imitation games left on the queue: %+v (%v)", info, err)
	}
}

// TestImitationGameError: a game of an imitation that fails on a worker
// stops the imitation with its error, and its other games are taken off
// the queue.
func TestImitationGameError(t *testing.T) {
	c := startCluster(t, Limits{})
	c.startWorkers(t, 1, 1)
	g := failingTicTacToe{}
	tr := imitationTrainer(t, g, t.TempDir())
	defer tr.Close()
	tr.Imitations = &Source{Ctx: context.Background(), JS: c.js, Game: g, Cfg: tinyConfig(t), Run: "imfails", Logf: t.Logf}
	_, err := training.RunImitation(context.Background(), tr, heuristicImitation(), training.ImitateHooks{SaveEvery: time.Hour})
	if !errors.Is(err, ErrGame) || !strings.Contains(err.Error(), errNoHeuristic.Error()) {
		t.Fatalf("a failed imitation game gave %v", err)
	}
	if info, err := c.cons.Info(context.Background()); err != nil || info.NumPending != 0 {
		t.Fatalf("imitation games left on the queue: %+v (%v)", info, err)
	}
}

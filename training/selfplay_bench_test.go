package training_test

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/planetcubes"
	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
	"github.com/moongym/moongym/training"
)

// BenchmarkSelfPlay measures self-play with the default settings and the
// default network of each game (untrained), at GOMAXPROCS=1 and 2 side by
// side, so that one run gives the speed-up of a second core:
//
//	go test -run XXX -bench SelfPlay -count 5 ./training
//
// An op plays 32 tictactoe games or 8 planet-cubes games (a flat
// observation of 1847 floats, the default MLP, games of a hundred and more
// decisions), all at once. Metrics: games/s; %busy, the share of the
// time the Go scheduler's Ps (GOMAXPROCS of them) had a goroutine to run,
// which does not depend on other processes' load (see cpuIdle); %cpu, the
// CPU time the process got per wall time (200 at best with 2 cores, less
// on a loaded machine); cpu-ms/game, the CPU time per game, whose rise from
// procs=1 to procs=2 is the cost of running on two cores.
func BenchmarkSelfPlay(b *testing.B) {
	pc, err := engine.Load(planetcubes.Name, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		g     engine.Game
		games int
	}{
		{tictactoe.Game{}, 32},
		{pc, 8},
	} {
		cfg := training.DefaultConfig()
		m, err := models.NewModel(c.g, models.DefaultArch(models.ShapesOf(c.g)), 1)
		if err != nil {
			b.Fatal(err)
		}
		for _, run := range []struct {
			procs  int
			shards bool
		}{{1, false}, {2, false}, {2, true}} {
			name := fmt.Sprintf("game=%s/procs=%d", c.g.Spec().Name, run.procs)
			if run.shards {
				name += "/shards"
			}
			b.Run(name, func(b *testing.B) {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(run.procs))
				sp := training.SelfPlay{Game: c.g, Cfg: cfg}
				games := 0
				idle0, total0 := cpuIdle()
				cpu0 := processCPU()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					var res []training.GameResult
					var err error
					if run.shards {
						// One evaluator per group, own cache, no split: nothing shared.
						evs := make([]mcts.Evaluator, cfg.Groups)
						for k := range evs {
							ev, nerr := models.NewEvaluator(c.g, m.Net, cfg.CacheSize/cfg.Groups)
							if nerr != nil {
								b.Fatal(nerr)
							}
							ev.SetWorkers(1)
							evs[k] = ev
						}
						res, err = sp.PlayShards(evs, int64(i), c.games)
					} else {
						ev, nerr := models.NewEvaluator(c.g, m.Net, cfg.CacheSize)
						if nerr != nil {
							b.Fatal(nerr)
						}
						res, err = sp.Play(ev, int64(i), c.games)
					}
					if err != nil {
						b.Fatal(err)
					}
					games += len(res)
				}
				b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
				idle1, total1 := cpuIdle()
				b.ReportMetric(100*(1-(idle1-idle0)/(total1-total0)), "%busy")
				if cpu1 := processCPU(); cpu0 >= 0 && cpu1 >= 0 {
					b.ReportMetric(100*(cpu1-cpu0)/b.Elapsed().Seconds(), "%cpu")
					b.ReportMetric(1e3*(cpu1-cpu0)/float64(games), "cpu-ms/game")
				}
			})
		}
	}
}

// cpuIdle reads the Go runtime's estimates of the CPU time its Ps spent
// idle (no goroutine to run) and of the time available to them (GOMAXPROCS
// times the wall time). Their ratio is how well the program keeps its Ps
// busy; unlike the wall time it hardly depends on other processes taking
// the machine's cores (a P whose thread the OS has descheduled is not
// idle), so it shows whether a second core would be used on a quiet
// machine even when measured on a loaded one.
func cpuIdle() (idle, total float64) {
	s := []metrics.Sample{{Name: "/cpu/classes/idle:cpu-seconds"}, {Name: "/cpu/classes/total:cpu-seconds"}}
	metrics.Read(s)
	return s[0].Value.Float64(), s[1].Value.Float64()
}

// BenchmarkSelfPlayModes compares the self-play searches side by side on
// planet-cubes (8 games at once, default network, untrained, GOMAXPROCS as
// given): PUCT with the default 64 simulations, Gumbel with 16, and each
// with playout cap randomization (a quarter of the moves full):
//
//	go test -run XXX -bench SelfPlayModes -count 3 ./training
//
// Metrics: games/s and recorded positions/s (positions/s counts training
// positions: with fullprob=0.25 about a quarter of the decisions).
func BenchmarkSelfPlayModes(b *testing.B) {
	g, err := engine.Load(planetcubes.Name, nil)
	if err != nil {
		b.Fatal(err)
	}
	m, err := models.NewModel(g, models.DefaultArch(models.ShapesOf(g)), 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"sims=64", "sims=64,fullprob=0.25,cheapsims=8", "gumbel=1,sims=16", "gumbel=1,sims=16,fullprob=0.25,cheapsims=4"} {
		cfg, err := training.ParseConfig(mode, training.DefaultConfig())
		if err != nil {
			b.Fatal(err)
		}
		b.Run(mode, func(b *testing.B) {
			sp := training.SelfPlay{Game: g, Cfg: cfg}
			games, positions := 0, 0
			for i := 0; i < b.N; i++ {
				ev, err := models.NewEvaluator(g, m.Net, cfg.CacheSize)
				if err != nil {
					b.Fatal(err)
				}
				res, err := sp.Play(ev, int64(i), 8)
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range res {
					games++
					positions += len(r.Samples)
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

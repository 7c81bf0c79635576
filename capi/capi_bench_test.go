package main

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/moongym/moongym/engine"
)

// BenchmarkSlotStep: one decision of each game through the C API's Go side
// (step with a legal action, observe; reset when over), random-free: the
// first legal action.
func BenchmarkSlotStep(b *testing.B) {
	for _, name := range engine.Names() {
		b.Run(name, func(b *testing.B) {
			s, err := newSlot(slotConfig{game: name, seat: -1})
			if err != nil {
				b.Fatal(err)
			}
			obs := make([]float32, engine.ObservationSize(s.game))
			mask := make([]int8, s.game.NumActions())
			rew := make([]float64, s.numRewards())
			seed := uint64(0)
			if err := s.reset(seed, 0, false); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := s.observe(s.viewer(), obs, mask); err != nil {
					b.Fatal(err)
				}
				a := 0
				for mask[a] == 0 {
					a++
				}
				term, trunc, err := s.step(int64(a), rew)
				if err != nil {
					b.Fatal(err)
				}
				if term || trunc {
					seed++
					if err := s.reset(seed, 0, false); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkBatchStep: one step of a vector environment of 256 games
// (benchVec; per game-step time in ns/step).
func BenchmarkBatchStep(b *testing.B) {
	for _, name := range engine.Names() {
		b.Run(name, func(b *testing.B) { benchVec(b, name, 256, nil) })
	}
}

// BenchmarkVecStep: one step of a vector environment of 1,024 games, the
// size of python/moongym/vector.py's benchmark; ns/step is the cost of one
// game-step. Each environment plays the first legal action at or after a
// rotating offset, so that games differ and end at different steps; that
// choice (a scan of the mask, as a caller would do) is inside the timing.
// Run with -cpu 1,2 to see how the batch scales.
func BenchmarkVecStep(b *testing.B) {
	for _, name := range engine.Names() {
		b.Run(name, func(b *testing.B) { benchVec(b, name, 1024, nil) })
	}
}

// benchVec times steps of a vector environment of n games of name, with
// before (if not nil) called before each step.
func benchVec(b *testing.B, name string, n int, before func(*batch)) {
	bt, err := newBatch(n, slotConfig{game: name, seat: -1})
	if err != nil {
		b.Fatal(err)
	}
	o := newOut(bt)
	if err := bt.resetAll(1, o); err != nil {
		b.Fatal(err)
	}
	actions := make([]int64, n)
	step := 0
	b.ReportAllocs()
	for b.Loop() {
		step++
		for i := range actions {
			actions[i] = pickAction(o.mask[i*bt.actions:(i+1)*bt.actions], i*7+step)
		}
		if before != nil {
			before(bt)
		}
		if err := bt.stepAll(actions, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/step")
}

// pickAction is the first legal action of mask at or after from (modulo
// its length), or 0 when none is legal.
func pickAction(mask []int8, from int) int64 {
	from %= len(mask)
	for k := range mask {
		a := from + k
		if a >= len(mask) {
			a -= len(mask)
		}
		if mask[a] != 0 {
			return int64(a)
		}
	}
	return 0
}

// BenchmarkVecSplit measures parallelMinNS: steps of small vector
// environments done on one thread (seq) or split among GOMAXPROCS however
// little work they are (split). Run with -cpu 2; where split starts to win,
// n × ns/step is the work a split needs.
func BenchmarkVecSplit(b *testing.B) {
	for _, name := range []string{"tictactoe", "planet-cubes"} {
		for _, n := range []int{16, 32, 64, 128, 256} {
			for _, split := range []bool{false, true} {
				mode := map[bool]string{false: "seq", true: "split"}[split]
				b.Run(fmt.Sprintf("%s/n=%d/%s", name, n, mode), func(b *testing.B) {
					defer func(v float64) { parallelMinNS = v }(parallelMinNS)
					parallelMinNS = math.Inf(1)
					var before func(*batch)
					if split {
						// Split whatever was measured before.
						parallelMinNS = 0
						before = func(bt *batch) { bt.cost.speedup = 0 }
					}
					benchVec(b, name, n, before)
				})
			}
		}
	}
}

// BenchmarkParallelCeiling is what this machine gives a trivially parallel
// loop: a fixed amount of arithmetic split evenly over GOMAXPROCS
// goroutines, no memory traffic, no sharing. Run at -cpu 1,2 beside
// BenchmarkVecStep, the ratio of its two times is the ceiling for the vector
// environment's own 1 -> 2 core ratio on the same machine at the same time.
func BenchmarkParallelCeiling(b *testing.B) {
	for b.Loop() {
		ceilingWork(runtime.GOMAXPROCS(0), 1<<24)
	}
}

// BenchmarkVecTwoCores: how much the second core gives a vector
// environment of 1,024 games, measured beside what it gives a trivially
// parallel loop. Two batches of the same seed play the same games (results
// do not depend on the workers), one at GOMAXPROCS=1 and one at 2; each
// round (one b.Loop iteration) steps both by the same k steps (about 20 ms
// of work at one core) and times the ceiling loop at 1 and at 2 goroutines
// right beside, the order of the two halves alternating round by round.
// Metrics are medians over the rounds: speedup (time at 1 over time at 2,
// the steps alone, not the choice of actions), ceiling (the same for
// ceilingLoop), of-ceiling (their ratio, round by round), ns/step at 1 and
// 2, and split% (the share of the steps at 2 that were split). Run with
// -benchtime Nx for N rounds.
func BenchmarkVecTwoCores(b *testing.B) {
	for _, name := range engine.Names() {
		b.Run(name, func(b *testing.B) { benchTwoCores(b, name, 1024) })
	}
}

// pairedVec is a vector environment stepped by benchTwoCores.
type pairedVec struct {
	bt   *batch
	o    batchOut
	acts []int64
	step int
}

func newPairedVec(b *testing.B, name string, n int) *pairedVec {
	bt, err := newBatch(n, slotConfig{game: name, seat: -1})
	if err != nil {
		b.Fatal(err)
	}
	p := &pairedVec{bt: bt, o: newOut(bt), acts: make([]int64, n)}
	if err := bt.resetAll(1, p.o); err != nil {
		b.Fatal(err)
	}
	return p
}

// run plays k steps (the actions as benchVec picks them) and returns the
// time spent in stepAll.
func (p *pairedVec) run(b *testing.B, k int) time.Duration {
	var d time.Duration
	for range k {
		p.step++
		for i := range p.acts {
			p.acts[i] = pickAction(p.o.mask[i*p.bt.actions:(i+1)*p.bt.actions], i*7+p.step)
		}
		t := time.Now()
		if err := p.bt.stepAll(p.acts, p.o); err != nil {
			b.Fatal(err)
		}
		d += time.Since(t)
	}
	return d
}

func benchTwoCores(b *testing.B, name string, n int) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one, two := newPairedVec(b, name, n), newPairedVec(b, name, n)
	first := one.run(b, 1)
	two.run(b, 1)
	k := max(1, int(20*time.Millisecond/max(first, 1)))
	one.run(b, k) // the episodes drift apart before the rounds
	two.run(b, k)
	two.bt.cost.splits = 0
	var t1, t2, c1, c2 []float64
	round := 0
	for b.Loop() {
		for h := range 2 {
			if (h+round)%2 == 0 {
				runtime.GOMAXPROCS(1)
				t1 = append(t1, float64(one.run(b, k)))
				c1 = append(c1, float64(ceilingLoop(1)))
			} else {
				runtime.GOMAXPROCS(2)
				t2 = append(t2, float64(two.run(b, k)))
				c2 = append(c2, float64(ceilingLoop(2)))
			}
		}
		round++
	}
	speedup, ceiling, of := make([]float64, round), make([]float64, round), make([]float64, round)
	for r := range round {
		speedup[r], ceiling[r] = t1[r]/t2[r], c1[r]/c2[r]
		of[r] = speedup[r] / ceiling[r]
	}
	steps := float64(k * n)
	b.ReportMetric(median(speedup), "speedup")
	b.ReportMetric(median(ceiling), "ceiling")
	b.ReportMetric(median(of), "of-ceiling")
	b.ReportMetric(median(t1)/steps, "ns/step@1")
	b.ReportMetric(median(t2)/steps, "ns/step@2")
	b.ReportMetric(100*float64(two.bt.cost.splits)/float64(round*k), "split%")
}

// ceilingLoop is BenchmarkParallelCeiling's loop, 1<<22 additions split
// over p goroutines; it returns the time taken.
func ceilingLoop(p int) time.Duration {
	t := time.Now()
	ceilingWork(p, 1<<22)
	return time.Since(t)
}

// ceilingWork splits total steps of arithmetic evenly over p goroutines,
// nothing shared but their results, one cache line apart.
func ceilingWork(p, total int) {
	var wg sync.WaitGroup
	sums := make([]float64, p*8)
	for w := range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0.0
			for i := range total / p {
				x += float64(i&7) * 1.0000001
			}
			sums[w*8] = x
		}()
	}
	wg.Wait()
}

func median(x []float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

package main

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"testing"

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
	const total = 1 << 24
	for b.Loop() {
		p := runtime.GOMAXPROCS(0)
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
				sums[w*8] = x // one cache line apart
			}()
		}
		wg.Wait()
	}
}

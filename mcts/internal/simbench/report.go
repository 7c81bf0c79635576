package simbench

import "testing"

// Loop runs search (one search, returning its simulation count) until b
// has run long enough and reports sims/s and, where the system tells the
// process's CPU time, cpu-sims/s.
func Loop(b *testing.B, search func() (sims int, err error)) {
	b.ReportAllocs()
	cpu0, ok0 := Process()
	total := 0
	for b.Loop() {
		n, err := search()
		if err != nil {
			b.Fatal(err)
		}
		total += n
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "sims/s")
	if cpu1, ok1 := Process(); ok0 && ok1 && cpu1 > cpu0 {
		b.ReportMetric(float64(total)/(cpu1-cpu0).Seconds(), "cpu-sims/s")
	}
}

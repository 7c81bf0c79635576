package cputime

import (
	"testing"
	"time"
)

// Meter measures a benchmark loop: Start it before the loop, Report after.
type Meter struct {
	cpu time.Duration
	ok  bool
}

// Start reads the CPU time at the start of the loop.
func Start() Meter {
	d, ok := Process()
	return Meter{d, ok}
}

// Report reports sims/s (per second of b's elapsed time) and, where the
// CPU time can be read, cpu-sims/s (per second of the process's CPU time
// since Start), sims being the simulations the loop made.
func (m Meter) Report(b *testing.B, sims int) {
	b.ReportMetric(float64(sims)/b.Elapsed().Seconds(), "sims/s")
	if d, ok := Process(); ok && m.ok && d > m.cpu {
		b.ReportMetric(float64(sims)/(d-m.cpu).Seconds(), "cpu-sims/s")
	}
}

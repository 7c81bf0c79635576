package kit

import "fmt"

// Obs writes an observation front to back in sections, and checks that
// what the sections declare adds up to the observation's size. NewObs
// zeroes the buffer it is given (one clear, the cheapest way) and nothing
// else: no game clears the observation itself, so a value past that buffer
// that the game declares but no section covers keeps whatever it held,
// which the conformance suite's NaN prefill reveals, and a buffer longer
// than the sections fails Done.
//
//	o := kit.NewObs(name, dst[:size])
//	planes := o.Next("board", planes*cells) // zeroed; fill in any order
//	o.OneHot("phase", phase, numPhases)
//	o.Put(float32(round) / maxRounds)
//	o.Flag(passed)
//	o.Done() // panics unless exactly size values were written
type Obs struct {
	game    string
	dst     []float32
	at      int
	section string
}

// NewObs starts an observation of game (named in Done's message) over dst,
// which is exactly the observation's declared size, and zeroes dst.
func NewObs(game string, dst []float32) Obs {
	clear(dst)
	return Obs{game: game, dst: dst}
}

// Next hands out the next n values, zero (NewObs cleared them), as the
// section name (planes, one-hot blocks, per-player features) for the caller
// to fill in any order.
func (o *Obs) Next(name string, n int) []float32 {
	o.section = name
	s := o.dst[o.at : o.at+n]
	o.at += n
	return s
}

// Put writes one scalar.
func (o *Obs) Put(v float32) {
	o.dst[o.at] = v
	o.at++
}

// Flag writes 1 for true, 0 for false.
func (o *Obs) Flag(b bool) { o.Put(Flag(b)) }

// OneHot writes n values, 1 at k and 0 elsewhere (all 0 when k is outside
// 0..n-1, as for "none").
func (o *Obs) OneHot(name string, k, n int) {
	s := o.Next(name, n)
	if k >= 0 && k < n {
		s[k] = 1
	}
}

// Written is the number of values written so far.
func (o *Obs) Written() int { return o.at }

// Done checks that the sections covered the observation exactly. A
// mismatch is the game's bug, not its input: Done panics, and the suite's
// first observation shows it.
func (o *Obs) Done() {
	if o.at != len(o.dst) {
		panic(fmt.Sprintf("%s: Observe wrote %d values of %d (the last section: %q)", o.game, o.at, len(o.dst), o.section))
	}
}

// Flag is 1 for true, 0 for false.
func Flag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

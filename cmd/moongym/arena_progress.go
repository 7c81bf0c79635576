package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// arenaProgress follows a tournament's games, those finished and those in
// flight with their start times, estimates the time left and, given a
// writer (a terminal), draws a progress line on it: at once, when a game
// ends and every second. It is safe for concurrent use: the arena calls
// started and ended from the goroutines that play the games.
type arenaProgress struct {
	mu       sync.Mutex
	w        io.Writer // nil: follow the games, draw nothing
	name     string
	total    int
	parallel int
	now      func() time.Time
	start    time.Time
	inFlight map[int]time.Time
	tracked  bool          // started/ended are called (not with --nats)
	done     int           // games finished
	spent    time.Duration // time the finished games took, summed
	note     string        // what an interrupt is doing
	width    int           // of the line last drawn
	drawn    time.Time
}

// newArenaProgress follows total games played parallel at once; tracked
// says whether started and ended will be called (not over NATS, where
// only progress is).
func newArenaProgress(w io.Writer, name string, total, parallel int, tracked bool, now func() time.Time) *arenaProgress {
	return &arenaProgress{w: w, name: name, total: total, parallel: max(1, min(parallel, total)), tracked: tracked, now: now, start: now(), inFlight: map[int]time.Time{}}
}

// started notes that game i started (arena.Config.GameStarted).
func (p *arenaProgress) started(i int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inFlight[i] = p.now()
	p.drawLocked(false)
}

// ended notes that game i ended, finished when err is nil
// (arena.Config.GameEnded).
func (p *arenaProgress) ended(i int, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	t0, ok := p.inFlight[i]
	delete(p.inFlight, i)
	if ok && err == nil {
		p.done++
		p.spent += p.now().Sub(t0)
	}
	p.drawLocked(false)
}

// progress takes the count of finished games (arena.Config.Progress), the
// only news a tournament over NATS gives.
func (p *arenaProgress) progress(done int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tracked && done > p.done {
		p.done = done
		p.drawLocked(false)
	}
}

// flying is the number of games in flight.
func (p *arenaProgress) flying() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.inFlight)
}

// setNote shows what an interrupt is doing in the line, instead of the
// estimate, from the next drawing on.
func (p *arenaProgress) setNote(note string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.note = note
}

// printf writes a message of its own lines to out, the progress line
// cleared first and drawn again after it.
func (p *arenaProgress) printf(out io.Writer, format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	fmt.Fprintf(out, format, args...)
	p.drawLocked(true)
}

// draw draws the line now.
func (p *arenaProgress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.drawLocked(true)
}

// clear takes the line off the terminal.
func (p *arenaProgress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	p.w = nil
}

// tick redraws the line every second (the elapsed time and the estimate
// move on between games) until stop is closed.
func (p *arenaProgress) tick(stop <-chan struct{}) {
	if p.w == nil {
		return
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.draw()
		}
	}
}

func (p *arenaProgress) clearLocked() {
	if p.w != nil && p.width > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.width = 0
	}
}

func (p *arenaProgress) drawLocked(force bool) {
	if p.w == nil {
		return
	}
	now := p.now()
	if !force && now.Sub(p.drawn) < 100*time.Millisecond && p.done < p.total {
		return
	}
	p.drawn = now
	line := p.lineLocked(now)
	pad := max(0, p.width-len(line))
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	p.width = len(line)
}

// line is the progress line as it would be drawn now.
func (p *arenaProgress) line() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lineLocked(p.now())
}

// lineLocked: "tictactoe [##        ] 25/100 done, 4 in flight, 12s, ~36s
// left", at most maxLineWidth bytes (a longer line would wrap on a
// terminal of 80 columns, and \r would not take it back).
func (p *arenaProgress) lineLocked(now time.Time) string {
	line := p.fullLineLocked(now)
	if len(line) > maxLineWidth {
		line = line[:maxLineWidth-3] + "..."
	}
	return line
}

// maxLineWidth is the longest progress line drawn.
const maxLineWidth = 79

func (p *arenaProgress) fullLineLocked(now time.Time) string {
	const width = 10
	filled := 0
	if p.total > 0 {
		filled = min(width, p.done*width/p.total)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s [%s%s] %d/%d done", p.name, strings.Repeat("#", filled), strings.Repeat(" ", width-filled), p.done, p.total)
	if p.tracked {
		fmt.Fprintf(&b, ", %d in flight", len(p.inFlight))
	}
	elapsed := now.Sub(p.start)
	fmt.Fprintf(&b, ", %s", roundDuration(elapsed))
	if p.note != "" {
		b.WriteString(", " + p.note)
		return b.String()
	}
	var left time.Duration
	ok := false
	if p.tracked {
		ages := make([]time.Duration, 0, len(p.inFlight))
		for _, t0 := range p.inFlight {
			ages = append(ages, now.Sub(t0))
		}
		left, ok = estimateLeft(p.total, p.done, p.spent, ages, p.parallel)
	} else if p.done > 0 { // over NATS: the rate of the games done
		left, ok = time.Duration(float64(elapsed)*float64(p.total-p.done)/float64(p.done)), true
	}
	if ok {
		fmt.Fprintf(&b, ", ~%s left", roundDuration(left))
	} else {
		b.WriteString(", ETA after 1st game")
	}
	return b.String()
}

// estimateLeft estimates the time a tournament still needs: total games,
// done of them finished, which took spent in all, the games in flight for
// ages, played parallel at once. The games finished first are the short
// ones, so their mean alone is too low while long games are in flight: a
// game in flight counts for at least as long as it has run (and as long as
// the finished games' mean), and a game's expected length is the mean over
// the finished games and those in flight. The games not yet started take
// that long each, a game in flight what is left of it, shared among the
// parallel lanes still busy. ok is false before the first game finishes.
func estimateLeft(total, done int, spent time.Duration, ages []time.Duration, parallel int) (left time.Duration, ok bool) {
	if done <= 0 {
		return 0, false
	}
	if done >= total {
		return 0, true
	}
	finishedMean := float64(spent) / float64(done)
	sum := float64(spent)
	for _, a := range ages {
		sum += max(float64(a), finishedMean)
	}
	mean := sum / float64(done+len(ages))
	work := float64(max(0, total-done-len(ages))) * mean
	for _, a := range ages {
		work += max(0, mean-float64(a))
	}
	lanes := max(1, min(parallel, total-done))
	return time.Duration(work / float64(lanes)), true
}

// roundDuration rounds d for people: to the second, or the tenth of a
// second under ten seconds.
func roundDuration(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

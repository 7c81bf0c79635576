package arena

import "math"

// z95 is the two-sided 95% normal quantile.
const z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of a proportion p observed over n
// trials; n = 0 gives [0, 1].
func Wilson(p float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nn := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nn
	center := (p + z2/(2*nn)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn))
	return max(0, center-half), min(1, center+half)
}

// meanStd is the mean and the sample standard deviation of xs (0 for fewer
// than two values).
func meanStd(xs []float64) (mean, std float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}

// Outcome is one seat's result in one game.
type Outcome int8

// Seat outcomes.
const (
	Loss Outcome = iota
	Draw
	Win
)

func (o Outcome) String() string { return [...]string{"loss", "draw", "win"}[o] }

// Outcomes classifies every seat of a finished game from its returns and
// gives each seat's rank (see the package doc). team says the game is
// cooperative (identical utilities) with the given utility midpoint. A game
// of one seat (a solo game against the game itself, e.g. Welcome to the
// Moon against ASTRA) is judged against the midpoint too: it has no other
// seat to beat.
func Outcomes(returns []float64, team bool, mid float64) ([]Outcome, []int) {
	team = team || len(returns) == 1
	out := make([]Outcome, len(returns))
	rank := make([]int, len(returns))
	top, atTop := math.Inf(-1), 0
	for _, r := range returns {
		switch {
		case r > top:
			top, atTop = r, 1
		case r == top:
			atTop++
		}
	}
	for i, r := range returns {
		for _, o := range returns {
			if o > r {
				rank[i]++
			}
		}
		rank[i]++
		switch {
		case team && r > mid, !team && r == top && atTop == 1:
			out[i] = Win
		case team && r == mid, !team && r == top:
			out[i] = Draw
		default:
			out[i] = Loss
		}
	}
	return out, rank
}

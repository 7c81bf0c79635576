package training

import "github.com/moongym/moongym/engine"

// Standing is implemented by the states of games whose Scores do not say by
// how much a seat won or lost (lunar-rally's are 1 for a winner and 0 for
// everyone else): Standing is each seat's standing in the final state on a
// scale of points (lunar-rally: how far its best rover got along the path to
// the finish line), which the margin blend of the value targets (the settings
// margin and marginscale) uses in place of Scores.
type Standing interface {
	Standing(dst []float64) []float64
}

// marginPoints are the points of the final state s whose margins finalValues
// blends in: its Standing where s has one, its Scores otherwise.
func marginPoints(s engine.State) []float64 {
	if st, ok := s.(Standing); ok {
		return st.Standing(nil)
	}
	return s.Scores(nil)
}

// standings records a game's Standing at each of its decisions, for value
// targets that read the margin `ahead` decisions after a position (the
// setting marginahead) instead of in the final state. A nil *standings
// (margin 0, ahead 0, one seat, a cooperative game, or a state without a
// Standing) records nothing and gives the final values.
type standings struct {
	ahead int
	rows  [][]float64 // rows[d]: the standing at decision d
}

// newStandings is the recorder for a game of g from s, or nil where the
// values are the final ones.
func newStandings(g engine.Game, s engine.State, margin float64, ahead int) *standings {
	if _, ok := s.(Standing); !ok || margin == 0 || ahead <= 0 || g.NumPlayers() < 2 || g.Spec().Utility == engine.Identical {
		return nil
	}
	return &standings{ahead: ahead}
}

// record notes the standing of s, where the next decision (the
// len(rows)-th) is to be taken.
func (t *standings) record(s engine.State) {
	if t != nil {
		t.rows = append(t.rows, s.(Standing).Standing(nil))
	}
}

// values are the seats' value targets of the position at decision d of the
// game that ended in s: finalValues with the margin of the standing `ahead`
// decisions after d, or of the final state where the game ended sooner.
func (t *standings) values(g engine.Game, s engine.State, d int, margin, scale float64, final []float64) []float64 {
	if t == nil || d+t.ahead >= len(t.rows) {
		return final
	}
	return valuesWithPoints(g, s, t.rows[d+t.ahead], margin, scale)
}

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

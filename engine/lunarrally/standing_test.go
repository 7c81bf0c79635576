package lunarrally

import (
	"slices"
	"testing"
)

// TestStanding: each seat stands at the longest path plus one less its best
// racing rover's path to the finish; a seat without a racing rover at 0, one
// on the finish line at the most; dust makes a path dearer.
func TestStanding(t *testing.T) {
	// six columns, start in a, finish in f: the longest path is 5 steps
	// (from a), so a rover in column c stands at c+1; with column e all dust,
	// entering and leaving it cost 3 each, the longest path is 9 steps.
	for _, tc := range []struct {
		name string
		dust bool
		put  map[int]string // rover index -> cell
		gone []int          // rovers destroyed after being put
		want []float64
	}{
		{"nobody racing", false, nil, nil, []float64{0, 0}},
		{"one rover each", false, map[int]string{0: "b2", 2: "d1"}, nil, []float64{2, 4}},
		{"the better rover counts", false, map[int]string{0: "b2", 1: "e3", 2: "c1", 3: "a1"}, nil, []float64{5, 3}},
		{"on the finish line", false, map[int]string{0: "f2", 3: "b1"}, nil, []float64{6, 2}},
		{"a destroyed rover does not count", false, map[int]string{0: "e2", 1: "b2", 2: "c2"}, []int{0}, []float64{2, 3}},
		{"dust on the way", true, map[int]string{0: "d2", 2: "e2"}, nil, []float64{4, 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var extra map[string]byte
			if tc.dust {
				extra = map[string]byte{"e1": '~', "e2": '~', "e3": '~', "e4": '~'}
			}
			s := rig(t, 2, openMap(4, 6, extra))
			for i, at := range tc.put {
				s.put(t, i, at, 0)
			}
			for _, i := range tc.gone {
				s.rovers[i].Status = Destroyed
			}
			if got := s.Standing(nil); !slices.Equal(got, tc.want) {
				t.Errorf("Standing = %v, want %v", got, tc.want)
			}
		})
	}
}

package lunarrally

import "testing"

// TestFollowerPushesNothing plays one kind of rover (the Rover 1s, indices
// 0, 2, 4, 6) of 3 and 4 player games, where three or four rovers move in
// one phase. A rover that follows another one moving away hits nobody, so
// it pushes nothing: it must not block a real push into the hex beyond the
// rover it follows (rule 4(f) of docs/rules/lunar-rally.md).
func TestFollowerPushesNothing(t *testing.T) {
	// Positions are walks from the hex q = e4 that a push may enter.
	type rover struct {
		i    int
		walk []int // from q
		h    int
		card Card // NoCard: stands still (Rover 2s do not execute)
	}
	type end struct {
		i      int
		walk   []int // from q; nil is q itself
		damage int
	}
	const q = "e4"
	nw, w, e, se := NorthWest, West, East, SouthEast
	cases := []struct {
		name    string
		players int
		terr    map[string]byte
		rovers  []rover
		want    []end
	}{
		{"3 players: a follower does not block a push into the hex beyond its leader", 3, nil,
			[]rover{
				{1, []int{nw}, e, NoCard},       // a Rover 2, hit and pushed south-east into q
				{0, []int{nw, nw}, se, Forward}, // rams it
				{2, []int{w}, se, Forward},      // leaves the hex west of q
				{4, []int{w, w}, e, Forward},    // follows it: pushes nothing
			},
			[]end{{1, nil, 1}, {0, []int{nw}, 0}, {2, []int{w, se}, 0}, {4, []int{w}, 0}}},
		{"4 players: two followers in a row do not block the push", 4, nil,
			[]rover{
				{1, []int{nw}, e, NoCard},
				{0, []int{nw, nw}, se, Forward},
				{2, []int{w}, se, Forward},
				{4, []int{w, w}, e, Forward},
				{6, []int{w, w, w}, e, Forward}, // follows the follower
			},
			[]end{{1, nil, 1}, {0, []int{nw}, 0}, {2, []int{w, se}, 0}, {4, []int{w}, 0}, {6, []int{w, w}, 0}}},
		{"3 players: a leader that fails stays, so the follower's push is real and both pushes into q are blocked", 3,
			map[string]byte{"e5": 'X'}, // south-east of the leader at d4: a crater
			[]rover{
				{1, []int{nw}, e, NoCard},
				{0, []int{nw, nw}, se, Forward},
				{2, []int{w}, se, Forward}, // into the crater: 1 damage, stays
				{4, []int{w, w}, e, Forward},
			},
			[]end{{1, []int{nw}, 1}, {0, []int{nw, nw}, 0}, {2, []int{w}, 2}, {4, []int{w, w}, 0}}},
		{"4 players: two real pushes into q are blocked whatever a follower does", 4, nil,
			[]rover{
				{1, []int{nw}, e, NoCard},
				{0, []int{nw, nw}, se, Forward},
				{3, []int{e}, e, NoCard},     // pushed west into q
				{6, []int{e, e}, w, Forward}, // rams it
				{2, []int{w}, se, Forward},
				{4, []int{w, w}, e, Forward},
			},
			[]end{{1, []int{nw}, 1}, {0, []int{nw, nw}, 0}, {3, []int{e}, 1}, {6, []int{e, e}, 0}, {2, []int{w, se}, 0}, {4, []int{w}, 0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rig(t, c.players, openMap(8, 9, c.terr))
			for _, r := range c.rovers {
				s.put(t, r.i, s.walk(t, q, r.walk...), r.h, r.card)
			}
			s.execute(0)
			for _, w := range c.want {
				at := s.walk(t, q, w.walk...)
				if got := s.hex(w.i); got != at {
					t.Errorf("rover %d at %s, want %s\n%s", w.i, got, at, s)
				}
				if got := s.damageTaken(w.i); got != w.damage {
					t.Errorf("rover %d took %d damage, want %d", w.i, got, w.damage)
				}
			}
		})
	}
}

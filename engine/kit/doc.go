// Package kit is the scaffolding every game package shares, so that no game
// (ours or one written outside this repository) writes it again: the strict decoder of a state's JSON form and its
// bad-state errors, names of enumerations read back to values, range checks
// (state.go), and the observation writer with named sections (observe.go).
//
// A game names its errors once, as a constant:
//
//	const states kit.States = "walking-moon"
//
//	var j stateJSON
//	if err := states.Decode(data, &j); err != nil {
//		return nil, err
//	}
//	if !kit.In(j.Round, 1, 10) {
//		return nil, states.Bad("round %d, want 1-10", j.Round)
//	}
package kit

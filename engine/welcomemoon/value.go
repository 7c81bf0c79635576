package welcomemoon

// The one-turn evaluation of a sheet, shared by the heuristic player
// (agents/heuristics/welcomemoon) and the solo observation's turn lookahead
// (lookahead.go), which shows a network what the heuristic computes.

// slackWeights are the points per open (space, value) pair (State.Slack),
// by adventure: A2's single long trajectory has far more open pairs than its
// score can use, A1 and A3 need their sheets kept open; A5's adjacency makes
// open levels worth more (tuned on 40 solo games per adventure against
// ASTRA level 1; docs/rules/welcome-moon.md). A8 has no order on its
// planets: every choice of a turn fills one space, so slack says nothing
// there.
var slackWeights = [...]float64{1: 0.3, 2: 0.03, 3: 0.3, 4: 0.15, 5: 0.6, 6: 0.15, 7: 0.15, 8: 0}

// errorWeight is the points a System Error costs beyond its own: errors
// bring the end of the game nearer.
const errorWeight = 6.0

// TurnValue is the heuristic value of p's sheet: its score read smoothly
// (Progress), plus the room left (Slack, weighted per adventure), less the
// System Errors used; solo, less ASTRA's smooth score too (so the card
// ASTRA gets and the Solo bonuses count).
func (s *State) TurnValue(p int) float64 {
	w := 0.15
	if a := s.lay().adv; a < len(slackWeights) {
		w = slackWeights[a]
	}
	v := s.Progress(p) + w*float64(s.Slack(p)) - errorWeight*float64(s.errorsUsed(p))
	if s.g.solo() {
		v -= s.AstraProgress()
	}
	return v
}

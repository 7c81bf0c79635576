package welcomemoon

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestSlackTable plays random games of every adventure (solo and 3
// players, walls and crossed-out spaces included) and checks, on every
// sheet at every decision, that the table's answers are the per-pair ones:
// spaceOKIn is spaceOK and slackLossIn is slackLoss (its two zoneSlack
// scans) for every space and every value, so that the observation's
// choice features do not change with the table.
func TestSlackTable(t *testing.T) {
	for adv := 1; adv <= 8; adv++ {
		for _, players := range []int{1, 3} {
			t.Run(fmt.Sprintf("a%d-p%d", adv, players), func(t *testing.T) {
				g := testGame(t, adv, players, 1)
				rng := rand.New(rand.NewPCG(uint64(adv), uint64(players)))
				var legal []engine.Action
				var out []engine.Outcome
				checked, fitted := 0, 0
				for game := 0; game < 2; game++ {
					s := g.NewInitialState().(*State)
					for !s.IsTerminal() {
						if s.CurrentPlayer() == engine.Chance {
							out = s.ChanceOutcomes(out)
							s.Apply(engine.SampleOutcome(out, rng.Float64()))
							continue
						}
						if s.phase == phDecide {
							for q := 0; q < g.NumPlayers(); q++ {
								sh := &s.sh[q]
								var tb slackTable
								tb.fill(s, sh)
								for sp := int8(0); int(sp) < g.lay.nSpaces; sp++ {
									for v := int8(minValue - 1); v <= maxValue+1; v++ {
										for act := int8(0); act < numActs; act++ {
											if got, want := s.spaceOKIn(sh, &tb, sp, v, act), s.spaceOK(sh, sp, v, act); got != want {
												t.Fatalf("turn %d sheet %d space %d value %d action %d: spaceOKIn %v, spaceOK %v", s.turn, q, sp, v, act, got, want)
											}
										}
										if sh.num[sp] != empty {
											continue
										}
										if tb.fits(sh, sp, v) {
											fitted++
										}
										if got, want := s.slackLossIn(sh, &tb, sp, v), s.slackLoss(sh, sp, v); got != want {
											t.Fatalf("turn %d sheet %d space %d value %d: slackLossIn %d, slackLoss %d", s.turn, q, sp, v, got, want)
										}
										checked++
									}
								}
							}
						}
						legal = s.LegalActions(legal)
						s.Apply(legal[rng.IntN(len(legal))])
					}
				}
				if checked == 0 || fitted == 0 {
					t.Fatalf("nothing checked: %d pairs, %d fitting", checked, fitted)
				}
			})
		}
	}
}

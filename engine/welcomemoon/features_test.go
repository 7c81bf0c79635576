package welcomemoon

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moongym/moongym/engine"
)

// TestObservedChoices plays random games of every adventure and checks the
// choice features at the tail of the observation against the legal moves:
// a combination is marked writable exactly when its own action may be
// picked, a space carries a value exactly when the number may go there, and
// the open pairs of each sheet agree with State.Slack.
func TestObservedChoices(t *testing.T) {
	for adv := 1; adv <= 8; adv++ {
		for _, players := range []int{1, 2} {
			t.Run(fmt.Sprintf("a%d-p%d", adv, players), func(t *testing.T) {
				g := testGame(t, adv, players, 1)
				obs := make([]float32, engine.ObservationSize(g))
				tail := comboFeats*maxCombos + 3*maxSpaces
				ps, _ := g.obsSizes()
				nSp := g.lay.nSpaces
				rng := rand.New(rand.NewPCG(uint64(adv), uint64(players)))
				var legal []engine.Action
				var out []engine.Outcome
				checked := [2]int{}
				for game := 0; game < 3; game++ {
					s := g.NewInitialState().(*State)
					for !s.IsTerminal() {
						if s.CurrentPlayer() == engine.Chance {
							out = s.ChanceOutcomes(out)
							s.Apply(engine.SampleOutcome(out, rng.Float64()))
							continue
						}
						p := s.CurrentPlayer()
						legal = s.LegalActions(legal)
						s.Observe(p, obs)
						choices := obs[len(obs)-tail-g.lookSize() : len(obs)-g.lookSize()]
						isLegal := map[engine.Action]bool{}
						for _, a := range legal {
							isLegal[a] = true
						}
						if s.phase == phDecide && s.sub == subChoose {
							checked[0]++
							for c := 0; c < maxCombos; c++ {
								want := c < s.numCombos() && isLegal[engine.Action(aPick+7*c)]
								if got := choices[comboFeats*c] == 1; got != want {
									t.Fatalf("turn %d combination %d: writable %v, legal %v", s.turn, c, got, want)
								}
								if want && (choices[comboFeats*c+1] <= 0 || choices[comboFeats*c+2] < 0.1) {
									t.Fatalf("turn %d combination %d: features %v", s.turn, c, choices[comboFeats*c:comboFeats*(c+1)])
								}
							}
						}
						if s.phase == phDecide && s.sub == subSpace {
							checked[1]++
							best := 0
							for sp := 0; sp < maxSpaces; sp++ {
								if choices[comboFeats*maxCombos+2*maxSpaces+sp] == 1 {
									best++
									if !isLegal[engine.Action(aTarget+sp)] {
										t.Fatalf("turn %d: best space %d is not legal", s.turn, sp)
									}
								}
							}
							if best == 0 {
								t.Fatalf("turn %d: no best space", s.turn)
							}
							for sp := 0; sp < maxSpaces; sp++ {
								want := sp < nSp && isLegal[engine.Action(aTarget+sp)]
								if v := choices[comboFeats*maxCombos+sp]; (v >= 0.1) != want || (v != 0 && !want) {
									t.Fatalf("turn %d space %d: feature %v, legal %v", s.turn, sp, v, want)
								}
								if gain := choices[comboFeats*maxCombos+maxSpaces+sp]; gain != 0 {
									t.Fatalf("turn %d space %d: gain %v, want the reserved 0 (features.go)", s.turn, sp, gain)
								}
							}
						}
						if s.phase == phDecide && s.writer(int(p)) == int(p) {
							own := obs[:ps]
							open := own[3*nSp+2*g.lay.nMarks()+10+2*nSp]
							if want := unit(float64(s.Slack(int(p))), float64(18*nSp)); open != want {
								t.Fatalf("turn %d: open pairs %v, Slack gives %v", s.turn, open, want)
							}
						}
						s.Apply(legal[rng.IntN(len(legal))])
					}
				}
				if checked[0] == 0 || checked[1] == 0 {
					t.Fatalf("no decision checked: %v", checked)
				}
			})
		}
	}
}

// TestSlackLoss: on a fresh A1 sheet, writing a value in a space closes at
// least the space's own open values and at most the open pairs of its zones.
func TestSlackLoss(t *testing.T) {
	g := testGame(t, 1, 2, 1)
	s := g.NewInitialState().(*State)
	sh := &s.sh[0]
	for sp := int8(0); int(sp) < g.lay.nSpaces; sp++ {
		for _, v := range []int8{0, 8, 17} {
			loss := s.slackLoss(sh, sp, v)
			if own, zone := s.openAt(sh, sp), s.zoneSlack(sh, sp); loss < own || loss > zone {
				t.Fatalf("space %d value %d: loss %d outside [own %d, zone %d]", sp, v, loss, own, zone)
			}
		}
	}
}

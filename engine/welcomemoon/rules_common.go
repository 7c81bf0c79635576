package welcomemoon

// baseRules is what an adventure does where it adds nothing to the common
// rules. Every adventure's layout embeds it and defines only the hooks of
// advRules that it changes.
type baseRules struct{}

// allowed: no placement restriction beyond the ascending order.
func (baseRules) allowed(*State, *sheet, int8, int8) bool { return true }

// setup: no choice before the first pick.
func (baseRules) setup(*State, int) bool { return false }

// expand: no effect unfolds into others.
func (baseRules) expand(*State, int, effect) bool { return false }

// incidents: phase 5 needs no decision.
func (baseRules) incidents(*State) bool { return false }

// decidesIncidents: no decision is ever taken in phase 5.
func (baseRules) decidesIncidents() bool { return false }

// astraCard: an ASTRA card only crosses the astraBoxes.
func (baseRules) astraCard(*State, int8) {}

// playSheet: every player writes on its own sheet.
func (baseRules) playSheet(_ *State, p int) int { return p }

// errBoxes: a player's System Error boxes are those of its own sheet.
func (baseRules) errBoxes(s *State, p, i int) []int16 {
	if p != i {
		return nil
	}
	return s.lay().errIDs
}

// reach: numbers move only by the Astronaut action's modifier step.
func (baseRules) reach(*State, int, int8) int8 { return 0 }

// astraTurn: ASTRA plays no turn of its own.
func (baseRules) astraTurn(*State) {}

// initSheet: a sheet starts blank.
func (baseRules) initSheet(*sheet) {}

// progress is p's score: nothing is on its way beyond it.
func (baseRules) progress(s *State, p int) float64 { return float64(s.Score(p)) }

// astraTrack: ASTRA has no track of its own (start and boxes 0).
func (baseRules) astraTrack(int) (start, boxes int) { return 0, 0 }

// astraScore is ASTRA's score from its cards (solo-astra.md 2 and 4): the
// adventure's fixed part, the level's factor and each card's value.
func (baseRules) astraScore(s *State) int {
	l := s.lay()
	lv := astraLevels[s.g.level-1]
	n := l.solo.fixed + s.g.level*l.solo.factor
	for a, k := range s.astra.cards {
		n += int(k) * lv[a]
	}
	return n
}

// astraProgress is ASTRA's score.
func (baseRules) astraProgress(s *State) float64 { return float64(s.astraScore()) }

// checkSoloBonus: the Solo bonus of a decoded state is the adventure's
// count per race box the player circled (A2-A4), up to the bonus boxes.
func (baseRules) checkSoloBonus(s *State, bonus int8) error {
	l := s.lay()
	triggers := 0
	for _, id := range l.races {
		triggers += boolInt(s.sh[0].circ.has(id))
	}
	if want := min(l.solo.bonusBoxes, l.solo.bonusPerTrigger*triggers); int(bonus) != want {
		return states.Bad("Solo bonus %d for %d race boxes circled", bonus, triggers)
	}
	return nil
}

// anticipation: the expert adds nothing to TurnValue.
func (baseRules) anticipation(*State, int, ExpertWeights) float64 { return 0 }

// missionsApart: the missions' points are summed in the final score lines.
func (baseRules) missionsApart() bool { return false }

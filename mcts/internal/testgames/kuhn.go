package testgames

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Kuhn poker actions.
const (
	Pass engine.Action = 0 // check or fold
	Bet  engine.Action = 1 // bet or call
)

// Kuhn is Kuhn poker: three cards (0 Jack, 1 Queen, 2 King), one dealt to
// each player by chance and hidden from the other; each antes 1; seat 0
// passes or bets 1, and so on; a bet facing a pass folds. Returns are the
// chips won, in [-2, 2].
type Kuhn struct{}

var _ engine.Game = Kuhn{}

// Spec describes Kuhn poker.
func (Kuhn) Spec() engine.Spec {
	return engine.Spec{Name: "test-kuhn", Title: "Kuhn poker (test only)", MinPlayers: 2, MaxPlayers: 2,
		Chance: engine.ExplicitChance, Information: engine.ImperfectInformation, Utility: engine.ZeroSum, Params: []engine.ParamSpec{}}
}

// Params is empty.
func (Kuhn) Params() engine.Params { return engine.Params{} }

// NumPlayers is 2.
func (Kuhn) NumPlayers() int { return 2 }

// NumActions is 2: pass, bet.
func (Kuhn) NumActions() int { return 2 }

// MaxChanceOutcomes is 3 cards.
func (Kuhn) MaxChanceOutcomes() int { return 3 }

// ObservationShape is [9]: own card (3), then 3 history slots of (pass, bet).
func (Kuhn) ObservationShape() []int { return []int{9} }

// MaxGameLength is 2 deals and 3 actions.
func (Kuhn) MaxGameLength() int { return 5 }

// MinUtility is -2.
func (Kuhn) MinUtility() float64 { return -2 }

// MaxUtility is 2.
func (Kuhn) MaxUtility() float64 { return 2 }

// NewInitialState is before the deal.
func (Kuhn) NewInitialState() engine.State { return &KuhnState{Cards: [2]int8{-1, -1}} }

// Deal is the state after dealing c0 to seat 0 and c1 to seat 1, then the
// given actions.
func (Kuhn) Deal(c0, c1 int, actions ...engine.Action) *KuhnState {
	s := &KuhnState{Cards: [2]int8{int8(c0), int8(c1)}}
	for _, a := range actions {
		s.Apply(a)
	}
	return s
}

// DecodeState reads the JSON of a KuhnState.
func (Kuhn) DecodeState(data []byte) (engine.State, error) {
	var s KuhnState
	if err := kit.States("kuhn").Decode(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// KuhnState is a Kuhn poker position.
type KuhnState struct {
	Cards [2]int8 // -1 before the deal
	Hist  [3]int8
	N     int8
}

// Game returns the game.
func (s *KuhnState) Game() engine.Game { return Kuhn{} }

// CurrentPlayer is Chance during the deal, then alternating seats.
func (s *KuhnState) CurrentPlayer() engine.Player {
	switch {
	case s.Cards[0] < 0 || s.Cards[1] < 0:
		return engine.Chance
	case s.IsTerminal():
		return engine.Terminal
	}
	return engine.Player(s.N % 2)
}

// LegalActions: the cards left during the deal, then pass and bet.
func (s *KuhnState) LegalActions(dst []engine.Action) []engine.Action {
	dst = dst[:0]
	switch s.CurrentPlayer() {
	case engine.Chance:
		for c := int8(0); c < 3; c++ {
			if c != s.Cards[0] {
				dst = append(dst, engine.Action(c))
			}
		}
	case engine.Terminal:
	default:
		dst = append(dst, Pass, Bet)
	}
	return dst
}

// ChanceOutcomes deals uniformly among the cards left.
func (s *KuhnState) ChanceOutcomes(dst []engine.Outcome) []engine.Outcome {
	dst = dst[:0]
	if s.CurrentPlayer() != engine.Chance {
		return dst
	}
	var buf [3]engine.Action
	legal := s.LegalActions(buf[:0])
	for _, a := range legal {
		dst = append(dst, engine.Outcome{Action: a, Prob: 1 / float64(len(legal))})
	}
	return dst
}

// Apply deals a card or records a pass or bet.
func (s *KuhnState) Apply(a engine.Action) {
	switch {
	case s.Cards[0] < 0:
		s.Cards[0] = int8(a)
	case s.Cards[1] < 0:
		s.Cards[1] = int8(a)
	default:
		s.Hist[s.N] = int8(a)
		s.N++
	}
}

// IsTerminal: pass-pass, bet-pass, bet-bet, pass-bet-pass, pass-bet-bet.
func (s *KuhnState) IsTerminal() bool {
	switch s.N {
	case 2:
		return !(s.Hist[0] == 0 && s.Hist[1] == 1)
	case 3:
		return true
	}
	return false
}

// Returns are the chips won.
func (s *KuhnState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if s.Cards[1] < 0 || !s.IsTerminal() {
		return dst
	}
	last := s.N - 1
	if s.Hist[last] == 0 && (s.N == 3 || s.Hist[0] == 1) { // a fold: the last bettor wins 1
		winner := 1 - last%2
		dst[winner], dst[1-winner] = 1, -1
		return dst
	}
	stake := 1.0
	if s.Hist[last] == 1 {
		stake = 2
	}
	winner := 0
	if s.Cards[1] > s.Cards[0] {
		winner = 1
	}
	dst[winner], dst[1-winner] = stake, -stake
	return dst
}

// Scores are the returns.
func (s *KuhnState) Scores(dst []float64) []float64 { return s.Returns(dst) }

// Observe shows p's own card and the public betting.
func (s *KuhnState) Observe(p engine.Player, dst []float32) {
	clear(dst[:9])
	if c := s.Cards[p]; c >= 0 {
		dst[c] = 1
	}
	for i := int8(0); i < s.N; i++ {
		dst[3+2*i+s.Hist[i]] = 1
	}
}

// Resample redraws the other player's card from the two p does not hold,
// using only p's information and rng.
func (s *KuhnState) Resample(p engine.Player, rng *rand.Rand) engine.State {
	c := *s
	mine := s.Cards[p]
	if mine < 0 || s.Cards[1-p] < 0 {
		return &c
	}
	var others [2]int8
	k := 0
	for x := int8(0); x < 3; x++ {
		if x != mine {
			others[k] = x
			k++
		}
	}
	c.Cards[1-p] = others[rng.IntN(2)]
	return &c
}

// Clone copies the state.
func (s *KuhnState) Clone() engine.State { c := *s; return &c }

// CopyFrom makes s a copy of src (engine.Copier).
func (s *KuhnState) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }

// Equal compares every field (engine.Comparer).
func (s *KuhnState) Equal(o engine.State) bool { return engine.EqualFlat(s, o) }

// ActionString names cards and moves.
func (s *KuhnState) ActionString(a engine.Action) string {
	if s.CurrentPlayer() == engine.Chance {
		return "JQK"[a : a+1]
	}
	return [...]string{"pass", "bet"}[a]
}

// String shows the cards and history.
func (s *KuhnState) String() string {
	return fmt.Sprintf("kuhn cards %v hist %v", s.Cards, s.Hist[:s.N])
}

// MarshalJSON writes every field.
func (s *KuhnState) MarshalJSON() ([]byte, error) {
	type plain KuhnState
	return json.Marshal((*plain)(s))
}

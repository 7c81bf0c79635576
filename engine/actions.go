package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// IsLegal reports whether a is among s's legal actions.
func IsLegal(s State, a Action) bool {
	var buf [64]Action
	legal := s.LegalActions(buf[:0])
	_, ok := slices.BinarySearch(legal, a)
	return ok
}

// ApplyChecked applies a after checking that it is legal. On error (wrapping
// ErrTerminal or ErrIllegalAction) the state is unchanged.
func ApplyChecked(s State, a Action) error {
	if s.IsTerminal() {
		return fmt.Errorf("%w: cannot apply action %d", ErrTerminal, a)
	}
	if !IsLegal(s, a) {
		return fmt.Errorf("%w: %d is not legal for %s (legal: %s)", ErrIllegalAction, a, s.CurrentPlayer(), legalSummary(s))
	}
	s.Apply(a)
	return nil
}

// legalSummary lists up to 12 legal actions as "id=name".
func legalSummary(s State) string {
	legal := s.LegalActions(nil)
	var b strings.Builder
	for i, a := range legal {
		if i == 12 {
			fmt.Fprintf(&b, ", ... %d more", len(legal)-12)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d=%s", a, s.ActionString(a))
	}
	if len(legal) == 0 {
		return "none"
	}
	return b.String()
}

// ParseAction finds the legal action that text names: its ActionString
// exactly, then ignoring case, then "#N" or a bare integer N as the action's
// id. Errors wrap ErrUnknownAction, ErrAmbiguousAction or ErrTerminal.
func ParseAction(s State, text string) (Action, error) {
	text = strings.TrimSpace(text)
	if s.IsTerminal() {
		return 0, fmt.Errorf("%w: no action can follow", ErrTerminal)
	}
	legal := s.LegalActions(nil)
	for _, a := range legal {
		if s.ActionString(a) == text {
			return a, nil
		}
	}
	found, n := Action(0), 0
	for _, a := range legal {
		if strings.EqualFold(s.ActionString(a), text) {
			found, n = a, n+1
		}
	}
	if n == 1 {
		return found, nil
	}
	if n > 1 {
		return 0, fmt.Errorf("%w: %q matches %d legal actions", ErrAmbiguousAction, text, n)
	}
	if id, err := strconv.Atoi(strings.TrimPrefix(text, "#")); err == nil {
		if _, ok := slices.BinarySearch(legal, Action(id)); ok {
			return Action(id), nil
		}
		return 0, fmt.Errorf("%w: %d is not legal (legal: %s)", ErrIllegalAction, id, legalSummary(s))
	}
	return 0, fmt.Errorf("%w: %q (legal: %s)", ErrUnknownAction, text, legalSummary(s))
}

// ObservationSize is the number of values in a game's observation tensor.
func ObservationSize(g Game) int {
	n := 1
	for _, d := range g.ObservationShape() {
		n *= d
	}
	return n
}

// SampleOutcome picks a chance outcome given u uniform in [0, 1).
func SampleOutcome(outcomes []Outcome, u float64) Action {
	acc := 0.0
	for _, o := range outcomes {
		acc += o.Prob
		if u < acc {
			return o.Action
		}
	}
	return outcomes[len(outcomes)-1].Action
}

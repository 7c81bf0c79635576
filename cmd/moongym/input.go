package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/moongym/moongym/engine"
)

// resolveInput reads what a person typed at the play prompt as one of the
// legal actions, in this order: an action's exact name, its name ignoring
// case, a number as a position in the listed actions (only when no action
// has that name: welcome-moon's "+2" is a modifier, not item 2), "#N" as an
// action id, and last a part of a name (its start or one of its words) that
// names one action alone. note says what was played when the text was not
// the action's full name, so that a completed prefix is never silent.
// Errors wrap engine.ErrUnknownAction, engine.ErrAmbiguousAction or
// engine.ErrIllegalAction.
func resolveInput(st engine.State, legal []engine.Action, text string) (a engine.Action, note string, err error) {
	for _, a := range legal {
		if st.ActionString(a) == text {
			return a, "", nil
		}
	}
	var folded []engine.Action
	for _, a := range legal {
		if strings.EqualFold(st.ActionString(a), text) {
			folded = append(folded, a)
		}
	}
	switch len(folded) {
	case 1:
		return folded[0], "", nil
	case 0:
	default:
		return 0, "", ambiguous(st, text, folded)
	}
	if n, err := strconv.Atoi(text); err == nil {
		if n >= 1 && n <= len(legal) {
			return legal[n-1], fmt.Sprintf("%d is %s", n, st.ActionString(legal[n-1])), nil
		}
		return 0, "", fmt.Errorf("%w: no action numbered %d: type a number from 1 to %d, or a name (moves lists them)", engine.ErrIllegalAction, n, len(legal))
	}
	if id, ok := strings.CutPrefix(text, "#"); ok {
		n, err := strconv.Atoi(id)
		if err == nil {
			for _, a := range legal {
				if a == engine.Action(n) {
					return a, fmt.Sprintf("#%d is %s", n, st.ActionString(a)), nil
				}
			}
			return 0, "", fmt.Errorf("%w: no legal action has id #%d", engine.ErrIllegalAction, n)
		}
	}
	found := matchPart(st, legal, text)
	switch len(found) {
	case 0:
		return 0, "", fmt.Errorf("%w: %q", engine.ErrUnknownAction, text)
	case 1:
		return found[0], fmt.Sprintf("%s is %s", text, st.ActionString(found[0])), nil
	}
	return 0, "", ambiguous(st, text, found)
}

// matchPart lists the legal actions whose name starts with text or has
// text as one of its words ("c1" for "9 Robot [c1]"), ignoring case and
// brackets.
func matchPart(st engine.State, legal []engine.Action, text string) []engine.Action {
	var found []engine.Action
	for _, a := range legal {
		name := strings.ToLower(st.ActionString(a))
		match := strings.HasPrefix(name, strings.ToLower(text))
		for _, w := range strings.Fields(name) {
			match = match || strings.EqualFold(strings.Trim(w, "[](),"), text)
		}
		if match {
			found = append(found, a)
		}
	}
	return found
}

// ambiguous names up to 6 of the actions that text matches.
func ambiguous(st engine.State, text string, found []engine.Action) error {
	names := make([]string, 0, 6)
	for _, a := range found[:min(6, len(found))] {
		names = append(names, st.ActionString(a))
	}
	more := ""
	if len(found) > 6 {
		more = fmt.Sprintf(", ... %d more", len(found)-6)
	}
	return fmt.Errorf("%w: %q matches %s%s", engine.ErrAmbiguousAction, text, strings.Join(names, ", "), more)
}

// inputHint is what the prompt says after an input that names no action.
func inputHint(err error, text string, legal int) string {
	switch {
	case errors.Is(err, engine.ErrAmbiguousAction):
		return fmt.Sprintf("%v: type more of the name, or its number", err)
	case errors.Is(err, engine.ErrIllegalAction):
		_, msg, _ := strings.Cut(err.Error(), ": ")
		return msg
	}
	return fmt.Sprintf("%q is not a legal action here: type a name or a number from 1 to %d (moves lists them)", text, legal)
}

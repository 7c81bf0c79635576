package taskrun_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/internal/taskrun"
	"github.com/moongym/moongym/engine/kit"
)

const states kit.States = "a-game"

var names = []string{"roll", "move", "end"}

func TestStack(t *testing.T) {
	var s taskrun.Stack
	if _, ok := s.Top(); ok || s.Len() != 0 {
		t.Fatal("a new stack is not empty")
	}
	s.Push(0, 1, 2, 3)
	s.Push(1, -1, 0, 5)
	if top, ok := s.Top(); !ok || top != (taskrun.Task{Kind: 1, A: -1, B: 0, C: 5}) {
		t.Fatalf("Top = %+v, %v", top, ok)
	}
	top, _ := s.Top()
	s.Pop()
	s.Again(top)
	if s.Len() != 2 || s.At(0) != (taskrun.Task{Kind: 0, A: 1, B: 2, C: 3}) {
		t.Fatalf("after Pop and Again: %d tasks, bottom %+v", s.Len(), s.At(0))
	}
	for range 2 * taskrun.Max {
		s.Push(2, 0, 0, 0)
	}
	if s.Len() != taskrun.Max {
		t.Fatalf("pushed past Max: %d", s.Len())
	}
	s.Clear()
	s.Pop()
	if s.Len() != 0 {
		t.Fatalf("Clear, Pop: %d", s.Len())
	}
}

func TestDecodeRoundTrip(t *testing.T) {
	var s taskrun.Stack
	s.Push(2, 0, 0, 0)
	s.Push(0, 1, 5, -1)
	s.Push(1, 1, 2, 0)
	list := s.Encode(names)
	if list[1] != (taskrun.TaskJSON{Kind: "roll", A: 1, B: 5, C: -1}) {
		t.Fatalf("Encode: %+v", list)
	}
	var kinds []int
	back, err := taskrun.Decode(list, names, states, func(i, kind int, tj taskrun.TaskJSON) error {
		kinds = append(kinds, kind)
		return nil
	})
	if err != nil || back != s || !slices.Equal(kinds, []int{2, 0, 1}) {
		t.Fatalf("Decode: %v, kinds %v, equal %v", err, kinds, back == s)
	}
}

func TestDecodeRefuses(t *testing.T) {
	errCheck := errors.New("b out of range")
	check := func(i, kind int, tj taskrun.TaskJSON) error {
		if tj.B > 3 {
			return states.Bad("task %d: %v", i, errCheck)
		}
		return nil
	}
	cases := []struct {
		name  string
		tasks []taskrun.TaskJSON
		want  string
	}{
		{"too many", make([]taskrun.TaskJSON, taskrun.Max+1), "97 tasks, at most 96"},
		{"unknown kind", []taskrun.TaskJSON{{Kind: "roll"}, {Kind: "fly"}}, `task 1: kind "fly" is not one of`},
		{"the check", []taskrun.TaskJSON{{Kind: "move", B: 4}}, "task 0: b out of range"},
	}
	for _, c := range cases {
		_, err := taskrun.Decode(c.tasks, names, states, check)
		if !errors.Is(err, engine.ErrBadState) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a bad state saying %q", c.name, err, c.want)
		}
	}
}

// Package taskrun is the machinery of rules run as a stack of tasks, as the
// jumping games (walking-moon's design, march-mars) run them: automatic
// tasks do their work and push what follows; decision and chance tasks wait
// on top for an action. A Stack is a flat value, copied with its state.
package taskrun

import (
	"fmt"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Max is the depth of a Stack.
const Max = 96

// Task is one step of the rules: a kind and three small arguments.
type Task struct{ Kind, A, B, C int8 }

// Stack is the tasks waiting, the last pushed on top.
type Stack struct {
	tasks [Max]Task
	n     int8
}

// Push adds a task on top (a full stack, which the rules never reach,
// ignores it; decoded states are guarded by it).
func (s *Stack) Push(kind, a, b, c int) {
	if int(s.n) >= Max {
		return
	}
	s.tasks[s.n] = Task{int8(kind), int8(a), int8(b), int8(c)}
	s.n++
}

// Again puts a popped task back on top.
func (s *Stack) Again(t Task) {
	if int(s.n) < Max {
		s.tasks[s.n] = t
		s.n++
	}
}

// Top is the task on top.
func (s *Stack) Top() (Task, bool) {
	if s.n == 0 {
		return Task{}, false
	}
	return s.tasks[s.n-1], true
}

// Pop removes the task on top.
func (s *Stack) Pop() {
	if s.n > 0 {
		s.n--
	}
}

// Len is the number of tasks.
func (s *Stack) Len() int { return int(s.n) }

// At is the i-th task from the bottom.
func (s *Stack) At(i int) Task { return s.tasks[i] }

// Clear empties the stack.
func (s *Stack) Clear() { s.n = 0 }

// Outcome is a chance outcome: action A with probability N/D.
type Outcome struct {
	A    int32
	N, D int32
}

// AppendActions writes a task's legal actions: the chance outcomes' actions
// when outs is not nil, else the decisions.
func AppendActions(dst []engine.Action, chance bool, outs []Outcome, decs []int32) []engine.Action {
	dst = dst[:0]
	if chance {
		for _, o := range outs {
			dst = append(dst, engine.Action(o.A))
		}
		return dst
	}
	for _, a := range decs {
		dst = append(dst, engine.Action(a))
	}
	return dst
}

// AppendOutcomes writes chance outcomes with their probabilities.
func AppendOutcomes(dst []engine.Outcome, outs []Outcome) []engine.Outcome {
	dst = dst[:0]
	for _, o := range outs {
		dst = append(dst, engine.Outcome{Action: engine.Action(o.A), Prob: float64(o.N) / float64(o.D)})
	}
	return dst
}

// DieOutcomes appends the faces of a six-sided die, each with its count
// over 6, in face order.
func DieOutcomes(faces [6]int8, numFaces int, dst []Outcome) []Outcome {
	var cnt [16]int32
	for _, f := range faces {
		if f >= 0 && int(f) < len(cnt) {
			cnt[f]++
		}
	}
	for f := 0; f < numFaces && f < len(cnt); f++ {
		if cnt[f] > 0 {
			dst = append(dst, Outcome{int32(f), cnt[f], 6})
		}
	}
	return dst
}

// Player is who acts on the task on top: engine.Terminal when the stack is
// empty, engine.Chance for a chance task, else the task's A.
func (s *Stack) Player(chance func(kind int) bool) engine.Player {
	t, ok := s.Top()
	switch {
	case !ok:
		return engine.Terminal
	case chance(int(t.Kind)):
		return engine.Chance
	}
	return engine.Player(t.A)
}

// TaskJSON is a task in a state's JSON form: its kind by name.
type TaskJSON struct {
	Kind string `json:"kind"`
	A    int    `json:"a"`
	B    int    `json:"b"`
	C    int    `json:"c"`
}

// Encode lists the tasks bottom first, kinds named by names.
func (s *Stack) Encode(names []string) []TaskJSON {
	out := []TaskJSON{}
	for _, t := range s.tasks[:s.n] {
		name := "?"
		if int(t.Kind) < len(names) {
			name = names[t.Kind]
		}
		out = append(out, TaskJSON{name, int(t.A), int(t.B), int(t.C)})
	}
	return out
}

// Decode reads a state's tasks, bottom first, into a stack: each kind by
// its name in names, and check, given the task's place and its kind's
// index, tests the rest against what the kind reads. Errors are bad states
// of the game.
func Decode(tasks []TaskJSON, names []string, states kit.States, check func(i, kind int, t TaskJSON) error) (Stack, error) {
	var s Stack
	if len(tasks) > Max {
		return s, states.Bad("%d tasks, at most %d", len(tasks), Max)
	}
	for i, t := range tasks {
		k, err := kit.Index[int](states, names, t.Kind, fmt.Sprintf("task %d: kind", i))
		if err != nil {
			return s, err
		}
		if err := check(i, k, t); err != nil {
			return s, err
		}
		s.Push(k, t.A, t.B, t.C)
	}
	return s, nil
}

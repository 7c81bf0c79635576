package engine

import "bytes"

// Copier is a state that can be overwritten in place with another state of
// its own concrete type: the search copies positions this way on its hot
// path instead of cloning them. Optional; the conformance suite checks it.
type Copier interface {
	// CopyFrom makes the state a copy of src, as Clone would, and reports
	// true; when src is of another type it changes nothing and reports
	// false.
	CopyFrom(src State) bool
}

// Comparer is a state that tells whether another is the same position.
// Optional; the conformance suite checks it against the JSON forms. A flat
// state whose fields outside its JSON form are always zero can compare them
// all (EqualFlat); one that keeps values past its counts (a task popped off
// its stack, a die no longer rolled) leaves Equal to the JSON forms.
type Comparer interface {
	// Equal reports whether o is the same position: a state of the same
	// type whose JSON form is the same.
	Equal(o State) bool
}

// CopyInto returns dst overwritten with src when dst is a Copier that takes
// src (of the same type), and a clone of src otherwise (dst nil, say).
func CopyInto(dst, src State) State {
	if c, ok := dst.(Copier); ok && c.CopyFrom(src) {
		return dst
	}
	return src.Clone()
}

// Equal reports whether a and b are the same position: a's Equal when it
// is a Comparer, else their JSON forms and players to move compared.
func Equal(a, b State) bool {
	if c, ok := a.(Comparer); ok {
		return c.Equal(b)
	}
	ja, err1 := a.MarshalJSON()
	jb, err2 := b.MarshalJSON()
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb) && a.CurrentPlayer() == b.CurrentPlayer()
}

// CopyFlat is CopyFrom for a state that is a flat value (no slice, map or
// pointer it owns): one assignment.
//
//	func (s *State) CopyFrom(src engine.State) bool { return engine.CopyFlat(s, src) }
func CopyFlat[T any](dst *T, src State) bool {
	s, ok := any(src).(*T)
	if ok {
		*dst = *s
	}
	return ok
}

// EqualFlat is Equal for a flat state whose every field is part of the
// position (it compares them all).
//
//	func (s *State) Equal(o engine.State) bool { return engine.EqualFlat(s, o) }
func EqualFlat[T comparable](s *T, o State) bool {
	x, ok := any(o).(*T)
	return ok && *s == *x
}

package mcts

import (
	"reflect"
	"unsafe"

	"github.com/moongym/moongym/engine"
)

// copier overwrites one state with another of the same concrete type. The
// engine contract makes states flat values, so a state held as a pointer to
// a struct can be copied in place, which saves the allocation of Clone on
// the search's hot path. It does so when the struct holds no reference
// (pointer, slice, map, ...) at all, or when Clone itself is a shallow copy:
// every reference of a clone is the very one of the original (a pointer to
// the immutable game configuration, say). Otherwise it calls Clone.
type copier struct {
	typ  reflect.Type
	flat bool
	// noPtr: the struct holds no pointer at all, so its bytes are copied
	// directly (no write barrier is needed), size of them.
	noPtr bool
	size  uintptr
}

func newCopier(s engine.State) copier {
	t := reflect.TypeOf(s)
	c := copier{typ: t}
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct || reflect.ValueOf(s).IsNil() {
		return c
	}
	if isFlat(t.Elem(), 0) {
		c.flat = true
		c.noPtr = hasNoPointers(t.Elem())
		c.size = t.Elem().Size()
		return c
	}
	clone := s.Clone()
	if reflect.TypeOf(clone) == t {
		c.flat = sameRefs(reflect.ValueOf(s).Elem(), reflect.ValueOf(clone).Elem(), 0)
	}
	return c
}

// sameRefs reports whether every reference inside a and b (values of one
// type) is identical, so that b could be a shallow copy of a.
func sameRefs(a, b reflect.Value, depth int) bool {
	if depth > 16 {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return a.Pointer() == b.Pointer()
	case reflect.Slice:
		return a.Pointer() == b.Pointer() && a.Len() == b.Len() && a.Cap() == b.Cap()
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return a.Elem().Type() == b.Elem().Type() && sameRefs(a.Elem(), b.Elem(), depth+1)
	case reflect.Array:
		if isFlat(a.Type().Elem(), 0) {
			return true
		}
		for i := 0; i < a.Len(); i++ {
			if !sameRefs(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !sameRefs(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	}
	return true
}

// into returns dst overwritten with src when it can do so in place, or a
// clone of src otherwise (dst nil, another type, or a state with pointers).
func (c copier) into(dst, src engine.State) engine.State {
	if !c.flat || dst == nil || reflect.TypeOf(src) != c.typ || reflect.TypeOf(dst) != c.typ {
		return src.Clone()
	}
	if c.noPtr {
		d, s := reflect.ValueOf(dst).UnsafePointer(), reflect.ValueOf(src).UnsafePointer()
		if d != s {
			copy(unsafe.Slice((*byte)(d), c.size), unsafe.Slice((*byte)(s), c.size))
		}
		return dst
	}
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
	return dst
}

// hasNoPointers reports whether a value of type t, a flat one (isFlat, so
// that the recursion is bounded), holds no pointer at all: strings are flat
// but hold one.
func hasNoPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String:
		return false
	case reflect.Array:
		return t.Len() == 0 || hasNoPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if !hasNoPointers(t.Field(i).Type) {
				return false
			}
		}
	}
	return true
}

// isFlat reports whether a value of type t can be copied by assignment
// without sharing anything mutable. Strings are immutable, so they count.
func isFlat(t reflect.Type, depth int) bool {
	if depth > 16 {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		return true
	case reflect.Array:
		return isFlat(t.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if !isFlat(t.Field(i).Type, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

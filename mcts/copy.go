package mcts

import (
	"reflect"

	"github.com/moongym/moongym/engine"
)

// copier overwrites one state with another of the same concrete type. The
// engine contract makes states flat values (no pointers, slices or maps), so
// a state held as a pointer to a struct can be copied in place, which saves
// the allocation of Clone on the search's hot path.
type copier struct {
	typ  reflect.Type
	flat bool
}

func newCopier(s engine.State) copier {
	t := reflect.TypeOf(s)
	return copier{typ: t, flat: t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct && isFlat(t.Elem(), 0)}
}

// into returns dst overwritten with src when it can do so in place, or a
// clone of src otherwise (dst nil, another type, or a state with pointers).
func (c copier) into(dst, src engine.State) engine.State {
	if !c.flat || dst == nil || reflect.TypeOf(src) != c.typ || reflect.TypeOf(dst) != c.typ {
		return src.Clone()
	}
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
	return dst
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

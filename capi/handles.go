package main

import (
	"fmt"
	"strings"
	"sync"
)

// handleTable maps the opaque handles given to C to Go objects, so that C
// never holds a Go pointer. Handles are never reused.
type handleTable struct {
	mu   sync.RWMutex
	next uint64
	objs map[uint64]any
}

var handles = handleTable{objs: map[uint64]any{}}

// add stores obj and returns its handle (>0).
func (t *handleTable) add(obj any) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	t.objs[t.next] = obj
	return t.next
}

// remove forgets a handle.
func (t *handleTable) remove(h uint64) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.objs[h]; !ok {
		return fmt.Errorf("%w: no object with handle %d (freed already?)", errBadArgument, h)
	}
	delete(t.objs, h)
	return nil
}

// lookup finds handle h's object, which must be a T.
func lookup[T any](h uint64) (T, error) {
	handles.mu.RLock()
	obj, ok := handles.objs[h]
	handles.mu.RUnlock()
	t, isT := obj.(T)
	if !ok || !isT {
		var zero T
		if !ok {
			return zero, fmt.Errorf("%w: handle %d is not a live %s (freed already?)", errBadArgument, h, objectName(zero))
		}
		return zero, fmt.Errorf("%w: handle %d is not a live %s but %s", errBadArgument, h, objectName(zero), article(objectName(obj)))
	}
	return t, nil
}

// objectName names the kind of object a handle holds as the Python
// package calls it, for error messages (never a Go type name).
func objectName(obj any) string {
	switch obj.(type) {
	case *slot:
		return "environment"
	case *batch:
		return "vector environment"
	case *agentObj:
		return "agent"
	case *pyPolicy:
		return "Python policy"
	case *modelObj:
		return "model"
	}
	return "object"
}

// article puts "a" or "an" before a name.
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

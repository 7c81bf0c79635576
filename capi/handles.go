package main

import (
	"fmt"
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
		return zero, fmt.Errorf("%w: handle %d is not a live %T", errBadArgument, h, zero)
	}
	return t, nil
}

package main

/*
#include <stdint.h>

// mg_policy_fn is the Python package's policy callback: the move of
// policy id for seat, given the seat's observation (nobs floats), its
// action mask (nmask bytes), the state's JSON (nstate bytes, or NULL),
// the arena's game index (-1 outside an arena) and the agent's seed. It
// returns the action, or -T where T (>= 1) is the token under which the
// Python side kept the exception the policy raised.
typedef int64_t (*mg_policy_fn)(int64_t id, int32_t seat, const float *obs, int64_t nobs,
	const int8_t *mask, int64_t nmask, const char *state, int64_t nstate, int64_t game, uint64_t seed);

static int64_t mg_call_policy(void *f, int64_t id, int32_t seat, const float *obs, int64_t nobs,
	const int8_t *mask, int64_t nmask, const char *state, int64_t nstate, int64_t game, uint64_t seed) {
	return ((mg_policy_fn)f)(id, seat, obs, nobs, mask, nmask, state, nstate, game, seed);
}
*/
import "C"

import (
	"sync/atomic"
	"unsafe"
)

// policyFn is the policy callback, set once by the Python package
// (mg_set_policy_callback); nil until then.
var policyFn atomic.Pointer[byte]

// setPolicyCallback sets the callback that callPython calls.
func setPolicyCallback(f unsafe.Pointer) { policyFn.Store((*byte)(f)) }

// callPython asks the Python side through the policy callback. The
// buffers are Go memory without pointers, which C may read during the
// call (cgo's rules); the Python side copies them.
func callPython(c *policyCall) (int64, error) {
	f := policyFn.Load()
	if f == nil {
		return 0, errNoCallback
	}
	var state *C.char
	if len(c.state) > 0 {
		state = (*C.char)(unsafe.Pointer(&c.state[0]))
	}
	return int64(C.mg_call_policy(unsafe.Pointer(f), C.int64_t(c.id), C.int32_t(c.seat),
		(*C.float)(unsafe.Pointer(&c.obs[0])), C.int64_t(len(c.obs)),
		(*C.int8_t)(unsafe.Pointer(&c.mask[0])), C.int64_t(len(c.mask)),
		state, C.int64_t(len(c.state)), C.int64_t(c.game), C.uint64_t(c.seed))), nil
}

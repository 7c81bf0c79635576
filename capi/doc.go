// Command capi is moongym's C API: the games, environments and agents
// exported for other languages through a C shared library. It is built with
//
//	go build -buildmode=c-shared -o libmoongym.so ./capi
//
// and loaded by the Python package in python/ (moongym) with ctypes; see
// docs/python.md. The package builds it with -tags moongym_modelsdir,
// which leaves the built-in models out of the library (package models
// reads them from the directory that mg_set_builtin_models names; the
// package ships the files beside the library).
//
// Conventions of every exported function (mg_*):
//
//   - It returns 0 on success, or the positive id of an error that
//     mg_take_error turns into its kind and message (and forgets). No Go
//     panic crosses the boundary: every export recovers and reports one as
//     an internal error.
//   - Objects (environments, vector environments, agents) are opaque
//     uint64 handles into a table of this package; C never holds a Go
//     pointer. mg_free releases one.
//   - Observations, masks, rewards and the like are written by Go straight
//     into memory the caller owns (NumPy arrays' buffers), whose lengths the
//     caller passes and Go checks. Strings returned to C are malloc'ed and
//     freed with mg_free_string.
//   - Every object has its own lock, so calls from several threads are
//     safe; the vector environment steps its games on Go's threads.
//   - Multi-agent environments are stepped without allocating by aec, which
//     plays as env.Env does (a test checks it on every test configuration);
//     single-agent ones by env.SingleAgentEnv. All calls into package env
//     are in slot.go.
//
// Besides the registries, the package keeps three tables guarded by
// mutexes, inherent to a C API: the live objects by handle, the errors not
// yet taken, and one engine.Game per configuration, shared by every
// environment and agent (games are immutable).
//
// The logic lives in plain Go files (testable without cgo); exports.go is
// the thin cgo layer.
package main

func main() {}

// Package cputime reads the process's CPU time, so that the search
// benchmarks can report simulations per second of CPU time next to those
// per second of wall time: on a machine shared with other work the first
// moves much less. Report reports both for a benchmark loop.
package cputime

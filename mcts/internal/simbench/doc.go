// Package simbench runs the search benchmarks' loop and reports simulations
// per second of wall time (sims/s) and of the process's CPU time
// (cpu-sims/s): on a machine shared with other work the second moves much
// less. The benchmark files that use it, with this package, can be copied
// onto an older commit to measure the two side by side.
package simbench

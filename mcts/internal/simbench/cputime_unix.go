//go:build unix

package simbench

import (
	"syscall"
	"time"
)

// Process is the CPU time (user and system) the process has used so far;
// ok is false where it cannot be read.
func Process() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

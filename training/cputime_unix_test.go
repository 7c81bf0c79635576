//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package training_test

import "syscall"

// processCPU is the CPU time the process has used (user and system), in
// seconds, or -1 where it cannot be read.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

//go:build !unix

package training

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs on this system") }

package kernels

import "golang.org/x/sys/cpu"

func supported(id kernelID) bool {
	switch id {
	case idAVX512:
		return cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ
	case idAVX2:
		return cpu.X86.HasAVX2 && cpu.X86.HasFMA
	}
	return true
}

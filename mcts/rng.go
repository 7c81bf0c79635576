package mcts

import (
	"math/bits"
	"math/rand/v2"
)

// intN is rand.New(p).IntN(n) without the detour through rand.Rand's
// Source interface: the same draws from p and the same number, by the same
// algorithm (Lemire's multiply-and-reject reduction, as math/rand/v2 does it
// on 64-bit systems, whose sequence its 32-bit code reproduces). The
// rollouts and UCT's shuffles draw one per move; TestIntN checks that it
// matches rand.Rand. n must be positive.
func intN(p *rand.PCG, n int) int {
	un := uint64(n)
	if un&(un-1) == 0 {
		return int(p.Uint64() & (un - 1))
	}
	hi, lo := bits.Mul64(p.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(p.Uint64(), un)
		}
	}
	return int(hi)
}

// float64Of is rand.New(p).Float64() drawn from p directly, by the same
// formula; TestIntN checks that too.
func float64Of(p *rand.PCG) float64 {
	return float64(p.Uint64()<<11>>11) / (1 << 53)
}

// Package seeds derives seeds from seeds. Every random stream of moongym (a
// game's chance, an agent's choices, an environment's episodes, a
// tournament's games) starts from the seed a user gives and from numbers
// (a game's index, a seat, an episode) through the functions here, so that
// results depend on those and not on scheduling, and no package keeps a
// copy of a mixer or of its constants. Each function is part of the results
// that depend on it: changing one changes them.
package seeds

import "math/rand/v2"

const (
	// Golden is 2^64 over the golden ratio, SplitMix64's increment: added
	// or multiplied in, it spreads consecutive numbers apart.
	Golden = 0x9e3779b97f4a7c15
	// Spread is SplitMix64's first multiplier, an odd constant that spreads
	// a second number apart from the first.
	Spread = 0xbf58476d1ce4e5b9
)

// Streams: the second word of a PCG, which sets a generator's stream apart
// from another's on the same seed.
const (
	// StreamEnv is an environment's chance ("env": env.Env and the C API's
	// environments draw the same outcomes from the same seed).
	StreamEnv = 0x656e76
)

// Finalize is SplitMix64's finalizer: a bijection of 64 bits whose every
// output bit depends on every input bit.
func Finalize(x uint64) uint64 {
	x = (x ^ x>>30) * Spread
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Mix is one step of SplitMix64: x advanced by Golden, then finalized.
func Mix(x uint64) uint64 { return Finalize(x + Golden) }

// Indexed is the seed of the i-th item of a kind (salt sets kinds apart)
// under seed: a tournament's games, a ladder's pairs.
func Indexed(seed, salt uint64, i int) uint64 { return Mix(seed ^ Mix(uint64(i)+salt)) }

// Seat is the seed of the agent on seat p under seed (the seat server's
// sessions).
func Seat(seed uint64, p int) uint64 { return seed*Golden + uint64(p+1)*Spread }

// Episode is the seed of environment i's k-th episode under seed (the
// vector environments).
func Episode(seed uint64, i int, k uint64) uint64 {
	x := seed ^ uint64(i+1)*Golden ^ k*Spread
	return x ^ x>>31
}

// Pair is the seed of item (i, j) under seed: the first output of a PCG
// seeded with seed and i, on stream j (the C API's environments and
// agents).
func Pair(seed, i, j uint64) uint64 { return rand.NewPCG(seed^i*Golden, j).Uint64() }

package arena

// maxAgents bounds the number of agents of a tournament, so that the
// number of seat orders, (k-1)!, fits comfortably in an int.
const maxAgents = 12

// Seating returns the agent index of every seat in game i of a tournament of
// k agents and n seats (see the package doc).
func Seating(i, k, n int) []int {
	r := i % k
	q := (i / k) % factorial(k-1)
	rest := make([]int, k-1)
	for j := range rest {
		rest[j] = j + 1
	}
	base := append([]int{0}, nthPermutation(rest, q)...)
	seats := make([]int, n)
	for j := range seats {
		seats[j] = base[(j+r)%k]
	}
	return seats
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// nthPermutation is the q-th permutation of xs (sorted) in lexicographic
// order, by the factorial number system.
func nthPermutation(xs []int, q int) []int {
	xs = append([]int(nil), xs...)
	out := make([]int, 0, len(xs))
	for len(xs) > 0 {
		f := factorial(len(xs) - 1)
		idx := q / f
		q %= f
		out = append(out, xs[idx])
		xs = append(xs[:idx], xs[idx+1:]...)
	}
	return out
}

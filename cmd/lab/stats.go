package main

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// meanOf is the mean of x.
func meanOf(x []int) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v)
	}
	return s / float64(len(x))
}

// corr is the Pearson correlation of x and y.
func corr(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= n
	my /= n
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// normal95 is the half width of the normal-approximation 95% interval of a
// proportion p observed over n trials.
func normal95(p float64, n int) float64 {
	return 1.96 * math.Sqrt(p*(1-p)/float64(n))
}

// byCountThenName sorts names by count, the largest first, and names of
// equal counts alphabetically.
func byCountThenName(names []string, count func(name string) int) {
	slices.SortFunc(names, func(a, b string) int {
		if c := cmp.Compare(count(b), count(a)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
}

// sortedKeys are the keys of m in alphabetical order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

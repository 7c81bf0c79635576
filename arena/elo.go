package arena

import (
	"errors"
	"math"
)

// eloScale converts natural-log strengths to Elo points.
const eloScale = 400 / math.Ln10

// Pairwise holds pairwise results between agents: Score[i][j] is what i
// scored against j (a win 1, a draw 1/2) and Games[i][j] how many pairs
// they played.
type Pairwise struct {
	Score, Games [][]float64
}

// NewPairwise is empty pairwise results for k agents.
func NewPairwise(k int) Pairwise {
	p := Pairwise{Score: make([][]float64, k), Games: make([][]float64, k)}
	for i := range p.Score {
		p.Score[i] = make([]float64, k)
		p.Games[i] = make([]float64, k)
	}
	return p
}

// Add records one pair: agent i's return ri against agent j's rj.
func (p Pairwise) Add(i, j int, ri, rj float64) {
	if i == j {
		return
	}
	s := 0.5
	switch {
	case ri > rj:
		s = 1
	case ri < rj:
		s = 0
	}
	p.Score[i][j] += s
	p.Score[j][i] += 1 - s
	p.Games[i][j]++
	p.Games[j][i]++
}

var errSingular = errors.New("singular matrix")

// BradleyTerry fits Elo ratings (mean zero) with 95% half-widths to the
// pairwise results, as the package doc describes.
func BradleyTerry(p Pairwise) (elo, half []float64, err error) {
	k := len(p.Score)
	theta := make([]float64, k)
	grad := make([]float64, k)
	hess := make([][]float64, k)
	for i := range hess {
		hess[i] = make([]float64, k)
	}
	sigma := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	fill := func() {
		for i := 0; i < k; i++ {
			s0 := sigma(theta[i])
			grad[i] = 1 - 2*s0 // one virtual draw against the reference: 1/2 won, 1/2 lost, twice
			clear(hess[i])
			hess[i][i] = -2 * s0 * (1 - s0)
			for j := 0; j < k; j++ {
				if j == i || p.Games[i][j] == 0 {
					continue
				}
				pij := sigma(theta[i] - theta[j])
				grad[i] += p.Score[i][j] - p.Games[i][j]*pij
				w := p.Games[i][j] * pij * (1 - pij)
				hess[i][i] -= w
				hess[i][j] += w
			}
		}
	}
	for iter := 0; iter < 100; iter++ {
		fill()
		step, err := solve(hess, grad)
		if err != nil {
			return nil, nil, err
		}
		size := 0.0
		for i := range theta {
			theta[i] -= step[i]
			size = max(size, math.Abs(step[i]))
		}
		if size < 1e-10 {
			break
		}
	}
	fill()
	neg := make([][]float64, k)
	for i := range neg {
		neg[i] = make([]float64, k)
		for j := range neg[i] {
			neg[i][j] = -hess[i][j]
		}
	}
	cov, err := inverse(neg)
	if err != nil {
		return nil, nil, err
	}
	mean := 0.0
	for _, t := range theta {
		mean += t / float64(k)
	}
	// Variance of theta_i - mean(theta): e' C e with e = unit_i - 1/k.
	colMean := make([]float64, k)
	all := 0.0
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			colMean[j] += cov[i][j] / float64(k)
			all += cov[i][j] / float64(k*k)
		}
	}
	elo, half = make([]float64, k), make([]float64, k)
	for i := range theta {
		v := cov[i][i] - 2*colMean[i] + all
		elo[i] = (theta[i] - mean) * eloScale
		half[i] = z95 * math.Sqrt(max(v, 0)) * eloScale
	}
	return elo, half, nil
}

// solve returns x with a x = b, by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) ([]float64, error) {
	k := len(b)
	m := make([][]float64, k)
	for i := range m {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	if err := eliminate(m, k); err != nil {
		return nil, err
	}
	x := make([]float64, k)
	for i := range x {
		x[i] = m[i][k]
	}
	return x, nil
}

// inverse returns the inverse of a.
func inverse(a [][]float64) ([][]float64, error) {
	k := len(a)
	m := make([][]float64, k)
	for i := range m {
		m[i] = make([]float64, 2*k)
		copy(m[i], a[i])
		m[i][k+i] = 1
	}
	if err := eliminate(m, k); err != nil {
		return nil, err
	}
	inv := make([][]float64, k)
	for i := range inv {
		inv[i] = m[i][k:]
	}
	return inv, nil
}

// eliminate reduces the first k columns of m to the identity (Gauss-Jordan).
func eliminate(m [][]float64, k int) error {
	for c := 0; c < k; c++ {
		piv := c
		for r := c + 1; r < k; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[piv][c]) {
				piv = r
			}
		}
		if math.Abs(m[piv][c]) < 1e-12 {
			return errSingular
		}
		m[c], m[piv] = m[piv], m[c]
		inv := 1 / m[c][c]
		for j := range m[c] {
			m[c][j] *= inv
		}
		for r := 0; r < k; r++ {
			if r == c || m[r][c] == 0 {
				continue
			}
			f := m[r][c]
			for j := range m[r] {
				m[r][j] -= f * m[c][j]
			}
		}
	}
	return nil
}

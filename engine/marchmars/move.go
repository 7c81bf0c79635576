package marchmars

import "github.com/moongym/moongym/engine/jumping"

// A move is one or more strides, then a landing. A stride walks a die's
// advances without landing (jumping.Path); the landing applies the jump
// rules where the marine stands: air is a fall and a crash, a hazardous box
// a crash (safe for a ranger), and a skull among the move's dice a crash
// (ignored by a ranger). A move that runs into rock stops at its feet and
// crashes at once. Between the strides and the landing the jet pack adds a
// second die's stride and the explorer one diagonal advance.

// move resolves a move with die i along a path mask in direction dx.
func (s *State) move(a, i, mask, dx int) {
	hit := s.stride(a, int(s.dieCol[i]), s.dieFace[i], mask, dx)
	s.afterStride(a, hit, dx)
}

// stride walks the advances of a die of colour col and face from the
// marine's box, and reports whether it ran into rock.
func (s *State) stride(a, col int, face int8, mask, dx int) bool {
	ms := &s.mar[a]
	nx, nl, hit, _, marks := jumping.Path(track{s}, int(ms.X), int(ms.L), jumping.FaceValue(face), dx, jumping.Climb(col), mask, -1)
	ms.X, ms.L = int8(nx), int8(nl)
	s.moved = true
	s.flying = true
	if jumping.FaceSkull(face) && !s.has(a, abRanger) {
		s.flySkull = true
	}
	if marks > 0 {
		s.enterHidden(a)
	}
	return hit
}

// afterStride: a move that did not run into rock may take the explorer's
// extra advance (once a turn), else it lands.
func (s *State) afterStride(a int, hit bool, dx int) {
	if !hit && s.has(a, abExplorer) && !s.explored {
		s.push(kExplore, a, (dx+1)/2, 0)
		return
	}
	s.land(a, hit)
}

// land ends the move where the marine stands. A crash in a companion's box
// is ignored; a safe landing raises crashed companions there.
func (s *State) land(a int, hit bool) {
	g := s.g
	ms := &s.mar[a]
	crash := hit || s.flySkull
	s.flying, s.flySkull = false, false
	if !hit {
		switch s.cell(int(ms.X), int(ms.L)) & jumping.Kind {
		case jumping.Air:
			crash = true
			ms.L = int8(jumping.Fall(track{s}, int(ms.X), int(ms.L), g.height))
			if s.cell(int(ms.X), int(ms.L))&jumping.Marked != 0 {
				s.enterHidden(a)
			}
		case jumping.Hazard:
			crash = crash || !s.has(a, abRanger)
		}
	}
	if !crash {
		for m := 0; m < g.n; m++ {
			if m != a && s.mar[m].X == ms.X && s.mar[m].L == ms.L {
				s.mar[m].Crashed = false
			}
		}
		return
	}
	if !s.companion(a, int(ms.X), int(ms.L)) {
		ms.Crashed = true
	}
}

// explore applies the explorer's choice x: one diagonal advance up or down
// in the move's direction (B of the task), or none.
func (s *State) explore(a, dir, x int) {
	if x == aNoExplore {
		s.land(a, false)
		return
	}
	s.explored = true
	col := jumping.Black
	if x == aExplore+1 {
		col = jumping.White
	}
	hit := s.stride(a, col, 0, 1, 2*dir-1)
	s.land(a, hit)
}

// jetMoves lists the moves of the roll's dice other than die skip (-1:
// every die) for a task that picks a die's stride.
func (s *State) jetMoves(skip int, dst []int32) []int32 {
	for i := 0; i < int(s.nDice); i++ {
		if i == skip || !s.firstBut(i, skip) {
			continue
		}
		lo, hi := jumping.PathMasks(int(s.dieCol[i]), s.dieFace[i])
		for dir := 0; dir < 2; dir++ {
			for m := lo; m <= hi; m++ {
				dst = append(dst, int32(aMove+32*i+16*dir+m))
			}
		}
	}
	return dst
}

// firstBut reports whether die i is the first with its colour and face
// among the roll's dice other than die skip.
func (s *State) firstBut(i, skip int) bool {
	for j := 0; j < i; j++ {
		if j != skip && s.dieCol[j] == s.dieCol[i] && s.dieFace[j] == s.dieFace[i] {
			return false
		}
	}
	return true
}

// jet applies a jet pack's stride x: the first die's stride (first < 0)
// does not land, the second's does.
func (s *State) jet(a, first, x int) {
	k := x - aMove
	i, dir, m := k/32, (k%32)/16, k%16
	hit := s.stride(a, int(s.dieCol[i]), s.dieFace[i], m, 2*dir-1)
	switch {
	case hit:
		s.land(a, true)
	case first < 0:
		s.push(kJet, a, i, 0)
	default:
		s.afterStride(a, false, 2*dir-1)
	}
}

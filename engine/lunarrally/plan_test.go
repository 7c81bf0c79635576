package lunarrally

import (
	"math/rand/v2"
	"testing"
)

// TestGuessOthers: only the other players' racing rovers of the same kind
// are guessed, each by BestProgram alone, and their secret cards are not
// read.
func TestGuessOthers(t *testing.T) {
	cases := []struct {
		name     string
		others   []placed
		destroy  []int
		wantMask uint8
	}{
		{"the other player's Rover 1", []placed{{1, "a1", East, NoCard}, {2, "f2", East, NoCard}, {3, "f6", East, NoCard}}, nil, bit(2)},
		{"no racing rover of the kind", []placed{{1, "a1", East, NoCard}, {3, "f6", East, NoCard}}, nil, 0},
		{"a destroyed rover is not guessed", []placed{{2, "f2", East, NoCard}}, []int{2}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rig(t, 2, openMap(7, 9, nil))
			s.put(t, 0, "c4", East).Program = emptyProgram
			for _, p := range c.others {
				s.put(t, p.i, p.at, p.h).Program = emptyProgram
			}
			for _, i := range c.destroy {
				s.rovers[i].Status = Destroyed
			}
			s.program(t)
			gs := s.GuessOthers(0)
			if gs.Mask != c.wantMask {
				t.Fatalf("mask %08b, want %08b", gs.Mask, c.wantMask)
			}
			for j := range 2 * s.g.players {
				if gs.Mask&(1<<j) == 0 {
					continue
				}
				if want := s.BestProgram(j, 0, Guesses{}, nil); gs.Programs[j] != want {
					t.Errorf("rover %d guessed %v, want BestProgram's %v", j, gs.Programs[j], want)
				}
				secret := *s
				secret.rovers[j].Program = [MaxPhases]Card{Missile, Laser, Still}
				if got := secret.GuessOthers(0); got != gs {
					t.Errorf("rover %d's secret cards changed the guess: %+v, want %+v", j, got, gs)
				}
			}
		})
	}
}

// TestPreviewWith: without guesses it is Preview; with them the guessed
// rovers move, so a laser aimed where a rover stands misses it once it has
// driven out of the line of fire (moves come before lasers in a phase).
func TestPreviewWith(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, nil))
	s.put(t, 0, "c4", East).Program = emptyProgram
	s.put(t, 2, "f4", NorthEast).Program = emptyProgram
	s.program(t)
	laser := [MaxPhases]Card{Laser, Still, Still}
	for _, prog := range [][MaxPhases]Card{laser, {Forward, Forward, ForwardAT}, {TurnLeft, Forward, Missile}} {
		if got, want := s.PreviewWith(0, prog, &Guesses{}), s.Preview(0, prog); got != want {
			t.Errorf("%v: PreviewWith without guesses %+v, Preview %+v", prog, got, want)
		}
	}
	if pv := s.Preview(0, laser); pv.EnemyDamage != 1 {
		t.Fatalf("the laser at a rover standing still deals %d, want 1", pv.EnemyDamage)
	}
	gs := Guesses{Mask: bit(2)}
	gs.Programs[2] = [MaxPhases]Card{Forward, Still, Still}
	if pv := s.PreviewWith(0, laser, &gs); pv.EnemyDamage != 0 {
		t.Errorf("the laser at a rover that drives off the row deals %d, want 0", pv.EnemyDamage)
	}
	if s.rovers[2].Pos != s.cell(t, "f4") || s.rovers[0].Program != emptyProgram {
		t.Error("PreviewWith changed the state")
	}
}

// TestBestProgramTies: a nil tie-break keeps the first of the equally rated
// programs, one that always picks keeps the last, and both are rated best.
func TestBestProgramTies(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, nil))
	s.put(t, 0, "c4", East).Program = emptyProgram
	s.program(t)
	first := s.BestProgram(0, 0, Guesses{}, nil)
	last := s.BestProgram(0, 0, Guesses{}, func(int) int { return 0 })
	if first == last {
		t.Fatalf("first and last best programs are both %v: no tie to test", first)
	}
	v1, v2 := s.ScoreProgram(s.Preview(0, first)), s.ScoreProgram(s.Preview(0, last))
	if v1 != v2 {
		t.Errorf("tied programs rated %v and %v", v1, v2)
	}
	for _, p := range [][MaxPhases]Card{{Still, Still, Still}, {TurnLeft, Forward, Forward}} {
		if v := s.ScoreProgram(s.Preview(0, p)); v > v1 {
			t.Errorf("%v rated %v above the best %v", p, v, v1)
		}
	}
}

// TestLookaheadRating: on every programming decision of random games, the
// card the expert's planner puts on the phase (BestProgram beside the
// guesses) is rated 1, every card is rated within [0, 1], illegal ones 0.
func TestLookaheadRating(t *testing.T) {
	eachProgramDecision(t, rand.New(rand.NewPCG(5, 6)), 3, func(sc string, s *State) {
		la, _ := s.Lookahead()
		i, phase := int(s.target), int(s.phase)
		best := s.BestProgram(i, phase, s.GuessOthers(i), nil)
		if la.Rating[best[phase]] != 1 {
			t.Fatalf("%s: the planner's card %v rated %v, want 1 (%+v)", sc, best[phase], la.Rating[best[phase]], la)
		}
		for c, v := range la.Rating {
			if v < 0 || v > 1 || (!la.Legal[c] && v != 0) {
				t.Fatalf("%s: card %v (legal %v) rated %v", sc, Card(c), la.Legal[c], v)
			}
		}
	})
}

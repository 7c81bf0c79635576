package lunarrally

import (
	"strings"
	"testing"
)

func TestStringDrawsRoversOnTheirTerrain(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, map[string]byte{"d4": '~', "d6": 'R'}))
	s.put(t, 0, "d4", East)
	s.put(t, 1, "d6", NorthWest)
	s.put(t, 2, "a2", East)
	s.put(t, 3, "e2", West)
	str := s.String()
	for _, want := range []string{"B1→~", "B2↖R", "G1→S", "G2← ", "Rover 1s are reprogrammed, then the Rover 2s execute"} {
		if !strings.Contains(str, want) {
			t.Errorf("String lacks %q:\n%s", want, str)
		}
	}
}

func TestExecutedCardsLeaveTheBoardAtTheEnd(t *testing.T) {
	s := rig(t, 2, openMap(7, 9, nil))
	s.put(t, 0, "h4", East, Forward, TurnLeft, Still)
	s.put(t, 1, "c6", East, Laser, Still, TurnLeft)
	s.put(t, 2, "c2", East, Forward, Forward, Still)
	s.put(t, 3, "c4", East, Forward, Laser, Still)
	s.moon = 1            // the Rover 2s were reprogrammed last
	s.finishProgramming() // the Rover 1s execute: B1 wins in phase 1
	if s.stage != stageOver || s.winners != 1 {
		t.Fatalf("stage %d winners %b", s.stage, s.winners)
	}
	if s.rovers[0].Program != emptyProgram || s.rovers[2].Program != emptyProgram {
		t.Errorf("the executed Rover 1 programs are still down: %v %v", s.rovers[0].Program, s.rovers[2].Program)
	}
	if s.rovers[0].Shown != [3]Card{Forward, TurnLeft, Still} || s.rovers[1].Program != [3]Card{Laser, Still, TurnLeft} {
		t.Errorf("shown %v, Rover 2 program %v: the executed cards stay on view, unexecuted ones down", s.rovers[0].Shown, s.rovers[1].Program)
	}
}

package lunarrally

import (
	"strconv"
	"strings"
)

// Colours are the players' colours by seat; rovers are drawn with the
// colour's initial and the rover's number.
var Colours = [4]string{"Blue", "Green", "Red", "Yellow"}

var arrows = [6]string{"→", "↗", "↖", "←", "↙", "↘"}

var terrainDraw = [8]string{" ", "·", "X", "~", "S", "F", "R", "M"}

// String draws the hex map (odd rows half a hex to the right), the rovers
// and their control boards, and what is being decided. Cards on the control
// boards are shown only for the player to act (and for everyone once the
// game is over): the others are face down.
func (s *State) String() string {
	g, b := s.g, s.g.board
	var sb strings.Builder
	sb.WriteString("    ")
	for c := 0; c < b.cols; c++ {
		sb.WriteString(" " + string(rune('a'+c)) + "  ")
	}
	sb.WriteByte('\n')
	for r := 0; r < b.rows; r++ {
		label := strconv.Itoa(r + 1)
		sb.WriteString(strings.Repeat(" ", 3-len(label)) + label + " ")
		if r&1 == 1 {
			sb.WriteString("  ")
		}
		for c := 0; c < b.cols; c++ {
			cell := r*b.cols + c
			t := b.cells[cell]
			ch := terrainDraw[t]
			if t == Cache && s.CacheTaken(cell) {
				ch = terrainDraw[Plain]
			}
			if o := s.occupant(int16(cell)); o >= 0 {
				// The rover, then the terrain it stands on (blank on plain ground).
				under := " "
				if ch != terrainDraw[Plain] {
					under = ch
				}
				sb.WriteString(Colours[o/2][:1] + strconv.Itoa(o%2+1) + arrows[s.rovers[o].Heading] + under)
				continue
			}
			sb.WriteString(" " + ch + "  ")
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("· plain  X crater  ~ fine dust  S start  F finish  R repair station  M missile cache\n")
	sb.WriteString("B1→~: Blue's Rover 1 heading east, on fine dust; program: _ empty phase, ? face-down card\n")
	sb.WriteString("turn " + strconv.Itoa(int(s.turn)) + "/" + strconv.Itoa(g.turnLimit) + ", Moon shows Rover " + strconv.Itoa(int(s.moon)+1))
	switch {
	case s.stage == stageOver:
	case s.initial:
		sb.WriteString(": setting up; then the Rover 1s execute")
	default:
		sb.WriteString(": Rover " + strconv.Itoa(int(s.moon)+1) + "s are reprogrammed, then the Rover " + strconv.Itoa(2-int(s.moon)) + "s execute")
	}
	sb.WriteByte('\n')
	show := s.stage == stageOver
	for i := 0; i < 2*g.players; i++ {
		r := &s.rovers[i]
		sb.WriteString(Colours[i/2][:1] + strconv.Itoa(i%2+1) + " p" + strconv.Itoa(i/2) + " ")
		switch r.Status {
		case Waiting:
			sb.WriteString("not placed\n")
			continue
		case Destroyed:
			sb.WriteString("destroyed")
		default:
			sb.WriteString(b.CellName(int(r.Pos)) + " " + dirNames[r.Heading] + " phases " + strconv.Itoa(int(r.Phases)) +
				" shields " + strconv.Itoa(int(r.Shields)) + " missiles " + strconv.Itoa(int(r.Missiles)))
			if !r.Armed {
				sb.WriteString(" (weapons off)")
			}
			sb.WriteString(" program [")
			for p := 0; p < int(r.Phases); p++ {
				if p > 0 {
					sb.WriteByte(' ')
				}
				switch c := r.Program[p]; {
				case c == NoCard:
					sb.WriteString("_")
				case show || (s.stage != stageFirst && int(s.actor) == i/2):
					sb.WriteString(c.String())
				default:
					sb.WriteString("?")
				}
			}
			sb.WriteString("]")
		}
		if r.Shown != emptyProgram {
			sb.WriteString(" last [")
			for p, c := range r.Shown {
				if p > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteString(c.String())
			}
			sb.WriteString("]")
		}
		sb.WriteByte('\n')
	}
	switch s.stage {
	case stageFirst:
		sb.WriteString("throwing the start tokens for the first player")
	case stagePlace:
		sb.WriteString("p" + strconv.Itoa(int(s.actor)) + ": place " + Colours[s.target/2][:1] + strconv.Itoa(int(s.target%2)+1) + " on a start hex")
	case stageFace:
		sb.WriteString("p" + strconv.Itoa(int(s.actor)) + ": face " + Colours[s.target/2][:1] + strconv.Itoa(int(s.target%2)+1) + " on " + b.CellName(int(s.pending)))
	case stageProgram:
		sb.WriteString("p" + strconv.Itoa(int(s.actor)) + ": program " + Colours[s.target/2][:1] + strconv.Itoa(int(s.target%2)+1) + " phase " + strconv.Itoa(int(s.phase)+1))
	case stageOver:
		switch s.end {
		case endFinish:
			sb.WriteString("over: won by")
			for i := 0; i < g.players; i++ {
				if s.winners&(1<<i) != 0 {
					sb.WriteString(" p" + strconv.Itoa(i) + " (" + Colours[i] + ")")
				}
			}
		case endDestroyed:
			sb.WriteString("over: every rover destroyed, a draw")
		case endTurnLimit:
			sb.WriteString("over: turn limit reached, a draw")
		}
	}
	return sb.String()
}

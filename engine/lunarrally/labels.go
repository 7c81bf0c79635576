package lunarrally

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

var _ engine.ActionLabeler = (*State)(nil)

// cardWords are the instruction cards as printed.
var cardWords = [NumCards]string{"Forward 1", "Forward 1 All Terrain", "Reverse", "Turn Left", "Turn Right", "Fire Laser", "Fire Missile", "Still"}

// dirWords are the six facings of dirNames in words.
var dirWords = [6]string{"east", "north-east", "north-west", "west", "south-west", "south-east"}

// roverWords names rover i for people: "Green Rover 1".
func roverWords(i int) string { return Colours[i/2] + " Rover " + strconv.Itoa(i%2+1) }

// ActionLabel says what an action does: the card put on a phase of the
// rover being programmed ("Green Rover 1, phase 2: Turn Left"), the start
// hex a rover is placed on, the way it faces, and who throws first.
func (s *State) ActionLabel(a engine.Action) string {
	b := s.g.board
	switch {
	case s.stage == stageFirst:
		if a >= 0 && int(a) < s.g.players {
			return engine.Player(a).String() + " (" + Colours[a] + ") goes first"
		}
	case a >= 0 && a < NumCards:
		return roverWords(int(s.target)) + ", phase " + strconv.Itoa(int(s.phase)+1) + ": " + cardWords[a]
	case int(a) < NumCards+b.nStarts && a >= 0:
		return "place " + roverWords(int(s.target)) + " on start " + b.CellName(int(b.starts[int(a)-NumCards]))
	case int(a) < NumCards+b.nStarts+6 && a >= 0:
		return "face " + dirWords[int(a)-NumCards-b.nStarts]
	}
	return ""
}

package lunarrally

// Card is an instruction card.
type Card int8

// The instruction cards. NoCard marks an empty phase.
const (
	NoCard    Card = -1
	Forward   Card = iota - 1 // Forward 1
	ForwardAT                 // Forward 1 - All Terrain
	Reverse                   // Reverse (Rover 2 only)
	TurnLeft                  // Turn Left
	TurnRight                 // Turn Right
	Laser                     // Fire Laser
	Missile                   // Fire Missile
	Still                     // Still
	NumCards  = 8
)

var cardNames = [NumCards]string{"fwd", "fwd-at", "rev", "left", "right", "laser", "missile", "still"}

// String is the card's short name, as actions are named.
func (c Card) String() string {
	if c < 0 || c >= NumCards {
		return "-"
	}
	return cardNames[c]
}

// Decks are the instruction cards of each rover's deck, by card: Rover 1
// has three Forward 1 (one All Terrain), Rover 2 two Forward 1 (one All
// Terrain) and a Reverse; both have Turn Left, Turn Right, Fire Laser, Fire
// Missile and Still.
var Decks = [2][NumCards]int8{
	{2, 1, 0, 1, 1, 1, 1, 1},
	{1, 1, 1, 1, 1, 1, 1, 1},
}

// MaxMissiles and MaxShields are the full complements of Rover 1 and Rover 2.
var (
	MaxMissiles = [2]int8{1, 2}
	MaxShields  = [2]int8{1, 2}
)

// MaxPhases is the number of phases of an undamaged control board.
const MaxPhases = 3

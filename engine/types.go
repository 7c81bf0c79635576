package engine

import (
	"fmt"
	"strconv"
)

// Action is an index into a game's fixed discrete action space. At chance nodes
// the outcomes are actions too, indexed in [0, Game.MaxChanceOutcomes()).
type Action int32

// Player is a seat, 0..n-1, or one of the special values Chance and Terminal
// (and Hidden, which only CurrentPlayerFor returns).
type Player int8

const (
	// Chance is the current player at a chance node (dice, shuffles, flips).
	Chance Player = -1
	// Terminal is the current player once the game is over.
	Terminal Player = -2
)

// String names the player: "p0", "p1", ..., "chance", "terminal" or
// "others" (Hidden).
func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case Terminal:
		return "terminal"
	case Hidden:
		return "others"
	}
	return "p" + strconv.Itoa(int(p))
}

// Outcome is one possible result of a chance node and its probability.
type Outcome struct {
	Action Action  `json:"action"`
	Prob   float64 `json:"prob"`
}

// ChanceKind says where randomness enters a game.
type ChanceKind int8

const (
	// Deterministic games have no chance nodes.
	Deterministic ChanceKind = iota
	// ExplicitChance games have chance nodes with listed outcomes.
	ExplicitChance
)

// InformationKind says what players can see.
type InformationKind int8

const (
	// PerfectInformation: every player sees the whole state.
	PerfectInformation InformationKind = iota
	// ImperfectInformation: some of the state is hidden from some players.
	ImperfectInformation
)

// UtilityKind says how the returns of a finished game relate to each other.
type UtilityKind int8

const (
	// ZeroSum: returns sum to zero.
	ZeroSum UtilityKind = iota
	// ConstantSum: returns sum to the same constant in every game.
	ConstantSum
	// GeneralSum: no constraint on the sum.
	GeneralSum
	// Identical: every player gets the same return (cooperative games).
	Identical
)

var (
	chanceNames  = []string{"deterministic", "explicit"}
	infoNames    = []string{"perfect", "imperfect"}
	utilityNames = []string{"zero-sum", "constant-sum", "general-sum", "identical"}
)

func kindName(names []string, i int8) string {
	if i >= 0 && int(i) < len(names) {
		return names[i]
	}
	return fmt.Sprintf("kind(%d)", i)
}

func (k ChanceKind) String() string      { return kindName(chanceNames, int8(k)) }
func (k InformationKind) String() string { return kindName(infoNames, int8(k)) }
func (k UtilityKind) String() string     { return kindName(utilityNames, int8(k)) }

// MarshalText writes the kind's name.
func (k ChanceKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// MarshalText writes the kind's name.
func (k InformationKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// MarshalText writes the kind's name.
func (k UtilityKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Package welcomemoon implements Welcome to the Moon, registered as
// "welcome-moon": a flip-and-write game for 1-6 players (solo against the
// ASTRA opponent) played on one of eight adventure sheets.
//
// Each turn three number/action combinations are flipped from the Starship
// deck (chance nodes whose outcomes are card ids); every player, in seat
// order and hidden from the others until the end of the turn, picks one,
// writes its number on the sheet and applies the action. The sheet of each
// adventure is data (data/adventure-N.json, derived from the rules folder)
// plus a small set of adventure-specific rules (rules_aN.go, the advRules
// interface). All eight adventures are implemented, each with its solo
// game against ASTRA; Adventure 8 shares every sheet between two
// neighbours (sheets.go).
//
// docs/rules/welcome-moon.md lists every rule with where it is implemented
// and tested, the interpretations, the observation layout and the action
// encoding.
package welcomemoon

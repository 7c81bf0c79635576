// Package walkingmoon implements Walking on the Moon, registered as
// "walking-moon": a race of 2-5 astronauts around the Moon (with 2 players
// each runs two astronauts). Each turn an astronaut programs up to 3 jumps
// with 4 of the 6 jump dice (blue straight, black climbing with a skull
// face, white descending), rolls each jump and picks one result and its
// path over designed lunar terrain; ending a jump off a circle is an
// accident. Advanced rules add robbery and sabotage, Earth Control,
// action cards played out of turn and special-box tokens. Parameters:
// players, rules (basic/advanced), edition (en/es), difficult (the Spanish
// limit of difficult lunar cards), data (a file replacing the designed
// terrain, dice, decks and supplies; format in lunar.txt).
//
// The rules run as a stack of small tasks (rules.go): every decision, chance
// node and card window is a task, so the state stays a flat value. Actions
// are documented in actions.go, the observation in observation.go and the
// JSON form in json.go; docs/rules/walking-moon.md lists every rule with
// where it is implemented and tested.
package walkingmoon

// Package planetcubes implements Planet Cubes, registered as "planet-cubes":
// the untitled cube game of the rules text 002 for 2 to 6 teams (players).
// Teams of 20 cubes move along orbits between planets, gain cubes (Planet
// Cube), lives (Planet Life-up) and weapons (Planet Weaponry), fight, and
// score on Half Moons (2 points) and Full Moons (4 points) at the end of
// each round; the first team to 64 points with a strict lead wins.
//
// The text has no picture of the board. The package ships its own planet
// graph ("Six sectors", board.json, embedded) that a user can replace with
// the "board" parameter; ParseBoard validates it.
//
// The only chance node draws the first player (unless the "first"
// parameter fixes it); everything is public. Each action of the rules is
// split into small decisions: select a cube, then move it along an orbit,
// activate its planet, or attack, then choose the target (actions.go).
// The observation is a flat vector relative to the observer
// (observation.go). A game ends when a team leads with the goal reached
// after a round, or is truncated at the round limit ("rounds"); the
// leaders then share the win. Returns: a sole winner +1, the others
// -1/(n-1); k tied leaders (n-k)/(k(n-1)) each (zero-sum).
//
// The rules, interpretations, board picture and encodings are documented
// in docs/rules/planet-cubes.md.
package planetcubes

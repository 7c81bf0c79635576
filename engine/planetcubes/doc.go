// Package planetcubes will implement Planet Cubes, registered as
// "planet-cubes" (issue 5). It is empty until then.
package planetcubes

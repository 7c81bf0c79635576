package enginetest

import (
	"regexp"
	"strconv"
)

var dataAction = regexp.MustCompile(`data-action="(\d+)"`)

// Clickable lists the actions a picture's elements play when clicked
// (data-action="N"), each once.
func Clickable(svg []byte) map[int]bool {
	set := map[int]bool{}
	for _, m := range dataAction.FindAllSubmatch(svg, -1) {
		if a, err := strconv.Atoi(string(m[1])); err == nil {
			set[a] = true
		}
	}
	return set
}

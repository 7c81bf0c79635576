package jumping

import (
	"regexp"
	"strings"
	"testing"

	"github.com/moongym/moongym/internal/draw"
)

// TestTurnDraws: the programme's dice and the dice to add sit in their
// slots, the clickable ones and the buttons carry their actions, the
// rolled dice their faces.
func TestTurnDraws(t *testing.T) {
	var prog [3][NumColours]int8
	prog[0][Black] = 2
	adds := []AddDie{{Colour: Blue, Action: 7, Label: "jump 2: add a blue die", Name: "j2-blue"}}
	turn := Turn{
		Title:   "Turn of p0",
		Slots:   ProgrammeSlots("jump", 3, prog, -1, adds, func(int) int { return 1 }),
		Prompt:  "p0 to decide",
		Buttons: []draw.Choice{{Action: 9, Label: "stop", Title: "stop (stop)"}},
	}
	turn.Roll(nil, 2, 1, func(int) int { return White }, func(int) int8 { return 5 }, map[int]int{})
	if got := len(turn.Slots[0].Dice); got != 2 || len(turn.Slots[1].Add) != 1 || len(turn.Slots[2].Add) != 0 {
		t.Fatalf("slots %+v", turn.Slots)
	}
	c := draw.New(800, turn.Height(800), "t", "#000000")
	turn.Draw(c, 0, 800)
	svg := string(c.Bytes())
	for _, want := range []string{`data-action="7"><title>jump 2: add a blue die (j2-blue)</title>`, `data-action="9"`,
		"<title>white 2 skull</title>", "<title>a white die</title>", ">jump 3<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the turn lacks %q", want)
		}
	}
	if n := len(regexp.MustCompile(`<title>a black die</title>`).FindAllString(svg, -1)); n != 2 {
		t.Errorf("%d black dice on the programme, want 2", n)
	}
}

package jumping

import "testing"

func TestWords(t *testing.T) {
	cases := []struct{ got, want string }{
		{DieWords(Blue, 2), "blue 3"},
		{DieWords(Black, 5), "black 2 skull"},
		{PathWords(Blue, 2, 0), ""},
		{PathWords(Black, 2, 0), "straight"},
		{PathWords(Black, 2, 5), "up at 1, 3"},
		{PathWords(White, 1, 2), "down at 2"},
		{MoveWords(Blue, 3, 0), "blue 4"},
		{MoveWords(White, 4, 1), "white 1 skull, down at 1"},
		{ProgramWords("jump", 1, Blue), "jump 2: add a blue die"},
		{ProgramWords("action", 0, White), "action 1: add a white die"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: %q, want %q", i, c.got, c.want)
		}
	}
}

package jumping

import "strconv"

// Words for people, shared by the games' action labels: a die, a path, a
// programme slot.

// DieWords names a die by colour and face: "blue 3", "black 2 skull".
func DieWords(col int, face int8) string {
	if col < 0 || col >= NumColours {
		return "?"
	}
	s := ColourNames[col] + " " + strconv.Itoa(FaceValue(face))
	if FaceSkull(face) {
		s += " skull"
	}
	return s
}

// PathWords says how a jump of die colour col and face moves along path
// mask: "" for blue (always straight), "straight" for a black die that
// does not climb, else the advances that climb or descend: "up at 1, 3",
// "down at 2".
func PathWords(col int, face int8, mask int) string {
	if col == Blue {
		return ""
	}
	if mask == 0 {
		return "straight"
	}
	s := "up at "
	if col == White {
		s = "down at "
	}
	sep := ""
	for k := 0; k < FaceValue(face); k++ {
		if mask>>k&1 == 1 {
			s += sep + strconv.Itoa(k+1)
			sep = ", "
		}
	}
	return s
}

// MoveWords is a die and its path: "blue 3", "black 2, up at 1".
func MoveWords(col int, face int8, mask int) string {
	if p := PathWords(col, face, mask); p != "" {
		return DieWords(col, face) + ", " + p
	}
	return DieWords(col, face)
}

// ProgramWords says what programming a die does: "jump 2: add a blue die"
// for slot "jump", programme place k (0-based) and colour col.
func ProgramWords(slot string, k, col int) string {
	if col < 0 || col >= NumColours {
		return "?"
	}
	return slot + " " + strconv.Itoa(k+1) + ": add a " + ColourNames[col] + " die"
}

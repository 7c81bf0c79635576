package welcomemoon

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
)

// obsDoc is the rules page whose observation sizes TestObservationSizesDocumented checks.
const obsDoc = "../../docs/rules/welcome-moon.md"

// obsLen is the observation length of adventure adv with n players.
func obsLen(t *testing.T, adv, n int) int {
	t.Helper()
	g := engine.MustLoad(Name, engine.Params{"adventure": strconv.Itoa(adv), "players": strconv.Itoa(n)})
	size := 1
	for _, d := range g.ObservationShape() {
		size *= d
	}
	return size
}

// atoi reads a number of the page, thousands separated by commas.
func atoi(t *testing.T, s string) int {
	t.Helper()
	v, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		t.Fatalf("%s: %q is not a number", obsDoc, s)
	}
	return v
}

// TestObservationSizesDocumented reads every observation size that
// docs/rules/welcome-moon.md quotes and compares it with the engine's
// observation shapes, so that the page cannot drift from the code: the
// "Sizes" paragraph of "Observation tensor" (per seat for every adventure,
// the global part, the lookahead, the solo and 4-player totals) and each
// adventure section's "Observation per seat/sheet: N (S spaces x 5 + 2 x M
// mark ids + 11)" (N the engine's, S and M the sheet's spaces and element
// ids) with the global part it quotes. On a mismatch the message gives the
// engine's figure to write.
func TestObservationSizesDocumented(t *testing.T) {
	raw, err := os.ReadFile(obsDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(raw)), " ") // one space for every run of white space

	// the engine's figures: per seat (one sheet) from 2 and 3 players; the
	// global part without the lookahead from Adventure 1, which has none
	perSeat := map[int]int{}
	look := map[int]int{}
	global := 0
	for adv := 1; adv <= implemented; adv++ {
		two, three := obsLen(t, adv, 2), obsLen(t, adv, 3)
		perSeat[adv] = three - two
		rest := two - 2*perSeat[adv]
		if adv == 1 {
			global = rest
		}
		look[adv] = rest - global
		if four := obsLen(t, adv, 4); four != rest+4*perSeat[adv] {
			t.Fatalf("A%d: 4 players observe %d values, not global + 4 seats (%d)", adv, four, rest+4*perSeat[adv])
		}
	}

	// the "Sizes" paragraph
	i := strings.Index(doc, "Sizes (")
	if i < 0 {
		t.Fatalf("%s: no \"Sizes (\" paragraph", obsDoc)
	}
	sizes := doc[i:]
	sizes = sizes[:strings.Index(sizes, "Another seat's")]
	seen := map[int]bool{}
	for _, m := range regexp.MustCompile(`(\d+) \(A(\d)\b`).FindAllStringSubmatch(sizes, -1) {
		adv := atoi(t, m[2])
		seen[adv] = true
		if got := atoi(t, m[1]); got != perSeat[adv] {
			t.Errorf("%s: per seat %d (A%d), the engine's is %d", obsDoc, got, adv, perSeat[adv])
		}
	}
	for adv := 1; adv <= implemented; adv++ {
		if !seen[adv] {
			t.Errorf("%s: the Sizes paragraph gives no per-seat size for A%d (%d)", obsDoc, adv, perSeat[adv])
		}
	}
	check := func(what, re string, want int) {
		t.Helper()
		m := regexp.MustCompile(re).FindStringSubmatch(sizes)
		if m == nil {
			t.Errorf("%s: the Sizes paragraph has no %s (%d)", obsDoc, what, want)
		} else if got := atoi(t, m[1]); got != want {
			t.Errorf("%s: %s %d, the engine's is %d", obsDoc, what, got, want)
		}
	}
	check("global part", `; global (\d+)`, global)
	for adv := 2; adv <= implemented; adv++ {
		check("lookahead of A"+strconv.Itoa(adv), `plus (\d+) for the lookahead of Adventures 2-8`, look[adv])
	}
	for adv := 1; adv <= implemented; adv++ {
		if (adv >= 2) != (look[adv] > 0) {
			t.Errorf("A%d: a lookahead of %d values; the page gives one to Adventures 2-8 only", adv, look[adv])
		}
	}
	for _, c := range []struct {
		label string
		n     int
	}{{"solo totals: ", 1}, {"with 4 players ", 4}} {
		j := strings.Index(sizes, c.label)
		if j < 0 {
			t.Errorf("%s: no %q in the Sizes paragraph", obsDoc, c.label)
			continue
		}
		part := sizes[j+len(c.label):]
		part = part[:strings.IndexAny(part, ";)")]
		found := 0
		for _, m := range regexp.MustCompile(`([\d,]+) A(\d)\b`).FindAllStringSubmatch(part, -1) {
			adv := atoi(t, m[2])
			found++
			if got, want := atoi(t, m[1]), obsLen(t, adv, c.n); got != want {
				t.Errorf("%s: %s%d for A%d, the engine's is %d", obsDoc, c.label, got, adv, want)
			}
		}
		if found == 0 {
			t.Errorf("%s: no figure after %q", obsDoc, c.label)
		}
	}

	// each adventure's "Actions and observation" section (Adventures 5-8)
	for adv := 5; adv <= implemented; adv++ {
		head := "### Actions and observation (Adventure " + strconv.Itoa(adv) + ")"
		j := strings.Index(doc, head)
		if j < 0 {
			t.Errorf("%s: no %q", obsDoc, head)
			continue
		}
		sec := doc[j+len(head):]
		sec = sec[:strings.Index(sec, "###")]
		m := regexp.MustCompile(`Observation (?:size )?per (?:seat|sheet): (\d+) \((\d+) spaces x (\d+) \+ 2 x (\d+) mark ids \+ (\d+)\)`).FindStringSubmatch(sec)
		if m == nil {
			t.Errorf("%s, A%d: no \"Observation per seat: %d (S spaces x 5 + 2 x M mark ids + 11)\"", obsDoc, adv, perSeat[adv])
			continue
		}
		g := engine.MustLoad(Name, engine.Params{"adventure": strconv.Itoa(adv), "players": "2"}).(*Game)
		n, spaces, marks := atoi(t, m[1]), atoi(t, m[2]), atoi(t, m[4])
		if n != perSeat[adv] || spaces != g.lay.nSpaces || marks != g.lay.nMarks() || spaces*atoi(t, m[3])+2*marks+atoi(t, m[5]) != n {
			t.Errorf("%s, A%d: observation per seat %d (%d spaces, %d mark ids), the engine's is %d (%d spaces x 5 + 2 x %d mark ids + 11)",
				obsDoc, adv, n, spaces, marks, perSeat[adv], g.lay.nSpaces, g.lay.nMarks())
		}
		if gm := regexp.MustCompile(`global part is (\d+)`).FindStringSubmatch(sec); gm != nil && atoi(t, gm[1]) != global {
			t.Errorf("%s, A%d: global part %s, the engine's is %d", obsDoc, adv, gm[1], global)
		}
		if am := regexp.MustCompile(`(\d+) in all`).FindStringSubmatch(sec); am != nil {
			if got, want := atoi(t, am[1]), obsLen(t, adv, 1); got != want {
				t.Errorf("%s, A%d: %d in all (solo), the engine's is %d", obsDoc, adv, got, want)
			}
		}
	}
}

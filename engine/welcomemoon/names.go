package welcomemoon

import (
	"strconv"
	"strings"
)

// Names for people of the boxes an ASTRA effect card crosses off (solo),
// so that its targets read "cross-S2-x9" rather than an element id.

// boxNamer is implemented by the adventures whose ASTRA boxes have names;
// an adventure without it names them "#id".
type boxNamer interface {
	// boxName names box id of the adventure's ASTRA list.
	boxName(id int16) string
	// boxKind says what the ASTRA card crosses off ("a Sabotage box").
	boxKind() string
}

// astraBoxName names the t-th box of the ASTRA list of l.
func astraBoxName(l *layout, t int) string {
	id := l.astraBoxes[t]
	if n, ok := l.r.(boxNamer); ok {
		if name := n.boxName(id); name != "" {
			return name
		}
	}
	return "#" + strconv.Itoa(int(id))
}

// astraBoxKind says what the ASTRA cards of l cross off.
func astraBoxKind(l *layout) string {
	if n, ok := l.r.(boxNamer); ok {
		return n.boxKind()
	}
	return "a box"
}

// boxName: A1 Sabotage boxes by their quarter, "sabotage-Q7-2" for the
// second of a quarter with two.
func (a *a1Layout) boxName(id int16) string {
	for _, q := range a.quarters {
		var sabs []int16
		for _, b := range q.bonuses {
			if b.kind == bonSab {
				sabs = append(sabs, b.box)
			}
		}
		for i, box := range sabs {
			if box != id {
				continue
			}
			if len(sabs) == 1 {
				return "sabotage-" + q.name
			}
			return "sabotage-" + q.name + "-" + strconv.Itoa(i+1)
		}
	}
	return ""
}

func (a *a1Layout) boxKind() string {
	return "a Sabotage box (it can no longer be triggered; a System Error is circled too)"
}

// boxName: A2 high multipliers by station, "S2-x9".
func (a *a2Layout) boxName(id int16) string {
	for _, st := range a.stations {
		if st.high == id {
			return st.name + "-x" + strconv.Itoa(st.highV)
		}
	}
	return ""
}

func (a *a2Layout) boxKind() string { return "a station's high multiplier" }

// boxName: A3 quarter high bonuses, "TL-15".
func (a *a3Layout) boxName(id int16) string {
	for _, q := range a.quarters {
		if q.high == id {
			return q.name + "-" + strconv.Itoa(q.highV)
		}
	}
	return ""
}

func (a *a3Layout) boxKind() string { return "a quarter's 15-point box" }

// boxName: A4 filling bonuses by factory, "water-fill".
func (a *a4Layout) boxName(id int16) string {
	for _, f := range a.factories {
		if f.fillBox == id && f.fillBox != 0 {
			return strings.ToLower(f.name) + "-fill"
		}
	}
	return ""
}

func (a *a4Layout) boxKind() string { return "a factory's filling bonus" }

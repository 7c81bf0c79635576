package welcomemoon

import "fmt"

// Wild actions earned on marker tracks (A6 astronaut and planning markers,
// A7 astronaut markers): crossing certain markers circles a Wild symbol
// (layout.wildIDs), crossed when the Wild is used (rules.go: useWild).

type rawWild struct {
	Marker int `json:"marker"`
	Wild   int `json:"wild"`
}

// wildMarks maps a marker to the Wild symbol its crossing circles.
type wildMarks struct {
	of [markBits]int16
}

func (w *wildMarks) compile(l *layout, raw []rawWild) error {
	for _, rw := range raw {
		m, err := l.reg(rw.Marker)
		if err != nil {
			return err
		}
		wild, err := l.reg(rw.Wild)
		if err != nil {
			return err
		}
		w.of[m] = wild
		l.wildIDs = append(l.wildIDs, wild)
	}
	return nil
}

// cross crosses the next marker of ids and circles the Wild it gives.
func (w *wildMarks) cross(sh *sheet, ids []int16) {
	if id := crossNext(sh, ids); id != 0 && w.of[id] != 0 {
		sh.circ.set(w.of[id])
	}
}

// check: a Wild is circled exactly when its marker is crossed.
func (w *wildMarks) check(sh *sheet) error {
	for m, wild := range w.of {
		if wild != 0 && sh.circ.has(wild) != sh.cross.has(int16(m)) {
			return fmt.Errorf("wild %d does not match its marker", wild)
		}
	}
	return nil
}

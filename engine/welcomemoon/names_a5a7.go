package welcomemoon

// ASTRA box names of Adventures 5 and 7 (names.go: boxNamer).

// boxName: A5 high skyscraper boxes by skyscraper and end, "K2-top".
func (a *a5Layout) boxName(id int16) string {
	for i, b := range a.bonuses {
		if b.high == id {
			return []string{"K1", "K2", "K3", "K4", "K5", "K6"}[min(i/2, 5)] + [2]string{"-bottom", "-top"}[i%2]
		}
	}
	return ""
}

func (a *a5Layout) boxKind() string { return "a skyscraper's high top/bottom bonus" }

// boxName: A7 x2 boxes by starship, "SS3-x2".
func (a *a7Layout) boxName(id int16) string {
	for _, ship := range a.ships {
		if ship.x2 == id {
			return ship.name + "-x2"
		}
	}
	return ""
}

func (a *a7Layout) boxKind() string { return "a greenhouse's x2 box" }

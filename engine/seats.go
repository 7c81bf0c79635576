package engine

// SeatSections is implemented by games whose observation is one section per
// seat, the observer's first and the others after it in turn order, then a
// section of the whole game whose size does not depend on the number of
// seats: a flat [N] tensor of ObservationSeats's sections followed by the
// global one. A network made for fewer seats can then read a game with more
// (models: the seat view), the observer's section and the next seats'.
type SeatSections interface {
	// ObservationSeats is the size of one seat's section and the number of
	// sections (one per seat; a solo game against an automated opponent may
	// give that opponent one too).
	ObservationSeats() (perSeat, sections int)
}

// ObservationSeats reads g's seat sections: ok is false unless g implements
// SeatSections with a flat observation whose sections fit in it.
func ObservationSeats(g Game) (perSeat, sections, global int, ok bool) {
	ss, is := g.(SeatSections)
	if !is || len(g.ObservationShape()) != 1 {
		return 0, 0, 0, false
	}
	perSeat, sections = ss.ObservationSeats()
	global = ObservationSize(g) - perSeat*sections
	if perSeat <= 0 || sections <= 0 || global < 0 {
		return 0, 0, 0, false
	}
	return perSeat, sections, global, true
}

// SeatSlots is implemented by games whose observation keeps a fixed number
// of seat slots whatever the number of seats: the observer's first, the
// others after it in turn order, the slots of absent seats zero. Two
// configurations with the same observation shape then differ only in how
// many slots are filled, and a network made for fewer seats reads the
// observation of more as it is (models: the seat view).
type SeatSlots interface {
	// ObservationSeatSlots is the number of seat slots (at least the
	// number of seats of any configuration).
	ObservationSeatSlots() int
}

// ObservationSlots reads g's seat slots: ok is false unless g implements
// SeatSlots with at least as many slots as it has seats.
func ObservationSlots(g Game) (slots int, ok bool) {
	ss, is := g.(SeatSlots)
	if !is {
		return 0, false
	}
	slots = ss.ObservationSeatSlots()
	return slots, slots >= g.NumPlayers()
}

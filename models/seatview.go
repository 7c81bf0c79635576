package models

import (
	"fmt"
	"slices"

	"github.com/moongym/moongym/engine"
)

// seatView lets a network made for fewer seats play a configuration of its
// game with more, in one of two ways:
//   - sections: the game's observation is one section per seat and a
//     global section (engine.SeatSections) of the same sizes as the
//     network's; the network reads the observer's section, the sections of
//     the seats after it in turn order up to its own count, and the global
//     section;
//   - slots: the game's observation has a fixed number of seat slots
//     (engine.SeatSlots) and the network's observation shape is the
//     game's; the network reads it as it is (perSeat and sections 0,
//     global the whole observation), the slots it never saw filled
//     included.
//
// Its values go to the seats in its view; each seat out of it gets the
// mean of its opponents' values. Actions must be the same.
//
// Whether such a network plays the configuration well is a matter of
// measurement: a model file lists the configurations it was measured on
// (Model.Covers); Model.Check accepts no other.
type seatView struct {
	perSeat, sections, global int // the game's
	netSeats                  int // sections the network reads
	players                   int // the game's seats
}

// seatViewOf is the seat view of game g for a network of shapes s, if
// there is one: both observations flat, the network with fewer seats (at
// least 2) than g and the same actions, and either g's observation of seat
// slots (engine.SeatSlots) in the network's shape, or both made of seat
// sections of one size and a global section of one size, the network's
// one per seat.
func seatViewOf(s Shapes, g engine.Game) (*seatView, bool) {
	np, gp := s.Players, g.NumPlayers()
	if len(s.Obs) != 1 || s.Actions != g.NumActions() || np < 2 || np >= gp {
		return nil, false
	}
	if _, ok := engine.ObservationSlots(g); ok && slices.Equal(s.Obs, g.ObservationShape()) {
		return &seatView{global: s.Obs[0], netSeats: np, players: gp}, true
	}
	per, sec, glob, ok := engine.ObservationSeats(g)
	if !ok || sec != gp {
		return nil, false
	}
	if s.Obs[0] != per*np+glob {
		return nil, false
	}
	return &seatView{perSeat: per, sections: sec, global: glob, netSeats: np, players: gp}, true
}

// Reads reports whether a network of shapes s plays game g: g's shapes are
// s, or g has more seats than s and the network reads it through a seat
// view (g's observation one section per seat, engine.SeatSections, the
// network's the same sections for fewer seats; or g's observation of
// fixed seat slots, engine.SeatSlots, in the network's shape). The error
// wraps ErrWrongGame and says what differs.
func (s Shapes) Reads(g engine.Game) error {
	gs := ShapesOf(g)
	if s.Equal(gs) {
		return nil
	}
	if _, ok := seatViewOf(s, g); ok {
		return nil
	}
	return fmt.Errorf("%w: the network has %s, the game has %s", ErrWrongGame, s, gs)
}

// Projection is how a network of shapes s reads an observation of game g
// (Reads): nil where g's observation is the input (g's shapes are s, or a
// seat view of slots), or the projection of a seat view of sections,
// writing the network's input dst from g's observation full (the
// observer's section, the next seats' up to the network's count, the
// global section), where g has more seats. A network that does not read g
// is an error wrapping ErrWrongGame. Training on positions of a g with
// more seats (an imitation over a mix of player counts) records them
// through it, with the values of the seats in the view (engine.Player p+k
// for k below s.Players).
func (s Shapes) Projection(g engine.Game) (func(full, dst []float32), error) {
	if err := s.Reads(g); err != nil {
		return nil, err
	}
	if v, ok := seatViewOf(s, g); ok && v.sections > 0 {
		return v.project, nil
	}
	return nil, nil
}

// project writes the network's input dst from the game's observation full
// (under a view of slots, all of it; the evaluator observes into dst
// there instead).
func (v *seatView) project(full, dst []float32) {
	n := copy(dst, full[:v.netSeats*v.perSeat])
	copy(dst[n:], full[v.sections*v.perSeat:])
}

// values writes the values of every seat (absolute order, scaled from
// [-1, 1] to [minU, maxU]) from the network's relative values val of the
// observer p: seat p+k gets val[k] for k within the view, the others the
// mean of val[1:].
func (v *seatView) values(dst []float32, p engine.Player, val []float32, minU, maxU float32) {
	var opp float32
	for _, x := range val[1:] {
		opp += x
	}
	opp /= float32(len(val) - 1)
	for k := range v.players {
		x := opp
		if k < len(val) {
			x = val[k]
		}
		dst[(int(p)+k)%v.players] = minU + (x+1)/2*(maxU-minU)
	}
}

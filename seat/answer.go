package seat

import "context"

// The transports answer a request with the whole view or a seat's view by
// what the request asks and what its token opens: the functions here
// choose, so that HTTP and stdio choose alike.

// wantsSeat tells whether a request on session id answers a seat's view:
// when it asks for one, or when its token is a seat's (a seat's token never
// gets the whole view).
func (sv *Service) wantsSeat(c Caller, id string, asked bool) bool {
	if asked {
		return true
	}
	_, ro, err := sv.open(c, id)
	return err == nil && !ro.creator
}

// startFor answers a start: StartSeat with seat_view, else Start.
func (sv *Service) startFor(ctx context.Context, c Caller, r StartRequest) (any, error) {
	if r.SeatView {
		return sv.StartSeat(ctx, c, r)
	}
	return sv.Start(ctx, c, r)
}

// getFor answers a get: seat's view when a seat is asked for or the token
// is a seat's, else the whole view.
func (sv *Service) getFor(c Caller, id string, seat *int) (any, error) {
	if seat != nil {
		return sv.GetSeat(c, id, *seat)
	}
	s, ro, err := sv.open(c, id)
	if err != nil {
		return nil, err
	}
	if !ro.creator {
		return s.seatView(sv.now(), ro.seat)
	}
	return sv.Get(c, id)
}

// moveFor answers a move: MoveSeat with seat_view or a seat's token, else Move.
func (sv *Service) moveFor(ctx context.Context, c Caller, id string, r MoveRequest) (any, error) {
	if sv.wantsSeat(c, id, r.SeatView) {
		return sv.MoveSeat(ctx, c, id, r)
	}
	return sv.Move(ctx, c, id, r)
}

// aiFor answers an ai request: AISeat with seat_view or a seat's token, else AI.
func (sv *Service) aiFor(ctx context.Context, c Caller, id string, r AIRequest) (any, error) {
	if sv.wantsSeat(c, id, r.SeatView) {
		return sv.AISeat(ctx, c, id, r)
	}
	return sv.AI(ctx, c, id, r)
}

package seat

import (
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
)

// Caller is who sends a request: the capability token it presents and the
// client it comes from.
type Caller struct {
	// Token is the token the request carries (HTTP: "Authorization: Bearer
	// TOKEN"; stdio: the line's "token"); empty for none.
	Token string
	// Client keys the per-client session quota (HTTP: the remote IP
	// address). Empty is the stdio engine's one client, which has no quota
	// of its own.
	Client string
}

// Tokens are a session's capabilities, given once, in the answer of the
// start that made it. The creator's token opens everything: the whole view
// (every hidden card, the seed), every seat's view and moves, ai, delete.
// A seat's token opens that seat only: its view, its moves, ai. AI seats
// have no token.
type Tokens struct {
	Creator string `json:"creator"`
	// Seats has one entry per seat: the human seat's token, "" for an AI seat.
	Seats []string `json:"seats"`
}

// tokenBytes is a token's size: 128 random bits, as hex.
const tokenBytes = 16

// newToken draws a token from r (crypto/rand in service).
func newToken(r io.Reader) (string, error) {
	var b [tokenBytes]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", fmt.Errorf("%w: drawing a token: %w", ErrInternal, err)
	}
	return hex.EncodeToString(b[:]), nil
}

// maxSeed bounds the seeds the service draws: 2^53, so that a seed read by
// JavaScript (a float64) is exact and can be sent back.
const maxSeed = 1 << 53

// newSeed draws a seed below maxSeed from r.
func newSeed(r io.Reader) (uint64, error) {
	var b [8]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return 0, fmt.Errorf("%w: drawing a seed: %w", ErrInternal, err)
	}
	return binary.LittleEndian.Uint64(b[:]) % maxSeed, nil
}

// role is what a caller may do with a session.
type role struct {
	// creator: everything.
	creator bool
	// seat is the seat whose token was presented (-1: none).
	seat int
}

// sameToken compares a presented token with a session's in constant time.
func sameToken(got, want string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// roleOf tells what a caller's token opens in s. In open mode every caller
// is the creator. A request without a token, or with one that is none of
// the session's, is ErrUnauthorized.
func (s *session) roleOf(open bool, c Caller) (role, error) {
	if open {
		return role{creator: true, seat: -1}, nil
	}
	if c.Token == "" {
		return role{}, fmt.Errorf("%w: session %q needs a token (the start's answer gave them: send \"Authorization: Bearer TOKEN\", or \"token\" on a stdio line)", ErrUnauthorized, s.id)
	}
	r := role{seat: -1}
	if sameToken(c.Token, s.tokens.Creator) {
		r.creator = true
	}
	for i, t := range s.tokens.Seats {
		if sameToken(c.Token, t) {
			r.seat = i
		}
	}
	if !r.creator && r.seat < 0 {
		return role{}, fmt.Errorf("%w: the token is not one of session %q's", ErrUnauthorized, s.id)
	}
	return r, nil
}

// needCreator fails unless the role is the creator's.
func (r role) needCreator(what string) error {
	if r.creator {
		return nil
	}
	return fmt.Errorf("%w: %s needs the creator's token; this is seat %d's, which opens only that seat's view and moves", ErrForbidden, what, r.seat)
}

// needSeat fails unless the role may act as seat (the creator may act as any).
func (r role) needSeat(seat int, what string) error {
	if r.creator || r.seat == seat {
		return nil
	}
	return fmt.Errorf("%w: %s of seat %d needs that seat's token (or the creator's); this is seat %d's", ErrForbidden, what, seat, r.seat)
}

// viewSeat is the seat whose view a role gets when it asks for none: the
// token's seat (-1 for the creator: the whole view).
func (r role) viewSeat(asked *int) (int, error) {
	if asked != nil {
		if err := r.needSeat(*asked, "the view"); err != nil {
			return 0, err
		}
		return *asked, nil
	}
	if r.creator {
		return -1, nil
	}
	return r.seat, nil
}

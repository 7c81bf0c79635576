package imitation

import (
	"math/rand/v2"

	"github.com/moongym/moongym/internal/seeds"
)

// Constants of the seed derivation (see Seeds). They are part of the
// results: changing one changes every imitation.
const (
	// keepSalt ("keep"), followSalt ("follow") and teacherSalt ("teach")
	// set the keep stream, the follow draw and the teacher's seeds apart
	// from the others.
	keepSalt    = 0x6b656570
	followSalt  = 0x666f6c6c6f77
	teacherSalt = 0x7465616368
)

// HeldOutBase is the game number of an imitation's first held-out game
// (ImitateConfig.HoldOut): far from any imitation's own games, so the two
// never share a seed. Held-out game i is game HeldOutBase+i, played as
// every game is.
const HeldOutBase = 1 << 40

// Seeds derive every random draw of game number Game of an imitation
// seeded Seed, so that a game is the same whatever order the games are
// played, rebuilt or resumed in, and on however many goroutines:
//
//	draws                   generator or seed                 drawn by
//	chance and epsilon      PCG(Seed, Game)                   Play: one Float64 per chance node (the
//	                                                          outcome); at each decision one Float64
//	                                                          against epsilon, then, below it, one IntN
//	                                                          (the random move)
//	kept positions          PCG(Seed^"keep", Game)            Play and Walk: one Float64 per decision,
//	                                                          in order, against the share kept; none
//	                                                          when the share is 0 or 1 (all kept)
//	followed game           PCG(Seed^"follow", Game)          Follows: one Float64 per game against
//	                                                          the followed network's share
//	imitated agent, seat p  Seed ^ (Game*Golden + p + 1)      Seat
//	sampled agent, seat p   ^Seat(p)                          Asker (Sampled's second agent)
//	teacher search, seat p  Seat(p) ^ "teach"                 Teacher
//
// A decision is a state whose player to act has more than one legal move;
// forced moves are played without a draw.
type Seeds struct {
	Seed uint64
	Game int
}

// play is the generator of the game's chance outcomes and epsilon moves.
func (s Seeds) play() *rand.Rand { return rand.New(rand.NewPCG(s.Seed, uint64(s.Game))) }

// Seat is the seed of the imitated player's agent of seat p.
func (s Seeds) Seat(p int) uint64 { return s.Seed ^ (uint64(s.Game)*seeds.Golden + uint64(p) + 1) }

// Asker is the seed of seat p's second agent of the imitated player, the
// one Sampled asks again.
func (s Seeds) Asker(p int) uint64 { return ^s.Seat(p) }

// Teacher is the seed of the teacher's search of seat p.
func (s Seeds) Teacher(p int) uint64 { return s.Seat(p) ^ teacherSalt }

// Follows says whether the game is one of the share of games a followed
// network plays (Share): its own draw below share.
func (s Seeds) Follows(share float64) bool {
	return rand.New(rand.NewPCG(s.Seed^followSalt, uint64(s.Game))).Float64() < share
}

// keeper is the game's keep stream for a share of the positions kept;
// its zero value keeps every position.
type keeper struct {
	r     *rand.Rand
	share float64
}

// keeper is the keep stream of the game (see Seeds): Play and Walk each
// draw it, one next per decision in order, and nothing else does.
func (s Seeds) keeper(share float64) keeper {
	if share > 0 && share < 1 {
		return keeper{rand.New(rand.NewPCG(s.Seed^keepSalt, uint64(s.Game))), share}
	}
	return keeper{}
}

// next draws whether the next decision's position is kept.
func (k keeper) next() bool { return k.r == nil || k.r.Float64() < k.share }

package main

import (
	"errors"
	"fmt"
	"sync"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
	"github.com/moongym/moongym/internal/seeds"
)

// batch is a vector environment: n slots of one configuration stepped
// together with Gymnasium's next-step autoreset (as env.Vec): the step that
// ends an episode gives its final observation; the next step of that slot
// ignores its action and starts a new episode (zero rewards, flags false).
// A step in the same-step mode (batchOut.final) starts the new episode in
// the step that ends one instead, giving the final observation apart
// (Stable-Baselines3's convention, Gymnasium's AutoresetMode.SAME_STEP).
// Episode seeds derive from the reset seed, the slot's index and the
// episode number, so results do not depend on scheduling or on the mode.
type batch struct {
	mu      sync.Mutex
	slots   []*slot
	seed    uint64
	episode []uint64
	ended   []bool
	// forfeited[i]: slot i's episode ended on an illegal action (the
	// forfeit mode of stepAll), its state left as it was.
	forfeited []bool
	// known[i]: slot i's legal actions are those its last write found
	// (the mask it wrote), kept in legal[i*words:(i+1)*words] as a bit set,
	// so that the next step checks actions against them instead of listing
	// them again.
	known []bool
	legal []uint64
	words int
	reset bool
	// failed: a step failed after some environments stepped (an
	// opponent's error): steps refuse until the next reset.
	failed  bool
	obsSize int
	actions int
	rewards int
	// cost is the measured work of a slot, for parallel.
	cost costEstimate
	// jobs are parallel's split steps, reused.
	jobs [2]job
}

func newBatch(n int, cfg slotConfig) (*batch, error) {
	if n <= 0 || n > 1<<20 {
		return nil, fmt.Errorf("%w: %d environments (want 1..%d)", errBadArgument, n, 1<<20)
	}
	b := &batch{slots: make([]*slot, n), episode: make([]uint64, n), ended: make([]bool, n), forfeited: make([]bool, n), known: make([]bool, n)}
	for i := range b.slots {
		s, err := newSlot(cfg)
		if err != nil {
			return nil, err
		}
		b.slots[i] = s
	}
	g := b.slots[0].game
	b.obsSize = engine.ObservationSize(g)
	b.actions = g.NumActions()
	b.rewards = b.slots[0].numRewards()
	b.words = (b.actions + 63) / 64
	b.legal = make([]uint64, n*b.words)
	for i := range b.jobs {
		b.jobs[i].done = make(chan struct{}, 1)
	}
	return b, nil
}

// batchOut are the caller's arrays a reset or step writes: obs n×obsSize,
// mask n×actions, rewards n×rewards, player n (the seat to act, or
// engine.Terminal), terminated and truncated n; illegal n, for a step in
// the forfeit mode only (nil otherwise); final n×obsSize, for a step in the
// same-step mode only (nil otherwise): the final observations of the
// episodes the step ended (rows of the other slots are left as they were).
type batchOut struct {
	obs        []float32
	mask       []int8
	rewards    []float64
	player     []int32
	terminated []uint8
	truncated  []uint8
	illegal    []uint8
	final      []float32
}

func (b *batch) checkOut(o batchOut) error {
	n := len(b.slots)
	if len(o.obs) != n*b.obsSize || len(o.mask) != n*b.actions || len(o.player) != n {
		return fmt.Errorf("%w: output arrays of the wrong size", errBadArgument)
	}
	if o.rewards != nil && (len(o.rewards) != n*b.rewards || len(o.terminated) != n || len(o.truncated) != n) {
		return fmt.Errorf("%w: output arrays of the wrong size", errBadArgument)
	}
	if o.illegal != nil && len(o.illegal) != n || o.final != nil && len(o.final) != n*b.obsSize {
		return fmt.Errorf("%w: output arrays of the wrong size", errBadArgument)
	}
	return nil
}

// write writes slot i's observation, mask and seat to act into o, in one
// pass over the slot's state: the mask from the legal list it keeps for the
// next step's check.
func (b *batch) write(i int, o batchOut) error {
	s := b.slots[i]
	st := s.state()
	if st == nil {
		return errNotStarted
	}
	p := engine.Terminal
	if !s.done() && !b.forfeited[i] {
		p = st.CurrentPlayer()
	}
	v := s.viewer()
	o.player[i] = int32(p)
	st.Observe(v, o.obs[i*b.obsSize:(i+1)*b.obsSize])
	mask := o.mask[i*b.actions : (i+1)*b.actions]
	bits := b.legal[i*b.words : (i+1)*b.words]
	clear(mask)
	clear(bits)
	if p < 0 || p != v {
		b.known[i] = false
		return nil
	}
	s.legal = st.LegalActions(s.legal)
	// The bits of a word gather in w (the list is sorted: one store a word).
	var w uint64
	k := 0
	for _, a := range s.legal {
		mask[a] = 1
		if j := int(uint(a) / 64); j != k {
			bits[k] |= w
			k, w = j, 0
		}
		w |= 1 << (uint(a) % 64)
	}
	bits[k] |= w
	b.known[i] = true
	return nil
}

// resetAll starts every slot's first episode from seed; opponents are made
// afresh from seed too.
func (b *batch) resetAll(seed uint64, o batchOut) error {
	if err := b.checkOut(o); err != nil {
		return err
	}
	b.seed = seed
	b.reset = true
	err := b.parallel(func(i int) error {
		b.episode[i], b.ended[i], b.forfeited[i] = 0, false, false
		if err := b.begin(i, true); err != nil {
			return err
		}
		return b.write(i, o)
	})
	// After an error some slots were not reset: steps refuse until the
	// next reset.
	b.failed = err != nil
	return err
}

// maxSkipped bounds the episodes in a row that begin skips.
const maxSkipped = 100

// begin starts slot i's episode b.episode[i] (the first with reseed: the
// opponents made afresh) and, while that episode is over before the
// learner's first decision, the episodes after it: in a single-agent
// environment whose opponents reach max_steps before the learner is to act
// (a seat that comes late, with a small max_steps), the learner has
// nothing to learn from such an episode, and a step could not follow it.
// maxSkipped of them in a row is an error: the configuration ends
// (nearly) every episode that way.
func (b *batch) begin(i int, reseed bool) error {
	s := b.slots[i]
	for k := 0; ; k++ {
		var err error
		if k == 0 && reseed {
			err = s.reset(seeds.Pair(b.seed, uint64(i), 0), seeds.Pair(b.seed, uint64(i), 1<<32), true)
		} else {
			err = s.reset(seeds.Pair(b.seed, uint64(i), b.episode[i]), 0, false)
		}
		if err != nil || s.single == nil || !s.done() {
			return err
		}
		if k == maxSkipped {
			return fmt.Errorf("%w: %d episodes in a row ended before the learner's first decision (seat %d, max_steps=%d: "+
				"the opponents' moves before it reach max_steps): use a larger max_steps", errBadArgument, k+1, s.cfg.seat, s.cfg.maxSteps)
		}
		b.episode[i]++
	}
}

// stepAll plays actions[i] in slot i (ignored for a slot being reset). A
// batch with an illegal action or a bad value is refused whole: no slot
// steps, and the error names the first bad slot. In the forfeit mode
// (o.illegal not nil) an illegal action (one not legal or out of range)
// ends its slot's episode instead, the mover forfeiting: nothing is
// played, the mover's reward is the game's minimum utility (the others'
// zero), terminated is set and illegal[i] is 1; the next step resets that
// slot, as after any end. PettingZoo's classic games do the same
// (TerminateIllegalWrapper). In the same-step mode (o.final not nil) a
// slot whose episode ends, by its action or a forfeit, writes its final
// observation into final and starts its next episode at once: obs, mask
// and player are the new episode's first, rewards and flags the ended
// one's last.
func (b *batch) stepAll(actions []int64, o batchOut) error {
	if err := b.checkOut(o); err != nil {
		return err
	}
	if o.rewards == nil || len(actions) != len(b.slots) {
		return fmt.Errorf("%w: %d actions for %d environments", errBadArgument, len(actions), len(b.slots))
	}
	if b.failed {
		return errBatchFailed
	}
	if !b.reset {
		return fmt.Errorf("env 0: %w", b.slots[0].check(0))
	}
	forfeit := o.illegal != nil
	if forfeit {
		clear(o.illegal)
	}
	for i, a := range actions {
		// The common case inlined (one bit test; a step of a small game
		// is a tenth of a microsecond a slot, and this loop runs on one
		// thread before the slots are shared out).
		if b.ended[i] || b.known[i] && uint64(a) < uint64(b.actions) && b.legal[i*b.words+int(a>>6)]&(1<<(uint64(a)&63)) != 0 {
			continue
		}
		if err := b.check(i, a); err != nil {
			if forfeit && errors.Is(err, engine.ErrIllegalAction) {
				o.illegal[i] = 1
				continue
			}
			return fmt.Errorf("env %d: %w", i, err)
		}
	}
	err := b.parallel(func(i int) error {
		s := b.slots[i]
		rew := o.rewards[i*b.rewards : (i+1)*b.rewards]
		if forfeit && o.illegal[i] == 1 {
			clear(rew)
			mover := 0
			if s.multi != nil {
				mover = int(s.current())
				s.last = s.current()
			}
			rew[mover] = s.game.MinUtility()
			o.terminated[i], o.truncated[i] = 1, 0
			b.ended[i], b.forfeited[i] = true, true
			return b.end(i, o)
		}
		if b.ended[i] {
			clear(rew)
			o.terminated[i], o.truncated[i] = 0, 0
			return b.next(i, o)
		}
		var term, trunc bool
		if s.multi != nil && b.known[i] {
			s.last = s.multi.State().CurrentPlayer()
			term, trunc = s.multi.ApplyLegal(engine.Action(actions[i]), rew)
		} else {
			var err error
			if term, trunc, err = s.step(actions[i], rew); err != nil {
				return err
			}
		}
		o.terminated[i], o.truncated[i] = boolByte(term), boolByte(trunc)
		if b.ended[i] = term || trunc; b.ended[i] {
			return b.end(i, o)
		}
		return b.write(i, o)
	})
	if err != nil {
		// Other environments may have stepped: their outputs are not all
		// written, and the failed one stands at an opponent's turn.
		b.failed = true
	}
	return err
}

// end writes slot i's output after its episode ended: in the next-step
// mode its final observation, in the same-step mode its final observation
// into o.final and the first of its next episode.
func (b *batch) end(i int, o batchOut) error {
	if o.final == nil {
		return b.write(i, o)
	}
	s := b.slots[i]
	s.state().Observe(s.viewer(), o.final[i*b.obsSize:(i+1)*b.obsSize])
	return b.next(i, o)
}

// next starts slot i's next episode and writes its first observation.
func (b *batch) next(i int, o batchOut) error {
	b.ended[i], b.forfeited[i] = false, false
	b.episode[i]++
	if err := b.begin(i, false); err != nil {
		return err
	}
	return b.write(i, o)
}

// errBatchFailed: a step of a vector environment whose last step (or
// reset) failed.
var errBatchFailed = fmt.Errorf("%w: the last step failed (or the last reset: the error was raised then) after some environments had stepped: call reset() to start new episodes", env.ErrNotReset)

// check is slot i's check of a, against the legal list its last write
// kept when there is one.
func (b *batch) check(i int, a int64) error {
	s := b.slots[i]
	if !b.known[i] {
		return s.check(a)
	}
	act, err := toAction(a)
	if err != nil {
		return err
	}
	if int(act) >= b.actions || b.legal[i*b.words+int(act)/64]&(1<<(act%64)) == 0 {
		return fmt.Errorf("%w: %d is not legal for %s", engine.ErrIllegalAction, a, s.state().CurrentPlayer())
	}
	return nil
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

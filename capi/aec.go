package main

import (
	"fmt"
	"unsafe"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/env"
)

// aec is a multi-agent environment's episode, env.Stepper (which env.Env
// steps through too, so that both play the same episode for a seed: the
// rewards, truncation and refusals of env.Env, into the caller's buffers,
// with no allocation of its own), and its step record's layout.
type aec struct {
	*env.Stepper
	layout recordLayout // see layoutOf
}

func newAEC(g engine.Game, maxSteps int) *aec {
	return &aec{Stepper: env.NewStepper(g, maxSteps)}
}

// clone is an independent copy (env.Stepper.Clone) with the same layout.
func (a *aec) clone() *aec { return &aec{Stepper: a.Stepper.Clone(), layout: a.layout} }

// A step record is the one C buffer that mg_env_step_record and
// mg_env_reset_record fill, so that a step from Python is one call with
// the handle, the action and the record: the flags (four int32s:
// terminated, truncated, the seat to act or -2, and the viewer whose
// observation follows), the rewards (float64, as mg_env_step), the viewer's
// observation (float32) and its legal-action mask (int8), padded to a
// multiple of 8 bytes so that records can lie end to end in one array.
// recordLayout has the byte offsets; Python reads them from
// mg_env_record_layout instead of repeating this arithmetic.
type recordLayout struct {
	flags, rewards, obs, mask, size int
	numRewards, obsSize, numActions int
}

// recordFlags is the number of int32 flags at the start of a record.
const recordFlags = 4

// layoutOf is s's record layout, kept by a multi-agent slot's stepper
// (engine.ObservationSize allocates the game's shape).
func layoutOf(s *slot) recordLayout {
	if s.multi == nil {
		return newLayout(s)
	}
	if s.multi.layout.size == 0 {
		s.multi.layout = newLayout(s)
	}
	return s.multi.layout
}

func newLayout(s *slot) recordLayout {
	l := recordLayout{numRewards: s.numRewards(), obsSize: engine.ObservationSize(s.game), numActions: s.game.NumActions()}
	l.rewards = 4 * recordFlags
	l.obs = l.rewards + 8*l.numRewards
	l.mask = l.obs + 4*l.obsSize
	l.size = (l.mask + l.numActions + 7) &^ 7
	return l
}

// views cuts rec, which must be l.size bytes at an 8-byte aligned address,
// into the record's fields.
func (l recordLayout) views(rec []byte) (flags []int32, rewards []float64, obs []float32, mask []int8, err error) {
	if len(rec) != l.size {
		return nil, nil, nil, nil, fmt.Errorf("%w: step record of %d bytes, want %d", errBadArgument, len(rec), l.size)
	}
	p := unsafe.Pointer(unsafe.SliceData(rec))
	if uintptr(p)%8 != 0 {
		return nil, nil, nil, nil, fmt.Errorf("%w: step record at %#x is not 8-byte aligned", errBadArgument, uintptr(p))
	}
	flags = unsafe.Slice((*int32)(p), recordFlags)
	rewards = unsafe.Slice((*float64)(unsafe.Add(p, l.rewards)), l.numRewards)
	obs = unsafe.Slice((*float32)(unsafe.Add(p, l.obs)), l.obsSize)
	mask = unsafe.Slice((*int8)(unsafe.Add(p, l.mask)), l.numActions)
	return flags, rewards, obs, mask, nil
}

// stepRecord is mg_env_step with everything written into one record:
// s.step(action), then the flags and the viewer's observation and mask.
// An error (an illegal action, a step after the end, a bad record)
// changes nothing, the record included.
func (s *slot) stepRecord(action int64, rec []byte) error {
	flags, rewards, obs, mask, err := layoutOf(s).views(rec)
	if err != nil {
		return err
	}
	term, trunc, err := s.step(action, rewards)
	if err != nil {
		return err
	}
	return s.finishRecord(flags, obs, mask, term, trunc)
}

// resetRecord is s.reset followed by the record of the first observation:
// zero rewards, flags as after a step.
func (s *slot) resetRecord(seed, agentSeed uint64, reseed bool, rec []byte) error {
	flags, rewards, obs, mask, err := layoutOf(s).views(rec)
	if err != nil {
		return err
	}
	if err := s.reset(seed, agentSeed, reseed); err != nil {
		return err
	}
	clear(rewards)
	return s.finishRecord(flags, obs, mask, false, false)
}

func (s *slot) finishRecord(flags []int32, obs []float32, mask []int8, term, trunc bool) error {
	v := s.viewer()
	flags[0], flags[1], flags[2], flags[3] = flag32(term), flag32(trunc), int32(s.current()), int32(v)
	return s.observe(v, obs, mask)
}

func flag32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

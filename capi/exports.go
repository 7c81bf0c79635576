package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"fmt"
	"unsafe"

	_ "github.com/moongym/moongym/agents/all"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// The exports: thin conversions between C and the Go functions of this
// package, each run through guard. Sizes come with every buffer and are
// checked against the object's; a NULL buffer with a zero size is an
// empty slice.

// cSlice is the n values of type T at p, C memory the caller owns.
func cSlice[T any](p unsafe.Pointer, n C.int64_t, what string) ([]T, error) {
	if n < 0 || (p == nil && n != 0) {
		return nil, fmt.Errorf("%w: %s buffer of %d values", errBadArgument, what, n)
	}
	if n == 0 {
		return []T{}, nil
	}
	return unsafe.Slice((*T)(p), int(n)), nil
}

func floats(p *C.float, n C.int64_t) ([]float32, error) {
	return cSlice[float32](unsafe.Pointer(p), n, "float32")
}

func doubles(p *C.double, n C.int64_t) ([]float64, error) {
	return cSlice[float64](unsafe.Pointer(p), n, "float64")
}

func int8s(p *C.int8_t, n C.int64_t) ([]int8, error) {
	return cSlice[int8](unsafe.Pointer(p), n, "int8")
}

func wantLen(what string, got, want int) error {
	if got != want {
		return fmt.Errorf("%w: %s buffer has %d entries, want %d", errBadArgument, what, got, want)
	}
	return nil
}

// notNil refuses a NULL pointer where Go writes a result (Go would fault).
func notNil(p unsafe.Pointer, what string) error {
	if p == nil {
		return fmt.Errorf("%w: NULL %s pointer", errBadArgument, what)
	}
	return nil
}

func setString(out **C.char, s string) error {
	if out == nil {
		return fmt.Errorf("%w: NULL string pointer", errBadArgument)
	}
	*out = C.CString(s)
	return nil
}

//export mg_free_string
func mg_free_string(s *C.char) {
	C.free(unsafe.Pointer(s))
}

// mg_take_error gives error id's kind and message (to free with
// mg_free_string) and forgets it. It returns 0, or 1 for an unknown id.
//
//export mg_take_error
func mg_take_error(id C.int64_t, kind *C.int32_t, msg **C.char) C.int64_t {
	err, ok := pending.take(int64(id))
	if !ok || kind == nil || msg == nil {
		return 1
	}
	*kind = C.int32_t(kindOf(err))
	*msg = C.CString(err.Error())
	return 0
}

// mg_free releases an object.
//
//export mg_free
func mg_free(h C.uint64_t) C.int64_t {
	return C.int64_t(guard(func() error { return handles.remove(uint64(h)) }))
}

// mg_catalog writes the JSON list of games (spec and test configurations)
// and agents.
//
//export mg_catalog
func mg_catalog(out **C.char) C.int64_t {
	return C.int64_t(guard(func() error {
		s, err := catalog()
		if err != nil {
			return err
		}
		return setString(out, s)
	}))
}

// mg_env_new makes an environment: params "k=v,k=v"; seat -1 for a
// multi-agent environment, else the learner's seat with opponents one agent
// spec per line.
//
//export mg_env_new
func mg_env_new(game, params *C.char, maxSteps C.int64_t, seat C.int64_t, opponents *C.char, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) {
		cfg, err := cConfig(game, params, maxSteps, seat, opponents)
		if err != nil {
			return nil, err
		}
		return newSlot(cfg)
	})
}

// newObject runs newFn and stores its object under a new handle in out.
func newObject(out *C.uint64_t, newFn func() (any, error)) C.int64_t {
	return C.int64_t(guard(func() error {
		if err := notNil(unsafe.Pointer(out), "handle"); err != nil {
			return err
		}
		obj, err := newFn()
		if err != nil {
			return err
		}
		*out = C.uint64_t(handles.add(obj))
		return nil
	}))
}

// cConfig reads an environment's configuration from C arguments.
func cConfig(game, params *C.char, maxSteps, seat C.int64_t, opponents *C.char) (slotConfig, error) {
	return parseConfig(C.GoString(game), C.GoString(params), int64(maxSteps), int64(seat), C.GoString(opponents))
}

// withSlot runs f on environment h under its lock.
func withSlot(h C.uint64_t, f func(s *slot) error) C.int64_t {
	return C.int64_t(guard(func() error {
		s, err := lookup[*slot](uint64(h))
		if err != nil {
			return err
		}
		if err := s.lock(); err != nil {
			return err
		}
		defer s.mu.Unlock()
		return f(s)
	}))
}

// mg_env_info writes the environment's description as JSON.
//
//export mg_env_info
func mg_env_info(h C.uint64_t, out **C.char) C.int64_t {
	return withSlot(h, func(s *slot) error {
		js, err := s.info()
		if err != nil {
			return err
		}
		return setString(out, js)
	})
}

// mg_env_reset starts an episode from seed; with reseed, a single-agent
// environment's opponents are made afresh from agentSeed. It writes the seat
// to act (or -2 when over) into player.
//
//export mg_env_reset
func mg_env_reset(h C.uint64_t, seed, agentSeed C.uint64_t, reseed C.int32_t, player *C.int32_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		if err := notNil(unsafe.Pointer(player), "player"); err != nil {
			return err
		}
		if err := s.reset(uint64(seed), uint64(agentSeed), reseed != 0); err != nil {
			return err
		}
		*player = C.int32_t(s.current())
		return nil
	})
}

// mg_env_step plays action and writes the rewards (one per seat, or the
// learner's) and flags: terminated, truncated, the seat to act next (-2 when
// over) and the seat whose observation and mask it wrote into obs and mask
// (the environment's default viewer, as mg_env_observe with -1; obs and
// mask may be NULL with sizes 0 to skip it). An error changes nothing.
//
//export mg_env_step
func mg_env_step(h C.uint64_t, action C.int64_t, rewards *C.double, nRewards C.int64_t, flags *C.int32_t, obs *C.float, nObs C.int64_t, mask *C.int8_t, nMask C.int64_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		rew, err := doubles(rewards, nRewards)
		if err != nil {
			return err
		}
		if err := wantLen("rewards", len(rew), s.numRewards()); err != nil {
			return err
		}
		if err := notNil(unsafe.Pointer(flags), "flags"); err != nil {
			return err
		}
		o, m, err := obsBuffers(s, obs, nObs, mask, nMask, true)
		if err != nil {
			return err
		}
		term, trunc, err := s.step(int64(action), rew)
		if err != nil {
			return err
		}
		fl := unsafe.Slice((*int32)(unsafe.Pointer(flags)), 4)
		fl[0], fl[1], fl[2], fl[3] = int32(boolByte(term)), int32(boolByte(trunc)), int32(s.current()), int32(s.viewer())
		if o == nil {
			return nil
		}
		return s.observe(s.viewer(), o, m)
	})
}

// mg_env_record_layout writes the layout of the environment's step record
// into out (n = 5 int64s): the byte offsets of the flags, the rewards, the
// observation and the mask, and the record's size.
//
//export mg_env_record_layout
func mg_env_record_layout(h C.uint64_t, out *C.int64_t, n C.int64_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		dst, err := cSlice[int64](unsafe.Pointer(out), n, "int64")
		if err != nil {
			return err
		}
		if err := wantLen("layout", len(dst), 5); err != nil {
			return err
		}
		l := layoutOf(s)
		copy(dst, []int64{int64(l.flags), int64(l.rewards), int64(l.obs), int64(l.mask), int64(l.size)})
		return nil
	})
}

// mg_env_step_record is mg_env_step writing everything into one step
// record of n bytes at rec (8-byte aligned; see mg_env_record_layout):
// flags, rewards, and the viewer's observation and mask. An error changes
// nothing.
//
//export mg_env_step_record
func mg_env_step_record(h C.uint64_t, action C.int64_t, rec unsafe.Pointer, n C.int64_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		b, err := cSlice[byte](rec, n, "record")
		if err != nil {
			return err
		}
		return s.stepRecord(int64(action), b)
	})
}

// mg_env_reset_record is mg_env_reset writing the first step record
// (zero rewards, the seat to act, the viewer's observation and mask) into
// the n bytes at rec instead of the seat to act alone.
//
//export mg_env_reset_record
func mg_env_reset_record(h C.uint64_t, seed, agentSeed C.uint64_t, reseed C.int32_t, rec unsafe.Pointer, n C.int64_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		b, err := cSlice[byte](rec, n, "record")
		if err != nil {
			return err
		}
		return s.resetRecord(uint64(seed), uint64(agentSeed), reseed != 0, b)
	})
}

// obsBuffers checks an observation and a mask buffer against the slot's
// sizes; with optional, both NULL gives nil slices.
func obsBuffers(s *slot, obs *C.float, nObs C.int64_t, mask *C.int8_t, nMask C.int64_t, optional bool) ([]float32, []int8, error) {
	if optional && obs == nil && mask == nil && nObs == 0 && nMask == 0 {
		return nil, nil, nil
	}
	o, err := floats(obs, nObs)
	if err != nil {
		return nil, nil, err
	}
	m, err := int8s(mask, nMask)
	if err != nil {
		return nil, nil, err
	}
	if err := wantLen("observation", len(o), engine.ObservationSize(s.game)); err != nil {
		return nil, nil, err
	}
	if err := wantLen("mask", len(m), s.game.NumActions()); err != nil {
		return nil, nil, err
	}
	return o, m, nil
}

// mg_env_observe writes seat player's observation and action mask (-1: the
// environment's default viewer).
//
//export mg_env_observe
func mg_env_observe(h C.uint64_t, player C.int32_t, obs *C.float, nObs C.int64_t, mask *C.int8_t, nMask C.int64_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		o, m, err := obsBuffers(s, obs, nObs, mask, nMask, false)
		if err != nil {
			return err
		}
		p := engine.Player(player)
		if player == -1 {
			p = s.viewer()
		}
		return s.observe(p, o, m)
	})
}

// mg_env_scores writes the game's points of every seat.
//
//export mg_env_scores
func mg_env_scores(h C.uint64_t, scores *C.double, n C.int64_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		d, err := doubles(scores, n)
		if err != nil {
			return err
		}
		if err := wantLen("scores", len(d), s.game.NumPlayers()); err != nil {
			return err
		}
		return s.scores(d)
	})
}

// mg_env_render draws the state: everything (player -1) or as a seat sees it.
//
//export mg_env_render
func mg_env_render(h C.uint64_t, player C.int32_t, out **C.char) C.int64_t {
	return withSlot(h, func(s *slot) error {
		st, err := s.started()
		if err != nil {
			return err
		}
		if player < 0 {
			return setString(out, st.String())
		}
		if int(player) >= s.game.NumPlayers() {
			return fmt.Errorf("%w: seat %d of %d", errBadArgument, player, s.game.NumPlayers())
		}
		return setString(out, engine.StringFor(st, engine.Player(player)))
	})
}

// mg_env_render_rgb draws the state as a picture — everything (player
// -1) or as a seat may see it — rasterized width pixels wide (1..8192; the
// height follows the game's picture), and writes its height into height
// and its pixels into out: height×width×3 bytes, RGB row by row, malloc'ed
// (free it with mg_free_string).
//
//export mg_env_render_rgb
func mg_env_render_rgb(h C.uint64_t, player C.int32_t, width C.int64_t, out **C.uint8_t, height *C.int64_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		if err := notNil(unsafe.Pointer(out), "pixels"); err != nil {
			return err
		}
		if err := notNil(unsafe.Pointer(height), "height"); err != nil {
			return err
		}
		img, err := s.renderRGB(int(player), int64(width))
		if err != nil {
			return err
		}
		p := (*C.uint8_t)(C.malloc(C.size_t(len(img.Pix))))
		copy(unsafe.Slice((*byte)(unsafe.Pointer(p)), len(img.Pix)), img.Pix)
		*out, *height = p, C.int64_t(img.Height)
		return nil
	})
}

// mg_env_action_name names an action in the current state.
//
//export mg_env_action_name
func mg_env_action_name(h C.uint64_t, action C.int64_t, out **C.char) C.int64_t {
	return withSlot(h, func(s *slot) error {
		st, err := s.started()
		if err != nil {
			return err
		}
		if action < 0 || int(action) >= s.game.NumActions() {
			return fmt.Errorf("%w: %d is out of range 0..%d", engine.ErrIllegalAction, action, s.game.NumActions()-1)
		}
		return setString(out, st.ActionString(engine.Action(action)))
	})
}

// mg_env_state_json writes the current state as the game's JSON.
//
//export mg_env_state_json
func mg_env_state_json(h C.uint64_t, out **C.char) C.int64_t {
	return withSlot(h, func(s *slot) error {
		st, err := s.started()
		if err != nil {
			return err
		}
		b, err := st.MarshalJSON()
		if err != nil {
			return err
		}
		return setString(out, string(b))
	})
}

// mg_vec_new makes n environments of one configuration (arguments as
// mg_env_new).
//
//export mg_vec_new
func mg_vec_new(n C.int64_t, game, params *C.char, maxSteps C.int64_t, seat C.int64_t, opponents *C.char, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) {
		cfg, err := cConfig(game, params, maxSteps, seat, opponents)
		if err != nil {
			return nil, err
		}
		return newBatch(int(n), cfg)
	})
}

// withBatch runs f on vector environment h under its lock, with its
// output arrays (rewards, terminated and truncated may be NULL for reset).
func withBatch(h C.uint64_t, obs *C.float, mask *C.int8_t, rewards *C.double, player *C.int32_t, terminated, truncated *C.uint8_t, f func(b *batch, o batchOut) error) C.int64_t {
	return C.int64_t(guard(func() error {
		b, err := lookup[*batch](uint64(h))
		if err != nil {
			return err
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		n := C.int64_t(len(b.slots))
		var o batchOut
		if o.obs, err = floats(obs, n*C.int64_t(b.obsSize)); err != nil {
			return err
		}
		if o.mask, err = int8s(mask, n*C.int64_t(b.actions)); err != nil {
			return err
		}
		if player == nil {
			return fmt.Errorf("%w: NULL player array", errBadArgument)
		}
		o.player = unsafe.Slice((*int32)(unsafe.Pointer(player)), int(n))
		if rewards != nil {
			if o.rewards, err = doubles(rewards, n*C.int64_t(b.rewards)); err != nil {
				return err
			}
			if terminated == nil || truncated == nil {
				return fmt.Errorf("%w: NULL flag arrays", errBadArgument)
			}
			o.terminated = unsafe.Slice((*uint8)(unsafe.Pointer(terminated)), int(n))
			o.truncated = unsafe.Slice((*uint8)(unsafe.Pointer(truncated)), int(n))
		}
		return f(b, o)
	}))
}

// mg_vec_reset resets every environment from seed and writes the
// observations (n×size), masks (n×actions) and seats to act (n).
//
//export mg_vec_reset
func mg_vec_reset(h C.uint64_t, seed C.uint64_t, obs *C.float, mask *C.int8_t, player *C.int32_t) C.int64_t {
	return withBatch(h, obs, mask, nil, player, nil, nil, func(b *batch, o batchOut) error {
		return b.resetAll(uint64(seed), o)
	})
}

// mg_vec_step steps every environment with actions (n of them) and writes
// the observations, masks, rewards (n×seats, or n for single-agent ones),
// seats to act, and terminated and truncated flags. A batch with an illegal
// action is refused whole.
//
//export mg_vec_step
func mg_vec_step(h C.uint64_t, actions *C.int64_t, nActions C.int64_t, obs *C.float, mask *C.int8_t, rewards *C.double, player *C.int32_t, terminated, truncated *C.uint8_t) C.int64_t {
	return withBatch(h, obs, mask, rewards, player, terminated, truncated, func(b *batch, o batchOut) error {
		if nActions < 0 || (actions == nil && nActions != 0) {
			return fmt.Errorf("%w: %d actions", errBadArgument, nActions)
		}
		acts := []int64{}
		if nActions > 0 {
			acts = unsafe.Slice((*int64)(unsafe.Pointer(actions)), int(nActions))
		}
		return b.stepAll(acts, o)
	})
}

// mg_vec_step_forfeit is mg_vec_step in the forfeit mode: an illegal (or
// out-of-range) action ends its environment's episode instead of refusing
// the batch, the mover forfeiting (reward the game's minimum utility, the
// other seats' zero, terminated; nothing is played), and illegal (n bytes)
// gets 1 for those environments, 0 for the others. Other errors (a step
// before the first reset, bad arrays) still refuse the batch whole.
//
//export mg_vec_step_forfeit
func mg_vec_step_forfeit(h C.uint64_t, actions *C.int64_t, nActions C.int64_t, obs *C.float, mask *C.int8_t, rewards *C.double, player *C.int32_t, terminated, truncated, illegal *C.uint8_t) C.int64_t {
	return withBatch(h, obs, mask, rewards, player, terminated, truncated, func(b *batch, o batchOut) error {
		if nActions < 0 || (actions == nil && nActions != 0) {
			return fmt.Errorf("%w: %d actions", errBadArgument, nActions)
		}
		if illegal == nil {
			return fmt.Errorf("%w: NULL illegal array", errBadArgument)
		}
		o.illegal = unsafe.Slice((*uint8)(unsafe.Pointer(illegal)), len(b.slots))
		acts := []int64{}
		if nActions > 0 {
			acts = unsafe.Slice((*int64)(unsafe.Pointer(actions)), int(nActions))
		}
		return b.stepAll(acts, o)
	})
}

// mg_vec_step_same is mg_vec_step with same-step autoreset
// (Stable-Baselines3's convention, Gymnasium's AutoresetMode.SAME_STEP):
// an environment whose episode ends in this step writes its final
// observation into final (n×size; the rows of the others are left as they
// were) and starts its next episode at once, so that obs, mask and player
// are the new episode's first while rewards, terminated and truncated are
// the ended one's last. With illegal (n bytes, or NULL) it is in the
// forfeit mode of mg_vec_step_forfeit; without, a batch with an illegal
// action is refused whole.
//
//export mg_vec_step_same
func mg_vec_step_same(h C.uint64_t, actions *C.int64_t, nActions C.int64_t, obs *C.float, mask *C.int8_t, rewards *C.double, player *C.int32_t, terminated, truncated, illegal *C.uint8_t, final *C.float) C.int64_t {
	return withBatch(h, obs, mask, rewards, player, terminated, truncated, func(b *batch, o batchOut) error {
		if nActions < 0 || (actions == nil && nActions != 0) {
			return fmt.Errorf("%w: %d actions", errBadArgument, nActions)
		}
		var err error
		if o.final, err = floats(final, C.int64_t(len(b.slots)*b.obsSize)); err != nil {
			return err
		}
		if illegal != nil {
			o.illegal = unsafe.Slice((*uint8)(unsafe.Pointer(illegal)), len(b.slots))
		}
		acts := []int64{}
		if nActions > 0 {
			acts = unsafe.Slice((*int64)(unsafe.Pointer(actions)), int(nActions))
		}
		return b.stepAll(acts, o)
	})
}

// mg_vec_info describes the vector environment's game as mg_env_info.
//
//export mg_vec_info
func mg_vec_info(h C.uint64_t, out **C.char) C.int64_t {
	return C.int64_t(guard(func() error {
		b, err := lookup[*batch](uint64(h))
		if err != nil {
			return err
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		js, err := b.slots[0].info()
		if err != nil {
			return err
		}
		return setString(out, js)
	}))
}

// mg_agent_new makes an agent from a spec for a game configuration.
//
//export mg_agent_new
func mg_agent_new(spec, game, params *C.char, seed C.uint64_t, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) {
		return newAgent(C.GoString(spec), C.GoString(game), C.GoString(params), uint64(seed))
	})
}

// agentState finds agent ah and a copy of environment eh's state to act on;
// the environment is locked only while it is copied.
func agentState(ah, eh C.uint64_t) (*agentObj, engine.State, error) {
	a, err := lookup[*agentObj](uint64(ah))
	if err != nil {
		return nil, nil, err
	}
	s, err := lookup[*slot](uint64(eh))
	if err != nil {
		return nil, nil, err
	}
	if err := s.lock(); err != nil {
		return nil, nil, err
	}
	defer s.mu.Unlock()
	st, err := a.toAct(s)
	return a, st, err
}

// mg_agent_act writes the agent's action in environment eh's current state.
//
//export mg_agent_act
func mg_agent_act(ah, eh C.uint64_t, action *C.int64_t) C.int64_t {
	return C.int64_t(guard(func() error {
		if err := notNil(unsafe.Pointer(action), "action"); err != nil {
			return err
		}
		a, st, err := agentState(ah, eh)
		if err != nil {
			return err
		}
		a.mu.Lock()
		defer a.mu.Unlock()
		act, err := a.act(st)
		if err != nil {
			return err
		}
		*action = C.int64_t(act)
		return nil
	}))
}

// mg_agent_policy writes the agent's probability of every action (numActions
// of them) in environment eh's current state.
//
//export mg_agent_policy
func mg_agent_policy(ah, eh C.uint64_t, probs *C.double, n C.int64_t) C.int64_t {
	return C.int64_t(guard(func() error {
		a, st, err := agentState(ah, eh)
		if err != nil {
			return err
		}
		d, err := doubles(probs, n)
		if err != nil {
			return err
		}
		if err := wantLen("probabilities", len(d), a.game.NumActions()); err != nil {
			return err
		}
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.policy(st, d)
	}))
}

// mg_agent_value writes the agent's value of environment eh's current
// state for every seat (numPlayers of them, in seat order, in the game's
// utility range): a net agent's network values, an az or mcts agent's
// root values after a search. Other agents have none: a bad agent error.
//
//export mg_agent_value
func mg_agent_value(ah, eh C.uint64_t, values *C.double, n C.int64_t) C.int64_t {
	return C.int64_t(guard(func() error {
		a, st, err := agentState(ah, eh)
		if err != nil {
			return err
		}
		d, err := doubles(values, n)
		if err != nil {
			return err
		}
		if err := wantLen("values", len(d), a.game.NumPlayers()); err != nil {
			return err
		}
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.value(st, d)
	}))
}

// mg_env_set_state sets the environment's game state from its JSON form
// (n bytes at js, what mg_env_state_json writes) and writes the seat to
// act into player (-2 when over). Chance goes on from the environment's
// generator; a single-agent environment's opponents play until the
// learner is to act. A state that does not decode changes nothing.
//
//export mg_env_set_state
func mg_env_set_state(h C.uint64_t, js *C.char, n C.int64_t, player *C.int32_t) C.int64_t {
	return withSlot(h, func(s *slot) error {
		b, err := cSlice[byte](unsafe.Pointer(js), n, "state")
		if err != nil {
			return err
		}
		if err := notNil(unsafe.Pointer(player), "player"); err != nil {
			return err
		}
		if err := s.setState(b); err != nil {
			return err
		}
		*player = C.int32_t(s.current())
		return nil
	})
}

// mg_env_copy makes an independent copy of the environment (state, chance
// generator, returns, step count; a single-agent environment's opponents
// made afresh) under a new handle.
//
//export mg_env_copy
func mg_env_copy(h C.uint64_t, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) {
		s, err := lookup[*slot](uint64(h))
		if err != nil {
			return nil, err
		}
		if err := s.lock(); err != nil {
			return nil, err
		}
		defer s.mu.Unlock()
		return s.copySlot()
	})
}

// mg_set_policy_callback sets the function through which Go asks Python
// policies for their moves (an mg_policy_fn: see callback.go). The Python
// package sets it once, on import.
//
//export mg_set_policy_callback
func mg_set_policy_callback(fn unsafe.Pointer) C.int64_t {
	return C.int64_t(guard(func() error {
		if fn == nil {
			return fmt.Errorf("%w: NULL callback", errBadArgument)
		}
		setPolicyCallback(fn)
		return nil
	}))
}

// mg_policy_new makes a Python policy for a game configuration: id is the
// Python side's key for it (given back to the callback), name how errors
// and reports name it; with wantsState the callback also gets the state's
// JSON. "@H", H its handle, seats it as an opponent (mg_env_new,
// mg_vec_new) or an arena entrant (mg_arena).
//
//export mg_policy_new
func mg_policy_new(id C.int64_t, name *C.char, wantsState C.int32_t, game, params *C.char, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) {
		return newPyPolicy(int64(id), C.GoString(name), wantsState != 0, C.GoString(game), C.GoString(params))
	})
}

// mg_arena plays a tournament (package arena, as "moongym arena"):
// entrants one a line (agent specs, "@H" for Python policies) named by
// names (one a line), games games seeded by seed, opening random
// decisions, parallel games at once (0: one per core). It writes the
// report and every game as JSON.
//
//export mg_arena
func mg_arena(game, params, entrants, names *C.char, games C.int64_t, seed C.uint64_t, opening, parallel C.int64_t, out **C.char) C.int64_t {
	return C.int64_t(guard(func() error {
		if out == nil {
			return fmt.Errorf("%w: NULL string pointer", errBadArgument)
		}
		if opening < 0 || opening > 1<<20 || parallel < 0 || parallel > 1<<16 {
			return fmt.Errorf("%w: opening %d, parallel %d", errBadArgument, opening, parallel)
		}
		js, err := runArena(arenaConfig{
			game: C.GoString(game), params: C.GoString(params),
			entrants: splitLines(C.GoString(entrants)), names: splitLines(C.GoString(names)),
			games: int(games), seed: uint64(seed), opening: int(opening), parallel: int(parallel),
		})
		if err != nil {
			return err
		}
		return setString(out, js)
	}))
}

// mg_model_decode reads a model file's n bytes at data (a moongym
// .safetensors file, F32, F16 or Q8; Q8 weights dequantized to float32).
//
//export mg_model_decode
func mg_model_decode(data unsafe.Pointer, n C.int64_t, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) {
		b, err := cSlice[byte](data, n, "model")
		if err != nil {
			return nil, err
		}
		return decodeModel(b)
	})
}

// mg_model_load reads a model file (a regular file of at most 64 MiB).
//
//export mg_model_load
func mg_model_load(path *C.char, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) { return loadModel(C.GoString(path)) })
}

// mg_model_builtin gives the model shipped for a game configuration (the
// one model=builtin plays).
//
//export mg_model_builtin
func mg_model_builtin(game, params *C.char, out *C.uint64_t) C.int64_t {
	return newObject(out, func() (any, error) { return builtinModel(C.GoString(game), C.GoString(params)) })
}

// mg_builtin_models writes where the built-in models (model=builtin) are
// read from: "embedded" for a library that embeds them (the default
// build), else the directory that a library built with -tags
// moongym_modelsdir reads them from (mg_set_builtin_models's, else
// $MOONGYM_MODELS; "" when neither is set).
//
//export mg_builtin_models
func mg_builtin_models(out **C.char) C.int64_t {
	return C.int64_t(guard(func() error {
		if models.BuiltinEmbedded {
			return setString(out, "embedded")
		}
		return setString(out, models.BuiltinDir())
	}))
}

// mg_set_builtin_models sets the directory that a library built with -tags
// moongym_modelsdir reads the built-in models from (the model files of
// models/opponents: the Python package's wheel ships them as package data
// and sets their directory on import). An error for a directory without a
// model file, and in a library that embeds them.
//
//export mg_set_builtin_models
func mg_set_builtin_models(dir *C.char) C.int64_t {
	return C.int64_t(guard(func() error {
		if dir == nil {
			return fmt.Errorf("%w: NULL directory", errBadArgument)
		}
		return models.SetBuiltinDir(C.GoString(dir))
	}))
}

// withModel runs f on model h under its lock.
func withModel(h C.uint64_t, f func(m *modelObj) error) C.int64_t {
	return C.int64_t(guard(func() error {
		m, err := lookup[*modelObj](uint64(h))
		if err != nil {
			return err
		}
		m.mu.Lock()
		defer m.mu.Unlock()
		return f(m)
	}))
}

// mg_model_info writes the model's metadata as JSON: game, params,
// covers (the further configurations it plays, a list of parameter
// objects, [] when none), shapes, architecture, provenance, dtype ("F32",
// "F16" or "Q8"), num_params.
//
//export mg_model_info
func mg_model_info(h C.uint64_t, out **C.char) C.int64_t {
	return withModel(h, func(m *modelObj) error {
		js, err := m.info()
		if err != nil {
			return err
		}
		return setString(out, js)
	})
}

// mg_model_encode writes the model file (dtype "F32", "F16" or "Q8", in
// any case, "" for the model's own) into out, n bytes, malloc'ed (free it
// with mg_free_string).
//
//export mg_model_encode
func mg_model_encode(h C.uint64_t, dtype *C.char, out **C.uint8_t, n *C.int64_t) C.int64_t {
	return withModel(h, func(m *modelObj) error {
		if err := notNil(unsafe.Pointer(out), "bytes"); err != nil {
			return err
		}
		if err := notNil(unsafe.Pointer(n), "size"); err != nil {
			return err
		}
		b, err := m.encode(C.GoString(dtype))
		if err != nil {
			return err
		}
		p := (*C.uint8_t)(C.malloc(C.size_t(max(len(b), 1))))
		copy(unsafe.Slice((*byte)(unsafe.Pointer(p)), len(b)), b)
		*out, *n = p, C.int64_t(len(b))
		return nil
	})
}

// mg_model_predict runs rows observations (rows×obs floats) with their
// masks (rows×actions floats, nonzero: legal) through the network and
// writes the policy (rows×actions: a softmax over the legal actions) and
// the values (rows×players, in [-1, 1], relative to the observer).
//
//export mg_model_predict
func mg_model_predict(h C.uint64_t, rows C.int64_t, obs *C.float, nObs C.int64_t, mask *C.float, nMask C.int64_t, policy *C.float, nPolicy C.int64_t, values *C.float, nValues C.int64_t) C.int64_t {
	return withModel(h, func(m *modelObj) error {
		o, err := floats(obs, nObs)
		if err != nil {
			return err
		}
		k, err := floats(mask, nMask)
		if err != nil {
			return err
		}
		p, err := floats(policy, nPolicy)
		if err != nil {
			return err
		}
		v, err := floats(values, nValues)
		if err != nil {
			return err
		}
		return m.predict(int(rows), o, k, p, v)
	})
}

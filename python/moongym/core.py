"""Handles on Go objects: one game environment (:class:`Env`) and a batch of
them (:class:`Vec`). The PettingZoo, Gymnasium and vector environments are
built on these; use them directly for the lowest overhead.

Go writes observations, masks and rewards straight into the NumPy arrays
passed to these methods; nothing is serialized per step.
"""

from __future__ import annotations

import ctypes
import json
import numbers
import struct
import sys
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from . import _lib
from ._lib import call_string, check, lib
from .errors import BadAgentError, BadArgumentError, BadParamError, IllegalActionError

# The per-step calls, looked up once (an attribute of lib is a dict lookup
# and more per call).
_step_record = lib.mg_env_step_record
_reset_record = lib.mg_env_reset_record


def _raw(name: str) -> Any:
    """Another function object for a C API function, without argtypes: the
    caller passes ctypes objects of the C types (c_uint64, c_int64,
    c_void_p, c_int32), which ctypes hands to libffi as they are. Converting
    Python ints through argtypes (a from_param call per argument) is about
    a third of a bare call's time; the hot calls pass objects made once
    (the handle, the size, every record's address, the legal actions'
    numbers) instead."""
    f = lib[name]
    f.restype = ctypes.c_int64
    return f


# mg_env_step_record(c_uint64 handle, c_int64 action, c_void_p record, c_int64 size)
_step_record_raw = _raw("mg_env_step_record")
# mg_env_reset_record(c_uint64 handle, c_uint64 seed, c_uint64 agent seed, c_int32 reseed, c_void_p record, c_int64 size)
_reset_record_raw = _raw("mg_env_reset_record")
# mg_env_observe(c_uint64 handle, c_int32 player, c_void_p obs, c_int64 obs size, c_void_p mask, c_int64 mask size)
_observe_raw = _raw("mg_env_observe")
_U64_0, _I32_0, _I32_1 = ctypes.c_uint64(0), ctypes.c_int32(0), ctypes.c_int32(1)


def _refuse_raw_calls() -> None:
    """In a child forked after the library loaded: the raw functions refuse
    too (see _lib._after_fork_in_child)."""
    global _step_record_raw, _reset_record_raw, _observe_raw
    _step_record_raw = _reset_record_raw = _observe_raw = _lib._refuse


_lib.after_fork_in_child(_refuse_raw_calls)

TERMINAL = -2
"""The seat number of "nobody": the episode is over."""


def encode_params(params: Mapping[str, Any]) -> bytes:
    """Game parameters as the Go side reads them: "k=v,k=v" (bools as true/false)."""
    parts = []
    for k, v in params.items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        v = str(v)
        if any(c in str(k) + v for c in ",=\n") or not str(k):
            raise BadParamError(f"bad parameter value: {k!r}={v!r} (names and values may not contain ',', '=' or newlines)")
        parts.append(f"{k}={v}")
    return ",".join(parts).encode()


def encode_opponents(opponents: str | Sequence[str] | None) -> bytes:
    """Agent specs, one per line."""
    if opponents is None:
        return b""
    if isinstance(opponents, str):
        opponents = [opponents]
    specs = list(opponents)
    for s in specs:
        if not isinstance(s, str) or "\n" in s:
            raise BadAgentError(f"bad agent spec {s!r}: want a string such as 'heuristic' or 'mcts:sims=64'")
    return "\n".join(specs).encode()


def to_action(action: Any) -> int:
    """An action as an int: Python and NumPy integers only (not bool, not float)."""
    if type(action) is int:
        a = action
    elif isinstance(action, (bool, np.bool_)) or not isinstance(action, (numbers.Integral, np.ndarray)):
        raise TypeError(f"action must be an integer, not {type(action).__name__} ({action!r})")
    elif isinstance(action, np.ndarray):
        if action.shape != () or not np.issubdtype(action.dtype, np.integer):
            raise TypeError(f"action must be an integer, not an array of {action.dtype} with shape {action.shape}")
        a = int(action)
    else:
        a = int(action)
    if not -(2**63) <= a < 2**63:
        raise IllegalActionError(f"illegal action: {a} is out of range")
    return a


class _Block:
    """One block of step records (see capi/aec.go): ``rows`` records of
    ``layout[4]`` bytes end to end, and NumPy views of their fields, one
    row per record: flags (int32 x4), rewards (float64), observation
    (float32, the game's shape) and mask (int8)."""

    def __init__(self, layout: tuple[int, ...], shape: tuple[int, ...], num_rewards: int, num_actions: int, rows: int) -> None:
        off_flags, off_rewards, off_obs, off_mask, size = layout
        # uint64 elements: the records' 8-byte alignment comes with the array.
        self.buf = buf = np.empty(rows * size // 8, dtype=np.uint64)
        self.address = buf.ctypes.data
        inner = np.empty(shape, dtype=np.float32).strides

        def view(offset: int, dtype: Any, fshape: tuple[int, ...], fstrides: tuple[int, ...]) -> np.ndarray:
            return np.ndarray((rows, *fshape), dtype=dtype, buffer=buf, offset=offset, strides=(size, *fstrides))

        self.flags = view(off_flags, np.int32, (4,), (4,))
        self.rewards = view(off_rewards, np.float64, (num_rewards,), (8,))
        self.obs = view(off_obs, np.float32, shape, inner)
        self.mask = view(off_mask, np.int8, (num_actions,), (1,))
        # The bytes, for struct.unpack_from of a record's flags and rewards.
        self.bytes = memoryview(buf).cast("B")
        # Every record's observation and mask, made once: indexing a list
        # is a fraction of the time of making a NumPy view per step.
        self.obs_rows = list(self.obs)
        self.mask_rows = list(self.mask)
        # Every record as a step takes it: (its address as the C call's
        # argument (see _raw), the block's bytes, its offset in them, its
        # observation, its mask).
        self.records = [
            (ctypes.c_void_p(self.address + i * size), self.bytes, i * size, o, m)
            for i, (o, m) in enumerate(zip(self.obs_rows, self.mask_rows))
        ]

    def idle(self) -> bool:
        """Whether no record of the block is referenced from outside: an
        idle record's tuple is referenced by self.records only, its
        observation and mask by their list and the tuple only (and each by
        getrefcount's argument). A step holds the tuple while Go writes."""
        getrefcount = sys.getrefcount
        return (
            max(map(getrefcount, self.records)) <= 2
            and max(map(getrefcount, self.obs_rows)) <= 3
            and max(map(getrefcount, self.mask_rows)) <= 3
        )


class _LockedIterator:
    """An iterator's next() under a lock, for Python builds without the GIL
    (where next() of a list iterator is not atomic)."""

    def __init__(self, it: Any) -> None:
        self._it = it
        self._lock = threading.Lock()

    def __iter__(self) -> "_LockedIterator":
        return self

    def __next__(self) -> Any:
        with self._lock:
            return next(self._it)

    def __length_hint__(self) -> int:
        return self._it.__length_hint__()


# Whether next() of a list iterator is atomic (it is with the GIL).
_GIL = getattr(sys, "_is_gil_enabled", lambda: True)()


class _Records:
    """Step records for Go to write into (mg_env_step_record and friends),
    handed out as the rows of a larger block whose address is known, so
    that no array's address has to be looked up per call (NumPy's .ctypes
    is slow). Each row is given out once: observations handed to the user
    are never written again. When a block is used up, the previous one is
    reused if no row of it is still referenced (its memory is then already
    mapped: no page faults for big observations), else a new block is made.

    Thread-safe without a lock per record: a record is taken with next()
    of an iterator over the block's records (atomic with the GIL; under a
    lock without it), and only a change of block takes self.lock."""

    def __init__(self, layout: tuple[int, ...], shape: tuple[int, ...], num_rewards: int, num_actions: int, rows: int = 0) -> None:
        self.size = layout[4]
        self.size_arg = ctypes.c_int64(self.size)
        # 32 records, or more up to 64 KiB for small ones.
        self.rows = rows or max(32, min(1024, 65536 // self.size))
        self._args = (layout, shape, num_rewards, num_actions, self.rows)
        self.lock = threading.Lock()
        self.other = _Block(*self._args)
        self._use(_Block(*self._args))

    def _use(self, block: _Block) -> None:
        self.block = block
        self.it = iter(block.records) if _GIL else _LockedIterator(iter(block.records))

    def take(self) -> int:
        """A new record's row in self.block (which may change)."""
        return self.take_record()[2] // self.size

    @property
    def next(self) -> int:
        """The number of records taken from self.block."""
        return self.rows - self.it.__length_hint__()

    def take_record(self) -> tuple:
        """A new record (see _Block.records), from a new block when this
        one is used up. Env.step_head inlines its first line."""
        rec = next(self.it, None)
        while rec is None:
            with self.lock:
                rec = next(self.it, None)
                if rec is None:  # used up (and not changed by another thread meanwhile)
                    spare = self.other if self.other.idle() else _Block(*self._args)
                    self.other = self.block
                    self._use(spare)
        return rec


@dataclass(frozen=True)
class GameInfo:
    """A configured game as an environment sees it. seat_sections is
    ``(per_seat, sections, global_size)`` where the flat observation is one
    section per seat, the observer's first and the others in turn order,
    then a global section (Go's engine.SeatSections; what a model's seat
    view reads, :func:`moongym.models.seat_view`), None otherwise.
    seat_slots is the number of seat slots where the observation keeps a
    fixed number of them whatever the number of seats, the observer's
    first and the others in turn order, the slots of absent seats zero
    (Go's engine.SeatSlots; March on Mars: 5; what a model's seat view
    reads as it is), None otherwise."""

    name: str
    title: str
    params: dict[str, str]
    num_players: int
    num_actions: int
    shape: tuple[int, ...]
    low: float
    high: float
    bounded: bool
    max_game_length: int
    min_utility: float
    max_utility: float
    seat: int
    opponents: tuple[str, ...]
    num_rewards: int
    seat_sections: tuple[int, int, int] | None = None
    seat_slots: int | None = None

    @staticmethod
    def from_json(text: str) -> "GameInfo":
        d = json.loads(text)
        return GameInfo(
            name=d["name"],
            title=d["title"],
            params=dict(d["params"] or {}),
            num_players=d["num_players"],
            num_actions=d["num_actions"],
            shape=tuple(d["shape"]),
            low=d["low"] if d["bounded"] else -np.inf,
            high=d["high"] if d["bounded"] else np.inf,
            bounded=d["bounded"],
            max_game_length=d["max_game_length"],
            min_utility=d["min_utility"],
            max_utility=d["max_utility"],
            seat=d["seat"],
            opponents=tuple(d["opponents"] or ()),
            num_rewards=d["num_rewards"],
            seat_sections=tuple(d["seat_sections"]) if d.get("seat_sections") else None,  # type: ignore[arg-type]
            seat_slots=int(d["seat_slots"]) if d.get("seat_slots") else None,
        )

    @property
    def obs_size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))


def integer_arg(name: str, value: Any, want: str) -> int:
    """value as an int: Python and NumPy integers only (not bool, float or
    str), else BadArgumentError saying what is wanted."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise BadArgumentError(f"bad argument: {name} must be {want}, not {value!r} ({type(value).__name__})")
    return int(value)


def _config(game: str, params: Mapping[str, Any] | None, max_steps: int, seat: int, opponents: str | Sequence[str] | None) -> tuple:
    """The C API's arguments describing an environment (mg_env_new, mg_vec_new)."""
    if not isinstance(game, str):
        raise TypeError(f"game must be a string, not {type(game).__name__}")
    max_steps = integer_arg("max_steps", max_steps, "a non-negative integer (0: no limit)")
    seat = integer_arg("seat", seat, "a seat number (an integer)")
    return game.encode(), encode_params(params or {}), max_steps, seat, encode_opponents(opponents)


class _Handle:
    """Owns a Go object; freed by close() or when garbage collected."""

    _h: int = 0

    def close(self) -> None:
        h, self._h = self._h, 0
        if h and lib is not None:
            check(lib.mg_free(h))

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    @property
    def handle(self) -> int:
        if not self._h:
            raise ValueError("moongym: the environment is closed")
        return self._h


def _opponent_specs(game: Any, params: Mapping[str, Any] | None, opponents: Any) -> tuple[Any, list]:
    """Opponents as the C API takes them (agent specs, "@H" for Python
    policies: see moongym.policy) and the Python policies to keep alive."""
    if opponents is None or isinstance(opponents, str) or not isinstance(game, str):
        return opponents, []
    from . import policy

    items = list(opponents) if isinstance(opponents, Sequence) else [opponents]
    if all(isinstance(o, str) for o in items):
        return items, []
    return policy.seat_specs(items, game, params or {})


class Env(_Handle):
    """One environment: multi-agent (seat=-1) or single-agent for ``seat``
    with ``opponents`` at the other seats: agent specs, moongym.Agent
    objects or Python policies (callables, see moongym.policy)."""

    def __init__(
        self,
        game: str,
        params: Mapping[str, Any] | None = None,
        max_steps: int = 0,
        seat: int = -1,
        opponents: Any = None,
    ) -> None:
        opponents, self._policies = _opponent_specs(game, params, opponents)
        h = ctypes.c_uint64()
        check(lib.mg_env_new(*_config(game, params, max_steps, seat, opponents), ctypes.byref(h)))
        self._h = h.value
        self._setup()

    def _setup(self) -> None:
        """The Python side of a new handle self._h."""
        self.info = GameInfo.from_json(call_string(lib.mg_env_info, self._h))
        self._obs_size = self.info.obs_size
        layout = np.zeros(5, dtype=np.int64)
        check(lib.mg_env_record_layout(self._h, layout.ctypes.data, layout.size))
        self._records = _Records(tuple(layout.tolist()), self.info.shape, self.info.num_rewards, self.info.num_actions)
        self._obs_offset, self._mask_offset = int(layout[2]), int(layout[3])
        # A record's flags and rewards in one call: (terminated, truncated,
        # seat to act, viewer, reward...).
        self._head = struct.Struct(f"=4i{int(layout[1]) - 16}x{self.info.num_rewards}d").unpack_from
        # The observation the last step or reset wrote, handed out by the
        # next observe() of that seat: (seat, obs, mask) or None.
        self._pending: tuple[int, np.ndarray, np.ndarray] | None = None
        self._latest = self._pending  # the last one set, taken or not
        # _pending is set by steps and resets and taken with dict.pop
        # (atomic) by observe(); the records are taken without a lock (see
        # _Records), and Go locks the environment during every call.
        # The C calls' arguments made once (see _raw): the handle, and the
        # numbers of the legal actions (others are made per call).
        self._h_arg = ctypes.c_uint64(self._h)
        self._action_args = {a: ctypes.c_int64(a) for a in range(self.info.num_actions)}
        self._obs_size_arg, self._mask_size_arg = ctypes.c_int64(self._obs_size), ctypes.c_int64(self.info.num_actions)

    def reset(self, seed: int, agent_seed: int | None = None) -> int:
        """Starts an episode; a given agent_seed remakes the opponents from it.
        Returns the seat to act (TERMINAL if the episode is already over).
        The same call has Go write the first observation, which the next
        observe() of that seat returns without another call."""
        if not self._h:
            raise ValueError("moongym: the environment is closed")
        self._pending = None
        row = self._records.take_record()
        if agent_seed is None:
            code = _reset_record_raw(self._h_arg, ctypes.c_uint64(seed), _U64_0, _I32_0, row[0], self._records.size_arg)
        else:
            code = _reset_record_raw(self._h_arg, ctypes.c_uint64(seed), ctypes.c_uint64(agent_seed), _I32_1, row[0], self._records.size_arg)
        if code:
            raise _lib.error(code)
        head = self._head(row[1], row[2])
        self._pending = self._latest = (head[3], row[3], row[4])
        return head[2]

    def step(self, action: Any) -> tuple[list[float], bool, bool, int]:
        """Plays action; returns (rewards, terminated, truncated, seat to
        act): rewards one per seat, or the learner's only. The same call has
        Go write the default viewer's observation, which the next observe()
        of that seat returns without another call."""
        head = self.step_head(action)
        return list(head[4:]), head[0] != 0, head[1] != 0, head[2]

    def step_head(self, action: Any) -> tuple:
        """step() as the record's head, for the hot loops of the AEC and
        single-agent environments: (terminated, truncated, seat to act,
        viewer, reward...), flags as ints."""
        # A legal action's number is one of the ints 0..num_actions-1 (its
        # c_int64 made once); any other is checked and converted here.
        arg = self._action_args.get(action) if type(action) is int else None
        if arg is None:
            arg = ctypes.c_int64(to_action(action))
        if not self._h:
            raise ValueError("moongym: the environment is closed")
        # Everything per step is inlined here: a new record taken (the
        # first line of _Records.take_record), one call into Go, which writes it;
        # the flags and rewards read with one struct call; the observation
        # and mask as that record's rows, made when the block was.
        rec = self._records
        row = next(rec.it, None)
        if row is None:
            row = rec.take_record()
        code = _step_record_raw(self._h_arg, arg, row[0], rec.size_arg)
        if code:
            raise _lib.error(code)  # nothing was written (the record stays unused)
        head = self._head(row[1], row[2])
        self._pending = self._latest = (head[3], row[3], row[4])
        return head

    def stepper(self) -> Callable[[Any], tuple]:
        """step_head as a closure over this environment's per-step objects
        (the action arguments, the records, the handle argument, the head's
        reader), for the AEC environment's step: the same steps, with cell
        variables instead of attribute look-ups (a tenth of a microsecond a
        step). It refers to the environment's __dict__ only, not to the
        environment, so that holding it keeps no cycle."""
        state = self.__dict__
        action_args = self._action_args.get
        records = self._records
        h_arg, size_arg = self._h_arg, records.size_arg
        read_head = self._head
        c_int64 = ctypes.c_int64

        def step_head(action: Any) -> tuple:
            arg = action_args(action) if type(action) is int else None
            if arg is None:
                arg = c_int64(to_action(action))
            if not state["_h"]:
                raise ValueError("moongym: the environment is closed")
            row = next(records.it, None)
            if row is None:
                row = records.take_record()
            code = _step_record_raw(h_arg, arg, row[0], size_arg)
            if code:
                raise _lib.error(code)  # nothing was written (the record stays unused)
            head = read_head(row[1], row[2])
            state["_pending"] = state["_latest"] = (head[3], row[3], row[4])
            return head

        return step_head

    def observe(self, player: int = -1, obs: np.ndarray | None = None, mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Seat player's observation (float32, the game's shape) and legal
        action mask (int8), written by Go into obs and mask (new arrays when
        not given). player -1: the environment's own viewer (the learner, or
        the seat to act, or at the end the seat that acted last; after a
        truncation, the seat that would have acted)."""
        if obs is None and mask is None:
            # dict.pop is atomic: the pending observation goes to one caller
            # only, without the lock (a step sets it under the lock).
            pending = self.__dict__.pop("_pending", None)
            if pending is not None and (player == pending[0] or player == -1):
                return pending[1], pending[2]
            return self._observe_new(player, pending)
        info = self.info
        if obs is None:
            obs = np.empty(info.shape, dtype=np.float32)
        if mask is None:
            mask = np.empty(info.num_actions, dtype=np.int8)
        _check_buffer(obs, np.float32, info.obs_size, "obs")
        _check_buffer(mask, np.int8, info.num_actions, "mask")
        check(lib.mg_env_observe(self.handle, int(player), obs.ctypes.data, obs.size, mask.ctypes.data, mask.size))
        return obs, mask

    def _observe_new(self, player: int, pending: tuple | None) -> tuple[np.ndarray, np.ndarray]:
        """Seat player's observation into a new record; pending, the
        observation taken from _pending for another seat, is put back if
        no step or reset came since (at the end of a game every seat
        observes: the one the last step wrote is still handed out once)."""
        if pending is not None and pending is self._latest:
            self.__dict__.setdefault("_pending", pending)  # unless a step set a new one
        if not self._h:
            raise ValueError("moongym: the environment is closed")
        row = self._records.take_record()
        address, c_void_p = row[0].value, ctypes.c_void_p
        obs_arg, mask_arg = c_void_p(address + self._obs_offset), c_void_p(address + self._mask_offset)
        code = _observe_raw(self._h_arg, ctypes.c_int32(player), obs_arg, self._obs_size_arg, mask_arg, self._mask_size_arg)
        if code:
            raise _lib.error(code)
        return row[3], row[4]

    def scores(self) -> np.ndarray:
        """The game's own points of every seat."""
        out = np.zeros(self.info.num_players, dtype=np.float64)
        check(lib.mg_env_scores(self.handle, out.ctypes.data, out.size))
        return out

    def render(self, player: int = -1) -> str:
        """The state drawn as text: all of it, or as seat player may see it."""
        return call_string(lib.mg_env_render, self.handle, int(player))

    def render_rgb(self, player: int = -1, width: int = 800) -> np.ndarray:
        """The state as the game's picture (the SVG that ``moongym play``'s
        web page shows), rasterized by Go ``width`` pixels wide: a uint8
        array (height, width, 3). player -1: everything; a seat: as it may
        see it."""
        width = integer_arg("width", width, "a width in pixels (1..8192)")
        out = ctypes.c_void_p()
        height = ctypes.c_int64()
        check(lib.mg_env_render_rgb(self.handle, integer_arg("player", player, "a seat number or -1"), width, ctypes.byref(out), ctypes.byref(height)))
        try:
            pixels = ctypes.string_at(out.value, height.value * width * 3)
        finally:
            lib.mg_free_string(out)
        return np.frombuffer(pixels, dtype=np.uint8).reshape(height.value, width, 3).copy()

    def action_name(self, action: int) -> str:
        """The game's name of an action in the current state."""
        return call_string(lib.mg_env_action_name, self.handle, to_action(action))

    def state_json(self) -> str:
        """The current state in the game's JSON form."""
        return call_string(lib.mg_env_state_json, self.handle)

    def state(self) -> str:
        """The current game state in its JSON form (state_json): the whole
        state, hidden information included; set_state takes it back."""
        return call_string(lib.mg_env_state_json, self.handle)

    def set_state(self, state: str | bytes | Mapping[str, Any]) -> int:
        """Sets the game state from its JSON form (a str, bytes, or the
        dict json.loads makes of it) and returns the seat to act (TERMINAL
        when the state is over). The episode goes on from it: chance from
        this environment's generator, the step count (max_steps) from 0,
        rewards counted from the state's returns; a single-agent
        environment's opponents play until the learner is to act. No reset
        is needed before. A state that does not decode (another game or
        configuration, or not a state) raises BadArgumentError and changes
        nothing."""
        data = _state_bytes(state)
        if not self._h:
            raise ValueError("moongym: the environment is closed")
        player = ctypes.c_int32()
        check(lib.mg_env_set_state(self._h, data, len(data), ctypes.byref(player)))
        self._pending = None
        return player.value

    def copy(self) -> "Env":
        """An independent copy: the same configuration, state, chance
        generator, returns and step count, so that the same actions give
        the same steps in both (a single-agent environment's opponents are
        made afresh in the copy from the seed of its last seeded reset:
        their own random generators and search trees are not copied)."""
        h = ctypes.c_uint64()
        check(lib.mg_env_copy(self.handle, ctypes.byref(h)))
        c = Env.__new__(Env)
        c._h = h.value
        c._policies = self._policies
        c._setup()
        return c

    def __copy__(self) -> "Env":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Env":
        return self.copy()


def _state_bytes(state: Any) -> bytes:
    """A state's JSON as bytes: from a str, bytes or a dict."""
    if isinstance(state, str):
        return state.encode("utf-8")
    if isinstance(state, (bytes, bytearray)):
        return bytes(state)
    if isinstance(state, Mapping):
        return json.dumps(state).encode("utf-8")
    raise TypeError(f"a state is its JSON form (a str, bytes or dict), not {type(state).__name__}")


def _check_buffer(a: np.ndarray, dtype: Any, size: int, what: str) -> None:
    if not isinstance(a, np.ndarray) or a.dtype != dtype or a.size != size or not a.flags.c_contiguous or not a.flags.writeable:
        raise TypeError(f"{what} must be a writable C-contiguous {np.dtype(dtype).name} array of {size} values")


class Vec(_Handle):
    """n environments of one configuration, stepped together by Go with
    next-step autoreset (or same-step, per step); every method writes into
    the arrays it owns (obs, mask, rewards, player, terminated, truncated,
    illegal, final_obs)."""

    def __init__(
        self,
        n: int,
        game: str,
        params: Mapping[str, Any] | None = None,
        max_steps: int = 0,
        seat: int = -1,
        opponents: Any = None,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, numbers.Integral):
            raise TypeError(f"num_envs must be an integer, not {type(n).__name__}")
        opponents, self._policies = _opponent_specs(game, params, opponents)
        h = ctypes.c_uint64()
        check(lib.mg_vec_new(int(n), *_config(game, params, max_steps, seat, opponents), ctypes.byref(h)))
        self._h = h.value
        self.n = int(n)
        self.info = GameInfo.from_json(call_string(lib.mg_vec_info, self._h))
        i = self.info
        self.obs = np.zeros((self.n, *i.shape), dtype=np.float32)
        self.mask = np.zeros((self.n, i.num_actions), dtype=np.int8)
        self.rewards = np.zeros((self.n, i.num_rewards), dtype=np.float64)
        self.player = np.zeros(self.n, dtype=np.int32)
        self.terminated = np.zeros(self.n, dtype=np.uint8)
        self.truncated = np.zeros(self.n, dtype=np.uint8)
        self._actions = np.zeros(self.n, dtype=np.int64)
        self.illegal = np.zeros(self.n, dtype=np.uint8)
        self._ptrs = [a.ctypes.data for a in (self.obs, self.mask, self.rewards, self.player, self.terminated, self.truncated)]
        self._illegal_ptr = self.illegal.ctypes.data
        self._final_obs: np.ndarray | None = None
        self._lock = threading.Lock()

    def reset(self, seed: int) -> None:
        """Resets every environment; episode seeds derive from seed."""
        o, m, _, p, _, _ = self._ptrs
        with self._lock:
            check(lib.mg_vec_reset(self.handle, seed, o, m, p))

    @property
    def final_obs(self) -> np.ndarray:
        """The final observations of the episodes that the last same-step
        step ended (rows of the other environments are stale), (n, *shape)
        float32; allocated by the first same-step step."""
        if self._final_obs is None:
            self._final_obs = np.zeros_like(self.obs)
        return self._final_obs

    def step(self, actions: Iterable[int] | np.ndarray, forfeit: bool = False, same_step: bool = False) -> None:
        """Steps every environment (actions of environments being reset are
        ignored). A batch with an illegal action is refused whole; with
        forfeit, an illegal action ends its environment's episode instead,
        the mover forfeiting (reward min_utility, terminated; nothing
        played), and self.illegal marks those environments. With
        same_step, an environment whose episode ends starts its next one in
        the same step: its final observation goes to final_obs, and obs,
        mask and player are the new episode's first (rewards and flags the
        ended one's last)."""
        a = np.asarray(actions)
        if a.shape != (self.n,):
            raise TypeError(f"actions must have shape ({self.n},), not {a.shape}")
        if not (np.issubdtype(a.dtype, np.integer) and a.dtype != np.bool_):
            raise TypeError(f"actions must be integers, not {a.dtype}")
        with self._lock:
            self._actions[:] = a
            if same_step:
                if not forfeit:
                    self.illegal[:] = 0
                final = self.final_obs.ctypes.data
                illegal = self._illegal_ptr if forfeit else None
                check(lib.mg_vec_step_same(self.handle, self._actions.ctypes.data, self.n, *self._ptrs, illegal, final))
            elif forfeit:
                check(lib.mg_vec_step_forfeit(self.handle, self._actions.ctypes.data, self.n, *self._ptrs, self._illegal_ptr))
            else:
                self.illegal[:] = 0
                check(lib.mg_vec_step(self.handle, self._actions.ctypes.data, self.n, *self._ptrs))

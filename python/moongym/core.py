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
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from . import _lib
from ._lib import call_string, check, lib
from .errors import BadAgentError, BadParamError, IllegalActionError

# The per-step calls, looked up once (an attribute of lib is a dict lookup
# and more per call).
_step_record = lib.mg_env_step_record
_reset_record = lib.mg_env_reset_record

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

    def idle(self) -> bool:
        """Whether no row of the block is referenced from outside (the lists
        and getrefcount's argument are the only references of an idle row)."""
        return max(map(sys.getrefcount, self.obs_rows)) <= 2 and max(map(sys.getrefcount, self.mask_rows)) <= 2


class _Records:
    """Step records for Go to write into (mg_env_step_record and friends),
    handed out as the rows of a larger block whose address is known, so
    that no array's address has to be looked up per call (NumPy's .ctypes
    is slow). Each row is given out once: observations handed to the user
    are never written again. When a block is used up, the previous one is
    reused if no row of it is still referenced (its memory is then already
    mapped: no page faults for big observations), else a new block is made.
    Not thread-safe: core.Env calls it under its lock."""

    def __init__(self, layout: tuple[int, ...], shape: tuple[int, ...], num_rewards: int, num_actions: int, rows: int = 0) -> None:
        self.size = layout[4]
        # 32 records, or more up to 64 KiB for small ones.
        self.rows = rows or max(32, min(1024, 65536 // self.size))
        self._args = (layout, shape, num_rewards, num_actions, self.rows)
        self.other = _Block(*self._args)
        self._use(_Block(*self._args))

    def _use(self, block: _Block) -> None:
        self.block = block
        self.next = 0

    def take(self) -> int:
        """A new record's row in self.block (which may change)."""
        i = self.next
        if i == self.rows:
            spare = self.other if self.other.idle() else _Block(*self._args)
            self.other = self.block
            self._use(spare)
            i = 0
        self.next = i + 1
        return i


@dataclass(frozen=True)
class GameInfo:
    """A configured game as an environment sees it."""

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
        )

    @property
    def obs_size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))


def _config(game: str, params: Mapping[str, Any] | None, max_steps: int, seat: int, opponents: str | Sequence[str] | None) -> tuple:
    """The C API's arguments describing an environment (mg_env_new, mg_vec_new)."""
    if not isinstance(game, str):
        raise TypeError(f"game must be a string, not {type(game).__name__}")
    return game.encode(), encode_params(params or {}), int(max_steps), int(seat), encode_opponents(opponents)


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


class Env(_Handle):
    """One environment: multi-agent (seat=-1) or single-agent for ``seat``
    with ``opponents`` (agent specs) at the other seats."""

    def __init__(
        self,
        game: str,
        params: Mapping[str, Any] | None = None,
        max_steps: int = 0,
        seat: int = -1,
        opponents: str | Sequence[str] | None = None,
    ) -> None:
        h = ctypes.c_uint64()
        check(lib.mg_env_new(*_config(game, params, max_steps, seat, opponents), ctypes.byref(h)))
        self._h = h.value
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
        # Guards the records; _pending is set under it and taken with
        # dict.pop (atomic) by observe().
        self._lock = threading.Lock()

    def reset(self, seed: int, agent_seed: int | None = None) -> int:
        """Starts an episode; a given agent_seed remakes the opponents from it.
        Returns the seat to act (TERMINAL if the episode is already over).
        The same call has Go write the first observation, which the next
        observe() of that seat returns without another call."""
        h = self.handle
        with self._lock:
            self._pending = None
            rec = self._records
            i = rec.take()
            block = rec.block
            check(_reset_record(h, seed, agent_seed or 0, agent_seed is not None, block.address + i * rec.size, rec.size))
            head = self._head(block.bytes, i * rec.size)
            self._pending = self._latest = (head[3], block.obs_rows[i], block.mask_rows[i])
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
        if type(action) is not int or not -0x8000000000000000 <= action <= 0x7FFFFFFFFFFFFFFF:
            action = to_action(action)
        h = self._h
        if not h:
            raise ValueError("moongym: the environment is closed")
        # Everything per step is inlined here: one call into Go, which
        # writes the next record of the block; the flags and rewards read
        # with one struct call; the observation and mask as that record's
        # rows, made when the block was.
        with self._lock:
            rec = self._records
            i = rec.next
            if i == rec.rows:
                i = rec.take()
            else:
                rec.next = i + 1
            block = rec.block
            offset = i * rec.size
            code = _step_record(h, action, block.address + offset, rec.size)
            if code:
                rec.next = i  # nothing was written: the record is still unused
                raise _lib.error(code)
            head = self._head(block.bytes, offset)
            self._pending = self._latest = (head[3], block.obs_rows[i], block.mask_rows[i])
            return head

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
        with self._lock:
            if pending is not None and pending is self._latest:
                self.__dict__.setdefault("_pending", pending)
            rec = self._records
            i = rec.take()
            block = rec.block
            address = block.address + i * rec.size
            obs, mask = block.obs_rows[i], block.mask_rows[i]
            check(lib.mg_env_observe(self.handle, player, address + self._obs_offset, self._obs_size, address + self._mask_offset, mask.size))
        return obs, mask

    def scores(self) -> np.ndarray:
        """The game's own points of every seat."""
        out = np.zeros(self.info.num_players, dtype=np.float64)
        check(lib.mg_env_scores(self.handle, out.ctypes.data, out.size))
        return out

    def render(self, player: int = -1) -> str:
        """The state drawn as text: all of it, or as seat player may see it."""
        return call_string(lib.mg_env_render, self.handle, int(player))

    def action_name(self, action: int) -> str:
        """The game's name of an action in the current state."""
        return call_string(lib.mg_env_action_name, self.handle, to_action(action))

    def state_json(self) -> str:
        """The current state in the game's JSON form."""
        return call_string(lib.mg_env_state_json, self.handle)


def _check_buffer(a: np.ndarray, dtype: Any, size: int, what: str) -> None:
    if not isinstance(a, np.ndarray) or a.dtype != dtype or a.size != size or not a.flags.c_contiguous or not a.flags.writeable:
        raise TypeError(f"{what} must be a writable C-contiguous {np.dtype(dtype).name} array of {size} values")


class Vec(_Handle):
    """n environments of one configuration, stepped together by Go with
    next-step autoreset; every method writes into the arrays it owns
    (obs, mask, rewards, player, terminated, truncated)."""

    def __init__(
        self,
        n: int,
        game: str,
        params: Mapping[str, Any] | None = None,
        max_steps: int = 0,
        seat: int = -1,
        opponents: str | Sequence[str] | None = None,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, numbers.Integral):
            raise TypeError(f"num_envs must be an integer, not {type(n).__name__}")
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
        self._ptrs = [a.ctypes.data for a in (self.obs, self.mask, self.rewards, self.player, self.terminated, self.truncated)]
        self._lock = threading.Lock()

    def reset(self, seed: int) -> None:
        """Resets every environment; episode seeds derive from seed."""
        o, m, _, p, _, _ = self._ptrs
        with self._lock:
            check(lib.mg_vec_reset(self.handle, seed, o, m, p))

    def step(self, actions: Iterable[int] | np.ndarray) -> None:
        """Steps every environment (actions of environments being reset are
        ignored). A batch with an illegal action is refused whole."""
        a = np.asarray(actions)
        if a.shape != (self.n,):
            raise TypeError(f"actions must have shape ({self.n},), not {a.shape}")
        if not (np.issubdtype(a.dtype, np.integer) and a.dtype != np.bool_):
            raise TypeError(f"actions must be integers, not {a.dtype}")
        with self._lock:
            self._actions[:] = a
            check(lib.mg_vec_step(self.handle, self._actions.ctypes.data, self.n, *self._ptrs))

"""Python policies played by Go: opponents of the Gymnasium and vector
environments, entrants of :func:`moongym.arena`.

A policy is a callable::

    policy(observation, action_mask) -> action
    policy(observation, action_mask, info) -> action

- ``observation``: the seat's observation, a new float32 array of the
  game's shape (relative to that seat, as every moongym observation);
- ``action_mask``: a new int8 array of ``num_actions``, 1 for the legal
  actions;
- ``info`` (given when the callable accepts a third positional argument):
  a dict with ``"seat"`` (the seat to act), ``"seed"`` (an integer for
  the agent of this episode or arena game and seat: the same for every
  move of it, for a policy that draws at random), ``"game"`` (the arena's
  game index, None in an environment) and ``"state"`` (the game state in
  its JSON form, what ``env.state()`` gives: ``moongym.Agent.act(state)``
  takes it);
- the result is the action: a Python or NumPy integer that is legal (a
  0-d integer array too).

Go asks the policy for each move of its seats, from the thread that
steps the environment or from Go's own threads (the vector environment's,
the arena's when it plays games in parallel), holding the GIL as any
Python code does. An illegal action or a result that is not an integer
raises :class:`moongym.PolicyError` (a ``TypeError`` for a non-integer)
naming the policy and its seat; an exception the policy raises comes out
of the call that stepped the environment (``step``, ``reset``, the
arena) as it is, with a note saying where.
"""

from __future__ import annotations

import ctypes
import inspect
import itertools
import threading
from ctypes import c_float, c_int8, c_int32, c_int64, c_uint64, c_void_p
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from . import _lib, core
from .errors import BadAgentError, PolicyError

Policy = Callable[..., Any]
"""A Python policy: ``(observation, action_mask[, info]) -> action``."""

_POLICY_FN = ctypes.CFUNCTYPE(c_int64, c_int64, c_int32, c_void_p, c_int64, c_void_p, c_int64, c_void_p, c_int64, c_int64, c_uint64)

_policies: dict[int, "PythonPolicy"] = {}
_ids = itertools.count(1)
_tokens = itertools.count(1)
_MAX_KEPT = 1024  # exceptions kept for Go errors not raised (an arena's later games)
_lock = threading.Lock()


def _keep_exception(exc: BaseException) -> int:
    """Keeps exc under a new token for _lib.error to raise."""
    with _lock:
        token = next(_tokens)
        kept = _lib.python_exceptions
        kept[token] = exc
        while len(kept) > _MAX_KEPT:
            kept.pop(next(iter(kept)))
    return token


def _call(pid: int, seat: int, obs: int, nobs: int, mask: int, nmask: int, state: int, nstate: int, game: int, seed: int) -> int:
    """The callback Go calls (callback.go's mg_policy_fn): policy pid's
    action, or -token of the exception it raised."""
    try:
        p = _policies[pid]
        o = np.frombuffer((c_float * nobs).from_address(obs), dtype=np.float32).reshape(p.shape).copy()
        m = np.frombuffer((c_int8 * nmask).from_address(mask), dtype=np.int8).copy()
        if p.wants_info:
            info = {
                "seat": seat,
                "seed": seed,
                "game": None if game < 0 else game,
                "state": ctypes.string_at(state, nstate).decode("utf-8") if nstate else None,
            }
            action = p.fn(o, m, info)
        else:
            action = p.fn(o, m)
        return p.check(action, m, seat)
    except BaseException as e:  # noqa: BLE001 - every exception goes back to the caller
        return -_keep_exception(e)


_callback = _POLICY_FN(_call)
_lib.check(_lib.lib.mg_set_policy_callback(ctypes.cast(_callback, c_void_p)))


def takes_info(fn: Policy) -> bool:
    """Whether fn accepts a third positional argument (info); TypeError if
    it does not accept two."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return False  # a builtin without a signature: called with two
    try:
        sig.bind(None, None, None)
        return True
    except TypeError:
        pass
    try:
        sig.bind(None, None)
    except TypeError:
        raise TypeError(f"a policy is called as policy(observation, action_mask) or policy(observation, action_mask, info); {name_of(fn)} takes neither") from None
    return False


def name_of(fn: Any) -> str:
    """A policy's name for errors and reports: its qualified name, else its
    class's."""
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__
    return str(name).replace("\n", " ").replace(",", ";").strip() or "policy"


class PythonPolicy(core._Handle):
    """A callable registered with Go for one game configuration (game and
    params), to seat as an opponent (``spec``, "@H") or an arena entrant.
    Kept alive by what seats it; freed with it."""

    def __init__(self, fn: Policy, game: str, params: Mapping[str, Any], name: str | None = None) -> None:
        if not callable(fn):
            raise TypeError(f"a policy must be callable, not {type(fn).__name__}")
        self.fn = fn
        self.wants_info = takes_info(fn)
        self.name = name if name is not None else name_of(fn)
        if not isinstance(self.name, str) or "\n" in self.name or not self.name.strip():
            raise BadAgentError(f"bad policy name {self.name!r}: want a non-empty string on one line")
        self.id = next(_ids)
        h = ctypes.c_uint64()
        _policies[self.id] = self
        try:
            _lib.check(_lib.lib.mg_policy_new(self.id, self.name.encode(), int(self.wants_info), game.encode(), core.encode_params(params), ctypes.byref(h)))
        except BaseException:
            del _policies[self.id]
            raise
        self._h = h.value
        info = core.Env(game, params).info
        self.shape = info.shape
        self.num_actions = info.num_actions

    @property
    def spec(self) -> str:
        """How the C API names it among opponents and entrants."""
        return f"@{self.handle}"

    def check(self, action: Any, mask: np.ndarray, seat: int) -> int:
        """action as a legal int, else the error naming the policy."""
        try:
            a = core.to_action(action)
        except TypeError:
            raise TypeError(f"the Python policy {self.name} at seat {seat} returned {action!r}: an action is an integer") from None
        except ValueError:
            a = -1
        if not 0 <= a < self.num_actions or not mask[a]:
            legal = ", ".join(map(str, np.flatnonzero(mask)))
            raise PolicyError(f"the Python policy {self.name} at seat {seat} played {action!r}, which is not legal here (legal actions: {legal})")
        return a

    def close(self) -> None:
        _policies.pop(getattr(self, "id", 0), None)
        super().close()


def seat_specs(players: Any, game: str, params: Mapping[str, Any], what: str = "opponent") -> tuple[list[str], list[PythonPolicy]]:
    """The C API's specs of opponents or entrants given as agent spec
    strings, moongym.Agent objects (their spec) or callables (Python
    policies, registered here), and the PythonPolicy objects to keep alive
    with what seats them."""
    from .agent import Agent

    items = [players] if isinstance(players, str) or not isinstance(players, Sequence) else list(players)
    specs: list[str] = []
    keep: list[PythonPolicy] = []
    for p in items:
        if isinstance(p, str):
            specs.append(p)
        elif isinstance(p, Agent):
            specs.append(p.spec)
        elif isinstance(p, PythonPolicy):
            specs.append(p.spec)
            keep.append(p)
        elif callable(p):
            pol = PythonPolicy(p, game, params)
            specs.append(pol.spec)
            keep.append(pol)
        else:
            raise BadAgentError(
                f"bad {what} {p!r}: want an agent spec (a string such as 'heuristic' or 'mcts:sims=64'), a moongym.Agent, "
                "or a callable policy(observation, action_mask[, info]) -> action"
            )
    return specs, keep


def has_python(players: Any) -> bool:
    """Whether players (as seat_specs takes them) include a Python policy."""
    from .agent import Agent

    if isinstance(players, str) or players is None:
        return False
    items = list(players) if isinstance(players, Sequence) else [players]
    return any(isinstance(p, PythonPolicy) or (callable(p) and not isinstance(p, (str, Agent))) for p in items)

"""moongym's agents from Python, acting on an environment's current state."""

from __future__ import annotations

import ctypes
import threading
from typing import Any, Callable, Mapping

import numpy as np

from . import core
from ._lib import check, lib


def _core_env(env: Any) -> core.Env:
    """The core.Env under a moongym environment (wrappers allowed)."""
    for e in (env, getattr(env, "unwrapped", None)):
        c = getattr(e, "_core", None)
        if isinstance(c, core.Env):
            return c
        if isinstance(e, core.Env):
            return e
    raise TypeError(
        f"{type(env).__name__} is not a moongym environment (AEC, single-agent or core.Env) nor a state "
        "(the JSON form env.state() gives: a str, bytes or dict)"
    )


class Agent(core._Handle):
    """An agent from a spec (``"random"``, ``"heuristic"``, ``"mcts:sims=64"``,
    ``"az:model=builtin"``, ...) for a game: a name with its parameters as
    keyword arguments, or a moongym environment whose game it takes.
    seed is used when the spec sets none.

    Its methods take a moongym environment (acting for the seat to act in
    its current state) or a saved state, the JSON form ``env.state()``
    gives (a str, bytes or dict) of this agent's game configuration.

    >>> env = moongym.pettingzoo.env("tictactoe"); env.reset(seed=1)
    >>> moongym.Agent("mcts:sims=200", env).act(env)
    """

    def __init__(self, spec: str, game: Any, seed: int = 0, **params: Any) -> None:
        if not isinstance(spec, str):
            raise TypeError(f"spec must be a string, not {type(spec).__name__}")
        if isinstance(game, str):
            name, resolved = game, params
        else:
            info = _core_env(game).info
            name, resolved = info.name, {**info.params, **params}
        h = ctypes.c_uint64()
        check(lib.mg_agent_new(spec.encode(), name.encode(), core.encode_params(resolved), int(seed), ctypes.byref(h)))
        self._h = h.value
        self.spec = spec
        self.seed = int(seed)
        self._env_info = core.Env(name, resolved).info
        self._action = ctypes.c_int64()
        # The environment a saved state is set into (made when first
        # needed), and the lock that keeps its state until the agent acted
        # on it (threads, and Go's threads asking Python policies).
        self._scratch: core.Env | None = None
        self._scratch_lock = threading.Lock()

    @property
    def num_actions(self) -> int:
        return self._env_info.num_actions

    @property
    def game_info(self) -> core.GameInfo:
        """The game configuration the agent plays."""
        return self._env_info

    def _call(self, env_or_state: Any, fn: Callable[[int], None]) -> None:
        """fn(handle of the environment to act on): env's own, or the
        scratch environment set to the given state."""
        if isinstance(env_or_state, (str, bytes, bytearray, Mapping)):
            with self._scratch_lock:
                if self._scratch is None:
                    info = self._env_info
                    self._scratch = core.Env(info.name, info.params)
                self._scratch.set_state(env_or_state)
                fn(self._scratch.handle)
            return
        fn(_core_env(env_or_state).handle)

    def act(self, env: Any) -> int:
        """The agent's action for the seat to act in env's current state
        (or in a saved state)."""
        self._call(env, lambda h: check(lib.mg_agent_act(self.handle, h, ctypes.byref(self._action))))
        return int(self._action.value)

    def policy(self, env: Any) -> np.ndarray:
        """The agent's probability of every action in env's current state
        (or in a saved state): float64, zero for illegal actions. Agents
        without a policy of their own (heuristic, greedy, expert) put 1 on
        their decision: the action act plays in the same state, whichever
        of the two is asked first (such an agent decides once per state:
        act after policy plays policy's decision)."""
        out = np.zeros(self.num_actions, dtype=np.float64)
        self._call(env, lambda h: check(lib.mg_agent_policy(self.handle, h, out.ctypes.data, out.size)))
        return out

    def value(self, env: Any) -> np.ndarray:
        """The agent's value of env's current state (or of a saved state)
        for every seat: float64, in seat order, in the game's utility range
        (``game_info.min_utility`` .. ``max_utility``). A ``net`` agent
        gives its network's values; ``az`` and ``mcts`` agents search (their
        ``sims`` simulations) and give the root's mean value per seat.
        Other agents have no value: BadAgentError."""
        out = np.zeros(self._env_info.num_players, dtype=np.float64)
        self._call(env, lambda h: check(lib.mg_agent_value(self.handle, h, out.ctypes.data, out.size)))
        return out

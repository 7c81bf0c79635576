"""moongym's agents from Python, acting on an environment's current state."""

from __future__ import annotations

import ctypes
from typing import Any

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
    raise TypeError(f"{type(env).__name__} is not a moongym environment (AEC, single-agent or core.Env)")


class Agent(core._Handle):
    """An agent from a spec (``"random"``, ``"heuristic"``, ``"mcts:sims=64"``,
    ``"az:model=builtin"``, ...) for a game: a name with its parameters as
    keyword arguments, or a moongym environment whose game it takes.
    seed is used when the spec sets none.

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
        self._env_info = core.Env(name, resolved).info
        self._action = ctypes.c_int64()

    @property
    def num_actions(self) -> int:
        return self._env_info.num_actions

    def act(self, env: Any) -> int:
        """The agent's action for the seat to act in env's current state."""
        check(lib.mg_agent_act(self.handle, _core_env(env).handle, ctypes.byref(self._action)))
        return int(self._action.value)

    def policy(self, env: Any) -> np.ndarray:
        """The agent's probability of every action in env's current state
        (float64, zero for illegal actions; 1 on its action for agents
        without a policy)."""
        out = np.zeros(self.num_actions, dtype=np.float64)
        check(lib.mg_agent_policy(self.handle, _core_env(env).handle, out.ctypes.data, out.size))
        return out

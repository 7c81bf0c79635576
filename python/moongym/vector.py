"""A Gymnasium vector environment: N games stepped by Go in one call.

>>> import moongym.vector
>>> envs = moongym.vector.VectorEnv("tictactoe", num_envs=256)
>>> obs, info = envs.reset(seed=1)
>>> actions = moongym.vector.random_legal_actions(info["action_mask"], rng)
>>> obs, rewards, terminated, truncated, info = envs.step(actions)

Go steps the games on its own threads (the GIL is released meanwhile) and
writes observations, masks, rewards and flags into preallocated NumPy arrays.
Autoreset is Gymnasium's next-step mode by default, as in Go's ``env.Vec``:
the step that ends an episode returns its final observation; the next step
of that environment ignores its action and returns the first observation of
a new episode with reward 0. With ``autoreset_mode=AutoresetMode.SAME_STEP``
(or ``"SameStep"``) the step that ends an episode starts the next one too
(in Go, in the same call): it returns the new episode's first observation,
mask and seat to act with the ended episode's rewards and flags, and the
final observation in ``info["final_obs"]`` (Gymnasium's same-step
convention, Stable-Baselines3's; :mod:`moongym.sb3` is built on it).

With ``opponents`` (agent specs, :class:`moongym.Agent` objects or Python
policies, as :class:`moongym.gymnasium.SingleAgentEnv` takes them) each
environment is a single-agent game for ``seat``. Go asks a Python policy for
its moves from the threads that step the games, one observation at a time
(serialized by the GIL); an exception it raises comes out of ``step``, after
which the vector environment must be reset. Without, every game
is played by the caller for every seat (self-play): the observation is the
seat to act's (``info["player"]``; at the end the seat that acted last), the
reward is that of the seat that acted, and ``info["rewards"]`` has every
seat's.

An illegal action ends its environment's episode (``illegal_action="lose"``,
the default, as :class:`moongym.gymnasium.SingleAgentEnv`): the mover
forfeits (reward ``min_utility``, the other seats' 0, terminated; nothing is
played), ``info["illegal_action"]`` marks it, and the first one of the
vector environment is warned about. With ``illegal_action="raise"`` a batch
with an illegal action raises :class:`moongym.IllegalActionError` and no
environment steps.

``gymnasium.make_vec("moongym/<game>-v0", num_envs=n)`` makes one through
:func:`make_vec`, with the defaults of ``gymnasium.make`` (``opponents=
"random"``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as _GymVectorEnv
from gymnasium.vector.utils import batch_space

from . import core
from .gymnasium import check_illegal_action_mode, warn_illegal_action


def autoreset_mode_of(mode: AutoresetMode | str) -> AutoresetMode:
    """The AutoresetMode named by mode (the enum or its value); next-step
    and same-step are supported."""
    try:
        m = AutoresetMode(mode)
    except ValueError:
        m = None
    if m not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
        raise ValueError(f"autoreset_mode must be AutoresetMode.NEXT_STEP or AutoresetMode.SAME_STEP (\"NextStep\" or \"SameStep\"), not {mode!r}")
    return m


def random_legal_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of a (n, actions) mask (0 for
    rows without one)."""
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


class VectorEnv(_GymVectorEnv):
    """num_envs environments of one game configuration (see the module doc).
    With copy=False the returned arrays are the environment's own buffers,
    overwritten by the next step. autoreset_mode is next-step (the default)
    or same-step; ``metadata["autoreset_mode"]`` says which."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int,
        opponents: Any = None,
        seat: int = 0,
        max_steps: int = 0,
        copy: bool = True,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        **params: Any,
    ) -> None:
        if render_mode is not None:
            raise ValueError("the vector environment does not render; use render_mode=None")
        self.autoreset_mode = autoreset_mode_of(autoreset_mode)
        self._same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.illegal_action = check_illegal_action_mode(illegal_action)
        self._forfeit = illegal_action == "lose"
        self._warned = False
        self._core = core.Vec(num_envs, game, params, max_steps=max_steps, seat=seat if opponents is not None else -1, opponents=opponents)
        info = self._core.info
        self.game_info = info
        self.num_envs = self._core.n
        self.copy = copy
        self.self_play = opponents is None
        self.single_observation_space = spaces.Box(low=info.low, high=info.high, shape=info.shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(info.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, info.num_actions))
        self._mover = np.zeros(self.num_envs, dtype=np.int64)
        self._rows = np.arange(self.num_envs)
        self._np_random = None

    def _out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a

    def _info(self) -> dict[str, np.ndarray]:
        c = self._core
        info = {"action_mask": self._out(c.mask), "player": self._out(c.player)}
        if self.self_play:
            info["rewards"] = self._out(c.rewards)
        if self._forfeit:
            info["illegal_action"] = c.illegal.astype(bool)
        return info

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        """Resets every environment. seed is one integer: environment i's
        episodes draw their seeds from it and i."""
        if seed is not None and not isinstance(seed, (int, np.integer)):
            raise TypeError(f"seed must be one integer (or None), not {type(seed).__name__}")
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self._core.reset(int(self._np_random.integers(2**63)))
        np.maximum(self._core.player, 0, out=self._mover)
        return self._out(self._core.obs), self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Steps every environment. In the same-step mode, the environments
        whose episode ended (terminated or truncated) return the first
        observation of their next episode, with its mask and seat to act in
        info, and their final observation in ``info["final_obs"]`` (an
        object array, None for the others; ``info["_final_obs"]`` marks
        them), their last step's info in ``info["final_info"]``: every
        seat's rewards in self-play, the forfeit flag (as Gymnasium's
        SyncVectorEnv gives a sub-environment's). The reward and flags are
        the ended episode's last."""
        c = self._core
        c.step(actions, self._forfeit, same_step=self._same_step)
        if self._forfeit and not self._warned and c.illegal.any():
            self._warned = True
            i = int(np.argmax(c.illegal))
            warn_illegal_action(f"env {i}: illegal action {int(np.asarray(actions)[i])}")
        if self.self_play:
            reward = c.rewards[self._rows, self._mover]
            np.maximum(c.player, 0, out=self._mover)
        else:
            reward = c.rewards[:, 0].copy()
        terminated, truncated = c.terminated.astype(bool), c.truncated.astype(bool)
        info = self._info()
        if self._same_step:
            ended = terminated | truncated
            if ended.any():
                self._final_info(info, ended)
        return self._out(c.obs), reward, terminated, truncated, info

    def _final_info(self, info: dict[str, Any], ended: np.ndarray) -> None:
        """Adds the same-step mode's final observations and final infos of
        the ended environments to info."""
        c = self._core
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final_obs[i] = c.final_obs[i].copy()
        final: dict[str, Any] = {}
        if self.self_play:
            final["rewards"], final["_rewards"] = c.rewards * ended[:, None], ended.copy()
        if self._forfeit:
            final["illegal_action"], final["_illegal_action"] = c.illegal.astype(bool) & ended, ended.copy()
        info["final_obs"], info["_final_obs"] = final_obs, ended
        info["final_info"], info["_final_info"] = final, ended.copy()

    def close_extras(self, **kwargs: Any) -> None:
        self._core.close()


def make_vec(
    game: str,
    num_envs: int = 1,
    opponents: Any = "random",
    **kwargs: Any,
) -> VectorEnv:
    """The vector entry point of the registered ``moongym/<game>-v0``
    (``gymnasium.make_vec``'s default mode): a :class:`VectorEnv` with the
    defaults of ``gymnasium.make`` for the same id, so that it steps the same
    environments as ``vectorization_mode="sync"`` would: a learner at
    ``seat`` against ``opponents`` (``"random"`` unless given; None for
    self-play)."""
    return VectorEnv(game, num_envs, opponents=opponents, **kwargs)

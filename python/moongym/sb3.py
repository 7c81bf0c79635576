"""Stable-Baselines3: moongym's vector environment as an SB3 ``VecEnv``.

>>> from sb3_contrib import MaskablePPO
>>> from stable_baselines3.common.vec_env import VecMonitor
>>> import moongym.sb3
>>> env = VecMonitor(moongym.sb3.VecEnv("planet-cubes", num_envs=16, opponents="heuristic", players=3))
>>> model = MaskablePPO("MlpPolicy", env, n_steps=64, seed=0).learn(4096)

:class:`VecEnv` steps its games as :class:`moongym.VectorEnv` does, in one
call into Go for every environment (no ``DummyVecEnv`` loop over
single-agent environments), in the same-step autoreset mode that SB3
requires: the step that ends an episode returns the next episode's first
observation, the final one in ``infos[i]["terminal_observation"]``, and
``infos[i]["TimeLimit.truncated"]`` when the episode was cut by
``max_steps`` (for bootstrapping). Its ``action_masks()`` (what
sb3-contrib's MaskablePPO asks for, through ``env_method``) is the mask of
the observation returned, so it is never all zeros: at an end it is the
new episode's.

Importing this module imports stable_baselines3 (and so torch); ``import
moongym`` does not.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

try:
    from stable_baselines3.common.vec_env import VecEnv as _SB3VecEnv
    from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvStepReturn
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError(
        "moongym.sb3 needs Stable-Baselines3 (pip install stable-baselines3, and sb3-contrib for MaskablePPO); "
        f"importing it failed: {e}"
    ) from e

from . import core
from .errors import EpisodeOverError
from .gymnasium import check_illegal_action_mode, warn_illegal_action

__all__ = ["VecEnv"]


class VecEnv(_SB3VecEnv):
    """num_envs games of one configuration for Stable-Baselines3: a learner at
    ``seat`` against ``opponents`` (any form :class:`moongym.VectorEnv`
    takes: agent specs, :class:`moongym.Agent` objects, Python policies;
    ``"random"`` unless given), or, with ``opponents=None``, self-play: the
    observation is the seat to act's, the reward that of the seat that
    acted (``infos[i]["rewards"]`` has every seat's at an end).

    - Observations are the game's tensor (a float32 ``Box``), actions a
      ``Discrete(num_actions)``; rewards float32, as ``DummyVecEnv`` gives.
    - Same-step autoreset, SB3's convention (see the module doc); an ended
      environment's info has ``terminal_observation``,
      ``TimeLimit.truncated`` and ``illegal_action``; the others' infos are
      empty.
    - :meth:`action_masks` is the (num_envs, num_actions) bool mask of the
      observations last returned; ``env_method("action_masks")`` gives its
      rows, and ``get_attr``/``has_attr`` find it, as MaskablePPO asks.
    - An illegal action ends its environment's episode, the learner
      forfeiting, as in :class:`moongym.VectorEnv` (``illegal_action=
      "lose"``, warned about once); ``"raise"`` refuses the batch.
    - ``seed(s)`` (which SB3's algorithms call with their seed) seeds the
      next ``reset()``: environment i's episodes derive from s and i, as
      :class:`moongym.VectorEnv`'s from ``reset(seed=s)`` (the same games
      as its same-step mode); a ``reset()`` without a new seed continues
      the generator.
    - There are no per-environment Python objects: ``get_attr`` gives the
      vector's attributes shared by every environment (``render_mode``,
      ``game_info``, the spaces), ``set_attr`` and other ``env_method``
      names raise ``AttributeError``, ``env_is_wrapped`` is False. No
      rendering.
    """

    # The attributes get_attr gives, the same for every environment.
    _SHARED_ATTRS = ("render_mode", "game_info", "observation_space", "action_space", "self_play", "illegal_action")

    def __init__(
        self,
        game: str,
        num_envs: int,
        opponents: Any = "random",
        seat: int = 0,
        max_steps: int = 0,
        illegal_action: str = "lose",
        **params: Any,
    ) -> None:
        self.illegal_action = check_illegal_action_mode(illegal_action)
        self._forfeit = illegal_action == "lose"
        self._warned = False
        self._core = core.Vec(num_envs, game, params, max_steps=max_steps, seat=seat if opponents is not None else -1, opponents=opponents)
        info = self._core.info
        self.game_info = info
        self.self_play = opponents is None
        self.render_mode = None
        n = self._core.n
        observation_space = spaces.Box(low=info.low, high=info.high, shape=info.shape, dtype=np.float32)
        super().__init__(n, observation_space, spaces.Discrete(info.num_actions))
        self._actions: np.ndarray | None = None
        self._np_random: np.random.Generator | None = None
        self._mover = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        self._masks = np.zeros((n, info.num_actions), dtype=bool)
        self._started = False

    def reset(self) -> np.ndarray:
        """Resets every environment; seeded by the last ``seed(s)`` if
        there was one since the last reset (environment i's episodes from s
        and i), else continuing the generator."""
        if any(self._options):
            raise ValueError(f"moongym environments take no reset options, not {self._options[0]!r}")
        seed = self._seeds[0]
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self._reset_seeds()
        self._reset_options()
        c = self._core
        c.reset(int(self._np_random.integers(2**63)))
        np.maximum(c.player, 0, out=self._mover)
        np.not_equal(c.mask, 0, out=self._masks)
        self.reset_infos = [{} for _ in range(self.num_envs)]
        self._started = True
        return c.obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> VecEnvStepReturn:
        """Steps every environment with the actions of ``step_async``:
        observations, rewards, dones and infos as SB3 defines them."""
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async(actions)")
        actions, self._actions = self._actions, None
        c = self._core
        c.step(actions, self._forfeit, same_step=True)
        if self._forfeit and not self._warned and c.illegal.any():
            self._warned = True
            i = int(np.argmax(c.illegal))
            warn_illegal_action(f"env {i}: illegal action {int(actions[i])}")
        if self.self_play:
            reward = c.rewards[self._rows, self._mover].astype(np.float32)
            np.maximum(c.player, 0, out=self._mover)
        else:
            reward = c.rewards[:, 0].astype(np.float32)
        np.not_equal(c.mask, 0, out=self._masks)
        terminated, truncated = c.terminated.astype(bool), c.truncated.astype(bool)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            info = infos[i]
            info["terminal_observation"] = c.final_obs[i].copy()
            info["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
            info["illegal_action"] = bool(c.illegal[i])
            if self.self_play:
                info["rewards"] = c.rewards[i].copy()
        return c.obs.copy(), reward, dones, infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of the observations last returned, (num_envs,
        num_actions) bool (a copy): never all zeros in a row, since an
        ended episode is followed by the next one in the same step."""
        if not self._started:
            raise EpisodeOverError("no episode started: call reset() first")
        return self._masks.copy()

    def _env_action_mask(self, i: int) -> np.ndarray:
        return self.action_masks()[i]

    def close(self) -> None:
        self._core.close()

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """An attribute per environment: ``action_masks`` (each
        environment's, a callable), or one of the attributes every
        environment shares (``render_mode``, ``game_info``, the spaces)."""
        idx = list(self._get_indices(indices))
        if attr_name == "action_masks":
            return [partial(self._env_action_mask, i) for i in idx]
        if attr_name in self._SHARED_ATTRS:
            return [getattr(self, attr_name)] * len(idx)
        raise AttributeError(
            f"moongym.sb3.VecEnv: its environments have no attribute {attr_name!r} "
            f"(they share {', '.join(self._SHARED_ATTRS)}; action_masks)"
        )

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise AttributeError(f"moongym.sb3.VecEnv: its environments are games in Go, with no attribute to set ({attr_name!r})")

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None, **method_kwargs: Any) -> list[Any]:
        """``action_masks``: each environment's mask (what MaskablePPO
        calls); there is no other method."""
        if method_name != "action_masks":
            raise AttributeError(f"moongym.sb3.VecEnv: its environments have no method {method_name!r} (only action_masks)")
        if method_args or method_kwargs:
            raise TypeError("action_masks() takes no arguments")
        masks = self.action_masks()
        return [masks[i] for i in self._get_indices(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        return [False] * len(list(self._get_indices(indices)))

    def get_images(self) -> Sequence[np.ndarray | None]:
        raise NotImplementedError("moongym.sb3.VecEnv does not render")

"""Gymnasium single-agent environments: one seat learns, moongym agents play
the others.

Registered on ``import moongym`` as ``moongym/<game>-v0``:

>>> import gymnasium, moongym
>>> env = gymnasium.make("moongym/planet-cubes-v0", opponents="heuristic")

The observation is the learner's tensor (float32, the game's shape); the
legal actions are in ``info["action_mask"]`` (int8) and
``env.action_masks()``. ``env.action_space.sample()`` draws a legal action
when the learner is to act (pass a mask to choose another).

An illegal action ends the episode (``illegal_action="lose"``, the
default): the learner forfeits, with reward ``min_utility`` (the game's
worst return), ``terminated`` and ``info["illegal_action"] = True``, and a
:class:`moongym.errors.IllegalActionWarning` the first time for each
environment. This is the convention of PettingZoo's classic games (their
``TerminateIllegalWrapper``: the mover loses, the game ends), and it lets
Gymnasium's ``check_env`` and learners that do not mask pass. With
``illegal_action="raise"`` an illegal action raises
:class:`moongym.IllegalActionError` and changes nothing.

``render_mode="ansi"`` renders the game's text drawing; ``"rgb_array"`` its
picture rasterized by Go to a uint8 array (height, ``render_width``, 3).
"""

from __future__ import annotations

import copy
import warnings
import weakref
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from . import core
from .errors import BadArgumentError, EpisodeOverError, IllegalActionError, IllegalActionWarning

ILLEGAL_ACTION_MODES = ("lose", "raise")
"""What an illegal action does in the Gymnasium environments: ends the
episode with the mover's forfeit (the default), or raises."""


def check_illegal_action_mode(mode: Any) -> str:
    """mode if it is one of ILLEGAL_ACTION_MODES, else ValueError."""
    if mode not in ILLEGAL_ACTION_MODES:
        raise ValueError(f"illegal_action must be 'lose' (forfeit, the default) or 'raise', not {mode!r}")
    return mode


def warn_illegal_action(what: str) -> None:
    """The once-per-environment warning of a forfeit."""
    warnings.warn(
        f"moongym: {what}: the episode ends, the mover forfeiting (reward min_utility, terminated, "
        'info["illegal_action"]); mask actions with info["action_mask"], or make the environment with '
        'illegal_action="raise" to get IllegalActionError instead (warned once per environment)',
        IllegalActionWarning,
        stacklevel=3,
    )


class LegalDiscrete(spaces.Discrete):
    """A Discrete action space whose ``sample()`` without a mask draws among
    the legal actions of its environment's current state (uniformly over all
    actions when nobody is to act)."""

    def __init__(self, n: int, env: "SingleAgentEnv | None" = None, seed: Any = None) -> None:
        super().__init__(n, seed=seed)
        self._env = weakref.ref(env) if env is not None else None

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None) -> np.int64:
        if mask is None and probability is None and self._env is not None:
            env = self._env()
            if env is not None and env._mask is not None and env._mask.any():
                mask = env._mask
        return super().sample(mask=mask, probability=probability)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_env"] = None
        return state


class SingleAgentEnv(gymnasium.Env):
    """A moongym game for one learner at ``seat``; ``opponents`` is one
    opponent for every other seat or a list, one per other seat in seat
    order, each an agent spec (``"random"``, ``"heuristic"``,
    ``"mcts:sims=64"``, ``"az:model=builtin"``), a :class:`moongym.Agent`
    (its spec) or a Python policy, a callable
    ``policy(observation, action_mask[, info]) -> action`` (see
    :mod:`moongym.policy`): a snapshot of the learner's own policy, for
    self-play. Game parameters are keyword arguments.

    ``state()`` / ``set_state(s)`` read and set the game state (its JSON
    form) and ``copy.deepcopy(env)`` (or ``env.copy()``) copies the
    environment, so that a search can branch."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        opponents: Any = "random",
        seat: int = 0,
        max_steps: int = 0,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        render_width: int = 800,
        **params: Any,
    ) -> None:
        check_illegal_action_mode(illegal_action)
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (use 'ansi', 'rgb_array' or None)")
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or seat < 0:
            raise TypeError(f"seat must be a non-negative integer, not {seat!r}")
        self.render_width = core.integer_arg("render_width", render_width, "a width in pixels (1..8192)")
        if not 1 <= self.render_width <= 8192:
            raise BadArgumentError(f"bad argument: render_width must be a width in pixels (1..8192), not {render_width}")
        self._core = core.Env(game, params, max_steps=max_steps, seat=int(seat), opponents=opponents)
        info = self._core.info
        self.game_info = info
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=info.low, high=info.high, shape=info.shape, dtype=np.float32)
        self.action_space = LegalDiscrete(info.num_actions, self)
        self.illegal_action = illegal_action
        self._mask: np.ndarray | None = None
        self._forfeit = False
        self._warned = False

    def _observe(self) -> tuple[np.ndarray, dict]:
        obs, mask = self._core.observe()
        self._mask = mask
        return obs, {"action_mask": mask.copy()}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        episode_seed = int(self.np_random.integers(2**63))
        agent_seed = int(self.np_random.integers(2**63)) if seed is not None else None
        self._core.reset(episode_seed, agent_seed)
        self._forfeit = False
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self._forfeit:
            raise EpisodeOverError("env: reset needed: the episode is over (the learner forfeited with an illegal action): call reset() to start a new one")
        try:
            rewards, terminated, truncated, _ = self._core.step(action)
        except IllegalActionError as e:
            if self.illegal_action == "raise":
                raise
            if not self._warned:
                self._warned = True
                warn_illegal_action(str(e))
            self._forfeit = True
            obs, info = self._observe()
            self._mask[:] = 0
            info["action_mask"][:] = 0
            info["illegal_action"] = True
            return obs, float(self.game_info.min_utility), True, False, info
        obs, info = self._observe()
        return obs, rewards[0], terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self._mask.astype(bool) if self._mask is not None else np.zeros(self.action_space.n, dtype=bool)

    def render(self) -> str | np.ndarray | None:
        """The text drawing (render_mode "ansi") or the picture (an RGB
        uint8 array, render_mode "rgb_array") of the whole state."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; make the env with render_mode='ansi' or 'rgb_array'")
            return None
        if self.render_mode == "rgb_array":
            return self._core.render_rgb(-1, self.render_width)
        return self._core.render()

    def close(self) -> None:
        self._core.close()

    def state(self) -> str:
        """The game state in its JSON form (the whole state, hidden
        information included): ``set_state`` and ``moongym.Agent``'s
        methods take it."""
        return self._core.state()

    def set_state(self, state: str | bytes | dict) -> tuple[np.ndarray, dict]:
        """Sets the game state (the JSON form ``state()`` gives) and
        returns the learner's observation and info, as reset does: the
        episode goes on from that state (opponents playing until the
        learner is to act; chance from this environment's generator; the
        step count for max_steps from 0). A state that does not decode
        raises BadArgumentError and changes nothing."""
        self._core.set_state(state)
        self._forfeit = False
        return self._observe()

    def copy(self) -> "SingleAgentEnv":
        """An independent copy (``copy.deepcopy(env)``): the same state,
        chance generator, step count, seeds and settings; the opponents
        are made afresh from the seed of the last seeded reset (agents
        keep no state across copies), Python policies shared."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict) -> "SingleAgentEnv":
        c = type(self).__new__(type(self))
        memo[id(self)] = c
        memo[id(self._core)] = self._core.copy()
        for k, v in self.__dict__.items():
            c.__dict__[k] = copy.deepcopy(v, memo)
        c.action_space._env = weakref.ref(c)
        return c

    __copy__ = copy


def register_all(names: Sequence[str]) -> None:
    """Registers moongym/<game>-v0 for every game (done on import)."""
    for name in names:
        env_id = f"moongym/{name}-v0"
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="moongym.gymnasium:SingleAgentEnv",
            vector_entry_point="moongym.vector:make_vec",
            kwargs={"game": name},
        )

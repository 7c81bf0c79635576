"""PettingZoo AEC environments for every moongym game.

>>> from moongym.pettingzoo import env
>>> e = env("lunar-rally", players=3, scenario="blue")

Agents are ``player_0`` .. ``player_{n-1}`` (seat i is ``player_i``).
Observations are dicts ``{"observation": float32 array of the game's shape,
"action_mask": int8 array}``; the mask is all zero for agents not to act.
Chance nodes (dice, shuffles) are resolved inside, from the generator seeded
by ``reset(seed=...)``. An illegal action raises
:class:`moongym.IllegalActionError` and changes nothing.

One environment is for one thread at a time, as PettingZoo's own are: a
``step`` or ``reset`` while another thread is inside one of them (in Go, or
updating agent_selection, the rewards and the rest after it) raises
:class:`moongym.ConcurrentUseError` and changes nothing, instead of letting
the Python-side state drift from the game in Go. ``last`` and ``observe``
only read: each gives a consistent observation of the seat it names.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable

from . import core
from .errors import ConcurrentUseError, EpisodeOverError

NOT_STARTED = "env: reset needed: no episode started: call reset() first"
CONCURRENT = (
    "moongym: this environment is being stepped or reset by another thread: a PettingZoo environment is for "
    "one thread at a time (give each thread its own environment, or serialize the calls with a lock of your "
    "own); nothing changed"
)


def env(game: str, render_mode: str | None = None, max_steps: int = 0, **params: Any) -> "MoongymAECEnv":
    """The AEC environment of a registered game; params are the game's
    parameters (``players=3``, ``scenario="blue"``); max_steps > 0 truncates
    episodes after that many decisions."""
    return MoongymAECEnv(game, render_mode=render_mode, max_steps=max_steps, **params)


raw_env = env


class MoongymAECEnv(AECEnv):
    """A moongym game as a PettingZoo AEC environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "moongym", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, max_steps: int = 0, **params: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (use 'ansi' or None)")
        self._core = core.Env(game, params, max_steps=max_steps)
        info = self._core.info
        self.game_info = info
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"moongym_{info.name}")
        self.possible_agents = [f"player_{i}" for i in range(info.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_box = spaces.Box(low=info.low, high=info.high, shape=info.shape, dtype=np.float32)
        mask_box = spaces.Box(low=0, high=1, shape=(info.num_actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": obs_box, "action_mask": mask_box}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(info.num_actions) for a in self.possible_agents}
        self.agents = []
        self.agent_selection = None  # until the first reset
        # The reset and step calls in progress (see the module doc): each
        # appends itself and pops itself (atomic list operations), and
        # finds itself alone unless another thread is inside one. Cheaper
        # than a lock (a tenth of a microsecond a step on the project's
        # machine; see docs/python.md).
        self._busy: list[None] = []
        self._np_random = None
        self._episode_seeds: list[int] = []  # the next episodes' seeds, last first
        self._zero_rewards = dict.fromkeys(self.possible_agents, 0.0)
        self._false = dict.fromkeys(self.possible_agents, False)
        self._no_rewards = (0.0,) * info.num_players
        # The rewards dict is made when read (see the rewards property):
        # _rewards is the dict once made, _rewards_from what it is made of
        # (the last step's record head, or the zero of every live agent).
        self._rewards: dict[str, float] | None = None
        self._rewards_from: tuple | float = 0.0
        self._skip_agent_selection = None  # AECEnv._was_dead_step's
        # Per-step calls looked up once.
        self._step_head = self._core.stepper()
        self._take_pending = self._core.__dict__.pop  # atomic, see core.Env.observe

    @property
    def rewards(self) -> dict[str, float]:
        """The last step's reward of every live agent: a plain dict, made
        from the step's record when first read after a step (most loops
        never read it) and then kept until the next step or reset, so that
        changes to it stay as in PettingZoo's own environments. Each step
        makes a new dict: one read after an earlier step keeps that step's
        values (a snapshot; the dead agents' steps with None clear it in
        place, as AECEnv._was_dead_step does)."""
        r = self._rewards
        if r is None:
            src = self._rewards_from
            if type(src) is tuple:
                r = dict(zip(self.possible_agents, src[4:]))
            else:
                r = dict.fromkeys(self.agents, src)
            self._rewards = r
        return r

    @rewards.setter
    def rewards(self, value: dict[str, float]) -> None:
        self._rewards = value

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        busy = self._busy
        busy.append(None)
        try:
            if len(busy) != 1:
                raise ConcurrentUseError(CONCURRENT)
            if seed is not None or self._np_random is None:
                self._np_random, _ = seeding.np_random(seed)
                self._episode_seeds = []
            if not self._episode_seeds:
                # 64 draws at once are the same numbers as 64 single draws
                # (tested), for a twentieth of the time.
                self._episode_seeds = self._np_random.integers(2**63, size=64).tolist()[::-1]
            player = self._core.reset(self._episode_seeds.pop())
            self.agents = self.possible_agents[:]
            self._rewards, self._rewards_from = None, 0.0
            self._cumulative_rewards = self._zero_rewards.copy()
            self.terminations = self._false.copy()
            self.truncations = self._false.copy()
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self.possible_agents[player]
        finally:
            busy.pop()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        # core.Env.observe's first step inlined (a Python call less per
        # step): the observation the last step wrote, taken atomically.
        pending = self._take_pending("_pending", None)
        if pending is not None and pending[0] == seat:
            return {"observation": pending[1], "action_mask": pending[2]}
        obs, mask = self._core._observe_new(seat, pending)
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """AECEnv.last, with observe() inlined (the same result, fewer
        Python calls per step). Before the first reset it raises
        EpisodeOverError."""
        agent = self.agent_selection
        if agent is None:
            raise EpisodeOverError(NOT_STARTED)
        if observe:
            seat = self._seat[agent]
            pending = self._take_pending("_pending", None)
            if pending is not None and pending[0] == seat:
                observation = {"observation": pending[1], "action_mask": pending[2]}
            else:
                obs, mask = self._core._observe_new(seat, pending)
                observation = {"observation": obs, "action_mask": mask}
        else:
            observation = None
        return observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], self.infos[agent]

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        """AECEnv.agent_iter, iterated by a generator (the same agents)."""
        return _AgentIterable(self, max_iter)

    def step(self, action: Any) -> None:
        busy = self._busy
        busy.append(None)
        try:
            if len(busy) != 1:
                raise ConcurrentUseError(CONCURRENT)
            if not self.agents:
                self._core.step(0)  # Go refuses it with its message: the episode is over or never started
                raise EpisodeOverError("env: reset needed: the episode is over: call reset() to start a new one")
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            # (terminated, truncated, seat to act, viewer, reward per seat...)
            head = self._step_head(action)
            self._rewards, self._rewards_from = None, head
            cumulative = self._cumulative_rewards
            cumulative[agent] = 0.0
            rewards = head[4:]
            if rewards != self._no_rewards:
                for a, r in zip(self.possible_agents, rewards):
                    cumulative[a] += r
            if head[0] or head[1]:
                terminated, truncated = head[0] != 0, head[1] != 0
                terminations, truncations = self.terminations, self.truncations
                for a in self.agents:
                    terminations[a] = terminated
                    truncations[a] = truncated
                self.agent_selection = self.possible_agents[(self._seat[agent] + 1) % len(self.possible_agents)]
            else:
                self.agent_selection = self.possible_agents[head[2]]
        finally:
            busy.pop()

    def _was_dead_step(self, action: Any) -> None:
        """AECEnv._was_dead_step (the same changes, in the same order),
        with the rewards made only if read."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        terminations, truncations = self.terminations, self.truncations
        assert terminations[agent] or truncations[agent], "an agent that was not dead as attempted to be removed"
        del terminations[agent]
        del truncations[agent]
        rewards = self._rewards
        if rewards is not None:
            del rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for a in agents:  # the first dead agent left, if any
            if terminations[a] or truncations[a]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = a
                break
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        # AECEnv._clear_rewards: every live agent's reward is 0.
        if rewards is not None:
            for a in rewards:
                rewards[a] = 0
        else:
            self._rewards_from = 0

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode; make the env with render_mode='ansi'")
            return None
        return self._core.render()

    def scores(self) -> dict[str, float]:
        """The game's own points of every agent."""
        return dict(zip(self.possible_agents, map(float, self._core.scores())))

    def action_name(self, action: int) -> str:
        """The game's name of an action in the current state."""
        return self._core.action_name(action)

    def close(self) -> None:
        self._core.close()

    def state(self) -> str:  # type: ignore[override]
        """The game state in its JSON form (the whole state, hidden
        information included), which ``set_state`` and ``moongym.Agent``'s
        methods take. (PettingZoo's ``state()`` is a global observation for
        environments with a ``state_space``; this one has none.)"""
        return self._core.state()

    def set_state(self, state: str | bytes | dict) -> None:
        """Sets the game state (the JSON form ``state()`` gives) and starts
        the agents' bookkeeping afresh from it, as reset does: every agent
        live with zero rewards, ``agent_selection`` the seat to act (when
        the state is over, every agent terminated). Chance goes on from this
        environment's generator; the step count (max_steps) from 0. A
        state that does not decode raises BadArgumentError and changes
        nothing."""
        busy = self._busy
        busy.append(None)
        try:
            if len(busy) != 1:
                raise ConcurrentUseError(CONCURRENT)
            player = self._core.set_state(state)
            over = player < 0
            self.agents = self.possible_agents[:]
            self._rewards, self._rewards_from = None, 0.0
            self._cumulative_rewards = self._zero_rewards.copy()
            self.terminations = dict.fromkeys(self.agents, over)
            self.truncations = self._false.copy()
            self.infos = {a: {} for a in self.agents}
            self._skip_agent_selection = None
            self.agent_selection = self.possible_agents[0 if over else player]
        finally:
            busy.pop()

    def copy(self) -> "MoongymAECEnv":
        """An independent copy (``copy.deepcopy(env)``): the game state, its
        chance generator and step count, the agents' bookkeeping (rewards,
        terminations, agent_selection), the seeds of the next episodes."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict) -> "MoongymAECEnv":
        c = type(self).__new__(type(self))
        memo[id(self)] = c
        core_copy = self._core.copy()
        memo[id(self._core)] = core_copy
        skip = {"_step_head", "_take_pending", "_busy"}
        for k, v in self.__dict__.items():
            if k not in skip:
                c.__dict__[k] = copy.deepcopy(v, memo)
        c._busy = []
        c._step_head = core_copy.stepper()
        c._take_pending = core_copy.__dict__.pop
        return c

    __copy__ = copy


class _AgentIterable(AECIterable):
    """AECIterable whose iterator is a generator: the same agents as
    AECIterator (env.agent_selection while env.agents is not empty, at most
    max_iter of them), checked at each next() after the previous step, with
    less Python per step."""

    def __iter__(self):
        env, left = self.env, self.max_iter
        if left >= 2**62:  # not countable in any run: no count kept
            while env.agents:
                yield env.agent_selection
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection

"""Python policies as opponents of the Gymnasium and vector environments
(issue 47, point 6): the calls they get, episodes equal to Go's agents',
their errors named, and the environments' checkers passing with them."""

from __future__ import annotations

import json

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import moongym
from moongym import VectorEnv
from moongym.gymnasium import SingleAgentEnv
from moongym.vector import random_legal_actions


def first_legal(obs: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


class GoAgentPolicy:
    """A Python policy playing a Go agent spec through the state and seed
    it is told, made afresh for every seed: the moves of that spec."""

    def __init__(self, spec: str, game: str, **params: object) -> None:
        self.spec, self.game, self.params = spec, game, params
        self.agents: dict[int, moongym.Agent] = {}

    def __call__(self, obs: np.ndarray, mask: np.ndarray, info: dict) -> int:
        a = self.agents.get(info["seed"])
        if a is None:
            a = self.agents[info["seed"]] = moongym.Agent(self.spec, self.game, seed=info["seed"], **self.params)
        return a.act(info["state"])


def play(env: gymnasium.Env, seed: int, rng: np.random.Generator) -> list:
    """An episode with random legal learner actions: everything it gave."""
    out = []
    obs, info = env.reset(seed=seed)
    out.append(obs.copy())
    while True:
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        out += [obs.copy(), r, term, trunc]
        if term or trunc:
            return out


def same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))


def test_callable_gets_its_seat_view():
    calls = []

    def policy(obs, mask, info):
        calls.append((obs, mask, dict(info)))
        return first_legal(obs, mask)

    env = SingleAgentEnv("planet-cubes", opponents=policy, players=3, seat=1)
    assert env.game_info.opponents == ("python:test_callable_gets_its_seat_view.<locals>.policy",) * 2
    env.reset(seed=4)
    assert calls, "seat 0 acts first: the policy was not asked"
    for obs, mask, info in calls:
        assert obs.dtype == np.float32 and obs.shape == env.game_info.shape
        assert mask.dtype == np.int8 and mask.shape == (env.game_info.num_actions,) and mask.any()
        assert set(info) == {"seat", "seed", "game", "state"}
        assert info["seat"] in (0, 2) and info["game"] is None and isinstance(info["seed"], int)
        json.loads(info["state"])
    # The observation and mask are those of the seat to act in that state.
    obs, mask, info = calls[0]
    core = moongym.core.Env("planet-cubes", {"players": 3})
    assert core.set_state(info["state"]) == info["seat"]
    want_obs, want_mask = core.observe(info["seat"])
    assert np.array_equal(obs, want_obs) and np.array_equal(mask, want_mask)
    # Two-argument callables get no info; one seed per opponent and episode.
    seen = []
    env2 = SingleAgentEnv("tictactoe", opponents=lambda o, m: seen.append(1) or first_legal(o, m))
    env2.reset(seed=1)
    env2.step(4)
    assert seen


@pytest.mark.parametrize("game,params", [("tictactoe", {}), ("planet-cubes", {"players": 3}), ("walking-moon", {})])
def test_python_policy_plays_as_the_go_agent(game, params):
    """A callable that plays the heuristic through info gives the episodes
    of opponents="heuristic": the same seeds, the same moves."""
    go = SingleAgentEnv(game, opponents="heuristic", **params)
    py = SingleAgentEnv(game, opponents=GoAgentPolicy("heuristic", game, **params), **params)
    for seed in range(3):
        a = play(go, seed, np.random.default_rng(seed))
        b = play(py, seed, np.random.default_rng(seed))
        assert same(a, b), f"seed {seed}: the episodes differ"


def test_mixed_opponents():
    """One opponent per other seat: a spec, a moongym.Agent (its spec) and
    a callable."""
    agent = moongym.Agent("random", "planet-cubes", players=4)
    env = SingleAgentEnv("planet-cubes", opponents=["heuristic", agent, first_legal], players=4)
    assert env.game_info.opponents == ("heuristic", "random", "python:first_legal")
    out = play(env, 2, np.random.default_rng(0))
    assert out[-2] or out[-1]
    check_env(env, skip_render_check=True)
    with pytest.raises(moongym.BadAgentError, match="bad opponent 3"):
        SingleAgentEnv("planet-cubes", opponents=["heuristic", 3, first_legal], players=4)
    with pytest.raises(TypeError, match="policy"):
        SingleAgentEnv("tictactoe", opponents=lambda x: 0)


def test_self_play_against_a_snapshot():
    """The documented use: the learner's own network as the opponent."""
    model = moongym.models.load_builtin("tictactoe")
    snapshot = lambda obs, mask: int(np.argmax(model.forward(obs, mask)[1]))  # noqa: E731
    env = gymnasium.make("moongym/tictactoe-v0", opponents=snapshot)
    check_env(env.unwrapped, skip_render_check=True)
    returns = [sum(play(env, s, np.random.default_rng(s))[2::4]) for s in range(8)]
    assert all(-1 <= r <= 1 for r in returns)


def test_errors_name_the_policy():
    def illegal(obs, mask):
        return int(np.flatnonzero(mask == 0)[0]) if (mask == 0).any() else 99

    env = SingleAgentEnv("tictactoe", opponents=illegal)  # illegal_action="lose": the learner's only
    env.reset(seed=0)
    with pytest.raises(moongym.PolicyError, match=r"the Python policy .*illegal at seat 1 played 4, which is not legal here \(legal actions: 0, 1, 2, 3, 5"):
        env.step(4)
    with pytest.raises(moongym.EpisodeOverError, match="an opponent failed"):
        env.step(0)
    env.reset(seed=0)  # a reset starts afresh

    class Boom(Exception):
        pass

    def raises(obs, mask):
        raise Boom("inside the policy")

    env = SingleAgentEnv("tictactoe", opponents=raises)
    env.reset(seed=0)
    with pytest.raises(Boom, match="inside the policy") as e:
        env.step(0)
    notes = getattr(e.value, "__notes__", None)
    if notes is not None:
        assert "the Python policy" in notes[0] and "raises" in notes[0] and "seat 1" in notes[0]
    for bad in (1.5, "3", None, np.array([1, 2])):
        env = SingleAgentEnv("tictactoe", opponents=lambda o, m, bad=bad: bad)
        env.reset(seed=0)
        with pytest.raises(TypeError, match="returned .*an action is an integer"):
            env.step(0)
    # A policy may not use the environment that asks it (it would wait for
    # itself): a clear error instead.
    holder = {}

    def peeks(obs, mask):
        holder["env"].state()
        return first_legal(obs, mask)

    env = holder["env"] = SingleAgentEnv("tictactoe", opponents=peeks)
    env.reset(seed=0)
    with pytest.raises(moongym.BadArgumentError, match="asking its Python opponent"):
        env.step(4)
    # NumPy integers and 0-d arrays are actions.
    env = SingleAgentEnv("tictactoe", opponents=lambda o, m: np.int64(np.flatnonzero(m)[0]))
    env.reset(seed=0)
    env.step(4)
    env = SingleAgentEnv("tictactoe", opponents=lambda o, m: np.array(np.flatnonzero(m)[0]))
    env.reset(seed=0)
    env.step(4)


def test_vector_env_with_python_opponents():
    """The vector environment's opponents may be Python policies (asked
    from Go's threads): the same steps as the same agent's spec."""
    outs = []
    for opp in ("heuristic", GoAgentPolicy("heuristic", "planet-cubes")):
        v = VectorEnv("planet-cubes", 24, opponents=opp)
        obs, info = v.reset(seed=3)
        rng = np.random.default_rng(0)
        trace = [obs]
        for _ in range(40):
            obs, r, te, tr, info = v.step(random_legal_actions(info["action_mask"], rng))
            trace += [obs, r, te, tr]
        outs.append(trace)
    assert same(*outs)
    v = gymnasium.make_vec("moongym/tictactoe-v0", num_envs=4, opponents=first_legal)
    obs, info = v.reset(seed=0)
    v.step(random_legal_actions(info["action_mask"], np.random.default_rng(0)))

    def sometimes_raises(obs, mask, info):
        if info["seed"] % 3 == 0:
            raise ValueError("no move")
        return first_legal(obs, mask)

    v = VectorEnv("tictactoe", 16, opponents=sometimes_raises)
    obs, info = v.reset(seed=1)
    with pytest.raises(ValueError, match="no move"):
        for _ in range(5):
            obs, r, te, tr, info = v.step(random_legal_actions(info["action_mask"], np.random.default_rng(0)))
    with pytest.raises(moongym.EpisodeOverError, match="the last step failed"):
        v.step(np.zeros(16, dtype=np.int64))
    v.reset(seed=2)

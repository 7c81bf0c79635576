"""States and values (issue 47, point 7): env.state() / set_state() /
copies so that a search can branch, agents acting on saved states, their
values, and the heuristic's policy agreeing with its act."""

from __future__ import annotations

import copy
import json

import gymnasium
import numpy as np
import pytest

import moongym
from moongym import core
from moongym.gymnasium import SingleAgentEnv
from moongym.pettingzoo import env as aec_env

GAMES = moongym.game_names()


def random_states(game: str, n: int, seed: int = 0, **params) -> list[str]:
    """n states of random games where a seat is to act, as JSON."""
    rng = np.random.default_rng(seed)
    e = core.Env(game, params)
    out: list[str] = []
    episode = 0
    while len(out) < n:
        seat = e.reset(seed + episode)
        episode += 1
        while seat != core.TERMINAL and len(out) < n:
            out.append(e.state())
            _, mask = e.observe(seat)
            _, _, _, seat = e.step(int(rng.choice(np.flatnonzero(mask))))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_aec_state_copy_and_branch(game):
    """A copy plays the same steps as its original (chance included); a
    saved state set into another environment shows the same seat the same
    observation; the original does not move with its copies."""
    rng = np.random.default_rng(1)
    e = aec_env(game)
    e.reset(seed=3)
    for _ in range(4):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    saved = e.state()
    json.loads(saved)
    c = e.copy()
    d = copy.deepcopy(e)
    assert c.state() == saved and d.agent_selection == e.agent_selection
    # The same actions in the original and the copy: the same game.
    for _ in range(30):
        o1, r1, t1, u1, _ = e.last()
        o2, r2, t2, u2, _ = c.last()
        assert np.array_equal(o1["observation"], o2["observation"]) and np.array_equal(o1["action_mask"], o2["action_mask"])
        assert (r1, t1, u1, e.agent_selection) == (r2, t2, u2, c.agent_selection)
        if t1 or u1:
            break
        a = int(rng.choice(np.flatnonzero(o1["action_mask"])))
        e.step(a)
        c.step(a)
    assert d.state() == saved  # untouched by the original's steps
    f = aec_env(game)
    f.set_state(saved)  # no reset needed
    assert f.agent_selection == d.agent_selection
    assert np.array_equal(f.observe(f.agent_selection)["observation"], d.observe(d.agent_selection)["observation"])
    assert f.state() == saved


@pytest.mark.parametrize("game", GAMES)
def test_single_agent_state_and_copy(game):
    env = gymnasium.make(f"moongym/{game}-v0", opponents="heuristic")
    obs, info = env.reset(seed=5)
    saved = env.unwrapped.state()
    twin = copy.deepcopy(env)
    assert twin.unwrapped.state() == saved
    a = int(np.flatnonzero(info["action_mask"])[0])
    env.step(a)  # (the copy's opponents are made afresh: their moves may differ)
    twin.step(a)
    fresh = SingleAgentEnv(game, opponents="heuristic")
    obs2, info2 = fresh.set_state(saved)
    assert np.array_equal(obs2, obs) and np.array_equal(info2["action_mask"], info["action_mask"])
    assert fresh.state() == saved


def test_tictactoe_branching_search():
    """A one-ply search in Python: every move tried on a copy; the winning
    move is found."""
    e = aec_env("tictactoe")
    e.reset(seed=0)
    e.set_state('{"board":"XX.OO...."}')
    assert e.agent_selection == "player_0"
    wins = []
    for a in np.flatnonzero(e.last()[0]["action_mask"]):
        c = e.copy()
        c.step(int(a))
        if c.terminations["player_0"] and c._cumulative_rewards["player_0"] == 1:
            wins.append(int(a))
    assert wins == [2]
    assert e.state() == '{"board":"XX.OO...."}'
    e.set_state('{"board":"XXXOO...."}')
    assert all(e.terminations.values()) and e.agent_selection == "player_0"


def test_bad_states_change_nothing():
    e = aec_env("tictactoe")
    e.reset(seed=0)
    e.step(4)
    before = e.state()
    for bad in ("{", '{"board":"XXXXXXXXX"}', '{"round":1}', "[]"):
        with pytest.raises(moongym.BadArgumentError):
            e.set_state(bad)
        assert e.state() == before
    with pytest.raises(TypeError):
        e.set_state(3)
    e.set_state(json.loads(before))  # a dict works
    lr = core.Env("planet-cubes")
    with pytest.raises(moongym.BadArgumentError):
        lr.set_state(before)  # another game's state
    with pytest.raises(moongym.EpisodeOverError):
        core.Env("tictactoe").state()


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_policy_agrees_with_act(game):
    """argmax(policy(s)) == act(s) for the heuristic over many states: one
    agent asked for its policy, then to act; another of the same seed
    asked to act alone; and policy after act."""
    for i, s in enumerate(random_states(game, 25, seed=2)):
        a = moongym.Agent("heuristic", game, seed=i)
        b = moongym.Agent("heuristic", game, seed=i)
        p = a.policy(s)
        assert p.max() == 1 and p.sum() == 1
        act = a.act(s)
        assert int(np.argmax(p)) == act == b.act(s)
        assert int(np.argmax(a.policy(s))) == act


def test_agent_on_saved_state_and_env_agree():
    e = aec_env("planet-cubes")
    e.reset(seed=2)
    net = moongym.Agent("net:model=builtin", e)
    s = e.state()
    assert np.array_equal(net.policy(s), net.policy(e))
    assert np.array_equal(net.value(s), net.value(e))
    assert net.act(s) == net.act(json.loads(s)) == net.act(e)
    assert e.state() == s  # acting on a saved state leaves the env alone


def test_values():
    """net: the network's values by seat in the utility range (those of
    moongym.models' forward pass); az and mcts: the root values of a
    search; agents without one: BadAgentError."""
    e = aec_env("tictactoe")
    e.reset(seed=0)
    e.step(4)
    info = e.game_info
    net = moongym.Agent("net:model=builtin", e)
    v = net.value(e)
    assert v.shape == (2,) and v.dtype == np.float64
    model = moongym.models.load_builtin("tictactoe")
    obs = e.observe("player_1")
    _, _, rel = model.forward(obs["observation"], obs["action_mask"])
    want = moongym.models.values_by_seat(rel, 1, info.min_utility, info.max_utility)
    assert np.allclose(v, want, atol=1e-5)
    for spec in ("az:model=builtin,sims=64", "mcts:sims=200"):
        v = moongym.Agent(spec, e, seed=1).value(e)
        assert v.shape == (2,) and np.all(v >= info.min_utility) and np.all(v <= info.max_utility)
    # A won position: the search's root values say so.
    e.set_state('{"board":"XX.OO...."}')
    v = moongym.Agent("mcts:sims=400", e, seed=1).value(e)
    assert v[0] > 0.5 > v[1]
    for spec in ("heuristic", "random", "greedy"):
        with pytest.raises(moongym.BadAgentError, match=f'"{spec}" has none'):
            moongym.Agent(spec, e).value(e)
    e.set_state('{"board":"XXXOO...."}')
    with pytest.raises(moongym.EpisodeOverError):
        net.value(e)

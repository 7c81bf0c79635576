"""moongym agents from Python, acting on an environment's current state."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import moongym
from moongym.pettingzoo import env


def test_agents_listed():
    names = {a["name"] for a in moongym.agents()}
    assert {"random", "heuristic", "mcts", "az", "net", "greedy"} <= names


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:sims=16", "greedy"])
@pytest.mark.parametrize("game", moongym.game_names())
def test_agent_plays_legal_moves(spec, game):
    e = env(game)
    agent = moongym.Agent(spec, e, seed=1)
    e.reset(seed=2)
    for _ in range(30):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        a = agent.act(e)
        assert obs["action_mask"][a] == 1
        e.step(a)


def test_mcts_wins_a_won_position():
    # X has a1 b1; c1 wins at once.
    e = env("tictactoe")
    e.reset(seed=0)
    for a in [0, 3, 1, 4]:
        e.step(a)
    assert moongym.Agent("mcts:sims=200", "tictactoe").act(e) == 2


def test_policy_is_a_distribution_over_legal_actions():
    e = env("tictactoe")
    e.reset(seed=0)
    e.step(4)
    p = moongym.Agent("mcts:sims=50", e).policy(e)
    mask = e.observe(e.agent_selection)["action_mask"]
    assert p.shape == (9,) and abs(p.sum() - 1) < 1e-6 and (p[mask == 0] == 0).all()
    p = moongym.Agent("random", e).policy(e)
    assert np.allclose(p, np.where(mask == 1, 1 / 8, 0))
    # Agents without a policy of their own (planet-cubes' heuristic) put
    # everything on their action.
    pc = env("planet-cubes")
    pc.reset(seed=0)
    p = moongym.Agent("heuristic", pc).policy(pc)
    assert sorted(p)[-1] == 1.0 and p.sum() == 1.0


def test_builtin_network_agent():
    e = env("tictactoe")
    e.reset(seed=0)
    a = moongym.Agent("az:model=builtin,sims=8", "tictactoe").act(e)
    assert 0 <= a < 9


def test_agent_on_a_gymnasium_env():
    g = gymnasium.make("moongym/planet-cubes-v0", opponents="random")
    _, info = g.reset(seed=0)
    a = moongym.Agent("heuristic", g).act(g)
    assert info["action_mask"][a] == 1


def test_agent_for_another_configuration_is_refused():
    e = env("lunar-rally", players=3)
    e.reset(seed=0)
    agent = moongym.Agent("random", "lunar-rally", players=2)
    with pytest.raises(moongym.BadArgumentError, match="agent is for lunar-rally"):
        agent.act(e)


def test_agent_after_the_end():
    e = env("tictactoe")
    e.reset(seed=0)
    for a in [0, 3, 1, 4, 2]:
        e.step(a)
    with pytest.raises(moongym.EpisodeOverError, match="no seat to act"):
        moongym.Agent("random", "tictactoe").act(e)


def test_not_an_env():
    with pytest.raises(TypeError):
        moongym.Agent("random", "tictactoe").act(object())
    with pytest.raises(TypeError):
        moongym.Agent("random", 42)


def test_gil_released_during_go_calls():
    # While Go searches in one thread, Python code runs in another: ctypes
    # releases the GIL for the call.
    import threading
    import time

    e = env("walking-moon")
    e.reset(seed=0)
    agent = moongym.Agent("mcts:sims=300", e)
    windows = []

    def search():
        first = time.perf_counter()
        while time.perf_counter() - first < 0.15:
            start = time.perf_counter()
            agent.act(e)
            windows.append((start, time.perf_counter()))

    t = threading.Thread(target=search)
    stamps, i = [], 0
    t.start()
    while t.is_alive():
        i += 1
        if i % 100 == 0:
            stamps.append(time.perf_counter())
    t.join()
    # Away from the switch interval (5 ms) at both ends of each call, the
    # main thread must have kept running.
    inside = [s for s in stamps if any(a + 0.01 < s < b - 0.01 for a, b in windows)]
    assert sum(b - a for a, b in windows) >= 0.15
    assert len(inside) >= 10, f"{len(inside)} of {len(stamps)} stamps during {windows}"

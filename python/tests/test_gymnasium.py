"""Gymnasium's check_env on every single-agent environment, and the
single-agent env's own behaviour."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import moongym
from moongym.gymnasium import SingleAgentEnv

from conftest import CONFIGS, config_id, random_legal

GAMES = moongym.game_names()


def make(game, **kw) -> SingleAgentEnv:
    return gymnasium.make(f"moongym/{game}-v0", **kw).unwrapped


def checked(env):
    with warnings.catch_warnings():
        # Games without declared observation bounds have an infinite Box
        # (Gymnasium warns), and ANSI rendering has no fps (it warns too).
        warnings.filterwarnings("ignore", message=".*infinity.*")
        warnings.filterwarnings("ignore", message=".*render fps.*")
        check_env(env)


def test_registered_on_import():
    for g in GAMES:
        assert f"moongym/{g}-v0" in gymnasium.registry


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("opponents", ["random", "heuristic", "mcts:sims=8"])
def test_check_env(game, opponents):
    checked(make(game, opponents=opponents, illegal_action="lose"))


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_check_env_every_config_last_seat(cfg):
    name, params = cfg
    seat = int(params.get("players", 2 if name == "tictactoe" else 1)) - 1
    checked(make(name, opponents="random", seat=seat, illegal_action="lose", **params))


@pytest.mark.parametrize("game", GAMES)
def test_check_env_raise_mode_games_with_fixed_first_moves(game):
    # With the default illegal_action="raise", check_env passes where the
    # action it draws before its reset stays legal; it is run here so a
    # change of that is noticed, and the others are skipped, not hidden.
    env = make(game, opponents="random")
    try:
        checked(env)
    except moongym.IllegalActionError as e:
        pytest.skip(f"check_env stepped an action drawn from another state: {e}")


def play_episode(env, seed, rng):
    obs, info = env.reset(seed=seed)
    total, steps, trace = 0.0, 0, [obs.copy()]
    while True:
        assert env.observation_space.contains(obs) or not env.game_info.bounded
        a = random_legal(info["action_mask"], rng)
        obs, r, term, trunc, info = env.step(a)
        total += r
        steps += 1
        trace.append(obs.copy())
        if term or trunc:
            return total, steps, trace


@pytest.mark.parametrize("game", GAMES)
def test_episodes_against_heuristic(game, rng):
    env = make(game, opponents="heuristic")
    for seed in range(2):
        total, steps, _ = play_episode(env, seed, rng)
        assert env.game_info.min_utility - 1e-9 <= total <= env.game_info.max_utility + 1e-9


def test_same_seed_same_episode_with_random_opponents():
    runs = [play_episode(make("planet-cubes", opponents="random", players=3), 5, np.random.default_rng(0)) for _ in range(2)]
    assert runs[0][:2] == runs[1][:2]
    assert all(np.array_equal(a, b) for a, b in zip(runs[0][2], runs[1][2]))


@pytest.mark.parametrize("game", ["tictactoe", "planet-cubes"])
def test_builtin_network_opponent(game, rng):
    # The games that ship a model (models/opponents) can be played against it.
    env = make(game, opponents="az:model=builtin,sims=4", seat=1)
    checked(make(game, opponents="az:model=builtin,sims=4", illegal_action="lose"))
    total, steps, _ = play_episode(env, 0, rng)
    assert steps > 0


def test_opponents_per_seat_and_seat():
    env = make("lunar-rally", opponents=["heuristic", "random"], seat=1, players=3)
    obs, info = env.reset(seed=3)
    assert info["action_mask"].any()
    assert env.game_info.seat == 1 and env.game_info.opponents == ("heuristic", "random")


def test_action_space_sample_is_legal():
    env = make("welcome-moon")
    _, info = env.reset(seed=1)
    env.action_space.seed(0)
    for _ in range(50):
        assert info["action_mask"][env.action_space.sample()] == 1
    # A given mask is used as given.
    m = np.zeros(env.action_space.n, dtype=np.int8)
    m[3] = 1
    assert env.action_space.sample(mask=m) == 3


def test_action_masks_method():
    env = make("tictactoe")
    _, info = env.reset(seed=0)
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))


def test_illegal_action_lose_mode():
    env = make("tictactoe", illegal_action="lose")
    env.reset(seed=0)
    env.step(4)  # the opponent answers somewhere else
    obs, r, term, trunc, info = env.step(4)
    assert term and not trunc and r == env.game_info.min_utility and info["illegal_action"]
    assert not info["action_mask"].any()
    with pytest.raises(moongym.EpisodeOverError):
        env.step(0)
    env.reset(seed=0)
    env.step(4)


def test_render_ansi():
    env = make("tictactoe", render_mode="ansi")
    env.reset(seed=0)
    assert "to move" in env.render()


def test_bad_options():
    with pytest.raises(ValueError):
        make("tictactoe", illegal_action="ignore")
    with pytest.raises(moongym.BadAgentError, match="unknown agent"):
        make("tictactoe", opponents="nobody")
    with pytest.raises(moongym.BadArgumentError, match="seat 2"):
        make("tictactoe", seat=2)
    with pytest.raises(moongym.BadAgentError, match="opponent specs"):
        make("planet-cubes", players=4, opponents=["random", "random"])

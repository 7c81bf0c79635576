"""Gymnasium's check_env on every single-agent environment, and the
single-agent env's own behaviour."""

from __future__ import annotations

import re
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
        # (Gymnasium warns); check_env's action drawn before its reset can be
        # illegal after it (a forfeit, warned once); gymnasium.make's
        # wrappers make check_env suggest the unwrapped environment.
        warnings.filterwarnings("ignore", message=".*infinity.*")
        warnings.filterwarnings("ignore", category=moongym.IllegalActionWarning)
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version.*")
        check_env(env)


def test_registered_on_import():
    for g in GAMES:
        assert f"moongym/{g}-v0" in gymnasium.registry


@pytest.mark.parametrize("game", GAMES)
def test_check_env_as_shipped(game):
    # A user's first check: what gymnasium.make returns (wrappers and all),
    # default arguments. check_env steps an action drawn before its reset,
    # illegal after it in some games (lunar-rally, march-mars, welcome-moon):
    # the default illegal_action="lose" ends that episode, warning once.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*infinity.*")
        warnings.filterwarnings("ignore", category=moongym.IllegalActionWarning)
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version.*")
        check_env(gymnasium.make(f"moongym/{game}-v0"))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("opponents", ["random", "heuristic", "mcts:sims=8"])
def test_check_env(game, opponents):
    checked(make(game, opponents=opponents))


@pytest.mark.parametrize("cfg", CONFIGS, ids=config_id)
def test_check_env_every_config_last_seat(cfg):
    name, params = cfg
    seat = int(params.get("players", 2 if name == "tictactoe" else 1)) - 1
    checked(make(name, opponents="random", seat=seat, **params))


@pytest.mark.parametrize("game", GAMES)
def test_check_env_rgb_array(game):
    env = gymnasium.make(f"moongym/{game}-v0", render_mode="rgb_array", render_width=200)
    checked(env)
    env.reset(seed=0)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[1:] == (200, 3) and frame.shape[0] > 10
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 2, "a blank picture"


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
    checked(make(game, opponents="az:model=builtin,sims=4"))
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


def test_action_masks_as_documented_on_what_make_returns():
    # gymnasium.make wraps the environment and Gymnasium's wrappers forward
    # no other attribute: docs/python.md shows these two forms (the second
    # is what SB3's vector envs call for sb3-contrib's MaskablePPO).
    env = gymnasium.make("moongym/planet-cubes-v0", opponents="heuristic", players=3)
    _, info = env.reset(seed=0)
    want = info["action_mask"].astype(bool)
    assert np.array_equal(env.unwrapped.action_masks(), want)
    assert env.has_wrapper_attr("action_masks")
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), want)


def test_illegal_action_forfeits_by_default():
    # PettingZoo's classic games' convention: the mover loses, the game
    # ends; never silently: info["illegal_action"] and a warning, once per
    # environment.
    env = make("tictactoe")
    assert env.illegal_action == "lose"
    env.reset(seed=0)
    env.step(4)  # the opponent answers somewhere else
    with pytest.warns(moongym.IllegalActionWarning, match=r"illegal action: 4 is not legal.*forfeit"):
        obs, r, term, trunc, info = env.step(4)
    assert term and not trunc and r == env.game_info.min_utility and info["illegal_action"]
    assert not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(moongym.EpisodeOverError, match=re.escape("the episode is over (the learner forfeited with an illegal action): call reset()")):
        env.step(0)
    _, info = env.reset(seed=0)
    assert "illegal_action" not in info and info["action_mask"].any()
    env.step(4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the second forfeit is not warned again
        *_, info = env.step(9)  # out of range: a forfeit too
    assert info["illegal_action"]


def test_illegal_action_raise_mode():
    env = make("tictactoe", illegal_action="raise")
    env.reset(seed=0)
    env.step(4)
    before = env._core.state_json()
    with pytest.raises(moongym.IllegalActionError, match="illegal action: 4 is not legal"):
        env.step(4)
    assert env._core.state_json() == before
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_sb3_make_vec_env_path():
    # What stable-baselines3's make_vec_env does by default, without SB3
    # (it needs torch): gymnasium.make(id, render_mode="rgb_array",
    # **env_kwargs), a Monitor wrapper (here Gymnasium's episode
    # statistics), DummyVecEnv's reset(seed=...), step(np.int64) and
    # render(), and MaskablePPO's env_method("action_masks"), which calls
    # get_wrapper_attr. (check_env with render_mode="rgb_array": above.)
    from gymnasium.wrappers import RecordEpisodeStatistics

    for game in GAMES:
        env = RecordEpisodeStatistics(gymnasium.make(f"moongym/{game}-v0", render_mode="rgb_array"))
        assert env.render_mode == "rgb_array"
        obs, info = env.reset(seed=3)
        actions = np.zeros(1, dtype=np.int64)
        for _ in range(400):
            masks = env.get_wrapper_attr("action_masks")()
            actions[0] = np.flatnonzero(masks)[0]
            obs, r, term, trunc, info = env.step(actions[0])
            if term or trunc:
                break
        assert term or trunc
        assert "episode" in info
        frame = env.render()
        assert frame.dtype == np.uint8 and frame.shape[1:] == (800, 3)


def test_render_ansi():
    env = make("tictactoe", render_mode="ansi")
    env.reset(seed=0)
    assert "to move" in env.render()


def test_render_rgb_array():
    env = make("tictactoe", render_mode="rgb_array", render_width=300)
    env.reset(seed=0)
    before = env.render()
    env.step(4)
    after = env.render()
    assert before.shape == after.shape and before.shape[1:] == (300, 3) and not np.array_equal(before, after)
    with pytest.raises(moongym.BadArgumentError, match=r"picture width 0 \(want 1..8192\)"):
        env._core.render_rgb(-1, 0)
    with pytest.raises(moongym.BadArgumentError, match="render_width must be a width in pixels"):
        make("tictactoe", render_mode="rgb_array", render_width=9000)
    with pytest.raises(ValueError, match="render_mode 'human'"):
        SingleAgentEnv("tictactoe", render_mode="human")  # (gymnasium.make wraps it in its HumanRendering)


def test_bad_options():
    with pytest.raises(ValueError):
        make("tictactoe", illegal_action="ignore")
    with pytest.raises(moongym.BadAgentError, match="unknown agent"):
        make("tictactoe", opponents="nobody")
    with pytest.raises(moongym.BadArgumentError, match="seat 2"):
        make("tictactoe", seat=2)
    with pytest.raises(moongym.BadAgentError, match="opponent specs"):
        make("planet-cubes", players=4, opponents=["random", "random"])

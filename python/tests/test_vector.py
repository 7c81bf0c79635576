"""The vector environment: Gymnasium's next-step autoreset, determinism
whatever the number of environments, refused batches, Gymnasium's
make_vec and AsyncVectorEnv with spawn."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest

import moongym
from moongym.gymnasium import SingleAgentEnv
from gymnasium.vector import AutoresetMode

from moongym.vector import VectorEnv, random_legal_actions


def run(envs: VectorEnv, steps: int, seed: int = 3):
    rng = np.random.default_rng(seed)
    obs, info = envs.reset(seed=seed)
    out = []
    for _ in range(steps):
        a = random_legal_actions(info["action_mask"], rng)
        obs, r, term, trunc, info = envs.step(a)
        out.append((obs, r, term, trunc, info))
    return out


@pytest.mark.parametrize("game", moongym.game_names())
def test_self_play_autoreset(game):
    envs = VectorEnv(game, num_envs=4)
    rng = np.random.default_rng(0)
    obs, info = envs.reset(seed=1)
    assert obs.shape == (4, *envs.game_info.shape) and obs.dtype == np.float32
    assert envs.observation_space.contains(obs) or not envs.game_info.bounded
    ended = np.zeros(4, dtype=bool)
    episodes = 0
    totals = np.zeros((4, envs.game_info.num_players))
    for _ in range(3000):
        a = random_legal_actions(info["action_mask"], rng)
        obs, r, term, trunc, info = envs.step(a)
        for i in np.flatnonzero(ended):
            # The step after the end reset that environment.
            assert r[i] == 0 and not term[i] and not trunc[i] and info["player"][i] >= 0
            assert info["action_mask"][i].any()
            totals[i] = 0
        totals += info["rewards"]
        for i in np.flatnonzero(term | trunc):
            assert info["player"][i] == moongym.core.TERMINAL and not info["action_mask"][i].any()
            assert envs.game_info.min_utility - 1e-9 <= totals[i].min() and totals[i].max() <= envs.game_info.max_utility + 1e-9
        episodes += int((term | trunc).sum())
        ended = term | trunc
        if episodes >= 4:
            break
    assert episodes >= 4


def test_mover_reward_is_that_seat_s():
    envs = VectorEnv("tictactoe", num_envs=1)
    envs.reset(seed=0)
    for a in [0, 3, 1, 4]:
        envs.step(np.array([a]))
    _, r, term, _, info = envs.step(np.array([2]))  # X completes a1 b1 c1
    assert term[0] and r[0] == 1.0 and list(info["rewards"][0]) == [1.0, -1.0]


def test_same_results_whatever_the_number_of_envs():
    a = run(VectorEnv("lunar-rally", num_envs=64, players=3), 60)
    b = run(VectorEnv("lunar-rally", num_envs=64, players=3), 60)
    for x, y in zip(a, b):
        assert np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1])
    # Environment i's episodes depend on the seed and i only: the first 8 of
    # 64 environments play as the 8 of a vector of 8 given the same actions.
    big, small = VectorEnv("walking-moon", num_envs=64), VectorEnv("walking-moon", num_envs=8)
    rng = np.random.default_rng(0)
    ob, ib = big.reset(seed=9)
    os_, is_ = small.reset(seed=9)
    for _ in range(100):
        assert np.array_equal(ob[:8], os_) and np.array_equal(ib["action_mask"][:8], is_["action_mask"])
        acts = random_legal_actions(ib["action_mask"], rng)
        ob, rb, _, _, ib = big.step(acts)
        os_, rs, _, _, is_ = small.step(acts[:8])
        assert np.array_equal(rb[:8], rs)


def test_single_agent_vector_matches_opponents():
    envs = VectorEnv("planet-cubes", num_envs=8, opponents="heuristic", seat=1, players=3)
    out = run(envs, 200)
    assert "rewards" not in out[0][4]
    assert any(step[2].any() for step in out)
    for obs, r, term, trunc, info in out:
        # The learner is to act in every running environment.
        running = info["player"] >= 0
        assert (info["player"][running] == 1).all()


def test_illegal_batch_refused_whole():
    envs = VectorEnv("tictactoe", num_envs=3, illegal_action="raise")
    obs, info = envs.reset(seed=1)
    envs.step(np.array([0, 0, 0]))
    before = [envs._core.obs.copy(), envs._core.mask.copy()]
    with pytest.raises(moongym.IllegalActionError, match="env 1"):
        envs.step(np.array([1, 0, 1]))  # env 1: cell a1 is taken
    assert np.array_equal(envs._core.obs, before[0]) and np.array_equal(envs._core.mask, before[1])
    envs.step(np.array([1, 1, 1]))


@pytest.mark.parametrize("opponents", [None, "random"])
def test_illegal_action_forfeits_by_default(opponents):
    # As the single-agent env: the mover forfeits, the episode ends, the
    # other environments step; info["illegal_action"] and a warning once.
    envs = VectorEnv("tictactoe", num_envs=3, opponents=opponents)
    assert envs.illegal_action == "lose"
    obs, info = envs.reset(seed=1)
    assert not info["illegal_action"].any()
    envs.step(np.array([4, 4, 4]))
    before = envs._core.obs[1].copy()
    with pytest.warns(moongym.IllegalActionWarning, match="env 1: illegal action 4.*forfeit"):
        obs, r, term, trunc, info = envs.step(np.array([0 if envs._core.mask[0, 0] else 1, 4, -5]))
    assert list(info["illegal_action"]) == [False, True, True]
    assert list(term) == [False, True, True] and not trunc.any()
    assert r[1] == r[2] == envs.game_info.min_utility and r[0] == 0
    assert np.array_equal(obs[1], before), "a forfeited environment played"
    assert list(info["player"][1:]) == [moongym.core.TERMINAL] * 2 and not info["action_mask"][1:].any()
    if opponents is None:  # player_1 answered X's 4 with 4: its forfeit
        assert list(info["rewards"][1]) == [0.0, -1.0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once per vector env
        obs, r, term, trunc, info = envs.step(np.full(3, 42))
    # The forfeited environments were reset (their actions ignored); env 0's
    # 42 is a forfeit too.
    assert list(info["illegal_action"]) == [True, False, False] and list(term) == [True, False, False]
    assert (info["player"][1:] >= 0).all() and r[1] == r[2] == 0


def test_bad_actions_arrays():
    envs = VectorEnv("tictactoe", num_envs=2, illegal_action="raise")
    envs.reset(seed=0)
    with pytest.raises(TypeError, match="shape"):
        envs.step(np.array([0, 1, 2]))
    with pytest.raises(TypeError, match="integers"):
        envs.step(np.array([0.0, 1.0]))
    with pytest.raises(moongym.IllegalActionError, match="out of range"):
        envs.step(np.array([0, -5]))
    with pytest.raises(ValueError, match="illegal_action must be 'lose'"):
        VectorEnv("tictactoe", num_envs=2, illegal_action="ignore")
    with pytest.raises(moongym.BadArgumentError):
        VectorEnv("tictactoe", num_envs=0)


def test_step_before_reset():
    envs = VectorEnv("tictactoe", num_envs=2)
    with pytest.raises(moongym.EpisodeOverError, match="reset"):
        envs.step(np.array([0, 1]))


def test_copy_false_returns_own_buffers():
    envs = VectorEnv("tictactoe", num_envs=2, copy=False)
    obs, _ = envs.reset(seed=0)
    obs2, *_ = envs.step(np.array([0, 1]))
    assert obs is obs2
    envs_c = VectorEnv("tictactoe", num_envs=2)
    o1, _ = envs_c.reset(seed=0)
    o2, *_ = envs_c.step(np.array([0, 1]))
    assert o1 is not o2 and not np.array_equal(o1, o2)


def test_make_vec_entry_point():
    envs = gymnasium.make_vec("moongym/tictactoe-v0", num_envs=3, vectorization_mode="vector_entry_point", opponents="random")
    obs, info = envs.reset(seed=0)
    assert obs.shape == (3, 3, 3, 3)
    envs.close()


def test_vector_env_at_top_level():
    # import moongym alone gives moongym.VectorEnv (a fresh interpreter:
    # this one imported moongym.vector above).
    code = "import moongym; envs = moongym.VectorEnv('tictactoe', num_envs=2); print(type(envs).__module__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "moongym.vector", out.stderr
    assert moongym.VectorEnv is VectorEnv and "VectorEnv" in moongym.__all__


@pytest.mark.parametrize("game", moongym.game_names())
def test_make_vec_default_mode_is_the_vector_env(game):
    # gymnasium.make_vec's default (the registered vector_entry_point) with
    # gymnasium.make's defaults: a learner against random opponents, as
    # vectorization_mode="sync" would step; opponents=None for self-play.
    envs = gymnasium.make_vec(f"moongym/{game}-v0", num_envs=3)
    assert isinstance(envs, moongym.VectorEnv) and envs.num_envs == 3
    assert envs.game_info.opponents and envs.illegal_action == "lose"
    single = gymnasium.make(f"moongym/{game}-v0")
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space.n == single.action_space.n
    out = run(envs, 20)
    assert "rewards" not in out[-1][4] and out[-1][0].shape == (3, *envs.game_info.shape)
    sync = gymnasium.make_vec(f"moongym/{game}-v0", num_envs=2, vectorization_mode="sync")
    assert sync.single_observation_space == envs.single_observation_space
    self_play = gymnasium.make_vec(f"moongym/{game}-v0", num_envs=2, opponents=None)
    assert self_play.self_play and not self_play.game_info.opponents
    for e in (envs, sync, self_play, single):
        e.close()


def make_tictactoe():
    return SingleAgentEnv("tictactoe", opponents="random")


def test_async_vector_env_with_spawn():
    # fork after the Go runtime started is unsafe: worker processes spawn.
    envs = gymnasium.vector.AsyncVectorEnv([make_tictactoe] * 2, context="spawn")
    try:
        obs, info = envs.reset(seed=0)
        rng = np.random.default_rng(0)
        for _ in range(10):
            obs, r, term, trunc, info = envs.step(random_legal_actions(info["action_mask"], rng))
        assert obs.shape == (2, 3, 3, 3)
    finally:
        envs.close()


def episodes_of(envs: VectorEnv, actions_of, steps: int, seed: int = 5):
    """Per environment, what it gave, as one event stream in either
    autoreset mode: ("start", obs, mask, player) for an episode's first
    observation, ("step", reward, terminated, truncated, illegal, obs) for
    an action (at an end, obs is the final observation). actions_of(i,
    mask) draws environment i's action from a generator of its own, so
    that both modes play the same games."""
    same = envs.autoreset_mode == AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=seed)
    n = envs.num_envs
    events: list[list[tuple]] = [[("start", obs[i], info["action_mask"][i], info["player"][i])] for i in range(n)]
    ended = np.zeros(n, dtype=bool)
    for _ in range(steps):
        acts = np.array([0 if ended[i] else actions_of(i, info["action_mask"][i]) for i in range(n)])
        obs, r, term, trunc, info = envs.step(acts)
        for i in range(n):
            if ended[i]:  # next-step mode: this step started an episode
                events[i].append(("start", obs[i], info["action_mask"][i], info["player"][i]))
                continue
            end = term[i] or trunc[i]
            final = info["final_obs"][i] if same and end else obs[i]
            events[i].append(("step", r[i], term[i], trunc[i], info["illegal_action"][i], final))
            if same and end:
                assert info["_final_obs"][i] and info["_final_info"][i]
                assert info["final_info"]["illegal_action"][i] == info["illegal_action"][i]
                events[i].append(("start", obs[i], info["action_mask"][i], info["player"][i]))
        if same:
            assert not (term | trunc).any() or info["final_obs"][~(term | trunc)].tolist() == [None] * int((~(term | trunc)).sum())
        else:
            ended = term | trunc
    return events


def same_events(a: list[tuple], b: list[tuple]) -> bool:
    k = min(len(a), len(b))
    return all(x[0] == y[0] and all(np.array_equal(u, v) for u, v in zip(x[1:], y[1:])) for x, y in zip(a[:k], b[:k]))


@pytest.mark.parametrize("game", moongym.game_names())
@pytest.mark.parametrize("opponents", [None, "random"])
def test_same_step_mode_plays_the_same_games(game, opponents):
    # The same-step mode gives what the next-step mode gives, each episode's
    # first observation in the step that ended the last, and the final
    # observation in info["final_obs"]; forfeits and truncation included.
    n = 4
    kw = dict(opponents=opponents, max_steps=6)
    if game == "planet-cubes":
        kw["players"] = 3

    def actor():
        rngs = [np.random.default_rng(i) for i in range(n)]

        def act(i, mask):
            if rngs[i].random() < 0.1:
                return 10_000  # a forfeit
            return int(rngs[i].choice(np.flatnonzero(mask)))

        return act

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", moongym.IllegalActionWarning)
        nxt = episodes_of(VectorEnv(game, n, **kw), actor(), 40)
        same_env = VectorEnv(game, n, autoreset_mode="SameStep", **kw)
        assert same_env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
        same = episodes_of(same_env, actor(), 30)
    for i in range(n):
        assert same_events(nxt[i], same[i]), f"env {i}"
        starts = [e for e in same[i][1:] if e[0] == "start"]
        assert starts, "no episode ended"
        for e in starts:  # a new episode's mask always has a legal action
            assert e[3] >= 0 and e[2].any()


def test_same_step_final_info_in_self_play():
    envs = VectorEnv("tictactoe", num_envs=1, autoreset_mode=AutoresetMode.SAME_STEP)
    envs.reset(seed=0)
    for a in [0, 3, 1, 4]:
        obs, r, term, trunc, info = envs.step(np.array([a]))
        assert "final_obs" not in info
    obs, r, term, trunc, info = envs.step(np.array([2]))  # X completes a1 b1 c1
    assert term[0] and r[0] == 1.0 and list(info["final_info"]["rewards"][0]) == [1.0, -1.0]
    assert info["final_obs"][0].sum() == 5 + 4  # the final board: five marks, four empty cells
    assert obs[0][2].all() and info["player"][0] == 0 and info["action_mask"][0].all()  # the next board, empty
    # make_vec passes the mode on; others are refused.
    v = gymnasium.make_vec("moongym/tictactoe-v0", num_envs=2, autoreset_mode="SameStep")
    assert v.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    with pytest.raises(ValueError, match="autoreset_mode"):
        VectorEnv("tictactoe", num_envs=2, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(ValueError, match="autoreset_mode"):
        VectorEnv("tictactoe", num_envs=2, autoreset_mode="sometimes")


def test_episode_over_at_reset_is_an_error():
    # Opponents whose moves reach max_steps before the learner's first
    # decision: every episode would be over at once.
    envs = VectorEnv("tictactoe", num_envs=2, opponents="random", seat=1, max_steps=1)
    with pytest.raises(moongym.BadArgumentError, match="before the learner's first decision.*max_steps=1"):
        envs.reset(seed=0)

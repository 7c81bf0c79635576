"""moongym.sb3.VecEnv, Stable-Baselines3's VecEnv over moongym's vector
environment: SB3's contract (against SB3 where it is installed, else
against a stand-in of its base class, sb3_standin.py: SB3 cannot be
imported without torch), same-step autoreset with the terminal observation
in the infos, masks never all zeros, seeding; SB3's own check_env on every
game, its wrappers, and a MaskablePPO smoke run on every game where
sb3-contrib is installed."""

from __future__ import annotations

import importlib
import sys
import warnings
from types import SimpleNamespace

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import moongym
import sb3_standin


def _have(module: str) -> bool:
    try:
        importlib.import_module(module)
        return True
    except ImportError:
        return False


REAL_SB3 = _have("stable_baselines3.common.vec_env")
HAVE_CONTRIB = REAL_SB3 and _have("sb3_contrib")
GAMES = moongym.game_names()


@pytest.fixture
def sb3(monkeypatch):
    """moongym.sb3 with SB3's VecEnv base class and sb3-contrib's mask
    lookup: the real ones where installed, else the stand-in's."""
    if REAL_SB3:
        from stable_baselines3.common.vec_env import VecEnv as Base

        get_action_masks = sb3_standin.get_action_masks
        if HAVE_CONTRIB:
            from sb3_contrib.common.maskable.utils import get_action_masks
        mod = importlib.import_module("moongym.sb3")
        yield SimpleNamespace(VecEnv=mod.VecEnv, Base=Base, get_action_masks=get_action_masks, real=True)
        return
    sb3_standin.install(monkeypatch)
    sys.modules.pop("moongym.sb3", None)
    try:
        mod = importlib.import_module("moongym.sb3")
        yield SimpleNamespace(VecEnv=mod.VecEnv, Base=sb3_standin.VecEnv, get_action_masks=sb3_standin.get_action_masks, real=False)
    finally:
        sys.modules.pop("moongym.sb3", None)
        if hasattr(moongym, "sb3"):
            delattr(moongym, "sb3")


def test_import_moongym_does_not_import_sb3():
    import subprocess

    code = "import sys, moongym, moongym.vector; print('stable_baselines3' in sys.modules, 'torch' in sys.modules, 'moongym.sb3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.split() == ["False", "False", "False"], out.stderr


def test_without_sb3_the_import_says_what_to_install(monkeypatch):
    if REAL_SB3:
        pytest.skip("SB3 is installed")
    sys.modules.pop("moongym.sb3", None)
    with pytest.raises(ImportError, match="pip install stable-baselines3"):
        importlib.import_module("moongym.sb3")
    sys.modules.pop("moongym.sb3", None)


@pytest.mark.parametrize("game", GAMES)
def test_vec_env_contract(sb3, game):
    env = sb3.VecEnv(game, num_envs=4)
    assert isinstance(env, sb3.Base) and env.num_envs == 4
    assert env.observation_space.shape == env.game_info.shape and env.observation_space.dtype == np.float32
    assert env.action_space.n == env.game_info.num_actions
    assert env.render_mode is None and env.get_attr("render_mode") == [None] * 4
    obs = env.reset()
    assert obs.shape == (4, *env.game_info.shape) and obs.dtype == np.float32
    assert not env.game_info.bounded or all(env.observation_space.contains(o) for o in obs)
    assert env.has_attr("action_masks") and not env.has_attr("no_such_thing")
    masks = sb3.get_action_masks(env)
    assert masks.shape == (4, env.game_info.num_actions) and masks.dtype == bool and masks.any(axis=1).all()
    assert np.array_equal(masks, env.action_masks()) and np.array_equal(env.get_attr("action_masks", 2)[0](), masks[2])
    assert env.env_method("action_masks", indices=[1, 3])[1].tolist() == masks[3].tolist()
    assert env.get_attr("game_info", [0, 1]) == [env.game_info] * 2
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        env.get_attr("no_such_thing")
    with pytest.raises(AttributeError):
        env.set_attr("game_info", None)
    with pytest.raises(AttributeError, match="only action_masks"):
        env.env_method("render")
    assert env.env_is_wrapped(gymnasium.Wrapper) == [False] * 4
    rng = np.random.default_rng(0)
    for _ in range(5):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in sb3.get_action_masks(env)])
        obs, rewards, dones, infos = env.step(actions)
        assert obs.shape == (4, *env.game_info.shape) and rewards.dtype == np.float32 and dones.dtype == bool
        assert isinstance(infos, list) and len(infos) == 4 and all(isinstance(i, dict) for i in infos)
    env.close()


@pytest.mark.parametrize("game", GAMES)
def test_same_games_as_the_vector_env_same_step_mode(sb3, game):
    # The SB3 environment is moongym.VectorEnv in the same-step mode, given
    # to SB3: the same games for the same seed and actions, the terminal
    # observation where Gymnasium has the final one.
    kw = dict(opponents="random", max_steps=8, players=3) if game == "planet-cubes" else dict(opponents="random", max_steps=8)
    env = sb3.VecEnv(game, num_envs=4, **kw)
    vec = moongym.VectorEnv(game, num_envs=4, autoreset_mode=AutoresetMode.SAME_STEP, **kw)
    env.seed(11)
    obs = env.reset()
    vobs, vinfo = vec.reset(seed=11)
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(20):
        masks = env.action_masks()
        assert np.array_equal(obs, vobs) and np.array_equal(masks, vinfo["action_mask"].astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = env.step(actions)
        vobs, vr, vterm, vtrunc, vinfo = vec.step(actions)
        assert np.array_equal(rewards, vr.astype(np.float32)) and np.array_equal(dones, vterm | vtrunc)
        for i in np.flatnonzero(dones):
            ends += 1
            assert np.array_equal(infos[i]["terminal_observation"], vinfo["final_obs"][i])
            assert infos[i]["TimeLimit.truncated"] == bool(vtrunc[i] and not vterm[i])
        assert all(infos[i] == {} for i in np.flatnonzero(~dones))
    assert ends > 0


@pytest.mark.parametrize("opponents", [None, "random"])
def test_autoreset_terminal_observation_and_masks(sb3, opponents):
    # SB3's convention over many episodes: a done environment's
    # observation is its next episode's first, the final one in the info;
    # truncations marked for bootstrapping; forfeits; and every mask row
    # with a legal action, at every step.
    env = sb3.VecEnv("tictactoe", num_envs=6, opponents=opponents, max_steps=7)
    env.seed(0)
    obs = env.reset()
    rng = np.random.default_rng(2)
    seen = {"terminated": 0, "truncated": 0, "forfeit": 0}
    for step in range(200):
        masks = sb3.get_action_masks(env)
        assert masks.any(axis=1).all(), f"step {step}: a mask without a legal action"
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        if step % 17 == 5:
            actions[step % 6] = 9  # out of range: a forfeit
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", moongym.IllegalActionWarning)
            obs, rewards, dones, infos = env.step(actions)
        for i in np.flatnonzero(dones):
            info = infos[i]
            final = info["terminal_observation"]
            assert final.shape == obs[i].shape and final.dtype == np.float32
            # The returned observation is the new episode's first: an
            # empty board (tic-tac-toe's third plane), the learner (or X)
            # to move; the final one has marks, but after a forfeit of the
            # first move.
            assert obs[i][2].all()
            assert final[0].sum() + final[1].sum() > 0 or info["illegal_action"]
            if info["illegal_action"]:
                seen["forfeit"] += 1
                assert rewards[i] == env.game_info.min_utility and not info["TimeLimit.truncated"]
            elif info["TimeLimit.truncated"]:
                seen["truncated"] += 1
            else:
                seen["terminated"] += 1
            assert ("rewards" in info) == (opponents is None)
    assert all(seen.values()), seen


def test_seeding(sb3):
    def play(seed):
        env = sb3.VecEnv("planet-cubes", num_envs=3, opponents="random", players=3)
        env.seed(seed)
        out = [env.reset()]
        for _ in range(30):
            actions = np.argmax(env.action_masks(), axis=1)
            out.append(env.step(actions)[0])
        return out

    a, b, c = play(3), play(3), play(4)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))


def test_errors(sb3):
    env = sb3.VecEnv("tictactoe", num_envs=2, opponents="random", illegal_action="raise")
    with pytest.raises(moongym.EpisodeOverError, match="reset"):
        env.action_masks()
    env.reset()
    with pytest.raises(moongym.IllegalActionError, match="env 1"):
        env.step(np.array([int(np.flatnonzero(env.action_masks()[0])[0]), 99]))
    with pytest.raises(RuntimeError, match="step_async"):
        env.step_wait()
    with pytest.raises(TypeError, match="shape"):
        env.step(np.array([0, 1, 2]))
    env.set_options({"x": 1})
    with pytest.raises(ValueError, match="no reset options"):
        env.reset()
    with pytest.raises(moongym.UnknownGameError):
        sb3.VecEnv("chess", num_envs=2)
    with pytest.raises(ValueError, match="illegal_action"):
        sb3.VecEnv("tictactoe", num_envs=2, illegal_action="ignore")


# The real packages: SB3's check_env, its wrappers, MaskablePPO.


@pytest.mark.skipif(not REAL_SB3, reason="stable-baselines3 is not installed (it needs torch)")
@pytest.mark.parametrize("game", GAMES)
def test_sb3_check_env(game):
    from stable_baselines3.common.env_checker import check_env

    check_env(gymnasium.make(f"moongym/{game}-v0"))


@pytest.mark.skipif(not REAL_SB3, reason="stable-baselines3 is not installed (it needs torch)")
def test_sb3_wrappers(sb3):
    from stable_baselines3.common.vec_env import VecMonitor, VecNormalize

    env = VecNormalize(VecMonitor(sb3.VecEnv("tictactoe", num_envs=4)), norm_reward=False)
    env.reset()
    episodes = 0
    for _ in range(40):
        masks = sb3.get_action_masks(env)
        obs, rewards, dones, infos = env.step(np.argmax(masks, axis=1))
        episodes += sum("episode" in i for i in infos)
    assert episodes > 0


@pytest.fixture
def one_torch_thread():
    """MaskablePPO's small networks run faster on one thread than on all
    the cores another process uses too."""
    import torch

    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)


@pytest.mark.skipif(not HAVE_CONTRIB, reason="sb3-contrib is not installed (it needs torch)")
@pytest.mark.parametrize("game", GAMES)
def test_maskable_ppo_smoke(game, one_torch_thread):
    # A few thousand steps of MaskablePPO on every game with the default
    # arguments (a learner at seat 0 against random opponents): it trains,
    # every step's masks had a legal action (MaskablePPO would fail on an
    # all-zero one), and the policy's actions are legal.
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecMonitor

    import moongym.sb3

    env = VecMonitor(moongym.sb3.VecEnv(game, num_envs=8))
    steps = 4096 if game == "tictactoe" else 2048
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=256, n_epochs=2, seed=0, device="cpu")
    model.learn(steps)
    assert model.num_timesteps >= steps
    assert len(model.ep_info_buffer) > 0 or game == "lunar-rally"
    obs = env.reset()
    masks = env.env_method("action_masks")
    actions, _ = model.predict(obs, action_masks=np.stack(masks), deterministic=True)
    assert all(m[a] for m, a in zip(masks, actions))
    env.close()

"""Bad input gives a clear Python exception carrying the Go message, and
changes nothing."""

from __future__ import annotations

import re
import threading

import numpy as np
import pytest

import moongym
from moongym import core
from moongym.pettingzoo import env
from moongym.vector import VectorEnv


def test_unknown_game_lists_known():
    known = re.escape('unknown game: "chess" (known: ' + ", ".join(moongym.game_names()))
    with pytest.raises(moongym.UnknownGameError, match=known):
        env("chess")
    with pytest.raises(ValueError):  # also a ValueError
        VectorEnv("chess", num_envs=2)


@pytest.mark.parametrize(
    "params, message",
    [
        ({"players": 9}, r"lunar-rally: bad parameter value: players=9 is out of range \(want 2..4\)"),
        ({"players": "three"}, r'players="three" is not an integer'),
        ({"scenario": "purple"}, r'scenario="purple" is not one of blue, green, red, yellow'),
        ({"colour": "red"}, r'unknown parameter: "colour" for lunar-rally \(valid: '),
        ({"scenario": "a,b"}, r"may not contain"),
    ],
)
def test_bad_params(params, message):
    with pytest.raises(moongym.BadParamError, match=message):
        env("lunar-rally", **params)


def state(e) -> str:
    return e._core.state_json()


def test_illegal_action_changes_nothing():
    e = env("tictactoe")
    e.reset(seed=0)
    e.step(4)
    before, selection = state(e), e.agent_selection
    with pytest.raises(moongym.IllegalActionError, match=r"illegal action: 4 is not legal for p1 \(legal: 0=a1"):
        e.step(4)
    assert state(e) == before and e.agent_selection == selection
    e.step(0)  # still usable


@pytest.mark.parametrize("action", [9, -1, 2**31, 2**40, 2**70])
def test_out_of_range_changes_nothing(action):
    e = env("tictactoe")
    e.reset(seed=0)
    before = state(e)
    with pytest.raises(moongym.IllegalActionError, match="illegal action"):
        e.step(action)
    assert state(e) == before


@pytest.mark.parametrize("action", [1.0, "1", None, True, np.float32(1), [1], np.array([1, 2])])
def test_wrong_dtype_changes_nothing(action):
    e = env("tictactoe")
    e.reset(seed=0)
    before = state(e)
    with pytest.raises(TypeError, match="action must be an integer"):
        e.step(action)
    assert state(e) == before


@pytest.mark.parametrize("action", [np.int8(4), np.int64(4), np.uint16(4), np.array(4)])
def test_numpy_integers_accepted(action):
    e = env("tictactoe")
    e.reset(seed=0)
    e.step(action)
    assert e.observe("player_1")["action_mask"][4] == 0


def test_step_after_end():
    e = env("tictactoe")
    e.reset(seed=0)
    for a in [0, 3, 1, 4, 2]:
        e.step(a)
    while e.agents:  # PettingZoo's dead steps
        e.step(None)
    for action in (5, None):
        with pytest.raises(moongym.EpisodeOverError, match=re.escape("reset needed: the episode is over: call reset()")):
            e.step(action)
    c = core.Env("tictactoe")
    with pytest.raises(moongym.EpisodeOverError, match=re.escape("no episode started: call reset() first")):
        c.step(0)


def test_step_before_reset():
    for e in (env("tictactoe"), core.Env("tictactoe", seat=0, opponents="random")):
        with pytest.raises(moongym.EpisodeOverError, match=re.escape("no episode started: call reset() first")):
            e.step(0)


def test_last_and_observe_before_reset():
    # Not an AttributeError: a moongym error that says what to do.
    e = env("tictactoe")
    with pytest.raises(moongym.EpisodeOverError, match=re.escape("no episode started: call reset() first")):
        e.last()
    with pytest.raises(moongym.EpisodeOverError, match=re.escape("no episode started: call reset() first")):
        e.observe("player_0")
    e.reset(seed=0)
    assert e.last()[0]["action_mask"].sum() == 9


@pytest.mark.parametrize("name", ["max_steps", "seat"])
@pytest.mark.parametrize("value", ["x", 1.5, None, True])
def test_bad_config_arguments_are_typed_errors(name, value):
    # A moongym error (also a ValueError) that names the argument and what it
    # wants, not int()'s bare ValueError.
    kwargs = {name: value}
    with pytest.raises(moongym.BadArgumentError, match=f"{name} must be .*, not {re.escape(repr(value))}"):
        core.Env("tictactoe", **kwargs)
    with pytest.raises(moongym.BadArgumentError, match=name):
        VectorEnv("tictactoe", num_envs=2, opponents="random", **kwargs)
    if name == "max_steps":
        with pytest.raises(moongym.BadArgumentError, match="max_steps must be a non-negative integer"):
            env("tictactoe", max_steps=value)


def test_missing_model_file_is_bad_agent():
    for spec in ("az:model=/nonexistent/m.safetensors", "net:model=/nonexistent/m.safetensors"):
        with pytest.raises(moongym.BadAgentError, match="/nonexistent/m.safetensors"):
            moongym.Agent(spec, "tictactoe")
        with pytest.raises(moongym.BadAgentError, match="/nonexistent/m.safetensors"):
            core.Env("tictactoe", seat=0, opponents=spec)


def test_wrong_kind_of_handle_names_no_go_type():
    c = core.Env("tictactoe")
    with pytest.raises(moongym.BadArgumentError, match=f"handle {c.handle} is not a live vector environment but an environment") as e:
        core.call_string(core.lib.mg_vec_info, c.handle)
    assert "main." not in str(e.value) and "*" not in str(e.value)


def test_single_agent_illegal_and_after_end():
    from moongym.gymnasium import SingleAgentEnv

    e = SingleAgentEnv("tictactoe", opponents="heuristic", illegal_action="raise")
    _, info = e.reset(seed=0)
    before = e._core.state_json()
    with pytest.raises(moongym.IllegalActionError):
        e.step(42)
    with pytest.raises(TypeError):
        e.step(0.5)
    assert e._core.state_json() == before
    while True:
        _, _, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        if term or trunc:
            break
    with pytest.raises(moongym.EpisodeOverError):
        e.step(0)


def test_observe_bad_arguments():
    c = core.Env("tictactoe")
    c.reset(0)
    with pytest.raises(moongym.BadArgumentError, match="seat 5 of 2"):
        c.observe(5)
    with pytest.raises(TypeError, match="float32"):
        c.observe(0, obs=np.zeros(27, dtype=np.float64))
    with pytest.raises(TypeError):
        c.observe(0, obs=np.zeros(26, dtype=np.float32))


def test_closed_and_freed_handles():
    c = core.Env("tictactoe")
    h = c.handle
    c.close()
    with pytest.raises(ValueError, match="closed"):
        c.reset(0)
    # A stale handle reaching Go is refused, not a crash.
    with pytest.raises(moongym.BadArgumentError, match=f"no object with handle {h}"):
        core.check(core.lib.mg_free(h))
    player = core.ctypes.c_int32()
    with pytest.raises(moongym.BadArgumentError, match="is not a live"):
        core.check(core.lib.mg_env_reset(h, 0, 0, 0, core.ctypes.byref(player)))


def test_null_pointers_are_refused():
    # Go would fault writing through NULL; the C API checks instead.
    c = core.Env("tictactoe")
    with pytest.raises(moongym.BadArgumentError, match="NULL player"):
        core.check(core.lib.mg_env_reset(c.handle, 0, 0, 0, None))
    with pytest.raises(moongym.BadArgumentError, match="NULL"):
        core.check(core.lib.mg_env_new(b"tictactoe", b"", 0, -1, b"", None))
    c.reset(0)  # the environment still works


def test_bad_agents():
    with pytest.raises(moongym.BadAgentError, match="unknown agent"):
        moongym.Agent("alphabeta", "tictactoe")
    with pytest.raises(moongym.BadAgentError, match='mcts has no option "depth"'):
        moongym.Agent("mcts:depth=3", "tictactoe")


def test_threads_share_nothing_unsafe():
    # Several Python threads stepping one vector env and one env: Go locks
    # each object, so this neither crashes nor corrupts results.
    envs = VectorEnv("walking-moon", num_envs=16)
    envs.reset(seed=0)
    errors = []

    def worker(seed):
        rng = np.random.default_rng(seed)
        try:
            for _ in range(50):
                mask = envs._core.mask.copy()
                try:
                    envs.step(rng.integers(0, mask.shape[1], size=16) * 0 + mask.argmax(axis=1))
                except moongym.IllegalActionError:
                    pass  # another thread stepped in between
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_observation_rows_are_fresh_and_recycled():
    # Records of 16 bytes of flags, 8 of rewards, 12 of observation and 3 of
    # mask, padded to 40; four per block.
    rec = core._Records((0, 16, 24, 36, 40), (3,), 1, 3, rows=4)
    kept = []
    for _ in range(6):
        i = rec.take()
        kept.append(rec.block.obs_rows[i])
    addresses = {a.ctypes.data for a in kept}
    assert len(addresses) == 6, "a row was given out twice while still referenced"
    assert all(a.base is not None and a.flags.c_contiguous for a in kept)
    first_block = id(rec.other)  # an id: a reference would keep it busy
    del kept
    for _ in range(2):
        rec.take()
    # Block 2 is used up; block 1's rows are all gone: it is reused.
    rec.take()
    assert id(rec.block) == first_block
    # A row still referenced keeps its block from being reused: block 1 is
    # in use again (row 0 taken); keep row 1, use up blocks 1 and 2.
    kept = rec.block.mask_rows[rec.take()]
    for _ in range(2 + 4 + 1):
        rec.take()
    assert kept.base is not rec.block.buf and kept.base is not rec.other.buf
    assert rec.next == 1

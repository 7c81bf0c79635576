"""fork after the Go runtime started: the child gets a clear ForkError from
every call into Go instead of hanging (the Go runtime's threads do not
survive a fork); the "spawn" start method works (test_vector.py)."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import moongym
from moongym import core
from moongym.pettingzoo import env
from moongym.vector import VectorEnv, random_legal_actions

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")

# A child that hangs fails the test after this many seconds instead of
# blocking the run.
TIMEOUT = 60


def _use_in_child(queue, aec, vec) -> None:
    """Every kind of call into Go, each one's exception reported."""
    calls = {
        "new AEC env": lambda: env("tictactoe"),
        "new vector env": lambda: VectorEnv("tictactoe", num_envs=2),
        "new single-agent env": lambda: core.Env("tictactoe", seat=0, opponents="random"),
        "agent": lambda: moongym.Agent("random", "tictactoe"),
        "AEC step": lambda: aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0])),
        "AEC reset": lambda: aec.reset(seed=1),
        "AEC observe": lambda: aec.observe("player_1"),
        "vector step": lambda: vec.step(random_legal_actions(vec._core.mask, np.random.default_rng(0))),
        "vector reset": lambda: vec.reset(seed=2),
        "render": lambda: aec._core.render(),
    }
    out = {}
    for what, call in calls.items():
        try:
            call()
            out[what] = ("no error", "")
        except Exception as e:
            out[what] = (type(e).__name__, str(e))
    queue.put(out)


def test_forked_child_gets_fork_error_not_a_hang():
    aec = env("tictactoe")
    aec.reset(seed=0)
    aec.step(4)  # the pending observation is taken below in the child
    vec = VectorEnv("tictactoe", num_envs=4)
    vec.reset(seed=0)
    for _ in range(150):  # the hang came after 100-200 steps
        vec.step(random_legal_actions(vec._core.mask, np.random.default_rng(0)))
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    p = ctx.Process(target=_use_in_child, args=(queue, aec, vec))
    p.start()
    p.join(TIMEOUT)
    if p.is_alive():
        p.kill()
        pytest.fail(f"the forked child hung for {TIMEOUT} s")
    out = queue.get(timeout=10)
    for what, (kind, message) in out.items():
        assert kind == "ForkError", f"{what}: {kind} {message}"
        assert "forked" in message and '"spawn"' in message and '"forkserver"' in message
    # The parent is not affected.
    assert not moongym._lib.forked
    aec.step(0)
    vec.step(random_legal_actions(vec._core.mask, np.random.default_rng(1)))
    assert isinstance(moongym.ForkError("x"), RuntimeError)


def test_async_vector_env_with_fork_fails_fast():
    # gymnasium's AsyncVectorEnv with the fork context (the default on
    # Linux before Python 3.14) used to hang; its workers now stop at once
    # with the ForkError, which they print.
    code = textwrap.dedent(
        """
        import gymnasium, moongym
        from moongym.gymnasium import SingleAgentEnv

        def make():
            return SingleAgentEnv("tictactoe")

        envs = gymnasium.vector.AsyncVectorEnv([make, make], context="fork")
        envs.reset(seed=0)
        for _ in range(300):
            envs.step(envs.action_space.sample())
        print("stepped")
        """
    )
    try:
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"AsyncVectorEnv with fork hung for {TIMEOUT} s")
    assert run.returncode != 0 and "stepped" not in run.stdout
    assert "moongym.errors.ForkError" in run.stderr and 'context="spawn"' in run.stderr

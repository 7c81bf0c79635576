"""Steps per second of moongym's environments from Python, next to
PettingZoo's own tictactoe_v3 (pure Python) in the same run.

    pip install ./python pygame   # tictactoe_v3 needs pygame
    python python/bench.py

For every game (default parameters): the AEC environment stepped one action
at a time with random legal actions (the usual PettingZoo loop: last(),
pick from the mask, step), and the vector environment (self-play, N games)
stepped with random legal actions drawn by NumPy from its masks, returning
its own buffers (copy=False) or copies (copy=True, Gymnasium's default). Work is
fixed (a number of steps), time is measured; steps that only autoreset a
vector environment are not counted. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

import numpy as np


def aec_steps_per_second(env, steps: int, seed: int = 0) -> float:
    """Random legal actions through the standard AEC loop; a finished game
    is reset (resets are timed, not counted)."""
    pick = random.Random(seed)
    env.reset(seed=seed)
    done = 0
    t0 = time.perf_counter()
    while done < steps:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[pick.randrange(len(legal))]))
        done += 1
    return done / (time.perf_counter() - t0)


def vector_steps_per_second(envs, batches: int, seed: int = 0) -> float:
    from moongym.vector import random_legal_actions

    rng = np.random.default_rng(seed)
    _, info = envs.reset(seed=seed)
    ended = np.zeros(envs.num_envs, dtype=bool)
    played = 0
    t0 = time.perf_counter()
    for _ in range(batches):
        actions = random_legal_actions(info["action_mask"], rng)
        _, _, term, trunc, info = envs.step(actions)
        played += envs.num_envs - int(ended.sum())
        ended = term | trunc
    return played / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=10000, help="AEC steps per game")
    ap.add_argument("--num-envs", type=int, default=1024, help="games in the vector environment")
    ap.add_argument("--batches", type=int, default=100, help="vector steps per game")
    ap.add_argument("--games", nargs="*", help="games to run (default: all)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the median is reported")
    args = ap.parse_args()

    import moongym
    from moongym.pettingzoo import env as moon_env
    from moongym.vector import VectorEnv

    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError as e:
        tictactoe_v3 = None
        print(f"(no PettingZoo tictactoe_v3: {e}; pip install pygame)")

    # Rounds interleave every measurement, so that a busy machine slows all
    # of them alike; the table has each one's median over the rounds.
    games = args.games or moongym.game_names()
    runs: dict[str, list[float]] = {}
    for r in range(args.rounds):
        if tictactoe_v3 is not None:
            runs.setdefault("ref", []).append(aec_steps_per_second(tictactoe_v3.env(), args.steps, seed=r))
        for game in games:
            runs.setdefault(f"aec {game}", []).append(aec_steps_per_second(moon_env(game), args.steps, seed=r))
            for copy in (False, True):
                runs.setdefault(f"vec{copy} {game}", []).append(
                    vector_steps_per_second(VectorEnv(game, num_envs=args.num_envs, copy=copy), args.batches, seed=r)
                )
    med = {k: statistics.median(v) for k, v in runs.items()}
    ref = med.get("ref")
    rows = []
    if ref is not None:
        rows.append(("tictactoe_v3 (PettingZoo, pure Python)", ref, None, None))
    for game in games:
        rows.append((f"moongym {game}", med[f"aec {game}"], med[f"vecFalse {game}"], med[f"vecTrue {game}"]))

    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, vector env of {args.num_envs} games, median of {args.rounds} interleaved rounds\n")
    print("| environment | AEC steps/s | vs tictactoe_v3 | vector steps/s | vs tictactoe_v3 | vector, copy=True | vs tictactoe_v3 |")
    print("|---|---:|---:|---:|---:|---:|---:|")

    def cell(x: float | None) -> str:
        if x is None:
            return "- | -"
        return f"{x:,.0f} | " + (f"{x / ref:.1f}x" if ref else "-")

    for name, aec, vec, vec_copy in rows:
        print(f"| {name} | {cell(aec)} | {cell(vec)} | {cell(vec_copy)} |")

if __name__ == "__main__":
    main()

"""Steps per second of moongym's environments from Python, next to
PettingZoo's own tictactoe_v3 (pure Python) in the same run.

    pip install ./python pygame   # tictactoe_v3 needs pygame
    python python/bench.py        # from the repository root

(This imports the source tree's package, python/moongym, which Python puts
first on the path; `pip install ./python` builds the Go library into it as
well as into the installed package. The table's header says which moongym
ran.)

For every game (default parameters): the AEC environment stepped one action
at a time with random legal actions (the usual PettingZoo loop: last(),
pick from the mask, step), and the vector environment (self-play, N games)
stepped with random legal actions drawn by NumPy from its masks, returning
its own buffers (copy=False) or copies (copy=True, Gymnasium's default). Work is
fixed (a number of steps), time is measured; steps that only autoreset a
vector environment are not counted. Prints a Markdown table.

    python python/bench.py --move-cost --trees OLD/python python

times one move of the standard AEC loop (see move_cost) with the moongym
package of each source tree (its python/ directory, with the library built
into it), one process per tree and round, the trees interleaved round by
round; prints the median microseconds per move and the ratios
(docs/benchmarks/python-step.md).

    python python/bench.py --sb3     # needs stable-baselines3 (and torch)

compares Stable-Baselines3's DummyVecEnv of the registered environments
(make_vec_env("moongym/<game>-v0", n_envs=N): a learner against random
opponents) with moongym.sb3.VecEnv of the same games: steps per second with
random legal actions drawn from env_method("action_masks"), as MaskablePPO
asks for them (docs/python.md, the SB3 section).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
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


def _first_legal(mask, rng):
    return int(mask.argmax())


def _random_legal(mask, rng):
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


def _random_flatnonzero(mask, rng):
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


# The user's choice of a legal action from obs["action_mask"] (int8).
PICKS = {
    "first legal": _first_legal,
    "random legal": _random_legal,
    "random legal, np.flatnonzero": _random_flatnonzero,
}


def move_cost(env, moves: int, pick, seed: int = 0) -> float:
    """Microseconds per move of the standard AEC loop, whole games:

        env.reset(seed=seed)            # once; then env.reset() per game
        for agent in env.agent_iter():
            obs, rew, term, trunc, info = env.last()
            action = None if term or trunc else pick(obs["action_mask"])
            env.step(action)

    until at least `moves` actions were played; the time of everything
    (resets, the steps with None after the end) divided by the number of
    actions played (not counting the None steps)."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    played = 0
    t0 = time.perf_counter()
    while played < moves:
        for agent in env.agent_iter():
            obs, rew, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                action = pick(obs["action_mask"], rng)
                played += 1
            env.step(action)
        env.reset()
    return (time.perf_counter() - t0) / played * 1e6


def _move_cost_child(args) -> None:
    """One process's measurements, as JSON: {"pick|game": [µs per move of
    each chunk]}; every pick and game is measured in chunks of args.steps
    moves, the picks and games alternating chunk by chunk."""
    # The package from PYTHONPATH (the tree measured), not the one next to
    # this script, which Python puts first on the path (unless that is the
    # tree measured: then it stays first, before an installed moongym).
    here = os.path.dirname(os.path.abspath(__file__))
    if os.path.abspath(os.environ.get("PYTHONPATH", "")) != here:
        sys.path = [p for p in sys.path if os.path.abspath(p or ".") != here] + [p for p in sys.path if os.path.abspath(p or ".") == here]
    import moongym
    from moongym.pettingzoo import env as moon_env

    makers = {g: (lambda g=g: moon_env(g)) for g in args.games or ["tictactoe"]}
    if args.ref:
        from pettingzoo.classic import tictactoe_v3

        makers["tictactoe_v3"] = tictactoe_v3.env
    envs = {f"{name}|{game}": (make(), pick) for game, make in makers.items() for name, pick in PICKS.items()}
    for e, pick in envs.values():
        move_cost(e, args.steps, pick)  # warm up
    out: dict[str, list[float]] = {k: [] for k in envs}
    for chunk in range(args.chunks):
        for k, (e, pick) in envs.items():
            out[k].append(move_cost(e, args.steps, pick, seed=chunk))
    print(json.dumps({"package": moongym.__file__, "runs": out}))


def compare_move_cost(args) -> None:
    """Runs _move_cost_child with each tree's package, the trees alternating
    round by round; prints a Markdown table of the median over all chunks
    of all rounds, and of the best chunk."""
    runs: dict[str, dict[str, list[float]]] = {t: {} for t in args.trees}
    for r in range(args.rounds):
        for i, tree in enumerate(args.trees):
            cmd = [sys.executable, __file__, "--move-cost-child", "--steps", str(args.steps), "--chunks", str(args.chunks)]
            if args.games:
                cmd += ["--games", *args.games]
            if i == 0 and args.ref:
                cmd.append("--ref")
            env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
            res = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
            if not res["package"].startswith(os.path.abspath(tree) + os.sep):
                sys.exit(f"bench: the run for {tree} imported moongym from {res['package']}")
            for k, v in res["runs"].items():
                runs[tree].setdefault(k, []).extend(v)
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {_cpu_model()}, {os.cpu_count()} CPUs; "
        f"{args.rounds} rounds, the trees interleaved, each round {args.chunks} chunks of {args.steps} moves per row; "
        "µs per move: median over all chunks (best chunk)\n"
    )
    first, last = args.trees[0], args.trees[-1]
    head = " | ".join(f"`{t}`" for t in args.trees)
    print(f"| user's pick | game | {head} | ratio |")
    print("|---|---|" + "---:|" * (len(args.trees) + 1))

    def cell(v: list[float] | None) -> str:
        return "-" if not v else f"{statistics.median(v):.2f} ({min(v):.2f})"

    for key in runs[last]:
        pick, game = key.split("|")
        cells = " | ".join(cell(runs[t].get(key)) for t in args.trees)
        a, b = runs[first].get(key), runs[last].get(key)
        ratio = f"{statistics.median(a) / statistics.median(b):.2f}x" if a and b else "-"
        print(f"| {pick} | {game} | {cells} | {ratio} |")
    for key in runs[first]:
        if key not in runs[last]:  # the reference, measured with the first tree only
            pick, game = key.split("|")
            print(f"| {pick} | {game} | {cell(runs[first][key])} |" + " |" * len(args.trees))


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


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


def sb3_steps_per_second(env, steps: int, seed: int = 0) -> float:
    """Steps per second of an SB3 VecEnv with random legal actions from its
    masks (every step counts: SB3 resets in the step that ends)."""
    rng = np.random.default_rng(seed)
    env.seed(seed)
    env.reset()
    t0 = time.perf_counter()
    for _ in range(steps):
        masks = np.stack(env.env_method("action_masks"))
        env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
    return steps * env.num_envs / (time.perf_counter() - t0)


def compare_sb3(args) -> None:
    """The --sb3 table: DummyVecEnv against moongym.sb3.VecEnv, interleaved
    round by round."""
    import moongym
    import moongym.sb3
    from stable_baselines3.common.env_util import make_vec_env

    games = args.games or moongym.game_names()
    runs: dict[tuple[str, str], list[float]] = {}
    for r in range(args.rounds):
        for game in games:
            dummy = make_vec_env(f"moongym/{game}-v0", n_envs=args.sb3_envs)
            runs.setdefault((game, "dummy"), []).append(sb3_steps_per_second(dummy, args.sb3_steps, seed=r))
            dummy.close()
            fast = moongym.sb3.VecEnv(game, args.sb3_envs)
            runs.setdefault((game, "moongym"), []).append(sb3_steps_per_second(fast, args.sb3_steps, seed=r))
            fast.close()
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, {args.sb3_envs} environments, "
        f"{args.sb3_steps} steps, median of {args.rounds} interleaved rounds; moongym from {os.path.dirname(moongym.__file__)}\n"
    )
    print("| game | `DummyVecEnv` steps/s | `moongym.sb3.VecEnv` steps/s | ratio |")
    print("|---|---:|---:|---:|")
    for game in games:
        d, f = statistics.median(runs[(game, "dummy")]), statistics.median(runs[(game, "moongym")])
        print(f"| {game} | {d:,.0f} | {f:,.0f} | {f / d:.1f}x |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=10000, help="AEC steps per game")
    ap.add_argument("--num-envs", type=int, default=1024, help="games in the vector environment")
    ap.add_argument("--batches", type=int, default=100, help="vector steps per game")
    ap.add_argument("--games", nargs="*", help="games to run (default: all)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the median is reported")
    ap.add_argument("--move-cost", action="store_true", help="time a move of the AEC loop per source tree (--trees)")
    ap.add_argument("--trees", nargs="+", default=["python"], help="--move-cost: python/ directories to compare, first the old")
    ap.add_argument("--chunks", type=int, default=20, help="--move-cost: chunks of --steps moves per round")
    ap.add_argument("--ref", action="store_true", help="--move-cost: also PettingZoo's tictactoe_v3 (with the first tree)")
    ap.add_argument("--move-cost-child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--sb3", action="store_true", help="compare SB3's DummyVecEnv with moongym.sb3.VecEnv (needs stable-baselines3)")
    ap.add_argument("--sb3-envs", type=int, default=16, help="--sb3: environments")
    ap.add_argument("--sb3-steps", type=int, default=500, help="--sb3: steps per game and round")
    args = ap.parse_args()
    if args.sb3:
        compare_sb3(args)
        return
    if args.move_cost_child:
        _move_cost_child(args)
        return
    if args.move_cost:
        compare_move_cost(args)
        return

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

    print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs, vector env of {args.num_envs} games, "
        f"median of {args.rounds} interleaved rounds; moongym from {os.path.dirname(moongym.__file__)}\n"
    )
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

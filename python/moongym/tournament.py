"""Tournaments between moongym agents and Python policies, played by Go's
arena (package ``arena``, what ``moongym arena`` plays).

>>> report = moongym.arena("tictactoe", ["heuristic", my_policy], games=100, seed=1)
>>> print(report)

The seats rotate as the Go arena rotates them (every aligned block of k
games gives each of k agents every seat once), game i's chance and its
agents' seeds derive from the seed and i alone, and the report is the Go
arena's: wins, losses and draws per agent, the win rate (a draw counts
half) with its 95% Wilson score interval, mean score and return, per-seat
results, and for more seats or agents mean ranks, Elo ratings and the
pairwise table. For agent specs alone the games and the report are those
of ``moongym arena GAME --agents A,B --games N --seed S``.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from dataclasses import dataclass, field
from typing import Any, Sequence

from . import core
from ._lib import call_string, lib
from .errors import BadArgumentError
from .agent import Agent
from .policy import PythonPolicy, has_python, name_of, seat_specs

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile of the Go arena's Wilson intervals."""

_Z2 = float(Fraction("1.959963984540054") ** 2)
# Z95² as Go has it: Go squares the constant exactly at compile time, then
# rounds (Python's Z95 * Z95 rounds twice, 1 ulp away).


def wilson(p: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion p observed over n
    trials, as the Go arena computes it (``arena.Wilson``); n = 0 gives
    (0, 1)."""
    if n <= 0:
        return 0.0, 1.0
    z2 = _Z2
    den = 1 + z2 / n
    center = (p + z2 / (2 * n)) / den
    half = Z95 / den * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, center - half), min(1.0, center + half)


@dataclass(frozen=True)
class AgentResult:
    """One agent's results (counted per seat held)."""

    name: str
    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float
    """(wins + draws / 2) / games."""
    ci95: tuple[float, float]
    """The win rate's 95% Wilson score interval."""
    mean_score: float
    mean_return: float
    per_seat: list[dict[str, Any]]
    mean_rank: float | None = None
    elo: float | None = None


@dataclass(frozen=True)
class ArenaGame:
    """One game: its index and seed, the agent (index) in every seat, the
    returns and scores by seat, and its actions (chance outcomes
    included)."""

    index: int
    seed: int
    seats: list[int]
    returns: list[float]
    scores: list[float]
    actions: list[int]


@dataclass(frozen=True)
class ArenaReport:
    """A tournament's results: ``agents`` in the order given, ``games`` one
    by one, and ``report``, the Go arena's report as ``moongym arena
    --json`` writes it (with Elo ratings, pairwise results and the team's
    result where they apply)."""

    game: str
    params: dict[str, str]
    seed: int
    agents: list[AgentResult]
    games: list[ArenaGame]
    report: dict[str, Any] = field(repr=False)

    def __str__(self) -> str:
        lines = [f"{self.game} ({len(self.games)} games, seed {self.seed})", f"{'agent':<30} {'W':>5} {'L':>5} {'D':>5}  win rate [95% CI]"]
        for a in self.agents:
            lines.append(f"{a.name:<30} {a.wins:>5} {a.losses:>5} {a.draws:>5}  {a.win_rate:.3f} [{a.ci95[0]:.3f}, {a.ci95[1]:.3f}]")
        return "\n".join(lines)


def _name(a: Any) -> str:
    """An arena agent's default name."""
    if isinstance(a, str):
        return a
    if isinstance(a, Agent):
        return a.spec
    if isinstance(a, PythonPolicy):
        return a.name
    return name_of(a)


def arena(
    game: str,
    agents: Sequence[Any],
    games: int = 100,
    seed: int = 1,
    opening: int = 0,
    parallel: int | None = None,
    names: Sequence[str] | None = None,
    **params: Any,
) -> ArenaReport:
    """Plays ``games`` games of ``game`` (parameters as keyword arguments)
    between ``agents`` (1 to 12), seats rotated, with Go's arena, and
    reports each agent's results.

    - ``agents``: agent specs (``"heuristic"``, ``"mcts:sims=64"``,
      ``"az:model=FILE"``), :class:`moongym.Agent` objects (played as their
      spec, made afresh for every game from the seed the arena gives) and
      Python policies, callables ``policy(observation, action_mask[,
      info]) -> action`` (:mod:`moongym.policy`; ``info["game"]`` is the
      game's index, ``info["seed"]`` the seed the arena gives that seat
      for that game).
    - ``seed``: the tournament's seed (game i's seed derives from it and
      i); ``opening``: random decisions that open every game.
    - ``parallel``: games played at once, on Go's threads; by default one
      per core, or 1 when a Python policy plays (the policies are then
      called from one thread, one game after the other; give
      ``parallel`` to run Go's agents of other games meanwhile, the
      policies then being called from several threads at once).
    - ``names``: the agents' names in the report (default: the specs, a
      callable's qualified name).

    An exception a Python policy raises stops the tournament and is raised;
    an illegal action of one raises :class:`moongym.PolicyError`.
    """
    if not isinstance(game, str):
        raise TypeError(f"game must be a string, not {type(game).__name__}")
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        raise TypeError("agents must be a list of agent specs, moongym.Agent objects or callables")
    games = core.integer_arg("games", games, "a number of games (1 or more)")
    seed = core.integer_arg("seed", seed, "an integer seed (0 .. 2**64-1)")
    opening = core.integer_arg("opening", opening, "a number of random opening decisions (0 or more)")
    if not 0 <= seed < 2**64:
        raise BadArgumentError(f"bad argument: seed must be in 0 .. 2**64-1, not {seed}")
    if parallel is None:
        parallel = 1 if has_python(agents) else 0
    parallel = core.integer_arg("parallel", parallel, "a number of games at once (0: one per core)")
    specs, keep = seat_specs(list(agents), game, params, what="arena agent")
    if names is None:
        names = [_name(a) for a in agents]
    names = list(names)
    if len(names) != len(specs) or not all(isinstance(n, str) and n.strip() and "\n" not in n for n in names):
        raise BadArgumentError(f"bad argument: names must be one non-empty string on one line per agent, not {names!r}")
    js = call_string(
        lib.mg_arena,
        game.encode(),
        core.encode_params(params),
        "\n".join(specs).encode(),
        "\n".join(n.strip() for n in names).encode(),
        games,
        seed,
        opening,
        parallel,
    )
    del keep  # the policies stay alive until Go is done with them
    out = json.loads(js)
    rep = out["report"]
    results = [
        AgentResult(
            name=a["spec"],
            games=a["games"],
            wins=a["wins"],
            losses=a["losses"],
            draws=a["draws"],
            win_rate=a["win_rate"],
            ci95=(a["ci95"][0], a["ci95"][1]),
            mean_score=a["mean_score"],
            mean_return=a["mean_return"],
            per_seat=a["per_seat"],
            mean_rank=a.get("mean_rank"),
            elo=a.get("elo"),
        )
        for a in rep["agents"]
    ]
    played = [ArenaGame(g["index"], g["seed"], g["seats"], g["returns"], g["scores"], list(g["actions"] or [])) for g in out["games"]]
    return ArenaReport(game=rep["game"], params=dict(rep["params"] or {}), seed=rep["seed"], agents=results, games=played, report=rep)

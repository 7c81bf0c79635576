"""moongym.arena (issue 47, point 6): Go's arena with agent specs and
Python policies, reporting as the Go arena does."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import moongym
from test_opponents import GoAgentPolicy, first_legal

REPO = Path(__file__).resolve().parents[2]


def moongym_command(tmp_path_factory) -> str | None:
    """The moongym command: $MOONGYM_BIN, else built from the repository
    with Go (None when neither can be had)."""
    if os.environ.get("MOONGYM_BIN"):
        return os.environ["MOONGYM_BIN"]
    go = shutil.which("go")
    if go is None or not (REPO / "go.mod").exists():
        return None
    out = tmp_path_factory.mktemp("bin") / "moongym"
    r = subprocess.run([go, "build", "-o", str(out), "./cmd/moongym"], cwd=REPO, capture_output=True, text=True)
    return str(out) if r.returncode == 0 else None


@pytest.fixture(scope="module")
def moongym_bin(tmp_path_factory):
    path = moongym_command(tmp_path_factory)
    if path is None:
        pytest.skip("no moongym command: set MOONGYM_BIN, or have Go build ./cmd/moongym")
    return path


@pytest.mark.parametrize(
    "game,params,agents,games,opening",
    [
        ("tictactoe", {}, ["heuristic", "random"], 40, 0),
        ("planet-cubes", {"players": "3"}, ["heuristic", "random", "greedy"], 12, 2),
    ],
)
def test_same_as_the_go_arena(moongym_bin, tmp_path, game, params, agents, games, opening):
    """Agent specs alone: the report of `moongym arena --json` for the same
    agents and seed, number for number."""
    out = tmp_path / "report.json"
    cmd = [moongym_bin, "arena", game, "--agents", ",".join(agents), "--games", str(games), "--seed", "7", "--opening", str(opening), "--json", str(out)]
    if params:
        cmd += ["--params", ",".join(f"{k}={v}" for k, v in params.items())]
    subprocess.run(cmd, check=True, capture_output=True)
    want = json.loads(out.read_text())
    got = moongym.arena(game, agents, games=games, seed=7, opening=opening, **params)
    assert got.report == want
    for a, w in zip(got.agents, want["agents"]):
        assert (a.name, a.wins, a.losses, a.draws, a.win_rate, list(a.ci95)) == (w["spec"], w["wins"], w["losses"], w["draws"], w["win_rate"], w["ci95"])


def test_python_policy_plays_the_same_games():
    """A Python policy playing the heuristic through the state and seed the
    arena tells it plays the heuristic's games: the same report (its name
    aside) and the same actions, game by game, in parallel too."""
    specs = moongym.arena("planet-cubes", ["heuristic", "random"], games=10, seed=3, players=3)
    for parallel in (None, 3):
        py = moongym.arena("planet-cubes", [GoAgentPolicy("heuristic", "planet-cubes", players=3), "random"], games=10, seed=3, parallel=parallel, names=["heuristic", "random"], players=3)
        assert py.report == specs.report
        assert [g.actions for g in py.games] == [g.actions for g in specs.games]
    assert {g.seed for g in specs.games} == {g.seed for g in py.games} and len(specs.games) == 10


def test_wilson_intervals_and_counts():
    """The report's numbers are the Go arena's formulas: the win rate counts
    a draw as half, its interval is the 95% Wilson score interval
    (moongym.wilson, arena.Wilson), seats rotate so that every agent plays
    every seat equally often over whole blocks."""
    r = moongym.arena("tictactoe", ["heuristic", first_legal], games=24, seed=11)
    assert r.report["balanced"]
    for a in r.agents:
        assert a.games == 24 and a.wins + a.losses + a.draws == 24
        assert a.win_rate == (a.wins + a.draws / 2) / a.games
        assert a.ci95 == moongym.wilson(a.win_rate, a.games)
        assert [s["games"] for s in a.per_seat] == [12, 12]
    for g in r.games:
        assert g.seats == [g.index % 2, 1 - g.index % 2]
    assert moongym.wilson(0.5, 0) == (0.0, 1.0)
    lo, hi = moongym.wilson(0.5, 100)
    assert abs(lo - 0.4038315) < 1e-6 and abs(hi - 0.5961685) < 1e-6
    assert r.agents[0].name == "heuristic" and r.agents[1].name == "first_legal"
    assert "heuristic" in str(r)


def test_info_tells_the_game():
    seen = {}

    def policy(obs, mask, info):
        seen.setdefault(info["game"], set()).add(info["seed"])
        return first_legal(obs, mask)

    r = moongym.arena("tictactoe", [policy, moongym.Agent("random", "tictactoe")], games=6, seed=2)
    assert sorted(seen) == list(range(6)) and all(len(s) == 1 for s in seen.values())
    assert [a.name for a in r.agents] == ["test_info_tells_the_game.<locals>.policy", "random"]


def test_arena_errors():
    class Stop(Exception):
        pass

    def raises(obs, mask):
        raise Stop("from the policy")

    with pytest.raises(Stop, match="from the policy"):
        moongym.arena("tictactoe", [raises, "random"], games=4)
    with pytest.raises(moongym.PolicyError, match="played 9"):
        moongym.arena("tictactoe", [lambda o, m: 9, "random"], games=4)
    with pytest.raises(moongym.BadAgentError):
        moongym.arena("tictactoe", ["nobody", "random"], games=4)
    with pytest.raises(moongym.BadArgumentError):
        moongym.arena("tictactoe", ["random"], games=0)
    with pytest.raises(moongym.BadArgumentError, match="names"):
        moongym.arena("tictactoe", ["random", "random"], games=2, names=["a"])
    with pytest.raises(moongym.BadArgumentError, match="games"):
        moongym.arena("tictactoe", ["random"], games="many")
    with pytest.raises(TypeError):
        moongym.arena("tictactoe", "random")
    with pytest.raises(moongym.UnknownGameError):
        moongym.arena("chess", ["random"])
    assert np.isfinite(moongym.arena("tictactoe", ["random"], games=2).agents[0].win_rate)

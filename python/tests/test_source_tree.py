"""The documented commands that import the source tree's package instead of
the installed one: `python python/bench.py` from the repository root and
`python -m pytest` inside python/ (Python puts python/ first on the path).
`pip install ./python` builds the Go library into the source tree too, so
both find the library of the same build (python/setup.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent

pytestmark = pytest.mark.skipif(
    not ((PYTHON_DIR / "setup.py").exists() and (REPO / "go.mod").exists()),
    reason="not run from a repository checkout",
)


def user_env() -> dict[str, str]:
    """The environment of a user's shell: no PYTHONPATH or MOONGYM_LIB."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MOONGYM_LIB")}


def run(args: list[str], cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=cwd, env=user_env(), capture_output=True, text=True, timeout=timeout)


def test_source_tree_has_the_library():
    out = run(["-c", "import moongym; print(moongym.__file__); print(len(moongym.game_names()))"], cwd=PYTHON_DIR)
    assert out.returncode == 0, out.stderr
    path, games = out.stdout.split()
    assert Path(path).resolve() == PYTHON_DIR / "moongym" / "__init__.py" and int(games) >= 6


def test_bench_runs_as_documented():
    out = run(["python/bench.py", "--games", "tictactoe", "--steps", "300", "--batches", "3", "--num-envs", "16", "--rounds", "1"], cwd=REPO)
    assert out.returncode == 0, out.stderr
    assert "| moongym tictactoe |" in out.stdout and f"moongym from {PYTHON_DIR / 'moongym'}" in out.stdout


def test_pytest_inside_python_dir():
    out = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_errors.py", "-k", "unknown_game or bad_params"], cwd=PYTHON_DIR)
    assert out.returncode == 0, out.stdout + out.stderr
    assert " passed" in out.stdout


def test_missing_library_says_what_to_do(tmp_path):
    # A copy of the source package without the library: the ImportError
    # names the source tree and the build commands.
    pkg = tmp_path / "python" / "moongym"
    pkg.mkdir(parents=True)
    for f in (PYTHON_DIR / "moongym").glob("*.py"):
        (pkg / f.name).write_text(f.read_text())
    (tmp_path / "python" / "setup.py").write_text("")
    (tmp_path / "go.mod").write_text("module x\n")
    out = run(["-c", "import moongym"], cwd=tmp_path / "python")
    assert out.returncode != 0
    assert "source tree" in out.stderr and "pip install ./python" in out.stderr and "go build -trimpath -tags moongym_modelsdir -buildmode=c-shared" in out.stderr

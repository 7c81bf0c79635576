"""docs/python.md's Python examples run, in order, in one namespace (as a
reader would paste them one after the other)."""

from __future__ import annotations

import importlib
import re
import textwrap
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks() -> list[str]:
    """The ```python blocks of the page (indented ones in lists too)."""
    text = DOC.read_text()
    out = []
    for m in re.finditer(r"^([ \t]*)```python\n(.*?)^\1```", text, flags=re.S | re.M):
        out.append(textwrap.dedent(m.group(2)))
    return out


# Packages some examples need that the tests may lack: torch, and
# Stable-Baselines3 with sb3-contrib (which cannot be imported without
# torch); an example that imports one that cannot be imported is skipped.
OPTIONAL = ("torch", "stable_baselines3", "sb3_contrib")


def importable(module: str) -> bool:
    try:
        importlib.import_module(module)
        return True
    except ImportError:
        return False


def needs_missing(block: str) -> bool:
    """Whether the example imports an optional package that is missing."""
    return any(re.search(rf"^\s*(import|from) {m}\b", block, flags=re.M) and not importable(m) for m in OPTIONAL)


@pytest.mark.skipif(not DOC.exists(), reason="no docs/python.md in this tree")
def test_examples_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code = blocks()
    assert len(code) >= 9, "the page's examples were not found"
    ns: dict = {"__name__": "__docs__"}
    ran = 0
    for block in code:
        if needs_missing(block):
            continue
        exec(compile(block, f"{DOC.name} example {ran}", "exec"), ns)
        ran += 1
    out = capsys.readouterr().out
    assert "[2]" in out  # the branching search found the winning move
    assert ran >= 8

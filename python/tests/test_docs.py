"""docs/python.md's Python examples run, in order, in one namespace (as a
reader would paste them one after the other)."""

from __future__ import annotations

import importlib.util
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


@pytest.mark.skipif(not DOC.exists(), reason="no docs/python.md in this tree")
def test_examples_run(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code = blocks()
    assert len(code) >= 9, "the page's examples were not found"
    ns: dict = {"__name__": "__docs__"}
    ran = 0
    for block in code:
        if "import torch" in block and importlib.util.find_spec("torch") is None:
            continue
        exec(compile(block, f"{DOC.name} example {ran}", "exec"), ns)
        ran += 1
    out = capsys.readouterr().out
    assert "[2]" in out  # the branching search found the winning move
    assert ran >= 8

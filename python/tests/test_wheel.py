"""The package as a user gets it: the built-in models beside the library
(package data, the library built without them) or inside it, $MOONGYM_MODELS;
and, where .ci/run built the wheel (python/build_wheel.sh) and names it in
$MOONGYM_WHEEL, the wheel's tags and contents and its install in a fresh
virtual environment without Go on PATH (smoke_installed.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import moongym

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PKG = Path(moongym.__file__).resolve().parent
WHEEL = os.environ.get("MOONGYM_WHEEL", "")
EMBEDDED = moongym.builtin_models() == "embedded"


def run_python(code: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """code in a fresh interpreter that imports this moongym, with env."""
    e = {k: v for k, v in os.environ.items() if not k.startswith("MOONGYM_")}
    e.update(PYTHONPATH=str(PKG.parent), **env)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=e, capture_output=True, text=True, timeout=300)


def test_builtin_models_found():
    # A library built by the package (no models inside) reads the
    # package's copy, or the repository's from the source tree.
    where = moongym.builtin_models()
    if EMBEDDED:
        pytest.skip("this library embeds the built-in models ($MOONGYM_LIB, built without the tag)")
    if os.environ.get("MOONGYM_MODELS"):
        assert where == os.environ["MOONGYM_MODELS"]
    elif (PKG / "builtin_models").is_dir():
        assert where == str(PKG / "builtin_models")
    else:
        assert where == str(REPO / "models" / "opponents")
    assert len(list(Path(where).glob("*.safetensors"))) >= 30
    assert moongym.Agent("net:model=builtin", "tictactoe").spec


def test_moongym_models_names_another_directory(tmp_path):
    if EMBEDDED:
        pytest.skip("this library embeds the built-in models")
    src = Path(moongym.builtin_models())
    shutil.copyfile(src / "tictactoe.safetensors", tmp_path / "tictactoe.safetensors")
    code = """
import moongym
print(moongym.builtin_models())
moongym.Agent("net:model=builtin", "tictactoe")
try:
    moongym.Agent("net:model=builtin", "planet-cubes")
except moongym.BadAgentError as e:
    print("BadAgentError:", e)
"""
    out = run_python(code, tmp_path, MOONGYM_MODELS=str(tmp_path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == str(tmp_path) and "no built-in model for planet-cubes (built-in: tictactoe)" in lines[1]
    code = """
import moongym
try:
    moongym.Agent("az:model=builtin", "tictactoe")
except moongym.BadAgentError as e:
    print("BadAgentError:", e)
"""
    out = run_python(code, tmp_path, MOONGYM_MODELS=str(tmp_path / "missing"))
    assert out.returncode == 0, out.stderr
    assert "BadAgentError: az:model=builtin: built-in models not found" in out.stdout
    assert f"{tmp_path / 'missing'}: no such file or directory (the directory $MOONGYM_MODELS names)" in out.stdout


needs_wheel = pytest.mark.skipif(not WHEEL, reason="no wheel built ($MOONGYM_WHEEL: .ci/run builds one with python/build_wheel.sh)")


@needs_wheel
def test_wheel_tags_and_contents():
    path = Path(WHEEL)
    m = re.fullmatch(r"moongym-[0-9.]+-py3-none-(manylinux[0-9a-z_]+(?:\.manylinux[0-9a-z_]+)*)\.whl", path.name)
    assert m, f"{path.name}: not a py3-none-manylinux wheel"
    plats = m.group(1).split(".")
    # The oldest glibc the wheel claims: built with zig for 2.17 (CI), the
    # system's glibc otherwise (python/build_wheel.sh).
    glibc = min(int(p.split("_")[2]) for p in plats if re.fullmatch(r"manylinux_2_\d+_x86_64", p))
    if os.environ.get("MOONGYM_WHEEL_GLIBC"):
        assert glibc <= int(os.environ["MOONGYM_WHEEL_GLIBC"]), f"{path.name}: needs glibc 2.{glibc}"
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        wheel_meta = z.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
        lib = z.getinfo("moongym/libmoongym.so")
    assert all(f"Tag: py3-none-{p}" in wheel_meta for p in plats) and "Root-Is-Purelib: false" in wheel_meta
    # The library without the models: 14 MB, not 124.
    assert lib.file_size < 40e6, lib.file_size
    shipped = sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("moongym/builtin_models/") and n.endswith(".safetensors"))
    if (REPO / "models" / "opponents").is_dir():
        assert shipped == sorted(p.name for p in (REPO / "models" / "opponents").glob("*.safetensors"))
    assert "moongym/py.typed" in names and "moongym/sb3.py" in names


def path_without_go() -> str:
    """PATH without the directories that hold a go command."""
    dirs = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and not os.path.exists(os.path.join(d, "go"))]
    return os.pathsep.join(dirs)


@needs_wheel
def test_wheel_installs_and_runs_without_go(tmp_path):
    # A fresh virtual environment, PATH without go, the wheel installed with
    # its dependencies (at the versions CI pins), and a script that plays
    # the built-in networks run from outside the repository.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MOONGYM_", "GO", "PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = path_without_go()
    python = shutil.which("python3", path=env["PATH"]) or sys.executable
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], env=env, check=True, timeout=300)
    vpy = str(venv / "bin" / "python")
    constraints = HERE.parent / "requirements-ci.txt"
    pip = [vpy, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", WHEEL]
    if constraints.exists():
        pip += ["-c", str(constraints)]
    out = subprocess.run(pip, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    out = subprocess.run([vpy, str(HERE / "smoke_installed.py")], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "smoke ok" in out.stdout
    print(out.stdout)

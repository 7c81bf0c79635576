"""Build step of the moongym Python package: compiles the Go C API (capi/ in
the repository, one directory up) with `go build -buildmode=c-shared` and
ships the shared library inside the package, with the built-in model files
(models/opponents) as package data. Needs Go (see go.mod) and a C compiler
for cgo. MOONGYM_GO_ROOT overrides where the Go module is.

The library is built with the tag moongym_modelsdir, which leaves the
built-in models (100 MB of them) out of it: the package copies the model
files into moongym/builtin_models/ of the built package, and gives the
library their directory on import. The files are the repository's, F16 or
F32 as they are.

The library is built into the source tree's package (python/moongym/, where
git ignores it) and copied into the built package from there, so that code
importing the source tree instead of the installed package (`python
python/bench.py`, `python -m pytest` inside python/: Python puts python/
first on the path) finds the library of the same build (and the models in
the repository's models/opponents). Where the source tree is not writable,
it is built into the built package only.

The wheel is tagged py3-none-PLATFORM: the library is loaded with ctypes
and uses no Python C API, so one wheel serves every Python 3 version.
`auditwheel repair` turns PLATFORM (linux_x86_64) into the manylinux tag
that the library's glibc symbol versions allow (.ci/run does)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel

HERE = Path(__file__).resolve().parent

if sys.platform == "darwin":
    LIBNAME = "libmoongym.dylib"
elif sys.platform == "win32":
    LIBNAME = "moongym.dll"
else:
    LIBNAME = "libmoongym.so"

# The Go build tag that leaves the built-in models out of the library (see
# models/opponents_dir.go), and where the package keeps them instead.
BUILD_TAGS = "moongym_modelsdir"
MODELS_DIRNAME = "builtin_models"


def log(msg: str) -> None:
    """A line of the build's progress (pip shows it with -v)."""
    print(f"moongym: {msg}", file=sys.stderr, flush=True)


def go_root() -> Path:
    root = Path(os.environ.get("MOONGYM_GO_ROOT", HERE.parent)).resolve()
    if not (root / "go.mod").exists() or not (root / "capi").is_dir():
        sys.exit(
            f"moongym: no Go module with capi/ at {root}; build from the repository "
            "(pip install ./python) or set MOONGYM_GO_ROOT to the repository root"
        )
    return root


def build_library(dest: Path) -> None:
    """Builds the Go library into dest, its progress on stderr (go build -v
    names each package as it compiles it)."""
    go = shutil.which("go")
    if go is None:
        sys.exit("moongym: the Go toolchain (go) is needed to build the package; see go.mod for the version")
    dest.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CGO_ENABLED="1")
    cmd = [go, "build", "-v", "-trimpath", "-tags", BUILD_TAGS, "-buildmode=c-shared", "-o", str(dest), "./capi"]
    log("building the Go library, this takes a minute or two on a first build (go build -v lists the packages as it compiles them):")
    log(" ".join(cmd))
    start = time.monotonic()
    subprocess.run(cmd, cwd=go_root(), env=env, check=True, stdout=sys.stderr)
    header = dest.with_suffix(".h")
    if header.exists():
        header.unlink()
    log(f"built {dest.name} ({dest.stat().st_size / 1e6:.1f} MB) in {time.monotonic() - start:.0f} s")


def copy_models(dest: Path) -> None:
    """Copies the built-in model files (models/opponents/*.safetensors) into
    dest, the package's builtin_models/."""
    src = go_root() / "models" / "opponents"
    files = sorted(src.glob("*.safetensors"))
    if not files:
        sys.exit(f"moongym: no built-in model files in {src}")
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for f in files:
        shutil.copyfile(f, dest / f.name)
    log(f"copied {len(files)} built-in model files ({sum(f.stat().st_size for f in files) / 1e6:.0f} MB) into {dest}")


class BuildPyWithGo(build_py):
    """build_py that also builds the Go library into the source tree's
    package and copies it, and the built-in model files, into the built
    package."""

    def run(self) -> None:
        super().run()
        built = (Path(self.build_lib) / "moongym" / LIBNAME).resolve()
        copy_models(built.parent / MODELS_DIRNAME)
        source = HERE / "moongym" / LIBNAME
        if not os.access(source.parent, os.W_OK) or source.parent.resolve() == built.parent:
            build_library(built)
            return
        build_library(source)
        built.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, built)


class BinaryDistribution(Distribution):
    """The wheel holds a native library: tag it for the platform."""

    def has_ext_modules(self) -> bool:
        return True


class Py3Wheel(bdist_wheel):
    """A platform wheel for every Python 3 (py3-none-PLATFORM): the library
    is called through ctypes, not the Python C API."""

    def get_tag(self) -> tuple[str, str, str]:
        _, _, plat = super().get_tag()
        return "py3", "none", plat


setup(cmdclass={"build_py": BuildPyWithGo, "bdist_wheel": Py3Wheel}, distclass=BinaryDistribution)

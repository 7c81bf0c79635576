"""Build step of the moongym Python package: compiles the Go C API (capi/ in
the repository, one directory up) with `go build -buildmode=c-shared` and
ships the shared library inside the package. Needs Go (see go.mod) and a C
compiler for cgo. MOONGYM_GO_ROOT overrides where the Go module is.

The library is built into the source tree's package (python/moongym/, where
git ignores it) and copied into the built package from there, so that code
importing the source tree instead of the installed package (`python
python/bench.py`, `python -m pytest` inside python/: Python puts python/
first on the path) finds the library of the same build. Where the source
tree is not writable, it is built into the built package only."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

if sys.platform == "darwin":
    LIBNAME = "libmoongym.dylib"
elif sys.platform == "win32":
    LIBNAME = "moongym.dll"
else:
    LIBNAME = "libmoongym.so"


def go_root() -> Path:
    root = Path(os.environ.get("MOONGYM_GO_ROOT", HERE.parent)).resolve()
    if not (root / "go.mod").exists() or not (root / "capi").is_dir():
        sys.exit(
            f"moongym: no Go module with capi/ at {root}; build from the repository "
            "(pip install ./python) or set MOONGYM_GO_ROOT to the repository root"
        )
    return root


def build_library(dest: Path) -> None:
    go = shutil.which("go")
    if go is None:
        sys.exit("moongym: the Go toolchain (go) is needed to build the package; see go.mod for the version")
    dest.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CGO_ENABLED="1")
    cmd = [go, "build", "-trimpath", "-buildmode=c-shared", "-o", str(dest), "./capi"]
    print("moongym:", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=go_root(), env=env, check=True)
    header = dest.with_suffix(".h")
    if header.exists():
        header.unlink()


class BuildPyWithGo(build_py):
    """build_py that also builds the Go library into the source tree's
    package and copies it into the built package."""

    def run(self) -> None:
        super().run()
        built = (Path(self.build_lib) / "moongym" / LIBNAME).resolve()
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


setup(cmdclass={"build_py": BuildPyWithGo}, distclass=BinaryDistribution)

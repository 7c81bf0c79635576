"""Build step of the moongym Python package: compiles the Go C API (capi/ in
the repository, one directory up) with `go build -buildmode=c-shared` and
ships the shared library inside the package. Needs Go (see go.mod) and a C
compiler for cgo. MOONGYM_GO_ROOT overrides where the Go module is."""

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
    """build_py that also builds the Go library into the built package."""

    def run(self) -> None:
        super().run()
        build_library((Path(self.build_lib) / "moongym" / LIBNAME).resolve())


class BinaryDistribution(Distribution):
    """The wheel holds a native library: tag it for the platform."""

    def has_ext_modules(self) -> bool:
        return True


setup(cmdclass={"build_py": BuildPyWithGo}, distclass=BinaryDistribution)

"""The ctypes binding of the Go C API (capi/ in the repository).

One shared library per process, loaded once on import. ctypes releases the
GIL during every call, so other Python threads run while Go works. All
functions return 0 or an error id that :func:`check` turns into the
matching exception.

The library is found at ``$MOONGYM_LIB`` if set, else beside this file:
where ``pip install ./python`` puts it in the installed package, and where
its build step also leaves it in the source tree (python/moongym/), so that
code importing the source tree (``python python/bench.py``, ``python -m
pytest`` inside python/) finds the library of the same build.

The built-in models (``model=builtin``) are embedded in a library of the
default Go build; the package's build step leaves them out of the library
(``-tags moongym_modelsdir``) and ships the files as package data, in
``builtin_models/`` beside this file, whose directory it gives the library
on import (:func:`set_builtin_models`); ``$MOONGYM_MODELS`` names another.

The Go runtime does not survive ``fork``: a child forked after the library
was loaded gets :class:`moongym.ForkError` from every call into Go (see
:func:`_after_fork_in_child`).
"""

from __future__ import annotations

import ctypes
import os
import re
import sys
import warnings
from ctypes import POINTER, c_char_p, c_double, c_int32, c_int64, c_uint64, c_void_p
from pathlib import Path
from typing import Any, Callable

from .errors import KINDS, ForkError, MoongymError

if sys.platform == "darwin":
    LIBNAME = "libmoongym.dylib"
elif sys.platform == "win32":
    LIBNAME = "moongym.dll"
else:
    LIBNAME = "libmoongym.so"

# The command that builds the library into the source tree, from the
# repository root (what python/setup.py runs): the built-in models are not
# embedded (the tag), but read from their directory (see
# set_builtin_models).
BUILD_TAGS = "moongym_modelsdir"
BUILD_COMMAND = f"go build -trimpath -tags {BUILD_TAGS} -buildmode=c-shared -o python/moongym/{LIBNAME} ./capi"

# Where the wheel puts the built-in model files: in the package.
MODELS_DIRNAME = "builtin_models"


def _missing(path: Path) -> str:
    """Why the library at path is missing and what to do, for ImportError."""
    here = Path(__file__).resolve().parent
    repo = here.parent.parent
    if os.environ.get("MOONGYM_LIB"):
        return f"moongym: MOONGYM_LIB={path} does not exist; build it with `{BUILD_COMMAND}` (in the repository) or unset MOONGYM_LIB"
    if (here.parent / "setup.py").exists() and (repo / "go.mod").exists():
        return (
            f"moongym: this is the source tree's package ({here}), which has no Go library: python/ is first on "
            "sys.path (a script in python/, or `python -m ...` run inside python/). Build the library into it "
            f"with `pip install ./python` or `{BUILD_COMMAND}` (both from the repository root, with Go), "
            "or run from another directory to use the installed package"
        )
    return f"moongym: the Go library {path} is missing; install the package with `pip install ./python` from the repository (it needs Go), or set MOONGYM_LIB"


def _load() -> ctypes.CDLL:
    path = Path(os.environ.get("MOONGYM_LIB") or Path(__file__).with_name(LIBNAME))
    if not path.exists():
        raise ImportError(_missing(path))
    return ctypes.CDLL(str(path))


lib = _load()

_u64p = POINTER(c_uint64)
_strp = POINTER(c_void_p)

_SIGNATURES = {
    "mg_free_string": ([c_void_p], None),
    "mg_take_error": ([c_int64, POINTER(c_int32), _strp], c_int64),
    "mg_free": ([c_uint64], c_int64),
    "mg_catalog": ([_strp], c_int64),
    "mg_env_new": ([c_char_p, c_char_p, c_int64, c_int64, c_char_p, _u64p], c_int64),
    "mg_env_info": ([c_uint64, _strp], c_int64),
    "mg_env_reset": ([c_uint64, c_uint64, c_uint64, c_int32, POINTER(c_int32)], c_int64),
    "mg_env_step": ([c_uint64, c_int64, c_void_p, c_int64, c_void_p, c_void_p, c_int64, c_void_p, c_int64], c_int64),
    "mg_env_record_layout": ([c_uint64, c_void_p, c_int64], c_int64),
    "mg_env_step_record": ([c_uint64, c_int64, c_void_p, c_int64], c_int64),
    "mg_env_reset_record": ([c_uint64, c_uint64, c_uint64, c_int32, c_void_p, c_int64], c_int64),
    "mg_env_observe": ([c_uint64, c_int32, c_void_p, c_int64, c_void_p, c_int64], c_int64),
    "mg_env_scores": ([c_uint64, c_void_p, c_int64], c_int64),
    "mg_env_render": ([c_uint64, c_int32, _strp], c_int64),
    "mg_env_action_name": ([c_uint64, c_int64, _strp], c_int64),
    "mg_env_state_json": ([c_uint64, _strp], c_int64),
    "mg_vec_new": ([c_int64, c_char_p, c_char_p, c_int64, c_int64, c_char_p, _u64p], c_int64),
    "mg_vec_info": ([c_uint64, _strp], c_int64),
    "mg_vec_reset": ([c_uint64, c_uint64, c_void_p, c_void_p, c_void_p], c_int64),
    "mg_vec_step": (
        [c_uint64, c_void_p, c_int64, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p],
        c_int64,
    ),
    "mg_vec_step_forfeit": (
        [c_uint64, c_void_p, c_int64, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p],
        c_int64,
    ),
    "mg_vec_step_same": (
        [c_uint64, c_void_p, c_int64, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p],
        c_int64,
    ),
    "mg_builtin_models": ([_strp], c_int64),
    "mg_set_builtin_models": ([c_char_p], c_int64),
    "mg_env_render_rgb": ([c_uint64, c_int32, c_int64, _strp, POINTER(c_int64)], c_int64),
    "mg_agent_new": ([c_char_p, c_char_p, c_char_p, c_uint64, _u64p], c_int64),
    "mg_agent_act": ([c_uint64, c_uint64, POINTER(c_int64)], c_int64),
    "mg_agent_policy": ([c_uint64, c_uint64, c_void_p, c_int64], c_int64),
    "mg_agent_value": ([c_uint64, c_uint64, c_void_p, c_int64], c_int64),
    "mg_env_set_state": ([c_uint64, c_char_p, c_int64, POINTER(c_int32)], c_int64),
    "mg_env_copy": ([c_uint64, _u64p], c_int64),
    "mg_set_policy_callback": ([c_void_p], c_int64),
    "mg_policy_new": ([c_int64, c_char_p, c_int32, c_char_p, c_char_p, _u64p], c_int64),
    "mg_arena": ([c_char_p, c_char_p, c_char_p, c_char_p, c_int64, c_uint64, c_int64, c_int64, _strp], c_int64),
    "mg_model_decode": ([c_char_p, c_int64, _u64p], c_int64),
    "mg_model_load": ([c_char_p, _u64p], c_int64),
    "mg_model_builtin": ([c_char_p, c_char_p, _u64p], c_int64),
    "mg_model_info": ([c_uint64, _strp], c_int64),
    "mg_model_encode": ([c_uint64, c_char_p, _strp, POINTER(c_int64)], c_int64),
    "mg_model_predict": ([c_uint64, c_int64, c_void_p, c_int64, c_void_p, c_int64, c_void_p, c_int64, c_void_p, c_int64], c_int64),
}

for _name, (_args, _res) in _SIGNATURES.items():
    _f = getattr(lib, _name)
    _f.argtypes = _args
    _f.restype = _res

FORK_MESSAGE = (
    "moongym: this process was forked (os.fork, or multiprocessing's \"fork\" start method, the default on Linux "
    "before Python 3.14) after moongym loaded its Go library, and the Go runtime does not survive a fork: moongym "
    "cannot be used in the child (it would hang). Start the processes with the \"spawn\" or \"forkserver\" "
    "method: multiprocessing.get_context(\"spawn\"), multiprocessing.set_start_method(\"spawn\"), "
    "gymnasium.vector.AsyncVectorEnv(env_fns, context=\"spawn\"), "
    "stable_baselines3's SubprocVecEnv(env_fns, start_method=\"spawn\")"
)

forked = False
"""True in a child forked after the library was loaded."""


def _refuse(*args: Any) -> Any:
    """What every C API function is in a forked child."""
    raise ForkError(FORK_MESSAGE)


_fork_hooks: list[Callable[[], None]] = []


def after_fork_in_child(hook: Callable[[], None]) -> None:
    """Registers hook to run in a forked child (after lib's functions are
    replaced): for modules that keep C API functions of their own."""
    _fork_hooks.append(hook)


def _after_fork_in_child() -> None:
    """Runs in the child of every fork: lib's functions become _refuse, so
    that any use of moongym raises ForkError instead of calling into a Go
    runtime whose threads are gone."""
    global forked
    forked = True
    for name in _SIGNATURES:
        setattr(lib, name, _refuse)
    for hook in _fork_hooks:
        hook()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


python_exceptions: dict[int, BaseException] = {}
"""Exceptions that Python policies raised while Go asked them for a move,
by the token that Go's error message carries ("[python exception N]"; see
moongym.policy); error() takes them out and raises them."""

_PYTHON_EXCEPTION = re.compile(r"\[python exception (\d+)\]")


def error(code: int) -> BaseException:
    """The exception for error id ``code``, with the Go message; for an
    exception a Python policy raised while Go asked it for a move, that
    exception itself (with a note of where it was raised)."""
    kind = c_int32()
    msg = c_void_p()
    if lib.mg_take_error(code, ctypes.byref(kind), ctypes.byref(msg)) != 0:
        return MoongymError(f"moongym: unknown error id {code}")
    try:
        text = ctypes.string_at(msg.value).decode("utf-8", "replace")
    finally:
        lib.mg_free_string(msg)
    m = _PYTHON_EXCEPTION.search(text)
    if m is not None:
        exc = python_exceptions.pop(int(m.group(1)), None)
        if exc is not None:
            if hasattr(exc, "add_note"):
                exc.add_note("moongym: " + _PYTHON_EXCEPTION.sub("", text).strip())
            return exc
    return KINDS.get(kind.value, MoongymError)(text)


def check(code: int) -> None:
    """Raises the exception for a non-zero result of a C API call."""
    if code:
        raise error(code)


def call_string(fn, *args) -> str:
    """Calls a C API function that returns a string through its last argument."""
    out = c_void_p()
    check(fn(*args, ctypes.byref(out)))
    try:
        return ctypes.string_at(out.value).decode("utf-8")
    finally:
        lib.mg_free_string(out)


def builtin_models_dir() -> Path | None:
    """The directory of the built-in model files that this package has:
    ``builtin_models/`` in the package (where the wheel puts them), else,
    for the source tree's package, the repository's ``models/opponents``;
    None if neither exists."""
    here = Path(__file__).resolve().parent
    if (here / MODELS_DIRNAME).is_dir():
        return here / MODELS_DIRNAME
    repo = here.parent.parent / "models" / "opponents"
    if (here.parent / "setup.py").exists() and repo.is_dir():
        return repo
    return None


def builtin_models() -> str:
    """Where the library reads the built-in models from: "embedded" (a
    library of the default Go build), else their directory ("" if none)."""
    return call_string(lib.mg_builtin_models)


def set_builtin_models() -> None:
    """Gives a library that does not embed the built-in models the
    directory of the package's (:func:`builtin_models_dir`), unless it has
    one already ($MOONGYM_MODELS). Without one, ``model=builtin`` raises
    :class:`moongym.BadAgentError` saying what to set; a directory the
    library refuses (no model file in it) is warned about."""
    if builtin_models():
        return
    d = builtin_models_dir()
    if d is None:
        return
    try:
        check(lib.mg_set_builtin_models(str(d).encode()))
    except MoongymError as e:
        warnings.warn(f"moongym: the package's built-in models are unusable: {e}", RuntimeWarning, stacklevel=2)


set_builtin_models()

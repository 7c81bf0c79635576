"""moongym: the Go game engines of moongym as PettingZoo and Gymnasium
environments.

- :func:`moongym.pettingzoo.env`: a PettingZoo AEC environment of any game.
- ``gymnasium.make("moongym/<game>-v0", opponents=...)``: a single-agent
  Gymnasium environment (registered on import).
- :class:`VectorEnv` (:class:`moongym.vector.VectorEnv`): N games stepped in
  one call by Go; ``gymnasium.make_vec("moongym/<game>-v0", num_envs=N)``
  makes one.
- :class:`Agent`: moongym's agents acting on an environment's current
  state or a saved one (``env.state()``), with their policies and values.
- Python policies (callables, :mod:`moongym.policy`) as opponents of the
  Gymnasium and vector environments, and :func:`arena`: tournaments of
  agents and Python policies played by Go's arena.
- :mod:`moongym.models`: model files read and written, the network's
  forward pass in NumPy (``moongym.torchnet``: a ``torch.nn.Module``).

See docs/python.md in the repository.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from . import _lib, errors
from ._lib import call_string, lib
from .errors import (
    BadAgentError,
    BadArgumentError,
    BadParamError,
    ConcurrentUseError,
    EpisodeOverError,
    ForkError,
    IllegalActionError,
    IllegalActionWarning,
    InternalError,
    MoongymError,
    PolicyError,
    UnknownGameError,
)

__version__ = "0.1.0"


@lru_cache(maxsize=1)
def _catalog() -> dict[str, Any]:
    return json.loads(call_string(lib.mg_catalog))


def games() -> list[dict[str, Any]]:
    """Every registered game's spec: name, title, description, players,
    chance, information, utility, params (name, kind, default, doc, range or
    choices) and test_configs (the configurations the Go conformance suite
    plays, parameters resolved)."""
    return json.loads(json.dumps(_catalog()["games"]))


def game_names() -> list[str]:
    """The registered games' names, sorted."""
    return [g["name"] for g in _catalog()["games"]]


def test_configs(game: str | None = None) -> list[tuple[str, dict[str, str]]]:
    """(game, params) for every configuration the Go conformance suite plays
    (of one game, or of every game)."""
    out = []
    for g in _catalog()["games"]:
        if game is None or g["name"] == game:
            out.extend((g["name"], dict(p)) for p in g["test_configs"])
    return out


def builtin_models() -> str:
    """Where the built-in models (``model=builtin``) are read from:
    "embedded" for a Go library that embeds them, else their directory
    (the package's ``builtin_models/`` as installed, ``models/opponents``
    for the source tree, or ``$MOONGYM_MODELS``; "" if none)."""
    return _lib.builtin_models()


def agents() -> list[dict[str, Any]]:
    """Every registered kind of agent: name, doc and options."""
    return [{"name": a["name"], "doc": a["doc"], "options": a["options"]} for a in _catalog()["agents"]]


from . import policy  # noqa: E402  (sets the policy callback)
from .agent import Agent  # noqa: E402
from .gymnasium import register_all as _register_all  # noqa: E402
from .tournament import ArenaReport, arena, wilson  # noqa: E402
from .vector import VectorEnv  # noqa: E402
from . import models  # noqa: E402

_register_all(game_names())

__all__ = [
    "Agent",
    "ArenaReport",
    "BadAgentError",
    "BadArgumentError",
    "BadParamError",
    "ConcurrentUseError",
    "EpisodeOverError",
    "ForkError",
    "IllegalActionError",
    "IllegalActionWarning",
    "InternalError",
    "MoongymError",
    "PolicyError",
    "UnknownGameError",
    "VectorEnv",
    "agents",
    "arena",
    "builtin_models",
    "errors",
    "game_names",
    "games",
    "models",
    "policy",
    "test_configs",
    "wilson",
]

"""Run by test_wheel.py in a fresh virtual environment where the wheel was
installed and Go is not on PATH (not a test module itself): the package
imports from site-packages, finds its library and its built-in models
(package data), and plays, az:model=builtin and net:model=builtin
included."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import gymnasium
import numpy as np

import moongym
from moongym.pettingzoo import env

assert shutil.which("go") is None, "go is on PATH"
pkg = Path(moongym.__file__).resolve().parent
assert "site-packages" in pkg.parts, f"moongym imported from {pkg}, not an installed package"
assert moongym.builtin_models() == str(pkg / "builtin_models"), moongym.builtin_models()
assert len(list((pkg / "builtin_models").glob("*.safetensors"))) >= 30

# The built-in networks as agents on an AEC environment.
e = env("tictactoe")
e.reset(seed=0)
for spec in ("az:model=builtin,sims=16", "net:model=builtin"):
    a = moongym.Agent(spec, e).act(e)
    assert e.observe("player_0")["action_mask"][a], spec
# As opponents of the single-agent environment, on another model file
# (planet-cubes for 3: planet-cubes-p3.safetensors).
g = gymnasium.make("moongym/planet-cubes-v0", opponents="net:model=builtin", players=3)
obs, info = g.reset(seed=1)
for _ in range(50):
    obs, reward, terminated, truncated, info = g.step(g.action_space.sample())
    if terminated or truncated:
        obs, info = g.reset()
# The vector environment, with searching opponents on the built-in network.
v = moongym.VectorEnv("welcome-moon", num_envs=4, opponents="az:model=builtin,sims=4")
obs, info = v.reset(seed=2)
rng = np.random.default_rng(0)
for _ in range(5):
    obs, rewards, terminated, truncated, info = v.step(moongym.vector.random_legal_actions(info["action_mask"], rng))
# The NumPy reference of the network reads the same built-in file from Go.
m = moongym.models.load_builtin("tictactoe")
assert m.game == "tictactoe"
print(f"smoke ok: moongym {moongym.__version__} from {pkg}, Python {sys.version.split()[0]}, built-in models in {moongym.builtin_models()}")

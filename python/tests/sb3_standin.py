"""A stand-in for Stable-Baselines3's VecEnv base class and sb3-contrib's
mask lookup, for testing moongym.sb3 where SB3 is not installed: SB3 cannot
be imported without torch (stable_baselines3/__init__.py imports its
algorithms, which import torch), and torch from PyPI is 3 GB with its
CUDA libraries.

It holds what SB3's base class does that moongym.sb3.VecEnv relies on or
must honour, written from SB3's documented contract (2.x,
stable_baselines3/common/vec_env/base_vec_env.py): the constructor
(num_envs, observation_space, action_space) asks get_attr("render_mode")
and keeps reset_infos, _seeds and _options; step() is step_async() then
step_wait(); seed(s) gives environment i the seed s + i for the next
reset; the abstract methods; and sb3-contrib's get_action_masks, which
stacks env_method("action_masks"). test_sb3.py runs against the real
packages where they are installed."""

from __future__ import annotations

import sys
import types
from abc import ABC, abstractmethod
from typing import Any, Iterable, Union

import numpy as np

VecEnvIndices = Union[None, int, Iterable[int]]
VecEnvStepReturn = tuple


class VecEnv(ABC):
    """The contract of SB3's VecEnv."""

    def __init__(self, num_envs: int, observation_space: Any, action_space: Any) -> None:
        self.num_envs = num_envs
        self.observation_space = observation_space
        self.action_space = action_space
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        self._seeds: list[int | None] = [None] * num_envs
        self._options: list[dict[str, Any]] = [{} for _ in range(num_envs)]
        modes = self.get_attr("render_mode")
        assert all(m == modes[0] for m in modes)
        self.render_mode = modes[0]
        self.metadata = {"render_modes": [] if self.render_mode is None else [self.render_mode]}

    def _reset_seeds(self) -> None:
        self._seeds = [None] * self.num_envs

    def _reset_options(self) -> None:
        self._options = [{} for _ in range(self.num_envs)]

    @abstractmethod
    def reset(self) -> Any: ...

    @abstractmethod
    def step_async(self, actions: np.ndarray) -> None: ...

    @abstractmethod
    def step_wait(self) -> VecEnvStepReturn: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]: ...

    @abstractmethod
    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None: ...

    @abstractmethod
    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None, **method_kwargs: Any) -> list[Any]: ...

    @abstractmethod
    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]: ...

    def has_attr(self, attr_name: str) -> bool:
        try:
            self.get_attr(attr_name)
            return True
        except AttributeError:
            return False

    def step(self, actions: np.ndarray) -> VecEnvStepReturn:
        self.step_async(actions)
        return self.step_wait()

    def seed(self, seed: int | None = None) -> list[int | None]:
        if seed is None:
            seed = int(np.random.randint(0, np.iinfo(np.uint32).max, dtype=np.uint32))
        self._seeds = [seed + i for i in range(self.num_envs)]
        return self._seeds

    def set_options(self, options: list[dict] | dict | None = None) -> None:
        if options is None:
            options = {}
        self._options = [dict(options) for _ in range(self.num_envs)] if isinstance(options, dict) else list(options)

    def _get_indices(self, indices: VecEnvIndices) -> Iterable[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return indices


def get_action_masks(env: VecEnv) -> np.ndarray:
    """sb3-contrib's mask lookup for a VecEnv."""
    return np.stack(env.env_method("action_masks"))


def install(monkeypatch: Any) -> None:
    """Puts the stand-in where moongym.sb3 imports SB3 from (sys.modules),
    for the duration of a test."""
    names = ["stable_baselines3", "stable_baselines3.common", "stable_baselines3.common.vec_env", "stable_baselines3.common.vec_env.base_vec_env"]
    for name in names:
        m = types.ModuleType(name)
        m.VecEnv = VecEnv  # type: ignore[attr-defined]
        m.VecEnvIndices = VecEnvIndices  # type: ignore[attr-defined]
        m.VecEnvStepReturn = VecEnvStepReturn  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, name, m)

"""Shared helpers of the moongym Python tests."""

from __future__ import annotations

import numpy as np
import pytest

import moongym

# Every configuration the Go conformance suite plays (engine.Spec.TestConfigs).
CONFIGS = moongym.test_configs()


def config_id(cfg: tuple[str, dict[str, str]]) -> str:
    name, params = cfg
    return name + ("[" + ",".join(f"{k}={v}" for k, v in sorted(params.items()) if v != "") + "]" if params else "")


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(1234)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    assert legal.size > 0, "no legal action"
    return int(rng.choice(legal))

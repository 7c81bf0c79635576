"""moongym.models (issue 47, point 8): the NumPy forward pass against Go's
on every built-in model (F32 and F16, mlp and conv), model files written
in Python that Go plays the same, and the torch module when torch is
installed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import moongym
from moongym import core, models
from moongym.models import Arch, GoModel, Model

REPO = Path(__file__).resolve().parents[2]
BUILTIN = sorted((REPO / "models" / "opponents").glob("*.safetensors"))
TOLERANCE = 1e-4


def observations(m: Model, n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """n observations of random games of the model's configuration, from
    the seat to act, with their masks."""
    rng = np.random.default_rng(seed)
    e = core.Env(m.game, m.params)
    obs, masks = [], []
    episode = 0
    while len(obs) < n:
        seat = e.reset(seed + episode)
        episode += 1
        while seat != core.TERMINAL and len(obs) < n:
            o, k = e.observe(seat)
            obs.append(o)
            masks.append(k)
            _, _, _, seat = e.step(int(rng.choice(np.flatnonzero(k))))
    return np.stack(obs), np.stack(masks)


def max_difference(m: Model, go: GoModel, obs: np.ndarray, masks: np.ndarray) -> float:
    """The largest difference between NumPy's and Go's policy (with the
    masks, and with every action legal) and values."""
    worst = 0.0
    for k in (masks, np.ones_like(masks)):
        _, pol, val = m.forward(obs, k)
        gp, gv = go.predict(obs, k)
        worst = max(worst, float(np.abs(pol - gp).max()), float(np.abs(val - gv).max()))
    return worst


@pytest.mark.skipif(not BUILTIN, reason="no models/opponents in this tree")
@pytest.mark.parametrize("path", BUILTIN, ids=[p.name for p in BUILTIN])
def test_numpy_forward_matches_go(path):
    m = models.load(path)
    with GoModel.load(path) as go:
        info = go.info()
        assert (info["game"], info["dtype"], info["architecture"]["kind"]) == (m.game, m.dtype, m.arch.kind)
        obs, masks = observations(m, 12)
        d = max_difference(m, go, obs, masks)
        print(f"{path.name}: {m.dtype} {m.arch.kind}, max |NumPy - Go| = {d:.2e}")
        assert d < TOLERANCE
        # The file's bytes are what Go's encoder writes for it.
        assert m.to_bytes() == go.to_bytes()


def test_builtin_models_cover_every_kind():
    kinds = {(m.dtype, m.arch.kind) for m in map(models.load, BUILTIN)}
    assert {("F32", "mlp"), ("F16", "mlp"), ("F32", "conv")} <= kinds


def test_load_builtin_and_forward_forms():
    m = models.load_builtin("tictactoe")
    assert (m.game, m.arch.kind, m.shapes.obs) == ("tictactoe", "conv", (3, 3, 3))
    assert [n for n, _ in models.param_specs(m.shapes, m.arch)] == list(m.weights)
    obs, masks = observations(m, 5)
    logits, pol, val = m.forward(obs, masks)
    assert logits.shape == pol.shape == (5, 9) and val.shape == (5, 2)
    one = m(obs[0], masks[0])
    assert np.allclose(one[1], pol[0]) and np.allclose(one[2], val[0])
    # The policy is the masked softmax of the logits.
    e = np.exp(logits - logits.max(axis=1, keepdims=True)) * masks
    assert np.allclose(pol, e / e.sum(axis=1, keepdims=True))
    assert np.all(models.masked_softmax(logits, np.zeros_like(masks)) == 0)
    with pytest.raises(moongym.BadArgumentError, match="no built-in model"):
        models.load_builtin("walking-moon", rules="basic")
    with pytest.raises(moongym.BadParamError):
        models.load_builtin("tictactoe", nosuch=1)


def test_export_round_trip(tmp_path):
    """A built-in model loaded in Python and written again plays in Go as
    the built-in one: the same policy and values for many states, through
    net:model=FILE and az:model=FILE."""
    for game, params in (("tictactoe", {}), ("planet-cubes", {}), ("lunar-rally", {})):
        m = models.load_builtin(game, **params)
        path = tmp_path / f"{game}.safetensors"
        m.save(path)
        mine = moongym.Agent(f"net:model={path}", game, **params)
        builtin = moongym.Agent("net:model=builtin", game, **params)
        e = core.Env(game, params)
        rng = np.random.default_rng(0)
        seat = e.reset(1)
        for _ in range(20):
            if seat == core.TERMINAL:
                seat = e.reset(int(rng.integers(100)))
            assert np.array_equal(mine.policy(e), builtin.policy(e))
            assert np.array_equal(mine.value(e), builtin.value(e))
            _, mask = e.observe(seat)
            _, _, _, seat = e.step(int(rng.choice(np.flatnonzero(mask))))
        if game == "tictactoe":
            e.reset(3)
            a1 = moongym.Agent(f"az:model={path},sims=32", game, seed=5)
            a2 = moongym.Agent("az:model=builtin,sims=32", game, seed=5)
            assert np.array_equal(a1.policy(e), a2.policy(e)) and np.array_equal(a1.value(e), a2.value(e))


@pytest.mark.parametrize(
    "game,arch",
    [
        ("tictactoe", Arch("mlp", 16, 1, 8)),
        ("tictactoe", Arch("conv", 8, 0, 4)),
        ("tictactoe", Arch("conv", 4, 3, 5)),
        ("planet-cubes", Arch("mlp", 24, 0, 6)),
        ("lunar-rally", Arch("conv", 4, 1, 8)),
    ],
)
@pytest.mark.parametrize("dtype", ["F32", "F16"])
def test_new_weights_written_in_python_play_in_go(tmp_path, game, arch, dtype):
    """Weights made in Python (any architecture of the file format) saved
    as a model file: Go reads it and computes what NumPy computes."""
    info = core.Env(game).info
    shapes = models.Shapes(tuple(info.shape), info.num_actions, info.num_players)
    rng = np.random.default_rng(7)
    weights = {name: rng.normal(0, 0.3, shape).astype(np.float32) for name, shape in models.param_specs(shapes, arch)}
    m = Model.from_weights(weights, game, arch=arch, dtype=dtype, provenance={"data": "test <weights> & more", "steps": 3})
    path = tmp_path / "m.safetensors"
    m.save(path)
    back = models.load(path)
    assert back.dtype == dtype and back.arch == arch and back.provenance["steps"] == 3
    if dtype == "F16":
        assert np.array_equal(back.weights["policy.w"], weights["policy.w"].astype(np.float16).astype(np.float32))
    with GoModel.load(path) as go:
        obs, masks = observations(back, 8)
        assert max_difference(back, go, obs, masks) < TOLERANCE
        assert go.to_bytes() == path.read_bytes()
    agent = moongym.Agent(f"az:model={path},sims=8", game)
    e = core.Env(game)
    e.reset(0)
    assert agent.act(e) in np.flatnonzero(e.observe()[1])


def test_model_errors(tmp_path):
    m = models.load_builtin("tictactoe")
    w = dict(m.weights)
    with pytest.raises(moongym.BadArgumentError, match="missing"):
        Model.from_weights({k: v for k, v in w.items() if k != "policy.b"}, "tictactoe", arch=m.arch)
    with pytest.raises(moongym.BadArgumentError, match="shape"):
        Model.from_weights({**w, "policy.b": np.zeros(3)}, "tictactoe", arch=m.arch)
    with pytest.raises(moongym.BadArgumentError, match="not in architecture"):
        Model.from_weights({**w, "extra": np.zeros(3)}, "tictactoe", arch=m.arch)
    with pytest.raises(moongym.BadArgumentError, match="non-finite"):
        Model.from_weights({**w, "policy.b": np.full(9, np.nan)}, "tictactoe", arch=m.arch)
    big = Model.from_weights({**w, "policy.b": np.full(9, 1e6, dtype=np.float32)}, "tictactoe", arch=m.arch)
    with pytest.raises(moongym.BadArgumentError, match="F16"):
        big.to_bytes("F16")
    with pytest.raises(moongym.BadArgumentError, match="dtype"):
        m.to_bytes("F64")
    for data in (b"", b"12345678", b"\x08\x00\x00\x00\x00\x00\x00\x00{}      "):
        with pytest.raises(moongym.BadArgumentError):
            models.load(data)
        with pytest.raises(moongym.BadArgumentError):
            GoModel.load(data)
    with pytest.raises(moongym.BadArgumentError):
        models.load(tmp_path / "missing.safetensors")
    with pytest.raises(moongym.BadArgumentError):
        GoModel.load(tmp_path / "missing.safetensors")
    truncated = m.to_bytes()[:-10]
    with pytest.raises(moongym.BadArgumentError, match="truncated"):
        models.load(truncated)
    # A model for another configuration does not play this one.
    path = tmp_path / "ttt.safetensors"
    m.save(path)
    with pytest.raises(moongym.BadAgentError):
        moongym.Agent(f"net:model={path}", "planet-cubes")
    meta = json.loads(m.to_bytes()[8 : 8 + int.from_bytes(m.to_bytes()[:8], "little")])["__metadata__"]
    assert meta["format"] == models.FORMAT and json.loads(meta["shapes"]) == {"obs": [3, 3, 3], "actions": 9, "players": 2}


def test_values_by_seat():
    v = np.array([0.5, -0.5, 0.0])
    assert np.allclose(models.values_by_seat(v, 1), [0.0, 0.5, -0.5])
    assert np.allclose(models.values_by_seat(v, 0, 0, 10), [7.5, 2.5, 5.0])


def test_torch_module_matches_and_exports(tmp_path):
    torch = pytest.importorskip("torch")
    from moongym import torchnet

    for game in ("tictactoe", "planet-cubes"):
        m = models.load_builtin(game)
        net = torchnet.Network.from_model(m)
        assert set(net.state_dict()) == set(m.weights)
        obs, masks = observations(m, 6)
        with torch.no_grad():
            logits, values = net(torch.as_tensor(obs))
            pol = torchnet.masked_policy(logits, torch.as_tensor(masks))
        want_logits, want_pol, want_val = m.forward(obs, masks)
        assert np.abs(logits.numpy() - want_logits).max() < TOLERANCE
        assert np.abs(pol.numpy() - want_pol).max() < TOLERANCE
        assert np.abs(values.numpy() - want_val).max() < TOLERANCE
        # A step of training, then the state_dict as a model file Go plays.
        opt = torch.optim.SGD(net.parameters(), lr=0.01)
        loss = -torch.log_softmax(net(torch.as_tensor(obs))[0], dim=-1).mean()
        loss.backward()
        opt.step()
        path = tmp_path / f"{game}.safetensors"
        net.to_model(game).save(path)
        with GoModel.load(path) as go, torch.no_grad():
            gp, gv = go.predict(obs, masks)
            logits, values = net(torch.as_tensor(obs))
            assert np.abs(torchnet.masked_policy(logits, torch.as_tensor(masks)).numpy() - gp).max() < TOLERANCE
            assert np.abs(values.numpy() - gv).max() < TOLERANCE
        moongym.Agent(f"az:model={path},sims=8", game)

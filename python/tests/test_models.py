"""moongym.models (issue 47, point 8): the NumPy forward pass against Go's
on every built-in model (F32, Q8 and Q4, mlp and conv; F16 as written from one), model files written
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
    assert {("Q8", "mlp"), ("F32", "conv")} <= kinds


def builtin_saved_as(tmp_path: Path, game: str, dtype: str) -> tuple[Path, Model]:
    """A game's built-in model saved by Python as dtype in tmp_path, and
    the file read back (of that dtype)."""
    path = tmp_path / f"{game}-{dtype}.safetensors"
    models.load_builtin(game).save(path, dtype=dtype)
    back = models.load(path)
    assert back.dtype == dtype
    return path, back


@pytest.mark.skipif(not BUILTIN, reason="no models/opponents in this tree")
def test_builtin_model_as_f16_matches_go(tmp_path):
    """No built-in file is F16 any more: the one with the largest
    observation (lunar-rally's, 29,280 values), written F16 by Python, is
    what Go computes too."""
    path, back = builtin_saved_as(tmp_path, "lunar-rally", "F16")
    with GoModel.load(path) as go:
        obs, masks = observations(back, 12)
        d = max_difference(back, go, obs, masks)
        print(f"lunar-rally as F16: max |NumPy - Go| = {d:.2e}")
        assert d < TOLERANCE
        assert go.to_bytes() == path.read_bytes()


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
        models.load_builtin("lunar-rally", scenario="blue")
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


# -- Q8 files and covers --------------------------------------------------

Q8_MODELS = [p for p in BUILTIN if p.name in ("tictactoe.safetensors", "planet-cubes.safetensors", "walking-moon-advanced.safetensors", "lunar-rally-p3.safetensors")]


def header_of(data: bytes) -> tuple[dict, bytes]:
    """A model file's JSON header and its tensors' bytes."""
    n = int.from_bytes(data[:8], "little")
    return json.loads(data[8 : 8 + n]), data[8 + n :]


def with_header(header: dict, body: bytes) -> bytes:
    """A file of this header (padded with spaces to 8 bytes, as Go pads it)
    and these tensors' bytes."""
    hb = json.dumps(header, separators=(",", ":")).encode()
    hb += b" " * (-len(hb) % 8)
    return len(hb).to_bytes(8, "little") + hb + body


def quantized_is_gos(path: Path, dtype: str) -> tuple[Model, bytes, Model]:
    """The checks a built-in model written in a quantized dtype (Q8, Q4)
    shares: Python's file is Go's byte for byte, reads back in that dtype
    with the model's covers, is written again as the same file, and reads
    as the weights Go dequantizes (bit for bit), whose forward pass is
    Go's. Returns the model, the file and the model read from it."""
    m = models.load(path)
    with GoModel.load(path) as go:
        q = go.to_bytes(dtype)
        assert m.to_bytes(dtype) == q == m.to_bytes(dtype.lower())
    back = models.load(q)
    assert back.dtype == dtype and back.covers == m.covers
    assert back.to_bytes() == q  # written again in its dtype: the same file
    with GoModel.load(q) as gq:
        info = gq.info()
        assert (info["dtype"], info["covers"]) == (dtype, m.covers)
        go_weights = models.load(gq.to_bytes("F32")).weights
        for name in m.weights:
            assert np.array_equal(back.weights[name].view(np.uint32), go_weights[name].view(np.uint32)), name
        obs, masks = observations(m, 8)
        assert max_difference(back, gq, obs, masks) < TOLERANCE
    return m, q, back


@pytest.mark.skipif(not Q8_MODELS, reason="no models/opponents in this tree")
@pytest.mark.parametrize("path", Q8_MODELS, ids=[p.name for p in Q8_MODELS])
def test_q8_file_is_gos(path):
    """A built-in model written as Q8 in Python is byte for byte Go's Q8
    file of it; Python reads Go's Q8 file as the weights Go dequantizes (bit
    for bit), and its forward pass stays close to the F32 network's."""
    m, q8, back = quantized_is_gos(path, "Q8")
    header, _ = header_of(q8)
    assert header["__metadata__"]["dtype"] == "Q8"
    for name, shape in models.param_specs(m.shapes, m.arch):
        if len(shape) >= 2:
            assert header[name]["dtype"] == "I8" and header[name]["shape"] == list(shape)
            assert header[name + ".q8scale"] == {**header[name + ".q8scale"], "dtype": "F16", "shape": [-(-int(np.prod(shape)) // 32)]}
        else:
            assert header[name]["dtype"] == "F32"
    assert len(q8) < len(m.to_bytes("F32")) * 0.3
    for name in m.weights:
        # Each weight moves by at most half its block's scale.
        w = m.weights[name].reshape(-1)
        blocks = np.abs(np.pad(w, (0, -w.size % 32))).reshape(-1, 32).max(axis=1)
        bound = np.repeat(blocks / 127 * (1 + 2**-10), 32)[: w.size] / 2 + 1e-12
        assert np.all(np.abs(back.weights[name].reshape(-1) - w) <= bound), name
    # Quantization changes the outputs a little, not the network.
    obs, masks = observations(m, 8)
    _, p32, v32 = m.forward(obs, masks)
    _, p8, v8 = back.forward(obs, masks)
    d = max(float(np.abs(p8 - p32).max()), float(np.abs(v8 - v32).max()))
    print(f"{path.name}: Q8 {len(q8)} bytes, max |Q8 - F32| = {d:.2e}")
    assert d < 0.1


def special_weights(shapes: models.Shapes, arch: Arch, specials: list, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Random weights of the architecture with the special blocks of 32
    values written over their first blocks (in an order that differs by
    tensor)."""
    weights = {}
    for name, shape in models.param_specs(shapes, arch):
        w = rng.normal(0, 0.3, shape).astype(np.float32).reshape(-1)
        for k in range(min(len(specials), w.size // 32)):
            w[k * 32 : (k + 1) * 32] = specials[(k + len(name)) % len(specials)]
        weights[name] = w.reshape(shape).astype(np.float32)
    return weights


def written_as_go_writes(m: Model, dtype: str) -> bytes:
    """m's file in dtype, checked to be Go's bytes and to read as the
    weights Go reads from it, bit for bit."""
    with GoModel.load(m) as go:
        data = m.to_bytes(dtype)
        assert data == go.to_bytes(dtype)
        with GoModel.load(data) as gq:
            go_weights = models.load(gq.to_bytes("F32")).weights
        back = models.load(data)
        for name in back.weights:
            assert np.array_equal(back.weights[name].view(np.uint32), go_weights[name].view(np.uint32)), name
    return data


def test_q8_quantizer_edge_cases():
    """Weights that test the quantizer's rounding: all-zero blocks, scales
    that are half-precision subnormals or round, quotients exactly halfway
    (Go rounds half away from zero), the largest storable weight, a short
    last block; Python's Q8 file is Go's. Too large a block is refused by
    both."""
    arch = Arch("mlp", 16, 1, 8)
    shapes = models.Shapes.of(core.Env("tictactoe").info)
    rng = np.random.default_rng(3)
    specials = [
        np.zeros(32),
        np.full(32, 1e-9),
        np.linspace(-3e-6, 3e-6, 32),
        np.linspace(-5e-8, 7e-8, 32),
        np.arange(-16, 16) * 0.5,  # amax 7.5: quotients k * 127/15 and halves
        np.r_[127.0, np.arange(31) + 0.5],  # scale 1: w/s = k + 0.5 exactly
        np.r_[-127.0, -(np.arange(31) + 0.5)],
        np.r_[8.3e6, rng.normal(0, 1e5, 31)],  # the largest block Q8 stores (scale 65504 after rounding)
        np.r_[1.0, np.full(31, 1.0 / 254)],  # halfway below a scale that rounds down
        rng.normal(0, 1, 32) * 10.0 ** rng.integers(-8, 4, 32),
    ]
    weights = special_weights(shapes, arch, specials, rng)
    m = Model.from_weights(weights, "tictactoe", arch=arch)
    assert 16 * 9 % 32 != 0  # policy.w [16, 9]: a short last block
    q8 = written_as_go_writes(m, "Q8")
    too_big = Model.from_weights({**weights, "policy.w": np.full((16, 9), 9e6, np.float32)}, "tictactoe", arch=arch)
    with pytest.raises(moongym.BadArgumentError, match="Q8"):
        too_big.to_bytes("Q8")
    with GoModel.load(too_big) as go, pytest.raises(moongym.BadArgumentError):
        go.to_bytes("Q8")


def test_q8_model_plays_in_go(tmp_path):
    """A Q8 file saved in Python plays through net:model=FILE as Go's
    reading of it computes."""
    path, back = builtin_saved_as(tmp_path, "tictactoe", "Q8")
    agent = moongym.Agent(f"net:model={path}", "tictactoe")
    e = core.Env("tictactoe")
    e.reset(0)
    obs, mask = e.observe()
    _, pol, _ = back.forward(obs, mask)
    assert np.abs(agent.policy(e) - pol).max() < TOLERANCE


def test_covers_round_trip(tmp_path):
    """A model's covers: written (sorted, complete parameters) as Go writes
    them, read back, in Go's info, and played: Go accepts the covered
    configuration as the model's own, in F32 and Q8."""
    src = models.load_builtin("walking-moon", rules="advanced", players=2)
    basic = core.Env("walking-moon", {"rules": "basic", "players": 2}).info.params
    assert src.covers == [basic]  # the built-in file covers the basic rules
    m = Model.from_weights(src.weights, "walking-moon", arch=src.arch, covers=[{"rules": "basic"}], rules="advanced", players=2)
    assert m.covers == [basic] and m.params["rules"] == "advanced"
    for dtype in ("F32", "Q8"):
        path = tmp_path / f"wm-{dtype}.safetensors"
        m.save(path, dtype=dtype)
        data = path.read_bytes()
        header, _ = header_of(data)
        assert json.loads(header["__metadata__"]["covers"]) == [basic]
        assert header["__metadata__"]["covers"] == json.dumps([dict(sorted(basic.items()))], separators=(",", ":"))
        back = models.load(path)
        assert (back.covers, back.dtype) == ([basic], dtype)
        assert back.to_bytes() == data
        with GoModel.load(path) as go:
            assert go.info()["covers"] == [basic]
            assert go.to_bytes() == data
            assert go.to_bytes(dtype) == data
        agent = moongym.Agent(f"net:model={path}", "walking-moon", rules="basic", players=2)
        e = core.Env("walking-moon", {"rules": "basic", "players": 2})
        e.reset(0)
        assert agent.act(e) in np.flatnonzero(e.observe()[1])
        moongym.Agent(f"net:model={path}", "walking-moon", rules="advanced", players=2)
        with pytest.raises(moongym.BadAgentError):
            moongym.Agent(f"net:model={path}", "walking-moon", rules="basic", players=2, rounds=20)
    # Without covers the metadata has no covers key (as Go writes it), and
    # Go's info an empty list.
    plain = Model.from_weights(src.weights, "walking-moon", arch=src.arch, rules="advanced", players=2).to_bytes()
    assert "covers" not in header_of(plain)[0]["__metadata__"]
    with GoModel.load(plain) as go:
        assert go.info()["covers"] == []
    # Covers that are the model's own, twice the same, or of other shapes.
    with pytest.raises(moongym.BadArgumentError, match="already"):
        Model.from_weights(src.weights, "walking-moon", arch=src.arch, covers=[{"rules": "advanced"}], rules="advanced", players=2)
    with pytest.raises(moongym.BadArgumentError, match="already"):
        Model.from_weights(src.weights, "walking-moon", arch=src.arch, covers=[{"rules": "basic"}, {"rules": "basic"}], rules="advanced", players=2)
    with pytest.raises(moongym.BadArgumentError, match="shapes"):
        Model.from_weights(src.weights, "walking-moon", arch=src.arch, covers=[{"players": 3}], rules="advanced", players=2)
    bad = Model(src.game, src.params, src.shapes, src.arch, src.weights, covers="rules=basic")  # type: ignore[arg-type]
    with pytest.raises(moongym.BadArgumentError, match="covers"):
        bad.to_bytes()


def file_editor(data: bytes):
    """A function that gives data edited: its header changed by edit(h),
    and value written into its tensors' bytes at offset at."""
    header, body = header_of(data)

    def edited(edit=None, at=None, value=b""):
        h = json.loads(json.dumps(header))
        if edit:
            edit(h)
        b = body if at is None else body[:at] + value + body[at + len(value) :]
        return with_header(h, b)

    return edited


def refused_alike(cases: list[tuple[str, bytes]]) -> None:
    """Each file is refused by Python, with an error matching its reason,
    and by Go."""
    for why, data in cases:
        with pytest.raises(moongym.BadArgumentError, match=why):
            models.load(data)
        with pytest.raises(moongym.BadArgumentError):
            GoModel.load(data)


def test_bad_q8_files():
    """Defective Q8 files (and covers) are refused by Python and Go alike,
    Python's error saying what is wrong."""
    m = models.load_builtin("tictactoe")
    q8 = m.to_bytes("Q8")
    header, body = header_of(q8)
    scale = "trunk.in.w.q8scale"
    lo = header[scale]["data_offsets"][0]
    edited = file_editor(q8)
    assert models.load(edited()).to_bytes() == q8
    cases = [
        ("missing", edited(lambda h: h.pop(scale))),
        ("shape", edited(lambda h: h[scale].update(shape=[h[scale]["shape"][0] + 1]))),
        ("dtype", edited(lambda h: h[scale].update(dtype="F32"))),
        ("I8", edited(lambda h: h["__metadata__"].pop("dtype"))),
        ("dtype is neither 'Q8' nor 'Q4'", edited(lambda h: h["__metadata__"].update(dtype="F16"))),
        ("scale 1 is inf", edited(at=lo + 2, value=b"\x00\x7c")),
        ("scale 0 is nan", edited(at=lo, value=b"\x00\x7e")),
        ("scale 2 is -1.0", edited(at=lo + 4, value=b"\x00\xbc")),
        ("covers", edited(lambda h: h["__metadata__"].update(covers="{}"))),
        ("covers", edited(lambda h: h["__metadata__"].update(covers='[{"rules": 1}]'))),
        ("truncated", q8[:-10]),
    ]
    refused_alike(cases)
    # A tensor moved 4 bytes on, the 4 bytes before it left as a hole.
    f32 = m.to_bytes("F32")
    h32, b32 = header_of(f32)
    n = h32["policy.b"]["data_offsets"]
    h32["policy.b"]["data_offsets"] = [n[0] + 4, n[1] + 4]
    with pytest.raises(moongym.BadArgumentError, match="holes|truncated"):
        models.load(with_header(h32, b32 + b"\0" * 4))
    with pytest.raises(moongym.BadArgumentError):
        GoModel.load(with_header(h32, b32 + b"\0" * 4))


# -- Q4 files -------------------------------------------------------------

Q4_MODELS = Q8_MODELS + [p for p in BUILTIN if header_of(p.read_bytes())[0]["__metadata__"].get("dtype") == "Q4"][:2]


@pytest.mark.skipif(not Q4_MODELS, reason="no models/opponents in this tree")
@pytest.mark.parametrize("path", Q4_MODELS, ids=[p.name for p in Q4_MODELS])
def test_q4_file_is_gos(path):
    """A built-in model written as Q4 in Python is byte for byte Go's Q4
    file of it (a built-in Q4 file its own bytes); Python reads it as the
    weights Go dequantizes (bit for bit), each within an eighth of its
    block's largest magnitude, in about half a Q8 file."""
    m, q4, back = quantized_is_gos(path, "Q4")
    if m.dtype == "Q4":
        assert q4 == path.read_bytes()
    header, _ = header_of(q4)
    assert header["__metadata__"]["dtype"] == "Q4"
    for name, shape in models.param_specs(m.shapes, m.arch):
        n = int(np.prod(shape))
        if len(shape) >= 2:
            assert header[name]["dtype"] == "U8" and header[name]["shape"] == [-(-n // 2)]
            assert header[name + ".q4scale"] == {**header[name + ".q4scale"], "dtype": "F16", "shape": [-(-n // 32)]}
        else:
            assert header[name]["dtype"] == "F32"
    assert len(q4) < len(m.to_bytes("Q8")) * 0.6
    for name in m.weights:
        w = m.weights[name].reshape(-1)
        amax = np.abs(np.pad(w, (0, -w.size % 32))).reshape(-1, 32).max(axis=1)
        bound = np.repeat(amax / 8 * 1.004, 32)[: w.size] + 1e-12  # a scale rounded down to half precision: 7/2048 more
        assert np.all(np.abs(back.weights[name].reshape(-1) - w) <= bound), name


def test_q4_quantizer_edge_cases():
    """Weights that test the Q4 quantizer: all-zero blocks, subnormal and
    tiny scales, quotients exactly halfway, blocks that fit a scale exactly
    (largest magnitude 7 or -8 times it), the largest storable block,
    tensors of an odd size (a padding nibble) and short last blocks;
    Python's Q4 file is Go's and reads as Go reads it. Too large a block is
    refused by both."""
    arch = Arch("mlp", 15, 1, 7)  # trunk.in.w 27 x 15: 405 values, odd
    shapes = models.Shapes.of(core.Env("tictactoe").info)
    rng = np.random.default_rng(5)
    specials = [
        np.zeros(32),
        np.full(32, 1e-9),
        np.linspace(-3e-6, 3e-6, 32),
        np.arange(-16, 16) * 0.5,
        np.r_[7.0, np.arange(31) % 15 - 7.0],  # scale 1 fits exactly
        np.r_[-8.0, np.arange(31) % 15 - 7.0],  # divisor 8: scale 1
        np.r_[7.0, np.arange(31) % 14 - 6.5],  # halves of scale 1
        np.r_[5.2e5, rng.normal(0, 1e4, 31)],  # near the largest block Q4 stores
        rng.normal(0, 1, 32) * 10.0 ** rng.integers(-8, 4, 32),
    ]
    weights = special_weights(shapes, arch, specials, rng)
    m = Model.from_weights(weights, "tictactoe", arch=arch)
    assert m.weights["trunk.in.w"].size % 2 == 1  # a padding nibble
    q4 = written_as_go_writes(m, "Q4")
    header, body = header_of(q4)
    lo, hi = header["trunk.in.w"]["data_offsets"]
    assert hi - lo == 203 and body[hi - 1] >> 4 == 0  # 405 values: the last high nibble pads
    too_big = Model.from_weights({**weights, "policy.w": np.full((15, 9), 6e5, np.float32)}, "tictactoe", arch=arch)
    with pytest.raises(moongym.BadArgumentError, match="Q4"):
        too_big.to_bytes("Q4")
    with GoModel.load(too_big) as go, pytest.raises(moongym.BadArgumentError):
        go.to_bytes("Q4")


def test_bad_q4_files():
    """Defective Q4 files are refused by Python and Go alike, Python's
    error saying what is wrong."""
    arch = Arch("mlp", 15, 1, 7)
    m = Model.from_weights(
        {n: np.random.default_rng(1).normal(0, 0.3, s).astype(np.float32) for n, s in models.param_specs(models.Shapes.of(core.Env("tictactoe").info), arch)},
        "tictactoe",
        arch=arch,
    )
    q4 = m.to_bytes("Q4")
    header, body = header_of(q4)
    scale = "trunk.in.w.q4scale"
    lo = header[scale]["data_offsets"][0]
    last = header["trunk.in.w"]["data_offsets"][1] - 1
    edited = file_editor(q4)
    assert models.load(edited()).to_bytes() == q4
    cases = [
        ("missing", edited(lambda h: h.pop(scale))),
        ("shape", edited(lambda h: h[scale].update(shape=[h[scale]["shape"][0] + 1]))),
        ("shape", edited(lambda h: h["trunk.in.w"].update(shape=[27, 15]))),
        ("dtype", edited(lambda h: h["trunk.in.w"].update(dtype="I8"))),
        ("U8", edited(lambda h: h["__metadata__"].pop("dtype"))),
        ("q8scale is missing", edited(lambda h: h["__metadata__"].update(dtype="Q8"))),
        ("scale 1 is inf", edited(at=lo + 2, value=b"\x00\x7c")),
        ("padding nibble", edited(at=last, value=bytes([body[last] | 0x30]))),
        ("truncated", q4[:-10]),
    ]
    refused_alike(cases)


# -- the seat view --------------------------------------------------------


def seat_model(players: int, covers: list[dict], seed: int = 3, game: str = "welcome-moon") -> Model:
    """A small network of game (welcome-moon by default) for this many
    seats covering further configurations, its value biases asymmetric (a
    wrong seat shows)."""
    info = core.Env(game, {"players": players}).info
    arch = Arch("mlp", 16, 1, 8)
    rng = np.random.default_rng(seed)
    weights = {name: rng.normal(0, 0.05, shape).astype(np.float32) for name, shape in models.param_specs(models.Shapes.of(info), arch)}
    weights["value.b2"] = np.linspace(0.6, -0.5, players).astype(np.float32)
    return Model.from_weights(weights, game, arch=arch, covers=covers, players=players)


def test_seat_view_covers():
    """A 2-player welcome-moon network covers 3 to 6 players through the
    seat view (GameInfo.seat_sections); configurations it does not read
    are still refused, naming both shapes."""
    assert core.Env("welcome-moon", {"players": 4}).info.seat_sections == (616, 4, 907)
    assert core.Env("tictactoe").info.seat_sections is None
    assert core.Env("walking-moon", {"players": 3}).info.seat_sections is None
    m = seat_model(2, [{"players": n} for n in range(3, 7)])
    assert [c["players"] for c in m.covers] == ["3", "4", "5", "6"]
    with GoModel.load(m) as go:
        assert [c["players"] for c in go.info()["covers"]] == ["3", "4", "5", "6"]
    for params in ({"players": 1}, {"adventure": 2, "players": 4}):
        with pytest.raises(moongym.BadArgumentError, match=r"shapes \{.*\}, the network \{.*\}"):
            seat_model(2, [params])
    # More seats than the configuration: a 4-player network does not read 2.
    with pytest.raises(moongym.BadArgumentError, match="shapes"):
        seat_model(4, [{"players": 2}])
    src = models.load_builtin("walking-moon", rules="advanced", players=2)
    with pytest.raises(moongym.BadArgumentError, match="no seat view"):
        Model.from_weights(src.weights, "walking-moon", arch=src.arch, covers=[{"players": 3}], rules="advanced", players=2)
    # reads / view: the network's own shapes as they are, no view of another game.
    own = core.Env("welcome-moon", {"players": 2}).info
    assert m.reads(own) is None
    o = np.arange(own.obs_size, dtype=np.float32)
    assert m.view(o, own) is not None and np.array_equal(m.view(o, own), o)
    view5 = m.reads(core.Env("welcome-moon", {"players": 5}).info)
    assert view5 == models.SeatView(616, 5, 907, 2, 5)
    assert np.allclose(view5.values(np.array([0.5, -0.5]), 4), [-0.5, -0.5, -0.5, -0.5, 0.5])
    for info in (core.Env("tictactoe").info, core.Env("welcome-moon", {"players": 1}).info):
        with pytest.raises(moongym.BadArgumentError, match="the network"):
            m.view(np.zeros(info.obs_size, np.float32), info)
    with pytest.raises(moongym.BadArgumentError, match="seat view"):
        m.view(np.zeros(10, np.float32), core.Env("welcome-moon", {"players": 4}).info)


def test_seat_view_slots():
    """March on Mars keeps 5 marine slots (GameInfo.seat_slots), so 2 and 3
    marines share one observation shape, 4 and 5 another: a 2-marine
    network covers 3 marines through a view of slots, which reads the
    observation as it is, and gives the third seat its partner's value
    (the mean of the opponents' values of a 2-seat head); a network does
    not read fewer seats than its own, nor another shape."""
    infos = {n: core.Env("march-mars", {"players": n}).info for n in range(2, 6)}
    assert [i.seat_slots for i in infos.values()] == [5] * 4
    assert all(i.seat_sections is None for i in infos.values())
    assert infos[2].shape == infos[3].shape and infos[4].shape == infos[5].shape != infos[2].shape
    for info in (core.Env("welcome-moon", {"players": 3}).info, core.Env("tictactoe").info, core.Env("walking-moon", {"players": 3}).info):
        assert info.seat_slots is None
    m = seat_model(2, [{"players": "3"}], game="march-mars")
    assert [c["players"] for c in m.covers] == ["3"]
    with GoModel.load(m) as go:
        assert [c["players"] for c in go.info()["covers"]] == ["3"]
    assert m.reads(infos[2]) is None
    view = m.reads(infos[3])
    size = infos[3].obs_size
    assert view == models.seat_view(m.shapes, infos[3]) == models.SeatView(0, 0, size, 2, 3) and view.of_slots
    assert not models.SeatView(616, 5, 907, 2, 5).of_slots
    rng = np.random.default_rng(5)
    o = rng.random(size, dtype=np.float32)
    assert m.view(o, infos[3]) is o and view.project(o) is o
    batch = np.stack([o, o[::-1]])
    assert m.view(batch, infos[3]) is batch
    with pytest.raises(moongym.BadArgumentError, match="seat view"):
        m.view(o[:-1], infos[3])
    _, _, val = m.forward(m.view(o, infos[3]))
    assert val.shape == (2,) and abs(val[0] - val[1]) > 0.1
    # Observer 1: seat 1 its own value, seat 2 the next, seat 0 the mean of values[1:], values[1].
    assert np.allclose(m.seat_values(val, 1, infos[3]), [val[1], val[0], val[1]])
    assert np.allclose(view.values(val, 2), [val[1], val[1], val[0]])
    # A 4-marine network reads 5 marines; not 2 or 3 (another shape).
    m4 = seat_model(4, [{"players": 5}], game="march-mars")
    assert m4.reads(infos[5]) == models.SeatView(0, 0, infos[5].obs_size, 4, 5)
    for n in (2, 3):
        with pytest.raises(moongym.BadArgumentError, match="no seat view"):
            m4.reads(infos[n])
    # More seats than the game (3 marines do not read 2), another shape (4), none for 2 marines on 4 either.
    for net, params in ((3, {"players": 2}), (3, {"players": 4}), (2, {"players": 4})):
        with pytest.raises(moongym.BadArgumentError, match=r"shapes \{.*\}, the network \{.*\} \(and no seat view"):
            seat_model(net, [params], game="march-mars")
    m3 = seat_model(3, [], game="march-mars")
    for n in (2, 4):
        with pytest.raises(moongym.BadArgumentError, match="the network"):
            m3.view(np.zeros(infos[n].obs_size, np.float32), infos[n])


def view_against_go(m: Model, go: GoModel, agent: moongym.Agent, e: core.Env, seat: int, x: np.ndarray, mask: np.ndarray, info: core.GameInfo) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """The NumPy forward pass on the view x of seat's observation in e, and
    its seat_values, checked against the seat view's rule (seat
    observer+k gets value k within the view, the others the mean of values
    1 and on): the policy, the relative values, the seat values, and their
    largest difference from Go's evaluator (agent, net:model=FILE) and
    Go's raw pass on x (go)."""
    net_players, players = m.shapes.players, info.num_players
    _, pol, val = m.forward(x, mask)
    values = m.seat_values(val, seat, info)
    want = [val[k] if k < net_players else val[1:].mean() for k in range(players)]
    assert np.allclose(values, np.roll(want, seat))
    gp, gv = go.predict(x[None], mask[None])
    worst = max(float(np.abs(agent.policy(e) - pol).max()), float(np.abs(agent.value(e) - values).max()))
    return pol, val, values, max(worst, float(np.abs(gp[0] - pol).max()), float(np.abs(gv[0] - val).max()))


@pytest.mark.parametrize("net_players,players", [(2, 3), (4, 5)])
def test_seat_view_slots_matches_go(tmp_path, net_players, players):
    """A March on Mars network for fewer marines on a configuration of
    more with its observation shape (the view of slots): the NumPy forward
    pass on the observation as it is, and seat_values, give the policy and
    values of every seat that Go's evaluator gives (net:model=FILE on the
    same states), and Go's raw pass on the observation the same."""
    m = seat_model(net_players, [{"players": players}], game="march-mars")
    path = tmp_path / "mm.safetensors"
    m.save(path)
    agent = moongym.Agent(f"net:model={path}", "march-mars", players=players)
    info = agent.game_info
    assert info.seat_slots == 5 and m.reads(info).of_slots
    e = core.Env("march-mars", {"players": players})
    rng = np.random.default_rng(2)
    seen, spread, worst = set(), 0.0, 0.0
    seat = e.reset(3)
    with GoModel.load(path) as go:
        for _ in range(12):
            if seat == core.TERMINAL:
                seat = e.reset(int(rng.integers(1000)))
            obs, mask = e.observe(seat)
            x = m.view(obs, info)
            assert x is obs
            pol, val, values, diff = view_against_go(m, go, agent, e, seat, x, mask, info)
            worst = max(worst, diff)
            seen.add(seat)
            spread = max(spread, float(np.ptp(values)))
            for _ in range(5):
                if seat == core.TERMINAL:
                    break
                _, _, _, seat = e.step(int(rng.choice(np.flatnonzero(e.observe(seat)[1]))))
    assert len(seen) >= 2 and spread > 0.1, (seen, spread)
    assert worst < TOLERANCE


def test_values_by_seat_beyond_the_view():
    v = np.array([0.5, -0.5, 0.1])
    # Seats 3 and 4 (observer 3) and 0 in the view, 1 and 2 the opponents' mean.
    assert np.allclose(models.values_by_seat(v, 3, players=5), [0.1, -0.2, -0.2, 0.5, -0.5])
    assert np.allclose(models.values_by_seat(v, 3, 0, 10, players=5), [5.5, 4.0, 4.0, 7.5, 2.5])
    assert np.allclose(models.values_by_seat(np.stack([v, v]), 3, players=5)[1], [0.1, -0.2, -0.2, 0.5, -0.5])
    assert np.array_equal(models.values_by_seat(v, 1, players=3), models.values_by_seat(v, 1))
    with pytest.raises(moongym.BadArgumentError):
        models.values_by_seat(v, 0, players=2)


@pytest.mark.parametrize("net_players,players", [(2, 4), (3, 5)])
def test_seat_view_matches_go(tmp_path, net_players, players):
    """A welcome-moon network for fewer seats on a configuration it covers
    with more: the NumPy view (the observer's section, the next seats', the
    global section) and forward pass give the policy and values of every
    seat that Go's evaluator gives (net:model=FILE on the same states), and
    Go's raw pass on the projected observation the same. (The sections read
    matter: the next seats' instead give another policy and values.)"""
    m = seat_model(net_players, [{"players": players}])
    path = tmp_path / "wm.safetensors"
    m.save(path)
    agent = moongym.Agent(f"net:model={path}", "welcome-moon", players=players)
    info = agent.game_info
    per, sec, glob = info.seat_sections
    assert sec == players
    e = core.Env("welcome-moon", {"players": players})
    rng = np.random.default_rng(1)
    seen, spread, worst, shifted = set(), 0.0, 0.0, 0.0
    seat = e.reset(2)
    for _ in range(15):  # past the first moves, where every sheet is empty
        _, _, _, seat = e.step(int(rng.choice(np.flatnonzero(e.observe(seat)[1]))))
    with GoModel.load(path) as go:
        for _ in range(12):
            if seat == core.TERMINAL:
                seat = e.reset(int(rng.integers(1000)))
            obs, mask = e.observe(seat)
            x = m.view(obs, info)
            hand = np.concatenate([obs[: net_players * per], obs[players * per :]])
            assert x.shape == (per * net_players + glob,) and np.array_equal(x, hand)
            pol, val, values, diff = view_against_go(m, go, agent, e, seat, x, mask, info)
            worst = max(worst, diff)
            _, other_pol, other_val = m.forward(np.concatenate([obs[per : (net_players + 1) * per], obs[players * per :]]), mask)
            shifted = max(shifted, float(np.abs(other_pol - pol).max()), float(np.abs(other_val - val).max()))
            seen.add(seat)
            spread = max(spread, float(np.ptp(values)))
            for _ in range(7):
                if seat == core.TERMINAL:
                    break
                _, _, _, seat = e.step(int(rng.choice(np.flatnonzero(e.observe(seat)[1]))))
    assert len(seen) >= 2 and spread > 0.1 and shifted > 100 * TOLERANCE, (seen, spread, shifted)
    assert worst < TOLERANCE

"""moongym's policy-value networks from Python: read a model file, run the
network's forward pass in NumPy, write a model file that Go plays.

A model file is a safetensors file (an 8-byte little-endian header length,
a JSON header, the raw little-endian tensors, contiguous) whose
``__metadata__`` holds (models/file.go in the repository)::

    format        "moongym-model/1"
    game          the game's name
    params        the game's parameters, a JSON object of strings
    shapes        JSON: {"obs": [...], "actions": A, "players": P}
    architecture  JSON: {"kind": "mlp"|"conv", "width": W, "depth": D, "value_hidden": V}
    provenance    JSON: {"steps", "iterations", "games", "samples", "date", "data", "seed"}
    covers        (optional) JSON array of parameter objects: further
                  configurations of the game the network plays (Model.covers)
    dtype         (only in a Q8 or Q4 file) "Q8" or "Q4"

The tensors are named and shaped as :func:`param_specs` lists them (Go's
``Arch.Params``): dense weights ``[in, out]``, convolution filters
``[out, in, kh, kw]`` (convolutions have no bias). They are stored in one
of three dtypes (:attr:`Model.dtype`):

- ``F32``: every tensor float32, as is;
- ``F16``: every tensor IEEE half precision (each weight rounded to the
  nearest, ties to even; upcast to float32 exactly when read);
- ``Q8`` (models/quant.go): every tensor of rank 2 or more (dense matrices,
  convolution filters) as ``I8``, its row-major values in blocks of
  :data:`Q8_BLOCK`, each block with an F16 scale (its largest magnitude
  over 127, rounded to half precision) in the tensor ``NAME.q8scale`` of
  shape ``[ceil(n / 32)]`` that follows it; a weight is ``q * scale``,
  ``q = round(w / scale)`` (half away from zero) within [-127, 127].
  Biases stay F32. About a quarter of F32's size; each weight moves by at
  most half its block's scale, and reading gives float32 weights bit for
  bit as Go's.
- ``Q4`` (models/quant4.go): every tensor of rank 2 or more as 4-bit
  integers ``q`` in [-8, 7], packed two to a byte in the ``U8`` tensor of
  shape ``[ceil(n / 2)]`` under the weight's name (value ``j`` in the low
  nibble of byte ``j // 2`` when ``j`` is even, the high one when odd,
  stored as ``q + 8``; an odd tensor's last high nibble is 0), in blocks of
  :data:`Q4_BLOCK` with an F16 scale each in ``NAME.q4scale``: of the
  candidates ``float16(amax / d)``, ``d = 7, 7.05, ..., 8``, the one whose
  values (``round(w / scale)``, half away from zero, clamped) leave the
  least squared error over the block (the first of equals). About 53% of
  Q8's size; reading gives Go's float32 weights bit for bit, and writing
  Go's bytes.

The network (models/predict.go, models/graph):

- ``mlp``: ``h = relu(x W + b)`` over the flattened observation, then
  ``depth`` residual blocks ``h = relu(h + relu(h W1 + b1) W2 + b2)``;
  policy logits ``h Wp + bp``; values ``tanh(relu(h Wv1 + bv1) Wv2 + bv2)``.
- ``conv`` (a ``[C, H, W]`` observation): ``h = relu(conv3x3(x))``, then
  ``depth`` blocks ``h = relu(h + conv3x3(relu(conv3x3(h))))`` (3x3,
  padding 1, stride 1, no bias); the policy head is a linear 1x1
  convolution to 2 channels, flattened channel-major, then dense; the
  value head a linear 1x1 convolution to 1 channel, flattened, then
  ``tanh(relu(v Wv1 + bv1) Wv2 + bv2)``.
- the policy is the softmax of the logits over the legal actions (zero
  elsewhere; all zero for a row without a legal action); the values are
  one per seat, in [-1, 1], *relative to the observer*: entry k is seat
  ``(observer + k) % players``'s (:func:`values_by_seat` turns them into
  seat order and the game's utility range, as Go's evaluator does).

A network made for fewer seats also plays a configuration of its game with
more through the **seat view** (models/seatview.go), in one of two ways:
where the observation is one section per seat, the observer's first, then
a global section (``GameInfo.seat_sections``; welcome-moon's sheets), it
reads the observer's section, the next seats' up to its own count and the
global section; where the observation keeps a fixed number of seat slots,
absent seats zero (``GameInfo.seat_slots``; March on Mars's marines), and
has the network's shape, it reads the observation as it is
(:meth:`Model.view`). Its values go to the seats in its view (the
observer and the next seats up to its own count) and every other seat
gets the mean of the opponents' values (:meth:`Model.seat_values`). A
model's ``covers`` may list such configurations.

>>> m = moongym.models.load_builtin("tictactoe")        # or load("file.safetensors")
>>> logits, policy, values = m.forward(obs, mask)       # obs: (B, *shape) or one observation
>>> m.save("copy.safetensors")                          # az:model=copy.safetensors plays it

:class:`Model` holds the metadata and the weights (float32 NumPy arrays by
name); build one from your own weights (a torch ``state_dict`` included)
with :meth:`Model.from_weights`. ``moongym.torchnet`` has the same network
as a ``torch.nn.Module``.
"""

from __future__ import annotations

import ctypes
import json
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from . import core
from ._lib import call_string, check, lib
from .errors import BadArgumentError

FORMAT = "moongym-model/1"
"""The metadata's format field."""

MAX_FILE_BYTES = 64 << 20
"""The largest model file Go reads (models.MaxFileBytes)."""

MAX_F16 = 65504.0
"""The largest finite half-precision value: an F16 file cannot hold a larger weight."""

DTYPES = ("F32", "F16", "Q8", "Q4")
"""The dtypes a model file stores its weights in (:func:`_dtype` reads them in any case)."""

Q8_BLOCK = 32
"""The number of consecutive weights that share a scale in a Q8 file (models.Q8Block)."""

Q8_SCALE_SUFFIX = ".q8scale"
"""What ends the name of a Q8 tensor's scales."""

Q4_BLOCK = 32
"""The number of consecutive weights that share a scale in a Q4 file (models.Q4Block)."""

Q4_SCALE_SUFFIX = ".q4scale"
"""What ends the name of a Q4 tensor's scales."""

_Q4_DIVISORS = 21
"""The candidate scales of a Q4 block: amax / (7 + i / 20), i < 21."""

POLICY_CHANNELS = 2
VALUE_CHANNELS = 1


@dataclass(frozen=True)
class Shapes:
    """The sizes a network is built for: the game's observation shape, its
    number of actions and of seats."""

    obs: tuple[int, ...]
    actions: int
    players: int

    @property
    def obs_size(self) -> int:
        return int(np.prod(self.obs, dtype=np.int64))

    def to_json(self) -> dict[str, Any]:
        return {"obs": list(self.obs), "actions": self.actions, "players": self.players}

    @staticmethod
    def of(info: core.GameInfo) -> "Shapes":
        """The shapes of a game configuration (an environment's info)."""
        return Shapes(tuple(info.shape), info.num_actions, info.num_players)


@dataclass(frozen=True)
class SeatView:
    """How a network made for fewer seats reads a configuration of its game
    with more (Go's seatView), in one of two ways:

    - sections: the game's observation is ``sections`` (one per seat)
      sections of ``per_seat`` values, the observer's first and the others
      in turn order, then ``global_size`` values; the network reads the
      first ``net_seats`` sections and the global one;
    - slots (:attr:`of_slots`): the game's observation keeps a fixed number
      of seat slots (``GameInfo.seat_slots``) and has the network's shape;
      the network reads it as it is, the slots it never saw filled
      included: ``per_seat`` and ``sections`` are 0, ``global_size`` the
      whole observation.

    ``net_seats`` is the network's number of seats, ``players`` the
    game's."""

    per_seat: int
    sections: int
    global_size: int
    net_seats: int
    players: int

    @property
    def of_slots(self) -> bool:
        """Whether the view is of seat slots: the network reads the game's
        observation as it is."""
        return self.sections == 0

    def project(self, obs: np.ndarray) -> np.ndarray:
        """The network's input from the game's observations (one, or a batch
        ``(B, size)``), as Go's seatView.project: the observer's section,
        the next ``net_seats - 1`` seats' and the global section; under a
        view of slots the observations themselves (``np.asarray(obs)``). An
        observation of another size raises BadArgumentError."""
        x = np.asarray(obs)
        seats = self.sections * self.per_seat
        if x.ndim not in (1, 2) or x.shape[-1] != seats + self.global_size:
            raise BadArgumentError(f"bad argument: observations of shape {list(x.shape)}, the seat view wants [{seats + self.global_size}] or (batch, {seats + self.global_size})")
        if self.of_slots:
            return x
        return np.concatenate([x[..., : self.net_seats * self.per_seat], x[..., seats:]], axis=-1)

    def values(self, values: np.ndarray, observer: int, min_utility: float = -1.0, max_utility: float = 1.0) -> np.ndarray:
        """The network's relative values for every seat of the game, in seat
        order and the utility range (Go's seatView.values): seat
        ``(observer + k) % players`` gets entry k within the view, every
        other seat the mean of entries 1 and on (the opponents')."""
        return values_by_seat(values, observer, min_utility, max_utility, players=self.players)


def seat_view(shapes: Shapes, info: core.GameInfo) -> SeatView | None:
    """The seat view through which a network of shapes reads the game
    configuration info (an environment's ``info`` or ``game_info``), if
    there is one (Go's seatViewOf): both observations flat, the network
    with fewer seats (at least 2) than the game and the same actions, and
    either the game's observation of seat slots (``info.seat_slots``) in
    the network's shape (a view of slots: the network reads it as it is),
    or the game's observation one section per seat and a global section
    (``info.seat_sections``), the network's the same sections for its
    seats and the same global section. None otherwise, also where the
    shapes are equal (the network reads the observation as it is)."""
    npl, gp = shapes.players, info.num_players
    if len(shapes.obs) != 1 or shapes.actions != info.num_actions or npl < 2 or npl >= gp:
        return None
    if info.seat_slots is not None and tuple(shapes.obs) == tuple(info.shape):
        return SeatView(0, 0, shapes.obs[0], npl, gp)
    if info.seat_sections is None:
        return None
    per, sec, glob = info.seat_sections
    if sec != gp or shapes.obs[0] != per * npl + glob:
        return None
    return SeatView(per, sec, glob, npl, gp)


@dataclass(frozen=True)
class Arch:
    """A network's architecture: kind ``mlp`` or ``conv``, the trunk's width
    (hidden size or channels), its depth (residual blocks), the value
    head's hidden size."""

    kind: str = "mlp"
    width: int = 128
    depth: int = 2
    value_hidden: int = 64

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "width": self.width, "depth": self.depth, "value_hidden": self.value_hidden}


def param_specs(shapes: Shapes, arch: Arch) -> list[tuple[str, tuple[int, ...]]]:
    """The network's tensors, (name, shape) in the file's order (Go's
    Arch.Params)."""
    ps: list[tuple[str, tuple[int, ...]]] = []
    w, v = arch.width, arch.value_hidden
    if arch.kind == "conv":
        if len(shapes.obs) != 3:
            raise BadArgumentError(f"bad argument: kind=conv needs a [C, H, W] observation, not {list(shapes.obs)}")
        c, h, wd = shapes.obs
        ps.append(("trunk.in.w", (w, c, 3, 3)))
        for i in range(arch.depth):
            ps += [(f"trunk.res{i}.w1", (w, w, 3, 3)), (f"trunk.res{i}.w2", (w, w, 3, 3))]
        ps += [
            ("policy.conv.w", (POLICY_CHANNELS, w, 1, 1)),
            ("policy.w", (POLICY_CHANNELS * h * wd, shapes.actions)),
            ("policy.b", (shapes.actions,)),
            ("value.conv.w", (VALUE_CHANNELS, w, 1, 1)),
            ("value.w1", (VALUE_CHANNELS * h * wd, v)),
            ("value.b1", (v,)),
        ]
    elif arch.kind == "mlp":
        ps += [("trunk.in.w", (shapes.obs_size, w)), ("trunk.in.b", (w,))]
        for i in range(arch.depth):
            p = f"trunk.res{i}."
            ps += [(p + "w1", (w, w)), (p + "b1", (w,)), (p + "w2", (w, w)), (p + "b2", (w,))]
        ps += [("policy.w", (w, shapes.actions)), ("policy.b", (shapes.actions,)), ("value.w1", (w, v)), ("value.b1", (v,))]
    else:
        raise BadArgumentError(f"bad argument: architecture kind {arch.kind!r} (want 'mlp' or 'conv')")
    ps += [("value.w2", (v, shapes.players)), ("value.b2", (shapes.players,))]
    return ps


@dataclass
class Model:
    """A moongym model: the game configuration it plays, its shapes and
    architecture, its weights (float32 arrays by name, in
    :func:`param_specs`'s order), the file's dtype (``"F32"``, ``"F16"``
    or ``"Q8"``), the provenance, and ``covers``: further configurations
    (parameter objects, complete as the game's ``info.params`` gives
    them) that the network plays, which Go accepts as it accepts
    ``params`` (empty for most models)."""

    game: str
    params: dict[str, str]
    shapes: Shapes
    arch: Arch
    weights: dict[str, np.ndarray]
    dtype: str = "F32"
    provenance: dict[str, Any] = field(default_factory=dict)
    covers: list[dict[str, str]] = field(default_factory=list)

    # -- building -----------------------------------------------------------

    @staticmethod
    def from_weights(
        weights: Mapping[str, Any],
        game: str,
        arch: Arch | Mapping[str, Any] | None = None,
        dtype: str = "F32",
        provenance: Mapping[str, Any] | None = None,
        covers: Sequence[Mapping[str, Any]] = (),
        **params: Any,
    ) -> "Model":
        """A model of game (parameters as keyword arguments) from weights by
        name: NumPy arrays, or a torch ``state_dict`` (tensors are taken
        with ``.detach().cpu().numpy()``), named and shaped as
        :func:`param_specs` lists them. The shapes come from the game's
        configuration; arch defaults to Go's default for them (conv for a
        [C, H, W] observation). covers lists further configurations the
        network plays, each as parameters replacing the model's own (as
        ``moongym export --covers`` takes them: ``{"rules": "basic"}``),
        completed with the game's defaults; each must be a valid
        configuration that the network reads (its shapes, or more seats
        through the seat view: :func:`seat_view`), and not the model's own
        or another's. Wrong names, shapes or non-finite weights, and such
        covers, raise BadArgumentError."""
        info = core.Env(game, params).info
        shapes = Shapes.of(info)
        if arch is None:
            arch = Arch("conv", 32, 2, 32) if len(shapes.obs) == 3 else Arch()
        elif isinstance(arch, Mapping):
            arch = Arch(**arch)
        arrays = {k: _to_numpy(v) for k, v in weights.items()}
        own = {str(k): str(v) for k, v in info.params.items()}
        configs = [own]
        for c in covers:
            ci = core.Env(info.name, {**own, **{str(k): str(v) for k, v in dict(c).items()}}).info
            cs = Shapes.of(ci)
            p = {str(k): str(v) for k, v in ci.params.items()}
            if cs != shapes and seat_view(shapes, ci) is None:
                raise BadArgumentError(
                    f"bad argument: covers {dict(c)}: {info.name} with {p} has shapes {cs.to_json()}, the network {shapes.to_json()} (and no seat view of them)"
                )
            if p in configs:
                raise BadArgumentError(f"bad argument: covers {dict(c)}: {p} is already one of the model's configurations")
            configs.append(p)
        m = Model(info.name, own, shapes, arch, {}, dtype=_dtype(dtype), provenance=dict(provenance or {}), covers=configs[1:])
        m.weights = {name: arrays.get(name) for name, _ in param_specs(shapes, arch)}  # type: ignore[misc]
        extra = sorted(set(arrays) - set(m.weights))
        if extra:
            raise BadArgumentError(f"bad argument: tensors {', '.join(extra)} are not in architecture {arch}")
        m.validate()
        return m

    def validate(self) -> None:
        """Checks the weights against the architecture: every tensor, of
        its shape, finite (BadArgumentError)."""
        for name, shape in param_specs(self.shapes, self.arch):
            w = self.weights.get(name)
            if w is None:
                raise BadArgumentError(f"bad argument: tensor {name} {list(shape)} is missing")
            if tuple(w.shape) != shape:
                raise BadArgumentError(f"bad argument: tensor {name} has shape {list(w.shape)}, architecture {self.arch} needs {list(shape)}")
            if not np.all(np.isfinite(w)):
                raise BadArgumentError(f"bad argument: tensor {name} has a non-finite weight")
            self.weights[name] = np.ascontiguousarray(w, dtype=np.float32)

    # -- the seat view -------------------------------------------------------

    def reads(self, info: core.GameInfo) -> SeatView | None:
        """Whether the network reads the game configuration info (an
        environment's ``info`` or ``game_info``), as Go's Shapes.Reads:
        None where its shapes are the network's, its :class:`SeatView`
        where the network reads it through one, else BadArgumentError
        naming both shapes. (Whether the model was measured on the
        configuration is its ``covers``' business; Go's agents play only
        its own and those.)"""
        gs = Shapes.of(info)
        if gs == self.shapes:
            return None
        v = seat_view(self.shapes, info)
        if v is None:
            raise BadArgumentError(f"bad argument: {info.name} with {info.params} has shapes {gs.to_json()}, the network {self.shapes.to_json()} (and no seat view of them)")
        return v

    def view(self, obs: np.ndarray, info: core.GameInfo) -> np.ndarray:
        """The network's input from observations (one, or a batch) of the
        game configuration info: obs itself (``np.asarray(obs)``) where its
        shapes are the network's or the network reads it through a view of
        seat slots, the projection of a view of seat sections
        (:meth:`SeatView.project`); BadArgumentError where it does not read
        it (:meth:`reads`). ``forward(view(obs, info), mask)`` is what Go's
        evaluator computes for the configuration."""
        v = self.reads(info)
        return np.asarray(obs) if v is None else v.project(obs)

    def seat_values(self, values: np.ndarray, observer: int, info: core.GameInfo) -> np.ndarray:
        """The network's relative values (from :meth:`forward` on
        :meth:`view`) for every seat of the game configuration info, in
        seat order and its utility range, as Go's evaluator gives them:
        :func:`values_by_seat`, and where the network reads the game
        through a seat view, every seat out of it gets the mean of the
        opponents' values."""
        v = self.reads(info)
        players = None if v is None else v.players
        return values_by_seat(values, observer, info.min_utility, info.max_utility, players=players)

    # -- the forward pass ---------------------------------------------------

    def forward(self, obs: np.ndarray, mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The network on observations ``obs`` (one, of the game's shape,
        or a batch ``(B, *shape)``) with their legal-action masks (nonzero:
        legal; all legal when None): ``(logits, policy, values)``, float64,
        of shapes ``(B, actions)``, ``(B, actions)``, ``(B, players)`` (no
        batch dimension for one observation). The policy is the softmax of
        the logits over the legal actions; values are relative to the
        observer (see :func:`values_by_seat`). Computed in float64 from
        the float32 weights: the reference Go's float32 pass is checked
        against."""
        s = self.shapes
        x = np.asarray(obs, dtype=np.float64)
        single = x.shape == tuple(s.obs)
        if single:
            x = x[None]
        if x.shape[1:] != tuple(s.obs):
            raise BadArgumentError(f"bad argument: observations of shape {list(x.shape)}, want {list(s.obs)} or (batch, {', '.join(map(str, s.obs))})")
        b = x.shape[0]
        m = np.ones((b, s.actions)) if mask is None else np.asarray(mask).reshape(b, s.actions)
        w = {k: v.astype(np.float64) for k, v in self.weights.items()}
        if self.arch.kind == "conv":
            h = _relu(_conv3(x, w["trunk.in.w"]))
            for i in range(self.arch.depth):
                t = _relu(_conv3(h, w[f"trunk.res{i}.w1"]))
                h = _relu(h + _conv3(t, w[f"trunk.res{i}.w2"]))
            ph = _conv1(h, w["policy.conv.w"]).reshape(b, -1)
            vh = _conv1(h, w["value.conv.w"]).reshape(b, -1)
        else:
            h = _relu(x.reshape(b, -1) @ w["trunk.in.w"] + w["trunk.in.b"])
            for i in range(self.arch.depth):
                p = f"trunk.res{i}."
                t = _relu(h @ w[p + "w1"] + w[p + "b1"])
                h = _relu(h + t @ w[p + "w2"] + w[p + "b2"])
            ph = vh = h
        logits = ph @ w["policy.w"] + w["policy.b"]
        values = np.tanh(_relu(vh @ w["value.w1"] + w["value.b1"]) @ w["value.w2"] + w["value.b2"])
        policy = masked_softmax(logits, m)
        if single:
            return logits[0], policy[0], values[0]
        return logits, policy, values

    __call__ = forward

    # -- files --------------------------------------------------------------

    def to_bytes(self, dtype: str | None = None) -> bytes:
        """The model file: dtype ``"F32"``, ``"F16"``, ``"Q8"`` or ``"Q4"``, in
        any case (default: the model's), with the model's covers (written only
        when there are some). The same model gives the same bytes as Go's
        encoder writes. F16 rounds each weight to the nearest
        half-precision value (ties to even), as Go does; a weight beyond
        ±65504 cannot be written (BadArgumentError). Q8 quantizes each
        tensor of rank 2 or more as Go does (see the module's docstring);
        a block whose largest magnitude exceeds 127 × 65504 cannot be
        written (BadArgumentError); Q4 likewise (8 × 65504)."""
        self.validate()
        dt = _dtype(dtype or self.dtype)
        header: dict[str, Any] = {}
        blobs = []
        off = 0

        def put(name: str, stored: str, shape: tuple[int, ...], data: bytes) -> None:
            nonlocal off
            header[name] = {"dtype": stored, "shape": list(shape), "data_offsets": [off, off + len(data)]}
            blobs.append(data)
            off += len(data)

        for name, shape in param_specs(self.shapes, self.arch):
            w = self.weights[name]
            if dt == "F16":
                if np.any(np.abs(w) > MAX_F16):
                    raise BadArgumentError(f"bad argument: tensor {name} has a weight beyond ±{MAX_F16:g}, which F16 cannot hold")
                put(name, dt, shape, w.astype("<f2").tobytes())
            elif dt == "Q8" and len(shape) >= 2:
                q, scales = _quantize_q8(name, w)
                put(name, "I8", shape, q.tobytes())
                put(name + Q8_SCALE_SUFFIX, "F16", (len(scales),), scales.tobytes())
            elif dt == "Q4" and len(shape) >= 2:
                packed, scales = _quantize_q4(name, w)
                put(name, "U8", (len(packed),), packed.tobytes())
                put(name + Q4_SCALE_SUFFIX, "F16", (len(scales),), scales.tobytes())
            else:
                put(name, "F32", shape, w.astype("<f4").tobytes())
        prov = {"steps": 0, "iterations": 0, "games": 0, "samples": 0, "date": "", "data": "", "seed": 0}
        for k in prov:  # Go reads these fields and refuses others
            if k in self.provenance:
                prov[k] = self.provenance[k]
        meta = {
            "format": FORMAT,
            "game": self.game,
            "params": _go_json(dict(sorted((str(k), str(v)) for k, v in (self.params or {}).items()))),
            "shapes": _go_json(self.shapes.to_json()),
            "architecture": _go_json(self.arch.to_json()),
            "provenance": _go_json(prov),
        }
        covers = _covers(self.covers)
        if covers:
            meta["covers"] = _go_json(covers)
        if dt in ("Q8", "Q4"):
            meta["dtype"] = dt
        header["__metadata__"] = dict(sorted(meta.items()))
        hb = _go_json(dict(sorted(header.items()))).encode()
        hb += b" " * (-len(hb) % 8)
        return struct.pack("<Q", len(hb)) + hb + b"".join(blobs)

    def save(self, path: str | os.PathLike, dtype: str | None = None) -> None:
        """Writes the model file (see to_bytes: dtype ``"F32"``, ``"F16"``,
        ``"Q8"`` or ``"Q4"``, default the model's) to path, atomically (a
        temporary file renamed over it). ``az:model=PATH`` and
        ``net:model=PATH`` play it."""
        data = self.to_bytes(dtype)
        p = Path(path)
        tmp = p.with_name(f".{p.name}.tmp-{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, p)


def load(source: str | os.PathLike | bytes) -> Model:
    """Reads a model file (a path, or the file's bytes): F32, F16 (upcast
    to float32 exactly), Q8 or Q4 (dequantized to float32 as Go does, bit
    for bit), with its covers (:attr:`Model.covers`, empty when the file has
    none). A file that is not a moongym model, or is inconsistent (a Q8 or
    Q4 tensor's scales missing, misshapen or not finite and non-negative,
    I8 or U8 tensors in a file whose metadata does not say Q8 or Q4, ...), raises
    BadArgumentError saying what is wrong."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        p = Path(source)
        if not p.is_file():
            raise BadArgumentError(f"bad argument: {p}: not a regular file")
        if p.stat().st_size > MAX_FILE_BYTES:
            raise BadArgumentError(f"bad argument: {p}: larger than {MAX_FILE_BYTES} bytes")
        data = p.read_bytes()
    return _decode(data)


def load_builtin(game: str, **params: Any) -> Model:
    """The model shipped for a game configuration (what
    ``az:model=builtin`` plays), read from the Go library. No built-in
    model for the configuration raises BadArgumentError listing those
    there are."""
    h = ctypes.c_uint64()
    check(lib.mg_model_builtin(game.encode(), core.encode_params(params), ctypes.byref(h)))
    with GoModel(h.value) as g:
        return _decode(g.to_bytes())


def values_by_seat(values: np.ndarray, observer: int, min_utility: float = -1.0, max_utility: float = 1.0, players: int | None = None) -> np.ndarray:
    """The network's relative values (entry k: seat (observer + k) % P) in
    seat order, scaled from [-1, 1] to the game's utility range: what Go's
    evaluator gives the search and ``moongym.Agent("net:...").value()``
    returns. players (default: one per value) is the game's number of
    seats where the network reads it through a seat view: seat
    ``(observer + k) % players`` gets entry k for k within the values,
    every other seat the mean of entries 1 and on (the opponents')."""
    v = np.asarray(values, dtype=np.float64)
    n = v.shape[-1]
    players = n if players is None else int(players)
    if players < n or (players > n and n < 2):
        raise BadArgumentError(f"bad argument: {n} values for {players} seats")
    opp = v[..., 1:].mean(axis=-1) if players > n else None
    out = np.empty(v.shape[:-1] + (players,), dtype=np.float64)
    for k in range(players):
        x = v[..., k] if k < n else opp
        out[..., (observer + k) % players] = min_utility + (x + 1) / 2 * (max_utility - min_utility)
    return out


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The softmax of each row of logits over its legal entries (mask
    nonzero), zero elsewhere; all zero for a row without a legal entry."""
    legal = np.asarray(mask) != 0
    z = np.where(legal, logits, -np.inf)
    mx = np.max(z, axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    e = np.where(legal, np.exp(z - mx), 0.0)
    total = e.sum(axis=-1, keepdims=True)
    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)


class GoModel(core._Handle):
    """A model as Go holds it: its raw forward pass through the C API
    (``models.Predictor``, what Go's agents run), for comparison with
    :meth:`Model.forward`, and its file as Go writes it."""

    def __init__(self, handle: int) -> None:
        self._h = handle

    @staticmethod
    def load(source: str | os.PathLike | bytes | Model) -> "GoModel":
        """Go's reading of a model file (a path, bytes, or a Model, written
        first)."""
        h = ctypes.c_uint64()
        if isinstance(source, Model):
            source = source.to_bytes()
        if isinstance(source, (bytes, bytearray)):
            data = bytes(source)
            check(lib.mg_model_decode(data, len(data), ctypes.byref(h)))
        else:
            check(lib.mg_model_load(os.fsencode(source), ctypes.byref(h)))
        return GoModel(h.value)

    @staticmethod
    def builtin(game: str, **params: Any) -> "GoModel":
        """The model shipped for a game configuration."""
        h = ctypes.c_uint64()
        check(lib.mg_model_builtin(game.encode(), core.encode_params(params), ctypes.byref(h)))
        return GoModel(h.value)

    def info(self) -> dict[str, Any]:
        """Its metadata: game, params, covers (a list, empty when none),
        shapes, architecture, provenance, dtype, num_params."""
        return json.loads(call_string(lib.mg_model_info, self.handle))

    def to_bytes(self, dtype: str = "") -> bytes:
        """The model file as Go's encoder writes it (dtype "F32", "F16", "Q8"
        or "Q4", in any case; "" keeps the model's)."""
        out = ctypes.c_void_p()
        n = ctypes.c_int64()
        check(lib.mg_model_encode(self.handle, dtype.encode(), ctypes.byref(out), ctypes.byref(n)))
        try:
            return ctypes.string_at(out.value, n.value)
        finally:
            lib.mg_free_string(out)

    def predict(self, obs: np.ndarray, mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Go's forward pass on a batch ``(B, *shape)`` of observations with
        their masks (all legal when None): ``(policy, values)``, float32,
        as :meth:`Model.forward` defines them."""
        i = self.info()
        shapes = i["shapes"]
        o = np.ascontiguousarray(obs, dtype=np.float32).reshape(-1, int(np.prod(shapes["obs"])))
        b = o.shape[0]
        m = np.ones((b, shapes["actions"]), np.float32) if mask is None else np.ascontiguousarray(mask, dtype=np.float32).reshape(b, -1)
        pol = np.zeros((b, shapes["actions"]), np.float32)
        val = np.zeros((b, shapes["players"]), np.float32)
        check(lib.mg_model_predict(self.handle, b, o.ctypes.data, o.size, m.ctypes.data, m.size, pol.ctypes.data, pol.size, val.ctypes.data, val.size))
        return pol, val

    def __enter__(self) -> "GoModel":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


# -- helpers --------------------------------------------------------------


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


def _conv3(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """3x3 convolution, padding 1, stride 1, no bias: x (B, C, H, W), w
    (F, C, 3, 3) -> (B, F, H, W)."""
    b, c, h, wd = x.shape
    p = np.zeros((b, c, h + 2, wd + 2), dtype=x.dtype)
    p[:, :, 1:-1, 1:-1] = x
    out = np.zeros((b, w.shape[0], h, wd), dtype=x.dtype)
    for ky in range(3):
        for kx in range(3):
            out += np.einsum("bchw,fc->bfhw", p[:, :, ky : ky + h, kx : kx + wd], w[:, :, ky, kx], optimize=True)
    return out


def _conv1(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """1x1 convolution without bias: x (B, C, H, W), w (F, C, 1, 1)."""
    return np.einsum("bchw,fc->bfhw", x, w[:, :, 0, 0], optimize=True)


def _to_numpy(v: Any) -> np.ndarray:
    """A weight as a float32 array (a torch tensor too)."""
    if hasattr(v, "detach"):
        v = v.detach().cpu().numpy()
    return np.asarray(v, dtype=np.float32)


def _dtype(d: str) -> str:
    u = str(d).upper()
    if u not in DTYPES:
        raise BadArgumentError(f"bad argument: model file dtype {d!r}, want 'F32', 'F16', 'Q8' or 'Q4'")
    return u


def _covers(covers: Any) -> list[dict[str, str]]:
    """A model's covers as the file writes them: a list of parameter
    objects of strings, keys sorted (Go's json.Marshal of
    []engine.Params)."""
    if covers is None:
        return []
    if isinstance(covers, (str, bytes, Mapping)) or not isinstance(covers, (list, tuple)):
        raise BadArgumentError(f"bad argument: covers must be a list of parameter objects, not {type(covers).__name__}")
    out = []
    for i, c in enumerate(covers):
        if not isinstance(c, Mapping):
            raise BadArgumentError(f"bad argument: covers[{i}] must be an object of parameters, not {type(c).__name__}")
        out.append(dict(sorted((str(k), str(v)) for k, v in c.items())))
    return out


def _blocks(w: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """A tensor's row-major float32 values as blocks (nb, size), the last
    padded with zeros, and each block's largest magnitude."""
    flat = np.ascontiguousarray(w, dtype=np.float32).reshape(-1)
    nb = -(-flat.size // size)
    padded = np.zeros(nb * size, dtype=np.float32)
    padded[: flat.size] = flat
    blocks = padded.reshape(nb, size)
    return blocks, np.abs(blocks).max(axis=1)


def _quantize_q8(name: str, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A tensor's Q8 values (int8) and block scales (little-endian F16), as
    Go's quantizeQ8 computes them: per block of Q8_BLOCK row-major values,
    h = float16(amax / 127) (float32 division, rounded to nearest even),
    s = float32(h), q = round(w / s) (float32 division, rounded half away
    from zero) clamped to [-127, 127], 0 where s is 0."""
    n = int(np.size(w))
    blocks, amax = _blocks(w, Q8_BLOCK)
    ratio = (amax / np.float32(127)).astype(np.float32)
    over = np.flatnonzero(ratio > np.float32(MAX_F16))
    if over.size:
        b = int(over[0])
        raise BadArgumentError(
            f"bad argument: tensor {name} has weight {float(amax[b]):g} in block {b}, beyond ±127×{MAX_F16:g}, which Q8's F16 scale cannot hold"
        )
    h = ratio.astype("<f2")
    s = h.astype(np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        x = (blocks / s[:, None]).astype(np.float32).astype(np.float64)
    x = np.where(s[:, None] > 0, x, 0.0)
    q = np.clip(_round_away(x), -127, 127).astype(np.int8).reshape(-1)[:n]
    return q, h


def _dequantize_q8(q: np.ndarray, scales: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Float32 weights of Q8 values and their block scales (float32):
    float32(q) * scale, as Go's dequantizeQ8."""
    s = np.repeat(scales.astype(np.float32), Q8_BLOCK)[: q.size]
    return (q.astype(np.float32) * s).astype(np.float32).reshape(shape)


def _round_away(x: np.ndarray) -> np.ndarray:
    """Go's math.Round of float64 values: halves away from zero."""
    r = np.trunc(x)  # x - r is exact
    return r + np.where(np.abs(x - r) >= 0.5, np.sign(x), 0.0)


def _q4_values(blocks: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Q4 values (float64 integers in [-8, 7]) of blocks (nb, Q4_BLOCK) with
    scales s (nb,), as Go's q4Value: round(float32(v / s)) clamped, 0 where
    s is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        x = (blocks / s[:, None]).astype(np.float32).astype(np.float64)
    x = np.where(s[:, None] > 0, x, 0.0)
    return np.clip(_round_away(x), -8, 7)


def _quantize_q4(name: str, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A tensor's packed Q4 values (uint8) and block scales (little-endian
    F16), as Go's quantizeQ4 computes them (see the module's docstring):
    each candidate's squared error is summed over the block in order in
    float64, as Go sums it."""
    n = int(np.size(w))
    blocks, amax = _blocks(w, Q4_BLOCK)
    nb = len(blocks)
    over = np.flatnonzero((amax / np.float32(8)).astype(np.float32) > np.float32(MAX_F16))
    if over.size:
        b = int(over[0])
        raise BadArgumentError(
            f"bad argument: tensor {name} has weight {float(amax[b]):g} in block {b}, beyond ±8×{MAX_F16:g}, which Q4's F16 scale cannot hold"
        )
    best_h = np.zeros(nb, dtype="<f2")
    best_e = np.full(nb, np.inf)
    for i in range(_Q4_DIVISORS):
        d = np.float32(7) + np.float32(i) / np.float32(20)
        with np.errstate(over="ignore"):
            h = (amax / d).astype(np.float32).astype("<f2")
        s = h.astype(np.float32)
        with np.errstate(invalid="ignore"):
            back = (_q4_values(blocks, s).astype(np.float32) * s[:, None]).astype(np.float32)
            diff = blocks.astype(np.float64) - back.astype(np.float64)
            e = np.cumsum(diff * diff, axis=1)[:, -1]  # in order, as Go sums
        better = e < best_e
        best_h[better], best_e[better] = h[better], e[better]
    s = best_h.astype(np.float32)
    nib = np.zeros(2 * (-(-n // 2)), dtype=np.uint8)
    nib[:n] = (_q4_values(blocks, s).reshape(-1)[:n] + 8).astype(np.uint8)
    return (nib[0::2] | (nib[1::2] << 4)).astype(np.uint8), best_h


def _dequantize_q4(packed: np.ndarray, scales: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Float32 weights of packed Q4 values and their block scales (float32):
    float32(q) * scale, as Go's dequantizeQ4."""
    n = int(np.prod(shape, dtype=np.int64))
    nib = np.empty(2 * packed.size, dtype=np.int16)
    nib[0::2], nib[1::2] = packed & 15, packed >> 4
    s = np.repeat(scales.astype(np.float32), Q4_BLOCK)[:n]
    return ((nib[:n] - 8).astype(np.float32) * s).astype(np.float32).reshape(shape)


def _go_json(v: Any) -> str:
    """JSON as Go's encoding/json writes it: compact, with <, > and &
    escaped."""
    s = json.dumps(v, separators=(",", ":"), ensure_ascii=False)
    return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _decode(data: bytes) -> Model:
    """Model of a model file's bytes (the checks of Go's models.Decode that
    matter for reading it)."""

    def bad(why: str) -> BadArgumentError:
        return BadArgumentError(f"bad argument: bad model file: {why}")

    if len(data) < 8:
        raise bad(f"{len(data)} bytes, too short for a safetensors header")
    (hl,) = struct.unpack_from("<Q", data)
    if hl == 0 or hl > len(data) - 8:
        raise bad("the header length does not fit the file: not a safetensors file, or a truncated one")
    try:
        header = json.loads(data[8 : 8 + hl])
        meta = header.pop("__metadata__")
    except (ValueError, KeyError, AttributeError, TypeError):
        raise bad("no JSON header with __metadata__: not a moongym model") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise bad(f"the metadata's format is not {FORMAT!r}: not a moongym model, or one of a later format")
    try:
        sj, aj = json.loads(meta["shapes"]), json.loads(meta["architecture"])
        shapes = Shapes(tuple(sj["obs"]), int(sj["actions"]), int(sj["players"]))
        arch = Arch(aj["kind"], int(aj["width"]), int(aj["depth"]), int(aj["value_hidden"]))
        params = json.loads(meta.get("params") or "{}") or {}
        prov = json.loads(meta.get("provenance") or "{}") or {}
    except (ValueError, KeyError, TypeError):
        raise bad("the metadata's shapes, architecture, params or provenance do not read") from None
    covers: list[dict[str, str]] = []
    if "covers" in meta:
        try:
            cv = json.loads(meta["covers"])
        except (ValueError, TypeError):
            raise bad("the metadata's covers do not read: want a JSON array of parameter objects") from None
        if cv is None:
            cv = []
        if not isinstance(cv, list):
            raise bad("the metadata's covers are not a JSON array of parameter objects")
        for i, c in enumerate(cv):
            if not isinstance(c, dict) or not all(isinstance(v, str) for v in c.values()):
                raise bad(f"the metadata's covers: configuration {i} is not an object of string parameters")
            covers.append({str(k): v for k, v in c.items()})
    body = data[8 + hl :]
    specs = param_specs(shapes, arch)
    tensors: dict[str, tuple[str, list[Any], int, int]] = {}
    for name, t in header.items():
        try:
            lo, hi = t["data_offsets"]
            tensors[name] = (str(t["dtype"]), list(t["shape"]), int(lo), int(hi))
        except (KeyError, TypeError, ValueError):
            raise bad(f"tensor {name}: its header does not read (want dtype, shape and two data_offsets)") from None
    if "dtype" in meta:
        if meta["dtype"] not in ("Q8", "Q4"):
            raise bad("the metadata's dtype is neither 'Q8' nor 'Q4' (the only ones a file declares)")
        dtype = meta["dtype"]
    else:
        for name, _ in specs:
            if name not in tensors:
                raise bad(f"tensor {name} is missing")
            d = tensors[name][0]
            if d in ("I8", "U8"):
                raise bad(f"tensor {name} has dtype {d}, but the metadata has no \"dtype\" (a Q8 or Q4 file says so in its metadata)")
            if d not in ("F32", "F16"):
                raise bad(f"tensor {name} has a dtype other than F32 and F16")
        dtypes = {tensors[name][0] for name, _ in specs}
        if len(dtypes) != 1:
            raise bad(f"tensors of dtypes {sorted(dtypes)}: want all F32 or all F16 (or a Q8 or Q4 file)")
        dtype = dtypes.pop()
    # What the file stores, in order: (name, dtype, shape, the network tensor's name, scales?).
    layout: list[tuple[str, str, tuple[int, ...], str, bool]] = []
    for name, shape in specs:
        if dtype not in ("Q8", "Q4"):
            layout.append((name, dtype, shape, name, False))
        elif len(shape) >= 2 and dtype == "Q4":
            n = int(np.prod(shape, dtype=np.int64))
            layout += [(name, "U8", (-(-n // 2),), name, False), (name + Q4_SCALE_SUFFIX, "F16", (-(-n // Q4_BLOCK),), name, True)]
        elif len(shape) >= 2:
            nb = -(-int(np.prod(shape, dtype=np.int64)) // Q8_BLOCK)
            layout += [(name, "I8", shape, name, False), (name + Q8_SCALE_SUFFIX, "F16", (nb,), name, True)]
        else:
            layout.append((name, "F32", shape, name, False))
    for name, *_ in layout:
        if name not in tensors:
            scales_of = name.endswith(Q8_SCALE_SUFFIX) or name.endswith(Q4_SCALE_SUFFIX)
            raise bad(f"tensor {name} is missing" + (" (every I8 or U8 tensor of a Q8 or Q4 file is followed by its F16 scales)" if scales_of else ""))
    if len(tensors) != len(layout):
        raise bad(f"{len(tensors)} tensors, architecture {arch} needs {len(layout)} in a {dtype} file")
    size = {"F32": 4, "F16": 2, "I8": 1, "U8": 1}
    np_dtype = {"F32": "<f4", "F16": "<f2", "I8": "i1", "U8": "u1"}
    spec_shape = dict(specs)
    weights: dict[str, np.ndarray] = {}
    spans = []
    quant = np.zeros(0, dtype=np.int8)
    for name, stored, shape, weight, scales in layout:
        got, got_shape, lo, hi = tensors[name]
        if got != stored:
            raise bad(f"tensor {name} has dtype {got if got in size else 'another'}, a {dtype} file stores it as {stored}")
        if tuple(got_shape) != shape:
            if scales:
                raise bad(f"tensor {name} has shape {got_shape}, want {list(shape)} (one F16 scale per block of {Q8_BLOCK} weights)")
            if stored == "U8":
                raise bad(f"tensor {name} has shape {got_shape}, want {list(shape)} (two 4-bit values a byte)")
            raise bad(f"tensor {name} has shape {got_shape}, architecture needs {list(shape)}")
        n = int(np.prod(shape, dtype=np.int64))
        if not 0 <= lo <= hi <= len(body) or hi - lo != n * size[stored]:
            raise bad(f"tensor {name}: its data offsets do not fit (truncated?)")
        spans.append((lo, hi, name))
        vals = np.frombuffer(body, dtype=np_dtype[stored], count=n, offset=lo)
        if stored in ("I8", "U8"):
            quant = vals
        elif scales:
            sc = vals.astype(np.float32)
            badscale = np.flatnonzero(~(np.isfinite(sc) & (sc >= 0)))
            if badscale.size:
                b = int(badscale[0])
                raise bad(f"tensor {name}: scale {b} is {float(sc[b])}, not a finite non-negative number")
            if dtype == "Q4":
                if int(np.prod(spec_shape[weight], dtype=np.int64)) % 2 == 1 and quant[-1] >> 4:
                    raise bad(f"tensor {weight}: the padding nibble of the last byte is {int(quant[-1] >> 4)}, not 0")
                weights[weight] = _dequantize_q4(quant, sc, tuple(spec_shape[weight]))
            else:
                weights[weight] = _dequantize_q8(quant, sc, tuple(spec_shape[weight]))
        else:
            weights[weight] = vals.astype(np.float32).reshape(shape)
    end = 0
    for lo, hi, name in sorted(spans):
        if lo != end:
            raise bad(f"tensor {name} does not start at {end}, where the one before it ends (tensors overlap or leave holes)")
        end = hi
    if end != len(body):
        raise bad(f"{len(body)} bytes of data, tensors cover {end}")
    weights = {name: weights[name] for name, _ in specs}
    m = Model(meta["game"], {str(k): str(v) for k, v in params.items()}, shapes, arch, weights, dtype=dtype, provenance=prov, covers=covers)
    m.validate()
    return m

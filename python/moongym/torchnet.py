"""moongym's policy-value network as a ``torch.nn.Module`` (needs torch,
which moongym does not install): the same network as
:meth:`moongym.models.Model.forward`, with the same parameter names, so
that its ``state_dict()`` is a model file's tensors.

>>> from moongym import models, torchnet
>>> net = torchnet.Network.from_model(models.load_builtin("tictactoe"))
>>> logits, values = net(torch.as_tensor(obs))                 # (B, *shape) float32
>>> # ... train net ...
>>> models.Model.from_weights(net.state_dict(), "tictactoe", arch=net.arch).save("mine.safetensors")

Dense weights are kept as Go keeps them, ``[in, out]`` (``x @ w + b``, not
``nn.Linear``'s ``[out, in]``); convolution filters ``[out, in, kh, kw]``,
as ``torch.nn.functional.conv2d`` takes them. ``forward`` returns the
logits and the values (tanh, relative to the observer); mask the logits
with :func:`masked_policy` for the policy over the legal actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from .models import Arch, Model, Shapes, param_specs


class Network(nn.Module):
    """The network of ``shapes`` and ``arch`` (see moongym.models), its
    parameters named as in a model file (``trunk.in.w``,
    ``trunk.res0.w1``, ``policy.w``, ``value.b2``, ...), initialised to
    zero (load weights with :meth:`from_model` or ``load_state_dict``)."""

    def __init__(self, shapes: Shapes, arch: Arch) -> None:
        super().__init__()
        self.shapes, self.arch = shapes, arch
        for name, shape in param_specs(shapes, arch):
            *path, leaf = name.split(".")
            mod: nn.Module = self
            for part in path:
                if part not in mod._modules:
                    mod.add_module(part, nn.Module())
                mod = mod._modules[part]  # type: ignore[assignment]
            mod.register_parameter(leaf, nn.Parameter(torch.zeros(shape, dtype=torch.float32)))

    @staticmethod
    def from_model(model: Model) -> "Network":
        """The network with a model's weights."""
        net = Network(model.shapes, model.arch)
        net.load_state_dict({k: torch.from_numpy(np.array(v, dtype=np.float32)) for k, v in model.weights.items()})
        return net

    def to_model(self, game: str, dtype: str = "F32", provenance: dict[str, Any] | None = None, **params: Any) -> Model:
        """The model of game (its parameters as keyword arguments) with
        this network's weights, to save as a model file Go plays."""
        return Model.from_weights(self.state_dict(), game, arch=self.arch, dtype=dtype, provenance=provenance, **params)

    def _p(self, name: str) -> torch.Tensor:
        return self.get_parameter(name)

    def forward(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(logits, values) of a batch of observations (B, *obs shape)."""
        b = obs.shape[0]
        p = self._p
        if self.arch.kind == "conv":
            h = F.relu(F.conv2d(obs, p("trunk.in.w"), padding=1))
            for i in range(self.arch.depth):
                t = F.relu(F.conv2d(h, p(f"trunk.res{i}.w1"), padding=1))
                h = F.relu(h + F.conv2d(t, p(f"trunk.res{i}.w2"), padding=1))
            ph = F.conv2d(h, p("policy.conv.w")).reshape(b, -1)
            vh = F.conv2d(h, p("value.conv.w")).reshape(b, -1)
        else:
            h = F.relu(obs.reshape(b, -1) @ p("trunk.in.w") + p("trunk.in.b"))
            for i in range(self.arch.depth):
                r = f"trunk.res{i}."
                t = F.relu(h @ p(r + "w1") + p(r + "b1"))
                h = F.relu(h + t @ p(r + "w2") + p(r + "b2"))
            ph = vh = h
        logits = ph @ p("policy.w") + p("policy.b")
        values = torch.tanh(F.relu(vh @ p("value.w1") + p("value.b1")) @ p("value.w2") + p("value.b2"))
        return logits, values


def masked_policy(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """The softmax of each row of logits over its legal actions (mask
    nonzero), zero elsewhere (all zero for a row without a legal action)."""
    legal = mask != 0
    z = logits.masked_fill(~legal, float("-inf"))
    probs = torch.softmax(z, dim=-1)
    return torch.nan_to_num(probs, nan=0.0) * legal

"""The training step of moongym's conv and MLP nets, built layer for layer in PyTorch.

It times what `go test -bench LearnerStep ./training/` times on the Go side: one
step of batch 128 (forward, the loss, backward, AdamW) on random 0/1 observations,
all-legal masks and one-hot targets, on one thread, and prints samples per second
of wall time and per second of the process's CPU time (steady under other load),
the medians of the repeats.

    python docs/benchmarks/training/pytorch_step.py [--seconds 3] [--repeats 5]

The nets (models/arch.go): conv = a 3x3 conv (no bias) from the observation's
planes to `width` channels, ReLU, `depth` residual blocks (conv, ReLU, conv, add,
ReLU), a policy head (1x1 conv to 2 channels, flattened channel-major, a linear
layer to the actions) and a value head (1x1 conv to 1 channel, linear to
`value` units, ReLU, linear to one value per player, tanh). mlp = linear to
`width`, ReLU, `depth` residual blocks of two linear layers, the same heads
without the 1x1 convs. Loss: the policy cross-entropy against the targets
(illegal logits at -1e4 before the log-softmax) plus the values' mean squared
error. AdamW: lr 1e-3, weight decay 1e-4, none on biases (as training/adam.go).
"""
import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

NETS = {
    # name: (kind, obs shape, actions, players, width, depth, value hidden)
    "tictactoe-conv": ("conv", (3, 3, 3), 9, 2, 32, 2, 32),
    "tictactoe-mlp64": ("mlp", (27,), 9, 2, 64, 2, 32),
    "planet-cubes-mlp": ("mlp", (1848,), 50, 2, 128, 2, 64),
    "lunar-rally-conv": ("conv", (117, 10, 24), 22, 2, 32, 2, 32),
}


class Conv(nn.Module):
    def __init__(self, obs, actions, players, width, depth, value):
        super().__init__()
        c, h, w = obs
        self.inp = nn.Conv2d(c, width, 3, padding=1, bias=False)
        self.res = nn.ModuleList(
            nn.ModuleList([nn.Conv2d(width, width, 3, padding=1, bias=False),
                           nn.Conv2d(width, width, 3, padding=1, bias=False)]) for _ in range(depth))
        self.pconv = nn.Conv2d(width, 2, 1, bias=False)
        self.pol = nn.Linear(2 * h * w, actions)
        self.vconv = nn.Conv2d(width, 1, 1, bias=False)
        self.v1 = nn.Linear(h * w, value)
        self.v2 = nn.Linear(value, players)

    def forward(self, x):
        h = F.relu(self.inp(x))
        for c1, c2 in self.res:
            h = F.relu(h + c2(F.relu(c1(h))))
        p = self.pol(self.pconv(h).flatten(1))
        v = torch.tanh(self.v2(F.relu(self.v1(self.vconv(h).flatten(1)))))
        return p, v


class MLP(nn.Module):
    def __init__(self, obs, actions, players, width, depth, value):
        super().__init__()
        self.inp = nn.Linear(obs[0], width)
        self.res = nn.ModuleList(nn.ModuleList([nn.Linear(width, width), nn.Linear(width, width)]) for _ in range(depth))
        self.pol = nn.Linear(width, actions)
        self.v1 = nn.Linear(width, value)
        self.v2 = nn.Linear(value, players)

    def forward(self, x):
        h = F.relu(self.inp(x))
        for l1, l2 in self.res:
            h = F.relu(h + l2(F.relu(l1(h))))
        return self.pol(h), torch.tanh(self.v2(F.relu(self.v1(h))))


def bench(name, seconds, batch=128):
    kind, obs, actions, players, width, depth, value = NETS[name]
    torch.manual_seed(1)
    net = (Conv if kind == "conv" else MLP)(obs, actions, players, width, depth, value)
    decay = [p for p in net.parameters() if p.dim() > 1]
    plain = [p for p in net.parameters() if p.dim() <= 1]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 1e-4}, {"params": plain, "weight_decay": 0}], lr=1e-3)
    x = torch.randint(0, 2, (256, *obs)).float()
    maskbias = torch.zeros(256, actions)
    tpol = F.one_hot(torch.randint(0, actions, (256,)), actions).float()
    tval = F.one_hot(torch.randint(0, players, (256,)), players).float()

    def step(i):
        idx = torch.randint(0, 256, (batch,))
        p, v = net(x[idx])
        logp = F.log_softmax(p + maskbias[idx], dim=1)
        loss = -(tpol[idx] * logp).sum() / batch + ((v - tval[idx]) ** 2).mean()
        opt.zero_grad(set_to_none=False)
        loss.backward()
        opt.step()

    step(0)
    n, t0, c0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        step(n)
        n += 1
    return batch * n / (time.perf_counter() - t0), batch * n / (time.process_time() - c0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--nets", default=",".join(NETS))
    a = ap.parse_args()
    torch.set_num_threads(1)
    print(f"torch {torch.__version__}, {torch.backends.cpu.get_cpu_capability()}, 1 thread")
    for name in a.nets.split(","):
        runs = [bench(name, a.seconds) for _ in range(a.repeats)]
        wall, cpu = sorted(r[0] for r in runs), sorted(r[1] for r in runs)
        print(f"{name}: median {wall[len(wall) // 2]:.1f} samples/s, {cpu[len(cpu) // 2]:.1f} cpu-samples/s "
              f"(runs {', '.join(f'{r:.1f}' for r in cpu)} cpu-samples/s)")


if __name__ == "__main__":
    main()

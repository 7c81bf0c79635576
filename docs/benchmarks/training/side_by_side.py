"""moongym's training step against PyTorch's on the same nets, side by side.

Builds the Go benchmark binary (`BenchmarkLearnerStep`, training/bench_test.go),
then, for each round and each instruction set, runs moongym's step and PyTorch's
(pytorch_step.py, the same nets layer for layer) one after the other, a few seconds
each, on one core/thread, and prints samples per CPU second for both and their
ratio; the summary is the median ratio over the rounds. Interleaving keeps both
sides under the same load; CPU time keeps other processes' work out of the rates.

    python docs/benchmarks/training/side_by_side.py [--rounds 5] [--seconds 3] [--isa avx2,avx512]

Needs Go and PyTorch (pip install torch). --isa avx2 forces the kernels' AVX2
path (MOONGYM_KERNEL=avx2) and PyTorch's (ATEN_CPU_CAPABILITY=avx2,
ONEDNN_MAX_CPU_ISA=AVX2); avx512 is each side's default on a CPU with AVX-512.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
NETS = ["tictactoe-conv", "lunar-rally-conv"]


def go_rates(binary, isa, seconds):
    env = dict(os.environ, MOONGYM_KERNEL=isa)
    pat = "LearnerStep/(" + "|".join(NETS) + ")/blas=kernels$"
    out = subprocess.run([binary, "-test.run", "^$", "-test.bench", pat, "-test.benchtime", f"{seconds}s",
                          "-test.cpu", "1"], env=env, cwd=os.path.join(ROOT, "training"),
                         capture_output=True, text=True, check=True).stdout
    rates = {}
    for line in out.splitlines():
        m = re.match(r"BenchmarkLearnerStep/([\w-]+)/blas=kernels\s.*?([\d.]+) cpu-samples/s", line)
        if m:
            rates[m.group(1)] = float(m.group(2))
    return rates


def torch_rates(isa, seconds):
    env = dict(os.environ)
    if isa == "avx2":
        env.update(ATEN_CPU_CAPABILITY="avx2", ONEDNN_MAX_CPU_ISA="AVX2")
    out = subprocess.run([sys.executable, os.path.join(HERE, "pytorch_step.py"), "--seconds", str(seconds),
                          "--repeats", "1", "--nets", ",".join(NETS)], env=env,
                         capture_output=True, text=True, check=True).stdout
    rates = {}
    for line in out.splitlines():
        m = re.match(r"([\w-]+): median [\d.]+ samples/s, ([\d.]+) cpu-samples/s", line)
        if m:
            rates[m.group(1)] = float(m.group(2))
    return rates, out.splitlines()[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3)
    ap.add_argument("--isa", default="avx2,avx512")
    a = ap.parse_args()
    binary = os.path.join(tempfile.mkdtemp(), "training.test")
    subprocess.run(["go", "test", "-c", "-o", binary, "./training/"], cwd=ROOT, check=True)
    cpu = open("/proc/cpuinfo").read() if os.path.exists("/proc/cpuinfo") else ""
    model = re.search(r"model name\s*:\s*(.*)", cpu)
    print(f"CPU: {model.group(1) if model else 'unknown'}; load average {os.getloadavg()[0]:.2f} at start")
    ratios = {}
    for r in range(a.rounds):
        for isa in a.isa.split(","):
            g = go_rates(binary, isa, a.seconds)
            t, head = torch_rates(isa, a.seconds)
            if r == 0:
                print(f"[{isa}] {head}")
            for net in NETS:
                ratio = g[net] / t[net]
                ratios.setdefault((isa, net), []).append((g[net], t[net], ratio))
                print(f"round {r + 1} {isa} {net}: moongym {g[net]:.1f}, PyTorch {t[net]:.1f} cpu-samples/s, ratio {ratio:.2f}",
                      flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end\n")
    print("| path | net | moongym cpu-samples/s | PyTorch cpu-samples/s | ratio (median of rounds) | ratios |")
    print("|---|---|---:|---:|---:|---|")
    for (isa, net), rs in ratios.items():
        print(f"| {isa} | {net} | {statistics.median(x[0] for x in rs):.1f} | {statistics.median(x[1] for x in rs):.1f} | "
              f"{statistics.median(x[2] for x in rs):.2f} | {', '.join(f'{x[2]:.2f}' for x in rs)} |")


if __name__ == "__main__":
    main()

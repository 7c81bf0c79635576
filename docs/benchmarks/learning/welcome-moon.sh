#!/bin/bash
# The best welcome-moon recipe found so far (Adventure 1, 2 players; docs/benchmarks/learning.md,
# "welcome-moon", "30 Gumbel iterations"): an imitation of the heuristic on 40,000
# of its own games, a twentieth of each game's positions kept (--keep 0.05: about 313,000
# positions, the memory of 2,000 whole games), with the observation's decision features, into
# an MLP 256x2 for 3 epochs, where the held-out policy and value losses are lowest (12-16 min on
# the shared machine, peak RSS 7 GB: GOMEMLIMIT=6GiB); then 30 iterations of Gumbel self-play
# with a small c_scale (0.1, which keeps the imitated policy while the value head trains on
# fresh games; 128 games an iteration, a full 32-simulation search on a quarter of the moves,
# 8 simulations on the rest; 5-11 min), and the export of the latest network. Its network wins
# az sims=100 0.645 / 0.595 over two 400-game tournaments: at the bar in one, under it in the
# other, so nothing is shipped: the script exports into $RUNS, not models/opponents/. The whole
# run took 22 min (832 s CPU) with GOMAXPROCS=1 beside three other runs.
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/welcome-moon.sh [self-play iterations]   (default 30)
# The same command on the same machine gives byte-identical model files (SOURCE_DATE_EPOCH pins
# the provenance date; every random draw is seeded).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
RUNS=${RUNS:-runs}
IT=${1:-30}
export GOMEMLIMIT=${GOMEMLIMIT:-6GiB}
go build -o "$RUNS/moongym" ./cmd/moongym
# Imitation: kind, width, depth, lr. The rest are the self-play settings a resumed run keeps.
S=kind=mlp,width=256,depth=2,lr=0.0005,games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4
d=$RUNS/welcome-moon
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate welcome-moon --out "$d" --games 40000 --keep 0.05 --holdout 200 --epochs 3 --seed 1 --train $S --quiet
if [ "$IT" -gt 0 ]; then
  /usr/bin/time -f "train: %e s wall, %U s user, %S s sys" \
    "$RUNS/moongym" train welcome-moon --out "$d" --resume --iterations "$IT" --quiet \
    --train gumbel=1,sims=32,cscale=0.1,fullprob=0.25,cheapsims=8,games=128,steps=80,minsamples=2048,evalevery=0
fi
"$RUNS/moongym" export "$d" --out "$RUNS/welcome-moon.safetensors"

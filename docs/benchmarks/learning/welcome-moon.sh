#!/bin/bash
# The best welcome-moon recipe found so far (Adventure 1, 2 players; docs/benchmarks/learning.md,
# "welcome-moon: why imitation fell short", "After the merge" and "Many more games"): an
# imitation of the heuristic on 40,000 of its own games, a twentieth of each game's positions
# kept (--keep 0.05: about 313,000 positions, the memory of 2,000 whole games), with the
# observation's decision features, into an MLP 256x2 for 3 epochs, where the held-out
# policy and value losses are lowest (12-16 min on the shared machine, peak RSS 7 GB:
# GOMEMLIMIT=6GiB). Self-play from the earlier 2,000-game imitation (PUCT, or Gumbel) was measured
# to make the network worse, so it is off by default. No model met the bars, so nothing is
# shipped: the script exports into $RUNS, not models/opponents/.
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/welcome-moon.sh [self-play iterations]   (default 0: imitation only)
# The same command on the same machine gives byte-identical model files (SOURCE_DATE_EPOCH pins
# the provenance date; every random draw is seeded).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
RUNS=${RUNS:-runs}
IT=${1:-0}
go build -o "$RUNS/moongym" ./cmd/moongym
# Imitation: kind, width, depth, lr. The rest are the self-play settings a resumed run keeps.
S=kind=mlp,width=256,depth=2,lr=0.0005,games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4
d=$RUNS/welcome-moon
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate welcome-moon --out "$d" --games 40000 --keep 0.05 --holdout 200 --epochs 3 --seed 1 --train $S --quiet
if [ "$IT" -gt 0 ]; then
  /usr/bin/time -f "train: %e s wall, %U s user, %S s sys" \
    "$RUNS/moongym" train welcome-moon --out "$d" --resume --iterations "$IT" --quiet
fi
"$RUNS/moongym" export "$d" --out "$RUNS/welcome-moon.safetensors"

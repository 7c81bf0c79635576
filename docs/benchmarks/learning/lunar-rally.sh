#!/bin/bash
# The lunar-rally imitation recipe (2 players, green): no built-in model is shipped for
# lunar-rally yet (the network does not meet the bars; docs/benchmarks/learning.md, "What did
# not work yet"); this script reproduces the best network so far and measures it.
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/lunar-rally.sh [net games [az games]]   (default 200 100)
# At the commit that added it: raw net 0.522 [0.454, 0.591] over 200 games, az sims=100 0.500
# [0.404, 0.596] over 100; imitation 8-25 min, the az games 8-18 min, on the 2-core machine.
# The same command on the same machine gives the same weights (every random draw is seeded);
# SOURCE_DATE_EPOCH pins the provenance date of the model files.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-8GiB}  # 400 games are 48,000 positions of 100 kB, all in memory
RUNS=${RUNS:-runs}
NET=${1:-200}
AZ=${2:-100}
go build -o "$RUNS/moongym" ./cmd/moongym
d=$RUNS/lunar-rally-im
rm -rf "$d"
# The heuristic against itself, 10% random moves; its move is the policy target (smoothed by
# 0.1), the result the value target. (--samples 8, the share of 8 askings as the target, was
# tried and played worse: learning.md.)
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate lunar-rally --out "$d" --games 400 --epochs 10 --seed 1 \
  --train kind=mlp,width=128,depth=2 --quiet
"$RUNS/moongym" arena lunar-rally --agents "net:model=$d/latest.safetensors,heuristic" --games "$NET" --opening 4 --quiet
"$RUNS/moongym" arena lunar-rally --agents "az:model=$d/latest.safetensors,sims=100,heuristic" --games "$AZ" --opening 4 --quiet

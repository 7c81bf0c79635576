#!/bin/bash
# The walking-moon learning recipe as far as it goes (advanced rules, English, 2 players):
# an imitation warm start on games of the heuristic, then the imitated network measured against
# the heuristic, raw and under search. It does not meet the bars yet, so nothing is exported to
# models/opponents/ (docs/benchmarks/learning.md, "walking-moon: why imitation failed").
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/walking-moon.sh [games]   (default 800 heuristic games)
# The same command on the same machine gives the same network (every random draw is seeded;
# SOURCE_DATE_EPOCH pins the provenance date of the model file).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-8GiB} # 800 games are 223,000 positions of 13 kB, all in memory
RUNS=${RUNS:-runs}
P=players=2,rules=advanced,edition=en
go build -o "$RUNS/moongym" ./cmd/moongym
# The self-play settings are stored in the run for "moongym train walking-moon --resume".
S=kind=mlp,width=128,depth=2,games=32,parallel=32,sims=64,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=2,evalgames=40,evalopening=4,lr=0.0005
d=$RUNS/walking-moon-p2
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate walking-moon --params $P --out "$d" --games "${1:-800}" --epochs 10 --seed 1 --train $S --quiet
for a in "net:model=$d/latest.safetensors" "az:model=$d/latest.safetensors,sims=100"; do
  "$RUNS/moongym" arena walking-moon --params $P --agents "$a,heuristic" --games 200 --opening 4 --quiet
done

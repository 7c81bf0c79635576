#!/bin/bash
# The walking-moon learning recipe as far as it goes (advanced rules, English, 2 players):
# an imitation warm start on games of the heuristic (few passes), then Gumbel self-play from
# the imitated network, which retrains the value head on fresh games while its small c_scale
# keeps the imitated policy; then the best evaluated network measured against the heuristic,
# raw and under search. It does not meet the bars yet, so nothing is exported to
# models/opponents/ (docs/benchmarks/learning.md, "walking-moon: why imitation failed").
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/walking-moon.sh [iterations]   (default 30 self-play iterations)
# The same command on the same machine gives the same network (every random draw is seeded;
# SOURCE_DATE_EPOCH pins the provenance date of the model file).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-6GiB} # 400 games are 111,609 positions of 13 kB, all in memory
RUNS=${RUNS:-runs}
P=players=2,rules=advanced,edition=en
go build -o "$RUNS/moongym" ./cmd/moongym
# The self-play settings are stored in the run for "moongym train walking-moon --resume":
# 128 Gumbel games an iteration, a full search (16 simulations, recorded) on a quarter of the
# moves and a 4-simulation one on the rest; c_scale 0.1 keeps the improved policy near the
# prior; the evaluation plays the searched network (32 simulations) so best.safetensors is
# the best searched one.
S=kind=mlp,width=128,depth=2,games=128,parallel=32,gumbel=1,sims=16,cscale=0.1,fullprob=0.25,cheapsims=4,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4,evalsims=32,lr=0.0005
d=$RUNS/walking-moon-p2
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate walking-moon --params $P --out "$d" --games 400 --epochs 3 --seed 1 --train $S --quiet
/usr/bin/time -f "self-play: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" train walking-moon --out "$d" --resume --iterations "${1:-30}" --quiet
for a in "net:model=$d/best.safetensors" "az:model=$d/best.safetensors,sims=100"; do
  "$RUNS/moongym" arena walking-moon --params $P --agents "$a,heuristic" --games 200 --opening 4 --quiet
done

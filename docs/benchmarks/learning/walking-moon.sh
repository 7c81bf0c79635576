#!/bin/bash
# The recipe of the walking-moon built-in model (models/opponents/walking-moon-advanced.safetensors;
# advanced rules, English, 2 players): an imitation warm start on 3,000 games of the heuristic,
# of which --keep 0.15 records a random seventh of each game's positions (so that the value
# head learns from 3,000 results instead of learning a few hundred by heart), then Gumbel
# self-play from the imitated network, whose small c_scale keeps the imitated policy while the
# value head trains on fresh games; then the best evaluated network is exported and measured
# against the heuristic, raw and under search (docs/benchmarks/learning.md, "walking-moon").
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/walking-moon.sh [iterations]   (default 30 self-play iterations)
# The same command on the same machine gives a byte-identical model file (every random draw is
# seeded; SOURCE_DATE_EPOCH pins the provenance date). 22-36 min with GOMAXPROCS=1 on the
# shared machine (imitation 12-23 min, self-play 10-13 min), then the two arenas (about 4 min).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-6GiB} # 3,000 games at --keep 0.15 are 125,237 positions of 13 kB, all in memory
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
  "$RUNS/moongym" imitate walking-moon --params $P --out "$d" --games 3000 --keep 0.15 --epochs 3 --seed 1 --train $S --quiet
/usr/bin/time -f "self-play: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" train walking-moon --out "$d" --resume --iterations "${1:-30}" --quiet
"$RUNS/moongym" export "$d" --out models/opponents/walking-moon-advanced.safetensors
for a in "net:model=$d/best.safetensors" "az:model=$d/best.safetensors,sims=100"; do
  "$RUNS/moongym" arena walking-moon --params $P --agents "$a,heuristic" --games 200 --opening 4 --quiet
done

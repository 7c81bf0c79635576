#!/bin/bash
# The recipe of the 4-player walking-moon built-in model
# (models/opponents/walking-moon-advanced-p4.safetensors; advanced rules, English, 4 players;
# docs/benchmarks/learning.md, "walking-moon, 4 players"): an imitation of the heuristic on
# 3,000 4-player games of which --keep 0.1 records a random tenth of each game's positions (so
# that the value head learns from 3,000 results instead of a few hundred), with a 100-game
# held-out curve, then 18 iterations of Gumbel self-play (cscale=0.1), the export of the best
# evaluated network, and one searched seat (az sims=100) among three heuristics, seats
# rotated, 400 games.
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/walking-moon-p4.sh [iterations]   (default 18 self-play iterations)
# The same command on the same machine gives a byte-identical network (every random draw is
# seeded; SOURCE_DATE_EPOCH pins the provenance date). With GOMAXPROCS=1 on the shared
# machine: 16 min of imitation (502 s user), 7 min of self-play (302 s user), 6-8 min of arena.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-6GiB} # 87,806 positions in memory; peak RSS 4.7 GB
RUNS=${RUNS:-runs}
P=players=4,rules=advanced,edition=en
go build -o "$RUNS/moongym" ./cmd/moongym
# The 2-player recipe's settings (walking-moon.sh), stored in the run so that
# "moongym train walking-moon --out DIR --resume" plays Gumbel self-play with them: 128
# games an iteration, 16 simulations on a quarter of the moves and 4 on the rest, c_scale 0.1,
# an evaluation (40 games, 32 simulations) every 3 iterations that picks best.safetensors.
S=kind=mlp,width=128,depth=2,games=128,parallel=32,gumbel=1,sims=16,cscale=0.1,fullprob=0.25,cheapsims=4,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4,evalsims=32,lr=0.0005
d=$RUNS/walking-moon-p4
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate walking-moon --params $P --out "$d" --games 3000 --keep 0.1 --epochs 3 --seed 1 --holdout 100 --train $S --quiet
/usr/bin/time -f "self-play: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" train walking-moon --out "$d" --resume --iterations "${1:-18}" --quiet
"$RUNS/moongym" export "$d" --out models/opponents/walking-moon-advanced-p4.safetensors
"$RUNS/moongym" arena walking-moon --params $P --agents "az:model=$d/best.safetensors,sims=100,heuristic,heuristic,heuristic" --games 400 --opening 4 --quiet

#!/bin/bash
# The 4-player walking-moon experiment (advanced rules, English, 4 players;
# docs/benchmarks/learning.md, "walking-moon, 4 players"): an imitation of the heuristic on
# 3,000 4-player games of which --keep 0.1 records a random tenth of each game's positions (so
# that the value head learns from 3,000 results instead of a few hundred), with a 100-game
# held-out curve, then one searched seat (az sims=100) among three heuristics, seats rotated,
# 400 games. Not shipped as a built-in model (the margin is too small; see learning.md).
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/walking-moon-p4.sh
# The same command on the same machine gives a byte-identical network (every random draw is
# seeded; SOURCE_DATE_EPOCH pins the provenance date). 16 min of imitation (502 s user) and
# 8.5 min of arena (201 s user) with GOMAXPROCS=1 on the shared machine.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-6GiB} # 87,806 positions in memory; peak RSS 4.7 GB
RUNS=${RUNS:-runs}
P=players=4,rules=advanced,edition=en
go build -o "$RUNS/moongym" ./cmd/moongym
# The 2-player recipe's settings (walking-moon.sh), stored in the run so that
# "moongym train walking-moon --out DIR --resume" can go on with Gumbel self-play.
S=kind=mlp,width=128,depth=2,games=128,parallel=32,gumbel=1,sims=16,cscale=0.1,fullprob=0.25,cheapsims=4,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4,evalsims=32,lr=0.0005
d=$RUNS/walking-moon-p4
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate walking-moon --params $P --out "$d" --games 3000 --keep 0.1 --epochs 3 --seed 1 --holdout 100 --train $S --quiet
"$RUNS/moongym" arena walking-moon --params $P --agents "az:model=$d/latest.safetensors,sims=100,heuristic,heuristic,heuristic" --games 400 --opening 4 --quiet

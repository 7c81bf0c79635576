#!/bin/bash
# The recipe of the solo welcome-moon built-in models (one per adventure:
# models/opponents/welcome-moon-solo-aN.safetensors; players=1 against ASTRA level 1;
# docs/benchmarks/learning.md, "welcome-moon, solo"): an imitation of the heuristic on 40,000
# of its solo games of which --keep records a share of each game's positions (0.12 in
# Adventure 1, 0.1 in the others: 300,000-360,000 positions, peak RSS about 6 GB with
# GOMEMLIMIT=5GiB), with the observation's decision features, into an MLP 256x2 for 3 epochs,
# with a value target half the result against ASTRA and half tanh((score - ASTRA's score) / 20)
# (margin=0.5,marginscale=20: denser than the win or loss, which the heuristic gets in under a
# fifth of its Adventure 1 games); a 400-game held-out curve; no self-play. Then the export of
# the network and the two tournaments of the bar, on the same 400 game seeds: az:model=FILE,sims=100
# and the heuristic, each alone against ASTRA (win rate and mean score).
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/welcome-moon-solo.sh ADVENTURE   (1-4)
# The same command on the same machine gives a byte-identical model file (every random draw
# is seeded; SOURCE_DATE_EPOCH pins the provenance date). With GOMAXPROCS=1 on the shared
# machine: 8 min of imitation (295 s user, Adventure 1), 5-6 min for the two tournaments.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-5GiB}
RUNS=${RUNS:-runs}
A=${1:?usage: welcome-moon-solo.sh ADVENTURE}
KEEP=0.1
[ "$A" = 1 ] && KEEP=0.12
P=players=1,adventure=$A
go build -o "$RUNS/moongym" ./cmd/moongym
# The 2-player recipe's settings (welcome-moon.sh) with the score margin; the self-play ones
# are stored for a "moongym train welcome-moon --out DIR --resume".
S=kind=mlp,width=256,depth=2,lr=0.0005,margin=0.5,marginscale=20,games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4
d=$RUNS/welcome-moon-solo-a$A
f=models/opponents/welcome-moon-solo-a$A.safetensors
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys, %M kB peak RSS" \
  "$RUNS/moongym" imitate welcome-moon --params $P --out "$d" --games 40000 --keep $KEEP --holdout 400 --epochs 3 --seed 1 --train $S --quiet
"$RUNS/moongym" export "$d" --out "$f"
for a in "az:model=$f,sims=100" heuristic; do
  "$RUNS/moongym" arena welcome-moon --params $P --agents "$a" --games 400 --seed 1 --quiet | sed -n 3p
done

#!/bin/bash
# The welcome-moon recipe (Adventure 1; docs/benchmarks/learning.md, "welcome-moon"), one network
# per player count: an imitation of the heuristic on many of its own games, a twentieth of each
# game's positions kept (--keep 0.05: the value head learns from tens of thousands of results
# instead of learning a few hundred games by heart), with the observation's decision features,
# into an MLP 256x2 for 3 epochs, where the held-out policy and value losses are lowest; then
# Gumbel self-play with a small c_scale (0.1, which keeps the imitated policy while the value
# head trains on fresh games; 128 games an iteration, a full 32-simulation search on a quarter
# of the moves, 8 simulations on the rest), and the export of the run's network (with 2 players
# the latest, the recipe's keeplatest=1; with more, the best evaluated one).
#   2 players: the one-command recipe (moongym train, training/recipes.go): 40,000 games
#     (312,781 positions kept), then 80 iterations at half the learning rate (lr=0.00025), an
#     evaluation every 8 and the latest network kept (1,765 s wall, 1,545 s user beside a
#     tournament, peak RSS 2.3 GB), exported Q8 to models/opponents/welcome-moon.safetensors,
#     then the strength test's two tournaments, az sims=100 and the raw network each against the
#     heuristic, 1,000 games, 6 random opening decisions, seed 1: az 0.678 [0.649, 0.707], raw
#     0.589 [0.558, 0.619]. At the recipe's earlier rate (lr=0.0005) 30 iterations were at the
#     bars in one 400-game tournament and under them in another, and 50 were worse.
#   3-6 players: 12,000 games (4 players: 174,396 positions, peak RSS 5.8 GB), 20 iterations with
#     an evaluation every 4, exported to models/opponents/welcome-moon-pN.safetensors, then one
#     searched seat (az sims=100) among heuristics, seats rotated, 400 games, 6 random
#     opening decisions, seed 1 (TestBuiltinStrength's tournament). 4 players: 9 min of
#     imitation (268 s user), 22 min of self-play (662 s user) beside three other runs.
#     Shipped: 3, 4 and 5 players (5 players: 212,173 positions, peak RSS 7.3 GB; with 20
#     iterations its network was level with the heuristics, so it runs 36: 27 min of
#     self-play beside two other runs); 6 players the same with 36 iterations (249,038 positions,
#     peak RSS 10.8 GB with GOMEMLIMIT=6GiB; 381 s of imitation, 2,168 s of self-play at one
#     core beside one other run; shipped).
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/welcome-moon.sh [players [self-play iterations]]
#   (default 2 players; 80 iterations with 2 players (the recipe's), 36 with 5 or 6, 20 with 3 or 4)
# The same command on the same machine gives byte-identical model files (SOURCE_DATE_EPOCH pins
# the provenance date; every random draw is seeded).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
RUNS=${RUNS:-runs}
n=${1:-2}
export GOMEMLIMIT=${GOMEMLIMIT:-6GiB}
case $n in
2)
  d=$RUNS/welcome-moon out=models/opponents/welcome-moon.safetensors
  go build -o "$RUNS/moongym" ./cmd/moongym
  rm -rf "$d"
  I=()
  if [ -n "${2:-}" ]; then I=(--iterations "$2"); fi
  /usr/bin/time -f "train: %e s wall, %U s user, %S s sys, %M kB peak" \
    "$RUNS/moongym" train welcome-moon --params players=2,adventure=1 --out "$d" --duration 2h "${I[@]}" --quiet
  "$RUNS/moongym" export "$d" --out "$out" --dtype q8
  for a in "net:model=$out" "az:model=$out,sims=100"; do
    "$RUNS/moongym" arena welcome-moon --agents "$a,heuristic" --games 1000 --opening 6 --seed 1 --quiet
  done
  exit 0
  ;;
3 | 4 | 5 | 6)
  games=12000 holdout=100 it=${2:-20} d=$RUNS/welcome-moon-p$n out=models/opponents/welcome-moon-p$n.safetensors
  if [ "$n" -ge 5 ]; then it=${2:-36}; fi
  S=kind=mlp,width=256,depth=2,lr=0.0005,games=128,parallel=32,gumbel=1,sims=32,cscale=0.1,fullprob=0.25,cheapsims=8,buffer=40000,steps=80,minsamples=2048,evalevery=4,evalgames=40,evalopening=6
  P=(--params players=$n)
  T=()
  ;;
*)
  echo "welcome-moon.sh: $n players: the recipe covers 2 to 6 (solo: welcome-moon-solo.sh)" >&2
  exit 2
  ;;
esac
go build -o "$RUNS/moongym" ./cmd/moongym
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate welcome-moon "${P[@]}" --out "$d" --games $games --keep 0.05 --holdout $holdout --epochs 3 --seed 1 --train $S --quiet
if [ "$it" -gt 0 ]; then
  /usr/bin/time -f "train: %e s wall, %U s user, %S s sys" \
    "$RUNS/moongym" train welcome-moon --out "$d" --resume --iterations "$it" --quiet "${T[@]}"
fi
"$RUNS/moongym" export "$d" --out "$out" --dtype auto   # F16 where the F32 file would exceed 4 MiB (models.MaxBuiltinBytes)
agents=az:model=$out,sims=100
for ((i = 1; i < n; i++)); do agents+=,heuristic; done
"$RUNS/moongym" arena welcome-moon --params players=$n --agents "$agents" --games 400 --opening 6 --seed 1 --quiet

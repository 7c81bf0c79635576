#!/bin/bash
# The recipe of the walking-moon built-in models (advanced rules, English), one per player count:
# models/opponents/walking-moon-advanced.safetensors (2 players) and
# walking-moon-advanced-pN.safetensors for N players (shipped for 3, 4 and 5). An
# imitation warm start on 3,000 games of the heuristic, of which --keep records a random part of
# each game's positions (a seventh with 2 players, a tenth with more; so that the value head
# learns from 3,000 results instead of learning a few hundred by heart), with more than 2
# players a 100-game held-out curve; then Gumbel self-play from the imitated network, whose
# small c_scale keeps the imitated policy while the value head trains on fresh games; then the
# best evaluated network is exported and measured: with 2 players against the heuristic, raw
# and under search (200 games each); with more, one searched seat (az sims=100) among
# heuristics, seats rotated, 400 games
# (docs/benchmarks/learning.md, section "walking-moon").
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/walking-moon.sh [players [iterations]]
#   (default 2 players; 30 self-play iterations with 2 players, 18 with more)
# EDITION=es trains the Spanish edition's models with the same recipe
# (walking-moon-es-advanced.safetensors and walking-moon-es-advanced-pN.safetensors; the
# shipped 2- and 3-player ones with GAMES=6000).
# GAMES sets the imitation's number of games (default 3,000).
# ARENA=0 leaves out the arenas at the end (TestBuiltinStrength measures the shipped file).
# The same command on the same machine gives a byte-identical model file (every random draw is
# seeded; SOURCE_DATE_EPOCH pins the provenance date). With GOMAXPROCS=1 on the shared machine:
# 2 players 22-36 min (imitation 12-23 min, self-play 10-13 min), then the two arenas (about
# 4 min); 4 players 16 min of imitation (502 s user), 7 min of self-play (302 s user), 6-8 min
# of arena.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
# In memory: 2 players 125,237 positions of 13 kB; 4 players 87,806, peak RSS 4.7 GB.
export GOMEMLIMIT=${GOMEMLIMIT:-6GiB}
RUNS=${RUNS:-runs}
n=${1:-2}
EDITION=${EDITION:-en}
case $EDITION in
en) base=models/opponents/walking-moon-advanced ;;
es) base=models/opponents/walking-moon-es-advanced ;;
*)
  echo "walking-moon.sh: EDITION=$EDITION: walking-moon has the editions en and es" >&2
  exit 2
  ;;
esac
case $n in
2) keep=0.15 holdout=() iterations=30 out=$base.safetensors ;;
3 | 4 | 5) keep=0.1 holdout=(--holdout 100) iterations=18 out=$base-p$n.safetensors ;;
*)
  echo "walking-moon.sh: $n players: walking-moon plays 2 to 5" >&2
  exit 2
  ;;
esac
P=players=$n,rules=advanced,edition=$EDITION
go build -o "$RUNS/moongym" ./cmd/moongym
# The self-play settings are stored in the run for "moongym train walking-moon --resume":
# 128 Gumbel games an iteration, a full search (16 simulations, recorded) on a quarter of the
# moves and a 4-simulation one on the rest; c_scale 0.1 keeps the improved policy near the
# prior; the evaluation (40 games, every 3 iterations) plays the searched network (32
# simulations) so best.safetensors is the best searched one.
S=kind=mlp,width=128,depth=2,games=128,parallel=32,gumbel=1,sims=16,cscale=0.1,fullprob=0.25,cheapsims=4,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4,evalsims=32,lr=0.0005
d=$RUNS/walking-moon-$EDITION-p$n
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate walking-moon --params $P --out "$d" --games "${GAMES:-3000}" --keep $keep --epochs 3 --seed 1 "${holdout[@]}" --train $S --quiet
/usr/bin/time -f "self-play: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" train walking-moon --out "$d" --resume --iterations "${2:-$iterations}" --quiet
"$RUNS/moongym" export "$d" --out $out --dtype auto   # F16 where the F32 file would exceed 4 MiB (models.MaxBuiltinBytes)
# Every walking-moon file ships Q8, made from that file (its tournaments replayed with it).
"$RUNS/moongym" export "$out" --out "$out" --dtype q8
if [ "${ARENA:-1}" = 0 ]; then
  exit 0
elif [ "$n" = 2 ]; then
  for a in "net:model=$d/best.safetensors" "az:model=$d/best.safetensors,sims=100"; do
    "$RUNS/moongym" arena walking-moon --params $P --agents "$a,heuristic" --games 200 --opening 4 --quiet
  done
else
  agents=az:model=$d/best.safetensors,sims=100
  for ((i = 1; i < n; i++)); do agents+=,heuristic; done
  "$RUNS/moongym" arena walking-moon --params $P --agents "$agents" --games 400 --opening 4 --quiet
fi

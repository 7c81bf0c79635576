#!/bin/bash
# The lunar-rally recipe (docs/benchmarks/learning.md, "lunar-rally"), one network per player
# count: an imitation of the expert player (the heuristic's planner previewing each program
# beside its guess of what the other players' rovers will do: `moongym arena lunar-rally
# --agents expert,heuristic` wins 0.606 [0.558, 0.653]) on 8,000 of its own games with 10%
# random moves, a share of each game's positions kept (--keep: about 47,000 positions), into an
# MLP 48x2 for 10 epochs; no self-play (every self-play run from an imitated lunar-rally
# network so far made it worse). The observation's Rating planes (per card, the expert's own
# score of its best program with the card) are what let the network play the expert's moves:
# without them the same imitation plays no better than one of the heuristic (raw 0.394).
#   2 players: 47,404 positions, 6.6 min of imitation at one core (beside other runs), then the
#     export and the strength test's tournaments: the raw network and az sims=100 against the
#     heuristic, 1,000 games each, 6 random opening decisions, seed 1.
#   4 players: --keep 0.025 (43,790 positions; 23 min wall, 733 s user beside two other runs),
#     then one az seat among three heuristics, 400 games (TestBuiltinStrength's tournament).
#   3 players: --keep 0.033 and an MLP 64x2 (44,553 positions; 7 min wall, 418 s user beside two
#     other runs), then one az seat among two heuristics, 400 games (48 wide, it was level with
#     them: learning.md).
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/lunar-rally.sh [players [scenario]]   (default 2 and green;
#   players 2, 3 or 4; scenario blue, green, red or yellow: another map than green gets its
#   own network, lunar-rally-SCENARIO[-pN].safetensors, the same recipe on that map)
# The same command on the same machine gives byte-identical model files (SOURCE_DATE_EPOCH pins
# the provenance date; every random draw is seeded). The settings after width and depth are the
# self-play settings a resumed run (moongym train --resume) would keep; imitation uses only the
# network's kind and size, batch, lr, wd and the seed.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-8GiB}  # peak resident memory 3.3-4 GB
RUNS=${RUNS:-runs}
n=${1:-2}
sc=${2:-green}
case $sc in
green) sfx= ;;
blue | red | yellow) sfx=-$sc ;;
*)
  echo "lunar-rally.sh: scenario $sc: blue, green, red or yellow" >&2
  exit 2
  ;;
esac
S=kind=mlp,width=48,depth=2,sims=32,fullprob=0.25,cheapsims=8,games=32,parallel=32,steps=20,minsamples=2000,buffer=10000,evalevery=4,evalgames=40,evalsims=32,evalopening=4
case $n in
2) P=() keep=0.05 ;;
3) P=(--params players=3) keep=0.033 S=${S/width=48/width=64} ;;
4) P=(--params players=4) keep=0.025 ;;
*)
  echo "lunar-rally.sh: $n players: the game takes 2 to 4" >&2
  exit 2
  ;;
esac
duel=1000   # green's 2-player tournament, declared at 1,000 games; the other maps' 400
if [ "$sc" != green ]; then
  P=(--params "players=$n,scenario=$sc") duel=400
  [ "$n" = 2 ] && P=(--params "scenario=$sc")
fi
name=lunar-rally$sfx
[ "$n" = 2 ] || name+=-p$n
d=$RUNS/$name out=models/opponents/$name.safetensors
go build -o "$RUNS/moongym" ./cmd/moongym
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys" \
  "$RUNS/moongym" imitate lunar-rally "${P[@]}" --expert --out "$d" --games 8000 --keep $keep --holdout 200 --epochs 10 --seed 1 --train "$S" --quiet
# Every lunar-rally file ships Q8. The green ones were made from their F16 files (F16 where the
# F32 file would exceed 4 MiB, their tournaments replayed with Q8); the other maps' straight from
# the run.
if [ "$sc" = green ]; then
  "$RUNS/moongym" export "$d" --out "$out" --dtype auto
  "$RUNS/moongym" export "$out" --out "$out" --dtype q8
else
  "$RUNS/moongym" export "$d" --out "$out" --dtype q8
fi
if [ "$n" = 2 ]; then
  for a in "net:model=$out" "az:model=$out,sims=100"; do
    "$RUNS/moongym" arena lunar-rally "${P[@]}" --agents "$a,heuristic" --games $duel --opening 6 --seed 1 --quiet
  done
else
  agents=az:model=$out,sims=100
  for ((i = 1; i < n; i++)); do agents+=,heuristic; done
  "$RUNS/moongym" arena lunar-rally "${P[@]}" --agents "$agents" --games 400 --opening 6 --seed 1 --quiet
fi

#!/bin/bash
# The march-mars learning recipe as far as it goes (cooperative, English, normal difficulty, 2 and
# 4 marines): an imitation warm start on 10,000 games of the heuristic team without random moves
# (--epsilon 0: random moves cost the recorded games two thirds of their wins), a share of each
# game's positions kept (--keep) so that the value head learns from thousands of won games, then
# the imitated network measured as a team, raw and under search, beside the heuristic team on the
# same games; then, for 2 marines, a DAgger round with a progress value target, the network
# shipped as models/opponents/march-mars-p2.safetensors (its team, az sims=400, wins 0.114
# [0.104, 0.124] of 4,000 games against the heuristic team's 0.085 [0.077, 0.094]). For 4 marines
# the heuristic's imitation stays level with the heuristic team, so the 4-marine model imitates
# the expert team instead (3,000 games, then a DAgger round labelled by the expert), shipped as
# models/opponents/march-mars-p4.safetensors (az sims=400: 0.127 [0.117, 0.138] of 4,000 games
# against 0.091 [0.083, 0.101]; docs/benchmarks/learning.md, "march-mars").
# Run from the repository root; RUNS (default runs/) receives the run directories.
# Usage: docs/benchmarks/learning/march-mars.sh [games]   (default 10,000 heuristic games per count)
# About 30 minutes on the loaded 2-core machine, plus the 2-marine 4,000-game tournament (1.9 hours at
# one core), then 47 minutes of 4-marine imitations and their tournament (82 minutes on both cores). The same command on the same machine gives the
# same networks (every random draw is seeded; SOURCE_DATE_EPOCH pins the provenance date of the
# model files).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-5GiB} # 57,000 (2 marines) and 44,000 (4) positions: 5.8 and 5.3 GB peak RSS
RUNS=${RUNS:-runs}
go build -o "$RUNS/moongym" ./cmd/moongym
# The self-play settings are stored in the run for "moongym train march-mars --resume" (the
# 10 Gumbel cscale=0.1 iterations of learning.md changed them with --train: no gain).
S=kind=mlp,width=128,depth=2,gumbel=1,sims=32,games=64,parallel=32,buffer=40000,steps=60,minsamples=2048,evalevery=2,evalgames=100,lr=0.0005
for n in 2 4; do
  d=$RUNS/march-mars-p$n
  keep=0.05
  if [ $n = 4 ]; then keep=0.025; fi
  rm -rf "$d"
  /usr/bin/time -f "imitate $n marines: %e s wall, %U s user, %M kB peak" \
    "$RUNS/moongym" imitate march-mars --params players=$n --out "$d" --games "${1:-10000}" --keep $keep --epsilon 0 --holdout 300 --epochs 10 --seed 1 --train $S --quiet
  for a in heuristic "net:model=$d/latest.safetensors" "az:model=$d/latest.safetensors,sims=100"; do
    "$RUNS/moongym" arena march-mars --params players=$n --agents "$a" --games 200 --quiet
  done
done
# 2 marines, the shipped network (models/opponents/march-mars-p2.safetensors): one DAgger round
# from the 2-marine network above (half of 20,000 games played by it, every decision labelled with
# the heuristic team's move), with the progress value target (margin=0.5,marginscale=4:
# marchmars.State.Standing); then TestBuiltinStrength's team tournaments: az sims=400 in both
# seats and the heuristic team, each on the same 4,000 game seeds (1.9 hours at one core).
d=$RUNS/march-mars-p2-dag
f=$RUNS/march-mars-p2.safetensors
shipped=models/opponents/march-mars-p2.safetensors
rm -rf "$d"
/usr/bin/time -f "DAgger round, 2 marines: %e s wall, %U s user, %M kB peak" \
  "$RUNS/moongym" imitate march-mars --params players=2 --out "$d" --games 20000 --keep 0.025 --epsilon 0 --holdout 300 --epochs 10 --seed 1 \
  --train $S,margin=0.5,marginscale=4 --follow "$RUNS/march-mars-p2/latest.safetensors" --follow-games 0.5 --quiet
"$RUNS/moongym" export "$d" --out "$f" --dtype auto   # F16 where the F32 file would exceed 4 MiB (models.MaxBuiltinBytes)
if [ -f "$shipped" ]; then
  cmp "$f" "$shipped" && echo "$f: identical to $shipped"
fi
for a in "az:model=$f,sims=400" heuristic; do
  "$RUNS/moongym" arena march-mars --params players=2 --agents "$a" --games 4000 --quiet
done
# 4 marines, the shipped network (models/opponents/march-mars-p4.safetensors): an imitation of the
# expert team (3,000 of its games on every core, --keep 0.08, the progress value target), then one
# DAgger round following it with the expert as the labeller; the export (F32: under 4 MiB); then
# the team tournaments on the same 4,000 game seeds (az sims=400: 82 minutes on 2 cores).
# The runs' absolute paths are part of the model's provenance: the shipped file was made with
# RUNS=/work/runs.
ABS=$(cd "$RUNS" && pwd)
rm -rf "$ABS/mmx-p4" "$ABS/mmx-dag-p4"
/usr/bin/time -f "expert imitation, 4 marines: %e s wall, %U s user, %M kB peak" \
  "$RUNS/moongym" imitate march-mars --params players=4 --out "$ABS/mmx-p4" --games 3000 --keep 0.08 --epsilon 0 --holdout 200 --epochs 10 --seed 1 \
  --train $S,margin=0.5,marginscale=4 --expert --parallel 2 --quiet
/usr/bin/time -f "DAgger round, 4 marines: %e s wall, %U s user, %M kB peak" \
  "$RUNS/moongym" imitate march-mars --params players=4 --out "$ABS/mmx-dag-p4" --games 3000 --keep 0.08 --epsilon 0 --holdout 200 --epochs 10 --seed 1 \
  --train $S,margin=0.5,marginscale=4 --expert --follow "$ABS/mmx-p4/latest.safetensors" --follow-games 0.5 --parallel 2 --quiet
f=$RUNS/march-mars-p4.safetensors
shipped=models/opponents/march-mars-p4.safetensors
"$RUNS/moongym" export "$ABS/mmx-dag-p4" --out "$f" --dtype auto
if [ -f "$shipped" ]; then
  cmp "$f" "$shipped" && echo "$f: identical to $shipped"
fi
for a in "az:model=$f,sims=400" heuristic; do
  "$RUNS/moongym" arena march-mars --params players=4 --agents "$a" --games 4000 --quiet
done

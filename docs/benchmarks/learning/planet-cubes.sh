#!/bin/bash
# The recipe of the planet-cubes built-in models (models/opponents/planet-cubes*.safetensors):
# an imitation warm start on games of the heuristic, then PUCT self-play from it; one model per
# player count. Run from the repository root; RUNS (default runs/) receives the run directories.
# Usage: docs/benchmarks/learning/planet-cubes.sh [player counts...]   (default: 3 4 5 6)
# The 2-player file is made by the game's recipe in one command (models/opponents/README.md):
#   SOURCE_DATE_EPOCH=1795478400 moongym train planet-cubes --out runs/pc --duration 1h
# The same command on the same machine gives byte-identical model files (SOURCE_DATE_EPOCH pins
# the provenance date; every random draw is seeded).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z, the provenance date of the shipped files
RUNS=${RUNS:-runs}
go build -o "$RUNS/moongym" ./cmd/moongym
S=kind=mlp,width=128,depth=3,games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=6,lr=0.0005
for p in "${@:-3 4 5 6}"; do
  for q in $p; do
    if [ "$q" = 2 ]; then
      echo "planet-cubes.sh: the 2-player model is made by: moongym train planet-cubes --out runs/pc --duration 1h" >&2
      exit 2
    fi
    it=12; [ "$q" = 2 ] && it=18; [ "$q" = 4 ] && it=24   # 4 players: 12 iterations left it level with the heuristic
    d=$RUNS/planet-cubes-p$q
    rm -rf "$d"
    # 4,000/q heuristic games (2,000 for 2 players): about the same number of positions per count.
    /usr/bin/time -f "imitate p$q: %e s wall, %U s user, %S s sys" \
      "$RUNS/moongym" imitate planet-cubes --params players=$q --out "$d" --games $((4000 / q)) --epochs 10 --seed 1 --train $S --quiet
    /usr/bin/time -f "train p$q: %e s wall, %U s user, %S s sys" \
      "$RUNS/moongym" train planet-cubes --out "$d" --resume --iterations $it --quiet
    f=models/opponents/planet-cubes-p$q.safetensors; [ "$q" = 2 ] && f=models/opponents/planet-cubes.safetensors
    "$RUNS/moongym" export "$d" --out "$f" --dtype auto   # F16 where the F32 file would exceed 4 MiB (models.MaxBuiltinBytes)
  done
done

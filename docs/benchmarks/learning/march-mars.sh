#!/bin/bash
# The march-mars learning recipe as far as it goes (cooperative, English, normal difficulty, 2 and
# 4 marines): an imitation warm start on games of the heuristic team, then the imitated network
# measured as a team, raw and under search, beside the heuristic team on the same games. It does
# not beat the heuristic team yet, so nothing is exported to models/opponents/
# (docs/benchmarks/learning.md, "march-mars: why imitation fell short").
# Run from the repository root; RUNS (default runs/) receives the run directories.
# Usage: docs/benchmarks/learning/march-mars.sh [games]   (default 300 heuristic games per count)
# The same command on the same machine gives the same networks (every random draw is seeded;
# SOURCE_DATE_EPOCH pins the provenance date of the model files).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-4GiB} # 300 games are 33,000 (2 marines) to 51,000 (4) positions of 26-28 kB
RUNS=${RUNS:-runs}
go build -o "$RUNS/moongym" ./cmd/moongym
# The self-play settings are stored in the run for "moongym train march-mars --resume"
# (8 iterations of them measured in learning.md: no gain).
S=kind=mlp,width=128,depth=2,gumbel=1,sims=32,games=64,parallel=32,buffer=40000,steps=60,minsamples=2048,evalevery=2,evalgames=100,lr=0.0005
for n in 2 4; do
  d=$RUNS/march-mars-p$n
  rm -rf "$d"
  /usr/bin/time -f "imitate $n marines: %e s wall, %U s user, %S s sys" \
    "$RUNS/moongym" imitate march-mars --params players=$n --out "$d" --games "${1:-300}" --epochs 10 --seed 1 --train $S --quiet
  for a in heuristic "net:model=$d/latest.safetensors"; do
    "$RUNS/moongym" arena march-mars --params players=$n --agents "$a" --games 400 --quiet
  done
  "$RUNS/moongym" arena march-mars --params players=$n --agents "az:model=$d/latest.safetensors,sims=100" --games 200 --quiet
done

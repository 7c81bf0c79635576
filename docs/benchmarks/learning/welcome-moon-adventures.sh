#!/bin/bash
# The welcome-moon recipe for Adventures 2-4 with 2 to 6 players (docs/benchmarks/learning.md,
# "welcome-moon, Adventures 2-4 with other seats"): an imitation of the heuristic on its own
# games, a twentieth of each game's positions kept (--keep 0.05), into an MLP 256x2 for 3 epochs,
# and nothing more: with the observation's turn lookahead (played on the observer's view of the
# turn, engine/welcomemoon/lookahead.go) the imitated network already beats the heuristic under
# search. Then the export, and the tournaments of TestBuiltinStrength: 2 players, az sims=100 and
# the raw network each against the heuristic (400 games, 6 random opening decisions, seed 1);
# more, one searched seat among heuristics, seats rotated (the same). The self-play settings are
# stored in the run for "moongym train welcome-moon --resume" (not used by the recipe).
# Run from the repository root; RUNS (default runs/) receives the run directory and the model
# file; where a shipped file exists, the script says whether the new one is identical.
# Usage: docs/benchmarks/learning/welcome-moon-adventures.sh ADVENTURE PLAYERS [ITERATIONS [SETTINGS]]
#   ADVENTURE 2-4, PLAYERS 2-6; 20,000 games with 2 players, 12,000 with more. ITERATIONS (default
#   0) Gumbel self-play iterations after the imitation, with the stored settings (c_scale 0.1, 128
#   games an iteration, 32 simulations on a quarter of the moves, 8 on the rest; with 3-6 players
#   an evaluation every 4 and the best evaluated network exported, with 2 none and the latest).
#   SETTINGS (optional) are more self-play settings for those iterations, e.g. lr=0.00025 (the
#   shipped welcome-moon-a2-p2: "2 2 50 lr=0.00025").
# Adventure 3 imitates the expert player instead (moongym imitate --expert: the heuristic judging
# each end of turn by State.ExpertValue, which also reads the quarters, missions and astronaut
# race on their way; its lookahead block is the expert's own rating): imitating the heuristic,
# Adventure 3 stayed level at 2 and 4-6 players under every lever tried (learning.md).
# The same command on the same machine gives byte-identical model files (SOURCE_DATE_EPOCH pins
# the provenance date; every random draw is seeded).
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-5GiB}
RUNS=${RUNS:-runs}
usage="usage: welcome-moon-adventures.sh ADVENTURE(2-4) PLAYERS(2-6) [ITERATIONS [SETTINGS]]"
A=${1:?$usage}
n=${2:?$usage}
it=${3:-0}
extra=${4:-}
case "$it" in '' | *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac
case "$A" in 2 | 3 | 4) ;; *) echo "$usage" >&2; exit 2 ;; esac
case "$n" in
2) games=20000 holdout=200 ;;
3 | 4 | 5 | 6) games=12000 holdout=100 ;;
*) echo "$usage" >&2; exit 2 ;;
esac
P=adventure=$A,players=$n
X=()
if [ "$A" = 3 ]; then X=(--expert); fi   # Adventure 3: the expert is the teacher (see above)
S=kind=mlp,width=256,depth=2,lr=0.0005,games=128,parallel=32,gumbel=1,sims=32,cscale=0.1,fullprob=0.25,cheapsims=8,buffer=40000,steps=80,minsamples=2048,evalevery=4,evalgames=40,evalopening=6
d=$RUNS/welcome-moon-a$A-p$n
f=$RUNS/welcome-moon-a$A-p$n.safetensors
shipped=models/opponents/welcome-moon-a$A-p$n.safetensors   # only where it met the bar
go build -o "$RUNS/moongym" ./cmd/moongym
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys, %M kB peak RSS" \
  "$RUNS/moongym" imitate welcome-moon --params $P "${X[@]}" --out "$d" --games $games --keep 0.05 --holdout $holdout --epochs 3 --seed 1 --train $S --quiet
if [ "$it" -gt 0 ]; then
  T=()
  if [ "$n" = 2 ]; then T=(--train evalevery=0${extra:+,$extra}); elif [ -n "$extra" ]; then T=(--train "$extra"); fi
  /usr/bin/time -f "train: %e s wall, %U s user, %S s sys, %M kB peak RSS" \
    "$RUNS/moongym" train welcome-moon --out "$d" --resume --iterations "$it" --quiet "${T[@]}"
fi
"$RUNS/moongym" export "$d" --out "$f" --dtype auto   # F16 where the F32 file would exceed 4 MiB (models.MaxBuiltinBytes)
if [ -f "$shipped" ]; then   # imitations alone, but the 2-player files: 50 iterations (a2-p2 with lr=0.00025)
  if cmp -s "$f" "$shipped"; then echo "$f: identical to $shipped"; else echo "$f: differs from $shipped (made with other ITERATIONS or SETTINGS?)"; fi
fi
if [ "$n" = 2 ]; then
  for a in "net:model=$f" "az:model=$f,sims=100"; do
    "$RUNS/moongym" arena welcome-moon --params $P --agents "$a,heuristic" --games 400 --opening 6 --seed 1 --quiet
  done
else
  agents=az:model=$f,sims=100
  for ((i = 1; i < n; i++)); do agents+=,heuristic; done
  "$RUNS/moongym" arena welcome-moon --params $P --agents "$agents" --games 400 --opening 6 --seed 1 --quiet
fi

#!/bin/bash
# The welcome-moon recipe for Adventures 5-8 (docs/benchmarks/learning.md, "welcome-moon,
# Adventures 5-8"): one 2-player network per adventure, made by the one-command trainer
# (training/recipes.go: an imitation of the heuristic on 20,000 of its games, a twentieth of
# their positions kept, MLP 256x2, 3 epochs, with the observation's turn lookahead; then 100
# Gumbel self-play iterations at c_scale 0.1, 128 games an iteration, 32 simulations on a
# quarter of the moves and 8 on the rest, the latest network exported), stored Q8. Adventure
# 5's run was made in three steps (the imitation, 50 iterations, 50 more, the evaluations every
# 8 and then 10 iterations); the script runs the recipe in one. The same
# network can play 3 to 6 players through the seat view (models/seatview.go: it reads the
# observer's sheet, the next seat's and the global section), recorded as covered
# configurations (--covers) only where it was measured above the bar. Solo against ASTRA is its own
# network (welcome-moon-solo.sh's recipe, by the one-command trainer: 10,000 solo games, 0.3
# of their positions, no self-play).
# Then TestBuiltinStrength's tournaments for the file: the duel (400 games, 6 random opening
# decisions, seed 1, az sims=100 and the raw network), and one az seat among heuristics for
# each covered player count (400 games); solo, az and the heuristic on the same 400 seeds.
# With "seats": one 3-player network for 3 to 6 players, the recipe for 3 players (training/
# recipes.go). Adventures 5, 6 and 8: an imitation of the heuristic on 12,000 three-player games,
# a twentieth of their positions, MLP 256x2, 3 epochs, then 100 Gumbel self-play iterations (as
# the 2-player recipe's), the latest network; the file is exported with --covers for 4-6
# players (the seat view), and the shipped file covers only the counts that held (Adventures 5 and
# 8: all). Adventure 7: the imitation over its mix of the player counts ('players=3|4|5|6', the 4-
# to 6-player games recorded through the seat view: docs/training.md, "One network over several
# configurations"), no self-play; the run's file lists 4-6 players (the mix).
# Staged as models/opponents/welcome-moon-aA-p3, the file plays the tournaments of all four
# counts.
# Run from the repository root; RUNS (default runs/) receives the run directories and files.
# Usage: docs/benchmarks/learning/welcome-moon-a5-a8.sh ADVENTURE [solo|seats]
# The imitation's games, the self-play and the export are seeded (SOURCE_DATE_EPOCH pins the
# provenance date): the same command on the same machine gives the same file.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-5GiB}
RUNS=${RUNS:-runs}
usage="usage: welcome-moon-a5-a8.sh ADVENTURE(5-8) [solo|seats]"
A=${1:?$usage}
case "$A" in 5 | 6 | 7 | 8) ;; *) echo "$usage" >&2; exit 2 ;; esac
go build -o "$RUNS/moongym" ./cmd/moongym
if [ "${2:-}" = solo ]; then
  d=$RUNS/welcome-moon-solo-a$A
  f=$RUNS/welcome-moon-solo-a$A.safetensors
  rm -rf "$d"
  "$RUNS/moongym" train welcome-moon --params adventure=$A,players=1 --out "$d" --seed 1 --duration 2h --quiet
  "$RUNS/moongym" export "$d" --out "$f" --dtype q8
  only="^welcome-moon-solo-a$A.safetensors"
elif [ "${2:-}" = seats ]; then
  d=$RUNS/welcome-moon-a$A-p3
  f=$RUNS/welcome-moon-a$A-p3.safetensors
  rm -rf "$d"
  "$RUNS/moongym" train welcome-moon --params adventure=$A,players=3 --out "$d" --seed 1 --duration 6h --quiet   # the recipe: Adventure 7's mix, the others' 100 iterations
  if [ "$A" = 7 ]; then
    "$RUNS/moongym" export "$d" --out "$f" --dtype q8
  else
    "$RUNS/moongym" export "$d" --out "$f" --dtype q8 --covers players=4 --covers players=5 --covers players=6
  fi
  only="^welcome-moon-a$A-p3.safetensors"
elif [ -n "${2:-}" ]; then
  echo "$usage" >&2
  exit 2
else
  d=$RUNS/welcome-moon-a$A-p2
  f=$RUNS/welcome-moon-a$A-p2.safetensors
  rm -rf "$d"
  # The recipe: its imitation, then its 100 self-play iterations (evalevery=8,keeplatest=1);
  # Adventure 7's recipe is its imitation alone. ITERATIONS sets another length: the measured
  # Adventure 7 run has 104.
  if [ -n "${ITERATIONS:-}" ]; then
    "$RUNS/moongym" train welcome-moon --params adventure=$A --out "$d" --seed 1 --iterations "$ITERATIONS" --quiet
  else
    "$RUNS/moongym" train welcome-moon --params adventure=$A --out "$d" --seed 1 --duration 6h --quiet   # the recipe's length ends it first
  fi
  # The seat view with 3-6 players is measured by the same export with "--covers players=3"
  # (and 4, 5, 6) and the strength test below: Adventure 5's was under the bar, so its file
  # covers none.
  "$RUNS/moongym" export "$d" --out "$f" --dtype q8
  only="^welcome-moon-a$A-p2.safetensors"
fi
shipped=models/opponents/$(basename "$f")
if [ -f "$shipped" ]; then
  if cmp -s "$f" "$shipped"; then echo "$f: identical to $shipped"; else echo "$f: differs from $shipped"; fi
  go test ./agents/netagent -run 'TestBuiltinStrength$' -timeout 0 -v -args -strength -strength.only "$only"
fi

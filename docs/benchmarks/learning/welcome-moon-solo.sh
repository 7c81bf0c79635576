#!/bin/bash
# The recipe of the solo welcome-moon built-in models (one per adventure:
# models/opponents/welcome-moon-solo-aN.safetensors; players=1 against ASTRA level 1;
# docs/benchmarks/learning.md, "welcome-moon, solo"): an imitation of the heuristic on 40,000
# of its solo games (10,000 in Adventures 2-4) of which --keep records a share of each
# game's positions (0.12 in Adventure 1, 0.3 in 2-4: 190,000-360,000 positions,
# peak RSS 5.1-6.3 GB with GOMEMLIMIT=5GiB), with the observation's decision features (and,
# in Adventures 2-4, its turn lookahead: engine/welcomemoon/lookahead.go), into
# an MLP 256x2 for 3 epochs, with a value target half the result against ASTRA and half tanh((score - ASTRA's score) / 20)
# (margin=0.5,marginscale=20: denser than the win or loss, which the heuristic gets in under a
# fifth of its Adventure 1 games); a 400-game held-out curve; no self-play. Then the export of
# the network (into $RUNS; compared byte for byte with the shipped file where there is one)
# and the two tournaments of the bar, on the same 400 game seeds: az:model=FILE,sims=100
# and the heuristic, each alone against ASTRA (win rate and mean score).
# Run from the repository root; RUNS (default runs/) receives the run directory.
# Usage: docs/benchmarks/learning/welcome-moon-solo.sh ADVENTURE   (1-4)
# The same command on the same machine gives a byte-identical model file (every random draw
# is seeded; SOURCE_DATE_EPOCH pins the provenance date): the Adventure 1 imitation and export,
# run again in a fresh directory, gave the shipped file byte for byte (549 s wall, 298 s user,
# peak RSS 6.1 GB). With GOMAXPROCS=1 on the shared machine
# (load 3-6): imitation 8 min wall, 295 s user (Adventure 1), 13.5 min, 286 s user (Adventure
# 2), 191 s wall, 178 s user, peak RSS 5.3 GB (Adventure 3, at load 1-3); the az tournament
# 5-8 min in Adventure 1, about 35 min in Adventure 2; in Adventure 3 both tournaments
# together 34 min wall, 25 min user, nearly all of it az (the lookahead is computed at
# every observation of the search); Adventure 4: imitation 245 s wall, 142 s user, the az
# tournament about 16 min of CPU. Adventures 1 to 4 are shipped; each file was made twice
# by these commands, byte for byte (A2's once the provenance
# listed the marginahead setting added after its first export). The two tournaments are TestBuiltinStrength's solo ones
# (the same arena.Run, seed 1, no opening): with the shipped file, the same numbers.
set -euo pipefail
export SOURCE_DATE_EPOCH=1795478400   # 2026-11-24T00:00:00Z
export GOMEMLIMIT=${GOMEMLIMIT:-5GiB}
RUNS=${RUNS:-runs}
A=${1:?usage: welcome-moon-solo.sh ADVENTURE}
case "$A" in   # games and kept share: 190,000-360,000 positions in memory
1) GAMES=40000 KEEP=0.12 ;;
2 | 3 | 4) GAMES=10000 KEEP=0.3 ;;   # with the lookahead, 10,000 games suffice (A2: raw net level with the heuristic)
*) echo "adventure $A: 1-4" >&2; exit 2 ;;
esac
P=players=1,adventure=$A
go build -o "$RUNS/moongym" ./cmd/moongym
# The 2-player recipe's settings (welcome-moon.sh) with the score margin; the self-play ones
# are stored for a "moongym train welcome-moon --out DIR --resume".
S=kind=mlp,width=256,depth=2,lr=0.0005,margin=0.5,marginscale=20,games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4
d=$RUNS/welcome-moon-solo-a$A
f=$RUNS/welcome-moon-solo-a$A.safetensors
shipped=models/opponents/welcome-moon-solo-a$A.safetensors   # only where it met the bar
rm -rf "$d"
/usr/bin/time -f "imitate: %e s wall, %U s user, %S s sys, %M kB peak RSS" \
  "$RUNS/moongym" imitate welcome-moon --params $P --out "$d" --games $GAMES --keep $KEEP --holdout 400 --epochs 3 --seed 1 --train $S --quiet
"$RUNS/moongym" export "$d" --out "$f" --dtype auto   # F16 where the F32 file would exceed 4 MiB (models.MaxBuiltinBytes)
if [ -f "$shipped" ]; then
  cmp "$f" "$shipped" && echo "$f: identical to $shipped"
fi
for a in "az:model=$f,sims=100" heuristic; do
  "$RUNS/moongym" arena welcome-moon --params $P --agents "$a" --games 400 --seed 1 --quiet | sed -n 3p
done

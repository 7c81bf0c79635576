#!/bin/sh
# CPU seconds per operation of a benchmark, from the user+system CPU time of
# two runs of the test binary with fixed iteration counts (1 and N; the
# testing package runs one iteration first either way): the difference over
# N leaves out start-up and set-up. CPU time, unlike wall
# time, hardly moves when other processes load the machine.
#
#   cputime.sh BINARY BENCH-REGEXP N [ENV=VALUE...]
#
# prints BENCH-REGEXP, N and the CPU microseconds per iteration.
set -eu
bin=$1 bench=$2 n=$3
shift 3
cpu() {
	env "$@" /usr/bin/time -f '%U %S' "$bin" -test.run '^$' -test.bench "$bench" -test.benchtime "${iters}x" 2>&1 >/dev/null |
		tail -1 | awk '{print $1 + $2}'
}
iters=1
one=$(cpu "$@")
iters=$n
many=$(cpu "$@")
echo "$bench $n $(echo "$many $one $n" | awk '{printf "%.1f", ($1 - $2) / $3 * 1e6}')"

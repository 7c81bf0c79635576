#!/bin/sh
S=$(cd "$(dirname "$0")" && pwd)/cputime.sh
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root" && go test -c -o /tmp/newmodels.test ./models/ && go test -c -o /tmp/newtraining.test ./training/
cd "$root/models"
$S /tmp/newmodels.test '^BenchmarkPeak$' 20000
for net in tictactoe lunar-rally; do
  case $net in tictactoe) p1=20000 p64=2000 t1=2000 t64=200;; lunar-rally) p1=1000 p64=30 t1=100 t64=4;; esac
  $S /tmp/newmodels.test "^BenchmarkConvInference\$/$net/predictor/batch1\$" $p1
  $S /tmp/newmodels.test "^BenchmarkConvInference\$/$net/tape/batch1\$" $t1
  $S /tmp/newmodels.test "^BenchmarkConvInference\$/$net/predictor/batch64\$" $p64
  $S /tmp/newmodels.test "^BenchmarkConvInference\$/$net/tape/batch64\$" $t64
done
cd "$root/training"
for c in tictactoe-conv:30:100 planet-cubes-mlp:30:100 tictactoe-mlp64:300:600; do
  name=${c%%:*}; rest=${c#*:}; ng=${rest%%:*}; nk=${rest#*:}
  $S /tmp/newtraining.test "^BenchmarkLearnerStep\$/$name/blas=gonum\$" $ng
  $S /tmp/newtraining.test "^BenchmarkLearnerStep\$/$name/blas=kernels\$" $nk
done

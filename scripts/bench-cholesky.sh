#!/usr/bin/env bash
# Runs benchmarks/cholesky REPS times (default 5) per configuration and prints the tables of
# docs/benchmarks.md: every version forced (OMP_SELECT=fixed:<i>, to find the best single
# version), then the policies with their default parameters and a sweep of UCB's k and Mean's
# repetitions; runs of all configurations interleaved; mean, 99.7% confidence interval, median,
# and % over the best single version of the same run.
#   SIZES="2048:256"  THREADS="1 2"  REPS=5  scripts/bench-cholesky.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

REPS=${REPS:-5}
SIZES=${SIZES:-2048:256}
THREADS=${THREADS:-"1 $(nproc)"}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/cholesky
mkdir -p "$out"
bench_compile cholesky "$out/cholesky" -ldl -lm
openblas_coretype

configs=(fixed:0 fixed:1 fixed:2 fixed:3 mean ucb gb "ucb OMP_UCB=1" "ucb OMP_UCB=4"
         "mean OMP_MEAN_REPS=1" "mean OMP_MEAN_REPS=2")
for size in $SIZES; do
  n=${size%:*} b=${size#*:}
  results=$out/results-$n-$b.tsv
  : >"$results"
  for ((r = 0; r < REPS; r++)); do
    for t in $THREADS; do
      for c in "${configs[@]}"; do
        set -- $c
        line=$(env OMP_NUM_THREADS="$t" OMP_SELECT="$1" "${@:2}" "$out/cholesky" "$n" "$b")
        secs=$(echo "$line" | sed -n 's/.*: \([0-9.]*\) s,.*/\1/p')
        [ -n "$secs" ] || die "unexpected output: $line"
        printf '%s\t%s\t%s\n' "$c" "$t" "$secs" >>"$results"
      done
    done
  done
  echo "## Cholesky n=$n block=$b ($REPS runs per configuration)"
  echo "fixed:0..3 = OpenBLAS, BLIS, reference BLAS, plain loops"
  "$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" table "$results"
done

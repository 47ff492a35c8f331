#!/usr/bin/env bash
# Compile time of a file with N multi-version defines of one task type (default 219, as thesis
# 000's Table 4.4) against the same file with N plain tasks (benchmarks/compile-time/gen.py),
# with MVOMP's clang -fopenmp -O2 -c. Runs alternate; prints the medians of REPS (default 7)
# runs and their ratio, the table of docs/performance.md.
set -euo pipefail
. "$(dirname "$0")/common.sh"

REPS=${REPS:-7}
N=${N:-219}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/compile-time
mkdir -p "$out"
for mode in plain versions; do
  "$PYTHON" "$MVOMP_ROOT/benchmarks/compile-time/gen.py" "$mode" "$N" >"$out/$mode.c"
done
now() { date +%s.%N; }
declare -A samples
for ((r = 0; r < REPS; r++)); do
  for mode in plain versions; do
    t0=$(now)
    "$MVOMP_PREFIX/bin/clang" -fopenmp -O2 -c "$out/$mode.c" -o "$out/$mode.o"
    t1=$(now)
    samples[$mode]+="$(awk -v a="$t1" -v b="$t0" 'BEGIN { print a - b }') "
  done
done
p=$(echo "${samples[plain]}" | median)
v=$(echo "${samples[versions]}" | median)
echo "| file (clang -fopenmp -O2 -c) | seconds (median of $REPS) | ratio |"
echo "|---|---|---|"
printf '| %d plain tasks | %.3f | 1.00 |\n' "$N" "$p"
printf '| %d defines of one type + 1 run | %.3f | %.2f |\n' "$N" "$v" "$(ratio "$v" "$p")"

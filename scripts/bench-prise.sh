#!/usr/bin/env bash
# The PRISE experiment of paper 003 (benchmarks/prise): dgemm on random sizes with four
# implementations, the runtime choosing per size class. Runs every policy with each number of
# size classes per octave, once per seed, and prints the accuracy and the time lost against the
# per-size oracle, per window of launches (docs/benchmarks.md).
#   LAUNCHES=400  REPS=5 (seeds)  CLASSES="0 2"  POLICIES="mean ucb ts gb"  scripts/bench-prise.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

LAUNCHES=${LAUNCHES:-400}
REPS=${REPS:-5}
CLASSES=${CLASSES:-"0 2"}
POLICIES=${POLICIES:-"mean ucb ts gb"}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/prise
rm -rf "$out" && mkdir -p "$out/runs"
bench_compile prise "$out/prise" -ldl -lm
openblas_coretype
for ((seed = 1; seed <= REPS; seed++)); do
  for p in $POLICIES; do
    for c in $CLASSES; do
      OMP_SELECT=$p "$out/prise" "$LAUNCHES" "$c" "$seed" >"$out/runs/$p-$c-$seed.txt"
    done
  done
done
runs=("$out"/runs/*.txt)
head -2 "${runs[0]}" # the setting and the oracle of one run
"$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" prise "$out"/runs/*.txt

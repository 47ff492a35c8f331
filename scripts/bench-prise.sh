#!/usr/bin/env bash
# The PRISE experiment of paper 003 (benchmarks/prise): dgemm on random sizes with four
# implementations, the runtime choosing per size class. Runs every policy with each number of
# size classes per octave, once per seed, and prints the accuracy and the time lost against the
# per-size oracle, per window of launches (docs/benchmarks.md).
#   LAUNCHES=400  REPS=5 (seeds)  CLASSES="0 2"  POLICIES="mean ucb ts gb"  scripts/bench-prise.sh
# SECOND=1 measures the program's second run on this machine: before each timed run, one untimed
# run with another seed (other sizes in another order) fills a fresh model store
# (OMP_SELECT_MODELS, docs/runtime.md), which the timed run starts from. Otherwise the store is
# off and every run learns from nothing.
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
      store=off
      if [ "${SECOND:-0}" = 1 ]; then
        store=$out/store-$p-$c-$seed
        rm -rf "$store" && mkdir -p "$store"
        OMP_SELECT=$p OMP_SELECT_MODELS=$store "$out/prise" "$LAUNCHES" "$c" $((seed + 1000)) \
          >/dev/null
      fi
      OMP_SELECT=$p OMP_SELECT_MODELS=$store "$out/prise" "$LAUNCHES" "$c" "$seed" \
        >"$out/runs/$p-$c-$seed.txt"
    done
  done
done
runs=("$out"/runs/*.txt)
head -2 "${runs[0]}" # the setting and the oracle of one run
"$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" prise "$out"/runs/*.txt

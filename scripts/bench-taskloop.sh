#!/usr/bin/env bash
# The taskloop benchmark of thesis 004 (benchmarks/taskloop) at sizes 128 to 1024, on MVOMP's
# libomp and on unpatched upstream libomp 19.1.7 built the same way (the baseline ERASE will be
# measured against): median of REPS runs each, interleaved, and the ratio (docs/benchmarks.md).
#   SIZES="128 256 512 1024"  ITERATIONS=100  REPS=5  THREADS=$(nproc)  scripts/bench-taskloop.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

SIZES=${SIZES:-"128 256 512 1024"}
ITERATIONS=${ITERATIONS:-100}
REPS=${REPS:-5}
THREADS=${THREADS:-$(nproc)}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
pristine=$("$MVOMP_ROOT/scripts/upstream-baseline.sh" --build)
out=$MVOMP_ROOT/build/bench/taskloop
mkdir -p "$out"
bench_compile taskloop "$out/taskloop" -lm
echo "| n | iterations | upstream libomp (ms per iteration, median of $REPS) | MVOMP libomp | ratio |"
echo "|---|---|---|---|---|"
for n in $SIZES; do
  up="" mv=""
  for ((r = 0; r < REPS; r++)); do
    for lib in "$pristine" "$MVOMP_PREFIX/lib"; do
      line=$(LD_LIBRARY_PATH=$lib OMP_NUM_THREADS=$THREADS "$out/taskloop" "$n" "$ITERATIONS")
      ms=$(echo "$line" | sed -n 's/.* s, \([0-9.]*\) ms per iteration.*/\1/p')
      [ -n "$ms" ] || die "unexpected output: $line"
      if [ "$lib" = "$pristine" ]; then up+="$ms "; else mv+="$ms "; fi
    done
  done
  u=$(echo "$up" | median) m=$(echo "$mv" | median)
  printf '| %s | %s | %s | %s | %.3f |\n' "$n" "$ITERATIONS" "$u" "$m" "$(ratio "$m" "$u")"
done

#!/usr/bin/env bash
# Measures the cost of tasks with and without versions (benchmarks/overhead) and prints the
# tables of docs/performance.md: median of REPS runs (default 7) per configuration, runs of all
# configurations interleaved, ratios against the baseline measured in the same run.
#   baseline 1: ordinary tasks on unpatched upstream libomp 19.1.7 built the same way
#               (scripts/upstream-baseline.sh --build), same binary, LD_LIBRARY_PATH;
#   baseline 2: ordinary tasks on MVOMP's libomp, for multi-version tasks.
set -euo pipefail
. "$(dirname "$0")/common.sh"

REPS=${REPS:-9}
TASKS=${TASKS:-1000000}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
pristine=$("$MVOMP_ROOT/scripts/upstream-baseline.sh" --build)
out=$MVOMP_ROOT/build/bench
mkdir -p "$out"
bench_compile overhead "$out/overhead"

configs=("plain upstream" "plain mvomp")
for k in 1 2 4 8 16 64 219; do configs+=("versions $k"); done
declare -A samples
for threads in 1 2; do
  for ((r = 0; r < REPS; r++)); do
    for c in "${configs[@]}"; do
      set -- $c
      n=$TASKS
      [ "$1" = versions ] && [ "$2" -gt 8 ] && n=$((TASKS * 8 / $2))
      if [ "$1" = plain ]; then
        lib=$MVOMP_PREFIX/lib; [ "$2" = upstream ] && lib=$pristine
        v=$(LD_LIBRARY_PATH=$lib OMP_NUM_THREADS=$threads "$out/overhead" plain "$n")
      else
        v=$(OMP_NUM_THREADS=$threads "$out/overhead" versions "$2" "$n")
      fi
      samples["$threads/$c"]+="$v "
    done
  done
done

echo "| threads | tasks | ns per task (median of $REPS) | ratio |"
echo "|---|---|---|---|"
for threads in 1 2; do
  base_up=$(echo "${samples["$threads/plain upstream"]}" | median)
  base=$(echo "${samples["$threads/plain mvomp"]}" | median)
  printf '| %s | ordinary, upstream libomp 19.1.7 | %.1f | 1.000 |\n' "$threads" "$base_up"
  printf '| %s | ordinary, MVOMP libomp | %.1f | %.3f vs upstream |\n' "$threads" "$base" "$(ratio "$base" "$base_up")"
  two=$(echo "${samples["$threads/versions 2"]}" | median)
  for k in 1 2 4 8 16 64 219; do
    m=$(echo "${samples["$threads/versions $k"]}" | median)
    extra=""
    [ "$k" -gt 2 ] && extra=$(printf ', +%.1f ns per version beyond 2' "$(awk -v m="$m" -v t="$two" -v k="$k" 'BEGIN { print (m - t) / (k - 2) }')")
    printf '| %s | %d version%s | %.1f | %.2f vs ordinary MVOMP%s |\n' "$threads" "$k" "$( [ "$k" = 1 ] || echo s)" "$m" "$(ratio "$m" "$base")" "$extra"
  done
done

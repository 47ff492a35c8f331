#!/usr/bin/env bash
# ERASE's offline models measured on the taskloop benchmark (docs/erase.md, "Interpolation
# measured"), as thesis 004's tables 5.4-5.5: for each size, the models are fitted (erase-fit) on
# the performance tables dumped by runs at the OTHER sizes, then asked to predict every width >= 2
# of this size's taskloops from their width-1 time alone; the relative RMSE per class and model.
#   SIZES="128 256 512 1024" RUNS=2 scripts/bench-erase-models.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

SIZES=${SIZES:-"128 256 512 1024"}
RUNS=${RUNS:-2}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/erase-models
mkdir -p "$out"
bench_compile taskloop "$out/taskloop" -lm
cmake -S "$MVOMP_ROOT" -B "$MVOMP_ROOT/build" -G Ninja -DMVOMP_PREFIX="$MVOMP_PREFIX" \
  -DCMAKE_C_COMPILER="$MVOMP_PREFIX/bin/clang" -DCMAKE_CXX_COMPILER="$MVOMP_PREFIX/bin/clang++" \
  >/dev/null
cmake --build "$MVOMP_ROOT/build" --target erase-fit >/dev/null
fit=$MVOMP_ROOT/build/erase-fit
iterations() { case $1 in 128) echo 200 ;; 256) echo 100 ;; 512) echo 20 ;; *) echo 5 ;; esac; }
for n in $SIZES; do
  for ((r = 0; r < RUNS; r++)); do
    OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_DEFER=off OMP_ERASE_CLUSTERS="all:0-$(($(nproc) - 1))" \
      OMP_ERASE_STATS="$out/n$n-$r.csv" "$out/taskloop" "$n" "$(iterations "$n")" >/dev/null
  done
done
echo "| n (predicted) | fitted on | class | model | predictions | relative RMSE |"
echo "|---|---|---|---|---|---|"
for n in $SIZES; do
  others=() names=()
  for m in $SIZES; do [ "$m" = "$n" ] || { others+=("$out"/n"$m"-*.csv); names+=("$m"); }; done
  "$fit" --out "$out/without-$n.model" "${others[@]}" 2>/dev/null
  "$fit" --check "$out/without-$n.model" "$out"/n"$n"-*.csv | tail -n +2 |
    while IFS=, read -r cls model count rmse; do
      printf '| %s | %s | %s | %s | %s | %.3f |\n' "$n" "${names[*]}" "$cls" "$model" "$count" "$rmse"
    done
done

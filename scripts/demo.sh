#!/usr/bin/env bash
# MVOMP's main demo: builds the toolchain if needed (first time: ~50 minutes on 2 cores), compiles
# a task-parallel program with the installed clang and runs it on MVOMP's libomp, then lets the
# runtime choose between two versions of a task (benchmarks/demo/versions_demo.c) and compares
# its choice with each version alone; last, the tiled Cholesky with four BLAS versions per kernel
# (benchmarks/cholesky), chosen by UCB, with a summary per kernel and a Gantt chart of its trace,
# and what the model store carries from one run to the next.
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$MVOMP_ROOT/scripts/build.sh"
out=$MVOMP_ROOT/build/demo
mkdir -p "$out"
src=$MVOMP_ROOT/benchmarks/demo/tiled_tasks.c
msg "compiling $src with $MVOMP_PREFIX/bin/clang -O2 -fopenmp"
"$MVOMP_PREFIX/bin/clang" -O2 -fopenmp "$src" -lm -o "$out/tiled_tasks"
msg "it links this project's libomp: $(ldd "$out/tiled_tasks" | grep libomp | sed 's/ (0x.*//;s/^[[:space:]]*//')"
msg "OpenMP environment as the runtime reports it (OMP_DISPLAY_ENV=true):"
OMP_DISPLAY_ENV=true OMP_NUM_THREADS=1 "$out/tiled_tasks" 2 16 2>&1 >/dev/null | grep -E "_OPENMP|MVOMP|BEGIN|END"
for t in 1 $(nproc); do
  OMP_NUM_THREADS=$t "$out/tiled_tasks" "$@"
done

msg "multi-version tasks: two versions of a 96x96 matrix product, chosen by the runtime"
"$MVOMP_PREFIX/bin/clang" -O2 -fopenmp "$MVOMP_ROOT/benchmarks/demo/versions_demo.c" -o "$out/versions_demo"
cd "$out"
for sel in fixed:matmul_ijk fixed:matmul_ikj ucb; do
  printf '  OMP_SELECT=%-18s ' "$sel"
  OMP_SELECT=$sel ./versions_demo 300
done
msg "what OMP_SELECT=ucb did ($out/stats.csv; columns in docs/runtime.md):"
awk -F, 'NR > 1 { gsub(/"/, "", $3); printf "  %-12s ran %4d times, mean %8.1f us\n", $3, $7, $8 / 1000 }' stats.csv

msg "the tiled Cholesky of thesis 000 (benchmarks/cholesky, n=4096, block 128: 5952 tasks, single precision):"
msg "strsm, ssyrk and sgemm each have 4 versions: OpenBLAS, BLIS, reference BLAS, plain loops"
ch=$out/cholesky
mkdir -p "$ch"
bench_compile cholesky "$ch/cholesky" -ldl -lm
openblas_coretype
names=(OpenBLAS BLIS "reference BLAS" "plain loops")
best=""
for i in 0 1 2 3; do
  line=$(OMP_SELECT=fixed:$i "$ch/cholesky" 4096 128)
  secs=$(echo "$line" | sed -n 's/.*: \([0-9.]*\) s,.*/\1/p')
  printf '  every task on %-15s %s\n' "${names[$i]}:" "${line#*: }"
  if [ -z "$best" ] || awk -v a="$secs" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$secs; bestname=${names[$i]}; fi
done
line=$(OMP_SELECT=ucb OMP_SELECT_STATS="$ch/stats.csv" OMP_SELECT_TRACE="$ch/trace.csv" \
  "$ch/cholesky" 4096 128)
secs=$(echo "$line" | sed -n 's/.*: \([0-9.]*\) s,.*/\1/p')
printf '  the runtime choosing (UCB): %s\n' "${line#*: }"
pct=$(awk -v r="$(ratio "$secs" "$best")" 'BEGIN { print (r - 1) * 100 }')
if awk -v p="$pct" 'BEGIN { exit !(p < 0) }'; then
  printf '  UCB took %.1f%% less than the best single library (%s), exploration included:\n' \
    "$(awk -v p="$pct" 'BEGIN { print -p }')" "$bestname"
  printf '  it chooses a library per kernel (below: the one it settled on for each)\n'
else
  printf '  UCB took %.1f%% more than the best single library (%s), exploration included\n' \
    "$pct" "$bestname"
fi
msg "what UCB ran, per kernel:"
"$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" kernels "$ch/stats.csv"
msg "what exploring cost UCB (install/bin/mvomp report; docs/tools.md):"
"$MVOMP_PREFIX/bin/mvomp" report "$ch/stats.csv" | sed 's/^/  /'
"$MVOMP_PREFIX/bin/mvomp" plot gantt "$ch/trace.csv" -o "$ch/trace.png" \
  --title "Cholesky 4096/128, OMP_SELECT=ucb, $(nproc) threads"
"$MVOMP_PREFIX/bin/mvomp" trace --perfetto "$ch/trace.csv" -o "$ch/trace.json" 2>/dev/null
msg "the model store (OMP_SELECT_MODELS, on by default for users; docs/runtime.md): a program run again"
msg "starts where its last run on this machine ended, and a block size never run is predicted from others"
store=$ch/models
rm -rf "$store"
for run in "block 256, every task on OpenBLAS:fixed:0:256" "block 256, first run (explores):mean:256" \
  "block 256, second run (from the store):mean:256" "block 64, first run:mean:64" \
  "block 128, every task on OpenBLAS:fixed:0:128" "block 128, first run (predicted from 64, 256):mean:128"; do
  label=${run%%:*} rest=${run#*:}
  sel=${rest%:*} bs=${rest##*:}
  models=$store
  [[ "$sel" == fixed:* ]] && models=off # the references do not feed the store
  line=$(OMP_SELECT=$sel OMP_SELECT_MODELS="$models" "$ch/cholesky" 2048 "$bs")
  printf '  %-50s %s\n' "$label" "$(echo "${line#*: }" | sed 's/, OpenBLAS kernels.*//')"
done
msg "wrote $ch/stats.csv, $ch/trace.csv, the Gantt chart $ch/trace.png and $ch/trace.json (open it in https://ui.perfetto.dev); docs/tools.md explains them"

#!/usr/bin/env bash
# MVOMP's main demo: builds the toolchain if needed (first time: ~50 minutes on 2 cores), compiles
# a task-parallel program with the installed clang and runs it on MVOMP's libomp, then lets the
# runtime choose between two versions of a task (benchmarks/demo/versions_demo.c) and compares
# its choice with each version alone.
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

#!/usr/bin/env bash
# MVOMP's main demo: builds the toolchain if needed (first time: ~50 minutes on 2 cores), compiles
# a task-parallel program with the installed clang and runs it on MVOMP's libomp.
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

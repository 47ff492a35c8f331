#!/usr/bin/env bash
# The hybrid MPI+OpenMP benchmark of docs/mpi.md (benchmarks/hybrid): each workload on 2 ranks and
# on 4 (oversubscribed on a 2-core machine), one OpenMP thread per rank, with libmvomp-mpi sharing
# the statistics (OMP_SELECT_SHARE=on, the default) and without (off); REPS rounds (default 5),
# the configurations of a round interleaved, each round starting one configuration later. Per
# configuration, the medians over the rounds of: the executions of versions worse than the best
# summed over the ranks, the time they took, the time they took beyond the best's
# (benchmarks/runner/explore_cost.py, from every rank's trace), and the run's time (slowest rank);
# and the ratios off / on of those medians. Then the cost of one exchange of 219 versions x 100
# keys (MMUL's leaves described as of 100 sizes, every version run once per size) on 2 and 4 ranks.
#   REPS=5 WORKLOADS="mmul 256 64 24 all|cholesky 512 128 30" RANKS="2 4" scripts/bench-hybrid.sh
# Results: build/bench/hybrid/results.tsv and the tables on stdout.
set -euo pipefail
. "$(dirname "$0")/common.sh"

REPS=${REPS:-5}
RANKS=${RANKS:-"2 4"}
IFS='|' read -r -a workloads <<<"${WORKLOADS:-mmul 256 64 24 all|cholesky 512 128 30}"
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/hybrid
rm -rf "$out/runs" && mkdir -p "$out/runs"
"$PYTHON" "$MVOMP_ROOT/benchmarks/mmul/gen.py" "$out/mmul_versions.inc"
OMPI_CC="$MVOMP_PREFIX/bin/clang" mpicc -O2 -fopenmp -Wno-pass-failed -I"$out" \
  "$MVOMP_ROOT/benchmarks/hybrid/hybrid.c" -lmvomp-mpi -ldl -lm -o "$out/hybrid"
openblas_coretype
mpirun=(mpirun --oversubscribe)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)
export OMP_NUM_THREADS=1 # one thread per rank: 2 ranks fill the 2 cores of this machine

configs=()
for w in "${workloads[@]}"; do
  for np in $RANKS; do
    for mode in off on; do configs+=("$np|$mode|$w"); done
  done
done
for ((r = 0; r < REPS; r++)); do
  for ((i = 0; i < ${#configs[@]}; i++)); do
    c=${configs[(i + r) % ${#configs[@]}]}
    IFS='|' read -r np mode w <<<"$c"
    d=$out/runs/$(echo "$w" | tr ' ' '_')-$np-$mode-$r
    mkdir -p "$d"
    # shellcheck disable=SC2086
    "${mpirun[@]}" -np "$np" env OMP_SELECT_SHARE="$mode" OMP_SELECT_TRACE="$d/trace-%r.csv" \
      "$out/hybrid" $w >"$d/out" 2>"$d/err" || die "hybrid $w on $np ranks ($mode) failed: $(cat "$d/err")"
  done
done

results=$out/results.tsv
printf 'workload\tranks\tsharing\truns\tworse_executions\tworse_s\tbeyond_best_s\trun_s\n' >"$results"
printf '%-24s %5s %7s | %9s %9s %9s %8s\n' workload ranks sharing "worse" "their s" "beyond s" "run s"
for w in "${workloads[@]}"; do
  for np in $RANKS; do
    dirs=("$out/runs/$(echo "$w" | tr ' ' '_')-$np-"*)
    costs=$("$PYTHON" "$MVOMP_ROOT/benchmarks/runner/explore_cost.py" "${dirs[@]}")
    declare -A med=()
    for mode in off on; do
      rows=$(grep -- "-$np-$mode-[0-9]* " <<<"$costs")
      count=$(awk '{print $2}' <<<"$rows" | median)
      secs=$(awk '{print $3}' <<<"$rows" | median)
      beyond=$(awk '{print $4}' <<<"$rows" | median)
      run=$(cat "$out/runs/$(echo "$w" | tr ' ' '_')-$np-$mode-"*/out |
        sed -n 's/.*: \([0-9.]*\) s (slowest rank).*/\1/p' | median)
      med[$mode]="$count $secs $beyond $run"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$w" "$np" "$mode" "$REPS" $count $secs $beyond $run >>"$results"
      printf '%-24s %5s %7s | %9s %9.4f %9.4f %8.3f\n' "$w" "$np" "$mode" $count $secs $beyond $run
    done
    read -r c0 s0 b0 t0 <<<"${med[off]}"
    read -r c1 s1 b1 t1 <<<"${med[on]}"
    printf '%-24s %5s %7s | %8.2fx %8.2fx %8.2fx %7.2fx\n' "$w" "$np" "off/on" "$(ratio "$c0" "$c1")" \
      "$(ratio "$s0" "$s1")" "$(ratio "$b0" "$b1")" "$(ratio "$t0" "$t1")"
    unset med
  done
done

echo "one exchange of 219 versions x 100 keys (every version run once per key):"
for np in $RANKS; do
  "${mpirun[@]}" -np "$np" env OMP_SELECT_SHARE=calls OMP_SELECT_PREDICT=off \
    OMP_SELECT_ELIMINATE=off OMP_MEAN_REPS=1 "$out/hybrid" mmul 512 16 1 all 100 21 |
    sed -n "s/^exchange: /  $np ranks: /p"
done

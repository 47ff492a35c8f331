#!/usr/bin/env bash
# ERASE against stock libomp, as thesis 004's tables 5.2-5.3 (docs/erase.md, "Measured"): the
# taskloop benchmark at sizes 128 to 1024 and the Cholesky (OpenBLAS forced) under four
# configurations, REPS runs each, interleaved:
#   stock        taskloop: unpatched upstream libomp 19.1.7 built the same way
#                (scripts/upstream-baseline.sh); Cholesky (multi-version tasks, which upstream
#                cannot run): MVOMP's libomp with OMP_ERASE=off, upstream's path for tasks
#   stock+sleep  MVOMP's libomp with OMP_ERASE=off OMP_ERASE_SLEEP=10: upstream's path plus the
#                same back-off sleep (the thesis' O_10us)
#   erase        OMP_ERASE=on (10 us back-off, stealing from all): E_10us_aS
#   erase-nS     OMP_ERASE=on OMP_ERASE_STEAL=cluster: E_10us_nS
# For each: median wall time, median CPU time of the process, and the modelled energy
#   E = idle W x wall time + run W per busy core x CPU time
# with the idle and per-core run power of POWER (default docs/erase/x86.power: illustrative watts,
# this machine has no RAPL), its one cluster spanning all CPUs (CLUSTERS). Spinning costs CPU time,
# so sleeping instead shows in the energy. Ratios are against stock in the same run.
#   WORKLOADS="taskloop:128 taskloop:256 taskloop:512 taskloop:1024 cholesky:4096:256" REPS=5 \
#   THREADS=$(nproc) scripts/bench-erase.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

WORKLOADS=${WORKLOADS:-"taskloop:128 taskloop:256 taskloop:512 taskloop:1024 cholesky:4096:256"}
REPS=${REPS:-5}
THREADS=${THREADS:-$(nproc)}
POWER=${POWER:-$MVOMP_ROOT/docs/erase/x86.power}
CLUSTERS=${CLUSTERS:-all:0-$(($(nproc) - 1))}
cluster=${CLUSTERS%%:*}
idle_w=$(awk -v c="$cluster" '$1 == "cluster" && $2 == c {print $4}' "$POWER")
run_w=$(awk -v c="$cluster" '$1 == "run" && $2 == c && $3 == "compute" && $5 == 1 {print $6; exit}' "$POWER")
[ -n "$idle_w" ] && [ -n "$run_w" ] || die "$POWER has no idle or compute width-1 record for '$cluster'"

"$MVOMP_ROOT/scripts/build.sh" >/dev/null
pristine=$("$MVOMP_ROOT/scripts/upstream-baseline.sh" --build)
out=$MVOMP_ROOT/build/bench/erase
mkdir -p "$out"
bench_compile taskloop "$out/taskloop" -lm
bench_compile cholesky "$out/cholesky" -ldl -lm
openblas_coretype
iterations() { case $1 in 128) echo 2000 ;; 256) echo 400 ;; 512) echo 50 ;; *) echo 20 ;; esac; }
configs=(stock stock+sleep erase erase-nS)
run() { # config workload -> "wall cpu"
  local env=(OMP_NUM_THREADS=$THREADS) lib=$MVOMP_PREFIX/lib cmd
  IFS=: read -r bench a b <<<"$2"
  case $bench in
    taskloop) cmd=("$out/taskloop" "$a" "$(iterations "$a")") ;;
    cholesky) cmd=("$out/cholesky" "$a" "$b"); env+=(OMP_SELECT=fixed:0) ;;
    *) die "unknown workload $2" ;;
  esac
  case $1 in
    stock) [ "$bench" = taskloop ] && lib=$pristine ;;
    stock+sleep) env+=(OMP_ERASE_SLEEP=10) ;;
    erase) env+=(OMP_ERASE=on OMP_ERASE_CLUSTERS="$CLUSTERS" OMP_ERASE_POWER="$POWER") ;;
    erase-nS) env+=(OMP_ERASE=on OMP_ERASE_CLUSTERS="$CLUSTERS" OMP_ERASE_POWER="$POWER"
                    OMP_ERASE_STEAL=cluster) ;;
  esac
  env LD_LIBRARY_PATH="$lib" "${env[@]}" /usr/bin/time -f '%e %U %S' -o "$out/time" \
    "${cmd[@]}" >"$out/stdout" 2>"$out/stderr" || die "$1 $2 failed: $(cat "$out/stdout" "$out/stderr")"
  awk '{printf "%s %.3f\n", $1, $2 + $3}' "$out/time"
}
echo "Modelled energy: $idle_w W idle + $run_w W per busy core ($POWER, cluster $cluster)."
echo
echo "| workload | configuration | wall s | CPU s | modelled J | time vs stock | energy vs stock |"
echo "|---|---|---|---|---|---|---|"
for wl in $WORKLOADS; do
  declare -A walls=() cpus=()
  for ((r = 0; r < REPS; r++)); do
    for c in "${configs[@]}"; do
      read -r w u < <(run "$c" "$wl")
      walls[$c]+="$w " cpus[$c]+="$u "
    done
  done
  for c in "${configs[@]}"; do
    w=$(echo "${walls[$c]}" | median) u=$(echo "${cpus[$c]}" | median)
    j=$(awk -v i="$idle_w" -v w="$w" -v r="$run_w" -v u="$u" 'BEGIN { print i * w + r * u }')
    [ "$c" = stock ] && { w0=$w; j0=$j; }
    printf '| %s | %s | %.3f | %.3f | %.2f | %.3f | %.3f |\n' "$wl" "$c" "$w" "$u" "$j" \
      "$(ratio "$w" "$w0")" "$(ratio "$j" "$j0")"
  done
  unset walls cpus
done

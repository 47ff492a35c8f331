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
# For each: median wall time, median CPU time, and the modelled energy
#   E = sum over clusters of (idle W x wall time + run W per busy core x CPU time on that cluster)
# with the idle and per-core run power (the table's `compute` width-1 row at its highest MHz) of
# POWER (default docs/erase/x86.power: illustrative watts, this machine has no RAPL). With one
# cluster (CLUSTERS, default all:0-<nproc-1>) the CPU time is the process's; with several, each
# cluster's is its CPUs' busy time in /proc/stat over the run (the benchmark is all that runs).
# Spinning costs CPU time, so sleeping instead shows in the energy. Ratios are against stock in
# the same run.
#   WORKLOADS="taskloop:128 taskloop:256 taskloop:512 taskloop:1024 cholesky:4096:256" REPS=5 \
#   THREADS=$(nproc) scripts/bench-erase.sh
# Workload cholesky-mv:N:B is the Cholesky with its versions chosen (OMP_SELECT=mean, no model
# store) instead of OpenBLAS forced. Workloads fib, sort, tree, nqueens, uts, strassen,
# producer, fft, bnb and health are benchmarks/recursive's task programs (fib(32) with tasks down
# to 12, 10 times; a merge sort of 2^22 integers with tasks down to 256 elements, 4 times; a
# three-way tree of tasks 10 levels deep, 10 times; 12-queens, final from depth 4, 3 times; an
# unbalanced tree search, untied, if(0) from depth 10, 20 times; Strassen on 1024 x 1024 down to
# 64, twice; a single creating 100000 tasks of about 0.8 us, 4 times; an FFT of 2^20 points with
# tasks down to 128, twice; a branch and bound over 14 cities with tasks down to depth 4, 3
# times; health's 4-ary tree of 1365 villages for 100 steps, 4 times), whose stock
# is upstream libomp as for the taskloop. CONFIGS picks configurations (default "stock stock+sleep
# erase erase-nS"); beyond those: erase-time and erase-edp (OMP_ERASE=on with
# OMP_SELECT_OBJECTIVE=time or edp; erase minimises energy), erase-mixed (OMP_ERASE_JOINT=off:
# one history per multi-version task type, the thesis' mapper), erase-nostay (OMP_ERASE_STAY=0:
# a task goes to the least-cost cluster however small the difference), erase-notie
# (OMP_ERASE_TIE=0: the least energy however small its lead over a faster configuration),
# erase-refresh64 (OMP_ERASE_REFRESH=fixed: every 64th decision refreshes another configuration),
# erase-nospin (OMP_ERASE_SPIN_COST=off: the threads a short loop leaves spinning are charged
# as idle, the thesis' model), erase-apart (OMP_SELECT_CLUSTER_RATIO=off: each cluster
# explores a multi-version task's versions on its own), erase-wW (OMP_ERASE_TIME_WEIGHT=W: the energy objective
# minimises energy x time^W; erase-w0 is the thesis' energy alone), erase-deferS (OMP_ERASE_DEFER=S:
# a narrower width tried once its trials can cost the share S of the loop's time; erase-defer0.05
# is the default before 2026-11-29), erase-norobust (OMP_SELECT_ROBUST=off: the thesis' history,
# which one disturbed sample moves by up to 75%) and erase-grain
# (OMP_TASKLOOP_GRAIN=auto, no model store: the grain chosen within ERASE's width) and
# erase-store (ERASE with a model store that one run of the workload, not counted, filled
# before the first round: every counted run is a later run, starting from the histories the
# runs before it saved; the other configurations run with OMP_SELECT_MODELS=off).
#
# MODE=biglittle: the emulated big.LITTLE of docs/erase.md: CLUSTERS="denver:0;a57:1" (one CPU
# each), POWER=docs/erase/tx2.power, and OMP_ERASE_TEST_SLOWDOWN="a57:$SLOWDOWN" (default 2; the last cluster of CLUSTERS) in
# every configuration, ERASE on or off, so that all of them pay for the slow cluster; stock is
# then MVOMP's libomp with ERASE off for the taskloop too (upstream cannot slow a cluster).
#
# Where CLUSTERS names fewer CPUs than the machine has, every configuration is bound to those
# CPUs (taskset). On a machine of 6 CPUs or more, the TX2's own shape:
#   MODE=biglittle CLUSTERS="denver:0-1;a57:2-5" THREADS=6 SLOWDOWN=4 scripts/bench-erase.sh
#
# PLACES=threads: every configuration, stock's included, runs with OMP_PLACES=threads
# OMP_PROC_BIND=close, a CPU per thread. Unset (the default), the threads are left where the
# system puts them, as a user's program is; ERASE binds its own threads to their clusters' CPUs,
# and unbound threads share one vCPU in a quarter to three quarters of the processes on a 2-vCPU VM
# (docs/benchmarks.md, "Two threads on one vCPU"): PLACES compares them bound alike.
#
# MODE=packages: this machine as a dual-socket node, two packages of one core each (CPUs 0 and
# 1) as hwloc reads them from openmp/runtime/test/mvomp/erase/Inputs/packages2.xml
# (HWLOC_XMLFILE, in every configuration), POWER=docs/erase/x86-packages.power; ERASE detects
# the clusters itself, so that OMP_ERASE_ALIKE=auto finds them alike (docs/erase.md, "Alike
# clusters"). Configuration erase-notalike is ERASE with OMP_ERASE_ALIKE=off: the thesis'
# mapping between the two packages.
set -euo pipefail
. "$(dirname "$0")/common.sh"

WORKLOADS=${WORKLOADS:-"taskloop:128 taskloop:256 taskloop:512 taskloop:1024 cholesky:4096:256"}
REPS=${REPS:-5}
THREADS=${THREADS:-$(nproc)}
MODE=${MODE:-homogeneous}
case $MODE in
  homogeneous)
    POWER=${POWER:-$MVOMP_ROOT/docs/erase/x86.power}
    CLUSTERS=${CLUSTERS:-all:0-$(($(nproc) - 1))}
    slow=() ;;
  biglittle)
    [ "$(nproc)" -ge 2 ] || die "MODE=biglittle needs 2 CPUs"
    POWER=${POWER:-$MVOMP_ROOT/docs/erase/tx2.power}
    CLUSTERS=${CLUSTERS:-"denver:0;a57:1"}
    SLOWDOWN=${SLOWDOWN:-2}
    little=${CLUSTERS##*;} # the last cluster is slowed
    slow=(OMP_ERASE_CLUSTERS="$CLUSTERS" OMP_ERASE_TEST_SLOWDOWN="${little%%:*}:$SLOWDOWN") ;;
  packages)
    [ "$(nproc)" -ge 2 ] || die "MODE=packages needs 2 CPUs"
    POWER=${POWER:-$MVOMP_ROOT/docs/erase/x86-packages.power}
    CLUSTERS="package0:0;package1:1" # (detected by ERASE; here for the energy's accounting)
    slow=(HWLOC_XMLFILE="$MVOMP_ROOT/openmp/runtime/test/mvomp/erase/Inputs/packages2.xml") ;;
  *) die "MODE=$MODE: homogeneous, biglittle or packages" ;;
esac
# What ERASE is told of the clusters: nothing where it detects them.
given=(OMP_ERASE_CLUSTERS="$CLUSTERS")
[ "$MODE" = packages ] && given=()
# Per cluster: name, CPUs (expanded), idle W and run W per core.
names=() cpus=() idle=() runw=()
IFS=';' read -ra parts <<<"$CLUSTERS"
for p in "${parts[@]}"; do
  c=${p%%:*} list=""
  IFS=, read -ra ranges <<<"${p#*:}"
  for r in "${ranges[@]}"; do list+=" $(seq "${r%-*}" "${r#*-}" | tr '\n' ' ')"; done
  i=$(awk -v c="$c" '$1 == "cluster" && $2 == c {print $4}' "$POWER")
  w=$(awk -v c="$c" '$1 == "run" && $2 == c && $3 == "compute" && $5 == 1 && $4 > m {m = $4; w = $6}
                     END {print w}' "$POWER")
  [ -n "$i" ] && [ -n "$w" ] || die "$POWER has no idle or compute width-1 record for '$c'"
  names+=("$c") cpus+=("$list") idle+=("$i") runw+=("$w")
done
# Clusters that leave CPUs out (CLUSTERS="denver:0-1;a57:2-5" on a 16-CPU machine): every
# configuration runs on their CPUs alone, as the emulated machine would, stock's threads too.
bind=()
all=$(echo "${cpus[@]}" | tr -s ' ' '\n' | grep . | sort -un | paste -sd,)
if [ "$MODE" != packages ] && [ "$(echo "$all" | tr , '\n' | wc -l)" -lt "$(nproc)" ]; then
  bind=(taskset -c "$all")
fi
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
pristine=$("$MVOMP_ROOT/scripts/upstream-baseline.sh" --build)
out=$MVOMP_ROOT/build/bench/erase
mkdir -p "$out"
bench_compile taskloop "$out/taskloop" -lm
bench_compile cholesky "$out/cholesky" -ldl -lm
bench_compile recursive "$out/recursive" -lm
openblas_coretype
iterations() { case $1 in 128) echo 2000 ;; 256) echo 400 ;; 512) echo 50 ;; *) echo 20 ;; esac; }
read -ra configs <<<"${CONFIGS:-stock stock+sleep erase erase-nS}"
[ "${configs[0]}" = stock ] || die "CONFIGS must start with stock (the ratios' baseline)"
# Busy seconds of each cluster's CPUs so far (/proc/stat: user nice system irq softirq, in USER_HZ).
busy() {
  local k
  for k in "${!names[@]}"; do
    awk -v list=" ${cpus[$k]} " -v hz="$(getconf CLK_TCK)" '
      /^cpu[0-9]/ { n = substr($1, 4); if (index(list, " " n " ")) b += $2 + $3 + $4 + $7 + $8 }
      END { printf "%.3f ", b / hz }' /proc/stat
  done
}
run() { # config workload -> "wall cpu-of-cluster-0 cpu-of-cluster-1 ..."
  local env=(OMP_NUM_THREADS=$THREADS "${slow[@]}") lib=$MVOMP_PREFIX/lib cmd b0 b1
  IFS=: read -r bench a b <<<"$2"
  case $bench in
    taskloop) cmd=("$out/taskloop" "$a" "$(iterations "$a")") ;;
    cholesky) cmd=("$out/cholesky" "$a" "$b"); env+=(OMP_SELECT=fixed:0) ;;
    cholesky-mv) cmd=("$out/cholesky" "$a" "$b"); env+=(OMP_SELECT=mean OMP_SELECT_MODELS=off) ;;
    fib) cmd=("$out/recursive" fib 32 12 10) ;;
    sort) cmd=("$out/recursive" sort 22 256 4) ;;
    tree) cmd=("$out/recursive" tree 10 10) ;;
    nqueens) cmd=("$out/recursive" nqueens 12 4 3) ;;
    uts) cmd=("$out/recursive" uts 10 20) ;;
    strassen) cmd=("$out/recursive" strassen 1024 64 2) ;;
    producer) cmd=("$out/recursive" producer 100000 1000 4) ;;
    fft) cmd=("$out/recursive" fft 20 128 2) ;;
    bnb) cmd=("$out/recursive" bnb 14 4 3) ;;
    health) cmd=("$out/recursive" health 6 100 4) ;;
    *) die "unknown workload $2" ;;
  esac
  case $1 in
    stock) [ "$bench" != cholesky ] && [ "$bench" != cholesky-mv ] && [ "$MODE" != biglittle ] &&
      lib=$pristine ;;
    stock+sleep) env+=(OMP_ERASE_SLEEP=10) ;;
    erase) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER") ;;
    erase-nS) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                    OMP_ERASE_STEAL=cluster) ;;
    erase-time|erase-edp) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                                OMP_SELECT_OBJECTIVE="${1#erase-}") ;;
    erase-mixed) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                       OMP_ERASE_JOINT=off) ;;
    erase-nostay) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                        OMP_ERASE_STAY=0) ;;
    erase-notie) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                       OMP_ERASE_TIE=0) ;;
    erase-refresh64) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                           OMP_ERASE_REFRESH=fixed) ;;
    erase-notalike) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER" OMP_ERASE_ALIKE=off) ;;
    erase-nospin) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                        OMP_ERASE_SPIN_COST=off) ;;
    erase-apart) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                       OMP_SELECT_CLUSTER_RATIO=off) ;;
    erase-norobust) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                          OMP_SELECT_ROBUST=off) ;;
    erase-defer*) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                        OMP_ERASE_DEFER="${1#erase-defer}") ;;
    erase-w*) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                    OMP_ERASE_TIME_WEIGHT="${1#erase-w}") ;;
    erase-grain) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                       OMP_TASKLOOP_GRAIN=auto OMP_SELECT_MODELS=off) ;;
    erase-store) env+=(OMP_ERASE=on "${given[@]}" OMP_ERASE_POWER="$POWER"
                       OMP_SELECT_MODELS="$out/store-${2//:/-}") ;;
    *) die "unknown configuration $1" ;;
  esac
  # Bash's own timer: the wall time to the millisecond and the process's CPU time from
  # getrusage to the microsecond (GNU time printed 10 ms steps, 2% of a 0.5 s Cholesky).
  local TIMEFORMAT='%3R %3U %3S'
  b0=$(busy)
  { time "${bind[@]}" env LD_LIBRARY_PATH="$lib" "${env[@]}" "${cmd[@]}" >"$out/stdout" 2>"$out/stderr"; } \
    2>"$out/time" || die "$1 $2 failed: $(cat "$out/stdout" "$out/stderr" "$out/time")"
  b1=$(busy)
  if [ "${#names[@]}" = 1 ]; then
    awk '{printf "%s %.3f\n", $1, $2 + $3}' "$out/time"
  else
    awk -v b0="$b0" -v b1="$b1" '{ n = split(b0, x, " "); split(b1, y, " "); printf "%s", $1
      for (i = 1; i <= n; ++i) printf " %.3f", y[i] - x[i]; printf "\n" }' "$out/time"
  fi
}
if [ "$MODE" = packages ]; then
  echo "Emulated dual-socket node: ${slow[0]} in every configuration."
fi
if [ "${#bind[@]}" -gt 0 ]; then
  echo "Every configuration runs on CPUs $all alone (taskset), the CPUs of CLUSTERS."
fi
bench_places # (stock's runs too)
if [ "$MODE" = biglittle ]; then
  echo "Emulated big.LITTLE: clusters $CLUSTERS, OMP_ERASE_TEST_SLOWDOWN=${slow[1]#*=} in every configuration."
fi
for k in "${!names[@]}"; do
  echo "Modelled energy, cluster ${names[$k]} (CPUs${cpus[$k]% }): ${idle[$k]} W idle + ${runw[$k]} W per busy core ($POWER)."
done
echo
cols="" seps=""
for c in "${names[@]}"; do cols+=" CPU s ($c) |" seps+="---|"; done
[ "${#names[@]}" = 1 ] && cols=" CPU s |"
echo "| workload | configuration | wall s |$cols modelled J | time vs stock | energy vs stock |"
echo "|---|---|---|${seps}---|---|---|"
for wl in $WORKLOADS; do
  declare -A walls=() busies=()
  # erase-store's runs are later runs: one run, not counted, fills its store first.
  for c in "${configs[@]}"; do
    if [ "$c" = erase-store ]; then
      rm -rf "$out/store-${wl//:/-}"
      run erase-store "$wl" >/dev/null
    fi
  done
  for ((r = 0; r < REPS; r++)); do
    for c in "${configs[@]}"; do
      read -r w u < <(run "$c" "$wl")
      walls[$c]+="$w " busies[$c]+="$u;"
    done
  done
  for c in "${configs[@]}"; do
    w=$(echo "${walls[$c]}" | median) j=0 row=""
    for k in "${!names[@]}"; do
      u=$(echo "${busies[$c]}" | tr ';' '\n' | awk -v k=$((k + 1)) 'NF {print $k}' | median)
      j=$(awk -v j="$j" -v i="${idle[$k]}" -v w="$w" -v r="${runw[$k]}" -v u="$u" \
        'BEGIN { print j + i * w + r * u }')
      row+=" $(printf '%.3f' "$u") |"
    done
    [ "$c" = stock ] && { w0=$w; j0=$j; }
    printf '| %s | %s | %.3f |%s %.2f | %.3f | %.3f |\n' "$wl" "$c" "$w" "$row" "$j" \
      "$(ratio "$w" "$w0")" "$(ratio "$j" "$j0")"
  done
  unset walls busies
done

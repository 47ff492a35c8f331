#!/usr/bin/env bash
# Taskloop grain sizes (docs/grain.md), with benchmarks/grain: seed 001's parallel for-loop
# benchmark and a blocked matrix addition.
#
#   scripts/bench-grain.sh calibrate   the calibration: sweeps of the for-loop benchmark (every
#                                      chunk size, CAL_TRIPS iterations of 1 us, on 1 and 2
#                                      threads), fitted by grain-fit into $OUT/grain.model with
#                                      the default split's time on an empty loop (default_us)
#                                      (INSTALL=1: also where the runtime reads it by default)
#   scripts/bench-grain.sh compare     for every thread count, for-loop trip count (TRIPS) and
#                                      matrix size (SIZES), REPS rounds interleaved of: libomp's
#                                      default, OMP_TASKLOOP_GRAIN=auto from an empty store, auto
#                                      again from that run's store, the sweep of fixed grains, and
#                                      the sweep's best grain run as the others are;
#                                      EXECS executions of the taskloop per run; then the table and
#                                      plots (benchmarks/grain/report.py)
#
#   scripts/bench-grain.sh overhead    what the choice costs a taskloop (benchmarks/overhead)
#
#   THREADS="1 2" TRIPS="1000 10000 100000" SIZES="200 400 800 1587" EXECS=200 REPS=5
#   CAL_TRIPS="10000 100000 1000000" CAL_REPS=3 OUT=build/bench/grain
#   BIND=true: OMP_PROC_BIND for compare, with OMP_PLACES=threads (PLACES=...): each thread on a
#   CPU of its own (unbound, or bound to places of the whole machine, two threads' times on a
#   virtual machine jump between two modes 2-4x apart from run to run; docs/grain.md)
set -euo pipefail
. "$(dirname "$0")/common.sh"

what=${1:-compare}
THREADS=${THREADS:-"1 2"}
TRIPS=${TRIPS:-"1000 10000 100000"}
SIZES=${SIZES:-"200 400 800 1587"}
EXECS=${EXECS:-200}
REPS=${REPS:-5}
CAL_TRIPS=${CAL_TRIPS:-"10000 100000 1000000"}
CAL_REPS=${CAL_REPS:-3}
OUT=${OUT:-$MVOMP_ROOT/build/bench/grain}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
mkdir -p "$OUT"
bin=$OUT/grain
bench_compile grain "$bin"
# Benchmarks never touch the user's model store; the compare runs use their own.
export OMP_SELECT_MODELS=off

case "$what" in
calibrate)
  sweep=$OUT/calibration.csv
  echo "threads,trip,iter_ns,num_tasks,time_ns" >"$sweep"
  for n in $THREADS; do
    for trip in $CAL_TRIPS; do
      OMP_NUM_THREADS=$n "$bin" sweep "$n" "$trip" 1 "$CAL_REPS" >>"$sweep"
    done
  done
  # Fitted on the seed's base problem size (10^5) when it was swept, else on every size.
  fit=()
  case " $CAL_TRIPS " in *" 100000 "*) fit=(--base 100000) ;; esac
  # Measured beside the fit: libomp's default split (10 tasks per thread) of an empty loop on the
  # largest team swept, what a small loop's default execution costs beyond its work (grain-fit's
  # --default-us, docs/grain.md): per process the median of 200 executions after the first,
  # threads bound a CPU each (unbound, two threads on a virtual machine can share one vCPU for a
  # whole process), the median of 5 processes.
  nmax=$(printf '%s\n' $THREADS | sort -n | tail -1)
  if [ "$nmax" -ge 2 ]; then
    per=""
    for ((i = 0; i < 5; i++)); do
      OMP_NUM_THREADS=$nmax OMP_PROC_BIND=true OMP_PLACES=threads OMP_TASKLOOP_GRAIN=off \
        GRAIN_TRACE="$OUT/empty.trace" "$bin" loop $((10 * nmax)) 0 200 >/dev/null
      per+="$(awk 'NR > 1 { print $2 / 1000 }' "$OUT/empty.trace" | median) "
    done
    fit+=(--default-us "$(echo "$per" | median)")
  fi
  "$MVOMP_PREFIX/bin/grain-fit" "${fit[@]}" --out "$OUT/grain.model" "$sweep" |
    tee "$OUT/calibration.md"
  if [ "${INSTALL:-0}" = 1 ]; then
    "$MVOMP_PREFIX/bin/grain-fit" "${fit[@]}" "$sweep" | tail -1
  fi
  ;;
compare)
  # Each thread bound to a CPU of its own: with OMP_PROC_BIND alone the places are the whole
  # machine, and on a 2-vCPU virtual machine a quarter to three quarters of the processes then run
  # both threads on one vCPU for their whole life (spinning threads that yield are not moved),
  # each parallel region ~50 us slower (docs/benchmarks.md, "Two threads on one vCPU").
  export OMP_PROC_BIND=${BIND:-true}
  [ "$OMP_PROC_BIND" = false ] || export OMP_PLACES=${PLACES:-threads}
  model=${MODEL:-$OUT/grain.model}
  [ -f "$model" ] || die "no calibration at $model: run '$0 calibrate' first (or set MODEL)"
  samples=$OUT/samples.csv
  echo "kind,threads,cell,config,rep,per_exec_ns,grain,tasks,flat_lo,flat_hi,iter_ns" >"$samples"
  stores=$OUT/stores
  rm -rf "$stores"
  # One run: kind threads cell config rep VAR=value... binary args (envsize: bench_env_size's)
  one() {
    local kind=$1 n=$2 cell=$3 config=$4 rep=$5
    shift 5
    local line
    line=$(bench_env_size "$envsize" OMP_NUM_THREADS="$n" OMP_TASKLOOP_GRAIN_MODEL="$model" "$@")
    echo "$line" | awk -v k="$kind" -v n="$n" -v c="$cell" -v cf="$config" -v r="$rep" \
      '$1 == "time_s" { printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,\n", k, n, c, cf, r, $4, $6, $8, $10, $11 }' \
      >>"$samples"
    echo "$line" | grep -q '^time_s' || die "unexpected output of $*: $line"
  }
  cells() { for t in $TRIPS; do echo "forloop $t"; done; for s in $SIZES; do echo "matadd $s"; done; }
  for ((r = 0; r < REPS; r++)); do
    for n in $THREADS; do
      while read -r kind cell; do
        if [ "$kind" = forloop ]; then run=(loop "$cell" 1 "$EXECS"); else run=(matadd "$cell" "$EXECS"); fi
        st=$stores/$n-$kind-$cell-$r
        # The four runs of the cell get one environment size (common.sh, bench_env_size).
        envsize=$(bench_env_target 1024)
        one "$kind" "$n" "$cell" default "$r" OMP_TASKLOOP_GRAIN=off "$bin" "${run[@]}"
        one "$kind" "$n" "$cell" auto "$r" OMP_TASKLOOP_GRAIN=auto OMP_SELECT_MODELS="$st" "$bin" "${run[@]}"
        one "$kind" "$n" "$cell" auto2 "$r" OMP_TASKLOOP_GRAIN=auto OMP_SELECT_MODELS="$st" "$bin" "${run[@]}"
        # The sweep: every chunk size, 3 executions each (median); then its best grain run as
        # auto and the default are, EXECS executions (OMP_TASKLOOP_GRAIN=<grain>).
        if [ "$kind" = forloop ]; then sw=(sweep "$n" "$cell" 1 3); else sw=(matsweep "$n" "$cell" 3); fi
        OMP_NUM_THREADS=$n "$bin" "${sw[@]}" |
          awk -F, -v k="$kind" -v c="$cell" -v r="$r" \
            '{ printf "%s,%s,%s,fixed,%s,%s,%d,%s,0,0,%s\n", k, $1, c, r, $5, $2 / $4, $4, $3 }' |
          tee -a "$samples" >"$OUT/sweep.tmp"
        best=$(sort -t, -k6,6g "$OUT/sweep.tmp" | head -1 | cut -d, -f7)
        one "$kind" "$n" "$cell" best "$r" OMP_TASKLOOP_GRAIN="$best" "$bin" "${run[@]}"
      done < <(cells)
    done
    echo "round $((r + 1)) of $REPS done" >&2
  done
  "$PYTHON" "$MVOMP_ROOT/benchmarks/grain/report.py" "$samples" "$model" "$OUT" | tee "$OUT/results.md"
  ;;
overhead)
  # What choosing costs a taskloop: benchmarks/overhead's taskloop mode (one iteration, so one
  # task whatever the grain) with OMP_TASKLOOP_GRAIN=auto against off, interleaved.
  bench_compile overhead "$OUT/overhead"
  off="" auto=""
  for ((r = 0; r < REPS; r++)); do
    for mode in off auto; do
      ns=$(OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=$mode "$OUT/overhead" taskloop 200000 |
        sed -n 's/^\([0-9.]*\) ns per taskloop/\1/p')
      [ -n "$ns" ] || die "unexpected output of overhead taskloop"
      if [ $mode = off ]; then off+="$ns "; else auto+="$ns "; fi
    done
  done
  o=$(echo "$off" | median) a=$(echo "$auto" | median)
  printf '| taskloop of 1 iteration, 2 threads | off (ns, median of %s) | auto | auto - off |\n|---|---|---|---|\n' "$REPS"
  d=$(echo "$a $o" | awk '{ printf "%.1f", $1 - $2 }')
  printf '| | %s | %s | %s |\n' "$o" "$a" "$d"
  ;;
*) die "unknown step '$what' (calibrate, compare or overhead)" ;;
esac

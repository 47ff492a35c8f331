#!/usr/bin/env bash
# The multi-size workload (benchmarks/multisize, docs/benchmarks.md): every policy, once per
# seed, on an idle machine and beside LOAD busy loops; per policy and load, the median and worst
# share of launches that ran the slower version for their size, and the runs over 10%.
#   POLICIES="mean ucb ts" SEEDS=20 LOADS="0 2" LAUNCHES=4000 scripts/bench-multisize.sh
# CONFIGS adds settings to compare, "|"-separated, each "name=VAR=value ..." (default: the
# defaults alone); a name's settings may include LD_PRELOAD=<libomp.so> to compare builds.
set -euo pipefail
. "$(dirname "$0")/common.sh"

POLICIES=${POLICIES:-"mean ucb ts"}
SEEDS=${SEEDS:-20}
LOADS=${LOADS:-"0 2"}
LAUNCHES=${LAUNCHES:-4000}
CONFIGS=${CONFIGS:-"default="}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/multisize
mkdir -p "$out"
bench_compile multisize "$out/multisize"
results=$out/results.txt
: >"$results"
pids=()
stop_load() { [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true; pids=(); }
trap stop_load EXIT
for load in $LOADS; do
  stop_load
  for ((i = 0; i < load; i++)); do
    (while :; do :; done) &
    pids+=($!)
  done
  for ((seed = 1; seed <= SEEDS; seed++)); do
    for p in $POLICIES; do
      IFS='|' read -ra configs <<<"$CONFIGS"
      for c in "${configs[@]}"; do # interleaved: each seed runs every configuration
        name=${c%%=*} settings=${c#*=}
        # shellcheck disable=SC2086
        line=$(env OMP_NUM_THREADS=2 OMP_SELECT="$p" OMP_SELECT_MODELS=off $settings \
          "$out/multisize" "$LAUNCHES" "$seed" | grep '^multisize:') ||
          die "multisize failed (policy $p, $name, seed $seed)"
        echo "$load $p $name $seed $(awk '{print $6}' <<<"$line" | tr -d '%,')" >>"$results"
      done
    done
  done
done
stop_load
printf '| load (busy loops) | policy | configuration | runs | median %% slower | worst %% | runs over 10%% |\n'
printf '|---|---|---|---|---|---|---|\n'
"$PYTHON" - "$results" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(list)
order = []
for line in open(sys.argv[1]):
    load, p, name, seed, w = line.split()
    key = (int(load), p, name)
    if key not in rows:
        order.append(key)
    rows[key].append(float(w))
for key in order:
    v = rows[key]
    print(f"| {key[0]} | {key[1]} | {key[2]} | {len(v)} | {statistics.median(v):.2f} "
          f"| {max(v):.1f} | {sum(x > 10 for x in v)} |")
PY

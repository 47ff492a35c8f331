#!/usr/bin/env bash
# libmvomp-mpi with Open MPI on this machine (docs/mpi.md), 2 and 4 ranks (oversubscribed): every
# task runs once on every rank; after the exchange at MPI_Finalize, every rank's stats.csv holds
# the sum of all ranks' executions (checked against every rank's trace: counts exactly, means within
# the 1 ns the trace rounds to) and its loaded column what the others ran; per-rank files are distinct;
# sharing cuts exploration at least 3x (Mean and UCB, counted in the traces); a rank with no multi-version
# tasks and a program that never calls MPI work; one model store is written once for all; a rank
# that dies leaves the store readable; OMP_SELECT_SHARE=<K>, calls, off and on exchange when
# docs/mpi.md says; the library preloaded works as linked; a bad value warns.
#
#   test-mvomp-mpi.sh <prefix (install tree)> <work dir>
set -euo pipefail
prefix=${1:?usage: test-mvomp-mpi.sh <prefix> <work dir>}
work=${2:?usage: test-mvomp-mpi.sh <prefix> <work dir>}
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cd "$work"
OMPI_CC="$prefix/bin/clang" mpicc -O2 -fopenmp "$here/mpi_share.c" -o mpi_share -lmvomp-mpi ||
  fail "mpicc with MVOMP's clang and -lmvomp-mpi"
export OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_ROBUST=off
mpirun=(mpirun --oversubscribe)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)

run() { # <dir> <ranks> <program args...>: runs with per-rank stats and traces in <dir>
  local dir=$1 np=$2; shift 2
  mkdir -p "$dir"
  "${mpirun[@]}" -np "$np" env OMP_SELECT_STATS="$dir/stats-%r.csv" \
    OMP_SELECT_TRACE="$dir/trace-%r-%p.csv" ./mpi_share "$@" >"$dir/out" 2>"$dir/err" ||
    fail "$dir: mpirun -np $np ./mpi_share $*: $(cat "$dir/out" "$dir/err")"
  [ "$(grep -c ': ok$' "$dir/out")" = "$np" ] || fail "$dir: not every rank ok: $(cat "$dir/out")"
}

check() { # <dir> <ranks> [idle rank]: the merged statistics against the traces
  /usr/bin/python3 - "$@" <<'PY'
import csv, glob, sys
d, np = sys.argv[1], int(sys.argv[2])
idle = int(sys.argv[3]) if len(sys.argv) > 3 else -1
traces = sorted(glob.glob(d + "/trace-*.csv"))
stats = sorted(glob.glob(d + "/stats-*.csv"))
want = [d + "/stats-%d.csv" % r for r in range(np)]
assert stats == want, "per-rank stats files: %s, want %s" % (stats, want)
assert len(traces) == np, "per-rank traces: %s" % traces
own = {}   # rank -> (cost, version) -> [times]
for t in traces:
    r = int(t.split("trace-")[1].split("-")[0])
    for row in csv.DictReader(open(t)):
        own.setdefault(r, {}).setdefault((row["cost"], row["name"]), []).append(float(row["time"]))
total = {}
for r in own:
    for k, ts in own[r].items():
        total.setdefault(k, []).extend(ts)
for r in range(np):
    rows = {(row["cost"], row["name"]): row for row in csv.DictReader(open(want[r]))}
    for k, ts in total.items():
        row = rows.get(k)
        assert row is not None, "rank %d: no row for %s" % (r, k)
        n, mine = int(row["count"]), len(own.get(r, {}).get(k, []))
        assert n == len(ts), "rank %d %s: count %d, the ranks ran it %d times" % (r, k, n, len(ts))
        assert int(row["loaded"]) == n - mine, "rank %d %s: loaded %s, want %d" % (r, k, row["loaded"], n - mine)
        mean = sum(ts) / len(ts)
        assert abs(float(row["mean_ns"]) - mean) <= 1.05 + 1e-9 * mean, \
            "rank %d %s: mean %s, the traces' %.2f" % (r, k, row["mean_ns"], mean)
    for k, row in rows.items():
        assert k in total or int(row["count"]) == 0, "rank %d: %s counted but never ran" % (r, k)
assert idle < 0 or not own.get(idle), "the idle rank ran multi-version tasks"
print("%s: %d ranks, %d keys x versions: merged statistics = sum of the traces" % (d, np, len(total)))
PY
}

nonbest() { # <dir>: executions of versions other than v100 in all traces
  cat "$1"/trace-*.csv | grep -v '^start' | grep -vc '"v100"$' || true
}

# 2 and 4 ranks: exact merge.
run np2 2 20 2 && check np2 2
run np4 4 20 2 && check np4 4
# Each rank's trace and stats are its own files (the %r and %p placeholders).
[ "$(ls np4/trace-*.csv | wc -l)" = 4 ] || fail "np4: not 4 distinct traces"

# Sharing cuts exploration at least 3x: the 4 ranks' executions of non-best versions, with and
# without (the versions report nominal times: the counts do not depend on the load).
for sel in mean ucb; do
  OMP_SELECT=$sel OMP_SELECT_SHARE=off run "off-$sel" 4 30 2
  OMP_SELECT=$sel run "on-$sel" 4 30 2
  off=$(nonbest "off-$sel") on=$(nonbest "on-$sel")
  echo "$sel: non-best executions over 4 ranks: $off alone, $on sharing"
  [ $((on * 3)) -le "$off" ] || fail "$sel: sharing did not cut exploration 3x ($on vs $off)"
done
# Off: each rank alone (its stats.csv holds its trace only).
awk -F, 'NR > 1 && $14 > 0' off-mean/stats-0.csv | grep -q . &&
  fail "OMP_SELECT_SHARE=off: rank 0 loaded executions of others"

# A rank without multi-version tasks, and a program that never calls MPI.
run idle 2 10 2 idle1 && check idle 2 1
env OMP_SELECT_STATS=nompi.csv ./mpi_share 5 2 nompi | grep -q '^rank 0: ok$' || fail "nompi"
[ -s nompi.csv ] || fail "nompi: no stats.csv"

# The model store: one file, written once for all ranks (runs: 1), with every rank's keys.
export OMP_SELECT_MODELS=$work/models
run store 4 10 2
files=(models/*.csv)
[ ${#files[@]} = 1 ] || fail "store: ${#files[@]} files: ${files[*]}"
grep -q '^# runs: 1$' "${files[0]}" || fail "store: not written once: $(grep runs "${files[0]}")"
for cost in 64 1000 1001; do
  grep -q ",$cost,-1," "${files[0]}" || fail "store: no row of cost $cost"
done
# A rank that dies: the store stays readable and unchanged.
cp "${files[0]}" store.before
"${mpirun[@]}" -np 4 ./mpi_share 10 2 die1 >die.out 2>&1 && fail "die1: mpirun succeeded"
cmp -s store.before "${files[0]}" || fail "die1: the store changed"
"$prefix/bin/mvomp" show "${files[0]}" >/dev/null || fail "die1: mvomp show cannot read the store"
unset OMP_SELECT_MODELS; export OMP_SELECT_MODELS=off

# When the ranks exchange (rank 0's count; 20 iterations, one MPI_Allreduce each, then
# MPI_Finalize): every 5th collective, only at MPI_Finalize (calls), never (off), and adaptively
# (on: every collective while a rank explores, then less and less often).
exchanges() { sed -n 's/^rank 0: \([0-9]*\) exchanges$/\1/p' "$1/out"; }
OMP_SELECT_SHARE=5 run every5 2 20 2 && check every5 2
[ "$(exchanges every5)" = 5 ] || fail "OMP_SELECT_SHARE=5: $(exchanges every5) exchanges, want 4 + 1"
OMP_SELECT_SHARE=calls run calls 2 20 2 && check calls 2
[ "$(exchanges calls)" = 1 ] || fail "OMP_SELECT_SHARE=calls: $(exchanges calls) exchanges, want 1"
OMP_SELECT_SHARE=off run off 2 20 2
[ "$(exchanges off)" = 0 ] || fail "OMP_SELECT_SHARE=off: $(exchanges off) exchanges, want 0"
run adaptive 2 20 2
n=$(exchanges adaptive)
[ "$n" -gt 2 ] && [ "$n" -lt 21 ] || fail "OMP_SELECT_SHARE=on: $n exchanges, want more than 2, fewer than 21"
echo "exchanges over 20 collectives: every 5th $(exchanges every5), calls 1, off 0, on $n"

# Preloaded instead of linked: the same exact merge.
OMPI_CC="$prefix/bin/clang" mpicc -O2 -fopenmp "$here/mpi_share.c" -o mpi_share_plain ||
  fail "mpicc without -lmvomp-mpi"
mkdir -p preload
"${mpirun[@]}" -np 2 env LD_PRELOAD="$prefix/lib/libmvomp-mpi.so" \
  OMP_SELECT_STATS="$work/preload/stats-%r.csv" OMP_SELECT_TRACE="$work/preload/trace-%r-%p.csv" \
  ./mpi_share_plain 10 2 >preload/out 2>preload/err || fail "preload: $(cat preload/out preload/err)"
check preload 2
[ "$(exchanges preload)" -gt 0 ] || fail "preload: no exchange"

# A bad OMP_SELECT_SHARE: a warning naming it, sharing on.
OMP_SELECT_SHARE=sometimes run bad 2 5 2
grep -q 'OMP_SELECT_SHARE=sometimes' bad/err || fail "bad value: no warning: $(cat bad/err)"
check bad 2
echo "mvomp-mpi: ok"

#!/bin/sh
# CTest's benchmarks.mmul: small runs of the MMUL benchmark must check out against OpenBLAS
# (mmul exits 1 otherwise), with one version forced by name, with Mean (one execution of each of
# the 219 versions, then the best) and with the 13-version subset; stats.csv must list every
# version of the type once, by name, with as many executions as there were leaves. C is written
# before the clock starts: the product takes fewer page faults than C has pages (a calloc'd C took
# two per page, 1092 at n=512, each costing the leaf that took it up to milliseconds).
#   smoke-test.sh path/to/mmul
set -eu
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
OMP_SELECT=fixed:mm15_u8_i4_j32_k8 "$bin" 256 64
OMP_SELECT=mean OMP_MEAN_REPS=1 OMP_SELECT_STATS=$tmp/all.csv "$bin" 512 64 all | tee "$tmp/all.out"
faults=$(sed -n 's/.* \([0-9]*\) page faults,.*/\1/p' "$tmp/all.out")
pages=$((512 * 512 * 8 / $(getconf PAGESIZE)))
[ -n "$faults" ] && [ "$faults" -lt $((pages / 2)) ] ||
  { echo "page faults during the product: '$faults', expected fewer than $((pages / 2))" >&2; exit 1; }
OMP_SELECT=ucb OMP_SELECT_STATS=$tmp/subset.csv "$bin" 512 64 subset
# stats.csv columns: type,version,name,location,cost,locality,count,... (docs/runtime.md)
check() { # file type versions leaves
  rows=$(awk -F, -v t="$2" 'NR > 1 && $1 == t' "$1" | wc -l)
  names=$(awk -F, -v t="$2" 'NR > 1 && $1 == t { print $3 }' "$1" | sort -u | wc -l)
  runs=$(awk -F, -v t="$2" 'NR > 1 && $1 == t { s += $7 } END { print s }' "$1")
  unrun=$(awk -F, -v t="$2" 'NR > 1 && $1 == t && $7 == 0' "$1" | wc -l)
  echo "type $2: $rows versions, $names names, $runs executions, $unrun never ran"
  [ "$rows" = "$3" ] && [ "$names" = "$3" ] && [ "$runs" = "$4" ] && [ "$unrun" = 0 ] ||
    { echo "expected $3 versions with distinct names, each run, $4 executions" >&2; exit 1; }
}
check "$tmp/all.csv" 1 219 512
check "$tmp/subset.csv" 2 13 512
echo "PASS: mmul smoke test"

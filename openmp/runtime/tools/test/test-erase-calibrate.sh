#!/bin/bash
# ERASE's calibration command (docs/erase.md), run by CTest as erase.calibrate:
# - with a fake powercap directory it writes a table with one idle record per
#   cluster and one run record per class and width, which libomp loads
#   without a warning;
# - without RAPL it says that it cannot measure, exits 2 and writes nothing;
# - a malformed --clusters is refused with the parser's message.
set -euo pipefail
tool=$1
prefix=${MVOMP_PREFIX:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$work/rapl/intel-rapl:0"
echo 123456789 > "$work/rapl/intel-rapl:0/energy_uj"
echo 262143328850 > "$work/rapl/intel-rapl:0/max_energy_range_uj"
"$tool" --clusters "big:0;little:1" --seconds 0.02 --rapl "$work/rapl" \
  --out "$work/t.power" 2>"$work/log"
[ "$(grep -c '^cluster ' "$work/t.power")" = 2 ] || fail "expected 2 cluster records"
# 3 classes x 1 width x 2 clusters
[ "$(grep -c '^run ' "$work/t.power")" = 6 ] || fail "expected 6 run records"
grep -q '^run little compute [0-9]* 1 ' "$work/t.power" || fail "no little compute record"

cat > "$work/hello.c" <<'C'
#include <stdio.h>
int main(void) {
  int n = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
  ++n;
  printf("threads %d\n", n);
  return 0;
}
C
"$prefix/bin/clang" -fopenmp "$work/hello.c" -o "$work/hello"
out=$(OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="big:0;little:1" \
      OMP_ERASE_POWER="$work/t.power" "$work/hello" 2>&1)
[ "$out" = "threads 2" ] || fail "libomp did not load the table quietly: $out"

set +e
"$tool" --clusters "all:0-1" --seconds 0.02 --rapl "$work/none" --out "$work/n.power" 2>"$work/log"
status=$?
set -e
[ $status = 2 ] || fail "without RAPL: exit status $status, expected 2"
grep -q "cannot measure its power" "$work/log" || fail "without RAPL: no plain message"
[ ! -e "$work/n.power" ] || fail "without RAPL: a table was written"

set +e
"$tool" --clusters "all:0-x" --rapl "$work/rapl" 2>"$work/log"
status=$?
set -e
[ $status = 1 ] || fail "bad --clusters: exit status $status"
grep -q -- "--clusters: cluster 'all'" "$work/log" || fail "bad --clusters: $(cat "$work/log")"
# CPUs that do not exist are refused before any thread starts (before, 1024
# threads of 64 MiB were started, or bogus records written with exit 0).
for spec in "a:0-1023" "a:0;b:1000-1023" "a:0,1000"; do
  set +e
  "$tool" --clusters "$spec" --seconds 0.02 --rapl "$work/rapl" --out "$work/x.power" 2>"$work/log"
  status=$?
  set -e
  [ $status = 1 ] || fail "--clusters $spec: exit status $status, expected 1"
  grep -q -- "--clusters: .*\(do not exist\|has no CPU that exists\)" "$work/log" ||
    fail "--clusters $spec: $(cat "$work/log")"
  [ ! -e "$work/x.power" ] || fail "--clusters $spec: a table was written"
done
echo "erase-calibrate: ok"

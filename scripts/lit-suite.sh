#!/usr/bin/env bash
# Runs one of MVOMP's lit suites against the built toolchain (called by CTest; see CMakeLists.txt).
#
#   scripts/lit-suite.sh libomp-upstream   upstream libomp tests (openmp/runtime/test) but MVOMP's
#   scripts/lit-suite.sh libomp-upstream-erase   the same with OMP_ERASE=on and two emulated
#                                          clusters (docs/erase.md), less the tests listed in
#                                          known-failures/libomp-upstream-erase.skip
#   scripts/lit-suite.sh libomp-upstream-grain   its taskloop tests with OMP_TASKLOOP_GRAIN=auto
#                                          (docs/grain.md)
#   scripts/lit-suite.sh libomp-mvomp      MVOMP's runtime and install tests (openmp/runtime/test/mvomp)
#   scripts/lit-suite.sh clang-task        Clang's OpenMP task and taskloop tests, and MVOMP's own
#   scripts/lit-suite.sh clang-openmp      all of Clang's OpenMP tests (full tier)
#
# The verdict of the upstream suites does not depend on the machine: an upstream test that fails
# with MVOMP's libomp fails the suite only if it passes with unpatched upstream libomp 19.1.7
# built the same way on this machine (scripts/upstream-baseline.sh --build: built once per
# machine and toolchain, then cached). The failures found to be upstream's are listed in the
# output. scripts/known-failures/libomp-upstream.txt documents the reasons of those seen so far;
# it decides nothing.
set -euo pipefail
. "$(dirname "$0")/common.sh"

suite=${1:?usage: lit-suite.sh <suite>}
label=$suite
shift
BUILD=$MVOMP_CACHE/build
jobs=${MVOMP_LIT_JOBS:-$(nproc)}
args=(-sv -j "$jobs" --timeout "${MVOMP_LIT_TIMEOUT:-600}")
skip=
# Read by libomp's lit.cfg into every test's environment: tests never read or write the user's
# model store (the store's own tests name a temporary one), and, running beside each other, do
# not count as disturbed runs that the store does not save (models_store_disturbed.c sets it),
# nor does a first execution that another test preempted run again (versions_retake.c sets it):
# the tests count executions.
export CHECK_OPENMP_ENV="OMP_SELECT_MODELS=off OMP_SELECT_STORE_DISTURBED=off OMP_SELECT_RETAKE=off"

if [ "$suite" = libomp-upstream-erase ]; then
  suite=libomp-upstream
  # Read by libomp's lit.cfg into every test's environment.
  clusters="a:0;b:1"
  [ "$(nproc)" -gt 1 ] || clusters="a:0"
  export CHECK_OPENMP_ENV="$CHECK_OPENMP_ENV OMP_ERASE=on OMP_ERASE_CLUSTERS=$clusters"
  # Tests whose premise ERASE's mapping changes (each with its reason in the file).
  skip=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$MVOMP_ROOT/scripts/known-failures/libomp-upstream-erase.skip" |
    grep -v '^$' | sed -e 's/^libomp :: //' -e 's/[.]/[.]/g' | paste -sd'|' || true)
fi
only=
if [ "$suite" = libomp-upstream-grain ]; then
  suite=libomp-upstream
  # Other people's taskloops (clauses, reductions, OMPT, record and replay)
  # through the grain choice's hooks.
  export CHECK_OPENMP_ENV="$CHECK_OPENMP_ENV OMP_TASKLOOP_GRAIN=auto"
  only=taskloop
fi

# Runs the upstream suite on MVOMP's libomp; failures are re-run on unpatched upstream.
upstream_suite() {
  local label=$1
  shift
  local json=$BUILD/lit-$label.json rc=0
  rm -f "$json"
  $LIT "${args[@]}" -o "$json" "$@" "$BUILD/libomp/runtime/test" || rc=$?
  [ $rc = 0 ] && return 0
  [ -f "$json" ] || die "lit wrote no results ($json); exit status $rc"
  local failing
  failing=$("$PYTHON" - "$json" <<'PY'
import json, sys
for t in json.load(open(sys.argv[1]))["tests"]:
    if t["code"] in ("FAIL", "TIMEOUT", "UNRESOLVED", "XPASS"):
        print(t["name"])
PY
)
  [ -n "$failing" ] || die "lit failed (exit status $rc) with no failing test in $json"
  msg "$(wc -l <<<"$failing") upstream test(s) failed on MVOMP's libomp; re-running them on unpatched upstream libomp 19.1.7 built the same way"
  local pristine
  pristine=$("$MVOMP_ROOT/scripts/upstream-baseline.sh" --build | tail -1) ||
    die "cannot build unpatched upstream libomp to judge the failures"
  local filter pjson=$BUILD/lit-$label-pristine.json
  filter="^($(sed -e 's/[.+()]/[&]/g' <<<"$failing" | paste -sd'|'))\$"
  rm -f "$pjson"
  $LIT -q -j "$jobs" --timeout "${MVOMP_LIT_TIMEOUT:-600}" -o "$pjson" \
    --filter "$filter" "$(dirname "$pristine")/test" >/dev/null 2>&1 || true
  local verdict
  verdict=$("$PYTHON" - "$pjson" "$json" <<'PY'
import json, os, sys
pristine = {}
if os.path.exists(sys.argv[1]):
    pristine = {t["name"]: t["code"] for t in json.load(open(sys.argv[1]))["tests"]}
ours = [t["name"] for t in json.load(open(sys.argv[2]))["tests"]
        if t["code"] in ("FAIL", "TIMEOUT", "UNRESOLVED", "XPASS")]
# Upstream's when unpatched upstream does not give the expected result either
# (it fails, or passes a test marked XFAIL); ours when it does, or did not run.
for name in ours:
    code = pristine.get(name, "NOT RUN")
    print(("UPSTREAM" if code in ("FAIL", "TIMEOUT", "UNRESOLVED", "XPASS") else "OURS") +
          " " + name + " (unpatched upstream: " + code + ")")
PY
) || die "cannot read the results of the re-run ($pjson)"
  local ours
  ours=$(grep '^OURS ' <<<"$verdict" || true)
  grep '^UPSTREAM ' <<<"$verdict" | sed 's/^UPSTREAM /[mvomp] fails on unpatched upstream on this machine too, not counted: /' >&2 || true
  if [ -n "$ours" ]; then
    sed 's/^OURS /[mvomp] FAILS with MVOMP only: /' <<<"$ours" >&2
    die "$(wc -l <<<"$ours") upstream test(s) fail with MVOMP's libomp and pass with unpatched upstream"
  fi
  msg "every failure is upstream's on this machine (see above); the suite passes"
}

# The names (a lit --filter alternation) of MVOMP's runtime tests whose source has the line
# "// MVOMP-LIT: $1".
mvomp_marked() {
  local dir=$MVOMP_ROOT/openmp/runtime/test/mvomp
  grep -rlx --include='*.c' --include='*.cpp' "// MVOMP-LIT: $1" "$dir" |
    sed -e "s|^$dir/||" -e 's/[.+]/[&]/g' | sort | paste -sd'|'
}

# MVOMP's runtime tests in three passes, so that the tests whose verdict rests on measured
# times do not run beside the suite's longest tests: on two CPUs those keep both busy for
# 9-18 s, and a test that compares two configurations' measured times (ERASE's mapping, the
# grain choice) then failed about once in ten runs of the suite (docs/testing.md).
#   1. tests marked "// MVOMP-LIT: long", together;
#   2. the others, except those marked "// MVOMP-LIT: measures", with lit's usual workers;
#   3. the tests marked "measures", one at a time.
mvomp_passes() {
  local long measures test=$BUILD/libomp/runtime/test rc=0
  long=$(mvomp_marked long)
  measures=$(mvomp_marked measures)
  [ -n "$long" ] && [ -n "$measures" ] ||
    die "no test marked 'MVOMP-LIT: long' or 'MVOMP-LIT: measures' in openmp/runtime/test/mvomp"
  $LIT "${args[@]}" --filter "^libomp :: mvomp/($long)\$" "$test" || rc=1
  $LIT "${args[@]}" --filter-out "^libomp :: mvomp/($long|$measures)\$" "$test" || rc=1
  $LIT "${args[@]}" -j 1 --filter "^libomp :: mvomp/($measures)\$" "$test" || rc=1
  [ $rc = 0 ] || die "MVOMP's runtime tests failed (see the three passes above)"
  msg "MVOMP's runtime tests passed (three passes: the long ones, the others, those that measure times)"
}

case "$suite" in
  libomp-upstream|libomp-mvomp)
    [ -f "$BUILD/libomp/runtime/test/lit.site.cfg" ] || die "no libomp build; run scripts/build.sh"
    if [ "$suite" = libomp-upstream ]; then
      args+=(--filter-out "^libomp :: (mvomp/${skip:+|$skip})" ${only:+--filter "$only"})
      upstream_suite "$label" "$@"
      exit 0
    fi
    args+=(--filter '^libomp :: mvomp/' --param "mvomp_prefix=$MVOMP_PREFIX")
    # With arguments (a --filter of one's own), one pass as asked.
    [ $# -gt 0 ] && exec $LIT "${args[@]}" "$@" "$BUILD/libomp/runtime/test"
    mvomp_passes ;;
  clang-task|clang-openmp)
    site=$BUILD/clang-test
    "$PYTHON" "$MVOMP_ROOT/scripts/clang-lit-site.py" "$MVOMP_CACHE/src/llvm-project/clang" \
      "$MVOMP_PREFIX" "$site"
    [ "$suite" = clang-task ] && args+=(--filter '^Clang :: OpenMP/(task|taskloop|mvomp)')
    # A path under the site config's directory selects that directory of the
    # source tree, so lit does not load Clang's other suites (test/Unit).
    mkdir -p "$site/test/OpenMP"
    exec $LIT "${args[@]}" "$@" "$site/test/OpenMP" ;;
  *) die "unknown suite '$suite'" ;;
esac

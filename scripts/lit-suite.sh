#!/usr/bin/env bash
# Runs one of MVOMP's lit suites against the built toolchain (called by CTest; see CMakeLists.txt).
#
#   scripts/lit-suite.sh libomp-upstream   upstream libomp tests (openmp/runtime/test) but MVOMP's
#   scripts/lit-suite.sh libomp-upstream-erase   the same with OMP_ERASE=on and two emulated
#                                          clusters (docs/erase.md), less the tests listed in
#                                          known-failures/libomp-upstream-erase.skip
#   scripts/lit-suite.sh libomp-mvomp      MVOMP's runtime and install tests (openmp/runtime/test/mvomp)
#   scripts/lit-suite.sh clang-task        Clang's OpenMP task and taskloop tests, and MVOMP's own
#   scripts/lit-suite.sh clang-openmp      all of Clang's OpenMP tests (full tier)
#
# Known upstream failures (scripts/known-failures/<suite>.txt) are expected to fail: lit reports any
# other failure, and any listed test that passes (XPASS), as an error.
set -euo pipefail
. "$(dirname "$0")/common.sh"

suite=${1:?usage: lit-suite.sh <suite>}
shift
BUILD=$MVOMP_CACHE/build
jobs=${MVOMP_LIT_JOBS:-$(nproc)}
args=(-sv -j "$jobs" --timeout "${MVOMP_LIT_TIMEOUT:-600}")
skip=

if [ "$suite" = libomp-upstream-erase ]; then
  suite=libomp-upstream
  # Read by libomp's lit.cfg into every test's environment.
  clusters="a:0;b:1"
  [ "$(nproc)" -gt 1 ] || clusters="a:0"
  export CHECK_OPENMP_ENV="OMP_ERASE=on OMP_ERASE_CLUSTERS=$clusters"
  # Tests whose premise ERASE's mapping changes (each with its reason in the file).
  skip=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$MVOMP_ROOT/scripts/known-failures/libomp-upstream-erase.skip" |
    grep -v '^$' | sed -e 's/^libomp :: //' -e 's/[.]/[.]/g' | paste -sd'|' || true)
fi
known=$MVOMP_ROOT/scripts/known-failures/$suite.txt
if [ -f "$known" ]; then
  LIT_XFAIL=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$known" | grep -v '^$' | paste -sd';' || true)
  export LIT_XFAIL
fi

case "$suite" in
  libomp-upstream|libomp-mvomp)
    [ -f "$BUILD/libomp/runtime/test/lit.site.cfg" ] || die "no libomp build; run scripts/build.sh"
    if [ "$suite" = libomp-upstream ]; then args+=(--filter-out "^libomp :: (mvomp/${skip:+|$skip})")
    else args+=(--filter '^libomp :: mvomp/' --param "mvomp_prefix=$MVOMP_PREFIX"); fi
    exec $LIT "${args[@]}" "$@" "$BUILD/libomp/runtime/test" ;;
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

#!/usr/bin/env bash
# Builds what is stale (scripts/build.sh) and runs MVOMP's tests with CTest.
#
#   scripts/test.sh           fast tier: what CI runs (~18 minutes with a warm toolchain)
#   scripts/test.sh --full    full tier: adds all of Clang's OpenMP tests and the check of the
#                             known-failure list against unpatched upstream
# Extra arguments after -- go to ctest (e.g. -- -R libomp.mvomp).
set -euo pipefail
. "$(dirname "$0")/common.sh"

labels='^fast$'
while [ $# -gt 0 ]; do
  case "$1" in
    --fast) labels='^fast$' ;;
    --full) labels='^(fast|full)$' ;;
    --) shift; break ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
  shift
done

"$MVOMP_ROOT/scripts/build.sh"
builddir=$MVOMP_ROOT/build
cmake -S "$MVOMP_ROOT" -B "$builddir" -G Ninja -DMVOMP_PREFIX="$MVOMP_PREFIX" \
  -DMVOMP_CACHE="$MVOMP_CACHE" -DCMAKE_C_COMPILER="$MVOMP_PREFIX/bin/clang" \
  -DCMAKE_CXX_COMPILER="$MVOMP_PREFIX/bin/clang++" >"$builddir.configure.log" 2>&1 ||
  { cat "$builddir.configure.log" >&2; die "configuring the project's tests failed"; }
cmake --build "$builddir"
start=$SECONDS
ctest --test-dir "$builddir" -L "$labels" --output-on-failure "$@"
msg "tests ($labels) passed in $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"

#!/usr/bin/env bash
# scripts/build.sh on a fresh machine computes its cache keys before any host compiler is
# installed: with HOST_CXX naming a compiler that does not exist, `build.sh --check` must say
# what is stale and exit 1, not end silently (it exited 127 with no output: the key's
# `$HOST_CXX --version | head -1` failed under pipefail). An empty cache is a fresh machine.
set -euo pipefail
scripts=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

rc=0
out=$(MVOMP_CACHE=$work/cache MVOMP_PREFIX=$work/install HOST_CXX=$work/no-such-clang++ \
  "$scripts/build.sh" --check 2>&1) || rc=$?
[ $rc = 1 ] || fail "exit status $rc, want 1; output: $out"
grep -q "stale: Clang for this tree (key [0-9a-f]\{16\}) is not built" <<<"$out" ||
  fail "no stale Clang line: $out"
grep -q "stale: $work/install does not hold this tree's Clang and libomp" <<<"$out" ||
  fail "no stale install line: $out"
# --check installs nothing and builds nothing.
[ ! -e "$work/cache/clang" ] || fail "--check created a build"
echo "build.sh --check without a host compiler: ok"

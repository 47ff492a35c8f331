#!/usr/bin/env bash
# Builds unpatched upstream libomp 19.1.7 exactly as scripts/build.sh builds MVOMP's (same Clang,
# same scripts/cmake/libomp-cache.cmake, no overlay) and runs the upstream lit suite on it.
#
#   scripts/upstream-baseline.sh            print the tests that fail on unpatched upstream
#   scripts/upstream-baseline.sh --build    only build it; print the directory of its libomp.so
#   scripts/upstream-baseline.sh --verify   fail unless every test in
#                                           scripts/known-failures/libomp-upstream.txt also fails
#                                           on unpatched upstream
# (The fast tier fails on any upstream test that fails with MVOMP's libomp and is not in that list.)
set -euo pipefail
. "$(dirname "$0")/common.sh"

verify=0 build_only=0
case "${1:-}" in
  --verify) verify=1 ;;
  --build) build_only=1 ;;
  "") ;;
  *) die "unknown argument '$1'" ;;
esac
BUILD=$MVOMP_CACHE/build
dir=$BUILD/libomp-pristine
clang=$MVOMP_PREFIX/bin/clang
[ -x "$clang" ] || die "no installed clang; run scripts/build.sh"
clang_key=$(grep '^clang ' "$MVOMP_PREFIX/.mvomp-build")
"$MVOMP_ROOT/scripts/fetch-upstream.sh" >/dev/null

sum=$({ cat "$MVOMP_ROOT/scripts/cmake/libomp-cache.cmake"; echo "$clang $clang_key"; } | sha256sum)
if [ "$(cat "$dir/.mvomp-cache-sum" 2>/dev/null)" != "$sum" ]; then
  rm -rf "$dir"; mkdir -p "$dir"
  cmake -G Ninja -S "$UPSTREAM_DIR/openmp" -B "$dir" -C "$MVOMP_ROOT/scripts/cmake/libomp-cache.cmake" \
    -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="$clang++" >"$dir.configure.log" 2>&1 ||
    die "configuring pristine libomp failed (log: $dir.configure.log)"
  echo "$sum" > "$dir/.mvomp-cache-sum"
fi
CCACHE_DIR=${CCACHE_DIR:-$MVOMP_CACHE/ccache} ninja -C "$dir" >"$dir.log" 2>&1 ||
  die "building pristine libomp failed (log: $dir.log)"
if [ $build_only = 1 ]; then echo "$dir/runtime/src"; exit 0; fi

msg "running the upstream libomp suite on unpatched upstream libomp"
json=$dir/results.json
$LIT -q -j "$(nproc)" --timeout "${MVOMP_LIT_TIMEOUT:-600}" -o "$json" "$dir/runtime/test" >/dev/null || true
failing=$("$PYTHON" - "$json" <<'PY'
import json, sys
for t in json.load(open(sys.argv[1]))["tests"]:
    if t["code"] in ("FAIL", "TIMEOUT", "UNRESOLVED"):
        print(t["name"], t["code"])
PY
)
if [ $verify = 0 ]; then
  printf '%s\n' "$failing"
  exit 0
fi
known=$MVOMP_ROOT/scripts/known-failures/libomp-upstream.txt
bad=0
while read -r name; do
  [ -n "$name" ] || continue
  if grep -qF "$name " <<<"$failing"; then echo "ok: $name fails on unpatched upstream too"
  else echo "ERROR: $name is listed as a known failure but passes on unpatched upstream"; bad=1; fi
done < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$known" | grep -v '^$')
exit $bad

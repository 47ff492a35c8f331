#!/usr/bin/env bash
# MVOMP's libomp exports nothing new beyond its documented API and ABI (docs/architecture.md):
# the dynamic symbols of install/lib/libomp.so, less those of unpatched upstream libomp 19.1.7
# built the same way (scripts/upstream-baseline.sh --build, cached), must each be a function
# declared in the installed mvomp.h (docs/runtime.md) or an entry point of docs/abi.md; and each
# of those must be exported.
set -euo pipefail
. "$(dirname "$0")/../common.sh"

ours=$MVOMP_PREFIX/lib/libomp.so
header=$(find "$MVOMP_PREFIX/lib/clang" -name mvomp.h | head -1)
[ -f "$ours" ] && [ -n "$header" ] || die "no installed libomp.so or mvomp.h under $MVOMP_PREFIX; run scripts/build.sh"
pristine=$("$MVOMP_ROOT/scripts/upstream-baseline.sh" --build | tail -1)
[ -f "$pristine/libomp.so" ] || die "no unpatched upstream libomp in $pristine"

symbols() { nm -D --defined-only "$1" | awk '{print $3}' | sed 's/@.*//' | sort -u; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
symbols "$ours" >"$work/ours"
symbols "$pristine/libomp.so" >"$work/upstream"
comm -23 "$work/ours" "$work/upstream" >"$work/new"
{ grep -oE '^extern [^(]*\b[A-Za-z_][A-Za-z_0-9]*\(' "$header" | grep -oE '[A-Za-z_][A-Za-z_0-9]*\($' | tr -d '('
  grep -oE '__kmpc_[a-z_]+' "$MVOMP_ROOT/docs/abi.md"; } | sort -u >"$work/documented"
comm -23 "$work/documented" "$work/upstream" >"$work/ours-documented"

fail=0
while read -r s; do
  echo "test-exports: libomp.so exports $s, which is neither upstream's nor documented (mvomp.h, docs/abi.md)" >&2
  fail=1
done < <(comm -23 "$work/new" "$work/ours-documented")
while read -r s; do
  echo "test-exports: $s is documented but libomp.so does not export it" >&2
  fail=1
done < <(comm -13 "$work/new" "$work/ours-documented")
[ $fail = 0 ] || exit 1
echo "test-exports: $(wc -l <"$work/new") symbols beyond upstream's, all documented: $(paste -sd' ' "$work/new")"

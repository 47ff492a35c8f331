#!/usr/bin/env bash
# Tests the overlay mechanism and the developer workflow on a tiny fake upstream:
# dev-tree.sh materialises upstream + overlay, export-overlay.sh writes edits back as new files and
# .patch files, the build's overlay_apply reproduces the edited tree and touches only changed
# files, and a patch that no longer applies fails naming the file.
set -euo pipefail
scripts=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

export MVOMP_UPSTREAM_DIR=$work/upstream MVOMP_ROOT=$work/repo MVOMP_CACHE=$work/cache
mkdir -p "$MVOMP_UPSTREAM_DIR/openmp/runtime/src" "$MVOMP_UPSTREAM_DIR/clang/lib" "$MVOMP_ROOT/openmp/runtime/src"
printf 'int a;\nint b;\nint c;\n' > "$MVOMP_UPSTREAM_DIR/openmp/runtime/src/kmp.h"
printf 'void f();\n' > "$MVOMP_UPSTREAM_DIR/clang/lib/Sema.cpp"
ln -s "$scripts" "$MVOMP_ROOT/scripts"
# The repository starts with one new file in its overlay.
echo 'int mv;' > "$MVOMP_ROOT/openmp/runtime/src/kmp_new.cpp"

"$scripts/dev-tree.sh" "$work/dev" 2>/dev/null
[ -f "$work/dev/openmp/runtime/src/kmp_new.cpp" ] || fail "dev tree lacks the overlay's new file"
git -C "$work/dev" rev-parse -q --verify mvomp-upstream >/dev/null || fail "no mvomp-upstream tag"
"$scripts/dev-tree.sh" "$work/dev" 2>/dev/null && fail "dev-tree.sh overwrote an existing tree"

# Edit: change an upstream file, add a file, drop the overlay's new file.
sed -i 's/int b;/int b2;/' "$work/dev/openmp/runtime/src/kmp.h"
echo 'void g();' > "$work/dev/clang/lib/MVOMP.cpp"
rm "$work/dev/openmp/runtime/src/kmp_new.cpp"
# A file added to the repository after the tree was made is not the tree's to delete.
mkdir -p "$MVOMP_ROOT/clang/lib" && echo 'int late;' > "$MVOMP_ROOT/clang/lib/Late.cpp"
out=$("$scripts/export-overlay.sh" "$work/dev" 2>&1)
[ -f "$MVOMP_ROOT/clang/lib/Late.cpp" ] || fail "export deleted a file the tree never held"
grep -q 'kept clang/lib/Late.cpp' <<<"$out" || fail "no warning about the kept file: $out"
rm "$MVOMP_ROOT/clang/lib/Late.cpp"
[ -f "$MVOMP_ROOT/openmp/runtime/src/kmp.h.patch" ] || fail "no patch written for a changed upstream file"
[ -f "$MVOMP_ROOT/clang/lib/MVOMP.cpp" ] || fail "new file not exported"
[ -e "$MVOMP_ROOT/openmp/runtime/src/kmp_new.cpp" ] && fail "removed file still in the overlay"
[ -e "$MVOMP_ROOT/openmp/runtime/src/kmp.h" ] && fail "upstream file copied in full"
grep -q '^+int b2;' "$MVOMP_ROOT/openmp/runtime/src/kmp.h.patch" || fail "patch lacks the edit"

# The build's materialisation reproduces the edited tree, and is incremental.
. "$scripts/common.sh"; . "$scripts/overlay.sh"
mkdir -p "$work/src" && cp -a "$MVOMP_UPSTREAM_DIR"/. "$work/src"/
echo 'int mv;' > "$work/src/openmp/runtime/src/kmp_new.cpp"   # left by an earlier overlay
printf 'new openmp/runtime/src/kmp_new.cpp\n' > "$work/src/.mvomp-overlay-manifest"
(overlay_apply "$work/src")
diff -r -x .git -x .mvomp-overlay-manifest "$work/dev" "$work/src" >/dev/null || fail "materialised tree differs from the edited tree"
touch -d '2000-01-01' "$work/src/openmp/runtime/src/kmp.h"
(overlay_apply "$work/src")
[ "$(stat -c %Y "$work/src/openmp/runtime/src/kmp.h")" = "$(date -d 2000-01-01 +%s)" ] ||
  fail "overlay_apply rewrote an unchanged file"

# A patch that no longer applies fails, naming the file.
printf 'int a;\nint x;\nint c;\n' > "$MVOMP_UPSTREAM_DIR/openmp/runtime/src/kmp.h"
if out=$( (overlay_apply "$work/src") 2>&1); then fail "a stale patch applied"; fi
grep -q 'openmp/runtime/src/kmp.h.patch no longer applies' <<<"$out" || fail "stale patch error does not name the file: $out"

# A full copy of an upstream file is refused.
cp "$MVOMP_UPSTREAM_DIR/clang/lib/Sema.cpp" "$MVOMP_ROOT/clang/lib/Sema.cpp"
if out=$( (overlay_entries) 2>&1); then fail "a full copy of an upstream file was accepted"; fi
grep -q 'clang/lib/Sema.cpp replaces an upstream file' <<<"$out" || fail "unclear error: $out"

# In a git checkout, files git ignores (__pycache__/, editor backups) are not overlay entries and
# do not change the cache key; untracked files it does not ignore are.
g=$work/gitrepo
mkdir -p "$g/openmp/runtime/tools/__pycache__"
git -C "$g" init -q
echo '__pycache__/' > "$g/.gitignore"
echo 'x' > "$g/openmp/runtime/tools/tool.py"
echo 'compiled' > "$g/openmp/runtime/tools/__pycache__/tool.cpython-311.pyc"
files=$(MVOMP_ROOT=$g overlay_files openmp)
[ "$files" = "openmp/runtime/tools/tool.py" ] || fail "overlay_files in a git checkout: $files"
key1=$(MVOMP_ROOT=$g overlay_hash openmp)
echo 'recompiled' > "$g/openmp/runtime/tools/__pycache__/tool.cpython-311.pyc"
[ "$key1" = "$(MVOMP_ROOT=$g overlay_hash openmp)" ] || fail "an ignored file changed the cache key"
echo 'y' > "$g/openmp/runtime/tools/tool.py"
[ "$key1" != "$(MVOMP_ROOT=$g overlay_hash openmp)" ] || fail "an untracked source did not change the key"
echo "PASS: overlay and developer workflow"

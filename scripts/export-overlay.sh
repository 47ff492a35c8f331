#!/usr/bin/env bash
# Writes the edits of a developer work tree (scripts/dev-tree.sh) back into this repository:
# new files are copied in full, changed upstream files become <path>.patch, and overlay entries the
# tree no longer differs in are removed. Only llvm/, clang/ and openmp/ are exported.
#
#   scripts/export-overlay.sh [DIR]     (default: <repo>/llvm-project)
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/overlay.sh"

dir=${1:-$MVOMP_ROOT/llvm-project}
git -C "$dir" rev-parse -q --verify mvomp-upstream >/dev/null 2>&1 ||
  die "$dir is not a work tree made by scripts/dev-tree.sh (no tag mvomp-upstream)"

# Every path of the overlay dirs that differs from upstream: changed, deleted or new (untracked).
mapfile -t changed < <(cd "$dir" && {
  git diff --name-only --no-renames mvomp-upstream -- $OVERLAY_DIRS
  git ls-files --others --exclude-standard -- $OVERLAY_DIRS; } | LC_ALL=C sort -u)

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for p in "${changed[@]}"; do
  if git -C "$dir" cat-file -e "mvomp-upstream:$p" 2>/dev/null; then
    [ -f "$dir/$p" ] || die "$p is deleted in $dir; the overlay cannot delete upstream files"
    mkdir -p "$tmp/$(dirname "$p")"
    git -C "$dir" diff --no-color --no-ext-diff --no-renames mvomp-upstream -- "$p" > "$tmp/$p.patch"
  else
    mkdir -p "$tmp/$(dirname "$p")"
    cp "$dir/$p" "$tmp/$p"
  fi
done

# Replace the overlay with the new set, touching only files whose content changes.
# A repository file the tree never held (added to the repo after dev-tree.sh) is
# kept, with a warning, rather than deleted.
known=$dir/.git/mvomp-exported
for d in $OVERLAY_DIRS; do
  [ -d "$MVOMP_ROOT/$d" ] || continue
  (cd "$MVOMP_ROOT" && find "$d" -type f) | while read -r f; do
    [ -e "$tmp/$f" ] && continue
    if [ -f "$known" ] && ! grep -qxF "$f" "$known"; then
      msg "kept $f: it is in the repository but was never in $dir (copy it there, or delete it)"
    else
      rm -f "$MVOMP_ROOT/$f"; msg "removed $f"
    fi
  done
  find "$MVOMP_ROOT/$d" -depth -type d -empty -delete
done
(cd "$tmp" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) | while read -r f; do
  if ! cmp -s "$tmp/$f" "$MVOMP_ROOT/$f"; then
    mkdir -p "$MVOMP_ROOT/$(dirname "$f")"
    cp "$tmp/$f" "$MVOMP_ROOT/$f"
    msg "wrote $f"
  fi
done
(cd "$tmp" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) > "$known"
msg "overlay exported from $dir (${#changed[@]} files differ from upstream)"

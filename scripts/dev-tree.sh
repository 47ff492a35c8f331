#!/usr/bin/env bash
# Materialises upstream llvm-project 19.1.7 + this repository's overlay as an editable git work tree.
#
#   scripts/dev-tree.sh [DIR]     (default: <repo>/llvm-project, which git ignores)
#
# The tree's first commit is pristine upstream (tagged mvomp-upstream); the overlay is applied on
# top as uncommitted changes. Edit, build and commit there as you like; scripts/export-overlay.sh
# writes every difference from mvomp-upstream back into the repository. See docs/contributing.md.
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/overlay.sh"

dir=${1:-$MVOMP_ROOT/llvm-project}
[ -e "$dir" ] && die "$dir already exists; export its edits (scripts/export-overlay.sh $dir) and remove it first"
[ -n "${MVOMP_UPSTREAM_DIR:-}" ] || "$MVOMP_ROOT/scripts/fetch-upstream.sh" >/dev/null

msg "copying upstream $UPSTREAM_VERSION to $dir"
copy_upstream "$dir"
git -C "$dir" init -q
git -C "$dir" add -A
git -C "$dir" -c user.name=MVOMP -c user.email=mvomp@localhost commit -q \
  -m "upstream llvm-project $UPSTREAM_VERSION (Debian llvm-toolchain-19 $UPSTREAM_DEB_VERSION)"
git -C "$dir" tag mvomp-upstream
overlay_apply "$dir"
rm -f "$dir/.mvomp-overlay-manifest"
# The overlay files this tree holds: export-overlay.sh deletes only these when
# the tree no longer differs in them (never files added to the repo since).
(cd "$MVOMP_ROOT" && for d in $OVERLAY_DIRS; do [ -d "$d" ] && find "$d" -type f; done) |
  LC_ALL=C sort > "$dir/.git/mvomp-exported"
msg "ready: $dir (upstream at tag mvomp-upstream, MVOMP's overlay applied as uncommitted changes)"
git -C "$dir" status --short | head -20 >&2

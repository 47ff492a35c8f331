# Overlay logic shared by the build and the developer work tree. Source it; do not run it.
# shellcheck shell=bash
#
# The repository's llvm/, clang/ and openmp/ hold only what MVOMP changes, at llvm-project's paths:
#   - a new file is kept in full;
#   - a change to an upstream file is kept as <upstream path>.patch, a unified diff of that one file
#     (paths a/<path> and b/<path>, as `git diff` writes them) applied with no fuzz.

OVERLAY_DIRS="llvm clang openmp"

# The files under overlay directory $1 of the repository, sorted: in a git checkout those git
# tracks or does not ignore (so that __pycache__/, editor backups and the like are never part of
# the build or its cache key), elsewhere every file.
overlay_files() {
  local d=$1
  [ -d "$MVOMP_ROOT/$d" ] || return 0
  if git -C "$MVOMP_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$MVOMP_ROOT" && git ls-files --cached --others --exclude-standard -- "$d" |
       while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done | LC_ALL=C sort -u)
  else
    (cd "$MVOMP_ROOT" && find "$d" -type f | LC_ALL=C sort)
  fi
}

# Lists overlay entries as "<kind> <path in llvm-project>", kind being "new" or "patch".
overlay_entries() {
  local f rel d files=()
  for d in $OVERLAY_DIRS; do
    mapfile -t -O "${#files[@]}" files < <(overlay_files "$d")
  done
  for f in "${files[@]}"; do
    case "$f" in
      *.patch)
        rel=${f%.patch}
        [ -f "$UPSTREAM_DIR/$rel" ] || die "$f patches $rel, which upstream $UPSTREAM_VERSION does not have"
        echo "patch $rel" ;;
      *)
        [ -e "$UPSTREAM_DIR/$f" ] &&
          die "$f replaces an upstream file; keep the change as $f.patch instead (scripts/export-overlay.sh does this)"
        echo "new $f" ;;
    esac
  done
}

# Writes the overlaid content of <path> to <out>; fails naming the patch when it does not apply.
overlay_render() {
  local kind=$1 rel=$2 out=$3 log
  if [ "$kind" = new ]; then cp "$MVOMP_ROOT/$rel" "$out"; return; fi
  if ! log=$(patch -s -f --fuzz=0 --no-backup-if-mismatch -r - -o "$out" "$UPSTREAM_DIR/$rel" \
               < "$MVOMP_ROOT/$rel.patch" 2>&1); then
    die "patch $rel.patch no longer applies to upstream $UPSTREAM_VERSION:
$log"
  fi
}

# Brings <tree> (a copy of upstream) to upstream + overlay, touching only files whose content
# changes so that ninja rebuilds only what depends on them. Files that an earlier overlay changed
# and the current one does not are restored from upstream.
overlay_apply() {
  local tree=$1 manifest=$1/.mvomp-overlay-manifest new_manifest kind rel tmp
  new_manifest=$(mktemp); tmp=$(mktemp)
  overlay_entries > "$new_manifest" || { rm -f "$new_manifest" "$tmp"; exit 1; }
  if [ -f "$manifest" ]; then
    while read -r kind rel; do
      grep -qxF "$kind $rel" "$new_manifest" && continue
      grep -q " $rel\$" "$new_manifest" && continue
      if [ "$kind" = new ]; then rm -f "$tree/$rel"
      else cp -p "$UPSTREAM_DIR/$rel" "$tree/$rel"; fi
    done < "$manifest"
  fi
  while read -r kind rel; do
    overlay_render "$kind" "$rel" "$tmp"
    if ! cmp -s "$tmp" "$tree/$rel"; then
      mkdir -p "$(dirname "$tree/$rel")"
      cp "$tmp" "$tree/$rel"
    fi
  done < "$new_manifest"
  mv "$new_manifest" "$manifest"
  rm -f "$tmp"
}

# Hash of the overlay entries under the given directories (content, not paths of the clone).
# Tests (*/test/, */unittests/) are left out: they do not change what is built.
overlay_hash() {
  local d
  for d in "$@"; do
    [ -d "$MVOMP_ROOT/$d" ] || continue
    overlay_files "$d" | grep -v -e '/test/' -e '/unittests/' |
      (cd "$MVOMP_ROOT" && xargs -r -d '\n' sha256sum)
  done | sha256sum | cut -c1-16
}

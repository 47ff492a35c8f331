#!/usr/bin/env bash
# Fetches Debian's llvm-toolchain-19 source package, checks the upstream tarball's sha256 and
# unpacks the pristine llvm-project 19.1.7 tree into the cache (read-only reference copy).
set -euo pipefail
. "$(dirname "$0")/common.sh"

[ -f "$UPSTREAM_DIR/.mvomp-unpacked" ] && { echo "$UPSTREAM_DIR"; exit 0; }

dl=$MVOMP_CACHE/download
mkdir -p "$dl"
tarball=$dl/$UPSTREAM_TARBALL

verify() { echo "$UPSTREAM_SHA256  $1" | sha256sum -c --status; }

if [ ! -f "$tarball" ] || ! verify "$tarball"; then
  rm -f "$tarball"
  if ! grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    msg "adding a deb-src entry for Debian bookworm (apt-get source needs it)"
    as_root tee /etc/apt/sources.list.d/mvomp-src.sources >/dev/null <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    as_root apt-get update -qq || die "apt-get update failed; cannot reach Debian's source archive"
  fi
  command -v dpkg-source >/dev/null || as_root apt-get install -y -qq dpkg-dev
  msg "downloading llvm-toolchain-19 $UPSTREAM_DEB_VERSION sources (164 MB)"
  ( cd "$dl" && apt-get source --download-only "llvm-toolchain-19=$UPSTREAM_DEB_VERSION" ) >&2 ||
    die "apt-get source llvm-toolchain-19=$UPSTREAM_DEB_VERSION failed: Debian's source archive is unreachable or no longer has this version. Place $UPSTREAM_TARBALL (sha256 $UPSTREAM_SHA256) in $dl and retry."
  [ -f "$tarball" ] || die "apt-get source did not produce $tarball"
fi
verify "$tarball" || die "$tarball does not have sha256 $UPSTREAM_SHA256; refusing to build from it (delete it to download again)"

msg "unpacking $UPSTREAM_TARBALL"
rm -rf "$UPSTREAM_DIR" "$UPSTREAM_DIR.tmp"
mkdir -p "$UPSTREAM_DIR.tmp"
# Only the parts MVOMP builds, tests or overlays.
top=llvm-toolchain-19_$UPSTREAM_VERSION
tar -C "$UPSTREAM_DIR.tmp" --strip-components=1 -xJf "$tarball" \
  "$top/llvm" "$top/clang" "$top/openmp" "$top/cmake" "$top/third-party" >&2 ||
  die "unpacking $tarball failed" 
touch "$UPSTREAM_DIR.tmp/.mvomp-unpacked"
mv "$UPSTREAM_DIR.tmp" "$UPSTREAM_DIR"
echo "$UPSTREAM_DIR"

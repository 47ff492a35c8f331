#!/usr/bin/env bash
# Builds MVOMP's toolchain: Clang (standalone, against Debian's llvm-19-dev) and libomp, from
# Debian's llvm-project 19.1.7 sources with this repository's overlay, into <repo>/install.
#
#   scripts/build.sh           build what is stale, then assemble the install tree
#   scripts/build.sh --check   exit 0 when the install is up to date for this tree, 1 otherwise
#
# Built Clangs and libomps are cached in $MVOMP_CACHE (default ~/.cache/mvomp) under a key made of
# everything they are built from, so a fresh clone of the same tree at any path reuses them:
#   clang key  = upstream tarball + llvm/ and clang/ overlay (tests excluded) + scripts/cmake/clang-*.cmake
#                and llvm-static/ + host compiler
#   libomp key = clang key + openmp/ overlay + scripts/cmake/libomp-cache.cmake
#                + scripts/install-tools.sh (MVOMP's commands are installed with libomp)
# A change under openmp/ therefore rebuilds libomp only. Sources and build directories sit at
# stable paths in the cache, so ninja rebuilds only what a change touches and ccache hits survive.
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/overlay.sh"

check=0
for a in "$@"; do
  case "$a" in
    --check) check=1 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown argument '$a' (try --help)" ;;
  esac
done

SRC=$MVOMP_CACHE/src/llvm-project
BUILD=$MVOMP_CACHE/build
JOBS=${MVOMP_JOBS:-$(nproc)}

key() { sha256sum | cut -c1-16; }
clang_key() {
  { echo "$UPSTREAM_SHA256"; overlay_hash llvm clang
    sha256sum "$MVOMP_ROOT"/scripts/cmake/clang-*.cmake "$MVOMP_ROOT"/scripts/cmake/llvm-static/* |
      cut -d' ' -f1
    # Tolerates a missing host compiler (--check before deps.sh has installed it): the key then
    # simply matches no cached build. A failing pipeline here would end the script silently.
    { "$HOST_CXX" --version 2>/dev/null || true; } | head -1; } | key
}
libomp_key() {
  { echo "$1"; overlay_hash openmp
    sha256sum "$MVOMP_ROOT/scripts/cmake/libomp-cache.cmake" "$MVOMP_ROOT/scripts/install-tools.sh" |
      cut -d' ' -f1; } | key
}

# The host compiler is part of the Clang key, so install it before computing keys (a fresh
# machine has no clang-19 yet); --check installs nothing.
if [ $check = 0 ]; then
  compgen -G "$MVOMP_CACHE/clang/*/.complete" >/dev/null ||
    msg "first build on this machine: Debian packages, llvm-project $UPSTREAM_VERSION sources, then Clang and libomp: about 50-60 minutes on 2 cores (later runs start in seconds)"
  "$MVOMP_ROOT/scripts/deps.sh"
fi
CLANG_KEY=$(clang_key)
LIBOMP_KEY=$(libomp_key "$CLANG_KEY")
CLANG_DIR=$MVOMP_CACHE/clang/$CLANG_KEY
LIBOMP_DIR=$MVOMP_CACHE/libomp/$LIBOMP_KEY
STAMP=$MVOMP_PREFIX/.mvomp-build
WANT_STAMP="clang $CLANG_KEY
libomp $LIBOMP_KEY"

if [ $check = 1 ]; then
  stale=0
  if [ ! -f "$CLANG_DIR/.complete" ]; then
    echo "stale: Clang for this tree (key $CLANG_KEY) is not built; a build takes ~50 minutes cold"; stale=1
  fi
  if [ ! -f "$LIBOMP_DIR/.complete" ]; then
    echo "stale: libomp for this tree (key $LIBOMP_KEY) is not built"; stale=1
  fi
  if [ "$(cat "$STAMP" 2>/dev/null)" != "$WANT_STAMP" ]; then
    echo "stale: $MVOMP_PREFIX does not hold this tree's Clang and libomp"; stale=1
  fi
  [ $stale = 0 ] && echo "up to date: $MVOMP_PREFIX (clang $CLANG_KEY, libomp $LIBOMP_KEY)"
  exit $stale
fi

"$MVOMP_ROOT/scripts/fetch-upstream.sh" >/dev/null
export CCACHE_DIR=${CCACHE_DIR:-$MVOMP_CACHE/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
# Relative paths in the cache keys of ccache: identical sources hit whatever the build dir.
export CCACHE_BASEDIR=$MVOMP_CACHE

# The source tree of the build: a copy of upstream with the overlay applied in place.
materialise() {
  if [ ! -f "$SRC/.mvomp-copied" ]; then
    msg "copying upstream sources to $SRC"
    rm -rf "$SRC"
    copy_upstream "$SRC"
    touch "$SRC/.mvomp-copied"
  fi
  overlay_apply "$SRC"
}

# Runs cmake only when the build directory is new or its cache file or arguments changed.
configure() {
  local dir=$1 cachefile=$2 srcdir=$3; shift 3
  local sum; sum=$({ cat "$cachefile"; echo "$srcdir $*"; } | sha256sum)
  if [ ! -f "$dir/build.ninja" ] || [ "$(cat "$dir/.mvomp-cache-sum" 2>/dev/null)" != "$sum" ]; then
    rm -rf "$dir"; mkdir -p "$dir"
    cmake -G Ninja -S "$srcdir" -B "$dir" -C "$cachefile" "$@" >"$dir.configure.log" 2>&1 ||
      { tail -30 "$dir.configure.log" >&2; die "configuring $srcdir failed (log: $dir.configure.log)"; }
    echo "$sum" > "$dir/.mvomp-cache-sum"
  fi
}

build_clang() {
  [ -f "$CLANG_DIR/.complete" ] && { msg "Clang $CLANG_KEY: cached"; return; }
  msg "Clang $CLANG_KEY: building (cold: ~50 minutes on 2 cores; log: $BUILD/clang.log)"
  local start=$SECONDS
  configure "$BUILD/clang" "$MVOMP_ROOT/scripts/cmake/clang-cache.cmake" "$SRC/clang" \
    -DCMAKE_PROJECT_Clang_INCLUDE="$SRC/.mvomp/clang-frontend-openmp.cmake" \
    -DLLVM_DIR="$SRC/.mvomp/llvm-static" \
    -DCMAKE_C_COMPILER="$HOST_CC" -DCMAKE_CXX_COMPILER="$HOST_CXX" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
  ninja -C "$BUILD/clang" -j "$JOBS" clang >"$BUILD/clang.log" 2>&1 ||
    { tail -40 "$BUILD/clang.log" >&2; die "building Clang failed (log: $BUILD/clang.log)"; }
  rm -rf "$CLANG_DIR.tmp"
  for c in clang clang-resource-headers; do
    cmake --install "$BUILD/clang" --component "$c" --prefix "$CLANG_DIR.tmp" --strip >/dev/null
  done
  # clang's other names are installed as 55 MB copies; make them symlinks.
  for f in "$CLANG_DIR.tmp"/bin/*; do
    [ ! -L "$f" ] && [ "$f" != "$CLANG_DIR.tmp/bin/clang-19" ] && cmp -s "$f" "$CLANG_DIR.tmp/bin/clang-19" &&
      ln -sf clang-19 "$f"
  done
  date -u +%FT%TZ > "$CLANG_DIR.tmp/.complete"
  rm -rf "$CLANG_DIR"; mv "$CLANG_DIR.tmp" "$CLANG_DIR"
  msg "Clang $CLANG_KEY: built in $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s"
}

build_libomp() {
  [ -f "$LIBOMP_DIR/.complete" ] && [ -f "$BUILD/libomp/.mvomp-key" ] &&
    [ "$(cat "$BUILD/libomp/.mvomp-key")" = "$LIBOMP_KEY" ] && { msg "libomp $LIBOMP_KEY: cached"; return; }
  msg "libomp $LIBOMP_KEY: building (log: $BUILD/libomp.log)"
  local start=$SECONDS
  configure "$BUILD/libomp" "$MVOMP_ROOT/scripts/cmake/libomp-cache.cmake" "$SRC/openmp" \
    -DCMAKE_C_COMPILER="$CLANG_DIR/bin/clang" -DCMAKE_CXX_COMPILER="$CLANG_DIR/bin/clang++" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
  ninja -C "$BUILD/libomp" -j "$JOBS" >"$BUILD/libomp.log" 2>&1 ||
    { tail -40 "$BUILD/libomp.log" >&2; die "building libomp failed (log: $BUILD/libomp.log)"; }
  rm -rf "$LIBOMP_DIR.tmp"
  cmake --install "$BUILD/libomp" --prefix "$LIBOMP_DIR.tmp" >/dev/null
  CXX="$CLANG_DIR/bin/clang++" "$MVOMP_ROOT/scripts/install-tools.sh" "$SRC" "$LIBOMP_DIR.tmp" \
    >>"$BUILD/libomp.log" 2>&1 ||
    { tail -20 "$BUILD/libomp.log" >&2; die "building MVOMP's commands failed (log: $BUILD/libomp.log)"; }
  date -u +%FT%TZ > "$LIBOMP_DIR.tmp/.complete"
  rm -rf "$LIBOMP_DIR"; mv "$LIBOMP_DIR.tmp" "$LIBOMP_DIR"
  echo "$LIBOMP_KEY" > "$BUILD/libomp/.mvomp-key"
  msg "libomp $LIBOMP_KEY: built in $(( SECONDS - start )) s"
}

# The install tree: Clang and libomp hard-linked from the cache (instant, no extra disk).
assemble() {
  [ "$(cat "$STAMP" 2>/dev/null)" = "$WANT_STAMP" ] && return
  rm -rf "$MVOMP_PREFIX"; mkdir -p "$MVOMP_PREFIX"
  cp -al "$CLANG_DIR"/. "$MVOMP_PREFIX"/ 2>/dev/null || cp -a "$CLANG_DIR"/. "$MVOMP_PREFIX"/
  cp -alf "$LIBOMP_DIR"/. "$MVOMP_PREFIX"/ 2>/dev/null || cp -af "$LIBOMP_DIR"/. "$MVOMP_PREFIX"/
  rm -f "$MVOMP_PREFIX/.complete"
  echo "$WANT_STAMP" > "$STAMP"
  msg "install tree: $MVOMP_PREFIX (clang $CLANG_KEY, libomp $LIBOMP_KEY)"
}

# Keeps the three most recent builds of each kind.
prune() {
  local d
  for d in "$MVOMP_CACHE/clang" "$MVOMP_CACHE/libomp"; do
    # shellcheck disable=SC2012
    ls -1t "$d" 2>/dev/null | tail -n +4 | while read -r old; do rm -rf "${d:?}/$old"; done
  done
}

mkdir -p "$BUILD" "$MVOMP_CACHE/clang" "$MVOMP_CACHE/libomp"
# Always bring the source tree to this clone's overlay: the tests read their sources from it.
materialise
mkdir -p "$SRC/.mvomp"
# The CMake helpers of the Clang build, at stable paths (configure arguments name them).
cp -p "$MVOMP_ROOT/scripts/cmake/clang-frontend-openmp.cmake" "$SRC/.mvomp/"
rm -rf "$SRC/.mvomp/llvm-static" && cp -rp "$MVOMP_ROOT/scripts/cmake/llvm-static" "$SRC/.mvomp/"
build_clang
build_libomp
assemble
prune

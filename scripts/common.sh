# Shared settings for MVOMP scripts. Source it; do not run it.
# shellcheck shell=bash

MVOMP_ROOT=${MVOMP_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
# Everything built or downloaded lives in the cache, outside the clone, at a stable absolute path:
# ccache hits and the cached Clang survive fresh clones at other paths on the same machine.
MVOMP_CACHE=${MVOMP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mvomp}
MVOMP_PREFIX=${MVOMP_PREFIX:-$MVOMP_ROOT/install}

UPSTREAM_VERSION=19.1.7
UPSTREAM_DEB_VERSION=1:19.1.7-3~deb12u1
UPSTREAM_TARBALL=llvm-toolchain-19_19.1.7.orig.tar.xz
UPSTREAM_SHA256=ae498f3bc58ae2d9f64ef5f0c035c4240152bf015a5b7738b15c22e93bdc97ce
UPSTREAM_DIR=${MVOMP_UPSTREAM_DIR:-$MVOMP_CACHE/upstream/llvm-project-$UPSTREAM_VERSION}

# Host toolchain used to build Clang.
HOST_CC=${HOST_CC:-clang-19}
HOST_CXX=${HOST_CXX:-clang++-19}
# Debian's Python (python3 on PATH may be another one without Debian's modules).
PYTHON=${PYTHON:-/usr/bin/python3}
LIT="$PYTHON /usr/lib/llvm-19/build/utils/lit/lit.py"

# MVOMP's model store (docs/runtime.md) is on by default for users; the scripts' runs (tests,
# benchmarks, the demo's comparisons) must not start from one another's, nor from the user's:
# off unless the caller sets it (the benchmarks of the store set it themselves).
export OMP_SELECT_MODELS=${OMP_SELECT_MODELS:-off}

msg() { printf '[mvomp] %s\n' "$*" >&2; }
die() { printf '[mvomp] error: %s\n' "$*" >&2; exit 1; }

# Copies the upstream tree to <dest>, leaving out LLVM's own tests (1 GB MVOMP never runs).
copy_upstream() {
  mkdir -p "$1"
  tar -C "$UPSTREAM_DIR" -cf - --exclude=./llvm/test --exclude=./llvm/unittests \
    --exclude=./.mvomp-unpacked . | tar -C "$1" -xf -
}

# bench_compile <benchmark> <binary> [flags...]: benchmarks/<benchmark>/<benchmark>.c built with
# MVOMP's Clang, -O2 -fopenmp, as the benchmark scripts and the demo use them.
bench_compile() {
  local b=$1 bin=$2
  shift 2
  "$MVOMP_PREFIX/bin/clang" -O2 -fopenmp "$MVOMP_ROOT/benchmarks/$b/$b.c" "$@" -o "$bin"
}
# bench_env_size <bytes> [VAR=value...] <command...>: runs the command as env(1) would, with the
# resulting environment padded to <bytes> (MVOMP_BENCH_PAD=xxx...). A process's environment sits
# at the top of its stack, and its size alone moved a 20-us taskloop's time by up to 6% from one
# size to another (docs/grain.md, "Runs that differ only in their environment"): the runs that a
# benchmark compares get one size, drawn anew per round (bench_env_target) so that no
# configuration keeps a lucky one.
bench_env_size() {
  local target=$1 size pad
  shift
  local vars=()
  while [ $# -gt 0 ] && [[ $1 == *=* ]]; do vars+=("$1"); shift; done
  size=$(env -u MVOMP_BENCH_PAD "${vars[@]}" | wc -c)
  pad=$((target - size - 17)) # 17: "MVOMP_BENCH_PAD=" and its line's end
  [ "$pad" -ge 0 ] || die "bench_env_size: the environment ($size bytes) is over $target"
  env -u MVOMP_BENCH_PAD "${vars[@]}" MVOMP_BENCH_PAD="$(printf "%${pad}s" "" | tr ' ' x)" "$@"
}
# bench_env_target <spare bytes>: a size for bench_env_size with room for <spare> more bytes of
# variables than there are now, plus a random 0-4095.
bench_env_target() { echo $(($(env -u MVOMP_BENCH_PAD | wc -c) + $1 + RANDOM % 4096)); }
# PLACES=<places> in the benchmark runners that take it: every run binds its threads,
# OMP_PLACES=<places> OMP_PROC_BIND=close (PLACES=threads: a CPU per thread; unbound, two threads
# share one vCPU in some processes on a small VM: docs/benchmarks.md, "Two threads on one vCPU").
bench_places() {
  [ -n "${PLACES:-}" ] || return 0
  export OMP_PLACES=$PLACES OMP_PROC_BIND=close
  echo "Every run binds its threads: OMP_PLACES=$PLACES OMP_PROC_BIND=close."
}
# The benchmark runners' statistics, all computed by benchmarks/runner/summarize.py: the median of
# whitespace-separated numbers on stdin, and the ratio of two numbers.
median() { "$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" median; }
ratio() { "$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" ratio "$1" "$2"; }
# Run apt-get as root or through sudo.
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# OpenBLAS 0.3.21 (Debian 12) does not know recent CPUs (this machine: family 6, model 207) and
# falls back to its Prescott (SSE3) kernels, several times slower than the CPU allows, which would
# make the benchmarks compare BLIS with a crippled OpenBLAS. When OpenBLAS reports that fallback
# and the user has not set OPENBLAS_CORETYPE, use the newest of OpenBLAS's kernel sets the CPU's
# flags allow, and say so.
OPENBLAS_LIB=/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0
openblas_coretype() {
  [ -z "${OPENBLAS_CORETYPE:-}" ] || return 0
  local core flags t
  core=$(OPENBLAS_NUM_THREADS=1 "$PYTHON" -c 'import ctypes, sys
f = ctypes.CDLL(sys.argv[1]).openblas_get_corename
f.restype = ctypes.c_char_p
print(f().decode())' "$OPENBLAS_LIB")
  [ "$core" = Prescott ] || return 0
  flags=" $(grep -m1 '^flags' /proc/cpuinfo) "
  case $flags in
  *" avx512_bf16 "*) t=Cooperlake ;;
  *" avx512f "*) t=SkylakeX ;;
  *" avx2 "*) t=Haswell ;;
  *) return 0 ;;
  esac
  export OPENBLAS_CORETYPE=$t
  msg "OpenBLAS did not recognise this CPU and chose its Prescott kernels: OPENBLAS_CORETYPE=$t"
}

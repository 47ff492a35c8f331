#!/usr/bin/env bash
# Installs the Debian packages MVOMP needs to build, test and run its demo (idempotent; quick when
# everything is present).
set -euo pipefail
. "$(dirname "$0")/common.sh"

PACKAGES=(
  # build of Clang and libomp
  llvm-19-dev llvm-19-tools libpolly-19-dev clang-19 cmake ninja-build ccache patch dpkg-dev xz-utils
  zlib1g-dev libzstd-dev libffi-dev libedit-dev libxml2-dev libncurses-dev
  libhwloc-dev hwloc perl python3 binutils
  # tests
  googletest libgtest-dev valgrind python3-psutil
  # benchmarks and plots
  libopenblas-dev libblis-dev libblas-dev python3-matplotlib python3-pandas
  # ERASE's offline model fitting (erase-fit)
  libalglib-dev
  # MPI ranks that learn together (libmvomp-mpi, docs/mpi.md)
  openmpi-bin libopenmpi-dev
  # the serial builds loaded side by side by benchmarks/cholesky (one thread per BLAS call)
  libopenblas0-pthread libblis4-serial libblas3
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  msg "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq || die "apt-get update failed"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2 ||
    die "apt-get install failed for: ${missing[*]}"
fi

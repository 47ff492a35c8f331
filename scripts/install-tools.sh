#!/usr/bin/env bash
# Installs MVOMP's commands (docs/tools.md) into a prefix: mvomp (Python, Debian's python3
# packages only), erase-fit and grain-fit (link ALGLIB, Debian's libalglib-dev), erase-calibrate and
# libmvomp-mpi (Open MPI's mpicc, Debian's libopenmpi-dev), from the
# overlaid source tree's openmp/runtime/tools/. scripts/build.sh runs it with libomp's build, so
# the commands are cached and installed with libomp.
#
#   CXX=<clang++> scripts/install-tools.sh <llvm-project source tree> <prefix>
set -euo pipefail
src=${1:?usage: install-tools.sh <source tree> <prefix>}
dest=${2:?usage: install-tools.sh <source tree> <prefix>}
rt=$src/openmp/runtime
cxx=(${CCACHE:-ccache} "${CXX:-clang++}" -O2 -std=c++17 -I"$rt/src")
command -v "${cxx[0]}" >/dev/null || cxx=("${cxx[@]:1}")
mkdir -p "$dest/bin" "$dest/lib/mvomp/mvomp_tools"
"${cxx[@]}" "$rt/tools/erase_fit.cpp" "$rt/src/kmp_erase_model.cpp" "$rt/src/kmp_erase_power.cpp" \
  -lalglib -o "$dest/bin/erase-fit"
"${cxx[@]}" -I"$rt/tools" "$rt/tools/grain_fit.cpp" "$rt/tools/grain_fit_model.cpp" \
  "$rt/src/kmp_grain_model.cpp" -lalglib -o "$dest/bin/grain-fit"
"${cxx[@]}" "$rt/tools/erase_calibrate.cpp" "$rt/src/kmp_erase_power.cpp" \
  "$rt/src/kmp_erase_clusters.cpp" -pthread -o "$dest/bin/erase-calibrate"
# libmvomp-mpi (docs/mpi.md): built with Open MPI's mpicc driving this clang; libomp never links MPI.
command -v mpicc >/dev/null || { echo "install-tools.sh: mpicc not found (Debian's libopenmpi-dev)" >&2; exit 1; }
mkdir -p "$dest/lib"
cc=$(dirname "$(command -v "${CXX:-clang++}")")/clang
[ -x "$cc" ] || cc=cc
OMPI_CC=$cc mpicc -O2 -fPIC -shared -Wall -Werror "$rt/tools/mvomp-mpi/mvomp_mpi.c" \
  -o "$dest/lib/libmvomp-mpi.so"
# Its header goes beside omp.h and mvomp.h, where clang finds them without -I.
inc=$(dirname "$(find "$dest" -name omp.h -print -quit)")
[ "$inc" != . ] || { echo "install-tools.sh: no omp.h under $dest" >&2; exit 1; }
install -m 644 "$rt/tools/mvomp-mpi/mvomp-mpi.h" "$inc/mvomp-mpi.h"
rm -f "$dest/lib/mvomp/mvomp_tools/"*.py
cp -p "$rt/tools/mvomp/mvomp_tools/"*.py "$dest/lib/mvomp/mvomp_tools/"
install -m 755 "$rt/tools/mvomp/mvomp" "$dest/bin/mvomp"
echo "installed mvomp, erase-fit, grain-fit and erase-calibrate in $dest/bin, libmvomp-mpi in $dest/lib"

# Initial cache for MVOMP's standalone Clang build (cmake -C). Part of the Clang cache key:
# changing anything here rebuilds Clang.
#
# Clang is built against Debian's llvm-19-dev, statically linked to LLVM's component libraries,
# without libclang-cpp.so, the static analyzer, ARCMT or tests targets (Debian ships no llvm_gtest;
# scripts/test.sh runs Clang's lit tests with a site config of its own). Measured cost on 2 cores:
# ~631 C++ files, ~45 minutes cold (docs/build.md).
set(CMAKE_BUILD_TYPE Release CACHE STRING "")
# LLVM_DIR: scripts/build.sh points it at a copy of llvm-static/ (Debian's LLVM package with
# LLVM_LINK_LLVM_DYLIB forced off), at a stable path.
set(LLVM_LINK_LLVM_DYLIB OFF CACHE BOOL "")
set(CLANG_LINK_CLANG_DYLIB OFF CACHE BOOL "")
set(LLVM_BUILD_LLVM_DYLIB OFF CACHE BOOL "")
set(CLANG_ENABLE_STATIC_ANALYZER OFF CACHE BOOL "")
set(CLANG_ENABLE_ARCMT OFF CACHE BOOL "")
set(CLANG_PLUGIN_SUPPORT OFF CACHE BOOL "")
set(CLANG_BUILD_TOOLS ON CACHE BOOL "")
set(CLANG_INCLUDE_DOCS OFF CACHE BOOL "")
set(CLANG_INCLUDE_TESTS OFF CACHE BOOL "")
set(LLVM_INCLUDE_TESTS OFF CACHE BOOL "")
set(LLVM_INCLUDE_DOCS OFF CACHE BOOL "")
set(LLVM_ENABLE_ASSERTIONS OFF CACHE BOOL "")
set(LLVM_BUILD_TOOLS ON CACHE BOOL "")
set(CLANG_DEFAULT_OPENMP_RUNTIME libomp CACHE STRING "")
set(CLANG_VENDOR "MVOMP" CACHE STRING "")
# Debian's clang-tblgen 19.1.7 is the same program the clang/ sources would build; using it saves
# building it (clang's .td files are still processed from the overlaid sources).
set(CLANG_TABLEGEN /usr/lib/llvm-19/bin/clang-tblgen CACHE FILEPATH "")
set(LLVM_TABLEGEN /usr/lib/llvm-19/bin/llvm-tblgen CACHE FILEPATH "")
set(LLVM_EXTERNAL_LIT /usr/lib/llvm-19/build/utils/lit/lit.py CACHE FILEPATH "")

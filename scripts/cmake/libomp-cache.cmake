# Initial cache for MVOMP's libomp build (cmake -C), standalone from the overlaid openmp/ sources and
# compiled with MVOMP's Clang. Part of the libomp cache key.
set(CMAKE_BUILD_TYPE Release CACHE STRING "")
set(LIBOMP_USE_HWLOC ON CACHE BOOL "")
set(LIBOMP_HWLOC_INSTALL_DIR /usr CACHE PATH "")
set(OPENMP_ENABLE_LIBOMPTARGET OFF CACHE BOOL "")
set(LIBOMP_OMPD_SUPPORT OFF CACHE BOOL "")
set(OPENMP_ENABLE_OMPT_TOOLS OFF CACHE BOOL "")
set(LIBOMP_INSTALL_ALIASES OFF CACHE BOOL "")
set(OPENMP_STANDALONE_BUILD ON CACHE BOOL "")
# omp.h, omp-tools.h, ompx.h go to Clang's resource include directory, where the driver finds them.
# (Standalone, libomp installs them to CMAKE_INSTALL_INCLUDEDIR.)
set(CMAKE_INSTALL_INCLUDEDIR lib/clang/19/include CACHE PATH "")
set(OPENMP_INSTALL_LIBDIR lib CACHE STRING "")
# Test tools for the upstream lit suite (openmp/runtime/test): Debian's llvm-19-tools.
set(OPENMP_LLVM_TOOLS_DIR /usr/lib/llvm-19/bin CACHE PATH "")
set(OPENMP_LLVM_LIT_EXECUTABLE /usr/lib/llvm-19/build/utils/lit/lit.py CACHE FILEPATH "")
set(OPENMP_FILECHECK_EXECUTABLE /usr/lib/llvm-19/bin/FileCheck CACHE FILEPATH "")
set(OPENMP_NOT_EXECUTABLE /usr/lib/llvm-19/bin/not CACHE FILEPATH "")
# A GNU build ID in libomp.so (and the tools' libraries): the model store identifies this build of
# libomp by it, without hashing the file at a program's first multi-version task
# (docs/runtime.md, "The model store"). Both GNU ld and lld write it.
set(CMAKE_SHARED_LINKER_FLAGS "-Wl,--build-id" CACHE STRING "")

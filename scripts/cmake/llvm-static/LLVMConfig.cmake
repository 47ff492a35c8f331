# Debian's LLVM CMake package, for linking Clang statically (LLVM_DIR points here; part of the
# Clang cache key). Debian's LLVMConfig.cmake sets LLVM_LINK_LLVM_DYLIB to ON as a plain variable,
# which would link Clang to /usr/lib/llvm-19/lib/libLLVM.so, and with it Debian's OpenMP
# frontend instead of the one MVOMP rebuilds from its OMP.td (clang-frontend-openmp.cmake).
include(/usr/lib/llvm-19/lib/cmake/llvm/LLVMConfig.cmake)
set(LLVM_LINK_LLVM_DYLIB OFF)
# Clang includes AddLLVM, TableGen, ... from CMAKE_MODULE_PATH + LLVM_DIR (this directory).
list(APPEND CMAKE_MODULE_PATH "${LLVM_CMAKE_DIR}")

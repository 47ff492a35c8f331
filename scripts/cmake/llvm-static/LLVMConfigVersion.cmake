include(/usr/lib/llvm-19/lib/cmake/llvm/LLVMConfigVersion.cmake)

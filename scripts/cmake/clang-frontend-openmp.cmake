# Included right after project(Clang) of the standalone Clang build (CMAKE_PROJECT_Clang_INCLUDE).
# Part of the Clang cache key.
#
# Clang's OpenMP clauses and directives are generated from llvm/include/llvm/Frontend/OpenMP/OMP.td,
# and its runtime calls listed in OMPKinds.def; both live in LLVM, not in Clang. MVOMP changes them,
# so instead of Debian's libLLVMFrontendOpenMP.a and its generated OMP.h.inc / OMP.inc, this:
#   1. copies the overlaid llvm/Frontend/OpenMP headers and tablegens OMP.td into
#      <build>/mvomp-frontend-openmp/include, which comes before /usr/lib/llvm-19/include;
#   2. builds libLLVMFrontendOpenMP.a from the overlaid llvm/lib/Frontend/OpenMP sources;
#   3. points the imported LLVMFrontendOpenMP target of Debian's LLVM package at that library.
# Only the Frontend/OpenMP headers are shadowed: every other LLVM header and library is Debian's.
# New entries of OMPKinds.def must go at the end of their list, because Debian's other static
# libraries (OpenMPOpt in LLVMipo) were compiled with the upstream enumeration.

set(MVOMP_LLVM_SRC "${CMAKE_CURRENT_SOURCE_DIR}/../llvm")
set(MVOMP_OMP_INC "${CMAKE_BINARY_DIR}/mvomp-frontend-openmp/include")
set(MVOMP_OMP_HDR "${MVOMP_OMP_INC}/llvm/Frontend/OpenMP")
include_directories(BEFORE "${MVOMP_OMP_INC}")

# Clang calls find_package(LLVM) itself a few lines later; doing it first gives us Debian's targets
# (omp_gen, intrinsics_gen, LLVMFrontendOpenMP) to hook into. The second call is a no-op.
find_package(LLVM REQUIRED CONFIG HINTS "${LLVM_DIR}")

# 1. Headers: every Clang target waits for clang-tablegen-targets, which depends on omp_gen.
set(mvomp_src_hdr "${MVOMP_LLVM_SRC}/include/llvm/Frontend/OpenMP")
file(GLOB mvomp_headers RELATIVE "${mvomp_src_hdr}" CONFIGURE_DEPENDS "${mvomp_src_hdr}/*.h" "${mvomp_src_hdr}/*.def")
set(mvomp_outputs)
foreach(mvomp_h ${mvomp_headers})
  add_custom_command(OUTPUT "${MVOMP_OMP_HDR}/${mvomp_h}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different "${mvomp_src_hdr}/${mvomp_h}" "${MVOMP_OMP_HDR}/${mvomp_h}"
    DEPENDS "${mvomp_src_hdr}/${mvomp_h}")
  list(APPEND mvomp_outputs "${MVOMP_OMP_HDR}/${mvomp_h}")
endforeach()
foreach(mvomp_gen "decl;OMP.h.inc" "impl;OMP.inc")
  list(GET mvomp_gen 0 mvomp_kind)
  list(GET mvomp_gen 1 mvomp_out)
  add_custom_command(OUTPUT "${MVOMP_OMP_HDR}/${mvomp_out}"
    COMMAND "${LLVM_TABLEGEN}" --gen-directive-${mvomp_kind} -I "${MVOMP_LLVM_SRC}/include"
            "${mvomp_src_hdr}/OMP.td" -o "${MVOMP_OMP_HDR}/${mvomp_out}"
    DEPENDS "${mvomp_src_hdr}/OMP.td" "${LLVM_TABLEGEN}"
    COMMENT "Generating MVOMP's llvm/Frontend/OpenMP/${mvomp_out}")
  list(APPEND mvomp_outputs "${MVOMP_OMP_HDR}/${mvomp_out}")
endforeach()
add_custom_target(mvomp_omp_gen DEPENDS ${mvomp_outputs})
add_dependencies(omp_gen mvomp_omp_gen)

# 2. and 3. The library, and Debian's imported target pointed at it.
function(mvomp_build_frontend_openmp)
  set(lib_src "${MVOMP_LLVM_SRC}/lib/Frontend/OpenMP")
  set(lib_dir "${CMAKE_BINARY_DIR}/mvomp-frontend-openmp/lib")
  add_library(MVOMPFrontendOpenMP STATIC
    "${lib_src}/OMP.cpp" "${lib_src}/OMPContext.cpp" "${lib_src}/OMPIRBuilder.cpp")
  add_dependencies(MVOMPFrontendOpenMP omp_gen intrinsics_gen)
  set_target_properties(MVOMPFrontendOpenMP PROPERTIES
    OUTPUT_NAME LLVMFrontendOpenMP ARCHIVE_OUTPUT_DIRECTORY "${lib_dir}")
  set(lib "${lib_dir}/libLLVMFrontendOpenMP.a")
  get_target_property(configs LLVMFrontendOpenMP IMPORTED_CONFIGURATIONS)
  set_target_properties(LLVMFrontendOpenMP PROPERTIES IMPORTED_LOCATION "${lib}")
  foreach(c ${configs})
    set_target_properties(LLVMFrontendOpenMP PROPERTIES IMPORTED_LOCATION_${c} "${lib}")
  endforeach()
  add_dependencies(LLVMFrontendOpenMP MVOMPFrontendOpenMP)
endfunction()

# Deferred to the end of Clang's top-level CMakeLists.txt so that the library is compiled with the
# flags Clang's build settles on (HandleLLVMOptions runs after this file).
cmake_language(DEFER CALL mvomp_build_frontend_openmp)

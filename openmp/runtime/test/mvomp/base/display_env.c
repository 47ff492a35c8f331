// RUN: %libomp-compile && env OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s
//
// MVOMP's libomp identifies itself: kmp_mvomp_version() (a symbol only this libomp has) and a
// line of the OMP_DISPLAY_ENV report.

// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK-NEXT: _OPENMP=
// CHECK-NEXT: MVOMP='{{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM 19.1.7)'
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK: version: MVOMP libomp {{[0-9]+\.[0-9]+\.[0-9]+}} (LLVM 19.1.7)
// CHECK: tasks: 100

#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 100; ++i) {
#pragma omp task shared(n)
    {
#pragma omp atomic
      ++n;
    }
  }
  fprintf(stderr, "version: %s\ntasks: %d\n", kmp_mvomp_version(), n);
  return n == 100 ? 0 : 1;
}

// A task program compiled by the installed clang with only -fopenmp runs on the installed libomp.
// RUN: %mvomp-clang -fopenmp %s -o %t
// RUN: ldd %t | FileCheck --check-prefix=LDD -DPREFIX=%mvomp-prefix %s
// RUN: env OMP_DISPLAY_ENV=true OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s
// RUN: strings %mvomp-prefix/lib/libomp.so | FileCheck --check-prefix=IDENT %s
// The installed clang is linked statically to LLVM (and so to MVOMP's OpenMP frontend).
// RUN: ldd %mvomp-prefix/bin/clang | FileCheck --check-prefix=STATIC %s

// LDD: libomp.so => [[PREFIX]]/lib/libomp.so
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK: MVOMP='{{[0-9.]+}} (LLVM 19.1.7)'
// CHECK: runtime: MVOMP libomp
// CHECK: fib(20) = 6765
// IDENT: @(#) MVOMP libomp
// STATIC-NOT: libLLVM
// STATIC-NOT: libclang-cpp
// STATIC: libc.so

#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static int fib(int n) {
  int a, b;
  if (n < 2)
    return n;
#pragma omp task shared(a) if (n > 10)
  a = fib(n - 1);
#pragma omp task shared(b) if (n > 10)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  int r = 0;
#pragma omp parallel
#pragma omp single
  r = fib(20);
  fprintf(stderr, "runtime: %s\nfib(20) = %d\n", kmp_mvomp_version(), r);
  return r == 6765 ? 0 : 1;
}

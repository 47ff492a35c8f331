// The same for C++ with the installed clang++ (libomp at link and run time, no extra flags).
// RUN: %mvomp-clangxx -fopenmp %s -o %t
// RUN: ldd %t | FileCheck --check-prefix=LDD -DPREFIX=%mvomp-prefix %s
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s

// LDD: libomp.so => [[PREFIX]]/lib/libomp.so
// CHECK: sum = 4950 on MVOMP libomp

#include <atomic>
#include <cstdio>
#include <mvomp.h>

int main() {
  std::atomic<int> sum{0};
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(10)
  for (int i = 0; i < 100; ++i)
    sum += i;
  std::printf("sum = %d on %.12s\n", sum.load(), kmp_mvomp_version());
  return sum == 4950 ? 0 : 1;
}

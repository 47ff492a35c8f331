// End to end: two translation units (then a program and a shared library)
// define versions of the same task type; the runtime merges them by name (one
// set of statistics), each unit launches its own tasks, and stats.csv counts
// every execution once.
// RUN: %clang %openmp_flags %flags %s %S/Inputs/two_units_b.c -o %t && env OMP_NUM_THREADS=2 OMP_SELECT_STATS=%t.csv %libomp-run | FileCheck %s
// RUN: grep -c '^5,' %t.csv | FileCheck --check-prefix=ROWS %s
// RUN: awk -F, '$1 == 5 { n += $7 } END { print "executions", n }' %t.csv | FileCheck --check-prefix=SUM %s
// The second unit in a shared library: its constructor registers its table
// when the library is loaded, and the versions merge the same way.
// RUN: %clang %openmp_flags %flags -fPIC -shared %S/Inputs/two_units_b.c -o %t.b.so
// RUN: %clang %openmp_flags %flags %s %t.b.so -o %t.shared && env OMP_NUM_THREADS=2 OMP_SELECT_STATS=%t.shared.csv %t.shared | FileCheck %s
// RUN: grep -c '^5,' %t.shared.csv | FileCheck --check-prefix=ROWS %s
// RUN: awk -F, '$1 == 5 { n += $7 } END { print "executions", n }' %t.shared.csv | FileCheck --check-prefix=SUM %s
// CHECK: unit a: 100 runs
// CHECK-NEXT: unit b: 100 runs
// ROWS: 2
// SUM: executions 200

#include <stdio.h>

int runs_a, runs_b;
void scale_fast(int *x) { __atomic_fetch_add(x, 1, __ATOMIC_RELAXED); }
void scale_slow(int *x) {
  for (volatile int i = 0; i < 1000; ++i)
    ;
  __atomic_fetch_add(x, 1, __ATOMIC_RELAXED);
}
void launch_b(int *x);

static void launch_a(int *x) {
#pragma omp task define(5)
  scale_fast(x);
#pragma omp task define(5)
  scale_slow(x);
#pragma omp task run(5)
}

int main(void) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 100; ++i) {
    launch_a(&runs_a);
    launch_b(&runs_b);
  }
  printf("unit a: %d runs\nunit b: %d runs\n", runs_a, runs_b);
  return 0;
}

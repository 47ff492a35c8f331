// MVOMP: what -ast-print writes for 'task define' / 'task run' compiles again to
// the same program.
// RUN: %clang_cc1 -fopenmp -ast-print %s -o %t.1.c
// RUN: %clang_cc1 -fopenmp -ast-print %t.1.c -o %t.2.c
// RUN: diff %t.1.c %t.2.c
// RUN: FileCheck %s --input-file %t.2.c
// expected-no-diagnostics

void k1(int *);
void k2(int *, int);

void f(int *a, int n) {
  for (int i = 0; i < n; ++i) {
#pragma omp task define(4) shared(a)
    k1(a + i);
#pragma omp task define(4) firstprivate(i)
    {
      k2(a, i);
    }
#pragma omp task run(4) depend(out : a[i]) priority(i)
  }
}

// CHECK: #pragma omp task define(4) shared(a)
// CHECK-NEXT: k1(a + i);
// CHECK-NEXT: #pragma omp task define(4) firstprivate(i)
// CHECK-NEXT: {
// CHECK-NEXT: k2(a, i);
// CHECK-NEXT: }
// CHECK-NEXT: #pragma omp task run(4) depend(out : a[i]) priority(i)
// CHECK-NEXT: }

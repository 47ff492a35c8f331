// MVOMP: -ast-print, -ast-dump and PCH round trips of 'task define' / 'task run',
// including task types that are value-dependent in a template.
// RUN: %clang_cc1 -verify -fopenmp -std=c++17 -ast-print %s | FileCheck %s
// RUN: %clang_cc1 -fopenmp -std=c++17 -x c++ -emit-pch -o %t %s
// RUN: %clang_cc1 -fopenmp -std=c++17 -include-pch %t -verify %s -ast-print | FileCheck %s
// RUN: %clang_cc1 -fopenmp -std=c++17 -ast-dump %s | FileCheck %s --check-prefix=DUMP
// RUN: %clang_cc1 -fopenmp -std=c++17 -include-pch %t -ast-dump-all %s | FileCheck %s --check-prefix=DUMP
// expected-no-diagnostics

#ifndef HEADER
#define HEADER

void kernel(int *);

template <int N> void launch(int *a, int c) {
#pragma omp task define(N) firstprivate(a)
  kernel(a);
#pragma omp task define(N + 1 - 1)
  kernel(a + 1);
#pragma omp task run(N) depend(inout : a[0]) if (c) final(c > 1) priority(2) mergeable
}

void use(int *a) { launch<3>(a, 1); }

// CHECK: template <int N> void launch(int *a, int c) {
// CHECK-NEXT: #pragma omp task define(N) firstprivate(a)
// CHECK-NEXT: kernel(a);
// CHECK-NEXT: #pragma omp task define(N + 1 - 1)
// CHECK-NEXT: kernel(a + 1);
// CHECK-NEXT: #pragma omp task run(N) depend(inout : a[0]) if(c) final(c > 1) priority(2) mergeable
// CHECK-NEXT: }
// CHECK: template<> void launch<3>(int *a, int c) {
// CHECK-NEXT: #pragma omp task define(3) firstprivate(a)
// CHECK-NEXT: kernel(a);
// CHECK-NEXT: #pragma omp task define(3 + 1 - 1)
// CHECK-NEXT: kernel(a + 1);
// CHECK-NEXT: #pragma omp task run(3) depend(inout : a[0]) if(c) final(c > 1) priority(2) mergeable
// CHECK-NEXT: }

// DUMP: FunctionDecl {{.*}} launch 'void (int *, int)'
// DUMP: OMPTaskDirective {{.*}} <line:16:1, col:43>{{$}}
// DUMP-NEXT: OMPDefineClause
// DUMP-NEXT: DeclRefExpr {{.*}} NonTypeTemplateParm {{.*}} 'N' 'int'
// DUMP-NEXT: OMPFirstprivateClause
// DUMP: OMPTaskDirective {{.*}} openmp_standalone_directive
// DUMP-NEXT: OMPRunClause
// DUMP-NEXT: DeclRefExpr {{.*}} NonTypeTemplateParm {{.*}} 'N' 'int'
// DUMP-NEXT: OMPDependClause
// DUMP: FunctionDecl {{.*}} launch 'void (int *, int)' implicit_instantiation
// DUMP: OMPTaskDirective
// DUMP-NEXT: OMPDefineClause
// DUMP-NEXT: ConstantExpr {{.*}} 'int'
// DUMP-NEXT: value: Int 3
// DUMP-NEXT: SubstNonTypeTemplateParmExpr
// DUMP: OMPTaskDirective {{.*}} openmp_standalone_directive
// DUMP-NEXT: OMPRunClause
// DUMP-NEXT: ConstantExpr {{.*}} 'int'
// DUMP-NEXT: value: Int 3

#endif

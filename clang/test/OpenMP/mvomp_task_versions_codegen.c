// MVOMP: code generation of 'task define' / 'task run' for the runtime ABI of
// docs/abi.md: version allocation, the launch call with the run's clauses, the
// version table of each task type and the constructor that registers it.
// RUN: %clang_cc1 -fopenmp -triple x86_64-unknown-linux-gnu -emit-llvm %s -o - | FileCheck %s
// RUN: %clang_cc1 -fopenmp-simd -triple x86_64-unknown-linux-gnu -emit-llvm %s -o - | FileCheck %s --check-prefix=SIMD

void k1(int *);
void k2(int *, int);
typedef void (*kernel_fn)(int *);
struct lib {
  kernel_fn k;
};

void f(int *a, int c, struct lib *l) {
#pragma omp task define(7)
  k1(a);
#pragma omp task define(7) firstprivate(c)
  {
    k2(a, c);
    k2(a, c + 1);
  }
#pragma omp task define(7)
  l->k(a);
#pragma omp task run(7) depend(inout : a[0]) if (c) final(c > 1) priority(4)
}

void g(int *a) {
#pragma omp task define(0)
  k1(a);
#pragma omp task run(0)
}

// The version names: the callee of a single call, file:line otherwise, the
// callee as written for a call through a pointer; the location of each define.
// CHECK-DAG: [[K1:@.str[.0-9]*]] = private unnamed_addr constant [3 x i8] c"k1\00"
// CHECK-DAG: [[LOC15:@.str[.0-9]*]] = private unnamed_addr constant {{.*}} c"{{.*}}mvomp_task_versions_codegen.c:15:1\00"
// CHECK-DAG: [[NAME17:@.str[.0-9]*]] = private unnamed_addr constant {{.*}} c"mvomp_task_versions_codegen.c:17\00"
// CHECK-DAG: [[LOC17:@.str[.0-9]*]] = private unnamed_addr constant {{.*}} c"{{.*}}mvomp_task_versions_codegen.c:17:1\00"
// CHECK-DAG: [[LK:@.str[.0-9]*]] = private unnamed_addr constant [5 x i8] c"l->k\00"
// CHECK-DAG: [[LOC22:@.str[.0-9]*]] = private unnamed_addr constant {{.*}} c"{{.*}}mvomp_task_versions_codegen.c:22:1\00"
// CHECK-DAG: @.omp.task_versions.0 = private constant [1 x { ptr, ptr, ptr }] [{ ptr, ptr, ptr } { ptr [[G_E0:@.omp_task_entry.[.0-9]*]], ptr [[K1]], ptr @{{.*}} }]
// CHECK-DAG: @.omp.task_versions.7 = private constant [3 x { ptr, ptr, ptr }] [{ ptr, ptr, ptr } { ptr [[F_E0:@.omp_task_entry.[.0-9]*]], ptr [[K1]], ptr [[LOC15]] }, { ptr, ptr, ptr } { ptr [[F_E1:@.omp_task_entry.[.0-9]*]], ptr [[NAME17]], ptr [[LOC17]] }, { ptr, ptr, ptr } { ptr [[F_E2:@.omp_task_entry.[.0-9]*]], ptr [[LK]], ptr [[LOC22]] }]
// CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @.omp.task_versions_register, ptr null }]

// Each define is allocated with its index and the flags of a tied task, kept,
// and not launched; the run passes them in order with its clauses.
// CHECK-LABEL: define {{.*}}void @f(
// CHECK: [[T0:%.*]] = call ptr @__kmpc_omp_task_version_alloc(ptr @{{.*}}, i32 [[GTID:%.*]], i32 0, i32 1, i64 48, i64 0, ptr [[F_E0]])
// CHECK-NEXT: store ptr [[T0]], ptr [[S0:%.omp.task_version[0-9]*]]
// CHECK: call ptr @__kmpc_omp_task_version_alloc(ptr @{{.*}}, i32 [[GTID]], i32 1, i32 1, i64 56, i64 0, ptr [[F_E1]])
// CHECK: call ptr @__kmpc_omp_task_version_alloc(ptr @{{.*}}, i32 [[GTID]], i32 2, i32 1, i64 56, i64 0, ptr [[F_E2]])
// CHECK-NOT: call {{.*}}@__kmpc_omp_task(
// CHECK: [[V0:%.*]] = load ptr, ptr [[S0]]
// CHECK-NEXT: [[P0:%.*]] = getelementptr inbounds [3 x ptr], ptr [[ARR:%.omp.task_versions]], i64 0, i64 0
// CHECK-NEXT: store ptr [[V0]], ptr [[P0]]
// if (c): IF0 (1) when false; final(c > 1): FINAL (2); priority(4): PRIORITY (4).
// CHECK: [[IF:%.*]] = select i1 %{{.*}}, i32 0, i32 1
// CHECK-NEXT: [[F1:%.*]] = or i32 0, [[IF]]
// CHECK: [[FINAL:%.*]] = select i1 %{{.*}}, i32 2, i32 0
// CHECK-NEXT: [[F2:%.*]] = or i32 [[F1]], [[FINAL]]
// CHECK-NEXT: [[FLAGS:%.*]] = or i32 [[F2]], 4
// CHECK: call i32 @__kmpc_omp_task_versions(ptr @{{.*}}, i32 [[GTID]], i32 7, i32 3, ptr [[ARR]], i32 [[FLAGS]], i32 4, i32 1, ptr %{{.*}}, i32 0, ptr null)
// CHECK-NOT: call {{.*}}@__kmpc_omp_task(
// CHECK-LABEL: define {{.*}}void @g(
// CHECK: call ptr @__kmpc_omp_task_version_alloc(ptr @{{.*}}, i32 %{{.*}}, i32 0, i32 1, i64 48, i64 0, ptr [[G_E0]])
// CHECK: call i32 @__kmpc_omp_task_versions(ptr @{{.*}}, i32 %{{.*}}, i32 0, i32 1, ptr %{{.*}}, i32 0, i32 0, i32 0, ptr null, i32 0, ptr null)

// The registration constructor: one call per task type.
// CHECK-LABEL: define internal void @.omp.task_versions_register()
// CHECK-NEXT: entry:
// CHECK-NEXT: call void @__kmpc_task_versions_register(ptr null, i32 0, i32 1, ptr @.omp.task_versions.0)
// CHECK-NEXT: call void @__kmpc_task_versions_register(ptr null, i32 7, i32 3, ptr @.omp.task_versions.7)
// CHECK-NEXT: ret void

// Without the tasking runtime the first version of each launch runs in place.
// SIMD-LABEL: define {{.*}}void @f(
// SIMD: call void @k1(
// SIMD-NOT: call
// SIMD: ret void
// SIMD-LABEL: define {{.*}}void @g(
// SIMD: call void @k1(
// SIMD-NOT: __kmpc
// SIMD-NOT: task_versions

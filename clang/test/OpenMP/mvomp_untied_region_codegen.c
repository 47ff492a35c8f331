// MVOMP: an untied task that creates tasks inside a taskgroup or a critical
// region. Upstream 19.1.7 made a task switching point there: the task returned
// through the region's end (__kmpc_end_taskgroup, __kmpc_end_critical) and
// resumed inside it, a module that does not verify ("Instruction does not
// dominate all uses"), and programs that recursed until their stack overflowed
// (openmp/runtime/test/mvomp/base/untied_regions.c). Now the task switches at
// the scheduling points outside such regions only.
// RUN: %clang_cc1 -fopenmp -triple x86_64-unknown-linux-gnu -emit-llvm %s -o - | FileCheck %s

void g(void);

// CHECK-LABEL: define internal {{.*}} @.omp_task_entry.
// CHECK:       switch i32 %{{[0-9]+}}, label %.untied.done.
// CHECK-NEXT:    i32 0, label %.untied.jmp.
// CHECK-NEXT:    i32 1, label %.untied.jmp.
// CHECK-NEXT:    i32 2, label %.untied.jmp.
// CHECK-NEXT:    i32 3, label %.untied.jmp.
// CHECK-NEXT:    i32 4, label %.untied.jmp.
// CHECK-NEXT:  ]
// Inside the regions: tasks created, no part ends there.
// CHECK:       call void @__kmpc_taskgroup(
// CHECK-NOT:   .untied.jmp.
// CHECK:       call i32 @__kmpc_omp_task(
// CHECK-NOT:   .untied.jmp.
// CHECK:       call void @__kmpc_end_taskgroup(
// CHECK:       call void @__kmpc_critical(
// CHECK-NOT:   .untied.jmp.
// CHECK:       call i32 @__kmpc_omp_task(
// CHECK-NOT:   .untied.jmp.
// CHECK:       call void @__kmpc_end_critical(
void untied_regions(void) {
#pragma omp task untied
  {
#pragma omp task
    g();
#pragma omp taskgroup
    {
#pragma omp task
      g();
#pragma omp taskwait
    }
#pragma omp critical
    {
#pragma omp task
      g();
    }
#pragma omp task
    g();
#pragma omp taskwait
  }
}

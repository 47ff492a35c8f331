// Untied tasks that create tasks inside a taskgroup or a critical region run
// every task once and end (docs/architecture.md, upstream fixes). Clang
// 19.1.7 made a task switching point inside such a region: the untied task
// returned through the region's end and resumed inside it, and this program
// recursed until its stack overflowed (a segmentation fault on 1, 2 and 4
// threads). Each run is under `timeout` so that a hang fails the test.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 timeout 60 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 timeout 60 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 timeout 60 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" timeout 60 %libomp-run | FileCheck %s
// CHECK: taskgroup: 700 of 700
// CHECK-NEXT: critical: 700 of 700
// CHECK-NEXT: nested: 4300 of 4300

#include <stdio.h>

static long ran;

static void count(void) {
#pragma omp atomic
  ++ran;
}

int main(void) {
  long in_taskgroup, in_critical;
#pragma omp parallel
#pragma omp single
  {
    for (int t = 0; t < 100; ++t) {
#pragma omp task untied
      {
#pragma omp taskgroup
        {
          for (int i = 0; i < 7; ++i) {
#pragma omp task
            count();
          }
        }
      }
    }
#pragma omp taskwait
    in_taskgroup = ran;
    ran = 0;
    for (int t = 0; t < 100; ++t) {
#pragma omp task untied
      {
#pragma omp critical
        {
          for (int i = 0; i < 7; ++i) {
#pragma omp task
            count();
          }
        }
#pragma omp taskwait
      }
    }
#pragma omp taskwait
    in_critical = ran;
    ran = 0;
    // Untied tasks in a taskgroup of an untied task, with switching points
    // (task creation, taskwait) outside the regions too.
    for (int t = 0; t < 100; ++t) {
#pragma omp task untied
      {
#pragma omp task
        count();
#pragma omp taskgroup
        {
          for (int i = 0; i < 7; ++i) {
#pragma omp task untied
            {
#pragma omp taskgroup
              {
                for (int j = 0; j < 6; ++j) {
#pragma omp task
                  count();
                }
              }
            }
          }
        }
#pragma omp taskwait
      }
    }
#pragma omp taskwait
  }
  printf("taskgroup: %ld of 700\n", in_taskgroup);
  printf("critical: %ld of 700\n", in_critical);
  printf("nested: %ld of 4300\n", ran);
  return 0;
}

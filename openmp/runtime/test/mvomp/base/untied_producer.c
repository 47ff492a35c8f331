// An untied task that creates many tasks (the OpenMP Examples' tasking.6.c)
// runs each once and ends (docs/architecture.md, upstream fixes). With its
// thread's deque full (or the team serialized), libomp 19.1.7 ran the untied
// task's next part inside the call that queued it, from the part before: one
// more stack level per task created, a segmentation fault from 10^5 tasks on
// 1, 2 and 4 threads (llvm-project issue #127395). Each run is under `timeout`.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 timeout 60 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 timeout 60 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 timeout 60 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" timeout 60 %libomp-run | FileCheck %s
// CHECK: processed 300000 of 300000

#include <stdio.h>

#define LARGE_NUMBER 300000
static double item[LARGE_NUMBER];
static long processed;

static void process(double x) {
  (void)x;
#pragma omp atomic
  ++processed;
}

int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
      int i;
#pragma omp task untied
      // i is firstprivate, item is shared
      {
        for (i = 0; i < LARGE_NUMBER; i++)
#pragma omp task
          process(item[i]);
      }
    }
  }
  printf("processed %ld of %d\n", processed, LARGE_NUMBER);
  return 0;
}

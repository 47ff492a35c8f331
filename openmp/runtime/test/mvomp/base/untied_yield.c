// An untied task whose untied children yield: libomp re-queues the parent's continuation after
// each child it creates, and a thread in a child's taskyield could resume the parent above that
// child on its own stack; the parent's taskwait then waited for the child below it, which could
// not go on (a hang; ERASE on, 2 threads: 16 runs of 40 with the libomp of 2026-11-27, found by
// the random task programs' sweep, seed 77). A thread now resumes no ancestor of the task it is
// suspended in (kmp_tasking.cpp.patch). 100 rounds per run, every child once.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 timeout 60 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 timeout 60 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off timeout 60 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STEAL=cluster OMP_ERASE_CLUSTERS="a:0;b:1" timeout 60 %libomp-run 2>&1 | FileCheck %s
// CHECK: 100 rounds, 700 children
#include <omp.h>
#include <stdio.h>

int main(void) {
  int children = 0, rounds = 0;
  for (int r = 0; r < 100; ++r) {
#pragma omp parallel
#pragma omp single
    {
#pragma omp task untied shared(children)
      {
        for (int i = 0; i < 7; ++i) {
#pragma omp task untied shared(children)
          {
#pragma omp taskyield
#pragma omp atomic
            ++children;
          }
        }
#pragma omp taskwait
      }
#pragma omp taskwait
      ++rounds;
    }
  }
  printf("%d rounds, %d children\n", rounds, children);
  return 0;
}

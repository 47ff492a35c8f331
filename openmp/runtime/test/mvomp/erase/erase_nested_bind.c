// ERASE binds thread tid of a team to the tid-th CPU of the clusters; a
// nested team's threads number from 0 again, so before, every inner team was
// bound to the same first CPUs: 2 outer x 3 inner threads on 2 CPUs put 4
// threads on CPU 0 and 2 on CPU 1 (4 x 4 on 16 CPUs would have used 4 of
// them). A thread of a nested team now goes to the CPU with the fewest
// threads placed. Each thread creates tasks (ERASE places a thread when it
// first maps or runs one) and reports the CPU it is bound to.
// RUN: %libomp-compile
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" %libomp-run | FileCheck %s
// CHECK: threads bound 6, per CPU 3 3
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

static int bound_cpu(void) {
  cpu_set_t s;
  if (sched_getaffinity(0, sizeof s, &s) != 0 || CPU_COUNT(&s) != 1)
    return -1;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &s))
      return c;
  return -1;
}

int main(void) {
  int per_cpu[2] = {0, 0}, bound = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(3)
  {
    for (int k = 0; k < 20; ++k) {
#pragma omp task
      {
        volatile int x = 0;
        for (int j = 0; j < 1000; ++j)
          x += j;
      }
    }
#pragma omp taskwait
    int c = bound_cpu();
#pragma omp critical
    if (c == 0 || c == 1) {
      ++bound;
      ++per_cpu[c];
    }
  }
  printf("threads bound %d, per CPU %d %d\n", bound, per_cpu[0], per_cpu[1]);
  return 0;
}

// Nested taskloops under ERASE (docs/erase.md, "Taskloop moldability"): each
// chunk of the outer loop runs an instance of the inner one, so instances of
// the inner loop run at once on both threads. A taskloop type times one
// instance at a time, counting only its own chunks (those of its taskgroup).
// Before, every instance's chunks counted down the timed one: it ended early,
// or with a chunk that ended before it began, and its history held a time of
// 2^64 ns (a mean of 10^8-10^9 s in OMP_ERASE_STATS, in 15 runs of 20 on two
// clusters, 4 of 20 on one). Every iteration runs once, every mean stays
// below a second.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.two.csv %libomp-run | FileCheck %s
// RUN: awk -F, -f %S/Inputs/loop_means.awk %t.two.csv | FileCheck --check-prefix=MEANS %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.one.csv %libomp-run | FileCheck %s
// RUN: awk -F, -f %S/Inputs/loop_means.awk %t.one.csv | FileCheck --check-prefix=MEANS %s
// CHECK: iterations ok
// MEANS: taskloop rows 2 or more, means below 1 s: yes

#include <stdio.h>

#define OUTER 64
#define INNER 256
#define REPS 600
static int hits[OUTER][INNER];

int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int r = 0; r < REPS; ++r) {
#pragma omp taskloop
    for (int i = 0; i < OUTER; ++i) {
#pragma omp taskloop
      for (int j = 0; j < INNER; ++j)
        __atomic_fetch_add(&hits[i][j], 1, __ATOMIC_RELAXED);
    }
  }
  int ok = 1;
  for (int i = 0; i < OUTER; ++i)
    for (int j = 0; j < INNER; ++j)
      ok &= hits[i][j] == REPS;
  printf("iterations %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}

// MVOMP-LIT: measures
// A second run from the model store places its grain arms where the first
// run's were (docs/grain.md, "The second run's arms"): the arms' task counts
// come from the loop's work per iteration, which a run estimates from the
// least of its default executions, and a second run from the stored
// default's statistics. Those gave the mean of the default's two executions
// (the first cold, 1.1-2x the second) before, so that the second run's arm k
// had another task count than the one the loaded statistics of arm k were
// measured at. Here the default's second execution is made several times
// slower than its first (each of its iterations waits 2 us), so that their
// mean is far from the least: the work the second run starts from must be
// the first run's, printed to 4 digits.
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir
// (A run judged disturbed would save nothing: the judgement is off here.)
// DEFINE: %{run} = env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT=mean OMP_SELECT_STORE_DISTURBED=off OMP_SELECT_MODELS=%t.dir/m
// RUN: %{run} %libomp-run first > %t.dir/out
// RUN: %{run} %libomp-run second >> %t.dir/out
// RUN: FileCheck %s < %t.dir/out

// CHECK: first run: work [[W:[0-9.e+-]+]] ns
// CHECK: every iteration ran once
// CHECK: second run: work [[W]] ns
// CHECK: every iteration ran once

#include "../versions/mv_abi.h" // mv_spin_us
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define TRIP 1000
static int hits[TRIP];

static int run(int execs, const char *which) {
  kmp_taskloop_grain_info_t g;
  int noted = 0;
#pragma omp parallel
#pragma omp single
  for (int e = 0; e < execs; ++e) {
    // Mean's first two executions of a new key are the default's (its
    // repetitions, OMP_TASKLOOP_GRAIN_REPS): the second is the slow one.
#pragma omp taskloop
    for (int i = 0; i < TRIP; ++i) {
      hits[i]++;
      if (e == 1 && execs > 1)
        mv_spin_us(2);
    }
    noted = kmp_taskloop_grain_last(&g);
  }
  if (!noted) {
    printf("%s run: no grain chosen\n", which);
    return 1;
  }
  printf("%s run: work %.4g ns\n", which, g.iter_ns);
  for (int i = 0; i < TRIP; ++i)
    if (hits[i] != execs) {
      printf("iteration %d ran %d times, not %d\n", i, hits[i], execs);
      return 1;
    }
  printf("every iteration ran once\n");
  return 0;
}

int main(int argc, char **argv) {
  // The first run long enough to explore every arm twice and commit; the
  // second reports the work its first execution's choice was made with.
  if (argc > 1 && !strcmp(argv[1], "second"))
    return run(1, "second");
  return run(40, "first");
}

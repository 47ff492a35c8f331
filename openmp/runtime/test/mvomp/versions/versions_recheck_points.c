// First executions awaiting their re-check (docs/runtime.md#prediction-across-costs), end to end:
// "two" reports 1000 x cost ns, "one" 2000 x cost ns (kmp_task_stats_set), except at the run's
// first two costs, 100 and 110, where "one" reports 2400 x 100 and 2000 x 110 ns: its line through
// them falls, so it is predicted best at every larger cost.
//
// Then 9 new costs (200, 300, ..., 1000) are launched once each, in three passes. At a new cost
// "one" runs first, 2x slower than "two" and over twice its prediction: its first execution there
// awaits a re-check. Each such execution is a point of the next costs' predictions once the
// version has two of them: from the third new cost on "one" is predicted 2x slower and "two" runs;
// and the re-checks of the first two are explained by the corrected prediction and not run. Left
// out as points (one may be disturbed), they kept "one" predicted best at every new cost: it ran
// first at all 9, and again for its re-check at each (18 executions of the slower version).
//
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off %libomp-run | FileCheck %s

// CHECK: pass 1: one ran 2 times
// CHECK: pass 2: one ran 0 times
// CHECK: pass 3: one ran 0 times

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static long long cost_now;
static int ran_one;

static int one(int gtid, void *t) {
  kmp_task_stats_set(cost_now == 100   ? 2400 * 100
                     : cost_now == 110 ? 2000 * 110
                                       : 2000 * cost_now);
  ran_one++;
  return 0;
}
static int two(int gtid, void *t) {
  kmp_task_stats_set(1000 * cost_now);
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {one, two};
  const char *names[2] = {"one", "two"};
  mv_register(1, 2, e, names);
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 12; ++i)
      mv_run_at_cost(1, 2, e, i < 6 ? 100 : 110, &cost_now);
    for (int pass = 1; pass <= 3; ++pass) {
      ran_one = 0;
      for (long long c = 200; c <= 1000; c += 100)
        mv_run_at_cost(1, 2, e, c, &cost_now);
      printf("pass %d: one ran %d times\n", pass, ran_one);
    }
  }
  return 0;
}

// Prediction by ratio (docs/runtime.md#prediction-across-costs), end to end: two versions
// report their times with kmp_task_stats_set, "fast" 1000 x cost ns and "near" 1100 x cost ns
// (10% slower at every cost).
//
// The run's first costs are 1, 2, 4, 8 and 16 (6 launches each), then 60 launches run at cost
// 32, which neither has met; "fast" is predicted best at each new cost and runs first. Each
// version's own curve predicts "near" 1.1x with an error of at least 25% (the curves' floor): a
// long shot that patience runs after 2 or 3 launches. Their ratio, the same at every cost, is
// known within 5% (its floor) once both ran at 4 costs: after "fast" ran at a new cost, "near" is
// predicted from it at 1.1x +- 5%, and patience keeps it waiting for about 200 launches. So it
// waits already at cost 16, and at cost 32 past the 60 launches. OMP_SELECT_RATIO=off predicts
// from the curves alone: "near" runs at every cost, and at cost 32 once more: its one execution's
// second chance (OMP_SELECT_SECOND_CHANCE, docs/runtime.md), once the key's time reaches 16 times
// its excess over "fast".
//
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off %libomp-run | FileCheck --check-prefix=RATIO %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_RATIO=off %libomp-run | FileCheck --check-prefix=CURVES %s

// RATIO: first costs: near ran at 4 of 5
// RATIO: cost 32: near ran 0 times, first at launch 0 of 60
// CURVES: first costs: near ran at 5 of 5
// CURVES: cost 32: near ran 2 times, first at launch {{[2-5]}} of 60

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static long long cost_now;
static int ran_near;

static int fast(int gtid, void *t) {
  kmp_task_stats_set(1000 * cost_now);
  return 0;
}
static int near(int gtid, void *t) {
  kmp_task_stats_set(1100 * cost_now);
  ran_near = 1;
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {fast, near};
  const char *names[2] = {"fast", "near"};
  mv_register(1, 2, e, names);
  int count = 0, first_at = 0, costs_near = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int c = 1; c <= 16; c *= 2) {
      int here = 0;
      for (int i = 0; i < 6; ++i) {
        ran_near = 0;
        mv_run_at_cost(1, 2, e, c, &cost_now);
        here |= ran_near;
      }
      costs_near += here;
    }
    for (int i = 1; i <= 60; ++i) {
      ran_near = 0;
      mv_run_at_cost(1, 2, e, 32, &cost_now);
      if (ran_near && count++ == 0)
        first_at = i;
    }
  }
  printf("first costs: near ran at %d of 5\n", costs_near);
  printf("cost 32: near ran %d time%s, first at launch %d of 60\n", count,
         count == 1 ? "" : "s", first_at);
  return 0;
}

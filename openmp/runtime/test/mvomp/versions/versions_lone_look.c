// Mean's look at a lone execution (docs/runtime.md#choosing-a-policy), end to
// end, with times set by kmp_task_stats_set, each within 5% of: "slow" 1500 x
// cost ns; "fast" 1530 x cost ns at first, 1000 x cost ns from phase 3 on
// (another input, say).
//
// 1. Costs 50 and 200: Mean runs slow (fast 2% slower).
// 2. Cost 100, new: slow is predicted best and runs; fast, predicted within
//    reach, runs once, and that one execution is disturbed 20x. Mean commits
//    to slow there, and nothing would run fast at cost 100 again: elimination
//    and Mean's second look pass over a version over twice the choice.
// 3. Costs 50 and 200 again, fast now 1000 x cost: Mean's second looks find
//    it at cost 50, and its line through 50 and 200 (each a factor 2 from
//    cost 100) predicts it at cost 100 under slow, where its one execution
//    lies far over the line's interval.
// 4. Cost 100, 100 launches: at slow's next doubling there fast runs once
//    more, its first execution is judged by the second (disturbed: counted at
//    the second's time) and Mean takes fast. With OMP_SELECT_LONE_RECHECK=off
//    (or the thesis' statistics) slow runs all 100.
//
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off \
// RUN:   OMP_SELECT_LONE_RECHECK=off %libomp-run | FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_ROBUST=off \
// RUN:   %libomp-run | FileCheck %s --check-prefix=OFF

// CHECK: phase 2: fast 1 slow {{[0-9]+}}
// CHECK: phase 3: fast {{[0-9]+}}
// CHECK: phase 4: fast {{9[0-9]}} slow {{[0-9]}}
// OFF: phase 4: fast 0 slow 100

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static long long cost_now;
static int phase, ran_fast, ran_slow, disturbed;
static unsigned noise = 1;

// A time of about ns: within 5% of it, the same sequence in every run.
static long long jitter(double ns) {
  noise = noise * 1103515245u + 12345u;
  return (long long)(ns * (0.95 + 0.1 * ((noise >> 16) & 0x7fff) / 32768.0));
}

static int fast(int gtid, void *t) {
  double ns = (phase < 3 ? 1530 : 1000) * cost_now;
  if (phase == 2 && !disturbed++)
    ns *= 20;
  kmp_task_stats_set(jitter(ns));
  ran_fast++;
  return 0;
}
static int slow(int gtid, void *t) {
  kmp_task_stats_set(jitter(1500 * cost_now));
  ran_slow++;
  return 0;
}

static void report(int p) {
  printf("phase %d: fast %d slow %d\n", p, ran_fast, ran_slow);
  ran_fast = ran_slow = 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
#pragma omp parallel
#pragma omp single
  {
    phase = 1;
    for (int i = 0; i < 40; ++i)
      mv_run_at_cost(1, 2, e, i % 2 ? 200 : 50, &cost_now);
    report(1);
    phase = 2;
    for (int i = 0; i < 6; ++i)
      mv_run_at_cost(1, 2, e, 100, &cost_now);
    report(2);
    phase = 3;
    for (int i = 0; i < 400; ++i)
      mv_run_at_cost(1, 2, e, i % 2 ? 200 : 50, &cost_now);
    report(3);
    for (int i = 0; i < 100; ++i)
      mv_run_at_cost(1, 2, e, 100, &cost_now);
    report(4);
  }
  return 0;
}

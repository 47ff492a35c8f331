// The re-check of stored statistics when an earlier run was disturbed at
// every cost (OMP_SELECT_STORE_RECHECK, docs/runtime.md, "Ageing"): "fast"
// reports 1 x cost ns and "slow" 2 x cost (kmp_task_stats_set), except in a
// disturbed first run, where fast reports 3 x cost everywhere (a run on a busy
// machine). That run (without prediction across costs, so that it runs fast at
// every cost) leaves a store where fast is slower than slow at all five costs.
// The second run, undisturbed, would never run fast again: this run has no
// line of fast's to contradict the store with. Within a budget of 1% of the
// process's time (each launch here also waits 20 us), fast runs once at the
// key where it costs least by its stored statistics (cost 100), is found faster
// than slow there and restarts; once more at the next (200); and its line of
// this run then contradicts the store at the other costs. With the rule off
// the second run runs slow at every launch.
//
// RUN: %libomp-compile && rm -rf %t.dir %t.off
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_PREDICT=off OMP_SELECT_MODELS=%t.dir %libomp-run first | FileCheck --check-prefix=FIRST %s
// RUN: cp -r %t.dir %t.off
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir %libomp-run second | FileCheck --check-prefix=SECOND %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.off OMP_SELECT_STORE_RECHECK=off %libomp-run second | FileCheck --check-prefix=OFF %s

// FIRST: slow ran {{[0-9]+}} of 60, fast at 5 costs
// The looks run slow at most the first round's launches and a few more.
// SECOND: slow ran {{[0-9]}} of 60, fast at 5 costs
// OFF: slow ran 60 of 60, fast at 0 costs

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static long long cost_now;
static int ran_slow, disturb, fast_at[5];

static int slow(int gtid, void *t) {
  kmp_task_stats_set(2 * cost_now);
  ran_slow++;
  return 0;
}
static int fast(int gtid, void *t) {
  kmp_task_stats_set((disturb ? 3 : 1) * cost_now);
  for (int i = 0; i < 5; ++i)
    if (cost_now == 100LL << i)
      fast_at[i] = 1;
  return 0;
}

int main(int argc, char **argv) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  disturb = argc > 1 && strcmp(argv[1], "first") == 0;
  mv_register(1, 2, e, names);
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < 12; ++r)
      for (int i = 0; i < 5; ++i) {
        mv_run_at_cost(1, 2, e, 100LL << i, &cost_now);
        mv_spin_us(20);
      }
    int costs = 0;
    for (int i = 0; i < 5; ++i)
      costs += fast_at[i];
    printf("slow ran %d of 60, fast at %d costs\n", ran_slow, costs);
  }
  return 0;
}

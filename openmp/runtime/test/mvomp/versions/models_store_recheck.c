// The re-check of stored statistics (OMP_SELECT_STORE_RECHECK, docs/runtime.md,
// "Ageing"): "fast" reports 1000 x cost ns and "slow" 2000 x cost
// (kmp_task_stats_set), except that in a disturbed first run fast reports
// 3000 x cost at the costs from 800 on (a run beside another job, a vCPU the
// host took away). That run (without prediction across costs, so that it runs
// fast at every cost) measures both at costs 100..400 and at 800, 1600 and
// 3200, where its store then holds fast slower than slow. The second run,
// undisturbed, runs fast again at 100..400 (the best there): its own line puts
// fast at 1000 x cost, under slow and under the stored 3000, at 800 (within
// twice the costs of the line's points), so fast runs there at the key's
// first launch, in place of slow (the stored best), is found at 1000 x cost
// (inside the prediction's interval), and its stored statistics restart; 800
// is then a point of the line, which reaches 1600, and so on: slow does not
// run at the large costs (it ran once per large cost when the check waited
// for the key's second launch), where it runs at every launch with the rule
// off.
//
// RUN: %libomp-compile && rm -rf %t.dir %t.off
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_PREDICT=off OMP_SELECT_MODELS=%t.dir OMP_SELECT_STATS=%t.first.csv %libomp-run first | FileCheck --check-prefix=FIRST %s
// RUN: cp -r %t.dir %t.off
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir OMP_SELECT_STATS=%t.csv %libomp-run second | FileCheck --check-prefix=SECOND %s
// RUN: grep -h '"fast".*,3200,' %t.csv | FileCheck --check-prefix=STATS %s
// RUN: grep -h '"fast".*,3200,' %t.dir/*.csv | FileCheck --check-prefix=ROW %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.off OMP_SELECT_STORE_RECHECK=off %libomp-run second | FileCheck --check-prefix=OFF %s
// The same from OMP_SELECT_LOAD (the first run's stats.csv), the store off.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_LOAD=%t.first.csv %libomp-run second | FileCheck --check-prefix=SECOND %s

// FIRST: large costs: slow ran {{[1-9][0-9]}} of 36
// SECOND: small costs: slow ran 0 of 48
// SECOND: large costs: slow ran 0 of 36
// The restarted arm: this run's mean (3.2 ms at cost 3200), origin store.
// STATS: "fast",{{.*}},3200,-1,{{[0-9]+}},3200000.0,{{.*}},store
// The store then holds this run's statistics, not the disturbed ones.
// ROW: "fast",{{.*}},3200,-1,{{[0-9]+}},3200000,
// OFF: small costs: slow ran 0 of 48
// OFF: large costs: slow ran 36 of 36

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static long long cost_now;
static int ran_slow, disturb;

static int slow(int gtid, void *t) {
  kmp_task_stats_set(2000 * cost_now);
  ran_slow++;
  return 0;
}
static int fast(int gtid, void *t) {
  kmp_task_stats_set((disturb && cost_now >= 800 ? 3000 : 1000) * cost_now);
  return 0;
}

int main(int argc, char **argv) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  const char *what = argc > 1 ? argv[1] : "";
  disturb = strcmp(what, "first") == 0;
  mv_register(1, 2, e, names);
#pragma omp parallel
#pragma omp single
  {
    ran_slow = 0;
    for (long long c = 100; c <= 400; c += 100)
      for (int i = 0; i < 12; ++i)
        mv_run_at_cost(1, 2, e, c, &cost_now);
    if (!disturb)
      printf("small costs: slow ran %d of 48\n", ran_slow);
    ran_slow = 0;
    for (long long c = 800; c <= 3200; c *= 2)
      for (int i = 0; i < 12; ++i)
        mv_run_at_cost(1, 2, e, c, &cost_now);
    printf("large costs: slow ran %d of 36\n", ran_slow);
  }
  return 0;
}

// The re-check of stored statistics also judges the stored best
// (OMP_SELECT_STORE_RECHECK, docs/runtime.md, "Ageing"): "a" reports 1000 x
// cost ns and "b" 3000 x cost (kmp_task_stats_set), except in a disturbed
// first run, where a reports 2500 x cost at the costs from 800 on: still the
// best there, with a stored mean 2.5 times its time. The second run,
// undisturbed, measures a again at 100..400, and a's first execution at 800,
// 1600 and 3200 lies on that line of this run's while the stored mean is far
// over it: a's statistics there restart at this run's time (stats.csv's mean
// is exactly 1000 x cost), where with the rule off the stored executions keep
// weighing in the mean.
//
// RUN: %libomp-compile && rm -rf %t.dir %t.off
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_PREDICT=off OMP_SELECT_MODELS=%t.dir %libomp-run first
// RUN: cp -r %t.dir %t.off
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir OMP_SELECT_STATS=%t.csv %libomp-run second
// RUN: grep -h '"a",' %t.csv | FileCheck --check-prefix=ON %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.off OMP_SELECT_STORE_RECHECK=off OMP_SELECT_STATS=%t.off.csv %libomp-run second
// RUN: grep -h '"a",' %t.off.csv | FileCheck --check-prefix=OFF %s

// Restarted: this run's mean, no spread.
// ON-DAG: "a",{{[^,]*}},800,-1,{{[0-9]+}},800000.0,0.0,
// ON-DAG: "a",{{[^,]*}},1600,-1,{{[0-9]+}},1600000.0,0.0,
// ON-DAG: "a",{{[^,]*}},3200,-1,{{[0-9]+}},3200000.0,0.0,
// Blended with the stored executions: a spread.
// OFF-DAG: "a",{{[^,]*}},800,-1,{{[0-9]+}},{{[0-9.]+}},{{[1-9][0-9.]*}},
// OFF-DAG: "a",{{[^,]*}},1600,-1,{{[0-9]+}},{{[0-9.]+}},{{[1-9][0-9.]*}},
// OFF-DAG: "a",{{[^,]*}},3200,-1,{{[0-9]+}},{{[0-9.]+}},{{[1-9][0-9.]*}},

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static long long cost_now;
static int disturb;

static int a(int gtid, void *t) {
  kmp_task_stats_set((disturb && cost_now >= 800 ? 2500 : 1000) * cost_now);
  return 0;
}
static int b(int gtid, void *t) {
  kmp_task_stats_set(3000 * cost_now);
  return 0;
}

int main(int argc, char **argv) {
  kmp_routine_entry_t e[2] = {a, b};
  const char *names[2] = {"a", "b"};
  disturb = argc > 1 && strcmp(argv[1], "first") == 0;
  mv_register(1, 2, e, names);
#pragma omp parallel
#pragma omp single
  {
    for (long long c = 100; c <= 400; c += 100)
      for (int i = 0; i < 12; ++i)
        mv_run_at_cost(1, 2, e, c, &cost_now);
    for (long long c = 800; c <= 3200; c *= 2)
      for (int i = 0; i < 12; ++i)
        mv_run_at_cost(1, 2, e, c, &cost_now);
  }
  return 0;
}

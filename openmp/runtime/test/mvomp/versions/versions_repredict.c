// A version that prediction took out at a cost, before it ran there, is
// predicted again as the type learns more at other costs, and explored there
// once its new prediction is no longer hopeless (docs/runtime.md, prediction
// across costs). The versions report their times with kmp_task_stats_set:
// "a" 50 us at costs up to 160 and 1 us above, "b" 5 us everywhere.
//
// 1. Costs 10, 40 and 160, both versions: "a" is 10x "b" there.
// 2. Cost 1000, both versions: "a", predicted 50 us from costs 10 to 160
//    (where its time does not grow: a line through costs 16x apart, close
//    enough to 1000 to be trusted within 2.4x), is taken out without
//    running; "b" runs.
// 3. Costs 800 and 1250, "a" alone: 1 us.
// 4. Cost 1000 again: "a", predicted again from four costs, is no longer
//    hopeless; it runs, and Mean keeps it (without the new prediction it never
//    ran at cost 1000: measured on a multi-size workload, the slower version
//    ran at a whole cost for the rest of the run).
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=mean OMP_SELECT_MODELS=off OMP_SELECT_STATS=r.csv %libomp-run | FileCheck --check-prefix=COUNT %s
// RUN: FileCheck --check-prefix=ROWS %s < r.csv
// With UCB too.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ucb OMP_SELECT_MODELS=off OMP_SELECT_STATS=u.csv %libomp-run | FileCheck --check-prefix=COUNT %s
// RUN: FileCheck --check-prefix=ROWS %s < u.csv

// COUNT: 90 launches
// The columns: type,version,name,location,cost,locality,count,mean_ns,...
// ("a" at most 20: none in phase 2.)
// ROWS-DAG: 1,0,"a","test",1000,-1,{{1[5-9]|20}},1000.0,
// ROWS-DAG: 1,1,"b","test",1000,-1,{{1[0-5]}},5000.0,

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static long long cost_now;

static int a(int gtid, void *t) {
  kmp_task_stats_set(cost_now <= 160 ? 50000 : 1000);
  return 0;
}
static int b(int gtid, void *t) {
  kmp_task_stats_set(5000);
  return 0;
}

static kmp_routine_entry_t entries[2] = {a, b};

// `count` launches of the first `nversions` versions at costs c0, c1, c2 in
// turn; returns count.
static int launches(int count, int nversions, long long c0, long long c1,
                    long long c2) {
  const long long costs[3] = {c0, c1, c2};
  for (int i = 0; i < count; ++i) {
    mv_run_at_cost(1, nversions, entries, costs[i % 3], &cost_now);
  }
  return count;
}

int main(void) {
  const char *names[2] = {"a", "b"};
  mv_register(1, 2, entries, names);
  int n = 0;
#pragma omp parallel
#pragma omp single
  {
    n += launches(30, 2, 10, 40, 160);     // 1
    n += launches(10, 2, 1000, 1000, 1000); // 2
    n += launches(30, 1, 800, 1250, 800);   // 3: "a" alone
    n += launches(20, 2, 1000, 1000, 1000); // 4
  }
  printf("%d launches\n", n);
  return 0;
}

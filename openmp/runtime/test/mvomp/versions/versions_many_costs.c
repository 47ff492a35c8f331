// A type with thousands of costs (docs/runtime.md, prediction across costs): from 512 keys on,
// each version lists the keys where it ran, and its predictions walk that list instead of every
// key (with 20,000 costs a launch cost 485 us before, 12 us since). The predictions must not
// change: "slow" (50x "fast", times set with kmp_task_stats_set) runs at the first costs only,
// and is predicted out of every later one, whose points it finds in its list (a version whose
// points were lost would be explored at each new cost: 3000 executions).
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_STATS=m.csv %libomp-run | FileCheck %s
// RUN: awk -F, '$3 == "\"slow\"" { n += $7 } $3 == "\"fast\"" { f += $7 } END { print "slow", n, "fast", f }' m.csv | FileCheck --check-prefix=COUNTS %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_MODELS=off %libomp-run | FileCheck %s
// CHECK: 4000 launches
// COUNTS: slow 2 fast 3998

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static long long cost_now;

static int slow(int gtid, void *t) {
  kmp_task_stats_set(50000 * cost_now);
  return 0;
}
static int fast(int gtid, void *t) {
  kmp_task_stats_set(1000 * cost_now);
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  int n = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 4000; ++i, ++n)
    mv_run_at_cost(1, 2, e, 1 + (i * 7919LL) % 3000, &cost_now);
  printf("%d launches\n", n);
  return 0;
}

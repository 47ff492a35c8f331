// Prediction across costs (docs/runtime.md#prediction-across-costs), end to end: two versions
// report their times with kmp_task_stats_set, "slow" 3 x cost^3 us and "fast" cost^3 us (3x:
// under elimination's 4, so only a prediction can spare "slow" Mean's 5 repetitions).
//
// One launch each at costs 4, 2, 1 and 8 (the first costs of the run), then 20 at cost 4 and 10
// at cost 16. The first cost starts from nothing: "slow", first in order, runs there before any
// prediction exists. Cost 2 runs "slow" too (one point: no fit yet); at cost 1 "fast", unknown,
// runs first and "slow" (predicted 3x) is not run; at cost 8 "fast" is predicted from one point
// with the slope "slow" showed. Back at cost 4 "slow" is vouched for by its prediction from the
// other costs: it does not run there again (5 times without prediction).
//
// At cost 16 the first execution of "fast", predicted best, reports 10x its time (a disturbed
// execution): "slow" runs once, "fast" runs a second time, the first counts at the second's time
// and Mean keeps "fast" (without the re-check it would have kept "slow").
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_STATS=p.csv %libomp-run | FileCheck --check-prefix=COUNT %s
// RUN: FileCheck --check-prefix=PREDICT %s < p.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_PREDICT=off OMP_SELECT_STATS=off.csv %libomp-run | FileCheck --check-prefix=COUNT %s
// RUN: FileCheck --check-prefix=OFF %s < off.csv
//
// The second run from the model store: "slow" at cost 4, measured once by the first run (its
// prediction stood for the rest), is vouched for again and not run; before 2026-11-26 the second
// run gave it its 4 remaining repetitions (count 5).
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/store %libomp-run | FileCheck --check-prefix=COUNT %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/store OMP_SELECT_STATS=second.csv %libomp-run | FileCheck --check-prefix=COUNT %s
// RUN: FileCheck --check-prefix=SECOND %s < second.csv

// COUNT: 34 launches
// The columns: type,version,name,location,cost,locality,count,mean_ns,...
// PREDICT-DAG: 1,0,"slow","test",4,-1,1,192000.0,
// PREDICT-DAG: 1,1,"fast","test",4,-1,20,64000.0,
// PREDICT-DAG: 1,0,"slow","test",2,-1,1,24000.0,
// PREDICT-DAG: 1,1,"fast","test",1,-1,1,1000.0,
// PREDICT-DAG: 1,0,"slow","test",1,-1,0,
// PREDICT-DAG: 1,1,"fast","test",8,-1,1,512000.0,
// PREDICT-DAG: 1,0,"slow","test",8,-1,0,
// PREDICT-DAG: 1,0,"slow","test",16,-1,1,12288000.0,
// PREDICT-DAG: 1,1,"fast","test",16,-1,9,4096000.0,
// Without prediction: Mean's 5 executions of each version at cost 4.
// OFF-DAG: 1,0,"slow","test",4,-1,5,192000.0,
// OFF-DAG: 1,1,"fast","test",4,-1,16,64000.0,
// The second run: the columns ...,policy,cluster,loaded,origin.
// SECOND-DAG: 1,0,"slow","test",4,-1,1,192000.0,{{.*}},mean,,1,store
// SECOND-DAG: 1,1,"fast","test",4,-1,{{[0-9]+}},64000.0,{{.*}},mean,,{{[1-9][0-9]*}},store

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static long long cost_now;
static int disturbed_once;

static int slow(int gtid, void *t) {
  kmp_task_stats_set(3000 * cost_now * cost_now * cost_now);
  return 0;
}
static int fast(int gtid, void *t) {
  long long ns = 1000 * cost_now * cost_now * cost_now;
  if (cost_now == 16 && !disturbed_once++)
    ns *= 10;
  kmp_task_stats_set(ns);
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  long long costs[34] = {4, 2, 1, 8};
  for (int i = 4; i < 24; ++i)
    costs[i] = 4;
  for (int i = 24; i < 34; ++i)
    costs[i] = 16;
  int n = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 34; ++i, ++n) {
    mv_run_at_cost(1, 2, e, costs[i], &cost_now);
  }
  printf("%d launches\n", n);
  return 0;
}

// A type with thousands of costs (docs/runtime.md, prediction across costs): from 512 keys on,
// each version lists the keys where it ran, and its predictions walk that list instead of every
// key (with 20,000 costs a launch cost 485 us before, 12 us since). The predictions must not
// change: "slow" (50x "fast", times set with kmp_task_stats_set) runs at the first costs only,
// and is predicted out of every later one, whose points it finds in its list (a version whose
// points were lost would be explored at each new cost: 3000 executions). With a key per size
// (OMP_SELECT_COST_BUCKETS=off) the 3000 sizes make 3000 keys; by default (auto) the sizes after
// the type's 512th key join buckets of 8 per doubling: 576 keys, the same counts. A second run
// from the model store, launching the sizes in another order, gives its first 512 sizes keys of
// their own again (the keys that count are the run's), each predicted from the stored keys:
// "slow" runs nowhere (the stored rows are walked with a set of the costs the run has) but for
// the re-check of stored statistics' looks at a version the run has no line for, at most two,
// within 1% of the run's time (OMP_SELECT_STORE_RECHECK; with its times set, when that budget
// allows one depends on the run's real time).
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_COST_BUCKETS=off OMP_SELECT_STATS=m.csv %libomp-run | FileCheck %s
// RUN: awk -F, '$3 == "\"slow\"" { n += $7 } $3 == "\"fast\"" { f += $7; k++ } END { print "slow", n, "fast", f, "keys", k }' m.csv | FileCheck --check-prefix=OFF %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_STATS=a.csv %libomp-run | FileCheck %s
// RUN: awk -F, '$3 == "\"slow\"" { n += $7 } $3 == "\"fast\"" { f += $7; k++ } END { print "slow", n, "fast", f, "keys", k }' a.csv | FileCheck --check-prefix=AUTO %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_MODELS=off %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STATS=r1.csv %libomp-run | FileCheck %s
// RUN: awk -F, '$3 == "\"slow\"" { n += $7 } $3 == "\"fast\"" { f += $7; k++ } END { print "slow", n, "fast", f, "keys", k }' r1.csv | FileCheck --check-prefix=AUTO %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STATS=r2.csv %libomp-run 2729 | FileCheck %s
// RUN: awk -F, '$3 == "\"slow\"" { n += $7 - $14 } $3 == "\"fast\"" { f += $7 - $14; k++ } END { print "slow", n, "fast", f, "keys", k }' r2.csv | FileCheck --check-prefix=SECOND %s
// CHECK: 4000 launches
// OFF: slow 2 fast 3998 keys 3000
// AUTO: slow 2 fast 3998 keys 576
// SECOND: slow {{[0-2]}} fast {{399[89]|4000}} keys 575

#define MV_SLOW_NS 50000
#define MV_FAST_NS 1000
#include "mv_cost_pair.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  // The sizes 1-3000 in the order of a stride prime to 3000.
  const long long stride = argc > 1 ? atoll(argv[1]) : 7919;
  mv_cost_pair_register();
  int n = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 4000; ++i, ++n)
    mv_cost_pair_run(1 + (i * stride) % 3000);
  printf("%d launches\n", n);
  return 0;
}

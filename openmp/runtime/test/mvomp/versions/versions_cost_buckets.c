// Buckets of costs (OMP_SELECT_COST_BUCKETS=<k>, docs/runtime.md): the sizes given by task_cost
// share one key per bucket, k buckets per doubling, whose cost is the bucket's middle, and a time
// measured at a size is brought to that cost by the slope the type's versions share (here 1:
// times set with kmp_task_stats_set, "fast" 1000 ns and "slow" 3000 ns per unit of cost). After
// costs 7, 100 and 300, 320 launches at sizes 1024-1040, all in the bucket [1024, 1116.7) of
// 8 per doubling, make one key of cost 1069 where "fast" has exactly 1069 us (its times at the
// sizes, 1024-1040 us, would average 1032: a ratio of 0.97 to the cost). Sizes 100 and 300 join
// keys 103 and 292; sizes below about 1.44 k (one integer per bucket) stay their own keys (7).
// With the buckets off each size is its own key, and so by default (auto: buckets only once a
// type has 512 keys, versions_many_costs.c).
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_COST_BUCKETS=8 OMP_SELECT_STATS=b.csv OMP_SELECT_TRACE=t.csv %libomp-run | FileCheck %s
// trace.csv's cost column (6th) holds the keys' costs too, and its times are
// brought to them (within 0.5% of 1069 us; the sizes' own are 1024-1040 us):
// RUN: awk -F, 'NR > 1 { n[$6]++ } NR > 1 && $6 == 1069 && $12 == "\"fast\"" && ($5 < 1063700 || $5 > 1074300) { off++ } END { print "trace", n[7], n[103], n[292], n[1069], "off", off + 0 }' t.csv | FileCheck --check-prefix=TRACE %s
// RUN: awk -F, 'NR > 1 && $3 == "\"fast\"" { printf "cost %%s ratio %%.2f\n", $5, $8 / ($5 * 1000) }' b.csv | sort -n -k2 | FileCheck --check-prefix=BUCKETS %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_MODELS=off OMP_SELECT_COST_BUCKETS=8 OMP_SELECT_STATS=b2.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 1 && $3 == "\"fast\"" { printf "cost %%s ratio %%.2f\n", $5, $8 / ($5 * 1000) }' b2.csv | sort -n -k2 | FileCheck --check-prefix=BUCKETS %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_COST_BUCKETS=off OMP_SELECT_STATS=off.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 1 && $3 == "\"fast\"" { k++ } END { print "keys", k }' off.csv | FileCheck --check-prefix=OFF %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_STATS=auto.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 1 && $3 == "\"fast\"" { k++ } END { print "keys", k }' auto.csv | FileCheck --check-prefix=OFF %s
// CHECK: 350 launches
// BUCKETS: cost 7 ratio 1.00
// BUCKETS-NEXT: cost 103 ratio
// BUCKETS-NEXT: cost 292 ratio
// BUCKETS-NEXT: cost 1069 ratio 1.00
// BUCKETS-NOT: cost
// TRACE: trace 10 10 10 320 off 0
// OFF: keys 20

#define MV_SLOW_NS 3000
#define MV_FAST_NS 1000
#include "mv_cost_pair.h"
#include <omp.h>
#include <stdio.h>

int main(void) {
  mv_cost_pair_register();
  int n = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 10; ++i, ++n) // Mean: "slow" 5 times, then "fast"
      mv_cost_pair_run(7);
    for (int i = 0; i < 10; ++i, ++n)
      mv_cost_pair_run(100);
    for (int i = 0; i < 10; ++i, ++n)
      mv_cost_pair_run(300);
    for (int i = 0; i < 320; ++i, ++n)
      mv_cost_pair_run(1024 + i % 17);
  }
  printf("%d launches\n", n);
  return 0;
}

// The task API of mvomp.h: task_cost and kmp_task_reftime key the statistics
// by cost (and divide the time), task_node1/2 key them by locality, and the
// kmp_task_stats_* calls change the measured time of the running version.
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT=fixed:a %libomp-run 2>&1 | FileCheck %s
// RUN: sort %t.dir/stats.csv | FileCheck --check-prefix=STATS %s

// CHECK: outside a task: stats (nil)
// A divisor below 1 is a warning and 1 is used.
// CHECK: OMP: Warning (MVOMP): kmp_task_reftime(8, 0): divBy must be at least 1; using 1
// CHECK: done
// The mean is exactly what kmp_task_stats_set and _add/_sub made it (rows
// sorted as text: cost 10 and 11 come before 7).
// STATS: 1,0,"a","test",10,3,10,
// STATS: 1,0,"a","test",11,-1,10,{{[1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]?}}.{{[0-9]}},
// STATS: 1,0,"a","test",7,-1,10,1000.0,0.0,
// STATS: 1,0,"a","test",8,-1,10,250.0,0.0,
// STATS: 1,0,"a","test",9,-1,10,1500.0,0.0,
// STATS: 2,0,"a","test",0,-1,10,

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static int mode;
static int a(int gtid, void *t) {
  void *s = kmp_task_stats_get();
  switch (mode) {
  case 7: // replace the time
    kmp_task_stats_set(1000);
    break;
  case 8: // kmp_task_reftime(8, 4) divides it by 4
    kmp_task_stats_set(1000);
    break;
  case 9: // add and subtract on top of a replaced time
    kmp_task_stats_set(1000);
    kmp_task_stats_add(s, 700);
    kmp_task_stats_sub(s, 200);
    break;
  case 11: { // delta: add the time since a timestamp (here ~1 ms)
    unsigned long long t0 = kmp_task_stats_time();
    mv_spin_us(1000);
    kmp_task_stats_delta(s, t0);
    break;
  }
  }
  return 0;
}
static int b(int gtid, void *t) { return 0; }

int main(void) {
  kmp_routine_entry_t e[2] = {a, b};
  const char *names[2] = {"a", "b"};
  mv_register(1, 2, e, names);
  mv_register(2, 2, e, names); // the same functions in a second type
  printf("outside a task: stats %p\n", kmp_task_stats_get());
  fflush(stdout);
  kmp_task_reftime(8, 0); // replaced by the launches below
  int x = 0;
  static int data;
#pragma omp parallel
#pragma omp single
  {
    for (mode = 7; mode <= 11; ++mode) {
      for (int i = 0; i < 10; ++i) {
        if (mode == 8)
          kmp_task_reftime(8, 4);
        else
          task_cost(mode);
        if (mode == 10) { // data on this machine's nodes: local
          task_node1(&data);
          task_node2(&x);
        }
        mv_run(1, 2, e, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
      }
    }
    // The cost applies to the next launch only: type 2 gets cost 0.
    for (int i = 0; i < 10; ++i) {
      mv_run(2, 2, e, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
    }
  }
  kmp_task_impl_stat_print_csv(-1);
  printf("done\n");
  return 0;
}

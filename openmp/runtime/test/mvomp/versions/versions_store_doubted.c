// A stored first execution that contradicted its prediction stays doubted in
// the next run (docs/runtime.md, "The model store"): "b" reports 1100 x cost
// ns and "a" 1000 x cost (kmp_task_stats_set), except b's one execution at
// cost 1000 in the first run, 20x its time (a disturbed execution). The first
// run measures both at costs 100..400, then launches cost 1000: b, predicted
// 1.1x a, runs there once and is doubted (over its prediction's interval
// while a is best); the store writes the row "doubted". The second run
// launches a new cost, 2000: b is predicted from 100..400 alone, 1.1x a, and
// runs there once; trusted, the disturbed point pulled its line up 20x and it
// was not run. A third run, which launches neither, keeps the row doubted.
//
// RUN: %libomp-compile && rm -rf %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_PATIENCE=off OMP_SELECT_MODELS=%t.dir %libomp-run first | FileCheck --check-prefix=FIRST %s
// RUN: grep -h ',1000,' %t.dir/*.csv | FileCheck --check-prefix=ROW %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_PATIENCE=off OMP_SELECT_MODELS=%t.dir %libomp-run second | FileCheck --check-prefix=SECOND %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_PATIENCE=off OMP_SELECT_MODELS=%t.dir %libomp-run none | FileCheck --check-prefix=NONE %s
// RUN: grep -h ',1000,' %t.dir/*.csv | FileCheck --check-prefix=ROW %s

// FIRST: cost 1000: b ran 1 times
// ROW-DAG: "a",{{.*}},store,
// ROW-DAG: "b",{{.*}},1000,-1,1,{{.*}},doubted,
// SECOND: cost 2000: b ran 1 times
// NONE: nothing launched

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static long long cost_now;
static int ran_b, disturb;

static int a(int gtid, void *t) {
  kmp_task_stats_set(1000 * cost_now);
  return 0;
}
static int b(int gtid, void *t) {
  kmp_task_stats_set((disturb && cost_now == 1000 ? 20 : 1) * 1100 * cost_now);
  ran_b++;
  return 0;
}

int main(int argc, char **argv) {
  kmp_routine_entry_t e[2] = {a, b};
  const char *names[2] = {"a", "b"};
  const char *what = argc > 1 ? argv[1] : "";
  mv_register(1, 2, e, names);
#pragma omp parallel
#pragma omp single
  {
    if (strcmp(what, "first") == 0) {
      disturb = 1;
      for (long long c = 100; c <= 400; c += 100)
        for (int i = 0; i < 12; ++i)
          mv_run_at_cost(1, 2, e, c, &cost_now);
      ran_b = 0;
      for (int i = 0; i < 3; ++i)
        mv_run_at_cost(1, 2, e, 1000, &cost_now);
      printf("cost 1000: b ran %d times\n", ran_b);
    } else if (strcmp(what, "second") == 0) {
      ran_b = 0;
      for (int i = 0; i < 3; ++i)
        mv_run_at_cost(1, 2, e, 2000, &cost_now);
      printf("cost 2000: b ran %d times\n", ran_b);
    } else {
      printf("nothing launched\n");
    }
  }
  return 0;
}

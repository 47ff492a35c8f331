// Every multi-version task runs exactly once, on the version's own data, and
// the copies of every version are destroyed exactly once (the chosen one's
// after it runs, the others' when the task is dispatched).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 %libomp-run 2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run 4 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT=ucb %libomp-run 4 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SELECT=gb %libomp-run 2 | FileCheck %s
// CHECK: runs 1000000, payloads ok, destroyed {{[0-9]+}} of {{[0-9]+}} copies: ok

#include "mv_abi.h"
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define TASKS 1000000
static atomic_long runs, bad_payload, destroyed;
static atomic_char done[TASKS];

typedef struct {
  int version, index;
} priv_t;

#define VERSION(k)                                                             \
  static int v##k(int gtid, void *t) {                                         \
    priv_t *p = MV_PRIV(priv_t, t);                                            \
    if (atomic_fetch_add(&done[p->index], 1) != 0)                             \
      atomic_fetch_add(&bad_payload, 1);                                       \
    atomic_fetch_add(&runs, 1);                                                \
    return 0;                                                                  \
  }
VERSION(0)
VERSION(1)
VERSION(2)
VERSION(3)

static int dtor(int gtid, void *t) {
  atomic_fetch_add(&destroyed, 1);
  return 0;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  kmp_routine_entry_t e[4] = {v0, v1, v2, v3};
  const char *names[4] = {"v0", "v1", "v2", "v3"};
  mv_register(1, n, e, names);
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < TASKS; ++i) {
    priv_t p = {0, i};
    mv_run_dtor(1, n, e, &p, sizeof p, 0, 0, NULL, dtor);
  }
  long missing = 0;
  for (int i = 0; i < TASKS; ++i)
    missing += done[i] != 1;
  printf("runs %ld, payloads %s, destroyed %ld of %ld copies: %s\n", runs,
         bad_payload || missing ? "WRONG" : "ok", destroyed, (long)n * TASKS,
         destroyed == (long)n * TASKS ? "ok" : "WRONG");
  return runs != TASKS || bad_payload || missing ||
         destroyed != (long)n * TASKS;
}

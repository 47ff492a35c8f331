// Nothing leaks: each version owns heap memory (as a firstprivate C++ object
// would) that only its destructor frees; the versions that run and those
// released unrun are both destroyed, and the runtime frees its own records.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 valgrind -q --error-exitcode=1 --leak-check=full --show-possibly-lost=no --errors-for-leak-kinds=definite,indirect %libomp-run 2>&1 | FileCheck %s
// CHECK: ran 2000, freed 6000 of 6000 buffers

#include "mv_abi.h"
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int *buffer;
} priv_t;
static atomic_int ran, freed;

static int work(int gtid, void *t) {
  priv_t *p = MV_PRIV(priv_t, t);
  p->buffer[0] += 1;
  atomic_fetch_add(&ran, 1);
  return 0;
}
static int work2(int gtid, void *t) { return work(gtid, t); }
static int work3(int gtid, void *t) { return work(gtid, t); }
static int dtor(int gtid, void *t) {
  free(MV_PRIV(priv_t, t)->buffer);
  atomic_fetch_add(&freed, 1);
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[3] = {work, work2, work3};
  const char *names[3] = {"w1", "w2", "w3"};
  mv_register(1, 3, e, names);
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 2000; ++i) {
    kmp_task_t *v[3];
    for (int k = 0; k < 3; ++k) {
      priv_t p = {calloc(16, sizeof(int))};
      v[k] = mv_alloc(k, e[k], &p, sizeof p, MV_DESTRUCTORS);
      v[k]->data1.destructors = dtor;
    }
    __kmpc_omp_task_versions(NULL, __kmpc_global_thread_num(NULL), 1, 3, v,
                             0, 0, 0, NULL, 0, NULL);
  }
  printf("ran %d, freed %d of 6000 buffers\n", ran, freed);
  return 0;
}

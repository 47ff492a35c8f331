// A multi-version task discarded by cancellation (a cancelled taskgroup)
// runs no version, but every version's firstprivate copies are destroyed and
// the runtime frees what it allocated for the launch, as when it runs: with
// 3 versions (blocks in the carrier) and with 12 large ones (chunks, and a
// record allocated apart). A task cancels the taskgroup first; the launches
// that follow in it are discarded.
// RUN: %libomp-compile
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 valgrind -q --error-exitcode=1 --leak-check=full --show-possibly-lost=no --errors-for-leak-kinds=definite,indirect %libomp-run 2>&1 | FileCheck %s
// CHECK: 3 versions: ran 0, freed 300 of 300
// CHECK-NEXT: 12 versions: ran 0, freed 1200 of 1200

#include "mv_abi.h"
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int *buffer;
  char payload[200];
} priv_t;
static atomic_int ran, freed;

static int dtor(int gtid, void *t) {
  free(MV_PRIV(priv_t, t)->buffer);
  atomic_fetch_add(&freed, 1);
  return 0;
}
#define V(n)                                                                   \
  static int v##n(int gtid, void *t) {                                         \
    atomic_fetch_add(&ran, 1);                                                 \
    return 0;                                                                  \
  }
V(0) V(1) V(2) V(3) V(4) V(5) V(6) V(7) V(8) V(9) V(10) V(11)
static kmp_routine_entry_t e[12] = {v0, v1, v2, v3, v4,  v5,
                                    v6, v7, v8, v9, v10, v11};

static void launches(int type, int n, int count) {
  ran = freed = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task
    {
#pragma omp cancel taskgroup
    }
#pragma omp taskwait
    for (int i = 0; i < count; ++i) {
      kmp_task_t *v[12];
      for (int k = 0; k < n; ++k) {
        priv_t p = {calloc(4, sizeof(int)), {0}};
        v[k] = mv_alloc(k, e[k], &p, sizeof p, MV_DESTRUCTORS);
        v[k]->data1.destructors = dtor;
      }
      __kmpc_omp_task_versions(NULL, __kmpc_global_thread_num(NULL), type, n,
                               v, 0, 0, 0, NULL, 0, NULL);
    }
  }
  printf("%d versions: ran %d, freed %d of %d\n", n, ran, freed, n * count);
}

int main(void) {
  const char *names[12] = {"a", "b", "c", "d", "e", "f",
                           "g", "h", "i", "j", "k", "l"};
  mv_register(1, 3, e, names);
  mv_register(2, 12, e, names);
  launches(1, 3, 100);
  launches(2, 12, 100);
  return 0;
}

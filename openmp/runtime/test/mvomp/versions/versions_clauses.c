// Multi-version tasks with the run's clauses and inside the constructs that
// contain tasks: depend, taskwait, taskgroup, if(0), final, priority, and
// versions that create tasks (plain and multi-version) themselves.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SELECT=random OMP_SELECT_SEED=9 %libomp-run | FileCheck %s
// CHECK: depend: chain of 200 in order
// CHECK-NEXT: taskwait: 100 of 100 done
// CHECK-NEXT: taskgroup: 100 of 100 done
// CHECK-NEXT: if0: ran before the launch returned
// CHECK-NEXT: final: children included
// CHECK-NEXT: priority: 50 of 50 done
// CHECK-NEXT: nested: 400 leaves

#include "mv_abi.h"
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

typedef struct {
  int *cell;
  int expect;
} chain_t;
static atomic_int chain_bad, counter, leaves;
static int final_ok = 1;

// depend(inout: *cell): each task must see the previous one's value.
static int chain_a(int gtid, void *t) {
  chain_t *p = MV_PRIV(chain_t, t);
  if (*p->cell != p->expect)
    atomic_fetch_add(&chain_bad, 1);
  *p->cell += 1;
  return 0;
}
static int chain_b(int gtid, void *t) {
  mv_spin_us(5);
  return chain_a(gtid, t);
}

static int count_a(int gtid, void *t) {
  mv_spin_us(20);
  atomic_fetch_add(&counter, 1);
  return 0;
}
static int count_b(int gtid, void *t) {
  atomic_fetch_add(&counter, 1);
  return 0;
}

static int child(int gtid, void *t) { return 0; }
// In a final task, every child task is included (runs at once, final too).
static int final_a(int gtid, void *t) {
  if (!omp_in_final())
    final_ok = 0;
  int ran = 0;
#pragma omp task shared(ran)
  {
    ran = 1;
    if (!omp_in_final())
      final_ok = 0;
  }
  if (!ran) // included: done before the task construct returns
    final_ok = 0;
  return 0;
}

// A version that launches multi-version tasks itself and waits for them.
static int leaf(int gtid, void *t) {
  atomic_fetch_add(&leaves, 1);
  return 0;
}
static int inner_a(int gtid, void *t) {
  kmp_routine_entry_t e[2] = {leaf, leaf};
  int x = 0;
  for (int i = 0; i < 4; ++i)
    mv_run(3, 1, e, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  return 0;
}
static int inner_b(int gtid, void *t) {
  for (int i = 0; i < 4; ++i) {
#pragma omp task
    leaf(0, NULL);
  }
#pragma omp taskwait
  return 0;
}

int main(void) {
  kmp_routine_entry_t chain[2] = {chain_a, chain_b};
  kmp_routine_entry_t count[2] = {count_a, count_b};
  kmp_routine_entry_t fin[2] = {final_a, final_a};
  kmp_routine_entry_t inner[2] = {inner_a, inner_b};
  kmp_routine_entry_t leafv[1] = {leaf};
  const char *n2[2] = {"a", "b"};
  mv_register(1, 2, chain, n2);
  mv_register(2, 2, count, n2);
  mv_register(3, 1, leafv, n2);
  mv_register(4, 2, inner, n2);
  mv_register(5, 1, fin, n2);

#pragma omp parallel
#pragma omp single
  {
    int cell = 0;
    kmp_depend_info_t dep = {(intptr_t)&cell, sizeof cell, {0}};
    dep.flags.in = dep.flags.out = 1;
    for (int i = 0; i < 200; ++i) {
      chain_t p = {&cell, i};
      mv_run(1, 2, chain, &p, sizeof p, 0, 1, &dep);
    }
#pragma omp taskwait
    printf("depend: chain of %d %s\n", cell, chain_bad ? "OUT OF ORDER" : "in order");

    int x = 0;
    for (int i = 0; i < 100; ++i)
      mv_run(2, 2, count, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
    printf("taskwait: %d of 100 done\n", atomic_exchange(&counter, 0));

#pragma omp taskgroup
    {
      for (int i = 0; i < 100; ++i)
        mv_run(2, 2, count, &x, sizeof x, 0, 0, NULL);
    }
    printf("taskgroup: %d of 100 done\n", atomic_exchange(&counter, 0));

    mv_run(2, 2, count, &x, sizeof x, MV_RUN_IF0, 0, NULL);
    printf("if0: %s\n", atomic_exchange(&counter, 0) == 1
                            ? "ran before the launch returned"
                            : "DEFERRED");

    mv_run(5, 1, fin, &x, sizeof x, MV_RUN_FINAL, 0, NULL);
#pragma omp taskwait
    printf("final: %s\n", final_ok ? "children included" : "NOT FINAL");

    for (int i = 0; i < 50; ++i) {
      kmp_task_t *v[2] = {mv_alloc(0, count_a, &x, sizeof x, 0),
                          mv_alloc(1, count_b, &x, sizeof x, 0)};
      __kmpc_omp_task_versions(NULL, __kmpc_global_thread_num(NULL), 2, 2, v,
                               MV_RUN_PRIORITY, i % 3, 0, NULL, 0, NULL);
    }
#pragma omp taskwait
    printf("priority: %d of 50 done\n", atomic_exchange(&counter, 0));

    for (int i = 0; i < 100; ++i)
      mv_run(4, 2, inner, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
    printf("nested: %d leaves\n", leaves);
  }
  return 0;
}

// Cost of creating and dispatching tasks: ordinary tasks, and multi-version
// tasks of k versions launched through MVOMP's runtime ABI (docs/abi.md).
// One thread creates `tasks` tasks whose bodies do nothing, the team runs
// them; prints nanoseconds per task (wall time / tasks).
//
//   overhead plain <tasks>
//   overhead versions <k> <tasks>      (k = 1..256; needs MVOMP's libomp)
//   overhead primitives                (ns per TSC read and per uncontended
//                                       lock/unlock pair: what timing and
//                                       recording one execution cost at least)
//   overhead costs <costs> <tasks>     two versions, each launch at one of
//                                       <costs> costs (task_cost, in turn):
//                                       what predicting across many costs
//                                       costs a launch (docs/runtime.md)
//   overhead taskloop <loops>          ns per taskloop of one iteration
//                                       without a clause (one task whatever
//                                       the grain: with OMP_TASKLOOP_GRAIN=auto
//                                       against off, the cost of the choice)
#include <mvomp.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../openmp/runtime/test/mvomp/versions/mv_abi.h"

static volatile int sink;
// 256 distinct version entries, as 256 defines would have.
#define BODY(n)                                                                \
  static int body##n(int gtid, void *t) {                                      \
    sink += *MV_PRIV(int, t) + n;                                              \
    return 0;                                                                  \
  }
#define B16(h)                                                                 \
  BODY(h##0) BODY(h##1) BODY(h##2) BODY(h##3) BODY(h##4) BODY(h##5)            \
  BODY(h##6) BODY(h##7) BODY(h##8) BODY(h##9) BODY(h##a) BODY(h##b)            \
  BODY(h##c) BODY(h##d) BODY(h##e) BODY(h##f)
B16(0x0) B16(0x1) B16(0x2) B16(0x3) B16(0x4) B16(0x5) B16(0x6) B16(0x7)
B16(0x8) B16(0x9) B16(0xa) B16(0xb) B16(0xc) B16(0xd) B16(0xe) B16(0xf)
#define E16(h)                                                                 \
  body##h##0, body##h##1, body##h##2, body##h##3, body##h##4, body##h##5,      \
  body##h##6, body##h##7, body##h##8, body##h##9, body##h##a, body##h##b,      \
  body##h##c, body##h##d, body##h##e, body##h##f
static const kmp_routine_entry_t entries[256] = {
    E16(0x0), E16(0x1), E16(0x2), E16(0x3), E16(0x4), E16(0x5),
    E16(0x6), E16(0x7), E16(0x8), E16(0x9), E16(0xa), E16(0xb),
    E16(0xc), E16(0xd), E16(0xe), E16(0xf)};

// The two primitives a dispatch cannot do without: two clock reads (libomp's
// multi-version dispatch reads the TSC on x86) and one critical section.
static int primitives(void) {
  const long n = 20000000;
#if defined(__x86_64__) || defined(__i386__)
  unsigned long long s = 0;
  double t0 = omp_get_wtime();
  for (long i = 0; i < n; ++i)
    s += __builtin_ia32_rdtsc();
  double t = omp_get_wtime() - t0;
  sink += (int)s;
  printf("rdtsc %.1f ns\n", t * 1e9 / (double)n);
#endif
  static atomic_int lock;
  double t1 = omp_get_wtime();
  for (long i = 0; i < n; ++i) {
    while (atomic_exchange_explicit(&lock, 1, memory_order_acquire))
      ;
    atomic_store_explicit(&lock, 0, memory_order_release);
  }
  printf("lock/unlock %.1f ns\n", (omp_get_wtime() - t1) * 1e9 / (double)n);
  return 0;
}

static int taskloops(long loops) {
#pragma omp parallel
  sink += 0;
  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (long l = 0; l < loops; ++l) {
#pragma omp taskloop
    for (int i = 0; i < 1; ++i)
      sink += i;
  }
  printf("%.1f ns per taskloop\n", (omp_get_wtime() - t0) * 1e9 / loops);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "primitives") == 0)
    return primitives();
  if (argc == 3 && strcmp(argv[1], "taskloop") == 0 && atol(argv[2]) > 0)
    return taskloops(atol(argv[2]));
  if (argc < 3 || (strcmp(argv[1], "plain") && strcmp(argv[1], "versions") &&
                    strcmp(argv[1], "costs"))) {
    fprintf(stderr,
            "usage: %s plain <tasks> | versions <k> <tasks> | costs <costs> "
            "<tasks> | primitives | taskloop <loops>\n",
            argv[0]);
    return 2;
  }
  // costs: two versions, launched at `costs` costs in turn.
  long costs = strcmp(argv[1], "costs") == 0 ? atol(argv[2]) : 0;
  int versions = strcmp(argv[1], "versions") == 0 || costs > 0;
  int k = costs > 0 ? 2 : versions ? atoi(argv[2]) : 0;
  long tasks = argc == (versions ? 4 : 3) ? atol(argv[argc - 1]) : 0;
  if (tasks <= 0 || (versions && (k < 1 || k > 256))) {
    fprintf(stderr, "bad arguments\n");
    return 2;
  }
  kmp_task_version_desc_t d[256];
  char names[256][8];
  for (int i = 0; i < k; ++i) {
    snprintf(names[i], sizeof names[i], "v%d", i);
    d[i].entry = entries[i], d[i].name = names[i], d[i].location = "";
  }
  if (versions)
    __kmpc_task_versions_register(NULL, 1, k, d);
  // Start the team's threads before timing (the first parallel region creates them).
#pragma omp parallel
  sink += 0;
  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  {
    int x = 1;
    if (!versions) {
      for (long i = 0; i < tasks; ++i) {
#pragma omp task firstprivate(x)
        sink += x;
      }
    } else {
      int gtid = __kmpc_global_thread_num(NULL);
      kmp_task_t *v[256];
      // What code generation for k defines and a run does: one allocation
      // per define (gtid looked up once per function), copy, launch.
      for (long i = 0; i < tasks; ++i) {
        if (costs > 0) // (7919 is prime: every cost in turn, scattered)
          task_cost(1 + (i * 7919) % costs);
        for (int j = 0; j < k; ++j) {
          v[j] = __kmpc_omp_task_version_alloc(
              NULL, gtid, j, MV_TIED, sizeof(kmp_task_t) + sizeof x, 0,
              entries[j]);
          *MV_PRIV(int, v[j]) = x;
        }
        __kmpc_omp_task_versions(NULL, gtid, 1, k, v, 0, 0, 0, NULL, 0, NULL);
      }
    }
  }
  double t = omp_get_wtime() - t0;
  printf("%.1f\n", t * 1e9 / (double)tasks);
  return 0;
}

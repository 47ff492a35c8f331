// MVOMP's core at work: one task type with two versions of a 96x96 matrix product (a naive
// i-j-k loop and a cache-friendly i-k-j loop), 300 tasks, and the runtime choosing the version of
// each task when a thread starts it (OMP_SELECT: mean, ucb, gb, ts, ...). It writes stats.csv and
// prints how often each version ran and how long it took.
//
// Until Clang's `#pragma omp task define/run` lands, the tasks are launched through the runtime
// ABI that those pragmas compile to (docs/abi.md), written out by hand here:
//
//   #pragma omp task define(1)      <- version 0: matmul_ijk(c, a, b)
//   #pragma omp task define(1)      <- version 1: matmul_ikj(c, a, b)
//   #pragma omp task run(1)
#include "../../openmp/runtime/test/mvomp/mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 96
typedef struct {
  const double *a, *b;
  double *c;
} args_t;

// Each thread multiplies into its own block of c.
#define MY_C(p) ((p)->c + (size_t)N * N * omp_get_thread_num())

static int matmul_ijk(int gtid, void *t) {
  args_t *p = MV_PRIV(args_t, t);
  double *c = MY_C(p);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < N; ++k)
        s += p->a[i * N + k] * p->b[k * N + j];
      c[i * N + j] = s;
    }
  return 0;
}

static int matmul_ikj(int gtid, void *t) {
  args_t *p = MV_PRIV(args_t, t);
  double *c = MY_C(p);
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j)
      c[i * N + j] = 0;
    for (int k = 0; k < N; ++k)
      for (int j = 0; j < N; ++j)
        c[i * N + j] += p->a[i * N + k] * p->b[k * N + j];
  }
  return 0;
}

int main(int argc, char **argv) {
  int tasks = argc > 1 ? atoi(argv[1]) : 300;
  if (tasks <= 0) {
    fprintf(stderr, "usage: %s [tasks > 0]\n", argv[0]);
    return 2;
  }
  kmp_routine_entry_t versions[2] = {matmul_ijk, matmul_ikj};
  kmp_task_version_desc_t descs[2] = {
      {matmul_ijk, "matmul_ijk", "versions_demo.c:27"},
      {matmul_ikj, "matmul_ikj", "versions_demo.c:40"}};
  __kmpc_task_versions_register(NULL, 1, 2, descs); // what a constructor does
  double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
  double *c = malloc(sizeof(double) * N * N * omp_get_max_threads());
  for (int i = 0; i < N * N; ++i)
    a[i] = i % 7, b[i] = i % 5;
  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < tasks; ++i) {
    int gtid = __kmpc_global_thread_num(NULL);
    kmp_task_t *v[2];
    for (int k = 0; k < 2; ++k) { // the two defines
      v[k] = __kmpc_omp_task_version_alloc(NULL, gtid, k, MV_TIED,
                                           sizeof(kmp_task_t) + sizeof(args_t),
                                           0, versions[k]);
      args_t p = {a, b, c};
      *MV_PRIV(args_t, v[k]) = p;
    }
    __kmpc_omp_task_versions(NULL, gtid, 1, 2, v, 0, 0, 0, NULL, 0, NULL); // the run
  }
  printf("%d tasks in %.3f s on %d threads\n", tasks, omp_get_wtime() - t0,
         omp_get_max_threads());
  kmp_task_impl_stat_print_csv(1);
  free(a), free(b), free(c);
  return 0;
}

// MVOMP's core at work: one task type with two versions of a 96x96 matrix product (a naive
// i-j-k loop and a cache-friendly i-k-j loop), 300 tasks, and the runtime choosing the version of
// each task when a thread starts it (OMP_SELECT: mean, ucb, gb, ts, ...). It writes stats.csv and
// prints how often each version ran and how long it took.
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 96

// Each thread multiplies into its own block of c.
#define MY_C(c) ((c) + (size_t)N * N * omp_get_thread_num())

void matmul_ijk(const double *a, const double *b, double *c) {
  c = MY_C(c);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < N; ++k)
        s += a[i * N + k] * b[k * N + j];
      c[i * N + j] = s;
    }
}

void matmul_ikj(const double *a, const double *b, double *c) {
  c = MY_C(c);
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j)
      c[i * N + j] = 0;
    for (int k = 0; k < N; ++k)
      for (int j = 0; j < N; ++j)
        c[i * N + j] += a[i * N + k] * b[k * N + j];
  }
}

int main(int argc, char **argv) {
  int tasks = argc > 1 ? atoi(argv[1]) : 300;
  if (tasks <= 0) {
    fprintf(stderr, "usage: %s [tasks > 0]\n", argv[0]);
    return 2;
  }
  double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
  double *c = malloc(sizeof(double) * N * N * omp_get_max_threads());
  for (int i = 0; i < N * N; ++i)
    a[i] = i % 7, b[i] = i % 5;
  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < tasks; ++i) {
#pragma omp task define(1)
    matmul_ijk(a, b, c);
#pragma omp task define(1)
    matmul_ikj(a, b, c);
#pragma omp task run(1)
  }
  printf("%d tasks in %.3f s on %d threads\n", tasks, omp_get_wtime() - t0,
         omp_get_max_threads());
  kmp_task_impl_stat_print_csv(1);
  free(a), free(b), free(c);
  return 0;
}

// End to end: the tiled Cholesky of thesis 000 (listing 10) written with
// 'task define' / 'task run', two versions per kernel, compiled by MVOMP's
// Clang and run on its libomp. Every launch runs exactly one version, the
// result is checked, and stats.csv names the versions after their callees.
// RUN: %libomp-compile -lm && env OMP_NUM_THREADS=2 OMP_SELECT_STATS=%t.csv %libomp-run | FileCheck %s
// RUN: FileCheck --check-prefix=STATS %s < %t.csv
// RUN: env OMP_NUM_THREADS=4 OMP_SELECT=ucb %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=gb %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT=fixed:1 %libomp-run | FileCheck %s --check-prefix=FIXED
// CHECK: trsm: 28 launches, 28 runs
// CHECK-NEXT: syrk: 28 launches, 28 runs
// CHECK-NEXT: gemm: 56 launches, 56 runs
// CHECK-NEXT: residual ok
// FIXED: trsm: 28 launches, 28 runs (version 0: 0)
// STATS-DAG: 1,0,"trsm_rows",{{.*}},0,-1,{{[0-9]+}},
// STATS-DAG: 1,1,"trsm_cols",{{.*}},0,-1,{{[0-9]+}},
// STATS-DAG: 2,0,"syrk_ijk",
// STATS-DAG: 2,1,"syrk_ikj",
// STATS-DAG: 3,0,"gemm_ijk",
// STATS-DAG: 3,1,"gemm_kij",

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NT 8
#define BS 32
#define N (NT * BS)

static int runs[4][2];
static void count(int kernel, int version) {
  __atomic_fetch_add(&runs[kernel][version], 1, __ATOMIC_RELAXED);
}

// a = chol(a), lower triangle, row-major BS x BS.
static void potrf(double *a) {
  for (int j = 0; j < BS; ++j) {
    double s = a[j * BS + j];
    for (int k = 0; k < j; ++k)
      s -= a[j * BS + k] * a[j * BS + k];
    a[j * BS + j] = sqrt(s);
    for (int i = j + 1; i < BS; ++i) {
      double t = a[i * BS + j];
      for (int k = 0; k < j; ++k)
        t -= a[i * BS + k] * a[j * BS + k];
      a[i * BS + j] = t / a[j * BS + j];
    }
  }
}

// b = b * l^-T: two loop orders.
void trsm_rows(const double *l, double *b) {
  count(1, 0);
  for (int r = 0; r < BS; ++r)
    for (int j = 0; j < BS; ++j) {
      double s = b[r * BS + j];
      for (int k = 0; k < j; ++k)
        s -= b[r * BS + k] * l[j * BS + k];
      b[r * BS + j] = s / l[j * BS + j];
    }
}
void trsm_cols(const double *l, double *b) {
  count(1, 1);
  for (int j = 0; j < BS; ++j)
    for (int r = 0; r < BS; ++r) {
      double s = b[r * BS + j];
      for (int k = 0; k < j; ++k)
        s -= b[r * BS + k] * l[j * BS + k];
      b[r * BS + j] = s / l[j * BS + j];
    }
}
// c = c - a * a^T
void syrk_ijk(const double *a, double *c) {
  count(2, 0);
  for (int i = 0; i < BS; ++i)
    for (int j = 0; j < BS; ++j) {
      double s = 0;
      for (int k = 0; k < BS; ++k)
        s += a[i * BS + k] * a[j * BS + k];
      c[i * BS + j] -= s;
    }
}
void syrk_ikj(const double *a, double *c) {
  count(2, 1);
  for (int i = 0; i < BS; ++i)
    for (int k = 0; k < BS; ++k)
      for (int j = 0; j < BS; ++j)
        c[i * BS + j] -= a[i * BS + k] * a[j * BS + k];
}
// c = c - a * b^T
void gemm_ijk(const double *a, const double *b, double *c) {
  count(3, 0);
  for (int i = 0; i < BS; ++i)
    for (int j = 0; j < BS; ++j) {
      double s = 0;
      for (int k = 0; k < BS; ++k)
        s += a[i * BS + k] * b[j * BS + k];
      c[i * BS + j] -= s;
    }
}
void gemm_kij(const double *a, const double *b, double *c) {
  count(3, 1);
  for (int k = 0; k < BS; ++k)
    for (int i = 0; i < BS; ++i)
      for (int j = 0; j < BS; ++j)
        c[i * BS + j] -= a[i * BS + k] * b[j * BS + k];
}

static double *A[NT][NT];

static void cholesky(void) {
  for (int k = 0; k < NT; ++k) {
#pragma omp task depend(inout : A[k][k][0])
    potrf(A[k][k]);
    for (int i = k + 1; i < NT; ++i) {
#pragma omp task define(1)
      trsm_rows(A[k][k], A[i][k]);
#pragma omp task define(1)
      trsm_cols(A[k][k], A[i][k]);
#pragma omp task run(1) depend(in : A[k][k][0]) depend(inout : A[i][k][0])
    }
    for (int i = k + 1; i < NT; ++i) {
#pragma omp task define(2)
      syrk_ijk(A[i][k], A[i][i]);
#pragma omp task define(2)
      syrk_ikj(A[i][k], A[i][i]);
#pragma omp task run(2) depend(in : A[i][k][0]) depend(inout : A[i][i][0])
      for (int j = k + 1; j < i; ++j) {
#pragma omp task define(3)
        gemm_ijk(A[i][k], A[j][k], A[i][j]);
#pragma omp task define(3)
        gemm_kij(A[i][k], A[j][k], A[i][j]);
#pragma omp task run(3) depend(in : A[i][k][0], A[j][k][0]) depend(inout : A[i][j][0])
      }
    }
  }
}

int main(void) {
  static double orig[N][N];
  srand(7);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= i; ++j)
      orig[i][j] = orig[j][i] = (double)rand() / RAND_MAX + (i == j ? N : 0);
  for (int ti = 0; ti < NT; ++ti)
    for (int tj = 0; tj < NT; ++tj) {
      A[ti][tj] = malloc(sizeof(double) * BS * BS);
      for (int i = 0; i < BS; ++i)
        for (int j = 0; j < BS; ++j)
          A[ti][tj][i * BS + j] = orig[ti * BS + i][tj * BS + j];
    }

#pragma omp parallel
#pragma omp single
  cholesky();

  const char *names[4] = {"", "trsm", "syrk", "gemm"};
  int launches[4] = {0, NT * (NT - 1) / 2, NT * (NT - 1) / 2,
                     NT * (NT - 1) * (NT - 2) / 6};
  for (int k = 1; k < 4; ++k) {
    printf("%s: %d launches, %d runs", names[k], launches[k],
           runs[k][0] + runs[k][1]);
    if (k == 1)
      printf(" (version 0: %d)", runs[k][0]);
    printf("\n");
  }

  // |orig - L L^T| / |orig| over the lower triangle.
  double err = 0, ref = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= i; ++j) {
      double s = 0;
      for (int k = 0; k <= j; ++k)
        s += A[i / BS][k / BS][(i % BS) * BS + k % BS] *
             A[j / BS][k / BS][(j % BS) * BS + k % BS];
      err += (orig[i][j] - s) * (orig[i][j] - s);
      ref += orig[i][j] * orig[i][j];
    }
  printf("residual %s\n", sqrt(err / ref) < 1e-12 ? "ok" : "WRONG");
  return 0;
}

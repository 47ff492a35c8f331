// End to end: the recursive tiled matrix multiplication of thesis 000
// (listings 11-15) with three versions of the leaf product and depend clauses
// on the run, checked against a reference product.
// RUN: %libomp-compile && env OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SELECT=ucb OMP_UCB=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SELECT=random OMP_SELECT_SEED=5 %libomp-run | FileCheck %s
// CHECK: leaves: 512 launches, 512 runs
// CHECK-NEXT: product ok

#include <stdio.h>

#define N 128
#define LEAF 16

static double A[N][N], B[N][N], C[N][N];
static int runs[3];

// C[i0.., j0..] += A[i0.., k0..] * B[k0.., j0..] on LEAF x LEAF blocks.
void leaf_ijk(int i0, int j0, int k0) {
  __atomic_fetch_add(&runs[0], 1, __ATOMIC_RELAXED);
  for (int i = i0; i < i0 + LEAF; ++i)
    for (int j = j0; j < j0 + LEAF; ++j) {
      double s = 0;
      for (int k = k0; k < k0 + LEAF; ++k)
        s += A[i][k] * B[k][j];
      C[i][j] += s;
    }
}
void leaf_ikj(int i0, int j0, int k0) {
  __atomic_fetch_add(&runs[1], 1, __ATOMIC_RELAXED);
  for (int i = i0; i < i0 + LEAF; ++i)
    for (int k = k0; k < k0 + LEAF; ++k)
      for (int j = j0; j < j0 + LEAF; ++j)
        C[i][j] += A[i][k] * B[k][j];
}
void leaf_kij(int i0, int j0, int k0) {
  __atomic_fetch_add(&runs[2], 1, __ATOMIC_RELAXED);
  for (int k = k0; k < k0 + LEAF; ++k)
    for (int i = i0; i < i0 + LEAF; ++i)
      for (int j = j0; j < j0 + LEAF; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

// C[i0:n, j0:n] += A[i0:n, k0:n] * B[k0:n, j0:n]
static void mmul(int i0, int j0, int k0, int n) {
  if (n == LEAF) {
#pragma omp task define(1)
    leaf_ijk(i0, j0, k0);
#pragma omp task define(1)
    leaf_ikj(i0, j0, k0);
#pragma omp task define(1)
    leaf_kij(i0, j0, k0);
#pragma omp task run(1) depend(inout : C[i0][j0]) depend(in : A[i0][k0], B[k0][j0])
    return;
  }
  int h = n / 2;
  for (int di = 0; di < 2; ++di)
    for (int dj = 0; dj < 2; ++dj)
      for (int dk = 0; dk < 2; ++dk)
        mmul(i0 + di * h, j0 + dj * h, k0 + dk * h, h);
}

int main(void) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      A[i][j] = (i * 7 + j * 3) % 11 - 5;
      B[i][j] = (i * 5 + j * 13) % 7 - 3;
    }
#pragma omp parallel
#pragma omp single
  mmul(0, 0, 0, N);

  int bad = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < N; ++k)
        s += A[i][k] * B[k][j];
      bad += s != C[i][j];
    }
  printf("leaves: %d launches, %d runs\n", (N / LEAF) * (N / LEAF) * (N / LEAF),
         runs[0] + runs[1] + runs[2]);
  printf("product %s\n", bad ? "WRONG" : "ok");
  return 0;
}

// The tiled Cholesky factorisation of thesis 000, listing 10, with MVOMP's multi-version tasks:
// its kernels (OpenBLAS, BLIS, reference BLAS, plain loops), cholesky() on the tiles T(i, j), the
// input element(i, j, n), and warm_up(). Included by cholesky.c and by the hybrid MPI benchmark
// (benchmarks/hybrid), which factorise the same way.
#ifndef CHOLESKY_TASKS_H
#define CHOLESKY_TASKS_H

#include <math.h>
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/blas_libs.h"

static int bs; // block size: tiles are bs x bs, column-major
static const float one = 1.0f, minus_one = -1.0f;

// b = b * l^-T (l lower triangular)
#define TRSM(lib)                                                                           \
  void trsm_##lib(const float *l, float *b) {                                               \
    libs[lib].strsm("R", "L", "T", "N", &bs, &bs, &one, l, &bs, b, &bs);                    \
  }
// c = c - a * a^T (lower triangle)
#define SYRK(lib)                                                                           \
  void syrk_##lib(const float *a, float *c) {                                               \
    libs[lib].ssyrk("L", "N", &bs, &bs, &minus_one, a, &bs, &one, c, &bs);                  \
  }
// c = c - a * b^T
#define GEMM(lib)                                                                           \
  void gemm_##lib(const float *a, const float *b, float *c) {                               \
    libs[lib].sgemm("N", "T", &bs, &bs, &bs, &minus_one, a, &bs, b, &bs, &one, c, &bs);     \
  }
TRSM(openblas) TRSM(blis) TRSM(refblas)
SYRK(openblas) SYRK(blis) SYRK(refblas)
GEMM(openblas) GEMM(blis) GEMM(refblas)

// The plain-loop versions (column-major, no blocking, no vectorisation hints).
void trsm_loops(const float *l, float *b) {
  for (int j = 0; j < bs; ++j)
    for (int r = 0; r < bs; ++r) {
      float s = b[j * bs + r];
      for (int k = 0; k < j; ++k)
        s -= b[k * bs + r] * l[k * bs + j];
      b[j * bs + r] = s / l[j * bs + j];
    }
}
void syrk_loops(const float *a, float *c) {
  for (int j = 0; j < bs; ++j)
    for (int i = j; i < bs; ++i) {
      float s = 0;
      for (int k = 0; k < bs; ++k)
        s += a[k * bs + i] * a[k * bs + j];
      c[j * bs + i] -= s;
    }
}
void gemm_loops(const float *a, const float *b, float *c) {
  for (int j = 0; j < bs; ++j)
    for (int i = 0; i < bs; ++i) {
      float s = 0;
      for (int k = 0; k < bs; ++k)
        s += a[k * bs + i] * b[k * bs + j];
      c[j * bs + i] -= s;
    }
}

static void potrf(float *a) {
  int info = 0;
  libs[openblas].spotrf("L", &bs, a, &bs, &info);
  if (info != 0) {
    fprintf(stderr, "cholesky: spotrf failed (info %d): matrix not positive definite\n", info);
    exit(1);
  }
}

// One call of each kernel of each library on scratch tiles, before the timed run: the first call
// of a library initialises it (buffers, kernel selection, page faults on its code), which would
// otherwise be charged to the first task that runs that version.
static void warm_up(void) {
  float *a = calloc((size_t)bs * bs, sizeof(float)), *b = calloc((size_t)bs * bs, sizeof(float)),
        *c = calloc((size_t)bs * bs, sizeof(float));
  for (int i = 0; i < bs; ++i)
    a[i * bs + i] = 1.0f;
  for (int l = 0; l < nlibs; ++l) {
    libs[l].strsm("R", "L", "T", "N", &bs, &bs, &one, a, &bs, b, &bs);
    libs[l].ssyrk("L", "N", &bs, &bs, &minus_one, a, &bs, &one, c, &bs);
    libs[l].sgemm("N", "T", &bs, &bs, &bs, &minus_one, a, &bs, b, &bs, &one, c, &bs);
  }
  free(a), free(b), free(c);
}

static int nt;    // tiles per dimension
static float **A; // A[i * nt + j]: tile (i, j), lower tiles only
#define T(i, j) A[(i) * nt + (j)]

static void cholesky(void) {
  for (int k = 0; k < nt; ++k) {
#pragma omp task depend(inout : T(k, k)[0])
    potrf(T(k, k));
    for (int i = k + 1; i < nt; ++i) {
      task_cost(bs); // each block size learns apart, and predicts others
#pragma omp task define(1)
      trsm_openblas(T(k, k), T(i, k));
#pragma omp task define(1)
      trsm_blis(T(k, k), T(i, k));
#pragma omp task define(1)
      trsm_refblas(T(k, k), T(i, k));
#pragma omp task define(1)
      trsm_loops(T(k, k), T(i, k));
#pragma omp task run(1) depend(in : T(k, k)[0]) depend(inout : T(i, k)[0])
    }
    for (int i = k + 1; i < nt; ++i) {
      task_cost(bs); // each block size learns apart, and predicts others
#pragma omp task define(2)
      syrk_openblas(T(i, k), T(i, i));
#pragma omp task define(2)
      syrk_blis(T(i, k), T(i, i));
#pragma omp task define(2)
      syrk_refblas(T(i, k), T(i, i));
#pragma omp task define(2)
      syrk_loops(T(i, k), T(i, i));
#pragma omp task run(2) depend(in : T(i, k)[0]) depend(inout : T(i, i)[0])
      for (int j = k + 1; j < i; ++j) {
        task_cost(bs); // each block size learns apart, and predicts others
#pragma omp task define(3)
        gemm_openblas(T(i, k), T(j, k), T(i, j));
#pragma omp task define(3)
        gemm_blis(T(i, k), T(j, k), T(i, j));
#pragma omp task define(3)
        gemm_refblas(T(i, k), T(j, k), T(i, j));
#pragma omp task define(3)
        gemm_loops(T(i, k), T(j, k), T(i, j));
#pragma omp task run(3) depend(in : T(i, k)[0], T(j, k)[0]) depend(inout : T(i, j)[0])
      }
    }
  }
#pragma omp taskwait
}

// The symmetric positive definite input: a(i, j) in [0, 1) plus n on the diagonal.
static float element(int i, int j, int n) {
  unsigned lo = i < j ? i : j, hi = i < j ? j : i;
  unsigned h = (lo * 2654435761u) ^ (hi * 40503u + 0x9e3779b9u);
  h ^= h >> 15, h *= 2246822519u, h ^= h >> 13;
  return (float)(h % 10000) / 10000.0f + (i == j ? (float)n : 0.0f);
}

#endif // CHOLESKY_TASKS_H

// Tiled Cholesky factorisation (lower, single precision) of thesis 000, listing 10, written with
// MVOMP's multi-version tasks: spotrf runs in sequence (an ordinary task), and strsm, ssyrk and
// sgemm are multi-version tasks whose versions are the same kernel from Debian's OpenBLAS, BLIS
// and reference BLAS, plus plain C loops as a clearly slow arm.
//
// The three libraries are loaded side by side with dlopen(RTLD_DEEPBIND), each held to one
// thread per call (benchmarks/common/blas_libs.h).
//
//   cholesky [n] [block]      defaults 2048 256; n a multiple of block
//
// Prints the time, GFLOP/s and the relative residual ||A x - L L^T x|| / (||A|| ||x||) for a
// random x, and exits 1 if the residual is above 1e-4 (single precision, n up to a few
// thousands). OMP_SELECT, OMP_SELECT_STATS, ... work as usual (docs/runtime.md).
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

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  bs = argc > 2 ? atoi(argv[2]) : 256;
  if (n <= 0 || bs <= 0 || n % bs != 0) {
    fprintf(stderr, "usage: %s [n] [block], n a positive multiple of block\n", argv[0]);
    return 2;
  }
  nt = n / bs;
  load_blas_libraries(nlibs);
  warm_up();
  A = calloc((size_t)nt * nt, sizeof(float *));
  for (int ti = 0; ti < nt; ++ti)
    for (int tj = 0; tj <= ti; ++tj) {
      float *t = T(ti, tj) = malloc(sizeof(float) * bs * bs);
      for (int j = 0; j < bs; ++j)
        for (int i = 0; i < bs; ++i)
          t[j * bs + i] = element(ti * bs + i, tj * bs + j, n);
    }

  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  cholesky();
  double secs = omp_get_wtime() - t0;

  // Residual with a random x: y = L (L^T x) against A x, in double.
  double *x = malloc(sizeof(double) * n), *z = calloc(n, sizeof(double));
  double res = 0, ax_norm2 = 0, x_norm2 = 0, a_norm2 = 0;
  for (int i = 0; i < n; ++i)
    x[i] = (double)(i % 17) / 17.0 - 0.5, x_norm2 += x[i] * x[i];
#define L(i, j) T((i) / bs, (j) / bs)[((j) % bs) * bs + (i) % bs]
  for (int j = 0; j < n; ++j) // z = L^T x
    for (int i = j; i < n; ++i)
      z[j] += L(i, j) * x[i];
  for (int i = 0; i < n; ++i) {
    double y = 0, ax = 0;
    for (int j = 0; j <= i; ++j)
      y += L(i, j) * z[j];
    for (int j = 0; j < n; ++j) {
      double a = element(i, j, n);
      ax += a * x[j];
      a_norm2 += a * a;
    }
    res += (ax - y) * (ax - y);
    ax_norm2 += ax * ax;
  }
  double residual = sqrt(res) / (sqrt(a_norm2) * sqrt(x_norm2));
  int ok = residual < 1e-4;
  printf("cholesky n=%d block=%d threads=%d: %.3f s, %.2f GFLOP/s, residual %.1e (%s), "
         "OpenBLAS kernels %s\n",
         n, bs, omp_get_max_threads(), secs, (double)n * n * n / 3.0 / secs * 1e-9, residual,
         ok ? "ok" : "ABOVE 1e-4", openblas_core);
  return ok ? 0 : 1;
}

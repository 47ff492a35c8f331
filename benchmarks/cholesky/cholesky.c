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

#include "cholesky_tasks.h"

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
  printf("cholesky n=%d block=%d threads=%d: %.6f s, %.2f GFLOP/s, residual %.1e (%s), "
         "OpenBLAS kernels %s\n",
         n, bs, omp_get_max_threads(), secs, (double)n * n * n / 3.0 / secs * 1e-9, residual,
         ok ? "ok" : "ABOVE 1e-4", openblas_core);
  return ok ? 0 : 1;
}

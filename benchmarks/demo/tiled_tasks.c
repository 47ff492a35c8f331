// A tiled task-parallel matrix product (C += A*B on NB x NB tiles, one task per tile update, with
// depend clauses), used by scripts/demo.sh to show MVOMP's toolchain at work. It checks its result
// against a sequential product and prints the time taken.
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

static void tile_gemm(int bs, const double *a, const double *b, double *c) {
  for (int i = 0; i < bs; ++i)
    for (int k = 0; k < bs; ++k)
      for (int j = 0; j < bs; ++j)
        c[i * bs + j] += a[i * bs + k] * b[k * bs + j];
}

int main(int argc, char **argv) {
  int nt = argc > 1 ? atoi(argv[1]) : 8;   // tiles per dimension
  int bs = argc > 2 ? atoi(argv[2]) : 128; // tile size
  if (nt <= 0 || bs <= 0) {
    fprintf(stderr, "usage: %s [tiles per dimension > 0] [tile size > 0]\n", argv[0]);
    return 2;
  }
  size_t tile = (size_t)bs * bs, n = (size_t)nt * nt;
  double *a = malloc(n * tile * sizeof(double)), *b = malloc(n * tile * sizeof(double));
  double *c = calloc(n * tile, sizeof(double)), *ref = calloc(tile, sizeof(double));
  if (!a || !b || !c || !ref)
    return 3;
  for (size_t i = 0; i < n * tile; ++i) {
    a[i] = (double)(i % 7) / 7.0;
    b[i] = (double)(i % 5) / 5.0;
  }
  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < nt; ++i)
    for (int j = 0; j < nt; ++j)
      for (int k = 0; k < nt; ++k) {
        double *ct = &c[(i * nt + j) * tile];
        const double *at = &a[(i * nt + k) * tile], *bt = &b[(k * nt + j) * tile];
#pragma omp task depend(in : at[0], bt[0]) depend(inout : ct[0])
        tile_gemm(bs, at, bt, ct);
      }
  double t = omp_get_wtime() - t0;
  // Check tile (0,0) against a sequential computation.
  for (int k = 0; k < nt; ++k)
    tile_gemm(bs, &a[k * tile], &b[k * nt * tile], ref);
  double err = 0;
  for (size_t i = 0; i < tile; ++i)
    err = fmax(err, fabs(ref[i] - c[i]));
  printf("%d threads: %dx%d tiles of %d, %d tasks, %.3f s, max error %.1e (%s) on %s\n",
         omp_get_max_threads(), nt, nt, bs, nt * nt * nt, t, err, err < 1e-9 ? "ok" : "WRONG",
         kmp_mvomp_version());
  free(a), free(b), free(c), free(ref);
  return err < 1e-9 ? 0 : 1;
}

// The taskloop benchmark of thesis 004 (listing 5, appendix listing A.1), the workload of ERASE:
// per iteration three taskloops of different character over n x n doubles, then a taskwait
// (taskloop has no depend clause; the taskwait orders the iterations):
//   copy      E = A                      memory-bound
//   matmul    D = A * B (i-k-j order)    cache-bound
//   jacobi    C = 4-point average of A   (one Jacobi sweep of a 2D stencil)
//
//   taskloop [n] [iterations]      defaults 256 100 (the thesis: 128 to 1024)
//
// The taskloops have no grainsize or num_tasks clause: how they are split is the runtime's
// choice (what ERASE's moldability changes). Prints the time, the time per iteration, and checks
// the three results against a sequential computation of one iteration (exit 1 if they differ).
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/random.h"

static int n;
static double *A, *B, *C, *D, *E;
#define AT(m, i, j) (m)[(size_t)(i) * n + (j)]

static void copy_row(int i) {
  for (int j = 0; j < n; ++j)
    AT(E, i, j) = AT(A, i, j);
}

static void matmul_row(int i) {
  for (int j = 0; j < n; ++j)
    AT(D, i, j) = 0;
  for (int k = 0; k < n; ++k) {
    double a = AT(A, i, k);
    for (int j = 0; j < n; ++j)
      AT(D, i, j) += a * AT(B, k, j);
  }
}

static void jacobi_row(int i) {
  for (int j = 0; j < n; ++j)
    AT(C, i, j) = i == 0 || j == 0 || i == n - 1 || j == n - 1
                      ? AT(A, i, j)
                      : 0.25 * (AT(A, i - 1, j) + AT(A, i + 1, j) + AT(A, i, j - 1) +
                                AT(A, i, j + 1));
}

int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 256;
  int iterations = argc > 2 ? atoi(argv[2]) : 100;
  if (n < 3 || iterations < 1) {
    fprintf(stderr, "usage: %s [n >= 3] [iterations >= 1]\n", argv[0]);
    return 2;
  }
  size_t nn = (size_t)n * n;
  A = random_doubles(nn, 1), B = random_doubles(nn, 2);
  C = calloc(nn, sizeof(double)), D = calloc(nn, sizeof(double)), E = calloc(nn, sizeof(double));

  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int it = 0; it < iterations; ++it) {
#pragma omp taskloop
    for (int i = 0; i < n; ++i)
      copy_row(i);
#pragma omp taskloop
    for (int i = 0; i < n; ++i)
      matmul_row(i);
#pragma omp taskloop
    for (int i = 0; i < n; ++i)
      jacobi_row(i);
#pragma omp taskwait
  }
  double secs = omp_get_wtime() - t0;

  // One sequential iteration into fresh arrays, compared with the parallel results.
  double *C1 = C, *D1 = D, *E1 = E;
  C = malloc(nn * sizeof(double)), D = malloc(nn * sizeof(double)), E = malloc(nn * sizeof(double));
  double err = 0;
  for (int i = 0; i < n; ++i)
    copy_row(i), matmul_row(i), jacobi_row(i);
  for (size_t i = 0; i < nn; ++i)
    err = fmax(err, fmax(fabs(C[i] - C1[i]), fmax(fabs(D[i] - D1[i]), fabs(E[i] - E1[i]))));
  int ok = err == 0;
  printf("taskloop n=%d iterations=%d threads=%d: %.3f s, %.3f ms per iteration, %s\n", n,
         iterations, omp_get_max_threads(), secs, secs / iterations * 1e3,
         ok ? "results ok" : "RESULTS DIFFER");
  return ok ? 0 : 1;
}

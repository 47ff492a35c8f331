// The hybrid MPI+OpenMP benchmark of docs/mpi.md. Every rank runs STEPS steps of its own work,
// then the ranks agree on a check value with MPI_Allreduce, where libmvomp-mpi shares what their
// multi-version tasks measured (as a time-stepping code computes a new operator every step):
//
//   mpirun -np R hybrid cholesky [n] [block] [steps]            defaults 512 128 30
//     the tiled Cholesky of benchmarks/cholesky (strsm, ssyrk and sgemm tasks of four versions:
//     OpenBLAS, BLIS, reference BLAS, plain loops) of a new n x n matrix per step;
//   mpirun -np R hybrid mmul [n] [leaf] [steps] [all|subset] [keys] [exchanges]
//                                                              defaults 256 32 8 subset 0 0
//     the recursive MMUL of benchmarks/mmul (leaves of 219 or 13 versions) per step; with keys
//     > 0 the leaves are described as of `keys` problem sizes (task_cost), and with exchanges > 0
//     the ranks then time that many calls of mvomp_mpi_share (the cost of one exchange).
//
// Built with mpicc driving MVOMP's clang (scripts/bench-hybrid.sh):
//   OMPI_CC=install/bin/clang mpicc -O2 -fopenmp -I<dir of mmul_versions.inc> hybrid.c \
//     -lmvomp-mpi -ldl -lm
// Rank 0 prints the time of the slowest rank; every rank's trace (OMP_SELECT_TRACE=...-%r.csv)
// says what it explored.
#include <mpi.h>
#include <mvomp-mpi.h>

#include "../cholesky/cholesky_tasks.h"
#include "../common/random.h"
#include "../mmul/mmul_tasks.h"

// One step of the Cholesky: factorise the matrix of benchmarks/cholesky shifted by s on the
// diagonal; returns |L(0,0)^2 - a(0,0)| relative (a full residual is benchmarks/cholesky's).
static double cholesky_step(int n, int s) {
  for (int ti = 0; ti < nt; ++ti)
    for (int tj = 0; tj <= ti; ++tj)
      for (int j = 0; j < bs; ++j)
        for (int i = 0; i < bs; ++i)
          T(ti, tj)[j * bs + i] =
              element(ti * bs + i, tj * bs + j, n) + (float)s * (ti == tj && i == j);
#pragma omp parallel
#pragma omp single
  cholesky();
  double a00 = element(0, 0, n) + s;
  return fabs((double)T(0, 0)[0] * T(0, 0)[0] - a00) / a00;
}

// One step of MMUL: C = A * B; returns |C(0,0) - sum_k A(0,k) B(k,0)| relative.
static double mmul_step(int n, const double *A, const double *B, double *C) {
  memset(C, 0, sizeof(double) * n * n);
#pragma omp parallel
#pragma omp single
  mmul(n, n, n, A, B, C);
  double c = 0, norm = 0;
  for (int k = 0; k < n; ++k)
    c += A[k] * B[(size_t)k * n], norm += fabs(A[k] * B[(size_t)k * n]);
  return fabs(C[0] - c) / (norm > 0 ? norm : 1);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, ranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const char *what = argc > 1 ? argv[1] : "cholesky";
  int is_mmul = strcmp(what, "mmul") == 0;
  int n = argc > 2 ? atoi(argv[2]) : is_mmul ? 256 : 512;
  int block = argc > 3 ? atoi(argv[3]) : is_mmul ? 32 : 128;
  int steps = argc > 4 ? atoi(argv[4]) : is_mmul ? 8 : 30;
  const char *set = argc > 5 ? argv[5] : "subset";
  mmul_keys = argc > 6 ? atoi(argv[6]) : 0;
  int exchanges = argc > 7 ? atoi(argv[7]) : 0;
  int k = n;
  while (is_mmul && block > 0 && k > block && k % 2 == 0)
    k /= 2;
  if ((!is_mmul && strcmp(what, "cholesky") != 0) || n <= 0 || block <= 0 || steps <= 0 ||
      (!is_mmul && n % block != 0) || (is_mmul && k != block) || mmul_keys < 0 ||
      exchanges < 0 || (strcmp(set, "all") != 0 && strcmp(set, "subset") != 0)) {
    if (rank == 0)
      fprintf(stderr, "usage: %s cholesky [n] [block] [steps] (n a multiple of block)\n"
                      "       %s mmul [n] [leaf] [steps] [all|subset] [keys] [exchanges] "
                      "(n = leaf * 2^k)\n",
              argv[0], argv[0]);
    MPI_Finalize();
    return 2;
  }
  double *MA = NULL, *MB = NULL, *MC = NULL;
  if (is_mmul) {
    subset = strcmp(set, "subset") == 0;
    grain = (long long)block * block * block;
    ld = n;
    MA = random_doubles((size_t)n * n, 1 + rank), MB = random_doubles((size_t)n * n, 2);
    MC = malloc(sizeof(double) * n * n);
  } else {
    bs = block;
    nt = n / bs;
    load_blas_libraries(nlibs);
    warm_up();
    A = calloc((size_t)nt * nt, sizeof(float *));
    for (int ti = 0; ti < nt; ++ti)
      for (int tj = 0; tj <= ti; ++tj)
        T(ti, tj) = malloc(sizeof(float) * bs * bs);
  }
  double worst = 0, t0 = omp_get_wtime();
  for (int s = 0; s < steps; ++s) {
    double r = is_mmul ? mmul_step(n, MA, MB, MC) : cholesky_step(n, s), all;
    MPI_Allreduce(&r, &all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (all > worst)
      worst = all;
  }
  double secs = omp_get_wtime() - t0, slowest;
  MPI_Reduce(&secs, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  int ok = worst < 1e-5;
  if (rank == 0)
    printf("hybrid %s ranks=%d n=%d block=%d steps=%d threads=%d: %.3f s (slowest rank), check "
           "%.1e (%s)\n",
           what, ranks, n, block, steps, omp_get_max_threads(), slowest, worst,
           ok ? "ok" : "FAILED");
  if (exchanges > 0) { // the cost of one exchange, on the statistics the steps left
    size_t bytes = 0;
    kmp_mvomp_share_free(kmp_mvomp_share_export(&bytes));
    double *t = malloc(sizeof(double) * exchanges), before, after;
    for (int e = 0; e < exchanges; ++e) {
      MPI_Barrier(MPI_COMM_WORLD);
      mvomp_mpi_share_count(&before);
      mvomp_mpi_share(MPI_COMM_WORLD);
      mvomp_mpi_share_count(&after);
      t[e] = after - before;
    }
    qsort(t, exchanges, sizeof(double), cmp_double);
    double median = t[exchanges / 2], slowest_median;
    MPI_Reduce(&median, &slowest_median, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
      printf("exchange: %.2f ms (median of %d, slowest rank), %zu bytes exported by rank 0\n",
             slowest_median * 1e3, exchanges, bytes);
    free(t);
  }
  MPI_Finalize();
  return ok ? 0 : 1;
}

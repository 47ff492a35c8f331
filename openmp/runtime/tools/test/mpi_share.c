// libmvomp-mpi's test program (test-mvomp-mpi.sh, docs/mpi.md): every rank runs
// ITERATIONS iterations of TASKS multi-version tasks (four versions that report 800, 100,
// 400 and 200 us) of cost 64, plus one task of a cost that only half the ranks have
// (1000 + rank % 2), then an MPI_Allreduce (where libmvomp-mpi shares the statistics). It checks
// that every task ran exactly once on its rank and prints "rank R: ok", then, when libmvomp-mpi
// is linked or preloaded, "rank R: N exchanges".
//
//   mpi_share [iterations] [tasks] [mode]
//   mode: normal (default); "idle1": rank 1 runs no multi-version task; "die1": rank 1 exits
//   without MPI_Finalize halfway; "nompi": never calls MPI (run without mpirun).
#include <mpi.h>
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// libmvomp-mpi's (mvomp-mpi.h), weak: the test also runs the program with the library preloaded
// instead of linked.
int mvomp_mpi_share_count(double *seconds) __attribute__((weak));

static void spin_us(double us) {
  double end = omp_get_wtime() + us * 1e-6;
  while (omp_get_wtime() < end)
    ;
}

static int *ran;

// Each version spins 20 us and reports its nominal time (kmp_task_stats_set, with a jitter of a
// few ns so that the variance is above 0): with 4 ranks on 2 cores a spin is often descheduled,
// and the choices the test counts must not depend on that.
static void version(int i, double us) {
  spin_us(20);
  kmp_task_stats_set((unsigned long long)(us * 1000) + (unsigned)i % 7);
  __atomic_add_fetch(&ran[i], 1, __ATOMIC_RELAXED);
}
static void v800(int i) { version(i, 800); }
static void v100(int i) { version(i, 100); }
static void v400(int i) { version(i, 400); }
static void v200(int i) { version(i, 200); }

static void launch(int i, long long cost) {
  task_cost(cost);
#pragma omp task define(7) firstprivate(i)
  v800(i);
#pragma omp task define(7) firstprivate(i)
  v100(i);
#pragma omp task define(7) firstprivate(i)
  v400(i);
#pragma omp task define(7) firstprivate(i)
  v200(i);
#pragma omp task run(7)
}

int main(int argc, char **argv) {
  int iterations = argc > 1 ? atoi(argv[1]) : 30;
  int tasks = argc > 2 ? atoi(argv[2]) : 2;
  const char *mode = argc > 3 ? argv[3] : "normal";
  int mpi = strcmp(mode, "nompi") != 0;
  int rank = 0, size = 1;
  if (mpi) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
  }
  int idle = strcmp(mode, "idle1") == 0 && rank == 1;
  int per = tasks + 1, n = iterations * per;
  ran = calloc(n, sizeof(int));
  for (int it = 0; it < iterations; ++it) {
    if (!idle) {
#pragma omp parallel
#pragma omp single
      for (int t = 0; t < per; ++t)
        launch(it * per + t, t < tasks ? 64 : 1000 + rank % 2);
    }
    if (strcmp(mode, "die1") == 0 && rank == 1 && it == iterations / 2) {
      fprintf(stderr, "rank 1: dying\n");
      _exit(3);
    }
    if (mpi) {
      double x = it, sum = 0;
      MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += ran[i] != (idle ? 0 : 1);
  if (mpi)
    MPI_Finalize();
  printf("rank %d: %s\n", rank, bad ? "FAILED: a task ran other than once" : "ok");
  if (mvomp_mpi_share_count)
    printf("rank %d: %d exchanges\n", rank, mvomp_mpi_share_count(NULL));
  return bad != 0;
}

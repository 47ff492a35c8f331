// A multi-size workload (docs/benchmarks.md, "Multi-size workload"): one
// multi-version task with two versions whose order flips with the problem
// size, launched at sizes drawn at random from eight, each launch with its
// size as its cost (task_cost), so that the runtime learns one choice per
// size and predicts sizes it has not seen from the others.
//
//   multisize [launches] [seed]     defaults 4000 1
//
//   "linear"  busy-waits 2 ns per unit of size           (best below 4000)
//   "offset"  busy-waits 4000 ns + 1 ns per unit of size  (best above 4000)
//
// Sizes 200 to 25600 (doubling): "linear" is best at the five smallest,
// "offset" at the three largest; the closest are 3200 (6.4 us against 7.2 us)
// and 6400 (12.8 us against 10.4 us). Prints, per size, how often each ran,
// then the share of launches that ran the slower version for their size and
// the time lost against always running the faster one (from the versions'
// nominal times), and the wall time.
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { nsizes = 8 };
static const int sizes[nsizes] = {200,  400,  800,   1600,
                                  3200, 6400, 12800, 25600};
static int ran[nsizes][2];

static void busy_ns(double ns) {
  double t0 = omp_get_wtime();
  while ((omp_get_wtime() - t0) * 1e9 < ns)
    ;
}
static double nominal(int version, int size) {
  return version == 0 ? 2.0 * size : 4000.0 + size;
}

void linear(int k) {
  busy_ns(nominal(0, sizes[k]));
  __atomic_fetch_add(&ran[k][0], 1, __ATOMIC_RELAXED);
}
void offset(int k) {
  busy_ns(nominal(1, sizes[k]));
  __atomic_fetch_add(&ran[k][1], 1, __ATOMIC_RELAXED);
}

int main(int argc, char **argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 4000;
  unsigned seed = argc > 2 ? (unsigned)atoi(argv[2]) : 1;
  if (launches < 1) {
    fprintf(stderr, "usage: %s [launches] [seed]\n", argv[0]);
    return 2;
  }
  // The runtime and its threads start before the clock. Not an empty region:
  // Clang removes `#pragma omp parallel {}` (until 2026-11-28 the runtime
  // started inside the first timed region).
#pragma omp parallel
  {
#pragma omp barrier
  }
  double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < launches; ++i) {
    int k = (int)(rand_r(&seed) % nsizes);
    task_cost(sizes[k]);
#pragma omp task define(1) firstprivate(k)
    linear(k);
#pragma omp task define(1) firstprivate(k)
    offset(k);
#pragma omp task run(1)
  }
  double wall = omp_get_wtime() - t0;
  int wrong = 0, total = 0;
  double spent = 0, best = 0;
  for (int k = 0; k < nsizes; ++k) {
    int b = nominal(0, sizes[k]) <= nominal(1, sizes[k]) ? 0 : 1;
    printf("size %5d: linear %5d offset %5d (faster: %s)\n", sizes[k],
           ran[k][0], ran[k][1], b ? "offset" : "linear");
    wrong += ran[k][1 - b];
    total += ran[k][0] + ran[k][1];
    spent +=
        ran[k][0] * nominal(0, sizes[k]) + ran[k][1] * nominal(1, sizes[k]);
    best += (ran[k][0] + ran[k][1]) * nominal(b, sizes[k]);
  }
  printf("multisize: %d launches, slower version %.2f%%, time lost %.2f%%, "
         "wall %.3f s\n",
         total, 100.0 * wrong / total, 100.0 * (spent / best - 1), wall);
  return total == launches ? 0 : 1;
}

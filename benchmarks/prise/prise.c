// The experiment of paper 003 (PRISE, "probabilistic selection among implementations by problem
// size"), with MVOMP's multi-version tasks: dgemm on square matrices of random sizes, with several
// implementations, and how often the runtime's choice is the best implementation for that size
// as the launches go on.
//
//   prise [launches] [classes per octave] [seed]     defaults 400 2 1
//
// Versions of the dgemm task (C = A * B, column-major, double):
//   0 OpenBLAS            one call, one thread
//   1 BLIS                one call, one thread
//   2 OpenBLAS x2         C's columns in two halves, one task each (uses a second thread)
//   3 BLIS x2             the same with BLIS
// (libraries loaded side by side: benchmarks/common/blas_libs.h). Which is best depends on the
// size: splitting pays off only once a product is large enough to hide the cost of a task.
//
// Sizes are drawn uniformly from the multiples of 16 in [64, 1024] (61 sizes; the paper draws
// from 64 to 4096). The runtime keys its statistics by size class: with c classes per octave, a
// launch of size n has cost floor(c * log2(n / 64)) and its time is divided by n^3 / 4096
// (kmp_task_reftime), so that the sizes of a class share statistics. c = -1 makes no classes:
// each size is its own cost (task_cost(n)), which MVOMP's prediction across costs generalises
// from the sizes seen (docs/runtime.md). c = 0 keys nothing: one set
// of statistics for all sizes, like a selector that ignores the problem size.
//
// First an oracle: every version of every size in the sequence is timed directly, outside the
// runtime's selection: the median of rounds that run the four versions in rotated order (15
// rounds below n = 256, 7 below 512, 3 above), on a nanosecond clock (PRISE_ORACLE=classic: the
// oracle before 2026-11-29, each version three times in a row on omp_get_wtime's microseconds).
// Then the launches, one at a time (each waits for the previous, as in the paper's loop), with the
// version chosen by OMP_SELECT. Per window of 50 launches it prints the accuracy (the share of
// launches that ran the oracle's best version for their size), the share within 5% of the best, and
// the time lost (the oracle's time of the versions chosen over the oracle's time of the best
// versions, minus 1), then a summary line for the runner, which adds the share of launches after
// the 170th within 2% of the best (paper 003's measure) and the same share for the best versions of
// a second oracle timed right after the first (oracle-self: what a selector that knew each size's
// best could score against this oracle), and that selector's time lost over the whole run
// (oracle-self-lost: the floor of lost-all). PRISE_TRACE=<file> writes each launch's size, version
// and the oracle's times of the versions.
#include <math.h>
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/blas_libs.h"

enum { nversions = 4, window = 50, min_size = 64, max_size = 1024, step = 16 };
// Paper 003 reports its accuracy after 170 training launches: from here on, a launch counts as
// correct when it ran the oracle's best version for its size or one within 2% of its time.
enum { late_from = 170 };
static const char *const version_names[nversions] = {"OpenBLAS", "BLIS", "OpenBLAS x2",
                                                     "BLIS x2"};
enum { nsizes = (max_size - min_size) / step + 1 };

static double *A, *B, *C; // max_size^2 each
static int *chosen;       // chosen[i]: the version launch i ran

// C[:, j0:j0+w] = A * B[:, j0:j0+w] for n x n matrices.
static void gemm_cols(int lib, int n, int j0, int w) {
  const double one = 1.0, zero = 0.0;
  libs[lib].dgemm("N", "N", &n, &w, &n, &one, A, &n, B + (size_t)j0 * n, &n, &zero,
                  C + (size_t)j0 * n, &n);
}

void gemm_one(int lib, int n, int launch) {
  gemm_cols(lib, n, 0, n);
  if (launch >= 0)
    chosen[launch] = lib;
}

void gemm_split(int lib, int n, int launch) {
  int h = n / 2;
#pragma omp task
  gemm_cols(lib, n, 0, h);
  gemm_cols(lib, n, h, n - h);
#pragma omp taskwait
  if (launch >= 0)
    chosen[launch] = 2 + lib;
}

static void run_version(int v, int n) {
  if (v < 2)
    gemm_one(v, n, -1);
  else
    gemm_split(v - 2, n, -1);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

// PRISE_ORACLE=classic: the oracle before 2026-11-29 (each version three times in a row, timed
// with omp_get_wtime, whose resolution in libomp is a microsecond: 7-12% of the smallest products).
static int classic_oracle;

// The oracle's time of each version at size n (seconds): the median of rounds that run every
// version once, in an order rotated from round to round (no version always first after another
// size's largest product), on a nanosecond clock. Small products get more rounds: at 8-200 us one
// cold or preempted execution moves a median of three, and which of two versions a few percent
// apart is best flips from one oracle to the next (docs/benchmarks.md).
static void time_versions(int n, double *out) {
  enum { max_reps = 15 };
  double t[nversions][max_reps];
  int reps = classic_oracle ? 3 : n < 256 ? 15 : n < 512 ? 7 : 3;
  if (classic_oracle) {
    for (int v = 0; v < nversions; ++v)
      for (int r = 0; r < reps; ++r) {
        double t0 = omp_get_wtime();
        run_version(v, n);
        t[v][r] = omp_get_wtime() - t0;
      }
  } else {
    for (int r = 0; r < reps; ++r)
      for (int k = 0; k < nversions; ++k) {
        int v = (r + k) % nversions;
        double t0 = now_s();
        run_version(v, n);
        t[v][r] = now_s() - t0;
      }
  }
  for (int v = 0; v < nversions; ++v) {
    qsort(t[v], reps, sizeof(double), cmp_double);
    out[v] = t[v][reps / 2];
  }
}

int main(int argc, char **argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 400;
  int classes = argc > 2 ? atoi(argv[2]) : 2;
  unsigned seed = argc > 3 ? (unsigned)atoi(argv[3]) : 1;
  if (launches < 1 || classes < -1) {
    fprintf(stderr, "usage: %s [launches >= 1] [classes per octave >= 0, or -1] [seed]\n",
            argv[0]);
    return 2;
  }
  const char *oracle_kind = getenv("PRISE_ORACLE");
  classic_oracle = oracle_kind && strcmp(oracle_kind, "classic") == 0;
  if (oracle_kind && *oracle_kind && !classic_oracle)
    fprintf(stderr, "prise: PRISE_ORACLE: '%s' is not 'classic'; the default oracle\n",
            oracle_kind);
  load_blas_libraries(2);
  size_t mm = (size_t)max_size * max_size;
  A = malloc(mm * sizeof(double)), B = malloc(mm * sizeof(double));
  C = malloc(mm * sizeof(double));
  for (size_t i = 0; i < mm; ++i)
    A[i] = (double)(i % 97) / 97.0, B[i] = (double)(i % 89) / 89.0;
  int *size = malloc(launches * sizeof(int));
  chosen = malloc(launches * sizeof(int));
  for (int i = 0; i < launches; ++i)
    chosen[i] = -1;
  int used[nsizes] = {0};
  for (int i = 0; i < launches; ++i) {
    seed = seed * 1664525u + 1013904223u;
    size[i] = min_size + (int)((seed >> 8) % nsizes) * step;
    used[(size[i] - min_size) / step] = 1;
  }

  // Median seconds per size and version; again[][] is a second oracle, timed the same way
  // right after the first, which says how far the oracle agrees with itself.
  static double oracle[nsizes][nversions], again[nsizes][nversions];
  double secs = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int v = 0; v < nversions; ++v) // warm-up: first calls initialise the libraries
      run_version(v, min_size);
    for (int s = 0; s < nsizes; ++s)
      for (int pass = 0; pass < 2 && used[s]; ++pass)
        time_versions(min_size + s * step, (pass ? again : oracle)[s]);

    double t0 = omp_get_wtime();
    for (int i = 0; i < launches; ++i) {
      int n = size[i];
      if (classes < 0) {
        task_cost(n);
      } else {
        long long cls = classes ? (long long)floor(classes * log2((double)n / min_size)) : 0;
        kmp_task_reftime(cls, (long long)n * n * n / 4096);
      }
#pragma omp task define(1)
      gemm_one(openblas, n, i);
#pragma omp task define(1)
      gemm_one(blis, n, i);
#pragma omp task define(1)
      gemm_split(openblas, n, i);
#pragma omp task define(1)
      gemm_split(blis, n, i);
#pragma omp task run(1)
#pragma omp taskwait
    }
    secs = omp_get_wtime() - t0;
  }

  // Every launch ran one version, and the last product is right: C x against A (B x).
  for (int i = 0; i < launches; ++i)
    if (chosen[i] < 0) {
      fprintf(stderr, "prise: launch %d ran no version\n", i);
      return 1;
    }
  int n = size[launches - 1];
  double *bx = calloc(n, sizeof(double)), err = 0, norm = 0;
  for (int j = 0; j < n; ++j) // bx = B x, x_j = j % 7
    for (int k = 0; k < n; ++k)
      bx[k] += B[(size_t)j * n + k] * (double)(j % 7);
  for (int r = 0; r < n; ++r) {
    double cx = 0, abx = 0;
    for (int k = 0; k < n; ++k)
      abx += A[(size_t)k * n + r] * bx[k], cx += C[(size_t)k * n + r] * (double)(k % 7);
    err += (cx - abx) * (cx - abx), norm += abx * abx;
  }
  if (!(sqrt(err / norm) < 1e-12)) {
    fprintf(stderr, "prise: wrong product (relative error %.1e)\n", sqrt(err / norm));
    return 1;
  }

  // PRISE_TRACE=<file>: one line per launch (launch, size, version run, the oracle's times of
  // the versions in ms), for tracing where a run loses its time (docs/benchmarks.md).
  const char *trace = getenv("PRISE_TRACE");
  FILE *tf = trace && *trace ? fopen(trace, "w") : NULL;
  if (trace && *trace && !tf)
    fprintf(stderr, "prise: PRISE_TRACE: cannot write '%s'; no trace\n", trace);
  for (int i = 0; tf && i < launches; ++i) {
    const double *o = oracle[(size[i] - min_size) / step];
    fprintf(tf, "%d %d %d", i, size[i], chosen[i]);
    for (int v = 0; v < nversions; ++v)
      fprintf(tf, " %.6f", o[v] * 1e3);
    fputc('\n', tf);
  }
  if (tf)
    fclose(tf);

  int best_count[nversions] = {0};
  for (int s = 0; s < nsizes; ++s) {
    if (!used[s])
      continue;
    int b = 0;
    for (int v = 1; v < nversions; ++v)
      if (oracle[s][v] < oracle[s][b])
        b = v;
    best_count[b]++;
  }
  printf("prise: %d launches of dgemm, sizes %d..%d (multiples of %d), %d classes per octave, "
         "%d threads, OpenBLAS kernels %s\n",
         launches, min_size, max_size, step, classes, omp_get_max_threads(), openblas_core);
  printf("oracle's best version per size:");
  for (int v = 0; v < nversions; ++v)
    printf(" %s %d%s", version_names[v], best_count[v], v + 1 < nversions ? "," : "\n");
  printf("| launches | accuracy | within 5%% of best | time lost |\n|---|---|---|---|\n");
  // self_chosen: the first oracle's times of the second oracle's per-size choice over every
  // launch, i.e. the time a selector that knew each size's best version as well as a second
  // oracle measures it would lose: the floor of lost-all on this machine.
  double all_chosen = 0, all_best = 0, last_chosen = 0, last_best = 0, self_chosen = 0;
  int last_hits = 0, last_n = 0, late_hits = 0, late_n = 0, self_hits = 0;
  for (int w0 = 0; w0 < launches; w0 += window) {
    int w1 = w0 + window < launches ? w0 + window : launches, hits = 0, near = 0;
    double tc = 0, tb = 0;
    for (int i = w0; i < w1; ++i) {
      const double *o = oracle[(size[i] - min_size) / step];
      double best = o[0];
      for (int v = 1; v < nversions; ++v)
        best = o[v] < best ? o[v] : best;
      hits += o[chosen[i]] == best;
      near += o[chosen[i]] <= 1.05 * best;
      tc += o[chosen[i]], tb += best;
      const double *o2 = again[(size[i] - min_size) / step];
      int b2 = 0;
      for (int v = 1; v < nversions; ++v)
        b2 = o2[v] < o2[b2] ? v : b2;
      self_chosen += o[b2];
      if (i >= late_from) { // the measure: the best, or within 2% of it
        late_hits += o[chosen[i]] <= 1.02 * best, late_n++;
        // The same measure for a selector that knew the second oracle's best: the most any
        // selector can score against an oracle as noisy as this one.
        self_hits += o[b2] <= 1.02 * best;
      }
      if (i >= launches - 100)
        last_hits += o[chosen[i]] == best, last_n++, last_chosen += o[chosen[i]],
            last_best += best;
    }
    all_chosen += tc, all_best += tb;
    printf("| %d-%d | %.1f%% | %.1f%% | %+.1f%% |\n", w0 + 1, w1, 100.0 * hits / (w1 - w0),
           100.0 * near / (w1 - w0), 100.0 * (tc / tb - 1));
  }
  printf("prise summary: %.3f s, accuracy-last100 %.3f, lost-last100 %.4f, lost-all %.4f, "
         "within2-after%d %.4f, oracle-self %.4f, oracle-self-lost %.4f\n",
         secs, (double)last_hits / last_n, last_chosen / last_best - 1, all_chosen / all_best - 1,
         late_from, late_n ? (double)late_hits / late_n : 0.0,
         late_n ? (double)self_hits / late_n : 0.0, self_chosen / all_best - 1);
  return 0;
}

/* Taskloop grain sizes (docs/grain.md): seed 001's parallel for-loop
 * benchmark (its Listing 5.1: every iteration busy-waits a fixed time) and a
 * blocked matrix-matrix addition like its DMATDMATADD experiment.
 *
 *   grain sweep  <threads> <trip> <iter_us> <reps>    for-loop, every chunk
 *                size from 1 to trip on a log scale (num_tasks clause):
 *                CSV rows threads,trip,iter_ns,num_tasks,time_ns (median)
 *   grain loop   <trip> <iter_us> <execs>             for-loop, `execs`
 *                executions of one taskloop without a clause (the runtime's
 *                or libomp's grain: OMP_TASKLOOP_GRAIN)
 *   grain matadd <n> <execs>                          C = A + B, n x n
 *                doubles, one iteration per 4 x 256 block, no clause
 *   grain matsweep <threads> <n> <reps>               the addition with
 *                every chunk size: CSV rows as sweep
 *
 * loop and matadd print "time_s <total> per_exec_ns <mean> grain <g>
 * tasks <t> flat <lo> <hi> arm <a> first_ns <f>" (the last execution's grain as
 * kmp_taskloop_grain_last reports it; 0 without OMP_TASKLOOP_GRAIN) and check
 * that every iteration ran exactly once per execution. GRAIN_TRACE=<file>
 * also writes one line per execution: its number, its time (ns) and the task
 * count and arm that kmp_taskloop_grain_last reports for it (docs/grain.md).
 *
 * The block kernel is plain loops, not Eigen: an addition of two blocks is a
 * stream the compiler vectorises fully at -O2; what the experiment measures is
 * the taskloop's split, not the kernel (docs/grain.md). */
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void busy(double ns) {
  double end = now_ns() + ns;
  while (now_ns() < end)
    ;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, n, sizeof(double), cmp);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The work of one iteration, measured sequentially (ns). */
static double iter_ns_of(double iter_us) {
  const int n = 2000;
  double t0 = now_ns();
  for (int i = 0; i < n; ++i)
    busy(iter_us * 1000);
  return (now_ns() - t0) / n;
}

static unsigned char *hits;

/* One execution of the for-loop; num_tasks 0: no clause. */
static double forloop(long trip, double iter_us, long num_tasks) {
  double t0 = now_ns();
#pragma omp parallel
#pragma omp single
  {
    if (num_tasks > 0) {
#pragma omp taskloop num_tasks(num_tasks)
      for (long i = 0; i < trip; ++i) {
        busy(iter_us * 1000);
        hits[i]++;
      }
    } else {
#pragma omp taskloop
      for (long i = 0; i < trip; ++i) {
        busy(iter_us * 1000);
        hits[i]++;
      }
    }
  }
  return now_ns() - t0;
}

#define BR 4
#define BC 256
static double *A, *B, *C;

static double matadd(int n, long num_tasks) {
  const long rb = (n + BR - 1) / BR, cb = (n + BC - 1) / BC, trip = rb * cb;
  double t0 = now_ns();
#pragma omp parallel
#pragma omp single
  {
#define BODY                                                                   \
  {                                                                            \
    const long r0 = (b / cb) * BR, c0 = (b % cb) * BC;                         \
    const long r1 = r0 + BR < n ? r0 + BR : n, c1 = c0 + BC < n ? c0 + BC : n; \
    for (long r = r0; r < r1; ++r)                                             \
      for (long c = c0; c < c1; ++c)                                           \
        C[r * n + c] = A[r * n + c] + B[r * n + c];                            \
    hits[b]++;                                                                 \
  }
    if (num_tasks > 0) {
#pragma omp taskloop num_tasks(num_tasks)
      for (long b = 0; b < trip; ++b)
        BODY
    } else {
#pragma omp taskloop
      for (long b = 0; b < trip; ++b)
        BODY
    }
  }
  return now_ns() - t0;
}

static int check(long trip, int execs) {
  for (long i = 0; i < trip; ++i)
    if (hits[i] != (unsigned char)execs) {
      fprintf(stderr, "grain: iteration %ld ran %d times, not %d\n", i,
              hits[i], execs);
      return 1;
    }
  return 0;
}

static double first_ns; /* the first execution's time (loop, matadd) */
static const char *trace_path; /* GRAIN_TRACE */
static struct {
  double ns;
  long long tasks;
  int arm;
} trace_row[256]; /* execs <= 255 */

/* After execution e (its grain is the last one chosen): kept in memory, written
 * at the end, so that tracing adds no I/O between the timed executions. */
static void trace_exec(int e, double t) {
  if (!trace_path)
    return;
  kmp_taskloop_grain_info_t g;
  memset(&g, 0, sizeof(g));
  kmp_taskloop_grain_last(&g);
  trace_row[e].ns = t;
  trace_row[e].tasks = g.num_tasks;
  trace_row[e].arm = g.arm;
}

/* GRAIN_TRACE=<file>: one line per execution, "<execution> <ns> <tasks>
 * <arm>"; a file that cannot be written is said so. */
static void trace_write(int execs) {
  if (!trace_path)
    return;
  FILE *f = fopen(trace_path, "w");
  if (!f) {
    fprintf(stderr, "grain: GRAIN_TRACE: cannot write '%s'; no trace\n",
            trace_path);
    return;
  }
  for (int e = 0; e < execs; ++e)
    fprintf(f, "%d %.0f %lld %d\n", e, trace_row[e].ns, trace_row[e].tasks,
            trace_row[e].arm);
  fclose(f);
}

static void report(double total_ns, int execs) {
  kmp_taskloop_grain_info_t g;
  memset(&g, 0, sizeof(g));
  kmp_taskloop_grain_last(&g);
  printf("time_s %.6f per_exec_ns %.1f grain %lld tasks %lld flat %.1f %.1f "
         "arm %d first_ns %.0f\n",
         total_ns / 1e9, total_ns / execs, g.grain, g.num_tasks, g.flat_lo,
         g.flat_hi, g.arm, first_ns);
}

/* Chunk sizes 1, 2, 4, ... and trip itself, as task counts. */
static int chunks(long trip, long *tasks) {
  int n = 0;
  long last = 0;
  for (long c = 1;; c *= 2) {
    long t = (trip + c - 1) / c;
    if (t != last)
      tasks[n++] = last = t;
    if (c >= trip)
      break;
  }
  return n;
}

static void sweep(int threads, long trip, double iter_ns, int reps,
                  double (*run)(long), long rows) {
  long tasks[64];
  int n = chunks(trip, tasks);
  double *t = malloc(sizeof(double) * reps);
  for (int i = 0; i < n; ++i) {
    for (int r = 0; r < reps; ++r)
      t[r] = run(tasks[i]);
    printf("%d,%ld,%.3f,%ld,%.0f\n", threads, rows, iter_ns, tasks[i],
           median(t, reps));
    fflush(stdout);
  }
  free(t);
}

static long g_trip;
static double g_iter_us;
static int g_n;
static double run_forloop(long t) { return forloop(g_trip, g_iter_us, t); }
static double run_matadd(long t) { return matadd(g_n, t); }

static int usage(void) {
  fprintf(stderr, "usage: grain sweep <threads> <trip> <iter_us> <reps> | "
                  "loop <trip> <iter_us> <execs> | matadd <n> <execs> | "
                  "matsweep <threads> <n> <reps>\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  // Start the runtime and the team's threads before anything is timed (the
  // first parallel region creates them: milliseconds, which would swamp the
  // small loops' 200 executions). Not an empty region: Clang removes
  // `#pragma omp parallel {}`, and the runtime then started in the first
  // timed execution (until 2026-11-28).
#pragma omp parallel
  {
#pragma omp barrier
  }
  const char *mode = argv[1];
  trace_path = getenv("GRAIN_TRACE");
  if (trace_path && !*trace_path)
    trace_path = NULL;
  if (!strcmp(mode, "sweep") && argc == 6) {
    int threads = atoi(argv[2]);
    g_trip = atol(argv[3]);
    g_iter_us = atof(argv[4]);
    int reps = atoi(argv[5]);
    if (threads < 1 || g_trip < 1 || g_iter_us <= 0 || reps < 1)
      return usage();
    omp_set_num_threads(threads);
    hits = calloc(g_trip, 1);
    sweep(threads, g_trip, iter_ns_of(g_iter_us), reps, run_forloop, g_trip);
    return 0;
  }
  if (!strcmp(mode, "loop") && argc == 5) {
    long trip = atol(argv[2]);
    double iter_us = atof(argv[3]);
    int execs = atoi(argv[4]);
    if (trip < 1 || iter_us < 0 || execs < 1 || execs > 255)
      return usage();
    hits = calloc(trip, 1);
    double total = 0;
    for (int e = 0; e < execs; ++e) {
      double t = forloop(trip, iter_us, 0);
      first_ns = e == 0 ? t : first_ns;
      total += t;
      trace_exec(e, t);
    }
    report(total, execs);
    trace_write(execs);
    return check(trip, execs);
  }
  if ((!strcmp(mode, "matadd") && argc == 4) ||
      (!strcmp(mode, "matsweep") && argc == 5)) {
    int sweeping = mode[3] == 's';
    int threads = sweeping ? atoi(argv[2]) : 0;
    g_n = atoi(argv[2 + sweeping]);
    int execs = atoi(argv[3 + sweeping]);
    if (g_n < 1 || execs < 1 || execs > 255 || (sweeping && threads < 1))
      return usage();
    A = malloc(sizeof(double) * g_n * g_n);
    B = malloc(sizeof(double) * g_n * g_n);
    C = malloc(sizeof(double) * g_n * g_n);
    for (long i = 0; i < (long)g_n * g_n; ++i)
      A[i] = i % 7, B[i] = i % 5, C[i] = 0;
    const long trip = (long)((g_n + BR - 1) / BR) * ((g_n + BC - 1) / BC);
    hits = calloc(trip, 1);
    if (sweeping) {
      omp_set_num_threads(threads);
      /* The work of one block, from a sequential addition. */
      double t0 = now_ns();
      for (int r = 0; r < 5; ++r)
        for (long i = 0; i < (long)g_n * g_n; ++i)
          C[i] = A[i] + B[i];
      double iter = (now_ns() - t0) / 5 / trip;
      sweep(threads, trip, iter, execs, run_matadd, trip);
      return 0;
    }
    double total = 0;
    for (int e = 0; e < execs; ++e) {
      double t = matadd(g_n, 0);
      first_ns = e == 0 ? t : first_ns;
      total += t;
      trace_exec(e, t);
    }
    report(total, execs);
    trace_write(execs);
    for (long i = 0; i < (long)g_n * g_n; ++i)
      if (C[i] != i % 7 + i % 5) {
        fprintf(stderr, "grain: C[%ld] wrong\n", i);
        return 1;
      }
    return check(trip, execs);
  }
  return usage();
}

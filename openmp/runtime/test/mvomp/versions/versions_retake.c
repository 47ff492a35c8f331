// Retaking a disturbed first execution (OMP_SELECT_RETAKE,
// docs/runtime.md#choosing-a-policy). The versions report their times with
// kmp_task_stats_set (a time a task sets is not judged), except the executions
// under test, which the runtime times. (lit's environment sets the variable off
// for the other tests, which run beside each other and preempt each other: each
// RUN line here sets it.)
//
// "preempt": "slow" 60 us, "fast" 30 us; fast's first execution gives its CPU
// for 3 ms (100x) to a thread spinning on the same CPU, as a co-running job
// would take it (sched_yield counts as an involuntary switch). Counted,
// elimination takes fast out on it (over 4x slow) and, with the second chance
// off, fast never runs again: slow runs the other 1199 rounds. Taken again, it
// is not counted (stats.csv counts one execution fewer than fast ran) and fast
// explores as if nothing happened: slow runs its exploration only (Mean's 5
// repetitions, UCB's and TS's 2; GB draws it 2% of the time, as its own
// exploration: 22 times with this seed, where counted the preempted execution
// left fast out, 1199).
// "sleep": fast's first execution sleeps 3 ms (it waits by its own choice, for
// a device or I/O: its switches are voluntary), and "spin": it spins 3 ms on
// its CPU (a slow execution, a page-fault storm): both counted, as before.
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=on OMP_SELECT_SECOND_CHANCE=off OMP_SELECT_TRACE=t.csv %libomp-run preempt | FileCheck %s --check-prefix=MEAN
// RUN: grep -c '"fast"$' t.csv | FileCheck %s --check-prefix=TRACE
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=50 OMP_SELECT_SECOND_CHANCE=off OMP_SELECT=ucb %libomp-run preempt | FileCheck %s --check-prefix=TWO
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=50 OMP_SELECT_SECOND_CHANCE=off OMP_SELECT=ts OMP_SELECT_SEED=7 %libomp-run preempt | FileCheck %s --check-prefix=TWO
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=50 OMP_SELECT_SECOND_CHANCE=off OMP_SELECT=gb OMP_SELECT_SEED=7 %libomp-run preempt | FileCheck %s --check-prefix=GB
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=off OMP_SELECT_SECOND_CHANCE=off %libomp-run preempt | FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=on OMP_SELECT_SECOND_CHANCE=off OMP_SELECT_ROBUST=off OMP_MEAN_REPS=1 %libomp-run preempt | FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=on OMP_SELECT_SECOND_CHANCE=off %libomp-run sleep | FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_RETAKE=90 OMP_SELECT_SECOND_CHANCE=off %libomp-run spin | FileCheck %s --check-prefix=OFF

// MEAN: fast 1195 (counted 1194), slow 5, slow in the last 300 rounds: 0
// trace.csv keeps the execution left out: all 1195 of fast's.
// TRACE: {{^}}1195{{$}}
// TWO: fast {{11[0-9][0-9]}} (counted {{11[0-9][0-9]}}), slow {{[2-9]}}, slow in the last 300 rounds: 0
// GB: fast {{11[0-9][0-9]}} (counted {{11[0-9][0-9]}}), slow {{[0-9]|[1-4][0-9]}}, slow in the last 300 rounds: {{[0-9]}}
// OFF: fast 1 (counted 1), slow 1199, slow in the last 300 rounds: 300

#define _GNU_SOURCE
#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int round_no, ran[2], late_slow, rounds;
static const char *mode;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile int stop;
static void *hog(void *arg) {
  while (!stop)
    ;
  return NULL;
}

static int slow(int gtid, void *t) {
  kmp_task_stats_set(60000 + 1000 * (round_no % 3));
  ran[0]++;
  if (round_no >= rounds - 300)
    late_slow++;
  return 0;
}

static int fast(int gtid, void *t) {
  if (ran[1]++ == 0) {
    const double t0 = now_s();
    if (strcmp(mode, "preempt") == 0) {
      // (main bound the process to one CPU: the hog shares this thread's.)
      pthread_t h;
      stop = 0;
      pthread_create(&h, NULL, hog, NULL);
      while (now_s() < t0 + 3e-3)
        sched_yield();
      stop = 1;
      pthread_join(h, NULL);
    } else if (strcmp(mode, "sleep") == 0) {
      struct timespec ts = {0, 3000000};
      nanosleep(&ts, NULL);
    } else {
      const double end = cpu_s() + 3e-3;
      while (cpu_s() < end)
        ;
    }
    return 0; // timed by the runtime
  }
  kmp_task_stats_set(30000 + 100 * (round_no % 3));
  return 0;
}

// The executions of version `name` that stats.csv (written now, in the
// working directory) counts, over all its keys.
static long counted(const char *name) {
  kmp_task_impl_stat_print_csv(1);
  FILE *f = fopen("stats.csv", "r");
  char line[1024], quoted[64];
  long n = 0;
  snprintf(quoted, sizeof quoted, ",\"%s\",", name);
  while (f && fgets(line, sizeof line, f)) {
    char *p = strstr(line, quoted);
    if (p == NULL)
      continue;
    // type,version,"name","location",cost,locality,count,...
    int field = 0;
    for (p = line; *p && field < 6; ++p)
      field += *p == ',';
    n += strtol(p, NULL, 10);
  }
  if (f)
    fclose(f);
  return n;
}

int main(int argc, char **argv) {
  mode = argc > 1 ? argv[1] : "preempt";
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(sched_getcpu(), &one);
  sched_setaffinity(0, sizeof one, &one);
  // (slow first: Mean explores in the versions' order, so that fast's first
  // execution comes when slow has a time to eliminate it by.)
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  rounds = 1200;
  mv_register_and_run_rounds(1, 2, e, names, rounds, &round_no);
  printf("fast %d (counted %ld), slow %d, slow in the last 300 rounds: %d\n",
         ran[1], counted("fast"), ran[0], late_slow);
  return 0;
}

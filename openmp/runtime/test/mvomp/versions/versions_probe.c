// One probe at a time (elimination, docs/runtime.md): a version whose first execution at a key is
// running is not started again before its time arrives; the free threads run the other versions.
// 2 threads, 40 tasks of one type launched at once: "slow" (the first version) holds its thread
// until "fast" has completed twice (so fast's first time is in the statistics), at most 3 s, and
// reports 100 times fast's time (kmp_task_stats_set): once it has a time, elimination takes it out.
// Before the rule, the second thread started slow's second execution (its quota counts started
// executions), which held that thread too, until the wait timed out: 5 executions under Mean, 2
// under UCB and TS. The thesis' exploration (elimination off) keeps counting started executions.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 %libomp-run | FileCheck --check-prefix=ONE %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT=ucb %libomp-run | FileCheck --check-prefix=ONE %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT=ts %libomp-run | FileCheck --check-prefix=ONE %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_ELIMINATE=off OMP_MEAN_REPS=2 %libomp-run | FileCheck --check-prefix=THESIS %s

// ONE: slow ran 1 times, 0 timed out
// ONE: fast ran 39 times
// THESIS: slow ran 2 times, {{[12]}} timed out

// A recursion is exempt: a task of type 2 launched by an execution of type 2 (whose own execution
// is in flight at the key until its child is done) counts started executions as before, so that
// the version of the outer execution is not kept out of the inner ones: under Mean, the outer
// execution and its child both run the first version.
// ONE: recursion: outer a, inner a
// THESIS: recursion: outer a, inner a

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

#define TASKS 40
static int slow_runs, fast_runs, timeouts;

static int slow(int gtid, void *t) {
#pragma omp atomic
  ++slow_runs;
  double end = omp_get_wtime() + 3.0;
  int done;
  do {
#pragma omp atomic read
    done = fast_runs;
  } while (done < 2 && omp_get_wtime() < end);
  if (done < 2) {
#pragma omp atomic
    ++timeouts;
  }
  kmp_task_stats_set(3000000);
  return 0;
}

static int fast(int gtid, void *t) {
  mv_spin_us(30);
  kmp_task_stats_set(30000);
#pragma omp atomic
  ++fast_runs;
  return 0;
}

static char outer_ran, inner_ran;
static int rec_a(int gtid, void *t);
static int rec_b(int gtid, void *t);
static kmp_routine_entry_t rec[2] = {rec_a, rec_b};

static void rec_body(char name, int depth) {
  if (depth == 0) {
    outer_ran = name;
    int inner = 1;
    mv_run(2, 2, rec, &inner, sizeof inner, 0, 0, NULL);
#pragma omp taskwait
  } else {
    inner_ran = name;
  }
}
static int rec_a(int gtid, void *t) {
  rec_body('a', *MV_PRIV(int, t));
  return 0;
}
static int rec_b(int gtid, void *t) {
  rec_body('b', *MV_PRIV(int, t));
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < TASKS; ++i)
      mv_run(1, 2, e, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  }
  const char *rec_names[2] = {"a", "b"};
  mv_register(2, 2, rec, rec_names);
#pragma omp parallel
#pragma omp single
  {
    int outer = 0;
    mv_run(2, 2, rec, &outer, sizeof outer, 0, 0, NULL);
#pragma omp taskwait
  }
  printf("slow ran %d times, %d timed out\n", slow_runs, timeouts);
  printf("fast ran %d times\n", fast_runs);
  printf("recursion: outer %c, inner %c\n", outer_ran, inner_ran);
  return 0;
}

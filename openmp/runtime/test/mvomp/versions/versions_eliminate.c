// Elimination (OMP_SELECT_ELIMINATE, docs/runtime.md): while a policy explores, a version that
// has run and whose mean is over 4 times the lowest mean of the versions that have run is not run
// again for the rest of its quota. Three versions report their times with kmp_task_stats_set:
// "fast" 30 us, "near" 60 us (2x: explored in full), "hopeless" 600 us (20x: run once).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck --check-prefix=MEAN %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off %libomp-run | FileCheck --check-prefix=THESIS %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ucb %libomp-run | FileCheck --check-prefix=UCB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ucb OMP_SELECT_ELIMINATE=off %libomp-run | FileCheck --check-prefix=UCBTHESIS %s
// RUN: env OMP_NUM_THREADS=2 %libomp-run | FileCheck --check-prefix=TWO %s

// Mean, 5 repetitions: fast x5, near x5, hopeless once, then fast.
// MEAN: hopeless ran 1 times
// MEAN: sequence fffffnnnnnhf
// THESIS: hopeless ran 5 times
// THESIS: sequence fffffnnnnnhhhhhf
// UCB: hopeless ran 1 times
// UCBTHESIS: hopeless ran 2 times
// With 2 threads, executions chosen before another finishes may start it once more.
// TWO: hopeless ran {{[12]}} times

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

#define ROUNDS 60
static int round_no, hopeless_runs;
static char seq[ROUNDS + 1];

static int fast(int gtid, void *t) {
  kmp_task_stats_set(30000 + 100 * (round_no % 3));
  seq[round_no] = 'f';
  return 0;
}
static int near(int gtid, void *t) {
  kmp_task_stats_set(60000 + 100 * (round_no % 3));
  seq[round_no] = 'n';
  return 0;
}
static int hopeless(int gtid, void *t) {
#pragma omp atomic
  ++hopeless_runs;
  kmp_task_stats_set(600000 + 100 * (round_no % 3));
  seq[round_no] = 'h';
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[3] = {fast, near, hopeless};
  const char *names[3] = {"fast", "near", "hopeless"};
  mv_register_and_run_rounds(1, 3, e, names, ROUNDS, &round_no);
  printf("hopeless ran %d times\n", hopeless_runs);
  printf("sequence %s\n", seq);
  return 0;
}

// Mean's second look (robust statistics, docs/runtime.md). Two versions report their times with
// kmp_task_stats_set: "fast" 30 us, "slow" 36 us (1.2x). Mean explores "slow" 5 times, then
// "fast" 5 times; in the "disturbed" runs the 4th execution of "fast" reports 2.9x its time (under
// the outlier ratio of 4: counted as it is), which lifts its mean above "slow"'s, and Mean commits
// to "slow". Its lead is not significant ("fast"'s own executions disagree), so "fast" is run
// again while its executions bring its mean down: it is the choice after 5 looks. The thesis' Mean
// (OMP_SELECT_ROBUST=off) runs "slow" for the rest of the run. In the "clean" runs (no
// disturbance), Mean commits to "fast" and never looks at "slow" again: its lead is significant.
// In the "runner-up" runs the 3rd execution of "slow" reports 2.9x its time instead: Mean commits
// to "fast", and "slow"'s inflated mean and spread keep "fast"'s lead insignificant, so "slow"
// gets looks. Each comes in at 36 us, over "fast"'s mean: no sign that "slow" may be the faster,
// so none is followed by another at once (before 2026-12-02 each look that lowered "slow"'s mean
// took the next one: 5 in a row); the looks come at "fast"'s 2nd, 4th, 8th, ... executions.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 %libomp-run disturbed | FileCheck --check-prefix=LOOK %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ROBUST=off %libomp-run disturbed | FileCheck --check-prefix=THESIS %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run clean | FileCheck --check-prefix=CLEAN %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run runner-up | FileCheck --check-prefix=RUNNER %s

// 190 rounds after the exploration; 5 looks at "fast" before it is the choice. "fast"'s
// disturbed execution stays in its statistics: until its lead is significant (about 30
// executions), "slow" gets looks too, at "fast"'s 16th execution.
// LOOK: fast after exploring: 1{{8[5-9]|90}} of 190
// LOOK: slow after the looks: {{[0-5]$}}
// THESIS: fast after exploring: 0 of 190
// CLEAN: slow after exploring: 0
// RUNNER: slow after exploring: {{[1-9]}}, at most 1 in a row

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define ROUNDS 200
#define EXPLORE 10
#define DISTURBED_ROUND 8 // the 4th execution of "fast"
#define RUNNER_UP_ROUND 2 // the 3rd execution of "slow"
static int round_no, disturbed, runner_up;
static char seq[ROUNDS + 1];

static int fast(int gtid, void *t) {
  unsigned long long ns = 30000 + 100 * (round_no % 3);
  if (disturbed && round_no == DISTURBED_ROUND)
    ns = 87000;
  kmp_task_stats_set(ns);
  seq[round_no] = 'f';
  return 0;
}

static int slow(int gtid, void *t) {
  kmp_task_stats_set(runner_up && round_no == RUNNER_UP_ROUND
                         ? 104000
                         : 36000 + 100 * (round_no % 3));
  seq[round_no] = 's';
  return 0;
}

int main(int argc, char **argv) {
  disturbed = argc > 1 && strcmp(argv[1], "disturbed") == 0;
  runner_up = argc > 1 && strcmp(argv[1], "runner-up") == 0;
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register_and_run_rounds(1, 2, e, names, ROUNDS, &round_no);
  int fast_count = 0, slow_count = 0, looks = 0;
  for (int i = EXPLORE; i < ROUNDS; ++i)
    fast_count += seq[i] == 'f';
  // The looks: the first rounds after exploring that ran "fast" while "slow" was the choice.
  if (disturbed) {
    printf("fast after exploring: %d of %d\n", fast_count, ROUNDS - EXPLORE);
    for (int i = EXPLORE; i < ROUNDS && seq[i] == 'f'; ++i)
      ++looks;
    for (int i = EXPLORE + looks; i < ROUNDS; ++i)
      slow_count += seq[i] == 's';
    printf("slow after the looks: %d\n", slow_count);
  } else if (runner_up) {
    int longest = 0;
    for (int i = EXPLORE, run = 0; i < ROUNDS; ++i) {
      run = seq[i] == 's' ? run + 1 : 0;
      longest = run > longest ? run : longest;
    }
    printf("slow after exploring: %d, at most %d in a row\n",
           ROUNDS - EXPLORE - fast_count, longest);
  } else {
    printf("slow after exploring: %d\n", ROUNDS - EXPLORE - fast_count);
  }
  printf("sequence %s\n", seq);
  return 0;
}

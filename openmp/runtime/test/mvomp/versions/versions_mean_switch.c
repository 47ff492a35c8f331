// Mean commits to the lowest mean "which keeps being updated" (thesis 000,
// 3.2.2): when the version it committed to gets slower, it moves to the
// other one as soon as the running means cross. Version "a" reports 10 us
// for its first 35 executions and 1000 us after; "b" always 100 us. With 5
// repetitions: a x5, b x5, a until its mean passes 100 us (its 4th slow
// execution: (35 * 10 + 4 * 1000) / 39 = 111.5), then b.
// The libomp dispatch keeps Mean's choice in the key when a launch passes all
// the type's versions in registration order ("ab"), and asks the policy
// otherwise ("ba": the same versions, in the other order, explored b first);
// both must follow the same rule. Times are reported with kmp_task_stats_set.
// RUN: %libomp-compile
// These follow the thesis' rules exactly (OMP_SELECT_ROBUST=off, and OMP_SELECT_ELIMINATE=off:
// b, 10x slower than a, would be run once instead of five times); with robust statistics
// (the default) a's third slow execution in a row confirms the change, and Mean moves to b one
// execution earlier than the thesis' running means cross (ROBUST).
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ROBUST=off OMP_SELECT_ELIMINATE=off %libomp-run ab | FileCheck --check-prefix=AB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ROBUST=off OMP_SELECT_ELIMINATE=off %libomp-run ba | FileCheck --check-prefix=BA %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_ROBUST=off OMP_SELECT_ELIMINATE=off %libomp-run ab | FileCheck --check-prefix=AB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off %libomp-run ab | FileCheck --check-prefix=ROBUST %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off %libomp-run ba | FileCheck --check-prefix=ROBUSTBA %s
// The same rule after kmp_set_defaults switches to mean in the middle of a run
// (round 50): UCB with k = 0 chose as Mean does (a x2, b x2, then the lowest
// mean: a until round 40, then b); at the switch Mean must stay on b, not
// take a choice kept from before UCB's updates (the library that kept Mean's
// choice whatever the policy ran a at round 50). OMP_MEAN_REPS=2, UCB's own
// quota, so that Mean has nothing left to explore at the switch.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ROBUST=off OMP_SELECT_ELIMINATE=off OMP_SELECT=ucb OMP_UCB=0 OMP_MEAN_REPS=2 %libomp-run ab switch | FileCheck --check-prefix=SWITCH %s

// AB: sequence aaaaabbbbbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb{{$}}
// ROBUST: sequence aaaaabbbbbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb{{$}}
// ROBUSTBA: sequence bbbbbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb{{$}}
// SWITCH: sequence aabbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb{{$}}
// BA: sequence bbbbbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb{{$}}

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define ROUNDS 100
static char seq[ROUNDS + 1];
static int round_no, a_runs;

static int a(int gtid, void *t) {
  kmp_task_stats_set(++a_runs <= 35 ? 10000 : 1000000);
  seq[round_no] = 'a';
  return 0;
}
static int b(int gtid, void *t) {
  kmp_task_stats_set(100000);
  seq[round_no] = 'b';
  return 0;
}

int main(int argc, char **argv) {
  kmp_routine_entry_t e[2] = {a, b};
  const char *names[2] = {"a", "b"};
  mv_register(1, 2, e, names);
  int reversed = argc > 1 && strcmp(argv[1], "ba") == 0;
  int to_mean = argc > 2 && strcmp(argv[2], "switch") == 0;
  kmp_routine_entry_t launched[2] = {e[reversed], e[!reversed]};
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (round_no = 0; round_no < ROUNDS; ++round_no) {
    if (to_mean && round_no == 50)
      kmp_set_defaults("OMP_SELECT=mean");
    mv_run(1, 2, launched, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  }
  printf("sequence %s\n", seq);
  return 0;
}

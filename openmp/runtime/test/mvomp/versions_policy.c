// The sequence of chosen versions follows each policy, on two versions of very
// different cost ("slow" ~300 us, "fast" ~30 us), launched one at a time. The
// versions spin for those times but report them with kmp_task_stats_set (a
// small fixed jitter keeps the variance above 0): a measured time that other
// tests running meanwhile stretched by a descheduling made UCB stay with
// "slow" (one 10 ms sample gives it a wide, optimistic bound for the whole
// run), which is right for UCB and not what this test is about. That measured
// times reach the statistics is checked by versions_api.c.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck --check-prefix=MEAN %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=mean OMP_MEAN_REPS=2 %libomp-run | FileCheck --check-prefix=MEAN2 %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ucb %libomp-run | FileCheck --check-prefix=UCB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ts OMP_SELECT_SEED=3 %libomp-run | FileCheck --check-prefix=UCB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=gb OMP_GB_ALPHA=20000 OMP_SELECT_SEED=1 %libomp-run | FileCheck --check-prefix=GB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=fixed:0 %libomp-run | FileCheck --check-prefix=FIXED0 %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=fixed:fast %libomp-run | FileCheck --check-prefix=FIXED1 %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=random OMP_SELECT_SEED=5 %libomp-run | FileCheck --check-prefix=RANDOM %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=fixed:nosuch %libomp-run 2>&1 | FileCheck --check-prefix=NOSUCH %s

// Mean: five of the first version, five of the second, then the faster.
// MEAN: sequence 0000011111{{1+$}}
// MEAN: last 60: fast 60
// MEAN2: sequence 00111{{1+$}}
// UCB and TS: each version twice, then (nearly) always the faster.
// UCB: sequence 0011
// UCB: last 60: fast {{(5[0-9]|60)}}
// GB: last 60: fast {{(5[0-9]|60)}}
// FIXED0: sequence 0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000{{$}}
// FIXED1: sequence 1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111{{$}}
// Random: both versions, neither all the time.
// RANDOM: last 60: fast {{(1[5-9]|[2-3][0-9]|4[0-5])}}
// NOSUCH: OMP: Warning (MVOMP): OMP_SELECT=fixed:nosuch: task type 1 has no such version; choosing with mean instead
// NOSUCH: sequence 0000011111

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

#define ROUNDS 100
static char seq[ROUNDS + 1];
static int round_;

static int slow(int gtid, void *t) {
  mv_spin_us(300);
  kmp_task_stats_set(300000 + 1000 * (round_ % 3));
  seq[round_] = '0';
  return 0;
}
static int fast(int gtid, void *t) {
  mv_spin_us(30);
  kmp_task_stats_set(30000 + 100 * (round_ % 3));
  seq[round_] = '1';
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (round_ = 0; round_ < ROUNDS; ++round_) {
    mv_run(1, 2, e, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  }
  int fast_last = 0;
  for (int i = ROUNDS - 60; i < ROUNDS; ++i)
    fast_last += seq[i] == '1';
  printf("sequence %s\nlast 60: fast %d\n", seq, fast_last);
  return 0;
}

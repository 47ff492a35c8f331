// The sequence of chosen versions follows each policy, on two versions of very
// different cost ("slow" ~300 us, "fast" ~30 us), launched one at a time
// (mv_slow_fast.h). They report their times with kmp_task_stats_set: a
// measured time that other tests running meanwhile stretched by a
// descheduling made UCB stay with "slow" (one 10 ms sample gives it a wide,
// optimistic bound for the whole run), which is right for UCB and not what
// this test is about. That measured times reach the statistics is checked by
// versions_api.c.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck --check-prefix=MEAN %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=mean OMP_MEAN_REPS=2 %libomp-run | FileCheck --check-prefix=MEAN2 %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ucb %libomp-run | FileCheck --check-prefix=UCB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ts OMP_SELECT_SEED=3 %libomp-run | FileCheck --check-prefix=UCB %s
// GB's reward relative to the key's average (OMP_GB_REWARD=relative, the default) learns with the
// default alpha on tasks of microseconds; the thesis' reward in seconds needs alpha = 20000 there,
// and with the default alpha and the thesis' draw (OMP_SELECT_ELIMINATE=off) stays near uniform.
// With elimination (the default) GB does not draw "slow" again once it ran 10x slower than
// "fast", whatever its reward: at most once more, if it was drawn before "fast" ever ran.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=gb OMP_SELECT_SEED=1 %libomp-run | FileCheck --check-prefix=GB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=gb OMP_SELECT_SEED=2 %libomp-run | FileCheck --check-prefix=GB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=gb OMP_GB_REWARD=seconds OMP_GB_ALPHA=20000 OMP_SELECT_SEED=1 %libomp-run | FileCheck --check-prefix=GB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=gb OMP_GB_REWARD=seconds OMP_SELECT_ELIMINATE=off OMP_SELECT_SEED=1 %libomp-run | FileCheck --check-prefix=GBRAW %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=gb OMP_GB_REWARD=seconds OMP_SELECT_SEED=1 %libomp-run | FileCheck --check-prefix=GBELIM %s
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
// GBRAW: last 60: fast {{(1[5-9]|[2-4][0-9])$}}
// GBELIM: sequence {{1*01?1*0?1+$}}
// GBELIM: last 60: fast 60
// FIXED0: sequence 0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000{{$}}
// FIXED1: sequence 1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111{{$}}
// Random: both versions, neither all the time.
// RANDOM: last 60: fast {{(1[5-9]|[2-3][0-9]|4[0-5])}}
// NOSUCH: OMP: Warning (MVOMP): OMP_SELECT=fixed:nosuch: task type 1 has no such version; choosing with mean instead
// NOSUCH: sequence 0000011111

#include "mv_slow_fast.h"
#include <stdio.h>

int main(void) {
  mv_slow_fast_rounds(0);
  int fast_last = 0;
  for (int i = ROUNDS - 60; i < ROUNDS; ++i)
    fast_last += mv_seq[i] == '1';
  printf("sequence %s\nlast 60: fast %d\n", mv_seq, fast_last);
  return 0;
}

// A lone execution's second chance (OMP_SELECT_SECOND_CHANCE,
// docs/runtime.md#choosing-a-policy). Versions report their times with
// kmp_task_stats_set, so that nothing else on the machine changes them.
//
// "first": "fast" 30 us, "slow" 60 us; fast's first execution reports 100x
// (3 ms), as the process's cold first execution or a preemption would make it.
// Elimination takes fast out on it (over 4x slow), and no policy ran it again:
// slow ran all the other 1199 rounds. With the default K = 16, once the key's
// time reaches 16 x fast's excess, 3 ms - 60 us (about 740 rounds of slow),
// fast runs once more, its first execution is judged by that second one
// (counted at its time), and the policy takes fast for the rest. Off (or
// K = 100: due after the run) fast runs once.
//
// "slow": "fast" 30 us, "slow" 3 ms, "slower" 6 ms, both truly slow. Each is
// eliminated after one execution; the key gives one second chance, to its lone
// version with the lowest mean, once its time reaches 16 x that version's
// excess (round 1300 or so): slow runs twice, slower once, and the chance
// costs one execution of 3 ms in 2500 rounds of 30 us (4%; at most 1/K of the
// key's time when due).
//
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off %libomp-run first | FileCheck %s --check-prefix=FIRST
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT=ucb %libomp-run first | FileCheck %s --check-prefix=FIRST
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT=ts OMP_SELECT_SEED=7 %libomp-run first | FileCheck %s --check-prefix=FIRST
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_SECOND_CHANCE=off %libomp-run first | FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_SECOND_CHANCE=100 %libomp-run first | FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_ROBUST=off OMP_MEAN_REPS=1 %libomp-run first | FileCheck %s --check-prefix=OFF
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off %libomp-run slow | FileCheck %s --check-prefix=SLOW
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT=ucb %libomp-run slow | FileCheck %s --check-prefix=SLOW
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_SECOND_CHANCE=off %libomp-run slow | FileCheck %s --check-prefix=SLOWOFF

// The chance comes once slow's rounds take 16 x (3 ms - 60 us) less fast's
// 3 ms (about 740 rounds of 61 us): fast takes the last 400-499 of 1200.
// FIRST: fast {{4[0-9][0-9]}}, slow in the last 300 rounds: 0
// OFF: fast 1, slow in the last 300 rounds: 300
// SLOW: fast {{[0-9]+}}, slow 2, slower 1
// SLOWOFF: fast {{[0-9]+}}, slow 1, slower 1

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int round_no, first_mode, ran[3], late_slow, rounds;

static int fast(int gtid, void *t) {
  unsigned long long ns = 30000 + 100 * (round_no % 3);
  if (first_mode && ran[0] == 0)
    ns *= 100;
  kmp_task_stats_set(ns);
  ran[0]++;
  return 0;
}

static int slow(int gtid, void *t) {
  kmp_task_stats_set((first_mode ? 60000 : 3000000) + 1000 * (round_no % 3));
  ran[1]++;
  if (round_no >= rounds - 300)
    late_slow++;
  return 0;
}

static int slower(int gtid, void *t) {
  kmp_task_stats_set(6000000 + 1000 * (round_no % 3));
  ran[2]++;
  return 0;
}

int main(int argc, char **argv) {
  first_mode = argc > 1 && strcmp(argv[1], "first") == 0;
  // (fast first in "slow" mode: Mean explores in the versions' order, and
  // slow would run its 5 repetitions before anything ran to eliminate it by.)
  kmp_routine_entry_t e[3] = {fast, slow, slower};
  const char *names[3] = {"fast", "slow", "slower"};
  if (first_mode) {
    e[0] = slow, e[1] = fast;
    names[0] = "slow", names[1] = "fast";
  }
  rounds = first_mode ? 1200 : 2500;
  mv_register_and_run_rounds(1, first_mode ? 2 : 3, e, names, rounds,
                             &round_no);
  if (first_mode)
    printf("fast %d, slow in the last 300 rounds: %d\n", ran[0], late_slow);
  else
    printf("fast %d, slow %d, slower %d\n", ran[0], ran[1], ran[2]);
  return 0;
}

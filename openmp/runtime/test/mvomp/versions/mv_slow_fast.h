// Two versions of task type 1 whose times differ tenfold, for the tests of
// the sequence of choices (versions_policy.c, versions_load.c): "slow" spins
// ~300 us and "fast" ~30 us, and each reports its time with
// kmp_task_stats_set (a small fixed jitter keeps the variance above 0), so
// that a descheduling by other tests running meanwhile cannot change a
// choice. mv_slow_fast_rounds launches them ROUNDS times, one at a time, and
// records in mv_seq which version ran ('0' slow, '1' fast).
#ifndef MV_SLOW_FAST_H
#define MV_SLOW_FAST_H

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>

#define ROUNDS 100
static char mv_seq[ROUNDS + 1];
static int mv_round;

static int slow(int gtid, void *t) {
  mv_spin_us(300);
  kmp_task_stats_set(300000 + 1000 * (mv_round % 3));
  mv_seq[mv_round] = '0';
  return 0;
}
static int fast(int gtid, void *t) {
  mv_spin_us(30);
  kmp_task_stats_set(30000 + 100 * (mv_round % 3));
  mv_seq[mv_round] = '1';
  return 0;
}

// Registers the two versions and launches ROUNDS tasks of cost `cost`.
static void mv_slow_fast_rounds(long long cost) {
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (mv_round = 0; mv_round < ROUNDS; ++mv_round) {
    task_cost(cost);
    mv_run(1, 2, e, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  }
}

#endif // MV_SLOW_FAST_H

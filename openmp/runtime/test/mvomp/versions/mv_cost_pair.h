// Two versions of task type 1, "slow" and "fast", whose times are set with
// kmp_task_stats_set in proportion to their launch's cost (mv_cost_pair_run):
// MV_SLOW_NS and MV_FAST_NS per unit of cost, so that a descheduling cannot
// change a choice. For the tests of prediction across costs and of buckets of
// costs (versions_many_costs.c, versions_cost_buckets.c).
#ifndef MV_COST_PAIR_H
#define MV_COST_PAIR_H

#include "mv_abi.h"
#include <mvomp.h>

static long long mv_cost_now;

static int slow(int gtid, void *t) {
  kmp_task_stats_set(MV_SLOW_NS * mv_cost_now);
  return 0;
}
static int fast(int gtid, void *t) {
  kmp_task_stats_set(MV_FAST_NS * mv_cost_now);
  return 0;
}
static kmp_routine_entry_t mv_cost_pair[2] = {slow, fast};

static void mv_cost_pair_register(void) {
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, mv_cost_pair, names);
}

// One launch of the pair at `cost`, waited for.
static void mv_cost_pair_run(long long cost) {
  mv_run_at_cost(1, 2, mv_cost_pair, cost, &mv_cost_now);
}

#endif

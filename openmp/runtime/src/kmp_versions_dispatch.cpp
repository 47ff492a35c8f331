/*
 * kmp_versions_dispatch.cpp -- multi-version tasks at run time: the dispatch
 * (the carrier's routine: it chooses a version with the policy, runs and
 * times it, updates the key's statistics and records the trace), tasks
 * discarded by cancellation, the per-thread state, and the task API of
 * mvomp.h (task_cost, task_node1/2, kmp_task_reftime, kmp_task_stats_*).
 * The policies themselves are pure functions (kmp_versions_policy.h).
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_mvomp_topology.h"
#include "kmp_versions_internal.h"
#include "mvomp.h"

__thread kmp_mv_thread_t __kmp_mv_th
    __attribute__((tls_model("initial-exec"))) = {
        0, 1, -1, -1, NULL, {{0, 0, 0, 0}}, 0, NULL, NULL, NULL};

void *__kmp_mv_task_type(kmp_task_t *task) {
  if (task->routine != (kmp_routine_entry_t)__kmp_mv_dispatch)
    return NULL;
  return ((kmp_mv_launch_t *)task->shareds)->type;
}

int __kmp_mv_type_id(void *type) { return ((kmp_mv_type_t *)type)->id; }

// The locality of a launch's data on a thread of NUMA node `here` (the key's
// locality) when it gave at least one datum (else the key's locality is -1,
// and callers need not look `here` up): bit 0 when its first datum is there
// (or none was given), bit 1 the same for the second.
static inline kmp_int32 __kmp_mv_locality(const kmp_mv_launch_t *run,
                                          kmp_int32 here) {
  return (run->node1 < 0 || run->node1 == here ? 1 : 0) |
         (run->node2 < 0 || run->node2 == here ? 2 : 0);
}

double __kmp_mv_cluster_ns(kmp_task_t *task, int cluster,
                           unsigned *to_explore) {
  *to_explore = 1;
  if (task->routine != (kmp_routine_entry_t)__kmp_mv_dispatch)
    return 0;
  const kmp_mv_launch_t *run = (const kmp_mv_launch_t *)task->shareds;
  kmp_mv_type_t *type = run->type;
  kmp_int32 locality =
      run->node1 < 0 && run->node2 < 0
          ? -1
          : __kmp_mv_locality(run, __kmp_mvomp_cluster_node(cluster));
  kmp_mv_stats_t *s = __kmp_mv_find_stats(type, run->cost, locality, cluster);
  if (s == NULL)
    return 0;
  const int nv = type->nversions.load(std::memory_order_acquire);
  // OMP_SELECT=fixed: the fixed version, when the launch has it, is all that
  // runs (its key never explores the others).
  int fixed =
      __kmp_mv_policy.kind == kmp_mv_fixed ? __kmp_mv_fixed_slot(type) : -1;
  bool in_launch = false;
  for (int i = 0; i < run->n && fixed >= 0; ++i)
    in_launch |= run->slots[i] == fixed;
  if (!in_launch)
    fixed = -1;
  // An explored key is read without the lock, as a dispatch reads it: its
  // arms (any block: blocks only grow) hold the type's nv versions, and a
  // mean being updated is one execution old or new. Otherwise under the lock
  // (the started counts change with every choice).
  const bool explored = s->explored.load(std::memory_order_acquire) >= nv;
  if (!explored)
    s->lock.acquire();
  double best = 0;
  if (fixed < 0 && !explored) {
    kmp_mv_policy_t own;
    *to_explore =
        s->key.narms >= nv
            ? (unsigned)__kmp_mv_to_explore(__kmp_mv_policy_of(type, &own),
                                            &s->key, run->slots, run->n)
            : 1;
  } else {
    const int narms = explored ? nv : s->key.narms;
    const kmp_mv_arm_t *arms = s->key.arms;
    for (int i = 0; i < run->n; ++i) {
      int slot = run->slots[i];
      if (slot >= narms || (fixed >= 0 && slot != fixed))
        continue;
      const kmp_mv_arm_t &a = arms[slot];
      if (a.n > 0 && a.mean > 0 && (best == 0 || a.mean < best))
        best = a.mean;
      else if (fixed >= 0 && a.n == 0)
        *to_explore = a.started == 0;
    }
  }
  if (!explored)
    s->lock.release();
  if (best == 0)
    return 0;
  *to_explore = 0;
  return best * run->divby;
}

// The choice of one execution of key `stats` of `type` among the candidate
// slots cand[0..n-1] (nv: the type's versions), as an index into cand:
// OMP_SELECT=fixed's slot when the candidates have it, else the policy's.
// within_type: launched by an execution of the same type (a recursion), whose
// own execution is in flight at the key: no probe rule for this choice.
static inline int __kmp_mv_choose_index(kmp_mv_type_t *type,
                                        kmp_mv_stats_t *stats,
                                        const kmp_int32 *cand, int n, int nv,
                                        kmp_mv_thread_t *th, kmp_int32 gtid,
                                        int within_type) {
  if (UNLIKELY(!th->rng_seeded)) {
    __kmp_mv_rng_seed(
        &th->rng, (__kmp_mv_seed_set ? __kmp_mv_seed : __kmp_mvomp_ticks()) +
                      0x9e3779b97f4a7c15ULL * (kmp_uint64)gtid);
    th->rng_seeded = 1;
  }
  kmp_mv_policy_t own;
  const kmp_mv_policy_t *policy = __kmp_mv_policy_of(type, &own);
  // Once every version of the key has the policy's quota of executions, the
  // choice depends on the statistics only: it reads them without the lock (a
  // choice made while another thread updates them sees the values before or
  // after that update) and counts nothing. Until then, choosing counts the
  // version as started, under the lock, so that threads share out the
  // exploration.
  int j = -1;
  // OMP_SELECT=fixed:<index|name>: that version when the launch has it;
  // otherwise the policy (whose fixed_arm is -1) chooses as Mean does.
  if (UNLIKELY(policy->kind == kmp_mv_fixed)) {
    const int fixed = __kmp_mv_fixed_slot(type);
    for (int i = 0; i < n && j < 0; ++i)
      if (cand[i] == fixed)
        j = i;
  }
  if (j < 0) {
    __kmp_mv_maybe_recheck_predicted(type, stats, policy);
    __kmp_mv_maybe_recheck_stored(type, stats, policy);
  }
  if (j < 0 && stats->explored.load(std::memory_order_acquire) >= nv) {
    // Mean's choice among all the type's versions is kept in the key.
    const bool all = n == nv && cand == __kmp_mv_identity.slots;
    int best = policy->kind == kmp_mv_mean && all
                   ? stats->mean_best.load(std::memory_order_relaxed)
                   : -1;
    // A look armed under the key's lock (Mean's second look,
    // __kmp_mv_look_again; a look at a lone execution under any policy):
    // one dispatch of all the versions takes it.
    if (all &&
        UNLIKELY(stats->second_look.load(std::memory_order_relaxed) >= 0)) {
      int look = stats->second_look.exchange(-1, std::memory_order_relaxed);
      if (look >= 0 && look < n)
        best = look;
    }
    j = best >= 0 ? best
                  : __kmp_mv_choose(policy, &stats->key, cand, n, &th->rng);
  } else if (j < 0) {
    stats->lock.acquire();
    __kmp_mv_grow_arms(type, stats, nv, policy);
    __kmp_mv_predict_again(type, stats, policy);
    const int awaited = __kmp_mv_await_clusters(type, stats, policy);
    kmp_mv_policy_t nested;
    if (UNLIKELY(within_type) && policy->eliminate) {
      nested = *policy;
      nested.within_type = 1;
      policy = &nested;
    }
    j = __kmp_mv_select(policy, &stats->key, cand, n, &th->rng);
    if (UNLIKELY(stats->stored_unchecked != 0) && n == nv &&
        cand == __kmp_mv_identity.slots)
      j = __kmp_mv_recheck_first(type, stats, policy, j);
    if (awaited)
      __kmp_mv_await_done(stats);
    stats->lock.release();
  }
  return j;
}

// Records one execution of `slot` of key `stats` that took x ns; disturbed:
// its thread's clocks say so (__kmp_mv_retake).
static inline void __kmp_mv_record_slot(kmp_mv_type_t *type,
                                        kmp_mv_stats_t *stats, int slot,
                                        double x, int nv, bool disturbed) {
  kmp_mv_policy_t own;
  const kmp_mv_policy_t *policy = __kmp_mv_policy_of(type, &own);
  stats->lock.acquire();
  if (UNLIKELY(stats->key.narms < nv)) // fixed took no lock before
    __kmp_mv_grow_arms(type, stats, nv, policy);
  if (UNLIKELY(disturbed) && __kmp_mv_retake(stats, slot, policy)) {
    stats->lock.release();
    return;
  }
  const double old_mean = stats->key.arms[slot].mean;
  // (A version that robust statistics found changed restarts with its new
  // mean, and counts as explored: the rules below apply unchanged; so does
  // one whose stored statistics its execution found stale. A stored
  // version's cold first execution here counts at its stored mean.)
  double counted = x;
  if (__builtin_expect(stats->stored_unchecked == 0, 1) ||
      !__kmp_mv_stored_ran(type, stats, slot, &counted, policy))
    __kmp_mv_update(policy, &stats->key, slot, counted);
  __kmp_mv_learned(type, stats, slot, policy);
  // A lone execution's second chance: looked for when the key's time reaches
  // when it is due, or has doubled.
  if (UNLIKELY(stats->key.sum >= stats->chance_at))
    __kmp_mv_second_chance(stats, policy);
  if (stats->explored.load(std::memory_order_relaxed) < stats->key.narms) {
    const kmp_uint64 quota = __kmp_mv_quota(policy);
    // (With elimination a version can be done exploring after any execution.)
    if ((quota == 0 || stats->key.arms[slot].n == quota || policy->eliminate) &&
        __kmp_mv_explored(policy, &stats->key))
      __kmp_mv_set_explored(stats, stats->key.narms, policy);
  } else if (policy->kind == kmp_mv_mean) {
    int best = stats->mean_best.load(std::memory_order_relaxed);
    int now = __kmp_mv_lowest_mean_after(&stats->key, best, slot, old_mean);
    if (now != best)
      stats->mean_best.store(now, std::memory_order_relaxed);
    // Mean's second look: after a look whose execution came in under best's
    // mean and lowered the version's own (it may yet come below best's), and
    // at best's 2nd, 4th, 8th, ... executions (the evidence grows). A look
    // over best's mean is no sign of that, only of a mean that comes down
    // from a disturbed execution: it waits for best's next doubling
    // (docs/runtime.md).
    const kmp_uint64 bn = stats->key.arms[now].n;
    if (slot != now ? stats->key.arms[slot].mean < old_mean &&
                          x < stats->key.arms[now].mean
                    : (bn & (bn - 1)) == 0) {
      __kmp_mv_look_again(stats, now, policy);
      // At best's doublings, with no look of the rule above: a lone
      // execution that the version's line at near costs contradicts.
      if (slot == now &&
          stats->second_look.load(std::memory_order_relaxed) < 0) {
        const int lone = __kmp_mv_lone_look(type, stats, now, policy);
        if (lone >= 0)
          stats->second_look.store(lone, std::memory_order_relaxed);
      }
    }
  }
  stats->lock.release();
}

int __kmp_mv_choose_arm(kmp_mv_type_t *type, kmp_mv_stats_t *stats,
                        kmp_int32 gtid) {
  const int nv = type->nversions.load(std::memory_order_acquire);
  return __kmp_mv_choose_index(type, stats, __kmp_mv_identity.slots, nv, nv,
                               &__kmp_mv_th, gtid, 0);
}

void __kmp_mv_record_arm(kmp_mv_type_t *type, kmp_mv_stats_t *stats, int slot,
                         double x) {
  __kmp_mv_record_slot(type, stats, slot, x,
                       type->nversions.load(std::memory_order_acquire), false);
}

void __kmp_mv_abandon_arm(kmp_mv_type_t *type, kmp_mv_stats_t *stats,
                          int slot) {
  stats->lock.acquire();
  // (Choices made once the key is explored counted nothing.)
  if (slot < stats->key.narms &&
      stats->explored.load(std::memory_order_relaxed) < stats->key.narms)
    __kmp_mv_unstart(&stats->key, slot);
  stats->lock.release();
}

// Runs once per multi-version task: aligned to a cache line, as the launch's
// entry points (kmp_versions_launch.cpp).
__attribute__((aligned(64))) kmp_int32 __kmp_mv_dispatch(kmp_int32 gtid,
                                                         void *ptask) {
  kmp_task_t *carrier = (kmp_task_t *)ptask;
  kmp_mv_launch_t *run = (kmp_mv_launch_t *)carrier->shareds;
  carrier->shareds = run->shareds0;
  carrier->routine = run->routine0;
  const int n = run->n;

  kmp_mv_thread_t *th = &__kmp_mv_th;
  kmp_mv_type_t *type = run->type;
  const kmp_int32 *cand = run->slots;
  kmp_int32 locality =
      run->node1 < 0 && run->node2 < 0
          ? -1
          : __kmp_mv_locality(run, __kmp_mvomp_this_cpu().node);
  // With clusters in use (ERASE), one version may win on big cores and
  // another on little ones: the key includes the thread's cluster (unless
  // the clusters are alike: each would only learn the same again).
  kmp_int32 cluster =
      UNLIKELY(__kmp_mvomp_nclusters) && !__kmp_mvomp_clusters_alike
          ? __kmp_mvomp_place_thread(gtid)
          : -1;
  kmp_mv_stats_t *stats = th->cache_stats;
  if (th->cache_type != type || th->cache_cost != run->cost ||
      th->cache_locality != locality || th->cache_cluster != cluster ||
      stats == NULL) {
    __kmp_mv_store_open(); // before any key starts from saved rows
    stats = __kmp_mv_get_stats(type, run->cost, locality, cluster);
    th->cache_type = type;
    th->cache_stats = stats;
    th->cache_cost = run->cost;
    th->cache_locality = locality;
    th->cache_cluster = cluster;
  }

  const int nv = type->nversions.load(std::memory_order_acquire);
  KMP_DEBUG_ASSERT(nv >= n);
  const int j = __kmp_mv_choose_index(type, stats, cand, n, nv, th, gtid,
                                      run->within_type);
  const int slot = cand[j];

  // Release the versions that will not run; versions[0] is the carrier and
  // finishes (destructors included) through libomp's normal path.
  if (run->release)
    for (int i = 1; i < n; ++i)
      if (i != j)
        __kmp_mv_release_version(gtid, run->versions[i]);

  kmp_mv_frame_t frame;
  frame.type = type;
  frame.adjust = 0;
  frame.has_set = 0;
  frame.outer = th->frame;
  th->frame = &frame;
  kmp_task_t *chosen = j == 0 ? carrier : run->versions[j];
  kmp_routine_entry_t entry = chosen->routine;
  // A first execution at the key: was it disturbed? (The thread's clocks are
  // read outside the timed interval, so that they cover it.)
  kmp_mvomp_thread_usage_t u0, u1;
  const bool watch =
      __kmp_mv_retake_watch(stats, slot) && __kmp_mvomp_thread_usage(&u0);
  frame.start = __kmp_mvomp_ticks();
  (*entry)(gtid, chosen);
  kmp_uint64 end = __kmp_mvomp_ticks();
  // (A time the task set itself is its own measurement: not judged.)
  const bool disturbed =
      UNLIKELY(watch) && !frame.has_set && __kmp_mvomp_thread_usage(&u1) &&
      __kmp_mv_execution_disturbed(
          (double)(kmp_int64)(end - frame.start) * __kmp_mvomp_ns_per_tick(),
          (double)(kmp_int64)(u1.cpu_ns - u0.cpu_ns),
          u1.voluntary - u0.voluntary, u1.involuntary - u0.involuntary,
          u1.major_faults - u0.major_faults, __kmp_mv_retake_percent);
  th->frame = frame.outer;
  if (j != 0)
    __kmp_mv_release_version(gtid, chosen);

  double x = (frame.has_set ? (double)frame.set
                            : (double)(kmp_int64)(end - frame.start) *
                                  __kmp_mvomp_ns_per_tick()) +
             (double)frame.adjust;
  if (x < 0)
    x = 0;
  if (run->divby != 1.0)
    x /= run->divby;
  __kmp_mv_record_slot(type, stats, slot, x, nv, disturbed);
  if (UNLIKELY(__kmp_mvomp_hooks.trace))
    __kmp_mv_trace(th, run, entry, slot, gtid, frame.start, end, (kmp_uint64)x);

  __kmp_mv_free_launch(gtid, run);
  return 0;
}

void __kmp_mv_discard(kmp_int32 gtid, kmp_task_t *task) {
  if (task->routine != (kmp_routine_entry_t)__kmp_mv_dispatch)
    return;
  kmp_mv_launch_t *run = (kmp_mv_launch_t *)task->shareds;
  task->shareds = run->shareds0;
  task->routine = run->routine0;
  if (run->release)
    for (int i = 1; i < run->n; ++i)
      __kmp_mv_release_version(gtid, run->versions[i]);
  __kmp_mv_free_launch(gtid, run);
}

/* ------------------------------------------------------------------------ */
/* The task API of mvomp.h (thesis 000, section 3.3.1)                       */

void task_cost(long long n) {
  __kmp_mv_th.next_cost = n;
  __kmp_mv_th.next_divby = 0; // a size: buckets of costs may apply
}

void kmp_task_reftime(long long cost, long long divBy) {
  if (divBy < 1) {
    __kmp_mvomp_warn("MVOMP",
                     "kmp_task_reftime(%lld, %lld): divBy must be at least 1; "
                     "using 1",
                     cost, divBy);
    divBy = 1;
  }
  __kmp_mv_th.next_cost = cost;
  __kmp_mv_th.next_divby = divBy;
}

void task_node1(void *p) { __kmp_mv_th.next_node1 = __kmp_mvomp_node_of(p); }
void task_node2(void *p) { __kmp_mv_th.next_node2 = __kmp_mvomp_node_of(p); }

void *kmp_task_stats_get(void) { return __kmp_mv_th.frame; }

unsigned long long kmp_task_stats_time(void) { return __kmp_mvomp_now_ns(); }

void kmp_task_stats_set(unsigned long long t) {
  kmp_mv_frame_t *f = __kmp_mv_th.frame;
  if (f) { // replaces the time, and what was added to it so far
    f->set = t;
    f->has_set = 1;
    f->adjust = 0;
  }
}

void kmp_task_stats_delta(void *statsp, unsigned long long t) {
  if (statsp)
    ((kmp_mv_frame_t *)statsp)->adjust += (kmp_int64)(__kmp_mvomp_now_ns() - t);
}

void kmp_task_stats_add(void *statsp, unsigned long long t) {
  if (statsp)
    ((kmp_mv_frame_t *)statsp)->adjust += (kmp_int64)t;
}

void kmp_task_stats_sub(void *statsp, unsigned long long t) {
  if (statsp)
    ((kmp_mv_frame_t *)statsp)->adjust -= (kmp_int64)t;
}

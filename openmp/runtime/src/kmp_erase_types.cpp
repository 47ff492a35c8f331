/*
 * kmp_erase_types.cpp -- ERASE's task types (docs/architecture.md): the type
 * table (a task's entry, a taskloop's, or a multi-version task's type), their
 * classification with the hardware counters, the timing of each execution and
 * the performance history, the least-energy choice of (cluster, width) from
 * that history, taskloop molding, and the statistics file (OMP_ERASE_STATS).
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_internal.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if KMP_OS_LINUX
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#endif

kmp_erase_type_t __kmp_erase_types[KMP_ERASE_TYPES];
static std::atomic<int> __kmp_erase_types_full_warned;
// What the exit-time walks visit: the slots of __kmp_erase_types taken, in
// the order taken, and one past the highest gtid with batches. Walking the
// whole arrays instead read a word of each of their pages (about 80 pages,
// 2 ms of page faults at every exit of a program with ERASE on, on a
// virtual machine; docs/erase.md).
static std::atomic<short> __kmp_erase_type_slots[KMP_ERASE_TYPES];
static std::atomic<int> __kmp_erase_ntype_slots;
static std::atomic<int> __kmp_erase_batch_gtids;
// The j-th type taken (j < __kmp_erase_ntype_slots) if it is ready, else
// NULL (its taker has not stored it, or its set-up failed).
static kmp_erase_type_t *__kmp_erase_taken_type(int j) {
  const int k = __kmp_erase_type_slots[j].load(std::memory_order_relaxed) - 1;
  kmp_erase_type_t *t = k < 0 ? NULL : &__kmp_erase_types[k];
  return t && t->ready.load(std::memory_order_acquire) == 1 ? t : NULL;
}
__thread int __kmp_erase_loop_cluster
    __attribute__((tls_model("initial-exec"))) = -1;

int __kmp_erase_busy(kmp_info_t *th) {
  int gtid = th->th.th_info.ds.ds_gtid;
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return 0;
  return __kmp_erase_threads[gtid].busy.load(std::memory_order_relaxed);
}

static void __kmp_erase_lock(kmp_erase_type_t *t) {
  while (t->lock.test_and_set(std::memory_order_acquire))
    KMP_CPU_PAUSE();
}
static void __kmp_erase_unlock(kmp_erase_type_t *t) {
  t->lock.clear(std::memory_order_release);
}

static int __kmp_erase_initial_class(void) {
  return __kmp_erase_perf && !__kmp_erase_machine.counters_missing.load(
                                 std::memory_order_relaxed)
             ? -1
             : KMP_ERASE_FALLBACK_CLASS;
}

// At exit: this run's histories join the model store (kmp_erase_store.cpp).
static void __kmp_erase_save_histories(void) {
  __kmp_erase_flush_batches();
  kmp_erase_store_session_t *s = __kmp_erase_store_begin();
  if (s == NULL)
    return;
  const int ntypes = __kmp_erase_ntype_slots.load(std::memory_order_acquire);
  for (int j = 0; j < ntypes; ++j) {
    kmp_erase_type_t *t = __kmp_erase_taken_type(j);
    if (t == NULL)
      continue;
    __kmp_erase_lock(t);
    __kmp_erase_store_add(s, t);
    __kmp_erase_unlock(t);
  }
  __kmp_erase_store_end(s);
}

// The slot of a type; inserted when new. Read without locks: a slot's key
kmp_erase_type_t *__kmp_erase_type(void *address, int kind) {
  uintptr_t key = (uintptr_t)address * 4 + kind;
  size_t h = (size_t)(((kmp_uint64)key * 0x9E3779B97F4A7C15ull) >> 40);
  for (int probe = 0; probe < KMP_ERASE_TYPES; ++probe) {
    kmp_erase_type_t *t =
        &__kmp_erase_types[(h + probe) & (KMP_ERASE_TYPES - 1)];
    uintptr_t k = t->key.load(std::memory_order_acquire);
    if (k == 0) {
      uintptr_t expected = 0;
      if (t->key.compare_exchange_strong(expected, key)) {
        // (Each slot is taken once: the list has room for all of them.)
        const int at = __kmp_erase_ntype_slots.fetch_add(1);
        __kmp_erase_type_slots[at].store(
            (short)(((h + probe) & (KMP_ERASE_TYPES - 1)) + 1),
            std::memory_order_relaxed);
        // One row per cluster, and one for the whole team (its width 1 slot).
        size_t n =
            (size_t)(__kmp_mvomp_nclusters + 1) * __kmp_erase_machine.maxwidth;
        t->hist = (kmp_erase_hist_t *)calloc(n, sizeof(kmp_erase_hist_t));
        t->runs = (kmp_uint64 *)calloc(n, sizeof(kmp_uint64));
        t->seconds = (double *)calloc(n, sizeof(double));
        t->joules = (double *)calloc(n, sizeof(double));
        t->measured = (kmp_uint64 *)calloc(n, sizeof(kmp_uint64));
        t->timed = (kmp_uint64 *)calloc(n, sizeof(kmp_uint64));
        t->trial = (std::atomic<unsigned> *)calloc(n, sizeof(unsigned));
        t->loaded = (unsigned *)calloc(n, sizeof(unsigned));
        if (!t->hist || !t->runs || !t->seconds || !t->joules || !t->measured ||
            !t->timed || !t->trial || !t->loaded) {
          t->ready.store(-1, std::memory_order_release);
          return NULL; // never ready: the type runs unmapped
        }
        t->cls.store(__kmp_erase_initial_class(), std::memory_order_relaxed);
        if (__kmp_erase_store_seed(t, address, kind))
          __kmp_mvomp_at_exit(__kmp_erase_save_histories);
        t->ready.store(1, std::memory_order_release);
        return t;
      }
      k = expected;
    }
    if (k == key) {
      // Another thread is setting it up (a few allocations): wait, else this
      // execution would go unrecorded (two threads running a new type's first
      // tasks at once lost one from OMP_ERASE_STATS now and then).
      int ready;
      while ((ready = t->ready.load(std::memory_order_acquire)) == 0)
        KMP_CPU_PAUSE();
      return ready > 0 ? t : NULL;
    }
  }
  if (__kmp_erase_types_full_warned.exchange(1) == 0)
    __kmp_mvomp_warn("MVOMP ERASE",
                     "more than %d task types: the others run unmapped",
                     KMP_ERASE_TYPES);
  return NULL;
}

// A task's type: a multi-version task's type (its entry is the dispatcher
// all of them share), else its entry.
// A task's type's address, and its kind in *kind.
static void *__kmp_erase_task_address(kmp_task_t *task, int *kind) {
  void *mv = __kmp_mv_task_type(task);
  *kind = mv ? kmp_erase_versions : kmp_erase_task;
  return mv ? mv : (void *)task->routine;
}

kmp_erase_type_t *__kmp_erase_task_type(kmp_task_t *task) {
  int kind;
  void *address = __kmp_erase_task_address(task, &kind);
  return __kmp_erase_type(address, kind);
}

kmp_erase_type_t *__kmp_erase_thread_type(kmp_erase_thread_t &s,
                                          kmp_task_t *task) {
  int kind;
  void *address = __kmp_erase_task_address(task, &kind);
  uintptr_t key = (uintptr_t)address * 4 + kind; // as the table's
  if (s.type_key[0] == key)
    return s.type[0];
  if (s.type_key[1] == key)
    return s.type[1];
  kmp_erase_type_t *t = __kmp_erase_type(address, kind);
  if (t != NULL) { // (ready types stay where they are)
    s.type_key[s.type_next] = key;
    s.type[s.type_next] = t;
    s.type_next ^= 1;
  }
  return t;
}

int __kmp_erase_class_of(kmp_erase_type_t *t) {
  int cls = t->cls.load(std::memory_order_relaxed);
  return cls < 0 ? KMP_ERASE_FALLBACK_CLASS : cls;
}

// ---- Classification with perf_event ----------------------------------------
static int __kmp_erase_sample_start(kmp_erase_thread_t &s,
                                    kmp_erase_type_t *t) {
  if (t->cls.load(std::memory_order_relaxed) >= 0)
    return 0;
  if (!__kmp_erase_counters(s)) {
    int unclassified = -1;
    t->cls.compare_exchange_strong(unclassified, KMP_ERASE_FALLBACK_CLASS);
    return 0;
  }
  if (t->sampling.fetch_add(1) >= KMP_ERASE_CLASSIFY_RUNS)
    return 0;
#if KMP_OS_LINUX
  ioctl(s.perf_fd[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
  ioctl(s.perf_fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
#endif
  return 1;
}

static void __kmp_erase_sample_stop(kmp_erase_thread_t &s, double *cycles,
                                    double *misses) {
  *cycles = *misses = 0;
#if KMP_OS_LINUX
  ioctl(s.perf_fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  __u64 values[3] = {0, 0, 0}; // nr, cycles, misses
  if (read(s.perf_fd[0], values, sizeof(values)) == (ssize_t)sizeof(values) &&
      values[0] == 2) {
    *cycles = (double)values[1];
    *misses = (double)values[2];
  }
#endif
}

// ---- Choice of (cluster, width) ---------------------------------------------
// OMP_ERASE_INTERP: the widths of one cluster never measured (0, not -1: not
// being tried either) get the model's prediction where it has one, so they
// need no trial: the online linear model, or phase 3 of Algorithm 1 with the
// offline model of the type's class.
static void __kmp_erase_interpolate(double *row, int maxwidth, int cls) {
  double measured[KMP_ERASE_MAX_WIDTH];
  for (int w = 0; w < maxwidth; ++w)
    measured[w] = row[w] > 0 ? row[w] : 0;
  const kmp_erase_function_t *f = NULL;
  if (__kmp_erase_interp == kmp_erase_interp_poly_kind)
    f = &__kmp_erase_machine.model.poly[cls];
  else if (__kmp_erase_interp == kmp_erase_interp_pmnf_kind)
    f = &__kmp_erase_machine.model.pmnf[cls];
  for (int w = 1; w <= maxwidth; ++w)
    if (row[w - 1] == 0)
      row[w - 1] =
          f ? __kmp_erase_interp_offline(f, __kmp_erase_machine.model.vec[cls],
                                         __kmp_erase_machine.model.nvec[cls],
                                         measured, maxwidth, w)
            : __kmp_erase_interp_linear(measured, maxwidth, w);
}

// The prediction for configuration i of type t that has no measurement: 0
// (untried: it is tried), or -1 while a trial sent to it is under way.
static double __kmp_erase_untried(kmp_erase_type_t *t, int i) {
  unsigned sent = t->trial[i].load(std::memory_order_relaxed);
  if (sent != 0 && t->executions.load(std::memory_order_relaxed) - (sent - 1) <
                       KMP_ERASE_TRIAL_PATIENCE)
    return -1;
  return 0;
}

// The mapper's prediction for configuration i of type t: its history's time
// once it has run KMP_ERASE_WARMUP times, else as __kmp_erase_untried. Racy
// reads of values written under the type's lock: a stale value only delays a
// decision by one task.
static double __kmp_erase_config_seconds(kmp_erase_type_t *t, int i) {
  if (KMP_ERASE_WARM(t, i))
    return t->hist[i].seconds;
  return __kmp_erase_untried(t, i);
}

// OMP_ERASE_JOINT: the mapper's prediction for multi-version task `task` of
// type t on cluster c (width 1), whose threads have `queued` tasks in their
// deques: the time of the version the policy settles on there (its statistics
// time the version's body; the emulated slowdown, applied after the body, is
// multiplied in). While that cluster's statistics explore, the cluster is
// untried as long as fewer tasks are queued there than the exploration still
// needs (a policy that wants eight runs of one version before the next gets
// eight tasks, not one per round of trials: that left a cluster unexplored
// for a hundred tasks), and predicted otherwise from the type's history on c,
// all versions mixed, as without OMP_ERASE_JOINT. After
// KMP_ERASE_JOINT_EXPLORE executions there (a policy that explores for
// longer, a key no dispatch there uses) only that history counts.
static double __kmp_erase_joint_seconds(kmp_erase_type_t *t, kmp_task_t *task,
                                        int c, int queued) {
  int i = __kmp_erase_slot(c, 1);
  unsigned to_explore;
  double ns = __kmp_mv_cluster_ns(task, c, &to_explore);
  if (ns > 0) {
    double slow = __kmp_erase_machine.slowdown[c];
    return ns * 1e-9 * (slow > 1.0 ? slow : 1.0);
  }
  if (t->runs[i] < KMP_ERASE_JOINT_EXPLORE && (int)to_explore > queued)
    return 0;
  return __kmp_erase_config_seconds(t, i);
}

// Whether this decision of type t, whose choice is slot `best`, is a refresh
// (OMP_ERASE_REFRESH). The schedule is written only when it changes, at most
// about log2(KMP_ERASE_REFRESH_MAX / KMP_ERASE_REFRESH) + decisions / 1024
// times while the choice holds.
static bool __kmp_erase_refresh(kmp_erase_type_t *t, int best) {
  kmp_uint64 d = t->decisions.fetch_add(1, std::memory_order_relaxed) + 1;
  kmp_erase_refresh_t r = {t->refresh_at.load(std::memory_order_relaxed),
                           t->refresh_every.load(std::memory_order_relaxed),
                           t->refresh_best.load(std::memory_order_relaxed)};
  const kmp_erase_refresh_t was = r;
  bool due = __kmp_erase_refresh_due(&r, d, best, __kmp_erase_refresh_backoff);
  if (r.at != was.at || r.best != was.best) {
    t->refresh_every.store(r.every, std::memory_order_relaxed);
    t->refresh_best.store(r.best, std::memory_order_relaxed);
    t->refresh_at.store(r.at, std::memory_order_relaxed);
  }
  return due;
}

kmp_erase_choice_t __kmp_erase_choose(kmp_erase_type_t *t, kmp_task_t *task,
                                      int maxwidth, int taskloop,
                                      kmp_task_team_t *task_team,
                                      kmp_erase_map_inputs_t *m, int home) {
  int n = __kmp_mvomp_nclusters;
  int nth = task_team->tt.tt_nproc;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  int queued[KMP_ERASE_MAX_CLUSTERS];
  for (int c = 0; c < n; ++c)
    m->size[c] = m->active[c] = queued[c] = 0;
  for (int i = 0; i < nth; ++i) {
    kmp_info_t *th = data[i].td.td_thr;
    int c = __kmp_mvomp_thread_cluster(th, i);
    if (c < 0)
      continue;
    ++m->size[c];
    if (__kmp_erase_busy(th) > 0)
      ++m->active[c];
    queued[c] += (int)TCR_4(data[i].td.td_deque_ntasks);
  }
  int cls = __kmp_erase_class_of(t);
  const int joint =
      task != NULL && __kmp_erase_joint &&
      t->key.load(std::memory_order_relaxed) % 4 == kmp_erase_versions;
  for (int c = 0; c < n; ++c) {
    m->idle[c] = __kmp_erase_idle_w(c);
    for (int w = 1; w <= maxwidth; ++w) {
      m->run[c * maxwidth + w - 1] = __kmp_erase_run_w(c, cls, w);
      m->seconds[c * maxwidth + w - 1] =
          joint ? __kmp_erase_joint_seconds(t, task, c, queued[c])
                : __kmp_erase_config_seconds(t, __kmp_erase_slot(c, w));
    }
    if (maxwidth > 1 && __kmp_erase_interp != kmp_erase_interp_none)
      __kmp_erase_interpolate(&m->seconds[c * maxwidth], maxwidth, cls);
  }
  // On alike clusters a taskloop narrows to its creator's cluster only: the
  // others would run it alike, and trying each would only cost their trials.
  int offered[KMP_ERASE_MAX_CLUSTERS];
  const int *size = m->size;
  if (taskloop && __kmp_mvomp_clusters_alike && home >= 0 && home < n) {
    for (int c = 0; c < n; ++c)
      offered[c] = c == home ? m->size[c] : 0;
    size = offered;
  }
  kmp_erase_map_in_t in = {n,       maxwidth, size,      m->active,
                           m->idle, m->run,   m->seconds};
  in.objective = __kmp_erase_objective;
  in.ladder = __kmp_erase_ladder;
  in.tie = __kmp_erase_tie_pct * 0.01;
  in.time_quarters = __kmp_erase_time_quarters;
  // (Only where the other clusters may steal the task: with
  // OMP_ERASE_STEAL=cluster, staying would leave their cores idle.)
  if (home >= 0 && !taskloop && !__kmp_erase_steal_cluster) {
    in.home1 = home + 1;
    in.stay = __kmp_erase_stay_pct * 0.01;
  }
  // OMP_ERASE_TEAM: a taskloop may run on the whole team when it spans
  // several clusters (on one, the whole team is that cluster's widest
  // configuration).
  int spanned = 0;
  for (int c = 0; c < n; ++c)
    spanned += m->size[c] > 0;
  if (taskloop && __kmp_erase_team && spanned > 1) {
    in.team_run = __kmp_erase_team_run_w(cls, m->size);
    in.team_width = nth;
    in.team_seconds = __kmp_erase_config_seconds(t, __kmp_erase_slot(n, 1));
    for (int c = 0; c < n; ++c)
      m->alone[c] =
          __kmp_erase_machine.alone[c].load(std::memory_order_relaxed);
    in.alone = m->alone;
  }
  // OMP_ERASE_SPIN_COST: the threads a short loop leaves without work spin
  // through it (__kmp_erase_narrowed: only a loop of
  // KMP_ERASE_NARROW_SLEEP_US or more puts them to sleep at once), at a core's
  // compute power; without a power table every configuration is 1 W.
  if (taskloop && __kmp_erase_spin_cost && __kmp_erase_machine.have_power) {
    for (int c = 0; c < n; ++c)
      m->spin[c] = __kmp_erase_run_w(c, kmp_erase_compute, 1);
    in.spin = m->spin;
    in.threads = m->size;
    in.spin_below =
        __kmp_erase_sleep_us == 0 ? INFINITY : KMP_ERASE_NARROW_SLEEP_US * 1e-6;
    in.spin_for =
        __kmp_erase_sleep_us == 0 ? INFINITY : __kmp_erase_spin_us * 1e-6;
  }
  if ((maxwidth > 1 || in.team_run > 0) && __kmp_erase_defer) {
    in.defer = __kmp_erase_defer_share; // (spent read unlocked: it only grows)
    in.spent = t->spent_before;
    for (int i = 0; i < (n + 1) * __kmp_erase_machine.maxwidth; ++i)
      in.spent += t->seconds[i];
  }
  kmp_erase_choice_t choice = __kmp_erase_map(&in);
  if (choice.cluster >= 0 && choice.joules == 0) { // a trial
    int i = __kmp_erase_slot(choice.cluster, choice.width);
    t->trial[i].store(t->executions.load(std::memory_order_relaxed) + 1,
                      std::memory_order_relaxed);
  } else if (choice.cluster >= 0 &&
             __kmp_erase_refresh(
                 t, __kmp_erase_slot(choice.cluster, choice.width))) {
    kmp_erase_choice_t other =
        __kmp_erase_map_except(&in, choice.cluster, choice.width);
    if (other.cluster >= 0)
      choice = other;
  }
  return choice;
}

// ---- Timing and the performance history ------------------------------------
// Records one execution of t on (cluster, width) that took seconds, while it
// still counts as running (__kmp_erase_running). Its energy is measured where
// RAPL is read: the package power of the last period times its time, times
// its width over the tasks running (an execution alone gets the whole
// package's power, idle cores included, as the model charges idle clusters
// to the task that runs); elsewhere it is modelled.
// The power an execution of t on (cluster, width) draws: measured (package
// >= 0, RAPL) or modelled.
static double __kmp_erase_record_watts(kmp_erase_type_t *t, int cluster,
                                       int width, double package) {
  const int team = cluster == __kmp_mvomp_nclusters;
  if (package >= 0) { // measured: this execution's share of the package
    int running = __kmp_erase_running.load(std::memory_order_relaxed);
    int cores = team ? __kmp_erase_team_width() : width;
    return package * cores / (running > cores ? running : cores);
  }
  if (team) { // modelled, the whole team: every cluster
    double watts = __kmp_erase_team_run_w(__kmp_erase_class_of(t),
                                          __kmp_erase_machine.ncores);
    for (int c = 0; c < __kmp_mvomp_nclusters; ++c)
      watts += __kmp_erase_idle_w(c);
    return watts;
  }
  // Modelled: its share of its cluster's idle power, its run power.
  double cores = __kmp_erase_machine.ncores[cluster] > 0
                     ? __kmp_erase_machine.ncores[cluster]
                     : 1;
  return __kmp_erase_idle_w(cluster) * width / cores +
         __kmp_erase_run_w(cluster, __kmp_erase_class_of(t), width);
}

void __kmp_erase_batch_flush(kmp_erase_batch_t *b) {
  kmp_erase_type_t *t = b->type;
  if (t == NULL || b->n == 0)
    return;
  int i = b->slot;
  unsigned n = b->n;
  // The executions only counted are charged the timed ones' mean (a batch
  // starts with a timed one).
  KMP_DEBUG_ASSERT(b->timed > 0);
  unsigned timed = b->timed > 0 ? b->timed : 1;
  double scale = (double)n / timed;
  __kmp_erase_lock(t);
  __kmp_erase_hist_repeat(&t->hist[i], b->sampled / timed, n);
  t->runs[i] += n;
  t->seconds[i] += b->seconds * scale;
  t->joules[i] += b->joules * scale;
  t->measured[i] += b->measured == b->timed ? n : b->measured;
  t->timed[i] += b->timed;
  __kmp_erase_unlock(t);
  t->executions.fetch_add(n, std::memory_order_relaxed);
  b->n = b->measured = b->timed = b->skip = 0;
  b->seconds = b->joules = b->sampled = 0;
}

// Thread s's batch of configuration i of type t, if it has executions.
static kmp_erase_batch_t *__kmp_erase_batch_find(kmp_erase_thread_t &s,
                                                 kmp_erase_type_t *t, int i) {
  kmp_erase_batch_t *batch = s.batch;
  if (batch != NULL)
    for (int k = 0; k < KMP_ERASE_BATCHES; ++k)
      if (batch[k].type == t && batch[k].slot == i && batch[k].n > 0)
        return &batch[k];
  return NULL;
}

// The executions to count before the next timed one: uniform in
// [0, 2 (every - 1)] (so one in `every` on average), drawn so that no period
// of the program's tasks lines up with the timed ones.
static unsigned __kmp_erase_next_skip(kmp_erase_thread_t &s, unsigned every) {
  if (every <= 1)
    return 0;
  unsigned x = s.random != 0 ? s.random : 0x9E3779B9u; // xorshift32
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  s.random = x;
  return x % (2 * every - 1);
}

// An execution of a task ERASE never mapped, on a configuration past its
// warm-up, joins its thread's batch; false when it must be recorded now.
static bool __kmp_erase_batch_add(kmp_int32 gtid, kmp_erase_type_t *t, int i,
                                  double seconds, double watts, int measured) {
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return false;
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  if (UNLIKELY(s.batch == NULL)) {
    const size_t size = KMP_ERASE_BATCHES * sizeof(kmp_erase_batch_t);
    void *p = aligned_alloc(64, (size + 63) / 64 * 64);
    if (p == NULL)
      return false; // recorded one by one
    memset(p, 0, size);
    s.batch = (kmp_erase_batch_t *)p;
    int top = __kmp_erase_batch_gtids.load(std::memory_order_relaxed);
    while (top <= gtid && !__kmp_erase_batch_gtids.compare_exchange_weak(
                              top, gtid + 1, std::memory_order_relaxed))
      ;
  }
  kmp_erase_batch_t *batch = s.batch, *b = __kmp_erase_batch_find(s, t, i);
  if (b == NULL) {
    // (Read unlocked: it only grows. A configuration's first executions in
    // this run are recorded one by one, loaded or not: they are its warm-up,
    // and check what earlier runs saved, __kmp_erase_check_loaded.)
    if (t->runs[i] < KMP_ERASE_WARMUP)
      return false;
    b = &batch[0]; // an empty batch, else the fullest one is flushed
    for (int k = 0; k < KMP_ERASE_BATCHES && b->n > 0; ++k)
      if (batch[k].n == 0 || batch[k].n > b->n)
        b = &batch[k];
    __kmp_erase_batch_flush(b);
    if (b->type != t || b->slot != i)
      b->least = 0;
    b->type = t;
    b->slot = i;
    b->history = t->hist[i].seconds;
  }
  // The history's clamp, applied to each execution against the history when
  // the batch started (a disturbed execution weighs no more than one at a
  // time would).
  double sample =
      b->history > 0 ? __kmp_erase_hist_clamp(b->history, seconds) : seconds;
  ++b->n;
  ++b->timed;
  b->measured += measured;
  b->seconds += seconds;
  b->joules += watts * seconds;
  b->sampled += sample;
  if (seconds > 0 && (b->least == 0 || seconds < b->least))
    b->least = seconds;
  // (Again at each timed execution: the thread's measure of their cost moves.)
  double clock_ns = __kmp_erase_machine.clock_ticks * __kmp_mvomp_ns_per_tick();
  b->every = __kmp_erase_timing_every(
      2 * clock_ns + __kmp_erase_timing_cost_now(s.timed_cost_ns), b->least);
  b->skip = __kmp_erase_next_skip(s, b->every);
  if (b->timed >= KMP_ERASE_BATCH)
    __kmp_erase_batch_flush(b);
  return true;
}

// The first executions in this run of configuration i of type t, which the
// model store's histories predicted (under the type's lock): the first more
// than KMP_ERASE_HISTORY_CLAMP times below its prediction, or the first two
// that far above it (a first execution is often cold), and the earlier runs'
// histories of the type do not hold in this run (another input, a loop of
// another trip count at the same site): they are all dropped, and the type
// tries its configurations as without the store. Kept, a history eight times
// too long moved towards the truth by at most the clamp's quarter per
// execution, while the configurations not run kept theirs, so that the one
// that ran first looked best for tens of executions.
static void __kmp_erase_check_loaded(kmp_erase_type_t *t, int i,
                                     double seconds) {
  double predicted = t->hist[i].seconds;
  if (!(predicted > 0))
    return;
  bool below = seconds < predicted / KMP_ERASE_HISTORY_CLAMP;
  bool above = seconds > predicted * KMP_ERASE_HISTORY_CLAMP;
  if (t->runs[i] == 0 && above) {
    t->suspect = i + 1; // the next execution decides
    return;
  }
  bool again = t->suspect == i + 1 && t->runs[i] == 1;
  t->suspect = 0;
  if (!below && !(again && above))
    return;
  int n = (__kmp_mvomp_nclusters + 1) * __kmp_erase_machine.maxwidth;
  for (int j = 0; j < n; ++j) {
    if (t->loaded[j] == 0)
      continue;
    t->loaded[j] = 0;
    if (t->runs[j] == 0)
      t->hist[j] = kmp_erase_hist_t{0, 0, 0, 0};
  }
  t->spent_before = 0;
}

static void __kmp_erase_record(kmp_erase_type_t *t, int cluster, int width,
                               double seconds, double mhz, kmp_int32 gtid = -1,
                               int unmapped = 0) {
  int i = __kmp_erase_slot(cluster, width);
  double package = __kmp_erase_machine.rapl ? __kmp_erase_rapl_watts() : -1;
  double watts = __kmp_erase_record_watts(t, cluster, width, package);
  // (A frequency sample, mhz > 0, goes to the history now: it may reset it.)
  if (unmapped && mhz <= 0 &&
      __kmp_erase_batch_add(gtid, t, i, seconds, watts, package >= 0))
    return;
  __kmp_erase_lock(t);
  if (t->runs[i] <= 1 && t->loaded[i] > 0)
    __kmp_erase_check_loaded(t, i, seconds);
  if (KMP_ERASE_WARM(t, i)) {
    __kmp_erase_hist_update(&t->hist[i], seconds, mhz);
  } else if (t->runs[i] == 0 || seconds < t->hist[i].seconds) {
    t->hist[i].count = 0; // the warm-up keeps its shortest execution
    __kmp_erase_hist_update(&t->hist[i], seconds, mhz);
  }
  ++t->runs[i];
  t->seconds[i] += seconds;
  t->joules[i] += watts * seconds;
  t->measured[i] += package >= 0;
  ++t->timed[i];
  __kmp_erase_unlock(t);
  t->trial[i].store(0, std::memory_order_relaxed);
  t->executions.fetch_add(1, std::memory_order_relaxed);
}

// Type t's loop has just run on cluster c alone, width w, for one of its
// first KMP_ERASE_WARMUP times: where t was measured on the whole team, c's
// speed against the team (kmp_erase_machine_t::alone) takes it in, so that
// other loops defer their trials of c by what it costs (OMP_ERASE_DEFER). The
// first execution counts too (though cold, and so slower): the loops of a
// program often reach their trials in the same iteration of its main loop,
// where a cheap loop's first trial can still spare an expensive one's.
static void __kmp_erase_learn_alone(kmp_erase_type_t *t, int c, int w) {
  int i = __kmp_erase_slot(c, w),
      team = __kmp_erase_slot(__kmp_mvomp_nclusters, 1);
  if (t->runs[i] > KMP_ERASE_WARMUP) // (racy: checked again under the lock)
    return;
  __kmp_erase_lock(t);
  bool learn = t->runs[i] <= KMP_ERASE_WARMUP && KMP_ERASE_WARM(t, team);
  double seconds = t->hist[i].seconds, team_seconds = t->hist[team].seconds;
  __kmp_erase_unlock(t);
  if (!learn)
    return;
  kmp_erase_machine_t &m = __kmp_erase_machine;
  __kmp_acquire_bootstrap_lock(&m.alone_lock);
  double mean =
      __kmp_erase_alone_add(&m.alone_samples[c], seconds, w, team_seconds);
  if (mean > 0)
    m.alone[c].store(mean, std::memory_order_relaxed);
  __kmp_release_bootstrap_lock(&m.alone_lock);
}

// The timed instance of taskloop type t ended at end: its time is recorded
// for the configuration it ran on. A loop molded to one cluster whose chunks
// all ran on one other cluster counts there, if its width fits; one whose
// chunks ran on several clusters is not recorded (the configuration is tried
// again). The whole team is recorded wherever its chunks ran, and so is a
// loop molded to a cluster of alike ones (its width is as fast on any, and
// its chunks, waiting in its creator's deque, are often stolen).
static void __kmp_erase_loop_done(kmp_erase_type_t *t, kmp_uint64 end) {
  int cluster = t->loop_cluster, width = t->loop_width;
  int ran = t->loop_ran.load(std::memory_order_relaxed);
  if (end < t->loop_start_ns) // (a chunk of another instance, if any slips)
    return;
  if (cluster != __kmp_mvomp_nclusters && ran != cluster &&
      !__kmp_mvomp_clusters_alike) {
    if (ran < 0 || width > __kmp_erase_machine.ncores[ran])
      return;
    cluster = ran;
  }
  __kmp_erase_record(t, cluster, width, (end - t->loop_start_ns) * 1e-9, 0);
  if (cluster < __kmp_mvomp_nclusters && __kmp_erase_defer)
    __kmp_erase_learn_alone(t, cluster, width);
}

// A timed execution starts on thread gtid: where a cluster is slowed, the
// tasks that end inside it are counted from 0 (__kmp_erase_slow_down).
static inline void __kmp_erase_nest(kmp_int32 gtid, kmp_erase_exec_t *exec) {
  exec->outer_ns = 0;
  if (__kmp_erase_machine.slowed && gtid >= 0 && gtid < KMP_MVOMP_MAX_GTID) {
    exec->outer_ns = __kmp_erase_threads[gtid].nested_ns;
    __kmp_erase_threads[gtid].nested_ns = 0;
  }
}

// ---- The per-task fast path (kmp_erase.h) ----------------------------------
__thread kmp_erase_fast_t __kmp_erase_fast
    __attribute__((tls_model("initial-exec"))) = {
        {NULL, NULL}, {NULL, NULL}, {NULL, NULL}, {0, 0}, 0, -1, NULL, 0, 0};
// (Every task reads it: a line of its own, not the back-off's, written at
// every sleep.)
alignas(64) std::atomic<unsigned> __kmp_erase_fast_epoch;

// Execution `exec` of `task` is only counted in batch b: the thread remembers
// its type for the next ones, where nothing a counted execution checks can
// change but what the inline path checks again (the batch's skip and type,
// the epoch, the team's size, and where several clusters differ, whether the
// task was created by a task). Not a multi-version type (its
// entry is every multi-version task's dispatcher), nor with RAPL (each
// execution counts as running), nor while the type is classified.
static void __kmp_erase_fast_remember(kmp_int32 gtid, kmp_erase_thread_t &s,
                                      kmp_task_t *task, kmp_erase_type_t *t,
                                      kmp_erase_batch_t *b, int cluster,
                                      unsigned epoch) {
  kmp_erase_fast_t &f = __kmp_erase_fast;
  if (f.gtid != gtid) { // (a new thread, or a new gtid for this one)
    f.routine[0] = f.routine[1] = NULL;
    f.batch[0] = f.batch[1] = NULL;
    f.gtid = gtid;
    f.busy = &s.busy;
    f.cluster = cluster;
    f.any_task = !__kmp_erase_maps_tasks();
  }
  KMP_DEBUG_ASSERT(cluster == f.cluster &&
                   b->slot == __kmp_erase_slot(cluster, 1));
  int k = task->routine == f.routine[0]   ? 0
          : task->routine == f.routine[1] ? 1
                                          : f.next;
  if (task->routine == NULL ||
      (t->key.load(std::memory_order_relaxed) & 3) != kmp_erase_task ||
      __kmp_erase_machine.rapl || t->cls.load(std::memory_order_relaxed) < 0) {
    f.routine[k] = NULL;
    f.batch[k] = NULL;
    return;
  }
  if (k == f.next)
    f.next ^= 1;
  f.routine[k] = task->routine;
  f.type[k] = t;
  f.batch[k] = b;
  f.epoch[k] = epoch;
}

// (Not an included task: kmp_erase.h's __kmp_erase_task_begin.)
void __kmp_erase_task_begin_tracked(kmp_int32 gtid, kmp_task_t *task,
                                    kmp_erase_exec_t *exec) {
  exec->type = NULL;
  exec->timed = 1;
  if (!__kmp_erase_machine.ready) { // emulating: only the slowdown
    exec->cluster = __kmp_erase_emulated_cluster();
    __kmp_erase_nest(gtid, exec);
    exec->start_ns = __kmp_mvomp_now_ns();
    return;
  }
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return;
  // A team of one thread (a serial program, a serialised nested region): its
  // tasks run where they are created and ERASE has nothing to choose, so it
  // neither times nor counts them (they cost it 12-21% on tasks of 50 ns).
  if (__kmp_threads[gtid]->th.th_team_nproc <= 1) {
    exec->timed = -1;
    return;
  }
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  // (An unmapped task's record needs not be seen at once: the mapper never
  // decides on it, and it batches. Then this is where a timed execution's
  // bookkeeping starts, __kmp_erase_timing_cost; a mapped task reads no clock
  // for it, and most executions only counted take kmp_erase.h's fast path.)
  exec->unmapped = __kmp_erase_unmapped(task);
  if (exec->unmapped)
    exec->entry_ns = __kmp_mvomp_now_ns();
  if (UNLIKELY(s.cluster1 == 0)) // (placed once for good)
    s.cluster1 = __kmp_mvomp_place_thread(gtid) + 1;
  exec->cluster = s.cluster1 - 1;
  // (Only this thread writes its count: no atomic read-modify-write.)
  s.busy.store(s.busy.load(std::memory_order_relaxed) + 1,
               std::memory_order_relaxed);
  if (__kmp_erase_machine.rapl)
    __kmp_erase_running.fetch_add(1, std::memory_order_relaxed);
  kmp_erase_type_t *t = __kmp_erase_thread_type(s, task);
  exec->type = t;
  // (Read before the type's taskloop: __kmp_erase_taskloop_begin sets that,
  // then moves the epoch on.)
  unsigned epoch = __kmp_erase_fast_epoch.load(std::memory_order_acquire);
  exec->loop = t ? t->taskloop.load(std::memory_order_acquire) : NULL;
  exec->group = exec->loop ? KMP_TASK_TO_TASKDATA(task)->td_taskgroup : NULL;
  exec->sampling = t != NULL && t->cls.load(std::memory_order_relaxed) < 0 &&
                   __kmp_erase_sample_start(s, t);
  // A short execution of a type ERASE never maps is often only counted (see
  // kmp_erase_batch_t); one on a slowed cluster is timed for its slowdown.
  int c = exec->cluster;
  if (exec->unmapped && exec->loop == NULL && !exec->sampling && t != NULL &&
      c >= 0 && s.batch != NULL && !(__kmp_erase_machine.slowdown[c] > 1.0)) {
    kmp_erase_batch_t *b = __kmp_erase_batch_find(s, t, __kmp_erase_slot(c, 1));
    if (b != NULL && b->skip > 0) {
      --b->skip;
      exec->timed = 0;
      exec->batch = b;
      __kmp_erase_fast_remember(gtid, s, task, t, b, c, epoch);
      return;
    }
  }
  __kmp_erase_nest(gtid, exec);
  exec->start_ns = __kmp_mvomp_now_ns();
}

// The end of an execution only counted: its batch counts it (one flushed
// meanwhile by the tasks this one waited for counts at the history's time).
static void __kmp_erase_counted(kmp_int32 gtid, const kmp_erase_exec_t *exec) {
  kmp_erase_type_t *t = (kmp_erase_type_t *)exec->type;
  int c = exec->cluster, i = __kmp_erase_slot(c, 1);
  kmp_erase_batch_t *b = (kmp_erase_batch_t *)exec->batch;
  if (b->type != t || b->slot != i || b->n == 0)
    b = __kmp_erase_batch_find(__kmp_erase_threads[gtid], t, i);
  if (b != NULL) {
    ++b->n;
    return;
  }
  double seconds = t->hist[i].seconds; // (modelled energy: not measured)
  double watts = __kmp_erase_record_watts(t, c, 1, -1);
  __kmp_erase_lock(t);
  ++t->runs[i];
  t->seconds[i] += seconds;
  t->joules[i] += watts * seconds;
  __kmp_erase_unlock(t);
  t->executions.fetch_add(1, std::memory_order_relaxed);
}

void __kmp_erase_fast_end_slow(kmp_int32 gtid, kmp_erase_exec_t *exec) {
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  s.busy.store(s.busy.load(std::memory_order_relaxed) - 1,
               std::memory_order_relaxed);
  __kmp_erase_counted(gtid, exec);
}

// OMP_ERASE_TEST_SLOWDOWN: a task that ran on a slowed cluster busy-waits
// (factor - 1) times its time; returns the time it ends.
static kmp_uint64 __kmp_erase_slow_down(kmp_int32 gtid,
                                        const kmp_erase_exec_t *exec,
                                        kmp_uint64 end) {
  if (!__kmp_erase_machine.slowed)
    return end;
  kmp_erase_thread_t *s = gtid >= 0 && gtid < KMP_MVOMP_MAX_GTID
                              ? &__kmp_erase_threads[gtid]
                              : NULL;
  int c = exec->cluster;
  if (c >= 0 && __kmp_erase_machine.slowdown[c] > 1.0) {
    // Its own time: without the tasks that ran inside it (already slowed).
    kmp_uint64 own = end - exec->start_ns, nested = s ? s->nested_ns : 0;
    own = own > nested ? own - nested : 0;
    kmp_uint64 until =
        end + (kmp_uint64)((__kmp_erase_machine.slowdown[c] - 1.0) * own);
    while ((end = __kmp_mvomp_now_ns()) < until)
      KMP_CPU_PAUSE();
  }
  if (s != NULL)
    s->nested_ns = exec->outer_ns + (end - exec->start_ns);
  return end;
}

// The end of an execution of type t on cluster c (task_end's part for a
// tracked type): its record, the taskloop it belongs to, its classification.
static void __kmp_erase_recorded(kmp_int32 gtid, kmp_erase_type_t *t,
                                 const kmp_erase_exec_t *exec, int c,
                                 kmp_uint64 end, double cycles, double misses) {
  double seconds = (end - exec->start_ns) * 1e-9;
  double mhz = cycles > 0 && seconds > 0 ? cycles / seconds * 1e-6 : 0;
  __kmp_erase_record(t, c, 1, seconds, mhz, gtid,
                     exec->unmapped && exec->loop == NULL);
  kmp_erase_type_t *loop = (kmp_erase_type_t *)exec->loop;
  if (loop != NULL && loop->loop_pending.load(std::memory_order_acquire) > 0 &&
      exec->group == loop->loop_group) {
    // Where the timed instance's chunks ran: a chunk mapped to one cluster
    // may be stolen by another (its creator, waiting in the taskgroup, may
    // run any task), and the time is then not that configuration's.
    int ran = loop->loop_ran.load(std::memory_order_relaxed);
    if (ran == -1 && loop->loop_ran.compare_exchange_strong(ran, c))
      ran = c; // the first chunk to end
    if (ran != c)
      loop->loop_ran.store(KMP_ERASE_LOOP_MIXED, std::memory_order_relaxed);
    if (loop->loop_pending.fetch_sub(1, std::memory_order_acq_rel) == 1)
      __kmp_erase_loop_done(loop, end);
  }
  if (exec->sampling) {
    __kmp_erase_lock(t);
    t->cycles += cycles;
    t->misses += misses;
    int done = ++t->samples >= KMP_ERASE_CLASSIFY_RUNS;
    double ai = __kmp_erase_intensity(t->cycles, t->misses,
                                      __kmp_erase_thresholds.flops_per_cycle);
    __kmp_erase_unlock(t);
    if (done)
      t->cls.store(__kmp_erase_classify(ai, &__kmp_erase_thresholds),
                   std::memory_order_relaxed);
  }
}

// A timed execution of a batched type ended at `end` and was recorded: what
// its bookkeeping cost (from its start's entry to the start of its routine,
// and from the routine's end to now) updates its thread's measure.
static void __kmp_erase_timing_cost(kmp_erase_thread_t &s,
                                    const kmp_erase_exec_t *exec,
                                    kmp_uint64 end) {
  kmp_uint64 now = __kmp_mvomp_now_ns();
  if (exec->start_ns < exec->entry_ns || now < end)
    return; // (a clock that went back between CPUs)
  double ns = (double)(exec->start_ns - exec->entry_ns) + (double)(now - end);
  s.timed_cost_ns = __kmp_erase_timing_cost_update(s.timed_cost_ns, ns);
}

// (Not a team of one, nor an included task: kmp_erase.h's
// __kmp_erase_task_end.)
void __kmp_erase_task_end_tracked(kmp_int32 gtid, kmp_erase_exec_t *exec) {
  if (!__kmp_erase_machine.ready) { // emulating
    __kmp_erase_slow_down(gtid, exec, __kmp_mvomp_now_ns());
    return;
  }
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return;
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  kmp_uint64 end = 0;
  double cycles = 0, misses = 0;
  if (exec->timed) { // (a counted execution is never sampled nor slowed)
    end = __kmp_mvomp_now_ns();
    if (exec->sampling)
      __kmp_erase_sample_stop(s, &cycles, &misses);
    end = __kmp_erase_slow_down(gtid, exec, end);
  }
  s.busy.store(s.busy.load(std::memory_order_relaxed) - 1,
               std::memory_order_relaxed);
  int c = exec->cluster;
  kmp_erase_type_t *t = (kmp_erase_type_t *)exec->type;
  if (!exec->timed)
    __kmp_erase_counted(gtid, exec);
  else if (t != NULL && c >= 0) {
    __kmp_erase_recorded(gtid, t, exec, c, end, cycles, misses);
    // (Only a batched type's cost sets how often it is timed; on a slowed
    // cluster every execution is timed, and `end` is after the slowdown.)
    if (exec->unmapped && exec->loop == NULL && !exec->sampling &&
        !(__kmp_erase_machine.slowdown[c] > 1.0))
      __kmp_erase_timing_cost(s, exec, end);
  }
  if (__kmp_erase_machine.rapl)
    __kmp_erase_running.fetch_sub(1, std::memory_order_relaxed);
}

// ---- Taskloop moldability --------------------------------------------------
std::atomic<kmp_uint64> __kmp_erase_narrow_until;

void __kmp_erase_narrowed(double seconds) {
  kmp_uint64 until =
      __kmp_erase_narrow_sleep_until(seconds, __kmp_mvomp_now_ns());
  if (until > __kmp_erase_narrow_until.load(std::memory_order_relaxed))
    __kmp_erase_narrow_until.store(until, std::memory_order_relaxed);
}

// The taskloop whose split set __kmp_erase_loop_cluster (its split_done
// resets it; another taskloop's leaves it alone).
static __thread kmp_task_t *__kmp_erase_loop_task
    __attribute__((tls_model("initial-exec"))) = NULL;

// The taskloop type whose timing waits for its number of tasks
// (__kmp_erase_taskloop_tasks), with loop_pending -1 meanwhile.
static __thread kmp_erase_type_t *__kmp_erase_loop_timing
    __attribute__((tls_model("initial-exec"))) = NULL;

kmp_uint64 __kmp_erase_taskloop_tasks(kmp_int32 gtid, kmp_uint64 tasks,
                                      kmp_uint64 trip_count) {
  // __kmp_taskloop makes that many tasks (the chunks the timing counts) when
  // it is between 1 and the trip count.
  tasks = KMP_MAX(KMP_MIN(tasks, trip_count), (kmp_uint64)1);
  kmp_erase_type_t *t = __kmp_erase_loop_timing;
  if (t != NULL) {
    __kmp_erase_loop_timing = NULL;
    t->loop_pending.store((int)tasks, std::memory_order_release);
  }
  return tasks;
}

kmp_uint64 __kmp_erase_taskloop_begin(kmp_int32 gtid, kmp_task_t *task,
                                      kmp_uint64 trip_count, int if_val,
                                      int *threads) {
  if (threads != NULL)
    *threads = 0;
  kmp_info_t *thread = __kmp_threads[gtid];
  kmp_uint64 dflt = thread->th.th_team_nproc * 10; // upstream's default
  kmp_task_team_t *task_team = thread->th.th_task_team;
  // An if(0) loop runs serially on its thread, and so does one in a final
  // task (its chunks are included tasks, which are not timed): nothing to map
  // or time.
  if (!__kmp_erase_machine.ready || !if_val || gtid >= KMP_MVOMP_MAX_GTID ||
      thread->th.th_current_task->td_flags.final || task_team == NULL ||
      task_team->tt.tt_nproc <= 1 || task_team->tt.tt_threads_data == NULL)
    return dflt;
  __kmp_mvomp_place_thread(gtid);
  kmp_erase_type_t *t =
      __kmp_erase_type((void *)task->routine, kmp_erase_taskloop);
  if (t == NULL)
    return dflt;
  // The loop's class is its chunks' (they are timed as tasks).
  kmp_erase_type_t *chunks =
      __kmp_erase_type((void *)task->routine, kmp_erase_task);
  if (chunks != NULL) {
    t->cls.store(__kmp_erase_class_of(chunks), std::memory_order_relaxed);
    // (A new taskloop of the entry: threads forget it as a plain task type,
    // kmp_erase.h's fast path.)
    // (Read first: a store, or an exchange, at every taskloop would take the
    // line from the threads that read it at every chunk.)
    if (chunks->taskloop.load(std::memory_order_relaxed) != t) {
      chunks->taskloop.store(t, std::memory_order_release);
      __kmp_erase_fast_epoch.fetch_add(1, std::memory_order_acq_rel);
    }
  }
  kmp_erase_map_inputs_t m;
  kmp_erase_choice_t choice = __kmp_erase_choose(
      t, NULL, __kmp_erase_machine.maxwidth, 1, task_team, &m,
      __kmp_mvomp_clusters_alike // (where it narrows to)
          ? __kmp_mvomp_thread_cluster(thread, __kmp_tid_from_gtid(gtid))
          : -1);
  if (choice.cluster < 0)
    return dflt;
  const int team = choice.cluster == __kmp_mvomp_nclusters;
  __kmp_erase_loop_task = task;
  __kmp_erase_loop_cluster = team ? KMP_ERASE_LOOP_TEAM : choice.cluster;
  const kmp_uint64 width = KMP_MIN((kmp_uint64)choice.width, trip_count);
  if (!team && (int)width < task_team->tt.tt_nproc)
    __kmp_erase_narrowed(
        m.seconds[choice.cluster * __kmp_erase_machine.maxwidth + choice.width -
                  1]);
  // A width short of the cluster's threads in the team is one chunk per core
  // (the others stay idle: that is the choice), and so is one core. A whole
  // cluster of several gets upstream's ten chunks per core, so that a
  // momentarily slow core does not hold up the loop: one chunk per core was
  // measured 10-69% slower than stock on a homogeneous machine
  // (docs/erase.md). The whole team is upstream's split, not mapped. With
  // OMP_TASKLOOP_GRAIN, the grain is chosen within the width in those two
  // cases, as for a team of that many threads (docs/grain.md).
  kmp_uint64 ntasks = width;
  if (team) {
    ntasks = dflt;
    if (threads != NULL)
      *threads = task_team->tt.tt_nproc;
  } else if (choice.width >= m.size[choice.cluster] && width > 1) {
    ntasks = width * KMP_ERASE_CHUNKS_PER_CORE;
    if (threads != NULL)
      *threads = (int)width;
  }
  ntasks = KMP_MAX(KMP_MIN(ntasks, trip_count), (kmp_uint64)1);
  int idle = 0; // time this instance unless one is being timed already
  if (t->loop_pending.load(std::memory_order_acquire) == 0 &&
      t->loop_pending.compare_exchange_strong(idle, -1)) {
    t->loop_start_ns = __kmp_mvomp_now_ns();
    t->loop_group = thread->th.th_current_task->td_taskgroup;
    t->loop_cluster = choice.cluster;
    t->loop_width = (int)width;
    t->loop_ran.store(-1, std::memory_order_relaxed);
    if (threads != NULL) // the count comes with __kmp_erase_taskloop_tasks
      __kmp_erase_loop_timing = t;
    else
      t->loop_pending.store((int)ntasks, std::memory_order_release);
  }
  return ntasks;
}

void __kmp_erase_taskloop_split_done(kmp_int32 gtid, kmp_task_t *task) {
  if (__kmp_erase_loop_task == task && task != NULL) {
    __kmp_erase_loop_task = NULL;
    __kmp_erase_loop_cluster = -1;
  }
}

// ---- Statistics file -------------------------------------------------------
void __kmp_erase_flush_batches(void) {
  const int gtids = __kmp_erase_batch_gtids.load(std::memory_order_acquire);
  for (int g = 0; g < gtids; ++g)
    for (int k = 0; __kmp_erase_threads[g].batch && k < KMP_ERASE_BATCHES; ++k)
      __kmp_erase_batch_flush(&__kmp_erase_threads[g].batch[k]);
}

void __kmp_erase_write_stats(void) {
  // The threads are idle for good: their batches join their types.
  __kmp_erase_flush_batches();
  if (__kmp_erase_stats_path == NULL || !__kmp_erase_machine.ready)
    return;
  char energy[128];
  double rapl = __kmp_erase_machine.rapl ? __kmp_erase_rapl_joules() : -1;
  if (rapl >= 0)
    KMP_SNPRINTF(energy, sizeof(energy),
                 "# measured energy: %.3f J (RAPL, whole machine, whole "
                 "run)\n",
                 rapl);
  else
    KMP_SNPRINTF(energy, sizeof(energy),
                 "# measured energy: unavailable (no readable RAPL counters "
                 "under /sys/class/powercap)\n");
  FILE *f = __kmp_mvomp_csv_open(
      "OMP_ERASE_STATS", __kmp_erase_stats_path, energy,
      "type,kind,class,cluster,width,executions,mean_s,model_s,joules,"
      "joules_from,timed,loaded\n");
  if (f == NULL)
    return;
  const int ntypes = __kmp_erase_ntype_slots.load(std::memory_order_acquire);
  for (int j = 0; j < ntypes; ++j) {
    kmp_erase_type_t *t = __kmp_erase_taken_type(j);
    if (t == NULL)
      continue;
    uintptr_t key = t->key.load(std::memory_order_relaxed);
    void *routine = (void *)(key / 4);
    int kind = (int)(key % 4);
    Dl_info info;
    memset(&info, 0, sizeof(info));
    char name[96];
    // The symbol, else module+offset (for addr2line): outlined task
    // routines are local symbols, which dladdr does not see.
    if (kind == kmp_erase_versions)
      KMP_SNPRINTF(name, sizeof(name), "type %d", __kmp_mv_type_id(routine));
    else if (dladdr(routine, &info) && info.dli_sname)
      KMP_SNPRINTF(name, sizeof(name), "%s", info.dli_sname);
    else if (info.dli_fname != NULL && info.dli_fbase != NULL) {
      const char *base = strrchr(info.dli_fname, '/');
      KMP_SNPRINTF(name, sizeof(name), "%s+0x%lx",
                   base ? base + 1 : info.dli_fname,
                   (unsigned long)((char *)routine - (char *)info.dli_fbase));
    } else
      KMP_SNPRINTF(name, sizeof(name), "%p", routine);
    __kmp_erase_lock(t);
    for (int c = 0; c <= __kmp_mvomp_nclusters; ++c)
      for (int w = 1; w <= __kmp_erase_machine.maxwidth; ++w) {
        int i = __kmp_erase_slot(c, w);
        if (t->runs[i] == 0 || (c == __kmp_mvomp_nclusters && w > 1))
          continue;
        __kmp_mvomp_csv_string(f, name, 0);
        fprintf(
            f, ",%s,%s,%s,%d,%llu,%.9g,%.9g,%.9g,%s,%llu,%u\n",
            kind == kmp_erase_taskloop   ? "taskloop"
            : kind == kmp_erase_versions ? "versions"
                                         : "task",
            __kmp_erase_class_name((kmp_erase_class_t)__kmp_erase_class_of(t)),
            c == __kmp_mvomp_nclusters ? "team" : __kmp_mvomp_cluster_name(c),
            c == __kmp_mvomp_nclusters ? __kmp_erase_team_width() : w,
            (unsigned long long)t->runs[i], t->seconds[i] / t->runs[i],
            t->hist[i].seconds, t->joules[i],
            t->measured[i] == t->runs[i] ? "measured"
            : t->measured[i] == 0        ? "modelled"
                                         : "mixed",
            (unsigned long long)t->timed[i], t->loaded[i]);
      }
    __kmp_erase_unlock(t);
  }
  __kmp_mvomp_close_output("OMP_ERASE_STATS", __kmp_erase_stats_path, f);
}

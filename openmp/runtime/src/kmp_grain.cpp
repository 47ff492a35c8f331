/*
 * kmp_grain.cpp -- taskloop grain sizes chosen by the runtime
 * (OMP_TASKLOOP_GRAIN=auto, docs/grain.md). A taskloop with neither a
 * grainsize nor a num_tasks clause is a choice among grain sizes, made by the
 * policies of multi-version tasks (OMP_SELECT) through their keys, statistics,
 * stats.csv and model store: each taskloop site and thread count is a task
 * type of its own (an id of KMP_GRAIN_TYPE_BIT), its trip count bucketed on
 * a log scale is the key's cost, and its arms are libomp's default and grain
 * sizes spaced inside the flat region that seed 001's model predicts
 * (kmp_grain_model.h) from the loop's work, estimated from the default's
 * time. The reward is the whole taskloop's time, from its start to the end of
 * its implicit taskgroup.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_grain.h"
#include "kmp_erase.h"
#include "kmp_versions_internal.h"
#include "mvomp.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <sys/stat.h>

kmp_grain_mode_t __kmp_grain_mode = kmp_grain_off;
kmp_uint64 __kmp_grain_fixed = 0;
char *__kmp_grain_model_path = NULL;
double __kmp_grain_lambda_b = 0, __kmp_grain_lambda_s = 0;
int __kmp_grain_span_threads = 1;
int __kmp_grain_reps = KMP_GRAIN_DEFAULT_REPS;
int __kmp_grain_sample = KMP_GRAIN_DEFAULT_SAMPLE;

// Grain types' ids: this bit and a hash of the site and thread count
// (docs/grain.md: define(N) with N at or above 2^30 is reserved).
#define KMP_GRAIN_TYPE_BIT 0x40000000

void __kmp_grain_set_mode(kmp_grain_mode_t mode, kmp_uint64 fixed) {
  __kmp_grain_mode = mode;
  __kmp_grain_fixed = fixed;
  __kmp_mvomp_hooks.grain = mode != kmp_grain_off;
}

/* ------------------------------------------------------------------------ */
/* The model: the calibration file, else seed 001's parameters              */

static kmp_grain_model_t __kmp_grain_model = KMP_GRAIN_DEFAULT_MODEL;
static char *__kmp_grain_model_used = NULL; // the file read; NULL: built-in
static std::atomic<int> __kmp_grain_model_loaded{0};
static kmp_bootstrap_lock_t __kmp_grain_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_grain_lock);

static void __kmp_grain_load_model(void) {
  if (__kmp_grain_model_loaded.load(std::memory_order_acquire))
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_grain_lock);
  if (!__kmp_grain_model_loaded.load(std::memory_order_relaxed)) {
    const int named = __kmp_grain_model_path != NULL;
    char dflt[4096];
    char *path = named ? __kmp_mvomp_expand_path("OMP_TASKLOOP_GRAIN_MODEL",
                                                 __kmp_grain_model_path)
                 : __kmp_grain_default_path(dflt, sizeof(dflt)) == 0
                     ? __kmp_str_format("%s", dflt)
                     : NULL;
    kmp_grain_model_t m = KMP_GRAIN_DEFAULT_MODEL;
    char builtin[96];
    KMP_SNPRINTF(builtin, sizeof(builtin),
                 "using the built-in model (alpha %g us, sigma %g)",
                 m.alpha_ns / 1000, m.sigma);
    struct stat st;
    // The default file is read when it exists; a named one must.
    if (path && (named || stat(path, &st) == 0)) {
      char *text =
          __kmp_mvomp_read_file("OMP_TASKLOOP_GRAIN_MODEL", path, builtin);
      char err[256];
      if (text && __kmp_grain_model_parse(text, path, &m, err, sizeof(err))) {
        __kmp_mvomp_warn("MVOMP", "OMP_TASKLOOP_GRAIN_MODEL: %s; %s", err,
                         builtin);
      } else if (text) {
        __kmp_grain_model_used = path;
        path = NULL;
      }
      __kmp_str_free(&text);
    }
    __kmp_str_free(&path);
    if (__kmp_grain_lambda_b > 0)
      m.lambda_b = __kmp_grain_lambda_b;
    if (__kmp_grain_lambda_s > 0)
      m.lambda_s = __kmp_grain_lambda_s;
    m.to_threads = __kmp_grain_span_threads;
    __kmp_grain_model = m;
    __kmp_grain_model_loaded.store(1, std::memory_order_release);
  }
  __kmp_release_bootstrap_lock(&__kmp_grain_lock);
}

static kmp_int64 __kmp_grain_bucket(kmp_uint64 trip);

void __kmp_grain_env_done(void) {
  // As for multi-version tasks (__kmp_mv_env_done): the calibration and the
  // model store are read when the runtime starts, not by the first taskloop
  // while the team's other threads wait for its tasks (0.3-0.6 ms on a
  // virtual machine, 2-5% of a small loop's 200 executions, docs/grain.md).
  if (__kmp_grain_mode == kmp_grain_auto) {
    __kmp_grain_load_model();
    __kmp_mv_store_preload();
    // And the first touch of the choice's arithmetic (libm's log2, exp2,
    // log and exp) and of dladdr, which names a site: their code and tables
    // are page faults, ~25 us each on a virtual machine, that the first
    // taskloop paid while the team waited (docs/grain.md).
    double lo, hi;
    __kmp_grain_arms_span(&__kmp_grain_model, 1000, 1.0, 2, &lo, &hi);
    volatile double sink = lo + hi + (double)__kmp_grain_bucket(1000);
    (void)sink;
    Dl_info info;
    (void)dladdr((void *)&__kmp_grain_env_done, &info);
    // And the first writes to the registry's tables, which a program without
    // multi-version tasks makes in its first taskloop (its type): two page
    // faults of zero-initialised data, 35-50 us of the first taskloop's
    // 110-150 us on a virtual machine (docs/grain.md).
    __kmp_mv_registry_prefault();
  }
}

void __kmp_grain_model_describe(char *buf, size_t len) {
  __kmp_grain_load_model();
  const kmp_grain_model_t *m = &__kmp_grain_model;
  char dflt[48] = "";
  if (m->default_ns > 0)
    KMP_SNPRINTF(dflt, sizeof(dflt), ", default_us %g", m->default_ns / 1000);
  KMP_SNPRINTF(buf, len,
               "%s (alpha %g us, sigma %g, lambda_b %g, lambda_s %g%s)",
               __kmp_grain_model_used ? __kmp_grain_model_used : "built-in",
               m->alpha_ns / 1000, m->sigma, m->lambda_b, m->lambda_s, dflt);
}

/* ------------------------------------------------------------------------ */
/* Sites: a taskloop's task entry and thread count -> its type              */

struct kmp_grain_site_t {
  kmp_routine_entry_t entry;
  int nthreads;
  kmp_mv_type_t *type;
  kmp_grain_site_t *next;
};
#define KMP_GRAIN_SITE_BUCKETS 256
static std::atomic<kmp_grain_site_t *>
    __kmp_grain_sites[KMP_GRAIN_SITE_BUCKETS];

// The type of (entry, nthreads): its id and location name the site by its
// module and offset, which stay the same from run to run (the model store).
static kmp_mv_type_t *__kmp_grain_new_type(kmp_routine_entry_t entry,
                                           int nthreads) {
  Dl_info info;
  const char *module = "?";
  kmp_uint64 offset = (kmp_uint64)(kmp_uintptr_t)entry;
  if (dladdr((void *)entry, &info) && info.dli_fname) {
    module = strrchr(info.dli_fname, '/') ? strrchr(info.dli_fname, '/') + 1
                                          : info.dli_fname;
    offset -= (kmp_uint64)(kmp_uintptr_t)info.dli_fbase;
  }
  kmp_uint64 h = 1469598103934665603ULL; // FNV-1a
  for (const char *c = module; *c; ++c)
    h = (h ^ (unsigned char)*c) * 1099511628211ULL;
  h = __kmp_mv_hash(h ^ offset ^ ((kmp_uint64)nthreads << 48));
  kmp_int32 id =
      (kmp_int32)(KMP_GRAIN_TYPE_BIT | (h & (KMP_GRAIN_TYPE_BIT - 1)));
  // On the stack: __kmp_str_format's buffers (512 bytes each, seven of them)
  // were fresh heap, a page fault of the first taskloop while the team
  // waited (docs/grain.md). The registry keeps copies.
  char location[512];
  KMP_SNPRINTF(location, sizeof(location), "taskloop %s+0x%llx, %d threads",
               module, (unsigned long long)offset, nthreads);
  return __kmp_mv_register_named(id, KMP_GRAIN_ARMS,
                                 __kmp_grain_arm_version_names(), location,
                                 __kmp_grain_reps);
}

static kmp_mv_type_t *__kmp_grain_type(kmp_routine_entry_t entry,
                                       int nthreads) {
  std::atomic<kmp_grain_site_t *> &head =
      __kmp_grain_sites[__kmp_mv_hash((kmp_uint64)(kmp_uintptr_t)entry ^
                                      (kmp_uint64)nthreads) %
                        KMP_GRAIN_SITE_BUCKETS];
  for (kmp_grain_site_t *s = head.load(std::memory_order_acquire); s;
       s = s->next)
    if (s->entry == entry && s->nthreads == nthreads)
      return s->type;
  __kmp_acquire_bootstrap_lock(&__kmp_grain_lock);
  kmp_grain_site_t *s = head.load(std::memory_order_relaxed);
  while (s && (s->entry != entry || s->nthreads != nthreads))
    s = s->next;
  if (s == NULL) {
    s = (kmp_grain_site_t *)KMP_INTERNAL_MALLOC(sizeof(*s));
    s->entry = entry;
    s->nthreads = nthreads;
    s->type = __kmp_grain_new_type(entry, nthreads);
    s->next = head.load(std::memory_order_relaxed);
    head.store(s, std::memory_order_release);
  }
  __kmp_release_bootstrap_lock(&__kmp_grain_lock);
  return s->type;
}

// A trip count's bucket, four per doubling: the key's cost is the bucket's
// smallest trip count.
static kmp_int64 __kmp_grain_bucket(kmp_uint64 trip) {
  double b = floor(4 * log2((double)trip) + 1e-9);
  kmp_int64 cost = (kmp_int64)ceil(exp2(b / 4) - 1e-9);
  return cost < 1 ? 1 : cost;
}

// The loop's work per iteration (ns) at key `stats`, 0 while unknown: what
// this run's default executions measured, else an estimate from the
// default's statistics that the model store (or OMP_SELECT_LOAD) started the
// key with, so that a run starts from the earlier runs' choice even when it
// runs the loop only once (before, such a program ran the default in every run
// and never learned). The statistics are per the bucket's trip count (the
// reward's scale): the estimate places the arms, this run's first default
// execution corrects it.
static double __kmp_grain_work(kmp_mv_type_t *type, kmp_mv_stats_t *stats,
                               kmp_uint64 trip, int n) {
  double w = stats->work_ns.load(std::memory_order_relaxed);
  if (w > 0)
    return w;
  kmp_mv_policy_t own;
  stats->lock.acquire();
  // A new key's arms, and what they start from, are made at its first use.
  __kmp_mv_grow_arms(type, stats,
                     type->nversions.load(std::memory_order_acquire),
                     __kmp_mv_policy_of(type, &own));
  // The default's least execution, as the earlier run estimated from: the
  // mean less the spread, for its two executions (OMP_TASKLOOP_GRAIN_REPS)
  // exactly the faster. From the mean (the first execution is cold) the arms
  // had other task counts than the loaded statistics of each were measured at
  // (docs/grain.md, "The second run's arms").
  double least = 0;
  if (stats->key.narms > 0 && stats->key.arms[0].n > 0) {
    const kmp_mv_arm_t &a = stats->key.arms[0];
    least = a.mean - sqrt(a.m2 / (double)a.n);
    if (!(least > 0))
      least = a.mean;
  }
  stats->lock.release();
  if (!(least > 0))
    return 0;
  // (A key's cost, its bucket's smallest trip count, is at least 1.)
  const double x = least * (double)trip / (double)stats->cost;
  w = __kmp_grain_iter_ns(
      &__kmp_grain_model, x, trip,
      __kmp_grain_arm_tasks(&__kmp_grain_model, 0, trip, 0, n), n);
  double unknown = 0;
  if (!stats->work_ns.compare_exchange_strong(unknown, w,
                                              std::memory_order_relaxed))
    w = unknown; // another thread set it first
  return w;
}

/* ------------------------------------------------------------------------ */
/* The hooks                                                                 */

// What kmp_taskloop_grain_last reports: the process's last taskloop whose
// grain the runtime chose, whichever thread ran it. Only what the choice
// itself knew is kept; the regions are derived when asked for.
struct kmp_grain_last_t {
  kmp_uint64 trip, tasks;
  double iter_ns;
  int arm, nthreads, valid;
};
static kmp_grain_last_t __kmp_grain_last;
static kmp_mv_spin_t __kmp_grain_last_lock;

static void __kmp_grain_note(kmp_uint64 trip, kmp_uint64 tasks, int arm,
                             double iter_ns, int n) {
  // (A site run again notes what is there already: no lock, no write. A racy
  // read can only take a torn note for this one and leave it as it is.)
  const kmp_grain_last_t &l = __kmp_grain_last;
  if (l.valid && l.trip == trip && l.tasks == tasks && l.arm == arm &&
      l.iter_ns == iter_ns && l.nthreads == n)
    return;
  __kmp_grain_last_lock.acquire();
  __kmp_grain_last = {trip, tasks, iter_ns, arm, n, 1};
  __kmp_grain_last_lock.release();
}

// Taskloops whose grain the runtime chose and whose taskgroup has not ended,
// per thread, innermost last: a thread's taskgroups begin and end nested (a
// task that a thread runs while it waits ends its own taskgroups first).
// Deeper nesting than this is left at the default.
#define KMP_GRAIN_PENDING 16
struct kmp_grain_pending_t {
  kmp_taskdata_t *task;
  kmp_taskgroup_t *taskgroup;
  kmp_mv_type_t *type;
  kmp_mv_stats_t *stats;
  kmp_uint64 start; // clock ticks
  kmp_uint64 trip, tasks;
  int slot, nthreads;
};
// The sites this thread ran last, with their keys and their arms' task
// counts: a taskloop run again skips the site and key lookups, the bucket's
// and the arms' arithmetic (libm's log, exp, log2, exp2: ~800 instructions, a
// third of a microsecond, 2-4% of a 13-us loop, docs/grain.md). Two entries,
// most recent first: a loop alternating two taskloops hits too. Types and
// keys live as long as the process.
struct kmp_grain_cached_t {
  kmp_routine_entry_t entry; // NULL: empty
  kmp_uint64 trip;
  int nthreads;
  kmp_mv_type_t *type;
  kmp_mv_stats_t *stats;
  double iter_ns; // the work the task counts were computed for
  kmp_uint64 tasks[KMP_GRAIN_ARMS];
  // OMP_TASKLOOP_GRAIN_SAMPLE: the arm the last timed executions chose, how
  // many in a row, and the untimed executions of it still to run.
  int last_slot, streak;
  unsigned skip;
};
#define KMP_GRAIN_CACHED 2

// A thread's pending loops and cached sites, on the heap behind one pointer:
// libomp's initial-exec TLS comes out of the few hundred bytes to spare that
// glibc keeps for the libraries a process dlopens (in all about 1.6 KB), and
// these 1.2 KB in TLS left under 256 bytes: a library with 256 bytes of such
// TLS, dlopened after libomp, failed to load (docs/architecture.md). A
// thread's block goes back to a free list when it exits (a key destructor),
// for the next new thread: as many blocks as threads ever lived at once.
struct kmp_grain_thread_t {
  kmp_grain_pending_t pending[KMP_GRAIN_PENDING];
  int npending;
  kmp_grain_cached_t cached[KMP_GRAIN_CACHED];
  kmp_grain_thread_t *next_free;
};
static __thread kmp_grain_thread_t *__kmp_grain_th
    __attribute__((tls_model("initial-exec"))) = NULL;
// Under __kmp_grain_lock.
static kmp_grain_thread_t *__kmp_grain_free = NULL;
static pthread_key_t __kmp_grain_key;
static int __kmp_grain_key_made = 0;

static void __kmp_grain_thread_exit(void *block) {
  kmp_grain_thread_t *t = (kmp_grain_thread_t *)block;
  __kmp_acquire_bootstrap_lock(&__kmp_grain_lock);
  t->next_free = __kmp_grain_free;
  __kmp_grain_free = t;
  __kmp_release_bootstrap_lock(&__kmp_grain_lock);
}

// At exit, or when libomp is unloaded: no thread exiting later calls into it.
static void __kmp_grain_key_delete(void) {
  __kmp_acquire_bootstrap_lock(&__kmp_grain_lock);
  if (__kmp_grain_key_made)
    pthread_key_delete(__kmp_grain_key);
  __kmp_grain_key_made = 0;
  __kmp_release_bootstrap_lock(&__kmp_grain_lock);
}

static kmp_grain_thread_t *__kmp_grain_thread(void) {
  kmp_grain_thread_t *t = __kmp_grain_th;
  if (t != NULL)
    return t;
  __kmp_acquire_bootstrap_lock(&__kmp_grain_lock);
  int made = __kmp_grain_key_made;
  if (!made) {
    made = __kmp_grain_key_made =
        pthread_key_create(&__kmp_grain_key, __kmp_grain_thread_exit) == 0;
    if (made)
      __kmp_mvomp_at_exit(__kmp_grain_key_delete);
  }
  t = __kmp_grain_free;
  if (t != NULL)
    __kmp_grain_free = t->next_free;
  __kmp_release_bootstrap_lock(&__kmp_grain_lock);
  if (t == NULL)
    t = (kmp_grain_thread_t *)KMP_INTERNAL_MALLOC(sizeof(*t));
  if (t == NULL)
    return NULL; // no memory: the default, untimed
  memset(t, 0, sizeof(*t));
  // (Without a key the block stays with the thread's exit: a leak, not an
  // error.)
  if (made)
    pthread_setspecific(__kmp_grain_key, t);
  __kmp_grain_th = t;
  return t;
}

static kmp_grain_cached_t *__kmp_grain_lookup(kmp_grain_thread_t *th,
                                              kmp_routine_entry_t entry, int n,
                                              kmp_uint64 trip) {
  kmp_grain_cached_t *c = th->cached;
  if (c[0].entry == entry && c[0].nthreads == n && c[0].trip == trip)
    return &c[0];
  kmp_grain_cached_t hit = c[1];
  if (!(hit.entry == entry && hit.nthreads == n && hit.trip == trip)) {
    __kmp_grain_load_model();
    hit.entry = entry;
    hit.nthreads = n;
    hit.trip = trip;
    hit.type = __kmp_grain_type(entry, n);
    __kmp_mv_store_open(); // before any key starts from saved rows
    hit.stats = __kmp_mv_get_stats(hit.type, __kmp_grain_bucket(trip), -1, -1);
    hit.iter_ns = -1; // (an estimate of 0 is still one to compute for)
    hit.last_slot = -1;
    hit.streak = 0;
    hit.skip = 0;
  }
  c[1] = c[0];
  c[0] = hit;
  return &c[0];
}

// OMP_TASKLOOP_GRAIN_SAMPLE: after a timed execution's choice of `slot`, the
// untimed executions to run before the next choice. Only once every arm has
// its quota (`explored`): before, each execution is the exploration's.
static void __kmp_grain_sampled(kmp_grain_cached_t *c, kmp_mv_type_t *type,
                                kmp_mv_stats_t *stats, int slot,
                                double iter_ns) {
  if (__kmp_grain_sample <= 1 || !(iter_ns > 0))
    return;
  const int explored = stats->explored.load(std::memory_order_acquire);
  if (slot != c->last_slot ||
      explored < type->nversions.load(std::memory_order_acquire)) {
    c->last_slot = slot;
    c->streak = 1;
    return;
  }
  if (++c->streak >= KMP_GRAIN_SAMPLE_STREAK)
    c->skip = (unsigned)__kmp_grain_sample - 1;
}

kmp_uint64 __kmp_grain_begin(kmp_int32 gtid, kmp_task_t *task, kmp_uint64 trip,
                             int if_val) {
  if (UNLIKELY(__kmp_mvomp_hooks.erase)) {
    // ERASE chooses the width, and the grain is chosen within it: as for a
    // team of the threads of a whole cluster or team it molded the loop to;
    // other widths keep ERASE's split (docs/grain.md).
    int threads = 0;
    kmp_uint64 split =
        __kmp_erase_taskloop_begin(gtid, task, trip, if_val, &threads);
    if (threads > 0)
      split = __kmp_grain_begin_on(gtid, task, trip, if_val, threads, split);
    return __kmp_erase_taskloop_tasks(gtid, split, trip);
  }
  const int n = __kmp_threads[gtid]->th.th_team_nproc;
  return __kmp_grain_begin_on(gtid, task, trip, if_val, n,
                              (kmp_uint64)KMP_GRAIN_DEFAULT_TASKS * n);
}

kmp_uint64 __kmp_grain_begin_on(kmp_int32 gtid, kmp_task_t *task,
                                kmp_uint64 trip, int if_val, int n,
                                kmp_uint64 dflt) {
  kmp_info_t *thread = __kmp_threads[gtid];
  if (__kmp_grain_mode == kmp_grain_fixed) {
    kmp_uint64 g = __kmp_grain_fixed, tasks = g >= trip ? 1 : trip / g;
    __kmp_grain_note(trip, tasks, KMP_GRAIN_ARM_FIXED, 0, n);
    return tasks;
  }
  // One thread runs every task itself, in the same order whatever the split:
  // the grain changes only the task overhead, and Formula 5.11 with N = 1
  // falls all the way to one task. Nothing to learn, so nothing is timed,
  // explored or stored (exploring six arms cost 4-10% on loops of 25-75 us,
  // docs/grain.md).
  if (__kmp_grain_mode == kmp_grain_auto && n == 1 && if_val) {
    __kmp_grain_note(trip, 1, KMP_GRAIN_ARM_ONE_THREAD, 0, n);
    return 1;
  }
  // The loop is timed to the end of the taskgroup that holds it: its own
  // (Clang's implicit one), or one that held nothing else when it began
  // (nogroup): nothing but the loop's pattern task, which counts there when
  // the group is Clang's. With none, or with if(0) (a serial loop), or nested
  // too deep, the default stays (docs/grain.md).
  kmp_taskdata_t *current = thread->th.th_current_task;
  kmp_taskgroup_t *group = current ? current->td_taskgroup : NULL;
  kmp_grain_thread_t *th = NULL;
  if (__kmp_grain_mode != kmp_grain_auto || !if_val || group == NULL ||
      KMP_ATOMIC_LD_ACQ(&group->count) > 1 ||
      (th = __kmp_grain_thread()) == NULL || th->npending == KMP_GRAIN_PENDING)
    return dflt;
  for (int i = 0; i < th->npending; ++i)
    if (th->pending[i].taskgroup == group)
      return dflt; // a second loop of one taskgroup: not timed alone
  kmp_grain_cached_t *c = __kmp_grain_lookup(th, task->routine, n, trip);
  kmp_mv_type_t *type = c->type;
  kmp_mv_stats_t *stats = c->stats;
  // The flat arms need the loop's work: until a run of the default measured
  // it (in this run or, through the store, an earlier one), the default runs.
  const double iter_ns = __kmp_grain_work(type, stats, trip, n);
  if (c->iter_ns != iter_ns) {
    c->iter_ns = iter_ns;
    __kmp_grain_all_arm_tasks(&__kmp_grain_model, trip, iter_ns, n, c->tasks);
    c->last_slot = -1; // (other arms: the streak starts again)
    c->streak = 0;
    c->skip = 0;
  }
  if (c->skip > 0) { // the choice held: run it again, untimed
    --c->skip;
    const kmp_uint64 tasks = c->tasks[c->last_slot];
    __kmp_grain_note(trip, tasks, c->last_slot, iter_ns, n);
    return tasks;
  }
  const int slot = iter_ns > 0 ? __kmp_mv_choose_arm(type, stats, gtid) : 0;
  const kmp_uint64 tasks = c->tasks[slot];
  __kmp_grain_note(trip, tasks, slot, iter_ns, n);
  __kmp_grain_sampled(c, type, stats, slot, iter_ns);
  kmp_grain_pending_t *p = &th->pending[th->npending++];
  p->task = current;
  p->taskgroup = group;
  p->type = type;
  p->stats = stats;
  p->trip = trip;
  p->tasks = tasks;
  p->slot = slot;
  p->nthreads = n;
  p->start = __kmp_mvomp_ticks();
  return tasks;
}

void __kmp_grain_taskgroup_end(kmp_taskdata_t *task,
                               kmp_taskgroup_t *taskgroup) {
  // Usually the innermost entry. One above it is stale (an untied task that
  // began a loop moved to another thread, which ended its group there): the
  // groups of a thread end nested, so this group's end drops it too.
  kmp_grain_thread_t *th = __kmp_grain_th;
  if (th == NULL || th->npending == 0)
    return; // this thread never chose a grain, or runs none timed now
  kmp_uint64 end = __kmp_mvomp_ticks();
  int i = th->npending - 1;
  while (i >= 0 &&
         (th->pending[i].taskgroup != taskgroup || th->pending[i].task != task))
    --i;
  if (i < 0)
    return; // not a chosen taskloop's group
  // The stale entries above it are never timed: their arms' starts are taken
  // back, or the probe rule would wait for them for the rest of the run.
  for (int k = i + 1; k < th->npending; ++k)
    __kmp_mv_abandon_arm(th->pending[k].type, th->pending[k].stats,
                         th->pending[k].slot);
  kmp_grain_pending_t *p = &th->pending[i];
  th->npending = i;
  double x = (double)(kmp_int64)(end - p->start) * __kmp_mvomp_ns_per_tick();
  if (x < 0)
    x = 0;
  // The reward, scaled to the bucket's trip count: the loops of one key are
  // compared per iteration.
  const double reward = x * (double)p->stats->cost / (double)p->trip;
  __kmp_mv_record_arm(p->type, p->stats, p->slot, reward);
  if (p->slot == 0) {
    // The least work any default run implies: disturbances only add time.
    double w = __kmp_grain_iter_ns(&__kmp_grain_model, x, p->trip, p->tasks,
                                   p->nthreads);
    double old = p->stats->work_ns.load(std::memory_order_relaxed);
    while ((old == 0 || w < old) && !p->stats->work_ns.compare_exchange_weak(
                                        old, w, std::memory_order_relaxed))
      ;
  }
}

int kmp_taskloop_grain_last(kmp_taskloop_grain_info_t *info) {
  if (info == NULL)
    return 0;
  __kmp_grain_last_lock.acquire();
  kmp_grain_last_t l = __kmp_grain_last;
  __kmp_grain_last_lock.release();
  if (!l.valid)
    return 0;
  info->trip = (long long)l.trip;
  info->num_tasks = (long long)l.tasks;
  info->grain = (long long)(l.trip / (l.tasks ? l.tasks : 1));
  info->iter_ns = l.iter_ns;
  info->arm = l.arm;
  info->flat_lo = info->flat_hi = info->arms_lo = info->arms_hi = 0;
  if (l.iter_ns > 0) {
    double lo, hi;
    __kmp_grain_flat_range(&__kmp_grain_model, l.iter_ns * (double)l.trip,
                           l.nthreads, &lo, &hi);
    info->flat_lo = lo / l.iter_ns;
    info->flat_hi = hi / l.iter_ns;
    __kmp_grain_arms_span(&__kmp_grain_model, l.trip, l.iter_ns, l.nthreads,
                          &info->arms_lo, &info->arms_hi);
  }
  return 1;
}

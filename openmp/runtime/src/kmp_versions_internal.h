/*
 * kmp_versions_internal.h -- what the files of multi-version tasks share
 * (docs/architecture.md): the registry's types, versions and keys, the
 * per-thread state, the record of one launch, and the functions one file
 * offers the others. Only kmp_versions_*.cpp include it; the rest of libomp
 * sees kmp_versions.h.
 *
 * The files, from the bottom up (none calls a file above it):
 *   kmp_versions_registry.cpp  settings of selection, task types, versions,
 *                              keys and their statistics, the saved rows
 *                              keys start from, OMP_SELECT=fixed
 *   kmp_versions_io.cpp        the reader of stats.csv rows (OMP_SELECT_LOAD),
 *                              the trace recorder, stats.csv and trace.csv
 *   kmp_versions_store.cpp     the model store (OMP_SELECT_MODELS): its
 *                              identity, loading, merging at exit
 *   kmp_versions_share.cpp     statistics shared between processes (the
 *                              kmp_mvomp_share_* API of mvomp.h)
 *   kmp_versions_dispatch.cpp  the dispatch (choice, timing, update), the
 *                              per-thread state, the task API of mvomp.h
 *   kmp_versions_launch.cpp    the compiler's ABI: registration is in the
 *                              registry; allocation and launch are here
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_VERSIONS_INTERNAL_H
#define KMP_VERSIONS_INTERNAL_H

#include "kmp_lock.h"
#include "kmp_mvomp.h"
#include "kmp_versions.h"

#include <atomic>
#include <stddef.h>

// A test-and-test-and-set spin lock: the critical sections it guards (one
// policy decision or statistics update) are a few hundred nanoseconds.
struct kmp_mv_spin_t {
  std::atomic<int> held{0};
  void acquire() {
    while (held.exchange(1, std::memory_order_acquire))
      while (held.load(std::memory_order_relaxed))
        KMP_CPU_PAUSE();
  }
  void release() { held.store(0, std::memory_order_release); }
};

/* ------------------------------------------------------------------------ */
/* Registry (kmp_versions_registry.cpp)                                     */

// An allocation of a key's arms. When more versions are registered, a larger
// one replaces it, and the old one stays allocated (reachable from the new
// one): a dispatch may still be reading it without the lock.
// Allocated cache-line aligned (__kmp_allocate), with each arm on a line of
// its own (kmp_mv_arm_t is 64 bytes).
struct kmp_mv_arms_block_t {
  kmp_mv_arms_block_t *older;
  char pad[56];
  kmp_mv_arm_t arms[1];
};

// Statistics of one key (type, cost, locality, ERASE cluster). Written under
// `lock`; read without it by a dispatch once `explored` covers the type's
// versions. Laid out so that threads dispatching tasks of one key move as
// few cache lines between their cores as possible (allocated cache-line
// aligned): the first line holds what every update writes (the lock and
// key.t, key.sum), the second what a choice reads and updates leave alone
// once the key is explored (key.narms, key.arms, explored, and mean_best,
// written only when it changes); each arm has a line of its own.
struct kmp_mv_stats_t {
  // What finding the key and growing its arms use.
  kmp_int64 cost;
  kmp_int32 locality;
  kmp_int32 cluster; // the executing thread's with OMP_ERASE=on, else -1
  kmp_mv_arms_block_t *block; // holds key.arms
  kmp_mv_stats_t *next;       // bucket chain (insert-only, lock-free reads)
  int capacity;               // allocated entries of key.arms
  kmp_mv_spin_t lock;
  // The type's knowledge when its versions were last predicted (under lock).
  int predicted_at;
  // The generation of what other processes sent that the arms hold (under
  // lock; __kmp_mv_shared_gen).
  kmp_int32 shared_gen;
  kmp_mv_key_t key; // t and sum end the first line
  // Versions 0..explored-1 have the policy's quota of executions
  // (__kmp_mv_explored): a dispatch of a type with no more versions than that
  // chooses without the lock. Stored under the lock, after key.arms.
  std::atomic<int> explored{0};
  // With OMP_SELECT=mean, once explored: Mean's choice among all the arms
  // (__kmp_mv_lowest_mean), kept by every update, so that a launch of all the
  // type's versions chooses by reading it; -1 until then, and under another
  // policy (__kmp_mv_policy_changed sets or drops it when kmp_set_defaults
  // changes the policy). Stored under the lock, and only when it changes (the
  // line stays shared between readers).
  std::atomic<int> mean_best{-1};
  // Once explored, the arms never measured at this key (elimination took them
  // out on their predictions alone), and the type's knowledge when that was
  // last checked: while there are such arms, a dispatch that finds the
  // knowledge moved predicts them again, and a version whose new prediction
  // is no longer hopeless is explored after all (__kmp_mv_recheck_predicted).
  // Stored under the lock, rarely.
  std::atomic<int> unmeasured{0};
  std::atomic<int> checked_at{0};
  // A look (Mean's second look, __kmp_mv_second_look; the store's re-check;
  // the looks at a lone execution, __kmp_mv_lone_look and, under any policy,
  // __kmp_mv_second_chance): the arm the next launch of all the type's
  // versions runs instead of the policy's choice, taken by that dispatch
  // (exchanged for -1); -1 when none. Stored under the lock, rarely.
  std::atomic<int> second_look{-1};
  // A lone execution's second chance (__kmp_mv_second_chance, under the
  // lock): the key's time (key.sum) at which the record of an execution looks
  // for it again; HUGE_VAL once the key gave its one. Here, on the line the
  // record reads for explored, so that the compare costs it no other line.
  double chance_at = 0.0;
  // The re-check of stored statistics (OMP_SELECT_STORE_RECHECK,
  // __kmp_mv_recheck_stored; under the lock): the arms (of the first
  // KMP_MV_FRESH_VERSIONS) that started from saved statistics and have not
  // run here in this run. Here, on the line that every dispatch reads for
  // mean_best, so that a key without such arms costs the dispatch no other
  // line to find out.
  kmp_uint32 stored_unchecked;
  // Kept by choices other than multi-version tasks' that use keys: a
  // taskloop's estimated work per iteration in ns (kmp_grain.cpp), 0 until
  // known.
  std::atomic<double> work_ns{0};
  // The re-check's other state (under the lock): the type's fresh notes
  // (kmp_mv_fresh_t::gen) when the unchecked arms were last checked, and the
  // arm whose re-check is pending (-1: none) with the time under which its
  // execution shows the saved statistics stale.
  int stored_checked_at;
  int stored_look = -1;
  double stored_limit;
  // Statistics shared between processes (kmp_versions_share.cpp, under the
  // lock): per arm, the started executions held for the other processes'
  // part of the exploration (__kmp_mv_shared_started); NULL until then.
  kmp_uint64 *reserved;
  int nreserved;
};

// Where this run measured a type's versions, for the re-check of stored
// statistics: per version, the last KMP_MV_FRESH_KEYS keys where it had its
// first execution of this run (their arms, less what they loaded, are the
// points of this run's own prediction). Made when a key of the type first
// starts from saved statistics; under its lock.
#define KMP_MV_FRESH_VERSIONS 32 // the bits of stored_unchecked
#define KMP_MV_FRESH_KEYS 16
struct kmp_mv_fresh_t {
  kmp_mv_spin_t lock;
  int gen; // notes so far
  // The budget of looks at versions without a line (__kmp_mv_recheck_stored):
  // the clock when the first key started from saved statistics, and the
  // looks' expected cost so far (ns).
  kmp_uint64 start;
  double spent;
  int count[KMP_MV_FRESH_VERSIONS];
  kmp_mv_stats_t *keys[KMP_MV_FRESH_VERSIONS][KMP_MV_FRESH_KEYS];
};
static_assert(sizeof(kmp_mv_arm_t) == 64, "one cache line per arm");
static_assert(offsetof(kmp_mv_stats_t, key.t) == 48 &&
                  offsetof(kmp_mv_stats_t, key.narms) == 64,
              "kmp_mv_stats_t: what updates write on the first line");
static_assert(offsetof(kmp_mv_stats_t, stored_unchecked) / 64 ==
                  offsetof(kmp_mv_stats_t, mean_best) / 64,
              "kmp_mv_stats_t: a dispatch reads stored_unchecked with "
              "mean_best");
static_assert(offsetof(kmp_mv_stats_t, second_look) / 64 ==
                  offsetof(kmp_mv_stats_t, mean_best) / 64,
              "kmp_mv_stats_t: a dispatch reads second_look with mean_best");
static_assert(offsetof(kmp_mv_stats_t, chance_at) / 64 ==
                  offsetof(kmp_mv_stats_t, explored) / 64,
              "kmp_mv_stats_t: a record reads chance_at with explored");

struct kmp_mv_version_t {
  const char *name;     // owned by the runtime (copied at registration)
  const char *location; // owned by the runtime
  // The first entry registered for this slot: compared, never called (its
  // module may have been unloaded).
  kmp_routine_entry_t entry;
};

#define KMP_MV_KEY_BUCKETS 256
#define KMP_MV_TYPE_BUCKETS 64
#define KMP_MV_ENTRY_BUCKETS 1024

struct kmp_mv_type_t {
  kmp_int32 id;
  std::atomic<int> nversions; // slots registered (grows under registry lock)
  int capacity;
  // Replaced (grown) under the registry lock; old arrays are kept (reachable
  // from the new one's block) because dispatch reads them without the lock.
  std::atomic<kmp_mv_version_t *> versions;
  struct kmp_mv_versions_block_t *versions_block;
  int fixed_slot; // OMP_SELECT=fixed:<name|index>: its slot, -1 if none
  std::atomic<int> fixed_checked; // nversions when fixed_slot was looked up
  // Mean's repetition count at this type's keys, 0: the policy's
  // (OMP_MEAN_REPS). A taskloop's grain takes OMP_TASKLOOP_GRAIN_REPS. Read
  // by every dispatch (__kmp_mv_policy_of): here, beside nversions, which
  // dispatch reads too, not 2 KB away beyond keys[] on the line that the
  // knowledge counts below write.
  int mean_reps;
  // Where this run measured the versions (the re-check of stored statistics);
  // NULL until a key of the type starts from saved statistics. Beside
  // mean_reps too: a dispatch at a key with stored arms reads it first.
  mutable std::atomic<kmp_mv_fresh_t *> fresh{nullptr};
  std::atomic<kmp_mv_stats_t *> keys[KMP_MV_KEY_BUCKETS];
  std::atomic<int> nkeys; // keys created
  // What the type's predictions are made from changed: a key was created, or
  // an arm of one of its keys reached 1, 2, 4, 8, ... executions. Keys whose
  // exploration relies on predictions are predicted again when it moved.
  std::atomic<int> knowledge;
  // With buckets of costs (OMP_SELECT_COST_BUCKETS): the slope the type's
  // versions share (log time on log cost over its keys), by which a time
  // measured at a cost is brought to its bucket's; 0 until known. Written
  // when the type's keys are predicted, read at each launch with a cost.
  mutable std::atomic<double> cost_slope{0.0};
  kmp_mv_type_t *next; // registration order, and bucket chain
  kmp_mv_type_t *bucket_next;
  // Once the type has KMP_MV_INDEX_FROM keys: per version, the keys where it
  // has executions, which predictions walk instead of every key
  // (kmp_versions_registry.cpp); NULL until then.
  std::atomic<struct kmp_mv_index_t *> index{nullptr};
};

struct kmp_mv_versions_block_t {
  kmp_mv_versions_block_t *older;
  kmp_mv_version_t versions[1];
};

struct kmp_mv_entry_t {
  kmp_routine_entry_t entry;
  kmp_mv_type_t *type;
  int slot;
  kmp_mv_entry_t *next;
};

// The registry: task types by id and in registration order, and version
// entries. Registration, key growth and the writers take the lock; dispatch
// reads without it.
extern kmp_bootstrap_lock_t __kmp_mv_registry_lock;
extern kmp_mv_type_t *__kmp_mv_type_list; // under the registry lock

static inline kmp_uint64 __kmp_mv_hash(kmp_uint64 x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

// Registers type `id` with n versions named names[0..n-1], at `location`,
// that no task entry runs (choices other than multi-version tasks': a
// taskloop's grain size, kmp_grain.cpp), Mean taking mean_reps executions of
// each (0: OMP_MEAN_REPS); returns the type.
kmp_mv_type_t *__kmp_mv_register_named(kmp_int32 id, int n,
                                       const char *const *names,
                                       const char *location, int mean_reps);

// The policy type t's keys choose and record under: the process's, or a copy
// of it in *buf with t's own Mean repetition count.
static inline const kmp_mv_policy_t *__kmp_mv_policy_of(const kmp_mv_type_t *t,
                                                        kmp_mv_policy_t *buf) {
  if (t->mean_reps <= 0 || t->mean_reps == __kmp_mv_policy.mean_reps)
    return &__kmp_mv_policy;
  *buf = __kmp_mv_policy;
  buf->mean_reps = t->mean_reps;
  return buf;
}
// The buckets per doubling that type t's sizes join now
// (OMP_SELECT_COST_BUCKETS), 0 for none.
static inline int __kmp_mv_buckets_of(const kmp_mv_type_t *t) {
  if (__kmp_mv_cost_buckets >= 0)
    return __kmp_mv_cost_buckets;
  return t != NULL && t->nkeys.load(std::memory_order_relaxed) >=
                          KMP_MV_BUCKETS_AUTO_FROM
             ? KMP_MV_BUCKETS_AUTO
             : 0;
}
// The type registered as `id`, or NULL (no lock).
kmp_mv_type_t *__kmp_mv_find_type(kmp_int32 id);
// Writes the pages of the registry's tables of types and entries once
// (__kmp_mvomp_prefault), so that the first type registered later, a
// taskloop's grain type in its first execution, does not fault them in.
void __kmp_mv_registry_prefault(void);
// The entry of a launched version of type `type`; one that no unit
// registered (an ABI misuse) is registered on the fly with a warning.
kmp_mv_entry_t *__kmp_mv_entry_of(kmp_int32 type, kmp_routine_entry_t entry);
// Calls fn(t, s, arg) for every key s of every type t (of type `id` only when
// id >= 0), holding the registry lock and the key's lock: the writers of the
// files and the re-marking of keys when the policy changes.
void __kmp_mv_for_each_key(kmp_int32 id,
                           void (*fn)(kmp_mv_type_t *, kmp_mv_stats_t *,
                                      void *),
                           void *arg);
// Statistics of (type, cost, locality, cluster), created on first use.
kmp_mv_stats_t *__kmp_mv_get_stats(kmp_mv_type_t *t, kmp_int64 cost,
                                   kmp_int32 locality, kmp_int32 cluster);
// The same, or NULL when no dispatch created it yet (no lock).
kmp_mv_stats_t *__kmp_mv_find_stats(kmp_mv_type_t *t, kmp_int64 cost,
                                    kmp_int32 locality, kmp_int32 cluster);
// Makes room for every registered version of type t in s (under s->lock);
// new versions start from their saved statistics (OMP_SELECT_LOAD or the
// model store), if any.
void __kmp_mv_grow_arms(const kmp_mv_type_t *t, kmp_mv_stats_t *s, int n,
                        const kmp_mv_policy_t *policy);
// While key s (under its lock) is explored: its versions that have neither
// run nor started, nor a prediction, are predicted again from the type's
// other costs when the type has gained keys since the last prediction (the
// first costs of a run have no other costs to predict from when they start).
void __kmp_mv_predict_slow(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                           const kmp_mv_policy_t *policy);
// Whether a type's knowledge `now` moved enough since `at` (a key's last
// prediction or check) for its predictions to be made again: at every move
// while it is below KMP_MV_RELEARN_FROM, then once it grew by a
// KMP_MV_RELEARN_FRACTION-th. A type with thousands of costs learns at nearly
// every launch, and predicting each exploring key again at each move (a walk
// of the other keys and two fits, ~200,000 instructions) made a launch 800
// times dearer at 20,000 costs (docs/runtime.md); the gap between two
// predictions stays a small share of what they are made from.
#define KMP_MV_RELEARN_FROM 1024
#define KMP_MV_RELEARN_FRACTION 16
static inline bool __kmp_mv_knowledge_moved(int now, int at) {
  return now != at && (now < KMP_MV_RELEARN_FROM ||
                       now - at >= at / KMP_MV_RELEARN_FRACTION);
}
static inline void __kmp_mv_predict_again(const kmp_mv_type_t *t,
                                          kmp_mv_stats_t *s,
                                          const kmp_mv_policy_t *policy) {
  if (UNLIKELY(__kmp_mv_knowledge_moved(
          t->knowledge.load(std::memory_order_relaxed), s->predicted_at)))
    __kmp_mv_predict_slow(t, s, policy);
}
// Prediction across clusters (kmp_versions_policy.h) while key s (under its
// lock, a version measured there) explores: when another ERASE cluster's key
// of the same cost and locality has a first execution of a version in flight,
// s's versions neither run nor predicted there are marked
// KMP_MV_ORIGIN_AWAITED for the choice about to be made, which then runs a
// measured or predicted version instead. The clusters explore in turn, not
// at once: the first to reach a version measures it, and the others predict
// it from that measurement with the versions both ran (a version 60x slower
// is then not run on a slower cluster at all; run on both, it cost the
// Cholesky on the emulated big.LITTLE 1.2x its time, docs/erase.md). A
// first execution ends, so the wait is bounded. Returns the arms marked;
// __kmp_mv_await_done clears the marks after the choice.
int __kmp_mv_await_clusters(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                            const kmp_mv_policy_t *policy);
void __kmp_mv_await_done(kmp_mv_stats_t *s);
// An explored key s of type t with arms never measured there, when t's
// knowledge moved since they were last checked (under no lock): predicts them
// again and, if one is no longer eliminated, lets the key explore it.
void __kmp_mv_recheck_predicted(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                const kmp_mv_policy_t *policy);
static inline void
__kmp_mv_maybe_recheck_predicted(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                 const kmp_mv_policy_t *policy) {
  if (UNLIKELY(s->unmeasured.load(std::memory_order_relaxed) > 0) &&
      __kmp_mv_knowledge_moved(t->knowledge.load(std::memory_order_relaxed),
                               s->checked_at.load(std::memory_order_relaxed)))
    __kmp_mv_recheck_predicted(t, s, policy);
}
// Version v of key s (under its lock) had its first executions there (run,
// loaded or sent by other processes): once t indexes its keys
// (kmp_mv_type_t::index), s joins v's list.
void __kmp_mv_index_add(const kmp_mv_type_t *t, kmp_mv_stats_t *s, int v);
// The re-check of stored statistics (OMP_SELECT_STORE_RECHECK=on|off, on by
// default; docs/runtime.md, "Ageing"). A key that started from the model
// store (or OMP_SELECT_LOAD) holds, for a version not run there since, what
// an earlier run measured; if that run was disturbed (another job, a vCPU the
// host took away) or the version became faster since, Mean never runs it
// there again. When what this run measured of the version at other costs
// predicts it under the key's best and its stored mean over that
// prediction's interval (__kmp_mv_stored_stale), it runs once, as a second
// look; under the interval its stored statistics restart at that execution
// (__kmp_mv_store_recheck, kmp_versions.h). It applies to types of
// KMP_MV_RECHECK_KEYS keys (costs) or more: its lines and looks need several
// costs, and a type of one key (a taskloop's grains at one size, a kernel at
// one block size) keeps what the store says.
#define KMP_MV_RECHECK_KEYS 4

// Notes (under s->lock) that version v had its first execution of this run
// at key s (its arm has no saved statistics, or they have just been run).
void __kmp_mv_fresh_note(kmp_mv_type_t *t, kmp_mv_stats_t *s, int v);
// Execution *x of `slot` at key s (under its lock), before it is counted,
// while s has unchecked stored arms: returns true when the slot's stored
// statistics were found stale and restarted at *x (counted). Otherwise, under
// robust statistics, the slot's first execution in this run that comes in
// over its stored mean but under robust statistics' outlier ratio is cold
// (the version's first at the key in this process): *x becomes the stored
// mean, to be counted at that.
bool __kmp_mv_stored_ran(kmp_mv_type_t *t, kmp_mv_stats_t *s, int slot,
                         double *x, const kmp_mv_policy_t *policy);
// At key s (under its lock), while s has unchecked stored arms: checks them
// when this run's notes moved since the last check or the key's executions
// reached a power of two, and arms Mean's second look at one found
// contradicted (the dispatch calls it before a choice, through the test
// below).
void __kmp_mv_recheck_stored(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                             const kmp_mv_policy_t *policy);
// The same at a key's choices before it is explored (under its lock): at
// the first launch of a key that starts from saved statistics, Mean's choice
// `chosen` (a slot) is the stored best, and a stored version this run
// contradicts there would otherwise wait for the key's second launch, after
// one execution of that best (PRISE's second run after a disturbed first:
// a launch at 1.2-2x the best at each of 61 sizes, docs/benchmarks.md).
// Returns the slot to run: the look, or chosen.
int __kmp_mv_recheck_first(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                           const kmp_mv_policy_t *policy, int chosen);
// Before a choice at key s (under no lock): the check, when it is due, so that
// a look it arms is this launch's. Its tests read without the lock what the
// check reads again under it.
static inline void
__kmp_mv_maybe_recheck_stored(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                              const kmp_mv_policy_t *policy) {
  // (Not while the key explores, mean_best -1 on the same line: the check at
  // its choices then is __kmp_mv_recheck_first's, under the lock the choice
  // takes anyway.)
  if (__builtin_expect(
          __atomic_load_n(&s->stored_unchecked, __ATOMIC_RELAXED) == 0, 1) ||
      s->mean_best.load(std::memory_order_relaxed) < 0)
    return;
  const kmp_mv_fresh_t *f = t->fresh.load(std::memory_order_acquire);
  const kmp_uint64 kt = __atomic_load_n(&s->key.t, __ATOMIC_RELAXED);
  // (Due: this run's notes moved, the key's executions reached a power of
  // two, or a pending look lost its place to one of Mean's own. Types of a
  // few keys keep what the store says: kmp_versions_registry.cpp.)
  if (f == NULL ||
      (!__kmp_mv_knowledge_moved(
           __atomic_load_n(&f->gen, __ATOMIC_RELAXED),
           __atomic_load_n(&s->stored_checked_at, __ATOMIC_RELAXED)) &&
       (kt & (kt - 1)) != 0 &&
       (__atomic_load_n(&s->stored_look, __ATOMIC_RELAXED) < 0 ||
        s->second_look.load(std::memory_order_relaxed) >= 0)) ||
      t->nkeys.load(std::memory_order_relaxed) < KMP_MV_RECHECK_KEYS)
    return;
  s->lock.acquire();
  __kmp_mv_recheck_stored(t, s, policy);
  s->lock.release();
}
// Counts an execution of arm v of key s (under its lock): the type's
// knowledge moves at its n = 1, 2, 4, 8, ..., and at its first the key joins
// the version's list of keys (__kmp_mv_index_add). Knowledge is not counted
// for processes that share their statistics (kmp_mvomp_share_ranks): their
// exploration is shared out between them (kmp_mv_policy_t::explore_rank), and
// predicting again here kept every rank exploring, and exchanging, to the end
// of a run; their keys are predicted again at new keys only, as before.
static inline void __kmp_mv_learned(kmp_mv_type_t *t, kmp_mv_stats_t *s, int v,
                                    const kmp_mv_policy_t *policy) {
  const kmp_uint64 n = s->key.arms[v].n;
  if (!UNLIKELY((n & (n - 1)) == 0))
    return;
  if (policy->explore_ranks <= 1)
    t->knowledge.fetch_add(1, std::memory_order_relaxed);
  if (n == 1 && t->index.load(std::memory_order_relaxed) != NULL)
    __kmp_mv_index_add(t, s, v);
  if (n == 1 && t->fresh.load(std::memory_order_acquire) != NULL)
    __kmp_mv_fresh_note(t, s, v);
}

// The slot OMP_SELECT=fixed:<index|name> designates in type t, or -1: kept
// in the type, and looked up again (under the registry lock) only when
// versions were registered since (settings are parsed after the constructors
// register the versions).
int __kmp_mv_fixed_slot_lookup(kmp_mv_type_t *t);
static inline int __kmp_mv_fixed_slot(kmp_mv_type_t *t) {
  if (t->fixed_checked.load(std::memory_order_acquire) ==
      t->nversions.load(std::memory_order_acquire))
    return t->fixed_slot;
  return __kmp_mv_fixed_slot_lookup(t);
}

// Readies key s (under its lock) for the policy now in force and for
// statistics it did not update itself (a policy change, an import): started
// counts cover completed ones, UCB's spreads, whether it is explored, Mean's
// kept choice.
void __kmp_mv_readopt(const kmp_mv_type_t *t, kmp_mv_stats_t *s);

// Mean's second look at key s (under its lock) committed to best (-1: none):
// the arm a dispatch is to run once instead of best, or none. Under robust
// statistics, not for processes that share their statistics (each would run
// it: the ranks' statistics, merged, rest on more executions). A pending look
// at a lone execution (KMP_MV_ORIGIN_LONE: __kmp_mv_lone_look,
// __kmp_mv_second_chance), given once per version, stays until a dispatch
// takes it.
static inline void __kmp_mv_look_again(kmp_mv_stats_t *s, int best,
                                       const kmp_mv_policy_t *policy) {
  int look = best >= 0 && policy->robust && policy->explore_ranks <= 1
                 ? __kmp_mv_second_look(&s->key, best)
                 : -1;
  const int pending = s->second_look.load(std::memory_order_relaxed);
  if (look < 0 && pending >= 0 && pending < s->key.narms &&
      (s->key.arms[pending].origin & KMP_MV_ORIGIN_LONE))
    return;
  if (look != pending)
    s->second_look.store(look, std::memory_order_relaxed);
}

// Mean's look at a lone execution (OMP_SELECT_LONE_RECHECK=on|off, on by
// default; docs/runtime.md, "Choosing a policy"), at key s (under its lock)
// committed to best: a version with one execution at s, slower than best,
// whose line through its points near s's cost (within KMP_MV_RECHECK_REACH,
// at least two) predicts it faster than best and whose one execution lies
// over that line's interval, or -1 (also when the rule is off, the policy not
// Mean under robust statistics, or the process shares its statistics: its
// conditions are all here, its one caller the record of a Mean choice at
// best's doublings). That execution may be disturbed (3-50x on
// the multi-size workload), and robust statistics cannot judge a first
// execution without a second: under Mean the version never ran there again, at
// a whole size's launches. The look runs it once (once per key and version),
// and its execution is judged as any second one (__kmp_mv_first_two).
int __kmp_mv_lone_look(const kmp_mv_type_t *t, kmp_mv_stats_t *s, int best,
                       const kmp_mv_policy_t *policy);

// A lone execution's second chance (OMP_SELECT_SECOND_CHANCE=<K>|on|off, K =
// KMP_MV_SECOND_CHANCE_DEFAULT by default; docs/runtime.md, "Choosing a
// policy"), looked for by the record of an execution at key s (under its
// lock) when s's time reaches s->chance_at. For every policy that learns
// (not fixed or random) under robust statistics, not for processes that share
// their statistics. Of s's versions with one execution there (not the lowest
// mean, not running, not looked at already) the one with the lowest mean runs
// once more (s->second_look) when s's time reaches K times its excess over the
// lowest mean, what the look costs, and s is explored with no other look
// pending; once per key. That one execution may be disturbed (the process's
// cold first execution, a preemption): elimination or Mean's quota would keep
// the version out for the rest of the run. Sets s->chance_at to when to look
// again: when that is due, or when s's time has doubled if sooner (a version
// that comes to run once there, or a policy that changes), HUGE_VAL once
// given.
void __kmp_mv_second_chance(kmp_mv_stats_t *s, const kmp_mv_policy_t *policy);

// Retaking a disturbed first execution (OMP_SELECT_RETAKE=<percent>|on|off,
// KMP_MV_RETAKE_DEFAULT by default; docs/runtime.md, "Choosing a policy").
// A version's first execution at a key decides elimination, Mean's quota and
// every later choice until a second one comes, and a preemption, a page read
// from disk or a co-running job on its CPU can make it any multiple of the
// version's time; robust statistics judge an execution by the ones before it,
// and a first has none. The thread's clocks tell what the wall clock cannot
// (__kmp_mv_execution_disturbed). Whether the dispatch about to run slot at
// key s reads them around the execution: a first execution there (read
// without the lock: a count being updated is one execution old or new; under
// OMP_SELECT=fixed the arms may not have grown to slot yet).
static inline bool __kmp_mv_retake_watch(const kmp_mv_stats_t *s, int slot) {
  return UNLIKELY(__kmp_mv_retake_percent > 0) && slot < s->key.narms &&
         s->key.arms[slot].n == 0;
}
// The record (under s's lock) of an execution of slot, watched and found
// disturbed: whether it is left out, not counted and its start taken back, so
// that the policy runs the version again. Only a version's first execution at
// s, once per key and version (KMP_MV_ORIGIN_RETAKEN: the second is counted,
// disturbed or not), under robust statistics and a policy that learns (not
// fixed or random).
bool __kmp_mv_retake(kmp_mv_stats_t *s, int slot,
                     const kmp_mv_policy_t *policy);

// Records (under s->lock) that the first n arms of s are explored, with
// Mean's choice among them when the policy is Mean; n = 0 when new versions
// are not.
static inline void __kmp_mv_set_explored(kmp_mv_stats_t *s, int n,
                                         const kmp_mv_policy_t *policy) {
  const int best =
      n && policy->kind == kmp_mv_mean ? __kmp_mv_lowest_mean(&s->key) : -1;
  s->mean_best.store(best, std::memory_order_relaxed);
  __kmp_mv_look_again(s, best, policy);
  int unmeasured = 0;
  for (int i = 0; i < n; ++i)
    unmeasured += s->key.arms[i].n == 0 && s->key.arms[i].started == 0;
  if (unmeasured != s->unmeasured.load(std::memory_order_relaxed))
    s->unmeasured.store(unmeasured, std::memory_order_relaxed);
  s->explored.store(n, std::memory_order_release);
}

// stats.csv's columns (docs/runtime.md); a model store file adds ",age".
#define KMP_MV_STATS_COLUMNS                                                   \
  "type,version,name,location,cost,locality,count,mean_ns,stddev_ns,"          \
  "sum_squares_ns2,total_ns,policy,cluster,loaded,origin"

// Rows of a stats.csv or model store file, by (type, cost, locality, name,
// cluster): OMP_SELECT_LOAD's and the model store's rows that keys start
// from (__kmp_mv_saved, read-only once the store is open), and the store's
// file while it is merged at exit.
struct kmp_mv_saved_t {
  kmp_int32 type;
  kmp_int32 locality;
  kmp_int32 version; // the column: its index in the run that wrote it
  kmp_uint32 age;    // model store: runs since the version last ran
  kmp_int64 cost;
  char *name;
  char *location;
  char *cluster;
  int line;             // of the file, for the duplicate warning
  kmp_mv_saved_t *next; // hash chain
  kmp_mv_saved_t *all;  // every row, in file order
  kmp_mv_arm_t arm;     // origin: KMP_MV_ORIGIN_LOAD or _STORE
};
struct kmp_mv_rows_t {
  kmp_mv_saved_t **buckets;
  size_t nbuckets;
  size_t n;
  kmp_mv_saved_t *first, **last; // file order
};
extern kmp_mv_rows_t __kmp_mv_saved;
kmp_mv_saved_t *__kmp_mv_rows_find(const kmp_mv_rows_t *rows, kmp_int32 type,
                                   kmp_int64 cost, kmp_int32 locality,
                                   const char *name, const char *cluster);
// Adds v (allocated with KMP_INTERNAL_MALLOC, its strings with
// __kmp_str_format) to rows, which then owns it.
void __kmp_mv_rows_add(kmp_mv_rows_t *rows, kmp_mv_saved_t *v);
// Frees one row (not in a table) or every row of a table.
void __kmp_mv_row_free(kmp_mv_saved_t *v);
void __kmp_mv_rows_free(kmp_mv_rows_t *rows);

// What version `slot` of key s (of type t) started from, when it started
// from saved rows and robust statistics have not found it changed since; else
// NULL. Its count is stats.csv's loaded column.
// stats.csv's loaded column adds what other processes sent.
const kmp_mv_arm_t *__kmp_mv_loaded_arm(const kmp_mv_type_t *t,
                                        const kmp_mv_stats_t *s, int slot);
kmp_uint64 __kmp_mv_loaded_count(const kmp_mv_type_t *t,
                                 const kmp_mv_stats_t *s, int slot);

// What other processes measured (kmp_mvomp_share_import, e.g. other MPI
// ranks through libmvomp-mpi), summed over them, by (type, cost, locality,
// name, cluster): generation g is __kmp_mv_shared[g & 1]. A generation is
// read-only once published (under __kmp_mv_shared_lock) and freed two
// generations later, when every key has moved on (s->shared_gen).
extern kmp_bootstrap_lock_t __kmp_mv_shared_lock;
extern kmp_mv_rows_t __kmp_mv_shared[2];
extern std::atomic<int> __kmp_mv_shared_gen;
// What this process's exit writes to the model store (kmp_mvomp_share_store):
// 0 its own executions, 1 its own and the other processes', -1 nothing.
extern int __kmp_mv_share_store_mode;
// What other processes measured of version `slot` of key s, as the key holds
// it (generation s->shared_gen), or NULL.
const kmp_mv_arm_t *__kmp_mv_shared_arm(const kmp_mv_type_t *t,
                                        const kmp_mv_stats_t *s, int slot);
// a less part, exactly (__kmp_mv_arm_subtract), or by count only when robust
// statistics restarted a (its mean is its recent executions').
kmp_mv_arm_t __kmp_mv_arm_remove(const kmp_mv_arm_t *a,
                                 const kmp_mv_arm_t *part);
// This process's own executions of version `slot` of key s: its statistics
// less what it started from (__kmp_mv_loaded_arm) and, unless with_shared,
// what other processes sent.
kmp_mv_arm_t __kmp_mv_own_arm(const kmp_mv_type_t *t, const kmp_mv_stats_t *s,
                              int slot, bool with_shared);

// Parses the text of a stats.csv or model store file (in place) into rows,
// with origin as each arm's origin: a malformed line is a warning through w
// and skipped; a row repeating an earlier row's key is a warning (the first
// is used). Lines starting with '#' and blank lines are skipped. Returns the
// number of lines warned about.
int __kmp_mv_parse_rows(char *text, kmp_mvomp_line_warnings_t *w,
                        kmp_mv_rows_t *rows, kmp_uint32 origin);

/* ------------------------------------------------------------------------ */
/* The model store (kmp_versions_store.cpp)                                 */

// Loads what earlier runs learned into __kmp_mv_saved, once, before the first
// key is used (a dispatch calls it when its key is not in its cache), and
// arranges for this run's measurements to be merged at exit. The file itself
// is usually read earlier, when the runtime starts (__kmp_mv_env_done,
// __kmp_mv_store_preload): then the first task only hands its rows over.
extern std::atomic<int> __kmp_mv_store_opened;
void __kmp_mv_store_open_slow(void);
static inline void __kmp_mv_store_open(void) {
  if (UNLIKELY(!__kmp_mv_store_opened.load(std::memory_order_acquire)))
    __kmp_mv_store_open_slow();
}

/* ------------------------------------------------------------------------ */
/* Per-thread state and the record of a launch                              */

// The execution of a multi-version task in progress on this thread (a stack:
// a version may run another multi-version task inline).
struct kmp_mv_frame_t {
  kmp_mv_type_t *type; // the type whose version runs
  kmp_uint64 start;    // clock ticks (__kmp_mvomp_ticks)
  kmp_int64 adjust; // ns, kmp_task_stats_add/sub/delta since start or the set
  kmp_uint64 set;   // kmp_task_stats_set, valid if has_set
  int has_set;
  kmp_mv_frame_t *outer;
};

struct kmp_mv_trace_rec_t {
  kmp_uint64 start, end, time;
  kmp_int64 cost;
  kmp_routine_entry_t address;
  kmp_int32 type, slot, thread, socket, node1, node2;
};

#define KMP_MV_TRACE_CHUNK 32768
struct kmp_mv_trace_chunk_t {
  int used;
  kmp_mv_trace_chunk_t *next;
  kmp_mv_trace_rec_t recs[KMP_MV_TRACE_CHUNK];
};

struct kmp_mv_chunk_t;
struct kmp_mv_launch_t;
// The launch being defined: its carrier (version 0), the room reserved for
// its record in the carrier, where its next version block goes, and the
// chunks allocated for blocks that did not fit in the carrier. A launch
// issued while another is being defined (from a firstprivate copy
// constructor) saves the outer one in `outer` and restores it when it runs.
struct kmp_mv_pending_t {
  kmp_task_t *carrier;
  kmp_mv_launch_t *record;
  char *room;
  size_t room_left;
  kmp_mv_chunk_t *chunks; // the newest first
  kmp_mv_pending_t *outer;
};

struct kmp_mv_thread_t {
  // For the next multi-version task this thread launches.
  kmp_int64 next_cost;
  kmp_int64 next_divby; // kmp_task_reftime's (>= 1), or 0: task_cost's size
  kmp_int32 next_node1, next_node2;
  kmp_mv_frame_t *frame;
  kmp_mv_rng_t rng;
  int rng_seeded;
  kmp_mv_trace_chunk_t *trace_head, *trace_tail;
  kmp_mv_thread_t *next_traced;
  // The launch whose defines this thread is issuing (kmp_mv_pending_t).
  struct kmp_mv_pending_t pending;
  // Bytes of chunks the previous launch used: the size of the next launch's
  // first chunk.
  size_t chunk_hint;
  // The type of this thread's last launch, and the key of its last dispatch:
  // consecutive tasks of one type and cost skip the hash lookups. Types and
  // keys are never freed.
  kmp_mv_type_t *launch_type;
  kmp_mv_type_t *cache_type;
  kmp_mv_stats_t *cache_stats;
  kmp_int64 cache_cost;
  kmp_int32 cache_locality;
  kmp_int32 cache_cluster;
};

// Defined in kmp_versions_dispatch.cpp.
extern __thread kmp_mv_thread_t __kmp_mv_th
    __attribute__((tls_model("initial-exec")));

// The record of one launch, written by the launching thread (which has the
// versions in its cache: it resolves their slots) and read at dispatch. It
// lives inside the carrier's own allocation (after its privates) for up to
// KMP_MV_INLINE_VERSIONS versions, else it is allocated apart (external).
// What a dispatch reads is at the front, so that with few versions it takes
// the lines of the carrier's task and one or two more.
#define KMP_MV_INLINE_VERSIONS 8
struct kmp_mv_launch_t {
  kmp_routine_entry_t routine0; // versions[0]'s own entry and shareds: the
  void *shareds0;               // carrier's fields hold this record meanwhile
  kmp_mv_type_t *type;
  const kmp_int32 *slots; // n entries: each version's slot in its type
  kmp_int32 n;
  kmp_int8 external; // the record was allocated apart
  kmp_int8 release;  // some version 1..n-1 has destructors to run
  // Launched by an execution of a version of the same type (recursion): its
  // choice does not apply one probe at a time (kmp_mv_policy_t::within_type).
  kmp_int8 within_type;
  kmp_int64 cost;
  // What the measured time is divided by before it is recorded: the divBy of
  // kmp_task_reftime, or a bucket's divisor (__kmp_mv_bucket_divisor); 1.
  double divby;
  kmp_int32 node1, node2;
  kmp_mv_chunk_t *chunks; // freed when the task has run
  kmp_task_t **versions;  // n entries: inline_versions, or after the record
  kmp_task_t *inline_versions[KMP_MV_INLINE_VERSIONS];
  kmp_int32 inline_slots[KMP_MV_INLINE_VERSIONS];
};

#define KMP_MV_CHUNK_MIN 1024
struct kmp_mv_chunk_t {
  kmp_mv_chunk_t *next;
  size_t size;  // bytes for blocks after this header
  char pad[48]; // blocks that follow stay 64-byte aligned
};
static_assert(sizeof(kmp_mv_chunk_t) == 64, "kmp_task_t alignment");

// Slots 0, 1, 2, ...: the slots of a launch that passes its type's versions
// in registration order (the usual case), shared instead of stored.
struct kmp_mv_identity_t {
  kmp_int32 slots[256];
  constexpr kmp_mv_identity_t() : slots() {
    for (int i = 0; i < 256; ++i)
      slots[i] = i;
  }
};
inline constexpr kmp_mv_identity_t __kmp_mv_identity;

// Runs the destructors of a version's firstprivate copies (its memory goes
// with the carrier or the launch's chunks).
static inline void __kmp_mv_release_version(kmp_int32 gtid, kmp_task_t *task) {
  if (task->data1.destructors)
    task->data1.destructors(gtid, task);
}

// Frees what the runtime allocated for a launch: the chunks of its version
// blocks and, with many versions, its record.
static inline void __kmp_mv_free_launch(kmp_int32 gtid, kmp_mv_launch_t *run) {
  if (run->chunks == NULL && !run->external)
    return; // all in the carrier
  kmp_info_t *thread = __kmp_threads[gtid];
  for (kmp_mv_chunk_t *c = run->chunks, *next; c != NULL; c = next) {
    next = c->next;
    __kmp_fast_free(thread, c);
  }
  if (run->external)
    __kmp_fast_free(thread, run);
}

// The carrier's routine while a launch is pending (kmp_versions_dispatch.cpp):
// chooses, runs and times the version.
kmp_int32 __kmp_mv_dispatch(kmp_int32 gtid, void *ptask);

// For other choices made with the same machinery (a taskloop's grain size,
// kmp_grain.cpp): the slot the policy chooses for one execution of key
// `stats` among all of its type's versions, and the record of that
// execution (x ns), exactly as a multi-version task's
// (kmp_versions_dispatch.cpp).
int __kmp_mv_choose_arm(kmp_mv_type_t *type, kmp_mv_stats_t *stats,
                        kmp_int32 gtid);
void __kmp_mv_record_arm(kmp_mv_type_t *type, kmp_mv_stats_t *stats, int slot,
                         double x);
// A choice of __kmp_mv_choose_arm whose execution will not be recorded: its
// start is taken back (__kmp_mv_unstart), so that the slot is chosen again.
void __kmp_mv_abandon_arm(kmp_mv_type_t *type, kmp_mv_stats_t *stats,
                          int slot);

// Records one traced execution in th's trace (kmp_versions_io.cpp).
void __kmp_mv_trace(kmp_mv_thread_t *th, const kmp_mv_launch_t *run,
                    kmp_routine_entry_t address, int slot, kmp_int32 gtid,
                    kmp_uint64 start, kmp_uint64 end, kmp_uint64 time);

#endif // KMP_VERSIONS_INTERNAL_H

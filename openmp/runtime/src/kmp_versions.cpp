/*
 * kmp_versions.cpp -- MVOMP multi-version tasks: registry of task types and
 * versions, launch, selection at dispatch, statistics, the task API of
 * mvomp.h, stats.csv and trace.csv. See kmp_versions.h, docs/abi.md and
 * docs/runtime.md.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_versions.h"
#include "kmp_erase.h"
#include "kmp_mvomp.h"
#include "kmp_lock.h"
#include "mvomp.h"

#include <atomic>
#include <errno.h>
#include <math.h>
#include <new>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#if KMP_USE_HWLOC
#include <hwloc.h>
#endif

/* ------------------------------------------------------------------------ */
/* Settings                                                                 */

kmp_mv_policy_t __kmp_mv_policy = {kmp_mv_mean, KMP_MV_DEFAULT_MEAN_REPS,
                                   KMP_MV_DEFAULT_UCB_K,
                                   KMP_MV_DEFAULT_GB_ALPHA, -1};
char *__kmp_mv_fixed_name = NULL;
int __kmp_mv_fixed_index = -1;
kmp_uint64 __kmp_mv_seed = 0;
int __kmp_mv_seed_set = 0;
char *__kmp_mv_stats_path = NULL;
char *__kmp_mv_trace_path = NULL;
char *__kmp_mv_load_path = NULL;
int __kmp_mv_tracing = 0;

// Time. Executions are timed with the TSC where libomp itself relies on it
// (x86, for its blocktime: calibrated at initialisation, __kmp_ticks_per_msec),
// since reading it costs a few nanoseconds; elsewhere with CLOCK_MONOTONIC.
#if KMP_OS_UNIX && (KMP_ARCH_X86 || KMP_ARCH_X86_64)
static inline kmp_uint64 __kmp_mv_ticks(void) { return __builtin_ia32_rdtsc(); }
static double __kmp_mv_tick_ns = 0; // set once libomp has calibrated the TSC
static inline double __kmp_mv_ns_per_tick(void) {
  if (UNLIKELY(__kmp_mv_tick_ns == 0))
    __kmp_mv_tick_ns = 1e6 / (double)__kmp_ticks_per_msec;
  return __kmp_mv_tick_ns;
}
#else
static inline kmp_uint64 __kmp_mv_ticks(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (kmp_uint64)ts.tv_sec * 1000000000ULL + (kmp_uint64)ts.tv_nsec;
}
static inline double __kmp_mv_ns_per_tick(void) { return 1.0; }
#endif

// Now in nanoseconds on the runtime's clock (kmp_task_stats_time()).
static kmp_uint64 __kmp_mv_now_ns(void) {
  if (UNLIKELY(!TCR_4(__kmp_init_serial)))
    __kmp_serial_initialize(); // the TSC is calibrated there
  return (kmp_uint64)((double)__kmp_mv_ticks() * __kmp_mv_ns_per_tick());
}

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
/* Registry: task types, their versions, and entry -> (type, slot)          */

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
  kmp_mv_stats_t *next; // bucket chain (insert-only, lock-free reads)
  int capacity; // allocated entries of key.arms
  kmp_mv_spin_t lock;
  char pad[8];
  kmp_mv_key_t key; // t and sum end the first line
  // Versions 0..explored-1 have the policy's quota of executions
  // (kmp_mv_explored): a dispatch of a type with no more versions than that
  // chooses without the lock. Stored under the lock, after key.arms.
  std::atomic<int> explored{0};
  // With OMP_SELECT=mean, once explored: Mean's choice among all the arms
  // (kmp_mv_lowest_mean), kept by every update, so that a launch of all the
  // type's versions chooses by reading it; -1 until then, and under another
  // policy (__kmp_mv_policy_changed sets or drops it when kmp_set_defaults
  // changes the policy). Stored under the lock, and only when it changes (the
  // line stays shared between readers).
  std::atomic<int> mean_best{-1};
};
static_assert(sizeof(kmp_mv_arm_t) == 64, "one cache line per arm");
static_assert(offsetof(kmp_mv_stats_t, key.t) == 48 &&
                  offsetof(kmp_mv_stats_t, key.narms) == 64,
              "kmp_mv_stats_t: what updates write on the first line");

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
  int fixed_slot;    // OMP_SELECT=fixed:<name|index>: its slot, -1 if none
  std::atomic<int> fixed_checked; // nversions when fixed_slot was looked up
  std::atomic<kmp_mv_stats_t *> keys[KMP_MV_KEY_BUCKETS];
  kmp_mv_type_t *next; // registration order, and bucket chain
  kmp_mv_type_t *bucket_next;
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

static kmp_bootstrap_lock_t __kmp_mv_registry_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_mv_registry_lock);
static std::atomic<kmp_mv_type_t *> __kmp_mv_types[KMP_MV_TYPE_BUCKETS];
static kmp_mv_type_t *__kmp_mv_type_list = NULL; // under the registry lock
static kmp_mv_type_t **__kmp_mv_type_tail = &__kmp_mv_type_list;
static std::atomic<kmp_mv_entry_t *> __kmp_mv_entries[KMP_MV_ENTRY_BUCKETS];

static inline kmp_uint64 __kmp_mv_hash(kmp_uint64 x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

static kmp_mv_type_t *__kmp_mv_find_type(kmp_int32 id) {
  kmp_mv_type_t *t =
      __kmp_mv_types[__kmp_mv_hash((kmp_uint32)id) % KMP_MV_TYPE_BUCKETS].load(
          std::memory_order_acquire);
  while (t && t->id != id)
    t = t->bucket_next;
  return t;
}

// Under the registry lock.
static kmp_mv_type_t *__kmp_mv_get_type_locked(kmp_int32 id) {
  kmp_mv_type_t *t = __kmp_mv_find_type(id);
  if (t)
    return t;
  t = (kmp_mv_type_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_type_t));
  new (t) kmp_mv_type_t();
  t->id = id;
  t->nversions.store(0, std::memory_order_relaxed);
  t->capacity = 0;
  t->versions.store(NULL, std::memory_order_relaxed);
  t->versions_block = NULL;
  t->fixed_slot = -1;
  t->fixed_checked.store(0, std::memory_order_relaxed);
  for (int i = 0; i < KMP_MV_KEY_BUCKETS; ++i)
    t->keys[i].store(NULL, std::memory_order_relaxed);
  t->next = NULL;
  std::atomic<kmp_mv_type_t *> &head =
      __kmp_mv_types[__kmp_mv_hash((kmp_uint32)id) % KMP_MV_TYPE_BUCKETS];
  t->bucket_next = head.load(std::memory_order_relaxed);
  head.store(t, std::memory_order_release);
  *__kmp_mv_type_tail = t;
  __kmp_mv_type_tail = &t->next;
  return t;
}

// Slot of `name` in type t, appended if new. Under the registry lock.
static int __kmp_mv_slot_locked(kmp_mv_type_t *t, const char *name,
                                const char *location,
                                kmp_routine_entry_t entry) {
  int n = t->nversions.load(std::memory_order_relaxed);
  kmp_mv_version_t *vs = t->versions.load(std::memory_order_relaxed);
  for (int i = 0; i < n; ++i)
    if (strcmp(vs[i].name, name) == 0)
      return i;
  if (n == t->capacity) {
    int cap = t->capacity ? 2 * t->capacity : 8;
    kmp_mv_versions_block_t *b = (kmp_mv_versions_block_t *)KMP_INTERNAL_MALLOC(
        sizeof(kmp_mv_versions_block_t) + (cap - 1) * sizeof(kmp_mv_version_t));
    b->older = t->versions_block;
    t->versions_block = b;
    kmp_mv_version_t *v = b->versions;
    if (n)
      memcpy(v, vs, n * sizeof(kmp_mv_version_t));
    t->versions.store(v, std::memory_order_release);
    t->capacity = cap;
    vs = v;
  }
  // Copies: the strings belong to the registering module, which may be a
  // shared library that is unloaded (dlclose) while the statistics, the
  // trace and OMP_SELECT=fixed:<name> still need the names.
  vs[n].name = __kmp_str_format("%s", name);
  vs[n].location = __kmp_str_format("%s", location ? location : "");
  vs[n].entry = entry;
  t->nversions.store(n + 1, std::memory_order_release);
  return n;
}

static inline std::atomic<kmp_mv_entry_t *> &
__kmp_mv_entry_bucket(kmp_routine_entry_t entry, kmp_int32 type) {
  return __kmp_mv_entries[__kmp_mv_hash((kmp_uint64)(kmp_uintptr_t)entry ^
                                        ((kmp_uint64)(kmp_uint32)type << 48)) %
                          KMP_MV_ENTRY_BUCKETS];
}

// The slot of a version entry in a type (an entry may serve several types).
static kmp_mv_entry_t *__kmp_mv_find_entry(kmp_routine_entry_t entry,
                                           kmp_int32 type) {
  kmp_mv_entry_t *e =
      __kmp_mv_entry_bucket(entry, type).load(std::memory_order_acquire);
  while (e && (e->entry != entry || e->type->id != type))
    e = e->next;
  return e;
}

// Under the registry lock.
static kmp_mv_entry_t *__kmp_mv_add_entry_locked(kmp_routine_entry_t entry,
                                                 kmp_mv_type_t *t, int slot) {
  kmp_mv_entry_t *e = __kmp_mv_find_entry(entry, t->id);
  if (e)
    return e;
  e = (kmp_mv_entry_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_entry_t));
  e->entry = entry;
  e->type = t;
  e->slot = slot;
  std::atomic<kmp_mv_entry_t *> &head = __kmp_mv_entry_bucket(entry, t->id);
  e->next = head.load(std::memory_order_relaxed);
  head.store(e, std::memory_order_release);
  return e;
}

void __kmpc_task_versions_register(ident_t *loc, kmp_int32 type, kmp_int32 n,
                                   const kmp_task_version_desc_t *descs) {
  if (n <= 0 || descs == NULL)
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  kmp_mv_type_t *t = __kmp_mv_get_type_locked(type);
  for (int i = 0; i < n; ++i) {
    const char *name = descs[i].name ? descs[i].name : "";
    // Two versions of one unit with the same name (two calls of one function
    // with different arguments) stay distinct: the k-th gets "#k".
    int same = 0;
    for (int j = 0; j < i; ++j)
      same += descs[j].entry != descs[i].entry &&
              strcmp(descs[j].name ? descs[j].name : "", name) == 0;
    char *unique = same > 0 ? __kmp_str_format("%s#%d", name, same + 1) : NULL;
    if (unique)
      name = unique;
    kmp_mv_entry_t *e = __kmp_mv_find_entry(descs[i].entry, type);
    if (e == NULL) {
      int slot =
          __kmp_mv_slot_locked(t, name, descs[i].location, descs[i].entry);
      __kmp_mv_add_entry_locked(descs[i].entry, t, slot);
    } else {
      kmp_mv_version_t *vs = t->versions.load(std::memory_order_relaxed);
      if (strcmp(vs[e->slot].name, name) != 0) {
        // The address belonged to a module that was unloaded (dlclose) and
        // now holds another version: it maps to that version from now on.
        if (vs[e->slot].entry == descs[i].entry)
          TCW_PTR(vs[e->slot].entry, NULL);
        e->slot =
            __kmp_mv_slot_locked(t, name, descs[i].location, descs[i].entry);
      } // else the same unit loaded twice: one version
    }
    __kmp_str_free(&unique); // the slot keeps a copy
  }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
}

// The entry of a launched version that no unit registered (an ABI misuse):
// registered on the fly under a name made of its address, with a warning.
static kmp_mv_entry_t *__kmp_mv_entry_of(kmp_int32 type,
                                         kmp_routine_entry_t entry) {
  kmp_mv_entry_t *e = __kmp_mv_find_entry(entry, type);
  if (e != NULL)
    return e;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  e = __kmp_mv_find_entry(entry, type);
  if (e == NULL) {
    char name[32];
    snprintf(name, sizeof(name), "entry@%p", (void *)entry);
    __kmp_mvomp_warn("MVOMP",
                     "task type %d launched a version that was not registered "
                     "(%s); it is counted as a version of its own",
                     (int)type, name);
    kmp_mv_type_t *t = __kmp_mv_get_type_locked(type);
    e = __kmp_mv_add_entry_locked(entry, t,
                                  __kmp_mv_slot_locked(t, name, "", entry));
  }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  return e;
}

// Statistics of (type, cost, locality, cluster), created on first use.
static kmp_mv_stats_t *__kmp_mv_get_stats(kmp_mv_type_t *t, kmp_int64 cost,
                                          kmp_int32 locality,
                                          kmp_int32 cluster) {
  std::atomic<kmp_mv_stats_t *> &head =
      t->keys[__kmp_mv_hash((kmp_uint64)cost * 8 + (kmp_uint64)(locality + 1) +
                            ((kmp_uint64)(cluster + 1) << 56)) %
              KMP_MV_KEY_BUCKETS];
  kmp_mv_stats_t *first = head.load(std::memory_order_acquire);
  for (kmp_mv_stats_t *s = first; s; s = s->next)
    if (s->cost == cost && s->locality == locality && s->cluster == cluster)
      return s;
  kmp_mv_stats_t *s = (kmp_mv_stats_t *)__kmp_allocate(sizeof(*s));
  new (s) kmp_mv_stats_t(); // zeroed: no arms yet
  s->cost = cost;
  s->locality = locality;
  s->cluster = cluster;
  // Lock-free insert: retry when another thread pushed first, looking only
  // at what it pushed.
  for (;;) {
    s->next = first;
    if (head.compare_exchange_weak(first, s, std::memory_order_release,
                                   std::memory_order_acquire))
      return s;
    for (kmp_mv_stats_t *o = first; o != s->next; o = o->next)
      if (o->cost == cost && o->locality == locality && o->cluster == cluster) {
        __kmp_free(s);
        return o;
      }
  }
}

/* ------------------------------------------------------------------------ */
/* OMP_SELECT_LOAD: the statistics of a previous run as a starting point    */

struct kmp_mv_saved_t {
  kmp_int32 type;
  kmp_int32 locality;
  kmp_int64 cost;
  char *name;
  char *cluster;
  int line;             // of the file, for the duplicate warning
  kmp_mv_saved_t *next; // hash chain
  kmp_mv_arm_t arm;
};
// Loaded rows in a hash table by (type, cost, locality, name, cluster), so
// that loading and looking up stay linear in the file's size: the table
// doubles when it holds twice as many rows as buckets. Read-only once loaded.
static kmp_mv_saved_t **__kmp_mv_saved = NULL;
static size_t __kmp_mv_saved_buckets = 0, __kmp_mv_nsaved = 0;

static kmp_uint64 __kmp_mv_saved_hash(kmp_int32 type, kmp_int64 cost,
                                      kmp_int32 locality, const char *name,
                                      const char *cluster) {
  kmp_uint64 h =
      __kmp_mv_hash((kmp_uint64)(kmp_uint32)type ^ ((kmp_uint64)cost * 31) ^
                    ((kmp_uint64)(kmp_uint32)locality << 40));
  for (const char *p = name; *p; ++p)
    h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
  for (const char *p = cluster; *p; ++p)
    h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
  return __kmp_mv_hash(h);
}

static kmp_mv_saved_t **__kmp_mv_saved_bucket(const kmp_mv_saved_t *v) {
  return &__kmp_mv_saved[__kmp_mv_saved_hash(v->type, v->cost, v->locality,
                                             v->name, v->cluster) %
                         __kmp_mv_saved_buckets];
}

static void __kmp_mv_add_saved(kmp_mv_saved_t *v) {
  if (__kmp_mv_nsaved >= 2 * __kmp_mv_saved_buckets) {
    kmp_mv_saved_t **old = __kmp_mv_saved;
    size_t nold = __kmp_mv_saved_buckets;
    __kmp_mv_saved_buckets = nold ? 2 * nold : 1024;
    __kmp_mv_saved = (kmp_mv_saved_t **)KMP_INTERNAL_MALLOC(
        __kmp_mv_saved_buckets * sizeof(kmp_mv_saved_t *));
    memset(__kmp_mv_saved, 0,
           __kmp_mv_saved_buckets * sizeof(kmp_mv_saved_t *));
    for (size_t b = 0; b < nold; ++b)
      for (kmp_mv_saved_t *r = old[b], *next; r; r = next) {
        next = r->next;
        kmp_mv_saved_t **head = __kmp_mv_saved_bucket(r);
        r->next = *head;
        *head = r;
      }
    KMP_INTERNAL_FREE(old);
  }
  kmp_mv_saved_t **head = __kmp_mv_saved_bucket(v);
  v->next = *head;
  *head = v;
  ++__kmp_mv_nsaved;
}

static kmp_mv_saved_t *__kmp_mv_find_saved(kmp_int32 type, kmp_int64 cost,
                                           kmp_int32 locality, const char *name,
                                           const char *cluster) {
  if (__kmp_mv_saved_buckets == 0)
    return NULL;
  kmp_mv_saved_t *v =
      __kmp_mv_saved[__kmp_mv_saved_hash(type, cost, locality, name, cluster) %
                     __kmp_mv_saved_buckets];
  while (v && !(v->type == type && v->cost == cost && v->locality == locality &&
                strcmp(v->name, name) == 0 && strcmp(v->cluster, cluster) == 0))
    v = v->next;
  return v;
}

// Reads a stats.csv written by an earlier run (once, at initialisation,
// before any task runs). A file that cannot be read, or a malformed line, is a
// warning naming the file and line (the first few; then a count); the other
// lines are used. Blank lines are skipped. A row that repeats the key of an
// earlier row with other numbers is a warning; the first is used.
void __kmp_mv_load_stats(const char *path) {
  char *text = __kmp_mvomp_read_file("OMP_SELECT_LOAD", path,
                                     "starting without saved statistics");
  if (text == NULL)
    return;
  kmp_mvomp_line_warnings_t warnings = {"MVOMP", "OMP_SELECT_LOAD", path, 0};
  int lineno = 0;
  for (char *line = text, *next; *line != '\0'; line = next) {
    next = strchr(line, '\n');
    if (next != NULL)
      *next++ = '\0';
    else
      next = line + strlen(line);
    ++lineno;
    if (line[strspn(line, " \t\r")] == '\0')
      continue; // a blank line
    if (lineno == 1 && strncmp(line, "type,", 5) == 0)
      continue; // the header
    kmp_mv_stats_row_t row;
    const char *error = kmp_mv_parse_stats_row(line, &row);
    if (error != NULL) {
      __kmp_mvomp_line_warning(&warnings, lineno, "%s; line skipped", error);
      continue;
    }
    if (row.count == 0)
      continue;
    kmp_mv_saved_t *old = __kmp_mv_find_saved(row.type, row.cost, row.locality,
                                              row.name, row.cluster);
    if (old != NULL) {
      kmp_mv_arm_t arm;
      kmp_mv_arm_from_row(&arm, &row);
      if (arm.n != old->arm.n || arm.mean != old->arm.mean ||
          arm.m2 != old->arm.m2)
        __kmp_mvomp_line_warning(&warnings, lineno,
                                 "repeats the key of line %d (type %d, "
                                 "version \"%s\", cost %lld, locality %d) "
                                 "with other numbers; line %d is used",
                                 old->line, row.type, row.name,
                                 (long long)row.cost, row.locality, old->line);
      continue;
    }
    kmp_mv_saved_t *v =
        (kmp_mv_saved_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_saved_t));
    v->type = row.type;
    v->locality = row.locality;
    v->cost = row.cost;
    v->name = __kmp_str_format("%s", row.name);
    v->cluster = __kmp_str_format("%s", row.cluster);
    v->line = lineno;
    kmp_mv_arm_from_row(&v->arm, &row);
    __kmp_mv_add_saved(v);
  }
  __kmp_mvomp_line_warnings_done(&warnings);
  __kmp_str_free(&text);
}

// The saved statistics of version `slot` of key s of type t, or NULL.
static const kmp_mv_arm_t *
__kmp_mv_saved_arm(const kmp_mv_type_t *t, const kmp_mv_stats_t *s, int slot) {
  const kmp_mv_saved_t *v = __kmp_mv_find_saved(
      t->id, s->cost, s->locality,
      t->versions.load(std::memory_order_acquire)[slot].name,
      __kmp_erase_cluster_name(s->cluster));
  return v ? &v->arm : NULL;
}

// Records (under s->lock) that the first n arms of s are explored, with
// Mean's choice among them when the policy is Mean; n = 0 when new versions
// are not.
static void __kmp_mv_set_explored(kmp_mv_stats_t *s, int n,
                                  const kmp_mv_policy_t *policy) {
  s->mean_best.store(
      n && policy->kind == kmp_mv_mean ? kmp_mv_lowest_mean(&s->key) : -1,
      std::memory_order_relaxed);
  s->explored.store(n, std::memory_order_release);
}

void __kmp_mv_policy_changed(void) {
  // Before initialisation no task has run (kmp_set_defaults initialises
  // first); the environment's first parse must not take the registry lock.
  if (!TCR_4(__kmp_init_serial))
    return;
  // A key explored under a smaller quota explores again (under the lock, by
  // started counts); one the new quota finds explored chooses without the
  // lock; Mean's kept choice is found again, or dropped under another policy.
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  for (kmp_mv_type_t *t = __kmp_mv_type_list; t; t = t->next)
    for (int b = 0; b < KMP_MV_KEY_BUCKETS; ++b)
      for (kmp_mv_stats_t *s = t->keys[b].load(std::memory_order_acquire); s;
           s = s->next) {
        s->lock.acquire();
        kmp_mv_adopt(&__kmp_mv_policy, &s->key);
        __kmp_mv_set_explored(
            s, kmp_mv_explored(&__kmp_mv_policy, &s->key) ? s->key.narms : 0,
            &__kmp_mv_policy);
        s->lock.release();
      }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
}

// Makes room for every registered version of type t in s (under s->lock);
// new versions start from their saved statistics (OMP_SELECT_LOAD), if any.
static void __kmp_mv_grow_arms(const kmp_mv_type_t *t, kmp_mv_stats_t *s, int n,
                               const kmp_mv_policy_t *policy) {
  if (n <= s->key.narms)
    return;
  if (n > s->capacity) {
    int cap = n < 4 ? 4 : n;
    kmp_mv_arms_block_t *b = (kmp_mv_arms_block_t *)__kmp_allocate(
        sizeof(kmp_mv_arms_block_t) + (cap - 1) * sizeof(kmp_mv_arm_t));
    b->older = s->block;
    if (s->key.narms)
      memcpy(b->arms, s->key.arms, s->key.narms * sizeof(kmp_mv_arm_t));
    s->block = b;
    s->key.arms = b->arms;
    s->capacity = cap;
  }
  memset(&s->key.arms[s->key.narms], 0,
         (n - s->key.narms) * sizeof(kmp_mv_arm_t));
  bool loaded = false;
  for (int i = s->key.narms; i < n && __kmp_mv_nsaved > 0; ++i) {
    const kmp_mv_arm_t *saved = __kmp_mv_saved_arm(t, s, i);
    if (saved != NULL) {
      s->key.arms[i] = *saved;
      s->key.t += saved->n;
      s->key.sum += saved->mean * (double)saved->n;
      loaded = true;
    }
  }
  s->key.narms = n;
  // The new versions are not explored, unless what was loaded explores them.
  __kmp_mv_set_explored(s, loaded && kmp_mv_explored(policy, &s->key) ? n : 0,
                        policy);
}

/* ------------------------------------------------------------------------ */
/* Per-thread state                                                         */

// The execution of a multi-version task in progress on this thread (a stack:
// a version may run another multi-version task inline).
struct kmp_mv_frame_t {
  kmp_uint64 start; // clock ticks (__kmp_mv_ticks)
  kmp_int64 adjust; // ns, kmp_task_stats_add/sub/delta since start or the set
  kmp_uint64 set; // kmp_task_stats_set, valid if has_set
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
  kmp_int64 next_divby;
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

static __thread kmp_mv_thread_t __kmp_mv_th
    __attribute__((tls_model("initial-exec"))) = {0, 1, -1, -1, NULL,
                                                  {{0, 0, 0, 0}}, 0, NULL,
                                                  NULL, NULL};

static kmp_mv_thread_t *__kmp_mv_traced_threads = NULL; // registry lock
static kmp_uint64 __kmp_mv_epoch = 0; // ticks; trace times count from it

/* ------------------------------------------------------------------------ */
/* Topology: NUMA node and socket of a CPU, NUMA node of an address         */

struct kmp_mv_cpu_t {
  kmp_int32 node, socket;
};
static kmp_mv_cpu_t *__kmp_mv_cpus = NULL;
static int __kmp_mv_ncpus = 0;
static std::atomic<int> __kmp_mv_topology_ready{0};

static void __kmp_mv_init_topology(void) {
  if (__kmp_mv_topology_ready.load(std::memory_order_acquire))
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  if (!__kmp_mv_topology_ready.load(std::memory_order_relaxed)) {
    int n = (int)sysconf(_SC_NPROCESSORS_CONF);
    if (n < 1)
      n = 1;
    kmp_mv_cpu_t *cpus =
        (kmp_mv_cpu_t *)KMP_INTERNAL_MALLOC(n * sizeof(kmp_mv_cpu_t));
    memset(cpus, 0, n * sizeof(kmp_mv_cpu_t));
#if KMP_USE_HWLOC
    hwloc_topology_t topo;
    bool inited = hwloc_topology_init(&topo) == 0;
    if (inited && hwloc_topology_load(topo) == 0) {
      int depth = hwloc_get_type_depth(topo, HWLOC_OBJ_PU);
      unsigned npu = hwloc_get_nbobjs_by_depth(topo, depth);
      for (unsigned i = 0; i < npu; ++i) {
        hwloc_obj_t pu = hwloc_get_obj_by_depth(topo, depth, i);
        if ((int)pu->os_index >= n)
          continue;
        hwloc_obj_t pkg =
            hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, pu);
        cpus[pu->os_index].socket = pkg ? (kmp_int32)pkg->os_index : 0;
        hwloc_obj_t node = NULL;
        while ((node = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE,
                                                  node)) != NULL)
          if (hwloc_bitmap_isset(node->cpuset, pu->os_index))
            cpus[pu->os_index].node = (kmp_int32)node->os_index;
      }
    }
    if (inited)
      hwloc_topology_destroy(topo);
#endif
    __kmp_mv_cpus = cpus;
    __kmp_mv_ncpus = n;
    __kmp_mv_topology_ready.store(1, std::memory_order_release);
  }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
}

static kmp_mv_cpu_t __kmp_mv_this_cpu(void) {
  __kmp_mv_init_topology();
  int cpu = sched_getcpu();
  kmp_mv_cpu_t none = {0, 0};
  return cpu >= 0 && cpu < __kmp_mv_ncpus ? __kmp_mv_cpus[cpu] : none;
}

// NUMA node of the page holding p (get_mempolicy: no libnuma needed), or -1.
static kmp_int32 __kmp_mv_node_of(void *p) {
#if KMP_OS_LINUX && defined(SYS_get_mempolicy)
  int node = -1;
  const unsigned long MPOL_F_NODE = 1, MPOL_F_ADDR = 2;
  if (p && syscall(SYS_get_mempolicy, &node, NULL, 0UL, p,
                   MPOL_F_NODE | MPOL_F_ADDR) == 0)
    return node;
  if (p)
    return 0; // no NUMA support in the kernel: one node
#endif
  return -1;
}

/* ------------------------------------------------------------------------ */
/* Launch and dispatch                                                      */

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
  kmp_int16 external; // the record was allocated apart
  kmp_int16 release;  // some version 1..n-1 has destructors to run
  kmp_int64 cost;
  kmp_int64 divby;
  kmp_int32 node1, node2;
  kmp_mv_chunk_t *chunks; // freed when the task has run
  kmp_task_t **versions;  // n entries: inline_versions, or after the record
  kmp_task_t *inline_versions[KMP_MV_INLINE_VERSIONS];
  kmp_int32 inline_slots[KMP_MV_INLINE_VERSIONS];
};

// Versions 1..n-1 of a launch are not libomp tasks: each is a block holding
// a kmp_task_t, its privates and its shareds, laid out as __kmp_task_alloc
// lays out a task, so that the version's entry runs on it unchanged; blocks
// start on 64-byte boundaries, as kmp_task_t does in a task. They are carved
// from room reserved in the carrier's allocation while it lasts, then from
// chunks allocated for the launch (the first sized by the thread's previous
// launch), so that a launch allocates and frees at most a few times however
// many versions it has, and the thread that runs it frees no block one by one.
#define KMP_MV_INLINE_ARENA 512 // the least room reserved in a carrier
// libomp's task allocator (__kmp_fast_allocate) hands out blocks of 2, 4, 16
// or 64 lines of 128 bytes: the carrier's room extends to the end of the
// block it gets anyway.
static size_t __kmp_mv_carrier_room(size_t used) {
  size_t want = used + KMP_MV_INLINE_ARENA;
  size_t block = want <= 2048 ? 2048 : want <= 8192 ? 8192 : want;
  return block - used;
}
#define KMP_MV_CHUNK_MIN 1024
struct kmp_mv_chunk_t {
  kmp_mv_chunk_t *next;
  size_t size; // bytes for blocks after this header
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
static constexpr kmp_mv_identity_t __kmp_mv_identity;

static inline size_t __kmp_mv_round(size_t x, size_t a) {
  return (x + a - 1) & ~(a - 1);
}

// The carrier (version 0): an ordinary task, with room after its privates
// for the launch record and the other versions' blocks (kmp_task_t is 64-byte
// aligned in a task, so 64-byte offsets from it stay aligned).
static __attribute__((noinline)) kmp_task_t *
__kmp_mv_alloc_carrier(ident_t *loc, kmp_int32 gtid, kmp_int32 flags,
                       size_t sizeof_kmp_task_t, size_t sizeof_shareds,
                       kmp_routine_entry_t entry) {
  kmp_mv_pending_t *p = &__kmp_mv_th.pending;
  size_t rec = __kmp_mv_round(sizeof_kmp_task_t, 8);
  size_t arena = __kmp_mv_round(rec + sizeof(kmp_mv_launch_t), 64);
  size_t room = __kmp_mv_carrier_room(sizeof(kmp_taskdata_t) + arena +
                                      __kmp_mv_round(sizeof_shareds, 8));
  kmp_task_t *task = __kmpc_omp_task_alloc(loc, gtid, flags, arena + room,
                                           sizeof_shareds, entry);
  if (UNLIKELY(p->carrier != NULL)) { // a launch inside another's defines
    kmp_mv_pending_t *outer =
        (kmp_mv_pending_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_pending_t));
    *outer = *p;
    p->outer = outer;
    p->chunks = NULL;
  }
  p->carrier = task;
  p->record = (kmp_mv_launch_t *)((char *)task + rec);
  p->room = (char *)task + arena;
  p->room_left = room;
  return task;
}

// Carves a version block of `size` bytes from the pending launch's room.
static inline kmp_task_t *__kmp_mv_carve(kmp_mv_pending_t *p, size_t size,
                                         size_t shareds_offset,
                                         size_t sizeof_shareds,
                                         kmp_routine_entry_t entry) {
  kmp_task_t *task = (kmp_task_t *)p->room;
  p->room += size;
  p->room_left -= size;
  task->shareds = sizeof_shareds ? (char *)task + shareds_offset : NULL;
  task->routine = entry;
  task->part_id = 0;
  task->data1.destructors = NULL; // set by the define when it has some
  task->data2.priority = 0;
  return task;
}

// The same from a new chunk, at least size bytes: the first chunk of a launch
// as large as the previous launch needed, the next ones twice the last.
static __attribute__((noinline)) kmp_task_t *
__kmp_mv_carve_new_chunk(kmp_int32 gtid, kmp_mv_pending_t *p, size_t size,
                         size_t shareds_offset, size_t sizeof_shareds,
                         kmp_routine_entry_t entry) {
  size_t want = p->chunks ? 2 * p->chunks->size : __kmp_mv_th.chunk_hint;
  if (want < KMP_MV_CHUNK_MIN)
    want = KMP_MV_CHUNK_MIN;
  if (want < size)
    want = size;
  kmp_mv_chunk_t *c = (kmp_mv_chunk_t *)__kmp_fast_allocate(
      __kmp_threads[gtid], sizeof(kmp_mv_chunk_t) + want);
  c->next = p->chunks;
  c->size = want;
  p->chunks = c;
  p->room = (char *)(c + 1);
  p->room_left = want;
  return __kmp_mv_carve(p, size, shareds_offset, sizeof_shareds, entry);
}

// Versions 1..n-1 are carved from the pending launch's room; this path makes
// no call but tail calls, and saves no register.
kmp_task_t *__kmpc_omp_task_version_alloc(ident_t *loc, kmp_int32 gtid,
                                          kmp_int32 index, kmp_int32 flags,
                                          size_t sizeof_kmp_task_t,
                                          size_t sizeof_shareds,
                                          kmp_routine_entry_t entry) {
  if (index == 0)
    return __kmp_mv_alloc_carrier(loc, gtid, flags, sizeof_kmp_task_t,
                                  sizeof_shareds, entry);
  kmp_mv_pending_t *p = &__kmp_mv_th.pending;
  // Shareds on a pointer boundary after the privates, as in __kmp_task_alloc.
  size_t shareds_offset = __kmp_mv_round(sizeof_kmp_task_t, sizeof(void *));
  size_t size = __kmp_mv_round(shareds_offset + sizeof_shareds, 64);
  if (UNLIKELY(size > p->room_left))
    return __kmp_mv_carve_new_chunk(gtid, p, size, shareds_offset,
                                    sizeof_shareds, entry);
  return __kmp_mv_carve(p, size, shareds_offset, sizeof_shareds, entry);
}

// No launch is pending on the thread any more.
static inline void __kmp_mv_no_pending(kmp_mv_pending_t *p) {
  p->carrier = NULL;
  p->room_left = 0;
  p->chunks = NULL;
}

// Ends the pending launch, which is being issued: returns its chunks (they go
// with it), records what they held for the thread's next launch, and makes a
// launch whose defines it interrupted the pending one again.
static kmp_mv_chunk_t *__kmp_mv_take_pending(kmp_mv_thread_t *th) {
  kmp_mv_pending_t *p = &th->pending;
  kmp_mv_chunk_t *chunks = p->chunks;
  size_t used = 0;
  for (kmp_mv_chunk_t *c = chunks; c != NULL; c = c->next)
    used += c->size;
  th->chunk_hint = chunks ? used - p->room_left : 0;
  if (UNLIKELY(p->outer != NULL)) {
    kmp_mv_pending_t *outer = p->outer;
    *p = *outer;
    KMP_INTERNAL_FREE(outer);
  } else {
    __kmp_mv_no_pending(p);
  }
  return chunks;
}

// Runs the destructors of a version's firstprivate copies (its memory goes
// with the carrier or the launch's chunks).
static inline void __kmp_mv_release_version(kmp_int32 gtid, kmp_task_t *task) {
  if (task->data1.destructors)
    task->data1.destructors(gtid, task);
}

static void __kmp_mv_trace(const kmp_mv_launch_t *run,
                           kmp_routine_entry_t address, int slot,
                           kmp_int32 gtid, kmp_uint64 start, kmp_uint64 end,
                           kmp_uint64 time) {
  kmp_mv_thread_t *th = &__kmp_mv_th;
  kmp_mv_trace_chunk_t *c = th->trace_tail;
  if (c == NULL || c->used == KMP_MV_TRACE_CHUNK) {
    kmp_mv_trace_chunk_t *nc = (kmp_mv_trace_chunk_t *)KMP_INTERNAL_MALLOC(
        sizeof(kmp_mv_trace_chunk_t));
    if (nc == NULL)
      return;
    nc->used = 0;
    nc->next = NULL;
    if (c == NULL) {
      __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
      th->trace_head = nc;
      th->next_traced = __kmp_mv_traced_threads;
      __kmp_mv_traced_threads = th;
      __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
    } else {
      c->next = nc;
    }
    th->trace_tail = c = nc;
  }
  kmp_mv_trace_rec_t *r = &c->recs[c->used];
  kmp_mv_cpu_t cpu = __kmp_mv_this_cpu();
  double ns = __kmp_mv_ns_per_tick();
  r->start = (kmp_uint64)((double)(start - __kmp_mv_epoch) * ns);
  r->end = (kmp_uint64)((double)(end - __kmp_mv_epoch) * ns);
  r->time = time;
  r->cost = run->cost;
  r->address = address;
  r->type = run->type->id;
  r->slot = slot;
  r->thread = __kmp_tid_from_gtid(gtid); // omp_get_thread_num()
  r->socket = cpu.socket;
  r->node1 = run->node1;
  r->node2 = run->node2;
  c->used++; // published to the writer, which runs when tasks are done
}

// The slot OMP_SELECT=fixed:<index|name> designates in type t, or -1. Looked
// up again only when versions were registered since (settings are parsed
// after the constructors register the versions).
static int __kmp_mv_fixed_slot(kmp_mv_type_t *t) {
  int n = t->nversions.load(std::memory_order_acquire);
  if (t->fixed_checked.load(std::memory_order_acquire) == n)
    return t->fixed_slot;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  n = t->nversions.load(std::memory_order_relaxed);
  kmp_mv_version_t *vs = t->versions.load(std::memory_order_relaxed);
  int slot = -1;
  if (__kmp_mv_fixed_name == NULL)
    slot = __kmp_mv_fixed_index < n ? __kmp_mv_fixed_index : -1;
  else
    for (int i = 0; i < n && slot < 0; ++i)
      if (strcmp(vs[i].name, __kmp_mv_fixed_name) == 0)
        slot = i;
  if (slot < 0 && t->fixed_checked.load(std::memory_order_relaxed) == 0) {
    char num[16];
    snprintf(num, sizeof(num), "%d", __kmp_mv_fixed_index);
    __kmp_mvomp_warn("MVOMP",
                     "OMP_SELECT=fixed:%s: task type %d has no such version; "
                     "choosing with mean instead",
                     __kmp_mv_fixed_name ? __kmp_mv_fixed_name : num,
                     (int)t->id);
  }
  t->fixed_slot = slot;
  t->fixed_checked.store(n, std::memory_order_release);
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  return slot;
}

static kmp_int32 __kmp_mv_dispatch(kmp_int32 gtid, void *ptask);

// Frees what the runtime allocated for a launch: the chunks of its version
// blocks and, with many versions, its record.
static void __kmp_mv_free_launch(kmp_int32 gtid, kmp_mv_launch_t *run) {
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

void *__kmp_mv_erase_type(kmp_task_t *task) {
  if (task->routine != (kmp_routine_entry_t)__kmp_mv_dispatch)
    return NULL;
  return ((kmp_mv_launch_t *)task->shareds)->type;
}

int __kmp_mv_type_number(void *type) { return ((kmp_mv_type_t *)type)->id; }

static kmp_int32 __kmp_mv_dispatch(kmp_int32 gtid, void *ptask) {
  kmp_task_t *carrier = (kmp_task_t *)ptask;
  kmp_mv_launch_t *run = (kmp_mv_launch_t *)carrier->shareds;
  carrier->shareds = run->shareds0;
  carrier->routine = run->routine0;
  const int n = run->n;

  kmp_mv_thread_t *th = &__kmp_mv_th;
  kmp_mv_type_t *type = run->type;
  const kmp_int32 *cand = run->slots;
  kmp_int32 locality = -1;
  if (run->node1 >= 0 || run->node2 >= 0) {
    kmp_int32 here = __kmp_mv_this_cpu().node;
    locality = (run->node1 < 0 || run->node1 == here ? 1 : 0) |
               (run->node2 < 0 || run->node2 == here ? 2 : 0);
  }
  // With ERASE, one version may win on big cores and another on little ones.
  kmp_int32 cluster =
      UNLIKELY(__kmp_erase_enabled) ? __kmp_erase_cluster_here(gtid) : -1;
  kmp_mv_stats_t *stats = th->cache_stats;
  if (th->cache_type != type || th->cache_cost != run->cost ||
      th->cache_locality != locality || th->cache_cluster != cluster ||
      stats == NULL) {
    stats = __kmp_mv_get_stats(type, run->cost, locality, cluster);
    th->cache_type = type;
    th->cache_stats = stats;
    th->cache_cost = run->cost;
    th->cache_locality = locality;
    th->cache_cluster = cluster;
  }

  if (UNLIKELY(!th->rng_seeded)) {
    kmp_mv_rng_seed(&th->rng, (__kmp_mv_seed_set ? __kmp_mv_seed
                                                 : __kmp_mv_ticks()) +
                                  0x9e3779b97f4a7c15ULL * (kmp_uint64)gtid);
    th->rng_seeded = 1;
  }
  const kmp_mv_policy_t *policy = &__kmp_mv_policy;
  kmp_mv_policy_t fixed;
  if (policy->kind == kmp_mv_fixed) { // the slot fixed:<index|name> means
    fixed = *policy;
    fixed.fixed_arm = __kmp_mv_fixed_slot(type);
    policy = &fixed;
  }
  // Once every version of the key has the policy's quota of executions, the
  // choice depends on the statistics only: it reads them without the lock (a
  // choice made while another thread updates them sees the values before or
  // after that update) and counts nothing. Until then, choosing counts the
  // version as started, under the lock, so that threads share out the
  // exploration.
  int j = -1;
  const int nv = type->nversions.load(std::memory_order_acquire);
  KMP_DEBUG_ASSERT(nv >= n);
  if (policy->kind == kmp_mv_fixed)
    for (int i = 0; i < n && j < 0; ++i)
      if (cand[i] == policy->fixed_arm)
        j = i;
  if (j < 0 && stats->explored.load(std::memory_order_acquire) >= nv) {
    // Mean's choice among all the type's versions is kept in the key.
    int best = policy->kind == kmp_mv_mean && n == nv &&
                       cand == __kmp_mv_identity.slots
                   ? stats->mean_best.load(std::memory_order_relaxed)
                   : -1;
    j = best >= 0 ? best
                  : kmp_mv_choose(policy, &stats->key, cand, n, &th->rng);
  } else if (j < 0) {
    stats->lock.acquire();
    __kmp_mv_grow_arms(type, stats, nv, policy);
    j = kmp_mv_select(policy, &stats->key, cand, n, &th->rng);
    stats->lock.release();
  }
  const int slot = cand[j];

  // Release the versions that will not run; versions[0] is the carrier and
  // finishes (destructors included) through libomp's normal path.
  if (run->release)
    for (int i = 1; i < n; ++i)
      if (i != j)
        __kmp_mv_release_version(gtid, run->versions[i]);

  kmp_mv_frame_t frame;
  frame.adjust = 0;
  frame.has_set = 0;
  frame.outer = th->frame;
  th->frame = &frame;
  kmp_task_t *chosen = j == 0 ? carrier : run->versions[j];
  kmp_routine_entry_t entry = chosen->routine;
  frame.start = __kmp_mv_ticks();
  (*entry)(gtid, chosen);
  kmp_uint64 end = __kmp_mv_ticks();
  th->frame = frame.outer;
  if (j != 0)
    __kmp_mv_release_version(gtid, chosen);

  double x = (frame.has_set ? (double)frame.set
                             : (double)(kmp_int64)(end - frame.start) *
                                   __kmp_mv_ns_per_tick()) +
             (double)frame.adjust;
  if (x < 0)
    x = 0;
  if (run->divby > 1)
    x /= (double)run->divby;
  stats->lock.acquire();
  if (UNLIKELY(stats->key.narms < nv)) // fixed took no lock before
    __kmp_mv_grow_arms(type, stats, nv, policy);
  const double old_mean = stats->key.arms[slot].mean;
  kmp_mv_update(policy, &stats->key, slot, x);
  if (stats->explored.load(std::memory_order_relaxed) < stats->key.narms) {
    const kmp_uint64 quota = kmp_mv_quota(policy);
    if ((quota == 0 || stats->key.arms[slot].n == quota) &&
        kmp_mv_explored(policy, &stats->key))
      __kmp_mv_set_explored(stats, stats->key.narms, policy);
  } else if (policy->kind == kmp_mv_mean) {
    int best = stats->mean_best.load(std::memory_order_relaxed);
    int now = kmp_mv_lowest_mean_after(&stats->key, best, slot, old_mean);
    if (now != best)
      stats->mean_best.store(now, std::memory_order_relaxed);
  }
  stats->lock.release();
  if (UNLIKELY(__kmp_mv_tracing))
    __kmp_mv_trace(run, entry, slot, gtid, frame.start, end, (kmp_uint64)x);

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

// Fills the record of a launch whose slots are known and makes the carrier
// run the dispatch; consumes the cost and nodes set for the next launch.
static inline void __kmp_mv_fill_record(kmp_mv_thread_t *th,
                                        kmp_mv_launch_t *run, kmp_int32 n,
                                        kmp_task_t **versions, kmp_mv_type_t *t,
                                        const kmp_int32 *slots) {
  kmp_task_t *carrier = versions[0];
  run->routine0 = carrier->routine;
  run->shareds0 = carrier->shareds;
  run->n = n;
  run->cost = th->next_cost;
  run->divby = th->next_divby;
  run->node1 = th->next_node1;
  run->node2 = th->next_node2;
  th->next_cost = 0;
  th->next_divby = 1;
  th->next_node1 = th->next_node2 = -1;
  th->launch_type = run->type = t;
  run->slots = slots;
  int release = 0;
  run->versions[0] = carrier;
  for (int i = 1; i < n; ++i) {
    run->versions[i] = versions[i];
    release |= versions[i]->data1.destructors != NULL;
  }
  run->release = release;
  carrier->routine = (kmp_routine_entry_t)__kmp_mv_dispatch;
  carrier->shareds = run;
}

// The record of the pending launch, in its carrier (for at most
// KMP_MV_INLINE_VERSIONS versions).
static inline kmp_mv_launch_t *__kmp_mv_inline_record(kmp_mv_pending_t *p) {
  kmp_mv_launch_t *run = p->record;
  run->external = 0;
  run->versions = run->inline_versions;
  return run;
}

// How many of versions[0..n-1] are type t's first versions in slot order.
static inline int __kmp_mv_in_order(kmp_mv_type_t *t, kmp_int32 n,
                                    kmp_task_t **versions) {
  int matched = 0;
  if (t && n <= t->nversions.load(std::memory_order_acquire)) {
    kmp_mv_version_t *vs = t->versions.load(std::memory_order_acquire);
    while (matched < n && vs[matched].entry == versions[matched]->routine)
      ++matched;
  }
  return matched;
}

// Any launch: many versions (record allocated apart), versions out of slot
// order or from several units, chunks, a launch inside another's defines,
// clauses, dependences.
static __attribute__((noinline)) kmp_int32
__kmp_mv_launch(ident_t *loc, kmp_int32 gtid, kmp_int32 type, kmp_int32 n,
                kmp_task_t **versions, kmp_int32 flags, kmp_int32 priority,
                kmp_int32 ndeps, kmp_depend_info_t *dep_list,
                kmp_int32 ndeps_noalias, kmp_depend_info_t *noalias_dep_list) {
  kmp_task_t *carrier = versions[0];
  kmp_mv_thread_t *th = &__kmp_mv_th;
  const bool own = carrier == th->pending.carrier; // else an ABI misuse
  KMP_DEBUG_ASSERT(own);
  kmp_mv_launch_t *run;
  if (own && n <= KMP_MV_INLINE_VERSIONS) {
    run = __kmp_mv_inline_record(&th->pending);
  } else { // many versions
    run = (kmp_mv_launch_t *)__kmp_fast_allocate(
        __kmp_threads[gtid],
        sizeof(kmp_mv_launch_t) +
            n * (sizeof(kmp_task_t *) + sizeof(kmp_int32)));
    run->external = 1;
    run->versions = (kmp_task_t **)(run + 1);
  }
  run->chunks = own ? __kmp_mv_take_pending(th) : NULL;

  // Slots of the versions in their type. Fast path: the launch passes its
  // type's versions in slot order (one unit defines the type, or this is its
  // first unit), compared entry by entry; otherwise the entry -> slot table.
  kmp_mv_type_t *t = th->launch_type && th->launch_type->id == type
                         ? th->launch_type
                         : __kmp_mv_find_type(type);
  int matched = __kmp_mv_in_order(t, n, versions);
  const kmp_int32 *slots = __kmp_mv_identity.slots;
  if (matched < n || n > 256) {
    kmp_int32 *own_slots =
        run->external ? (kmp_int32 *)(run->versions + n) : run->inline_slots;
    for (int i = 0; i < matched; ++i)
      own_slots[i] = i;
    for (int i = matched; i < n; ++i) {
      kmp_mv_entry_t *e = __kmp_mv_entry_of(type, versions[i]->routine);
      own_slots[i] = e->slot;
      t = e->type;
    }
    slots = own_slots;
  }
  __kmp_mv_fill_record(th, run, n, versions, t, slots);

  kmp_taskdata_t *ctd = KMP_TASK_TO_TASKDATA(carrier);
  if (flags & KMP_TASK_VERSIONS_FINAL)
    ctd->td_flags.final = 1;
  if (flags & KMP_TASK_VERSIONS_PRIORITY) {
    ctd->td_flags.priority_specified = 1;
    carrier->data2.priority = priority;
  }
  if (flags & KMP_TASK_VERSIONS_IF0) {
    // Undeferred: wait for the dependences, then run here and now.
    if (ndeps + ndeps_noalias > 0)
      __kmpc_omp_wait_deps(loc, gtid, ndeps, dep_list, ndeps_noalias,
                           noalias_dep_list);
    __kmpc_omp_task_begin_if0(loc, gtid, carrier);
    __kmp_mv_dispatch(gtid, carrier);
    __kmpc_omp_task_complete_if0(loc, gtid, carrier);
    return TASK_CURRENT_NOT_QUEUED;
  }
  if (ndeps + ndeps_noalias > 0)
    return __kmpc_omp_task_with_deps(loc, gtid, carrier, ndeps, dep_list,
                                     ndeps_noalias, noalias_dep_list);
  return __kmpc_omp_task(loc, gtid, carrier);
}

kmp_int32 __kmpc_omp_task_versions(ident_t *loc, kmp_int32 gtid, kmp_int32 type,
                                   kmp_int32 n, kmp_task_t **versions,
                                   kmp_int32 flags, kmp_int32 priority,
                                   kmp_int32 ndeps, kmp_depend_info_t *dep_list,
                                   kmp_int32 ndeps_noalias,
                                   kmp_depend_info_t *noalias_dep_list) {
  KMP_DEBUG_ASSERT(n >= 1 && versions != NULL);
  // The usual launch: a few versions of the type this thread launched last,
  // in slot order, all in the carrier, no clause or dependence. Issued with
  // no call but the tail call (no register saved); anything else goes
  // through __kmp_mv_launch.
  kmp_mv_thread_t *th = &__kmp_mv_th;
  kmp_mv_pending_t *p = &th->pending;
  kmp_mv_type_t *t = th->launch_type;
  if (versions[0] == p->carrier && n <= KMP_MV_INLINE_VERSIONS &&
      p->chunks == NULL && p->outer == NULL && flags == 0 &&
      ndeps + ndeps_noalias == 0 && t != NULL && t->id == type &&
      __kmp_mv_in_order(t, n, versions) == n) {
    kmp_mv_launch_t *run = __kmp_mv_inline_record(p);
    run->chunks = NULL;
    th->chunk_hint = 0; // __kmp_mv_take_pending without chunks or outer launch
    __kmp_mv_no_pending(p);
    __kmp_mv_fill_record(th, run, n, versions, t, __kmp_mv_identity.slots);
    return __kmpc_omp_task(loc, gtid, versions[0]);
  }
  return __kmp_mv_launch(loc, gtid, type, n, versions, flags, priority, ndeps,
                         dep_list, ndeps_noalias, noalias_dep_list);
}

/* ------------------------------------------------------------------------ */
/* The task API of mvomp.h (thesis 000, section 3.3.1)                       */

void task_cost(long long n) {
  __kmp_mv_th.next_cost = n;
  __kmp_mv_th.next_divby = 1;
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

void task_node1(void *p) { __kmp_mv_th.next_node1 = __kmp_mv_node_of(p); }
void task_node2(void *p) { __kmp_mv_th.next_node2 = __kmp_mv_node_of(p); }

void *kmp_task_stats_get(void) { return __kmp_mv_th.frame; }

unsigned long long kmp_task_stats_time(void) { return __kmp_mv_now_ns(); }

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
    ((kmp_mv_frame_t *)statsp)->adjust += (kmp_int64)(__kmp_mv_now_ns() - t);
}

void kmp_task_stats_add(void *statsp, unsigned long long t) {
  if (statsp)
    ((kmp_mv_frame_t *)statsp)->adjust += (kmp_int64)t;
}

void kmp_task_stats_sub(void *statsp, unsigned long long t) {
  if (statsp)
    ((kmp_mv_frame_t *)statsp)->adjust -= (kmp_int64)t;
}

/* ------------------------------------------------------------------------ */
/* stats.csv and trace.csv                                                  */

static void __kmp_mv_csv_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; ++s) {
    if (*s == '"')
      fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

// Opens `path` and writes the header line; a warning naming the variable and
// NULL if it cannot.
static FILE *__kmp_mv_csv_open(const char *variable, const char *path,
                               const char *header) {
  FILE *f = __kmp_mvomp_open_output(variable, path);
  if (f != NULL)
    fputs(header, f);
  return f;
}

// variable: what names the file in warnings (OMP_SELECT_STATS, or the API
// call that writes it).
static void __kmp_mv_write_stats(const char *variable, const char *path,
                                 int id) {
  FILE *f = __kmp_mv_csv_open(
      variable, path,
      "type,version,name,location,cost,locality,count,mean_ns,stddev_ns,"
      "sum_squares_ns2,total_ns,policy,cluster\n");
  if (f == NULL)
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  for (kmp_mv_type_t *t = __kmp_mv_type_list; t; t = t->next) {
    if (id >= 0 && t->id != id)
      continue;
    for (int b = 0; b < KMP_MV_KEY_BUCKETS; ++b)
      for (kmp_mv_stats_t *s = t->keys[b].load(std::memory_order_acquire); s;
           s = s->next) {
        s->lock.acquire();
        for (int v = 0; v < s->key.narms; ++v) {
          const kmp_mv_arm_t *a = &s->key.arms[v];
          fprintf(f, "%d,%d,", (int)t->id, v);
          kmp_mv_version_t *vs = t->versions.load(std::memory_order_acquire);
          __kmp_mv_csv_string(f, vs[v].name);
          fputc(',', f);
          __kmp_mv_csv_string(f, vs[v].location);
          fprintf(f, ",%lld,%d,%llu,%.1f,%.1f,%.6g,%.1f,%s,%s\n",
                  (long long)s->cost, (int)s->locality,
                  (unsigned long long)a->n, a->mean, kmp_mv_stddev(a), a->q,
                  a->mean * (double)a->n,
                  kmp_mv_policy_name(__kmp_mv_policy.kind),
                  __kmp_erase_cluster_name(s->cluster));
        }
        s->lock.release();
      }
  }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  __kmp_mvomp_close_output(variable, path, f);
}

static void __kmp_mv_write_trace(const char *variable, const char *path) {
  FILE *f = __kmp_mv_csv_open(variable, path,
                              "start,end,thread,address,time,cost,socket,"
                              "node1,node2,type,version,name\n");
  if (f == NULL)
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  for (kmp_mv_thread_t *th = __kmp_mv_traced_threads; th;
       th = th->next_traced)
    for (kmp_mv_trace_chunk_t *c = th->trace_head; c; c = c->next)
      for (int i = 0; i < c->used; ++i) {
        const kmp_mv_trace_rec_t *r = &c->recs[i];
        kmp_mv_type_t *t = __kmp_mv_find_type(r->type);
        fprintf(f, "%llu,%llu,%d,%p,%llu,%lld,%d,%d,%d,%d,%d,",
                (unsigned long long)r->start, (unsigned long long)r->end,
                (int)r->thread, (void *)r->address,
                (unsigned long long)r->time, (long long)r->cost,
                (int)r->socket, (int)r->node1, (int)r->node2, (int)r->type,
                (int)r->slot);
        __kmp_mv_csv_string(
            f, t ? t->versions.load(std::memory_order_acquire)[r->slot].name
                 : "");
        fputc('\n', f);
      }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  __kmp_mvomp_close_output(variable, path, f);
}

void kmp_task_impl_stat_print_csv(int id) {
  __kmp_mv_write_stats("kmp_task_impl_stat_print_csv", "stats.csv", id);
}

void kmp_task_trace_write(void) {
  if (!__kmp_mv_tracing)
    __kmp_mvomp_warn("MVOMP",
                     "kmp_task_trace_write: tracing is off (set "
                     "OMP_SELECT_TRACE to a path to switch it on); trace.csv "
                     "has no rows");
  __kmp_mv_write_trace("kmp_task_trace_write", "trace.csv");
}

static void __kmp_mv_atexit(void) {
  if (__kmp_mv_stats_path)
    __kmp_mv_write_stats("OMP_SELECT_STATS", __kmp_mv_stats_path, -1);
  if (__kmp_mv_trace_path)
    __kmp_mv_write_trace("OMP_SELECT_TRACE", __kmp_mv_trace_path);
}

void __kmp_mv_atexit_setup(void) {
  static int done = 0;
  if (!done && (__kmp_mv_stats_path || __kmp_mv_trace_path)) {
    done = 1;
    atexit(__kmp_mv_atexit);
  }
}

// A traced execution records the socket it ran on: load the topology when
// tracing is switched on (hwloc takes tens of milliseconds), not in the first
// traced dispatch, where it held up every thread that finished a task.
void __kmp_mv_trace_setup(void) {
  if (__kmp_mv_tracing)
    __kmp_mv_init_topology();
}

// Trace times count from the start of the program.
__attribute__((constructor)) static void __kmp_mv_set_epoch(void) {
  __kmp_mv_epoch = __kmp_mv_ticks();
}

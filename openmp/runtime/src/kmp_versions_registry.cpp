/*
 * kmp_versions_registry.cpp -- multi-version tasks' registry, the bottom of
 * the feature: the settings of selection (OMP_SELECT and its parameters), the
 * task types and their versions as the compiler registers them
 * (__kmpc_task_versions_register), the entry -> (type, slot) table, each key's
 * statistics (type, cost, locality, cluster), the saved rows keys start from
 * (OMP_SELECT_LOAD's and the model store's) and OMP_SELECT=fixed's slot. See
 * kmp_versions_internal.h for the layout of the feature's files.
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

#include <new>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Settings of selection (kmp_mvomp_settings.inc parses them)               */

// Robust statistics, GB's relative reward, elimination and patience on
// (MVOMP's defaults; the thesis' exact rules with OMP_SELECT_ROBUST=off,
// OMP_GB_REWARD=seconds and OMP_SELECT_ELIMINATE=off).
kmp_mv_policy_t __kmp_mv_policy = {kmp_mv_mean,
                                   KMP_MV_DEFAULT_MEAN_REPS,
                                   KMP_MV_DEFAULT_UCB_K,
                                   KMP_MV_DEFAULT_GB_ALPHA,
                                   -1,
                                   1,
                                   1,
                                   1,
                                   0,
                                   0,
                                   1};
char *__kmp_mv_fixed = NULL;
int __kmp_mv_predict = 1;
int __kmp_mv_predict_ratio = 1;
int __kmp_mv_cost_buckets = -1; // auto
int __kmp_mv_predict_clusters = 1;
int __kmp_mv_store_recheck = 1;
int __kmp_mv_lone_recheck = 1;
int __kmp_mv_second_chance_k = KMP_MV_SECOND_CHANCE_DEFAULT;
int __kmp_mv_retake_percent = KMP_MV_RETAKE_DEFAULT;
kmp_uint64 __kmp_mv_seed = 0;
int __kmp_mv_seed_set = 0;

/* ------------------------------------------------------------------------ */
/* Task types, their versions, and entry -> (type, slot)                    */

kmp_bootstrap_lock_t __kmp_mv_registry_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_mv_registry_lock);
static std::atomic<kmp_mv_type_t *> __kmp_mv_types[KMP_MV_TYPE_BUCKETS];
kmp_mv_type_t *__kmp_mv_type_list = NULL; // under the registry lock
static kmp_mv_type_t **__kmp_mv_type_tail = &__kmp_mv_type_list;
static std::atomic<kmp_mv_entry_t *> __kmp_mv_entries[KMP_MV_ENTRY_BUCKETS];

// (kmp_versions_internal.h)
void __kmp_mv_registry_prefault(void) {
  __kmp_mvomp_prefault(__kmp_mv_types, sizeof(__kmp_mv_types));
  __kmp_mvomp_prefault(__kmp_mv_entries, sizeof(__kmp_mv_entries));
  __kmp_mvomp_prefault(&__kmp_mv_type_tail, sizeof(__kmp_mv_type_tail));
}

kmp_mv_type_t *__kmp_mv_find_type(kmp_int32 id) {
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
  t->nkeys.store(0, std::memory_order_relaxed);
  t->knowledge.store(0, std::memory_order_relaxed);
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
  vs[n].name = __kmp_mvomp_strdup(name);
  vs[n].location = __kmp_mvomp_strdup(location ? location : "");
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

kmp_mv_type_t *__kmp_mv_register_named(kmp_int32 id, int n,
                                       const char *const *names,
                                       const char *location, int mean_reps) {
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  kmp_mv_type_t *t = __kmp_mv_get_type_locked(id);
  t->mean_reps = mean_reps;
  for (int i = 0; i < n; ++i)
    __kmp_mv_slot_locked(t, names[i], location, NULL);
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  return t;
}

// The entry of a launched version that no unit registered (an ABI misuse):
// registered on the fly under a name made of its address, with a warning.
kmp_mv_entry_t *__kmp_mv_entry_of(kmp_int32 type, kmp_routine_entry_t entry) {
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
static std::atomic<kmp_mv_stats_t *> &__kmp_mv_key_bucket(kmp_mv_type_t *t,
                                                          kmp_int64 cost,
                                                          kmp_int32 locality,
                                                          kmp_int32 cluster) {
  return t
      ->keys[__kmp_mv_hash((kmp_uint64)cost * 8 + (kmp_uint64)(locality + 1) +
                           ((kmp_uint64)(cluster + 1) << 56)) %
             KMP_MV_KEY_BUCKETS];
}

kmp_mv_stats_t *__kmp_mv_find_stats(kmp_mv_type_t *t, kmp_int64 cost,
                                    kmp_int32 locality, kmp_int32 cluster) {
  kmp_mv_stats_t *s = __kmp_mv_key_bucket(t, cost, locality, cluster)
                          .load(std::memory_order_acquire);
  while (s &&
         !(s->cost == cost && s->locality == locality && s->cluster == cluster))
    s = s->next;
  return s;
}

// The keys a type has when it starts listing, per version, those where each
// ran (below: "The keys of a type with many, by version").
#define KMP_MV_INDEX_FROM 512
static void __kmp_mv_index_make(kmp_mv_type_t *t);

kmp_mv_stats_t *__kmp_mv_get_stats(kmp_mv_type_t *t, kmp_int64 cost,
                                   kmp_int32 locality, kmp_int32 cluster) {
  std::atomic<kmp_mv_stats_t *> &head =
      __kmp_mv_key_bucket(t, cost, locality, cluster);
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
                                   std::memory_order_acquire)) {
      if (t->nkeys.fetch_add(1, std::memory_order_relaxed) + 1 ==
          KMP_MV_INDEX_FROM)
        __kmp_mv_index_make(t);
      t->knowledge.fetch_add(1, std::memory_order_relaxed);
      return s;
    }
    for (kmp_mv_stats_t *o = first; o != s->next; o = o->next)
      if (o->cost == cost && o->locality == locality && o->cluster == cluster) {
        __kmp_free(s);
        return o;
      }
  }
}

/* ------------------------------------------------------------------------ */
/* The keys of a type with many, by version                                  */

// A version's predictions take their points from the type's other keys where
// it ran (__kmp_mv_cost_points). A walk of every key found them: with
// thousands of costs, a version that ran at few of them (taken out by its
// predictions elsewhere) was looked for in all of them at each new key, and
// a launch cost 485 us at 20,000 costs (docs/runtime.md). From
// KMP_MV_INDEX_FROM keys on, each version of the type keeps the list of keys
// where it ran, newest last: made once by one walk, then appended to at each
// version's first execution at a key (under the index's lock). Readers take no
// lock: a list grows into a new array (the old one stays, reachable from the
// new, as long as the type), published before the count that covers it.
struct kmp_mv_index_array_t {
  kmp_mv_index_array_t *older;
  kmp_mv_stats_t *keys[1];
};
struct kmp_mv_index_list_t {
  std::atomic<kmp_mv_index_array_t *> array;
  std::atomic<int> n;
  int capacity;
};
struct kmp_mv_index_t {
  kmp_mv_spin_t lock;
  int nversions; // the versions registered when the index was made
  kmp_mv_index_list_t lists[1];
};

void __kmp_mv_index_add(const kmp_mv_type_t *t, kmp_mv_stats_t *s, int v) {
  kmp_mv_index_t *x = t->index.load(std::memory_order_acquire);
  if (x == NULL || v >= x->nversions)
    return;
  kmp_mv_index_list_t *l = &x->lists[v];
  x->lock.acquire();
  const int n = l->n.load(std::memory_order_relaxed);
  kmp_mv_index_array_t *a = l->array.load(std::memory_order_relaxed);
  if (n == l->capacity) {
    const int cap = l->capacity ? 2 * l->capacity : 64;
    kmp_mv_index_array_t *b = (kmp_mv_index_array_t *)KMP_INTERNAL_MALLOC(
        sizeof(kmp_mv_index_array_t) + (cap - 1) * sizeof(kmp_mv_stats_t *));
    if (b == NULL) { // no memory: the key is left out of its predictions
      x->lock.release();
      return;
    }
    b->older = a;
    if (n)
      memcpy(b->keys, a->keys, n * sizeof(kmp_mv_stats_t *));
    l->array.store(b, std::memory_order_release);
    l->capacity = cap;
    a = b;
  }
  a->keys[n] = s;
  l->n.store(n + 1, std::memory_order_release);
  x->lock.release();
}

// Made by the thread that creates the type's KMP_MV_INDEX_FROM-th key:
// published first, so that first executions meanwhile are appended (a key
// may then be listed twice, which weighs its point twice, nothing worse).
static void __kmp_mv_index_make(kmp_mv_type_t *t) {
  const int nv = t->nversions.load(std::memory_order_acquire);
  if (nv < 1)
    return;
  size_t size = sizeof(kmp_mv_index_t) + (nv - 1) * sizeof(kmp_mv_index_list_t);
  kmp_mv_index_t *x = (kmp_mv_index_t *)KMP_INTERNAL_MALLOC(size);
  if (x == NULL)
    return; // no memory: predictions walk every key
  memset((void *)x, 0, size);
  new (&x->lock) kmp_mv_spin_t();
  x->nversions = nv;
  t->index.store(x, std::memory_order_release);
  for (int b = 0; b < KMP_MV_KEY_BUCKETS; ++b)
    for (kmp_mv_stats_t *o = t->keys[b].load(std::memory_order_acquire); o;
         o = o->next)
      for (int v = 0; v < nv && v < o->key.narms; ++v)
        if (o->key.arms[v].n > 0)
          __kmp_mv_index_add(t, o, v);
}

// Calls visit(o) for the keys o of type t where version v may have run (all
// of them before the type indexes its keys), newest first when indexed,
// until it returns false.
template <typename F>
static void __kmp_mv_each_key_of(const kmp_mv_type_t *t, int v, F visit) {
  const kmp_mv_index_t *x = t->index.load(std::memory_order_acquire);
  if (x != NULL && v < x->nversions) {
    const kmp_mv_index_list_t *l = &x->lists[v];
    const int n = l->n.load(std::memory_order_acquire);
    const kmp_mv_index_array_t *a = l->array.load(std::memory_order_acquire);
    for (int i = n - 1; i >= 0; --i)
      if (!visit(a->keys[i]))
        return;
    return;
  }
  for (int b = 0; b < KMP_MV_KEY_BUCKETS; ++b)
    for (const kmp_mv_stats_t *o = t->keys[b].load(std::memory_order_acquire);
         o; o = o->next)
      if (!visit(o))
        return;
}

/* ------------------------------------------------------------------------ */
/* Saved rows (OMP_SELECT_LOAD, the model store)                             */

// Rows in a hash table by (type, cost, locality, name, cluster), so that
// loading and looking up stay linear in the file's size: the table doubles
// when it holds twice as many rows as buckets.
kmp_mv_rows_t __kmp_mv_saved = {NULL, 0, 0, NULL, NULL};

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

static kmp_mv_saved_t **__kmp_mv_rows_bucket(kmp_mv_rows_t *rows,
                                             const kmp_mv_saved_t *v) {
  return &rows->buckets[__kmp_mv_saved_hash(v->type, v->cost, v->locality,
                                            v->name, v->cluster) %
                        rows->nbuckets];
}

void __kmp_mv_rows_add(kmp_mv_rows_t *rows, kmp_mv_saved_t *v) {
  if (rows->n >= 2 * rows->nbuckets) {
    kmp_mv_saved_t **old = rows->buckets;
    size_t nold = rows->nbuckets;
    rows->nbuckets = nold ? 2 * nold : 32;
    rows->buckets = (kmp_mv_saved_t **)KMP_INTERNAL_MALLOC(
        rows->nbuckets * sizeof(kmp_mv_saved_t *));
    memset(rows->buckets, 0, rows->nbuckets * sizeof(kmp_mv_saved_t *));
    for (size_t b = 0; b < nold; ++b)
      for (kmp_mv_saved_t *r = old[b], *next; r; r = next) {
        next = r->next;
        kmp_mv_saved_t **head = __kmp_mv_rows_bucket(rows, r);
        r->next = *head;
        *head = r;
      }
    KMP_INTERNAL_FREE(old);
  }
  kmp_mv_saved_t **head = __kmp_mv_rows_bucket(rows, v);
  v->next = *head;
  *head = v;
  v->all = NULL;
  if (rows->last == NULL)
    rows->last = &rows->first;
  *rows->last = v;
  rows->last = &v->all;
  ++rows->n;
}

kmp_mv_saved_t *__kmp_mv_rows_find(const kmp_mv_rows_t *rows, kmp_int32 type,
                                   kmp_int64 cost, kmp_int32 locality,
                                   const char *name, const char *cluster) {
  if (rows->nbuckets == 0)
    return NULL;
  kmp_mv_saved_t *v =
      rows->buckets[__kmp_mv_saved_hash(type, cost, locality, name, cluster) %
                    rows->nbuckets];
  while (v && !(v->type == type && v->cost == cost && v->locality == locality &&
                strcmp(v->name, name) == 0 && strcmp(v->cluster, cluster) == 0))
    v = v->next;
  return v;
}

void __kmp_mv_row_free(kmp_mv_saved_t *v) {
  __kmp_str_free(&v->name);
  __kmp_str_free(&v->location);
  __kmp_str_free(&v->cluster);
  KMP_INTERNAL_FREE(v);
}

void __kmp_mv_rows_free(kmp_mv_rows_t *rows) {
  for (kmp_mv_saved_t *v = rows->first, *next; v; v = next) {
    next = v->all;
    __kmp_mv_row_free(v);
  }
  KMP_INTERNAL_FREE(rows->buckets);
  *rows = kmp_mv_rows_t{NULL, 0, 0, NULL, NULL};
}

// The saved statistics of version `slot` of key s of type t, or NULL.
static const kmp_mv_arm_t *
__kmp_mv_saved_arm(const kmp_mv_type_t *t, const kmp_mv_stats_t *s, int slot) {
  const kmp_mv_saved_t *v =
      __kmp_mv_rows_find(&__kmp_mv_saved, t->id, s->cost, s->locality,
                         t->versions.load(std::memory_order_acquire)[slot].name,
                         __kmp_mvomp_cluster_name(s->cluster));
  return v ? &v->arm : NULL;
}

const kmp_mv_arm_t *__kmp_mv_loaded_arm(const kmp_mv_type_t *t,
                                        const kmp_mv_stats_t *s, int slot) {
  const kmp_mv_arm_t *a = &s->key.arms[slot];
  kmp_uint32 origin = a->origin & KMP_MV_ORIGIN_MASK;
  if ((a->origin & KMP_MV_ORIGIN_CHANGED) ||
      (origin != KMP_MV_ORIGIN_STORE && origin != KMP_MV_ORIGIN_LOAD))
    return NULL;
  return __kmp_mv_saved_arm(t, s, slot);
}

kmp_uint64 __kmp_mv_loaded_count(const kmp_mv_type_t *t,
                                 const kmp_mv_stats_t *s, int slot) {
  const kmp_mv_arm_t *l = __kmp_mv_loaded_arm(t, s, slot);
  const kmp_mv_arm_t *o = __kmp_mv_shared_arm(t, s, slot);
  return (l ? l->n : 0) + (o ? o->n : 0);
}

/* ------------------------------------------------------------------------ */
/* What other processes measured (kmp_versions_share.cpp receives it)        */

kmp_bootstrap_lock_t __kmp_mv_shared_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_mv_shared_lock);
kmp_mv_rows_t __kmp_mv_shared[2] = {{NULL, 0, 0, NULL, NULL},
                                    {NULL, 0, 0, NULL, NULL}};
std::atomic<int> __kmp_mv_shared_gen{0};
int __kmp_mv_share_store_mode = 0;

const kmp_mv_arm_t *__kmp_mv_shared_arm(const kmp_mv_type_t *t,
                                        const kmp_mv_stats_t *s, int slot) {
  if (s->shared_gen == 0)
    return NULL; // nothing received when the key last took it
  const kmp_mv_saved_t *v = __kmp_mv_rows_find(
      &__kmp_mv_shared[s->shared_gen & 1], t->id, s->cost, s->locality,
      t->versions.load(std::memory_order_acquire)[slot].name,
      __kmp_mvomp_cluster_name(s->cluster));
  return v ? &v->arm : NULL;
}

kmp_mv_arm_t __kmp_mv_arm_remove(const kmp_mv_arm_t *a,
                                 const kmp_mv_arm_t *part) {
  if (!(a->origin & KMP_MV_ORIGIN_CHANGED))
    return __kmp_mv_arm_subtract(a, part);
  return __kmp_mv_arm_cap(a, part->n < a->n ? a->n - part->n : 0);
}

kmp_mv_arm_t __kmp_mv_own_arm(const kmp_mv_type_t *t, const kmp_mv_stats_t *s,
                              int slot, bool with_shared) {
  kmp_mv_arm_t own = s->key.arms[slot];
  const kmp_mv_arm_t *part = __kmp_mv_loaded_arm(t, s, slot);
  if (part != NULL)
    own = __kmp_mv_arm_subtract(&own, part);
  if (!with_shared && (part = __kmp_mv_shared_arm(t, s, slot)) != NULL)
    own = __kmp_mv_arm_remove(&own, part);
  return own;
}

/* ------------------------------------------------------------------------ */
/* Keys: exploration marks and growth                                        */

void __kmp_mv_readopt(const kmp_mv_type_t *t, kmp_mv_stats_t *s) {
  kmp_mv_policy_t own;
  const kmp_mv_policy_t *policy = __kmp_mv_policy_of(t, &own);
  __kmp_mv_adopt(policy, &s->key);
  __kmp_mv_set_explored(
      s, __kmp_mv_explored(policy, &s->key) ? s->key.narms : 0, policy);
}

static void __kmp_mv_readopt_key(kmp_mv_type_t *t, kmp_mv_stats_t *s, void *) {
  __kmp_mv_readopt(t, s);
}

void __kmp_mv_for_each_key(kmp_int32 id,
                           void (*fn)(kmp_mv_type_t *, kmp_mv_stats_t *,
                                      void *),
                           void *arg) {
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  for (kmp_mv_type_t *t = __kmp_mv_type_list; t; t = t->next) {
    if (id >= 0 && t->id != id)
      continue;
    for (int b = 0; b < KMP_MV_KEY_BUCKETS; ++b)
      for (kmp_mv_stats_t *s = t->keys[b].load(std::memory_order_acquire); s;
           s = s->next) {
        s->lock.acquire();
        fn(t, s, arg);
        s->lock.release();
      }
  }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
}

void __kmp_mv_policy_changed(void) {
  // Before initialisation no task has run (kmp_set_defaults initialises
  // first); the environment's first parse must not take the registry lock.
  if (!TCR_4(__kmp_init_serial))
    return;
  // A key explored under a smaller quota explores again (under the lock, by
  // started counts); one the new quota finds explored chooses without the
  // lock; Mean's kept choice is found again, or dropped under another policy.
  __kmp_mv_for_each_key(-1, __kmp_mv_readopt_key, NULL);
}

// Prediction across costs (kmp_versions_policy.h): the versions of a new key
// s (arms 0..n-1, under s->lock) that have no saved statistics start from a
// fit of log time on log cost over the type's keys of the same locality and
// cluster where they ran, and the saved rows of other costs (at most
// KMP_MV_PREDICT_POINTS points); a version seen at one other cost only, from
// that point and the slope its sibling versions share
// (__kmp_mv_fit_one_point). Those that started here before such a prediction
// existed and are still exploring are vouched for by it; those predicted and
// not yet run here are predicted again when the type has new keys. Other keys
// are read without their locks: a prediction made from a mean being updated
// is the mean before or after the update, or in between.
#define KMP_MV_PREDICT_POINTS 256

// Whether a has a mean measured at its key that other predictions may use (not
// one execution that contradicted its prediction: it may be disturbed).
static inline bool __kmp_mv_measured(const kmp_mv_arm_t *a) {
  return a->n > 0 && a->mean > 0.0 && !__kmp_mv_contradicted(a);
}

// Whether key o is one of the other keys whose version v may serve as a point
// of s's predictions.
static inline bool __kmp_mv_point_key(const kmp_mv_stats_t *o,
                                      const kmp_mv_stats_t *s, int v) {
  return o != s && o->cost > 0 && o->locality == s->locality &&
         o->cluster == s->cluster && v < o->key.narms;
}

// Whether saved row x is a point of version `name` for s's predictions: of
// another cost, the same locality and cluster, with executions.
static inline bool __kmp_mv_saved_point(const kmp_mv_saved_t *x,
                                        const kmp_mv_type_t *t,
                                        const kmp_mv_stats_t *s,
                                        const char *name, const char *cluster) {
  return x->type == t->id && x->cost > 0 && x->cost != s->cost &&
         x->locality == s->locality && x->arm.n > 0 && x->arm.mean > 0.0 &&
         strcmp(x->name, name) == 0 && strcmp(x->cluster, cluster) == 0;
}

// Whether cost c is among cost[0..n-1] (a saved row of a cost this run met).
static inline bool __kmp_mv_has_cost(const double *cost, int n, kmp_int64 c) {
  for (int i = 0; i < n; ++i)
    if (cost[i] == (double)c)
      return true;
  return false;
}

// The costs of a prediction's points, by open addressing: the walk of the
// saved rows asks for each whether this run already has its cost, which a
// scan of up to KMP_MV_PREDICT_POINTS points made quadratic (the second run
// of 20,000 costs: 1.4-1.6 us per launch, 0.75-0.97 with the set;
// docs/performance.md).
struct kmp_mv_cost_set_t {
  enum { size = 2 * KMP_MV_PREDICT_POINTS }; // at most half full
  kmp_int64 slot[size];                      // 0: empty (costs are > 0)
  // The set of cost[0..n-1].
  kmp_mv_cost_set_t(const double *cost, int n) {
    memset(slot, 0, sizeof(slot));
    for (int i = 0; i < n; ++i)
      add((kmp_int64)cost[i]);
  }
  kmp_int64 *find(kmp_int64 c) {
    size_t i = (size_t)__kmp_mv_hash((kmp_uint64)c) % size;
    while (slot[i] != 0 && slot[i] != c)
      i = (i + 1) % size;
    return &slot[i];
  }
  bool has(kmp_int64 c) { return *find(c) == c; }
  void add(kmp_int64 c) { *find(c) = c; }
};

// The (cost, mean time) points of version v at the costs other than s's:
// this run's keys, then the saved rows of costs it has not met. Returns their
// number. First executions that contradicted their predictions (awaiting
// their re-check, or doubted) are points only when the version has
// KMP_MV_RECHECK_POINTS of them or more (s's own included): one may be
// disturbed, but several at different costs say that the prediction was wrong
// (left out, they kept a version whose line fell through two close costs
// predicted best at every new size of a PRISE run, so that it ran first and
// was re-checked at each: 26 sizes, 19% of the run lost).
#define KMP_MV_RECHECK_POINTS 2
static int __kmp_mv_cost_points(const kmp_mv_type_t *t, const kmp_mv_stats_t *s,
                                int v, double *cost, double *time) {
  // One walk of the keys: the measured points from the arrays' start, the
  // contradicted ones (nc) from their end, moved after the others if they
  // count.
  const int max = KMP_MV_PREDICT_POINTS;
  int np = 0, nc = 0;
  int contradicted = v < s->key.narms && __kmp_mv_contradicted(&s->key.arms[v]);
  __kmp_mv_each_key_of(t, v, [&](const kmp_mv_stats_t *o) {
    if (!__kmp_mv_point_key(o, s, v))
      return true;
    const kmp_mv_arm_t *a = &o->key.arms[v];
    if (a->n == 0 || !(a->mean > 0.0))
      return true;
    const bool doubt = __kmp_mv_contradicted(a);
    contradicted += doubt;
    const int i = doubt ? max - ++nc : np++;
    cost[i] = (double)o->cost;
    time[i] = a->mean;
    return np + nc < max;
  });
  // Costs this run has not met: what earlier runs measured (the model store,
  // OMP_SELECT_LOAD). A stored first execution that contradicted its
  // prediction (the store's "doubted") counts as this run's do.
  const char *name = t->versions.load(std::memory_order_acquire)[v].name;
  const char *cluster = __kmp_mvomp_cluster_name(s->cluster);
  int doubted = 0;
  for (const kmp_mv_saved_t *r = __kmp_mv_saved.first;
       r && contradicted + doubted < KMP_MV_RECHECK_POINTS; r = r->all)
    doubted += __kmp_mv_contradicted(&r->arm) &&
               __kmp_mv_saved_point(r, t, s, name, cluster) &&
               !__kmp_mv_has_cost(cost, np, r->cost) &&
               !__kmp_mv_has_cost(cost + max - nc, nc, r->cost);
  const bool all = contradicted + doubted >= KMP_MV_RECHECK_POINTS;
  if (all)
    for (int i = 1; i <= nc; ++i, ++np) {
      cost[np] = cost[max - i];
      time[np] = time[max - i];
    }
  if (__kmp_mv_saved.first == NULL || np >= max)
    return np;
  kmp_mv_cost_set_t met(cost, np);
  for (const kmp_mv_saved_t *r = __kmp_mv_saved.first; r && np < max;
       r = r->all)
    if (__kmp_mv_saved_point(r, t, s, name, cluster) &&
        (all || !__kmp_mv_contradicted(&r->arm)) && !met.has(r->cost)) {
      met.add(r->cost);
      cost[np] = (double)r->cost;
      time[np] = r->arm.mean;
      ++np;
    }
  return np;
}

// Prediction by ratio (kmp_versions_policy.h): the points (cost, v's mean
// over r's) of the costs other than s's where both versions ran, this run's
// keys first, then the saved rows of the costs these do not have, with
// w = 1/n_v + 1/n_r; *noise is the pooled variance of log time of one
// execution of either there, or -1 when no point has repeated executions.
// Returns their number.
static int __kmp_mv_ratio_points(const kmp_mv_type_t *t,
                                 const kmp_mv_stats_t *s, int v, int r,
                                 double *cost, double *ratio, double *w,
                                 double *noise) {
  int np = 0;
  double sum = 0.0, weight = 0.0;
  __kmp_mv_each_key_of(t, v, [&](const kmp_mv_stats_t *o) {
    if (!__kmp_mv_point_key(o, s, v) || r >= o->key.narms)
      return true;
    const kmp_mv_arm_t *a = &o->key.arms[v], *c = &o->key.arms[r];
    if (!__kmp_mv_measured(a) || !__kmp_mv_measured(c))
      return true;
    cost[np] = (double)o->cost;
    ratio[np] = a->mean / c->mean;
    w[np] = 1.0 / (double)a->n + 1.0 / (double)c->n;
    __kmp_mv_noise_add(a, &sum, &weight);
    __kmp_mv_noise_add(c, &sum, &weight);
    ++np;
    return np < KMP_MV_PREDICT_POINTS;
  });
  const kmp_mv_version_t *vs = t->versions.load(std::memory_order_acquire);
  const char *cluster = __kmp_mvomp_cluster_name(s->cluster);
  if (__kmp_mv_saved.first != NULL && np < KMP_MV_PREDICT_POINTS) {
    kmp_mv_cost_set_t met(cost, np);
    for (const kmp_mv_saved_t *x = __kmp_mv_saved.first;
         x && np < KMP_MV_PREDICT_POINTS; x = x->all) {
      if (!__kmp_mv_saved_point(x, t, s, vs[v].name, cluster) ||
          !__kmp_mv_measured(&x->arm) || met.has(x->cost))
        continue;
      const kmp_mv_saved_t *y = __kmp_mv_rows_find(
          &__kmp_mv_saved, t->id, x->cost, x->locality, vs[r].name, cluster);
      if (y == NULL || !__kmp_mv_measured(&y->arm))
        continue;
      met.add(x->cost);
      cost[np] = (double)x->cost;
      ratio[np] = x->arm.mean / y->arm.mean;
      w[np] = 1.0 / (double)x->arm.n + 1.0 / (double)y->arm.n;
      __kmp_mv_noise_add(&x->arm, &sum, &weight);
      __kmp_mv_noise_add(&y->arm, &sum, &weight);
      ++np;
    }
  }
  *noise = weight > 0.0 ? sum / weight : -1.0;
  return np;
}

// The version other than v with the lowest mean measured at s among arms
// 0..n-1, or -1: the reference of the predictions by ratio.
static int __kmp_mv_ratio_reference(const kmp_mv_stats_t *s, int v, int n) {
  int r = -1;
  for (int i = 0; i < n; ++i)
    if (i != v && __kmp_mv_measured(&s->key.arms[i]) &&
        (r < 0 || s->key.arms[i].mean < s->key.arms[r].mean))
      r = i;
  return r;
}

// Version v of key s (under its lock), predicted from the version with the
// lowest mean measured at s and their ratio (kmp_versions_policy.h): when
// that prediction's error is under *err (or *have is false), it replaces
// *mu, *err. cost, ratio and w are scratch arrays of KMP_MV_PREDICT_POINTS.
static void __kmp_mv_predict_by_ratio(const kmp_mv_type_t *t,
                                      const kmp_mv_stats_t *s, int v, int n,
                                      double *cost, double *ratio, double *w,
                                      bool *have, double *mu, double *err) {
  const int r = __kmp_mv_ratio_reference(s, v, n);
  if (r < 0)
    return;
  double noise;
  int np = __kmp_mv_ratio_points(t, s, v, r, cost, ratio, w, &noise);
  kmp_mv_fit_t fit;
  if (!__kmp_mv_fit_ratio(cost, ratio, w, np, noise, &fit))
    return;
  const double e = __kmp_mv_fit_error(&fit, (double)s->cost);
  if (*have && !(e < *err))
    return;
  *have = true;
  *mu = s->key.arms[r].mean * __kmp_mv_fit_predict(&fit, (double)s->cost);
  *err = e;
}

// Whether a has neither run nor started at its key, nor a prediction there.
static inline bool __kmp_mv_unknown(const kmp_mv_arm_t *a) {
  return a->n == 0 && a->started == 0 &&
         (a->origin & KMP_MV_ORIGIN_MASK) != KMP_MV_ORIGIN_PREDICTED;
}

// What another ERASE cluster c knows of key s's cost and locality: this run's
// key there (which also holds what was loaded for it), else, before that key
// exists, the saved rows of cluster c (the model store, OMP_SELECT_LOAD), so
// that a second run predicts from them from its first task on. Keys are
// found and read without their locks, as above.
struct kmp_mv_cluster_view_t {
  const kmp_mv_type_t *t;
  const kmp_mv_stats_t *key; // NULL: the saved rows
  const char *name;          // the cluster's
};
static void __kmp_mv_cluster_view(const kmp_mv_type_t *t,
                                  const kmp_mv_stats_t *s, int c,
                                  kmp_mv_cluster_view_t *o) {
  o->t = t;
  o->key = __kmp_mv_find_stats(const_cast<kmp_mv_type_t *>(t), s->cost,
                               s->locality, c);
  o->name = __kmp_mvomp_cluster_name(c);
}
// Version v's statistics in view o (s the key viewed from), or NULL.
static const kmp_mv_arm_t *__kmp_mv_view_arm(const kmp_mv_cluster_view_t *o,
                                             const kmp_mv_stats_t *s, int v) {
  if (o->key != NULL)
    return v < o->key->key.narms ? &o->key->key.arms[v] : NULL;
  if (__kmp_mv_saved.n == 0)
    return NULL;
  const kmp_mv_saved_t *x = __kmp_mv_rows_find(
      &__kmp_mv_saved, o->t->id, s->cost, s->locality,
      o->t->versions.load(std::memory_order_acquire)[v].name, o->name);
  return x ? &x->arm : NULL;
}

// Prediction across clusters (kmp_versions_policy.h) assumes that the versions
// keep their ratios from one cluster to another. Whether key s (with a
// cluster; r the version measured best there) bears that out: some version
// other than r measured at s and on another cluster at its cost, and every
// such one's ratio to r within a factor KMP_MV_CLUSTER_MIN_ERROR of what the
// other cluster measured. Versions written each for one kind of core
// (erase_versions.c: each 20x faster on its own cluster) fail it, and keep
// exploring on every cluster.
static bool __kmp_mv_clusters_agree(const kmp_mv_type_t *t,
                                    const kmp_mv_stats_t *s, int n, int r) {
  int checked = 0;
  for (int c = 0; c < __kmp_mvomp_nclusters; ++c) {
    if (c == s->cluster)
      continue;
    kmp_mv_cluster_view_t o;
    __kmp_mv_cluster_view(t, s, c, &o);
    const kmp_mv_arm_t *ro = __kmp_mv_view_arm(&o, s, r);
    if (ro == NULL || !__kmp_mv_measured(ro))
      continue;
    for (int u = 0; u < n; ++u) {
      const kmp_mv_arm_t *here = &s->key.arms[u];
      if (u == r || !__kmp_mv_measured(here))
        continue;
      const kmp_mv_arm_t *there = __kmp_mv_view_arm(&o, s, u);
      if (there == NULL || !__kmp_mv_measured(there))
        continue;
      const double off =
          log(here->mean / s->key.arms[r].mean) - log(there->mean / ro->mean);
      if (!(fabs(off) <= KMP_MV_CLUSTER_MIN_ERROR))
        return false;
      ++checked;
    }
  }
  return checked > 0;
}

// Prediction across clusters (kmp_versions_policy.h): version v of key s
// (under its lock, not run there), as the mean of r, the version measured
// best at s, times v's ratio to r on the other clusters at s's cost and
// locality; replaces *mu, *err when none was made (*have false) or its error
// is smaller. The caller checked __kmp_mv_clusters_agree. ratio and w are
// scratch arrays of KMP_MV_PREDICT_POINTS (at least KMP_ERASE_MAX_CLUSTERS).
static void __kmp_mv_predict_by_cluster(const kmp_mv_type_t *t,
                                        const kmp_mv_stats_t *s, int v, int r,
                                        double *ratio, double *w, bool *have,
                                        double *mu, double *err, bool *across) {
  int np = 0;
  double sum = 0.0, weight = 0.0;
  for (int c = 0; c < __kmp_mvomp_nclusters && np < KMP_MV_PREDICT_POINTS;
       ++c) {
    if (c == s->cluster)
      continue;
    kmp_mv_cluster_view_t o;
    __kmp_mv_cluster_view(t, s, c, &o);
    const kmp_mv_arm_t *a = __kmp_mv_view_arm(&o, s, v),
                       *b = __kmp_mv_view_arm(&o, s, r);
    if (a == NULL || b == NULL || !__kmp_mv_measured(a) ||
        !__kmp_mv_measured(b))
      continue;
    ratio[np] = a->mean / b->mean;
    w[np] = 1.0 / (double)a->n + 1.0 / (double)b->n;
    __kmp_mv_noise_add(a, &sum, &weight);
    __kmp_mv_noise_add(b, &sum, &weight);
    ++np;
  }
  double log_ratio, e;
  if (!__kmp_mv_fit_cluster_ratio(
          ratio, w, np, weight > 0.0 ? sum / weight : -1.0, &log_ratio, &e) ||
      (*have && !(e < *err)))
    return;
  *have = *across = true;
  *mu = s->key.arms[r].mean * exp(log_ratio);
  *err = e;
}

// The reference of predictions across clusters at key s (arms 0..n-1: a new
// key's count is set after its predictions): the version measured best there
// when the clusters agree (__kmp_mv_clusters_agree), else -1.
static int __kmp_mv_cluster_reference(const kmp_mv_type_t *t,
                                      const kmp_mv_stats_t *s, int n) {
  if (!__kmp_mv_predict_clusters || s->cluster < 0)
    return -1;
  const int r = __kmp_mv_ratio_reference(s, -1, n);
  return r >= 0 && __kmp_mv_clusters_agree(t, s, n, r) ? r : -1;
}

static void __kmp_mv_predict_arms(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                  int n, const kmp_mv_policy_t *policy) {
  double cost[KMP_MV_PREDICT_POINTS], time[KMP_MV_PREDICT_POINTS],
      w[KMP_MV_PREDICT_POINTS];
  s->predicted_at = t->knowledge.load(std::memory_order_relaxed);
  // The slope the type's versions share over its other costs, computed once
  // a version needs it (__kmp_mv_fit_one_point; the point arrays serve each
  // version in turn), and with buckets of costs at once: the type keeps it to
  // bring a time measured at a size to its bucket's (kmp_versions_launch.cpp).
  kmp_mv_slope_t slope;
  bool have_slope = false;
  const bool buckets = __kmp_mv_buckets_of(t) > 0;
  auto shared_slope = [&]() {
    if (have_slope)
      return;
    __kmp_mv_slope_init(&slope);
    for (int u = 0; u < n; ++u)
      __kmp_mv_slope_add(&slope, cost, time,
                         __kmp_mv_cost_points(t, s, u, cost, time));
    have_slope = true;
    if (buckets && slope.versions > 0 && slope.sxx > 0.0)
      t->cost_slope.store(slope.sxy / slope.sxx, std::memory_order_relaxed);
  };
  if (UNLIKELY(buckets))
    shared_slope();
  const int cref = __kmp_mv_cluster_reference(t, s, n);
  for (int v = 0; v < n; ++v) {
    const kmp_mv_arm_t *arm = &s->key.arms[v];
    // (A prediction not yet tried here is made again from the costs measured
    // since: a version first seen at one other cost gets its own fit.)
    const kmp_uint32 from = arm->origin & KMP_MV_ORIGIN_MASK;
    bool fresh = arm->n == 0 && arm->started == 0 &&
                 (from == KMP_MV_ORIGIN_RUN || from == KMP_MV_ORIGIN_PREDICTED);
    bool vouch = !fresh && __kmp_mv_arm_vouchable(policy, arm);
    bool recheck = arm->n == 1 && (arm->origin & KMP_MV_ORIGIN_RECHECK);
    if (!fresh && !vouch && !recheck)
      continue; // saved statistics, running, or done exploring
    int np = __kmp_mv_cost_points(t, s, v, cost, time);
    kmp_mv_fit_t fit;
    bool have;
    if (np == 1) {
      const double c0 = cost[0], t0 = time[0];
      shared_slope();
      have = __kmp_mv_fit_one_point(c0, t0, &slope, &fit);
    } else {
      have = np >= 2 && __kmp_mv_fit_loglog(cost, time, np, &fit);
    }
    double mu = have ? __kmp_mv_fit_predict(&fit, (double)s->cost) : 0.0;
    double err = have ? __kmp_mv_fit_error(&fit, (double)s->cost) : 0.0;
    if (__kmp_mv_predict_ratio)
      __kmp_mv_predict_by_ratio(t, s, v, n, cost, time, w, &have, &mu, &err);
    bool across = false;
    if (cref >= 0 && v != cref)
      __kmp_mv_predict_by_cluster(t, s, v, cref, time, w, &have, &mu, &err,
                                  &across);
    if (!have)
      continue;
    if (recheck)
      __kmp_mv_recheck_explained(&s->key.arms[v], mu, err);
    else if (vouch)
      __kmp_mv_arm_vouch(&s->key.arms[v]);
    else {
      // (A first execution taken again stays so: once per key.)
      const kmp_uint32 kept = s->key.arms[v].origin & KMP_MV_ORIGIN_RETAKEN;
      __kmp_mv_arm_predict(&s->key.arms[v], mu, err);
      s->key.arms[v].origin |= kept | (across ? KMP_MV_ORIGIN_ACROSS : 0u);
    }
  }
}

// Whether type t has nothing to predict from: its only key, and no saved rows
// at all (the model store, OMP_SELECT_LOAD). Then the walks of its key
// buckets and the saved rows for each version (~15,000 instructions, 5 us,
// at each of a key's first executions, whose counts move the type's
// knowledge: a third of a small taskloop's time while it explored its grains,
// docs/grain.md) are skipped.
static inline bool __kmp_mv_alone(const kmp_mv_type_t *t) {
  return t->nkeys.load(std::memory_order_relaxed) <= 1 &&
         __kmp_mv_saved.n == 0;
}

// Whether key s's versions may start from predictions: at a cost (from the
// other costs), or on an ERASE cluster (from the other clusters).
static inline bool __kmp_mv_predictable(const kmp_mv_stats_t *s,
                                        const kmp_mv_policy_t *policy) {
  return __kmp_mv_predict && policy->eliminate &&
         (s->cost > 0 || (s->cluster >= 0 && __kmp_mv_predict_clusters));
}

void __kmp_mv_predict_slow(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                           const kmp_mv_policy_t *policy) {
  if (__kmp_mv_predictable(s, policy) && !__kmp_mv_alone(t))
    __kmp_mv_predict_arms(t, s, s->key.narms, policy);
  else
    s->predicted_at = t->knowledge.load(std::memory_order_relaxed);
}

int __kmp_mv_await_clusters(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                            const kmp_mv_policy_t *policy) {
  // (First what is known without a look at the arms: most keys have no
  // cluster.)
  if (s->cluster < 0 || !__kmp_mv_predict_clusters ||
      !__kmp_mv_predictable(s, policy) || policy->explore_ranks > 1)
    return 0;
  const int n = s->key.narms;
  bool unknown = false;
  for (int v = 0; v < n; ++v)
    unknown |= __kmp_mv_unknown(&s->key.arms[v]);
  // (Nothing to wait for, or nothing the wait would predict; the reference
  // is also what runs meanwhile.)
  if (!unknown || __kmp_mv_cluster_reference(t, s, n) < 0)
    return 0;
  bool in_flight = false;
  for (int c = 0; c < __kmp_mvomp_nclusters && !in_flight; ++c) {
    kmp_mv_cluster_view_t o;
    if (c == s->cluster)
      continue;
    __kmp_mv_cluster_view(t, s, c, &o);
    for (int v = 0; o.key != NULL && v < n && !in_flight; ++v) {
      const kmp_mv_arm_t *a = __kmp_mv_view_arm(&o, s, v);
      in_flight = a != NULL && a->n == 0 && a->started > 0;
    }
  }
  int awaited = 0;
  for (int v = 0; v < n && in_flight; ++v)
    if (__kmp_mv_unknown(&s->key.arms[v])) {
      s->key.arms[v].origin |= KMP_MV_ORIGIN_AWAITED;
      ++awaited;
    }
  return awaited;
}

void __kmp_mv_await_done(kmp_mv_stats_t *s) {
  for (int v = 0; v < s->key.narms; ++v)
    s->key.arms[v].origin &= ~KMP_MV_ORIGIN_AWAITED;
}

void __kmp_mv_recheck_predicted(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                const kmp_mv_policy_t *policy) {
  s->lock.acquire();
  const int explored = s->explored.load(std::memory_order_relaxed);
  __kmp_mv_predict_again(t, s, policy);
  s->checked_at.store(s->predicted_at, std::memory_order_relaxed);
  if (explored > 0 && __kmp_mv_unmeasured_worth_trying(policy, &s->key))
    __kmp_mv_set_explored(s, 0, policy); // a version is worth a try after all
  s->lock.release();
}

/* ------------------------------------------------------------------------ */
/* The re-check of stored statistics (OMP_SELECT_STORE_RECHECK)              */

// The type's notes of where this run measured its versions, made at the
// first key that starts from saved statistics (NULL if out of memory: no
// re-checks).
static kmp_mv_fresh_t *__kmp_mv_fresh_of(const kmp_mv_type_t *t) {
  kmp_mv_fresh_t *f = t->fresh.load(std::memory_order_acquire);
  if (f != NULL)
    return f;
  f = (kmp_mv_fresh_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_fresh_t));
  if (f == NULL)
    return NULL;
  memset((void *)f, 0, sizeof(*f));
  f->start = __kmp_mvomp_ticks();
  kmp_mv_fresh_t *none = NULL;
  if (!t->fresh.compare_exchange_strong(none, f, std::memory_order_acq_rel)) {
    KMP_INTERNAL_FREE(f); // another key made it first
    f = none;
  }
  return f;
}

void __kmp_mv_fresh_note(kmp_mv_type_t *t, kmp_mv_stats_t *s, int v) {
  kmp_mv_fresh_t *f = t->fresh.load(std::memory_order_acquire);
  if (f == NULL || v >= KMP_MV_FRESH_VERSIONS)
    return;
  f->lock.acquire();
  f->keys[v][f->count[v] % KMP_MV_FRESH_KEYS] = s;
  f->count[v]++;
  f->gen++;
  f->lock.release();
}

// This run's points of version v for key s: (cost, mean of this run's own
// executions) at the keys its notes hold, of other costs, the same locality
// and cluster. Returns their number.
static int __kmp_mv_fresh_points(const kmp_mv_type_t *t,
                                 const kmp_mv_stats_t *s, kmp_mv_fresh_t *f,
                                 int v, double *cost, double *time) {
  kmp_mv_stats_t *keys[KMP_MV_FRESH_KEYS];
  f->lock.acquire();
  const int n =
      f->count[v] < KMP_MV_FRESH_KEYS ? f->count[v] : KMP_MV_FRESH_KEYS;
  memcpy(keys, f->keys[v], n * sizeof(keys[0]));
  f->lock.release();
  int np = 0;
  for (int i = 0; i < n; ++i) {
    const kmp_mv_stats_t *o = keys[i];
    // (Another key's arms are read without its lock, as predictions do.)
    if (!__kmp_mv_point_key(o, s, v) || __kmp_mv_contradicted(&o->key.arms[v]))
      continue;
    const kmp_mv_arm_t own = __kmp_mv_own_arm(t, o, v, true);
    if (own.n == 0 || !(own.mean > 0.0))
      continue;
    cost[np] = (double)o->cost;
    time[np] = own.mean;
    ++np;
  }
  return np;
}

// Looks at stored versions that this run has no line for: per type at most
// this share of the time since its first key started from saved statistics
// (their expected cost: stored mean less the best's; the process's time
// would count what ran before, such as PRISE's oracle, 15 s, and afford a
// look at the largest size at once).
#define KMP_MV_RELOOK_SHARE 0.01

// This run's line of a version re-checks a stored mean within this factor of
// the costs of its points (__kmp_mv_recheck_stored).
#define KMP_MV_RECHECK_REACH 2.0
// The points (cost, time) of n within KMP_MV_RECHECK_REACH of cost c, copied
// to near_cost and near_time (which may be cost and time): their number.
static int __kmp_mv_near_points(const double *cost, const double *time, int n,
                                kmp_int64 c, double *near_cost,
                                double *near_time) {
  int near = 0;
  for (int i = 0; i < n; ++i)
    if (cost[i] <= (double)c * KMP_MV_RECHECK_REACH &&
        cost[i] * KMP_MV_RECHECK_REACH >= (double)c) {
      near_cost[near] = cost[i];
      near_time[near++] = time[i];
    }
  return near;
}

// This run's line of version v at key s: mean mu and error err (log scale)
// predicted from the points of __kmp_mv_fresh_points, if it has one. At least
// two costs (not a slope borrowed from the stored points this check doubts),
// reaching the key: a point within a factor KMP_MV_RECHECK_REACH of its cost
// (extrapolated further, a line through a version's small sizes put
// single-call BLIS under split OpenBLAS at n = 832 in a PRISE run and ran it
// there twice, 1.8x the best), and from the points within that factor alone
// when there are two (a line through a whole run's sizes bends, and its error
// hid stored means 1.6x too slow).
static bool __kmp_mv_fresh_line(const kmp_mv_type_t *t, const kmp_mv_stats_t *s,
                                kmp_mv_fresh_t *f, int v, double *mu,
                                double *err) {
  double cost[KMP_MV_FRESH_KEYS], time[KMP_MV_FRESH_KEYS];
  double near_cost[KMP_MV_FRESH_KEYS], near_time[KMP_MV_FRESH_KEYS];
  const int np = __kmp_mv_fresh_points(t, s, f, v, cost, time);
  const int near =
      __kmp_mv_near_points(cost, time, np, s->cost, near_cost, near_time);
  kmp_mv_fit_t fit;
  if (near == 0 || np < 2 ||
      !(near >= 2 ? __kmp_mv_fit_loglog(near_cost, near_time, near, &fit)
                  : __kmp_mv_fit_loglog(cost, time, np, &fit)))
    return false;
  *mu = __kmp_mv_fit_predict(&fit, (double)s->cost);
  *err = __kmp_mv_fit_error(&fit, (double)s->cost);
  return *mu > 0.0;
}

int __kmp_mv_lone_look(const kmp_mv_type_t *t, kmp_mv_stats_t *s, int best,
                       const kmp_mv_policy_t *policy) {
  // (Mean's, under robust statistics, as its second look; not for processes
  // that share their statistics, whose merged executions decide.)
  if (!__kmp_mv_lone_recheck || policy->kind != kmp_mv_mean ||
      !policy->robust || policy->explore_ranks > 1 || best < 0 ||
      s->cost <= 0 || !__kmp_mv_predictable(s, policy) || __kmp_mv_alone(t))
    return -1;
  const int n = s->key.narms;
  const double bm = s->key.arms[best].mean;
  double cost[KMP_MV_PREDICT_POINTS], time[KMP_MV_PREDICT_POINTS];
  int look = -1;
  double look_mu = 0.0;
  for (int v = 0; v < n; ++v) {
    const kmp_mv_arm_t *a = &s->key.arms[v];
    if (v == best || a->n != 1 || (a->origin & KMP_MV_ORIGIN_LONE) ||
        !(a->mean > bm))
      continue;
    // The version's line through its points within KMP_MV_RECHECK_REACH of
    // this cost, at least two, as the re-check of stored statistics reads
    // this run's line: extrapolated from a version's small sizes, a line put
    // single-call dgemm under split dgemm at a large PRISE size
    // (docs/runtime.md).
    const int near = __kmp_mv_near_points(
        cost, time, __kmp_mv_cost_points(t, s, v, cost, time), s->cost, cost,
        time);
    kmp_mv_fit_t fit;
    if (near < 2 || !__kmp_mv_fit_loglog(cost, time, near, &fit))
      continue;
    // Predicted under best, its one execution over the line's interval (as
    // a stored mean the re-check finds stale, but without its margin of a
    // standard error under best: the look is one execution, and the sizes
    // where two versions cross, 11-19% apart on the multi-size workload, are
    // where one is taken out so).
    const double mu = __kmp_mv_fit_predict(&fit, (double)s->cost);
    if (!(mu > 0.0) || !(mu < bm) ||
        !(a->mean >
          __kmp_mv_stored_limit(mu, __kmp_mv_fit_error(&fit, (double)s->cost))))
      continue;
    if (look < 0 || mu < look_mu) {
      look = v;
      look_mu = mu;
    }
  }
  if (look >= 0)
    s->key.arms[look].origin |= KMP_MV_ORIGIN_LONE;
  return look;
}

void __kmp_mv_second_chance(kmp_mv_stats_t *s, const kmp_mv_policy_t *policy) {
  s->chance_at = 2.0 * s->key.sum;
  if (__kmp_mv_second_chance_k <= 0 || !__kmp_mv_learns_robustly(policy) ||
      policy->explore_ranks > 1)
    return;
  // The lone version with the lowest mean (not the best's, nor one running).
  const int low = __kmp_mv_lowest_mean(&s->key);
  int pick = -1;
  for (int v = 0; v < s->key.narms; ++v) {
    const kmp_mv_arm_t *a = &s->key.arms[v];
    if (v != low && a->n == 1 && a->started <= a->n &&
        !(a->origin & KMP_MV_ORIGIN_LONE) && a->mean > 0.0 &&
        (pick < 0 || a->mean < s->key.arms[pick].mean))
      pick = v;
  }
  if (pick < 0 || low < 0)
    return;
  const double due = (double)__kmp_mv_second_chance_k *
                     (s->key.arms[pick].mean - s->key.arms[low].mean);
  if (s->key.sum < due) {
    s->chance_at = KMP_MIN(due, s->chance_at);
    return;
  }
  // (While the key explores, or another look is pending: at the doubling.)
  if (s->explored.load(std::memory_order_relaxed) < s->key.narms ||
      s->second_look.load(std::memory_order_relaxed) >= 0)
    return;
  s->chance_at = HUGE_VAL;
  s->key.arms[pick].origin |= KMP_MV_ORIGIN_LONE;
  s->second_look.store(pick, std::memory_order_relaxed);
}

bool __kmp_mv_retake(kmp_mv_stats_t *s, int slot,
                     const kmp_mv_policy_t *policy) {
  kmp_mv_arm_t *a = &s->key.arms[slot];
  if (a->n != 0 || (a->origin & KMP_MV_ORIGIN_RETAKEN) ||
      !__kmp_mv_learns_robustly(policy))
    return false;
  a->origin |= KMP_MV_ORIGIN_RETAKEN;
  // (Choices made once the key is explored counted no start.)
  if (s->explored.load(std::memory_order_relaxed) < s->key.narms)
    __kmp_mv_unstart(&s->key, slot);
  return true;
}

bool __kmp_mv_stored_ran(kmp_mv_type_t *t, kmp_mv_stats_t *s, int slot,
                         double *xp, const kmp_mv_policy_t *policy) {
  if (slot >= KMP_MV_FRESH_VERSIONS || !(s->stored_unchecked & (1u << slot)))
    return false;
  const double x = *xp;
  s->stored_unchecked &= ~(1u << slot);
  // The first execution of this run of a version whose statistics here are
  // stored: a re-check's judges them by the bound the check set; any other
  // (the key's best, say, whose stored mean an earlier run disturbed as
  // much) by this run's line of the version, when it has one (stale: the
  // stored mean over the line's interval, the execution inside it), else by
  // robust statistics' ratio (an execution over KMP_MV_ROBUST_FIRST times
  // faster than the stored mean).
  kmp_mv_arm_t *a = &s->key.arms[slot];
  bool stale;
  if (slot == s->stored_look) {
    s->stored_look = -1;
    stale = __kmp_mv_store_recheck && x <= s->stored_limit;
  } else if (!__kmp_mv_store_recheck ||
             t->nkeys.load(std::memory_order_relaxed) < KMP_MV_RECHECK_KEYS) {
    // (Off, set by kmp_set_defaults since the key was loaded; or a type of a
    // few keys, which keeps what the store says: a taskloop's grains,
    // whose stored means hold the first run's cold executions, 1.5-2x the
    // warm ones, restarted at their warm first execution here and ran
    // 0.4-1.7% slower, ending on the best grain less often.)
    stale = false;
  } else {
    kmp_mv_fresh_t *f = t->fresh.load(std::memory_order_acquire);
    double mu, err;
    if (f != NULL && __kmp_mv_fresh_line(t, s, f, slot, &mu, &err)) {
      const double limit = __kmp_mv_stored_limit(mu, err);
      stale = a->mean > limit && x <= limit;
    } else {
      stale = x * KMP_MV_ROBUST_FIRST <= a->mean;
    }
  }
  if (stale) {
    __kmp_mv_arm_restart(a, x);
    s->key.t++;
    s->key.sum += x;
  } else if (policy->robust && a->n > 0 && x > a->mean &&
             x <= a->mean * __kmp_mv_robust_ratio(a)) {
    // Cold: the version's first execution at the key in this process (its
    // code and data, for a taskloop its tasks' split of the data, come into
    // the caches) is slower than the warm executions the store holds, and
    // counted as it came it could lift the stored best over a close
    // runner-up (docs/grain.md). It confirms the stored mean without moving
    // it; a change of the version shows from its next execution, and an
    // outlier is robust statistics' to judge, as before.
    *xp = a->mean;
  }
  // (Counted or not, the arm now holds an execution of this run: a point.)
  __kmp_mv_fresh_note(t, s, slot);
  return stale;
}

static bool __kmp_mv_relook_afford(kmp_mv_fresh_t *f, double extra) {
  const double since = (double)(kmp_int64)(__kmp_mvomp_ticks() - f->start) *
                       __kmp_mvomp_ns_per_tick();
  f->lock.acquire();
  const bool afford = f->spent + extra <= KMP_MV_RELOOK_SHARE * since;
  if (afford)
    f->spent += extra;
  f->lock.release();
  return afford;
}

// Whether the re-check applies to key s of type t under policy (its notes
// in *f): Mean's choice, re-checked by its second look; not for processes
// that share their statistics (their ranks' merged executions decide).
static bool __kmp_mv_recheck_applies(const kmp_mv_type_t *t,
                                     const kmp_mv_stats_t *s,
                                     const kmp_mv_policy_t *policy,
                                     kmp_mv_fresh_t **f) {
  *f = t->fresh.load(std::memory_order_acquire);
  return *f != NULL && __kmp_mv_store_recheck && policy->kind == kmp_mv_mean &&
         policy->robust && policy->explore_ranks <= 1 && s->cost > 0 &&
         t->nkeys.load(std::memory_order_relaxed) >= KMP_MV_RECHECK_KEYS &&
         __kmp_mv_predictable(s, policy);
}

// The stored version to look at once at key s (under its lock) instead of its
// best, or -1 (the look's bound in s->stored_limit). One pass over the stored
// versions this run has not run here and that the best beat: (a) this run's
// line contradicts the stored mean (the lowest prediction wins); else (b) this
// run has no line of the version: an earlier run disturbed at every cost (a
// busy machine) left it slow everywhere, where Mean never runs it again; one
// look at the one that costs least, if its expected cost (stored mean less the
// best's) fits the budget, which grows with the run's time, so that the cheap
// keys are the first it affords: faster than the best, or than half its stored
// mean, the stored statistics were stale.
static int __kmp_mv_stored_look(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                kmp_mv_fresh_t *f, int best) {
  s->stored_checked_at = __atomic_load_n(&f->gen, __ATOMIC_RELAXED);
  const double bm = s->key.arms[best].mean;
  int look = -1, lineless = -1;
  double look_mu = 0.0, look_limit = 0.0, extra = 0.0;
  const int n = s->key.narms < KMP_MV_FRESH_VERSIONS ? s->key.narms
                                                     : KMP_MV_FRESH_VERSIONS;
  for (int v = 0; v < n; ++v) {
    const kmp_mv_arm_t *a = &s->key.arms[v];
    if (v == best || !(s->stored_unchecked & (1u << v)) || !(a->mean > bm))
      continue;
    double mu, err, limit;
    if (__kmp_mv_fresh_line(t, s, f, v, &mu, &err)) {
      if (__kmp_mv_stored_stale(a->mean, bm, mu, err, &limit) &&
          (look < 0 || mu < look_mu)) {
        look = v;
        look_mu = mu;
        look_limit = limit;
      }
    } else if (__atomic_load_n(&f->count[v], __ATOMIC_RELAXED) < 2 &&
               (lineless < 0 || a->mean - bm < extra)) {
      lineless = v;
      extra = a->mean - bm;
    }
  }
  if (look < 0 && lineless >= 0 && __kmp_mv_relook_afford(f, extra)) {
    const double half = s->key.arms[lineless].mean / KMP_MV_ROBUST_FIRST;
    look = lineless;
    look_limit = half > bm ? half : bm;
  }
  if (look >= 0) {
    s->stored_look = look;
    s->stored_limit = look_limit;
  }
  return look;
}

void __kmp_mv_recheck_stored(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                             const kmp_mv_policy_t *policy) {
  kmp_mv_fresh_t *f;
  const int best = s->mean_best.load(std::memory_order_relaxed);
  if (best < 0 || !__kmp_mv_recheck_applies(t, s, policy, &f))
    return; // (best < 0: still exploring, __kmp_mv_recheck_first's)
  if (s->stored_look >= 0) {
    // Pending: a second look of Mean's own may have taken its place.
    if (s->second_look.load(std::memory_order_relaxed) < 0)
      s->second_look.store(s->stored_look, std::memory_order_relaxed);
    return;
  }
  // When this run's notes moved, or the key's executions reached a power of
  // two (the budget of the looks grows with the run's time).
  const kmp_uint64 kt = s->key.t;
  if ((__kmp_mv_knowledge_moved(__atomic_load_n(&f->gen, __ATOMIC_RELAXED),
                                s->stored_checked_at) ||
       (kt & (kt - 1)) == 0) &&
      s->second_look.load(std::memory_order_relaxed) < 0) {
    const int look = __kmp_mv_stored_look(t, s, f, best);
    if (look >= 0)
      s->second_look.store(look, std::memory_order_relaxed);
  }
}

int __kmp_mv_recheck_first(const kmp_mv_type_t *t, kmp_mv_stats_t *s,
                           const kmp_mv_policy_t *policy, int chosen) {
  kmp_mv_fresh_t *f;
  // Mean's choice of the lowest mean among versions that have their quota
  // (the key is explored by what it loaded): a look is due at once, unless
  // this run's notes have not moved since the key's last check (the choices
  // made before its first execution is recorded check once).
  if (s->stored_look >= 0 || !__kmp_mv_recheck_applies(t, s, policy, &f) ||
      !__kmp_mv_knowledge_moved(__atomic_load_n(&f->gen, __ATOMIC_RELAXED),
                                s->stored_checked_at) ||
      !__kmp_mv_explored(policy, &s->key) ||
      __kmp_mv_lowest_mean(&s->key) != chosen)
    return chosen;
  const int look = __kmp_mv_stored_look(t, s, f, chosen);
  if (look < 0)
    return chosen;
  s->key.arms[chosen].started--; // (__kmp_mv_select counted it)
  s->key.arms[look].started++;
  return look;
}

// Makes room for every registered version of type t in s (under s->lock);
// new versions start from their saved statistics (OMP_SELECT_LOAD or the
// model store), if any, else from predictions.
void __kmp_mv_grow_arms(const kmp_mv_type_t *t, kmp_mv_stats_t *s, int n,
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
  for (int i = s->key.narms; i < n && __kmp_mv_saved.n > 0; ++i) {
    const kmp_mv_arm_t *saved = __kmp_mv_saved_arm(t, s, i);
    if (saved != NULL) {
      s->key.arms[i] = *saved;
      s->key.t += saved->n;
      s->key.sum += saved->mean * (double)saved->n;
      loaded = true;
      // Until it runs here, what an earlier run measured may be re-checked.
      if (__kmp_mv_store_recheck && i < KMP_MV_FRESH_VERSIONS && saved->n > 0 &&
          __kmp_mv_fresh_of(t) != NULL)
        s->stored_unchecked |= 1u << i;
    }
  }
  // What other processes measured (kmp_mvomp_share_import).
  if (__kmp_mv_shared_gen.load(std::memory_order_acquire) > 0) {
    __kmp_acquire_bootstrap_lock(&__kmp_mv_shared_lock);
    if (s->key.narms == 0)
      s->shared_gen = __kmp_mv_shared_gen.load(std::memory_order_relaxed);
    for (int i = s->key.narms; i < n; ++i) {
      const kmp_mv_arm_t *shared = __kmp_mv_shared_arm(t, s, i);
      if (shared != NULL) {
        s->key.arms[i] = __kmp_mv_arm_merge(&s->key.arms[i], shared);
        s->key.t += shared->n;
        s->key.sum += shared->mean * (double)shared->n;
        loaded = true;
      }
    }
    __kmp_release_bootstrap_lock(&__kmp_mv_shared_lock);
  }
  if (s->key.narms == 0 && __kmp_mv_predictable(s, policy) &&
      !__kmp_mv_alone(t))
    __kmp_mv_predict_arms(t, s, n, policy);
  const int from = s->key.narms;
  s->key.narms = n;
  // Loaded executions are a version's executions here (a type with many keys
  // lists them, as it does a first execution).
  for (int i = from; i < n && loaded; ++i)
    if (s->key.arms[i].n > 0)
      __kmp_mv_index_add(t, s, i);
  // The new versions are not explored, unless what was loaded explores them.
  __kmp_mv_set_explored(s, loaded && __kmp_mv_explored(policy, &s->key) ? n : 0,
                        policy);
}

int __kmp_mv_fixed_slot_lookup(kmp_mv_type_t *t) {
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  int n = t->nversions.load(std::memory_order_relaxed);
  kmp_mv_version_t *vs = t->versions.load(std::memory_order_relaxed);
  // A number is a registration index (version names are never numbers).
  const char *arg = __kmp_mv_fixed ? __kmp_mv_fixed : "";
  char *end = NULL;
  long index = strtol(arg, &end, 10);
  bool is_index = end != arg && *end == '\0';
  int slot = -1;
  if (is_index)
    slot = index >= 0 && index < n ? (int)index : -1;
  else
    for (int i = 0; i < n && slot < 0; ++i)
      if (strcmp(vs[i].name, arg) == 0)
        slot = i;
  if (slot < 0 && t->fixed_checked.load(std::memory_order_relaxed) == 0)
    __kmp_mvomp_warn("MVOMP",
                     "OMP_SELECT=fixed:%s: task type %d has no such version; "
                     "choosing with mean instead",
                     arg, (int)t->id);
  t->fixed_slot = slot;
  t->fixed_checked.store(n, std::memory_order_release);
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  return slot;
}

/*
 * kmp_versions_share.cpp -- statistics shared between processes: the
 * kmp_mvomp_share_* API of mvomp.h (docs/mpi.md). A transport (libmvomp-mpi
 * for MPI ranks) exports each process's own executions, moves them, and
 * imports into every process the sum of the others': each key's arms then
 * hold own (+) loaded (+) others', exactly (counts, means and sums of squares
 * merge as Chan et al.'s parallel variance), and the policies choose from the
 * measurements of all. libomp itself knows no transport.
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

#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The exchange format                                                      */

// An export: a header, then one record per (type, cost, locality, cluster,
// version) this process ran, each followed by the version's name and the
// cluster's name (not terminated) and padding to 8 bytes. Native byte order:
// the processes sharing are one program on one kind of machine.
#define KMP_MV_SHARE_MAGIC "MVSHARE1"
struct kmp_mv_share_head_t {
  char magic[8];
  kmp_uint64 records;
  kmp_uint64 bytes; // the whole export, header included
};
struct kmp_mv_share_rec_t {
  kmp_int32 type;
  kmp_int32 locality;
  kmp_int64 cost;
  kmp_uint64 n;
  double mean;
  double m2;
  kmp_uint32 name_len;
  kmp_uint32 cluster_len;
};
static_assert(sizeof(kmp_mv_share_rec_t) == 48, "kmp_mv_share_rec_t");

#define KMP_MV_SHARE_NAME_MAX 4096 // a version's or a cluster's name
#define KMP_MV_SHARE_ALIGN(x) (((x) + 7) & ~(size_t)7)

struct kmp_mv_share_buf_t {
  char *data;
  size_t used, size;
};

static void *__kmp_mv_share_room(kmp_mv_share_buf_t *b, size_t bytes) {
  if (b->used + bytes > b->size) {
    size_t size = b->size ? 2 * b->size : 4096;
    while (size < b->used + bytes)
      size *= 2;
    b->data = (char *)KMP_INTERNAL_REALLOC(b->data, size);
    b->size = size;
  }
  void *p = b->data + b->used;
  memset(p, 0, bytes);
  b->used += bytes;
  return p;
}

static void __kmp_mv_share_export_key(kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                      void *arg) {
  kmp_mv_share_buf_t *b = (kmp_mv_share_buf_t *)arg;
  const kmp_mv_version_t *vs = t->versions.load(std::memory_order_acquire);
  const char *cluster = __kmp_mvomp_cluster_name(s->cluster);
  size_t cluster_len = strlen(cluster);
  for (int v = 0; v < s->key.narms; ++v) {
    kmp_mv_arm_t own = __kmp_mv_own_arm(t, s, v, false);
    if (own.n == 0)
      continue;
    size_t name_len = strlen(vs[v].name);
    kmp_mv_share_rec_t rec = {t->id,
                              s->locality,
                              s->cost,
                              own.n,
                              own.mean,
                              own.m2,
                              (kmp_uint32)name_len,
                              (kmp_uint32)cluster_len};
    char *p = (char *)__kmp_mv_share_room(
        b, KMP_MV_SHARE_ALIGN(sizeof(rec) + name_len + cluster_len));
    memcpy(p, &rec, sizeof(rec));
    memcpy(p + sizeof(rec), vs[v].name, name_len);
    memcpy(p + sizeof(rec) + name_len, cluster, cluster_len);
    ((kmp_mv_share_head_t *)b->data)->records++;
  }
}

// Parses one export into rows (adding to what they hold). Returns NULL, or
// what is wrong with it.
static const char *__kmp_mv_share_parse(const char *p, size_t size,
                                        kmp_mv_rows_t *rows) {
  kmp_mv_share_head_t head;
  if (size < sizeof(head))
    return "shorter than its header";
  memcpy(&head, p, sizeof(head));
  if (memcmp(head.magic, KMP_MV_SHARE_MAGIC, 8) != 0)
    return "not an export of this MVOMP release";
  if (head.bytes != size)
    return "its size is not the size it was exported with";
  size_t at = sizeof(head);
  for (kmp_uint64 i = 0; i < head.records; ++i) {
    kmp_mv_share_rec_t rec;
    if (size - at < sizeof(rec))
      return "truncated";
    memcpy(&rec, p + at, sizeof(rec));
    size_t len = sizeof(rec) + (size_t)rec.name_len + rec.cluster_len;
    if (rec.name_len == 0 || rec.name_len > KMP_MV_SHARE_NAME_MAX ||
        rec.cluster_len > KMP_MV_SHARE_NAME_MAX || size - at < len)
      return "truncated";
    if (rec.n == 0 || !(rec.mean >= 0.0) || !(rec.m2 >= 0.0))
      return "a record has no executions or a negative time";
    // The names, terminated in a buffer of the parse (copied only for a new
    // row: each row usually comes from every other process).
    const char *name = p + at + sizeof(rec);
    char n[KMP_MV_SHARE_NAME_MAX + 1], c[KMP_MV_SHARE_NAME_MAX + 1];
    memcpy(n, name, rec.name_len);
    n[rec.name_len] = '\0';
    memcpy(c, name + rec.name_len, rec.cluster_len);
    c[rec.cluster_len] = '\0';
    kmp_mv_arm_t part;
    memset(&part, 0, sizeof(part));
    part.n = rec.n;
    part.mean = rec.mean;
    part.m2 = rec.m2;
    kmp_mv_saved_t *r =
        __kmp_mv_rows_find(rows, rec.type, rec.cost, rec.locality, n, c);
    if (r == NULL) {
      r = (kmp_mv_saved_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_saved_t));
      memset(r, 0, sizeof(*r));
      r->type = rec.type;
      r->cost = rec.cost;
      r->locality = rec.locality;
      r->name = __kmp_mvomp_strdup(n);
      r->cluster = __kmp_mvomp_strdup(c);
      __kmp_mv_rows_add(rows, r);
    }
    r->arm = __kmp_mv_arm_merge(&r->arm, &part);
    at += KMP_MV_SHARE_ALIGN(len);
    if (at > size)
      at = size;
  }
  if (at != size)
    return "it has bytes after its last record";
  return NULL;
}

// Moves key s (under its lock) from the others' statistics of its generation
// to those of generation *gen: each arm less what it held of them, plus what
// they sent now. The arm's own executions, started count, GB preference,
// outliers and origin stay.
static void __kmp_mv_share_apply_key(kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                     void *arg) {
  int gen = *(int *)arg;
  if (s->shared_gen == gen)
    return; // created since gen was published: it started from it
  const kmp_mv_rows_t *now = &__kmp_mv_shared[gen & 1];
  const kmp_mv_version_t *vs = t->versions.load(std::memory_order_acquire);
  const char *cluster = __kmp_mvomp_cluster_name(s->cluster);
  bool changed = false;
  kmp_mv_policy_t own;
  const kmp_mv_policy_t *policy = __kmp_mv_policy_of(t, &own);
  if (s->nreserved < s->key.narms) {
    kmp_uint64 *r = (kmp_uint64 *)__kmp_allocate(s->key.narms * sizeof(*r));
    if (s->nreserved > 0)
      memcpy(r, s->reserved, s->nreserved * sizeof(*r));
    if (s->reserved != NULL)
      __kmp_free(s->reserved);
    s->reserved = r;
    s->nreserved = s->key.narms;
  }
  for (int v = 0; v < s->key.narms; ++v) {
    const kmp_mv_arm_t *before = __kmp_mv_shared_arm(t, s, v);
    const kmp_mv_saved_t *sent = __kmp_mv_rows_find(
        now, t->id, s->cost, s->locality, vs[v].name, cluster);
    if (before == NULL && sent == NULL)
      continue;
    kmp_mv_arm_t *a = &s->key.arms[v];
    kmp_mv_arm_t r = before ? __kmp_mv_arm_remove(a, before) : *a;
    if (sent != NULL)
      r = __kmp_mv_arm_merge(&r, &sent->arm);
    // This process's executions of it still running: started less completed
    // less what was held for the others at the last exchange.
    kmp_uint64 running = a->started > a->n ? a->started - a->n : 0;
    running = running > s->reserved[v] ? running - s->reserved[v] : 0;
    r.h = a->h;
    r.outliers = a->outliers;
    r.origin = a->origin;
    r.started = __kmp_mv_shared_started(policy, &r, running);
    s->reserved[v] = r.started - r.n - running;
    s->key.t = s->key.t - a->n + r.n;
    s->key.sum += r.mean * (double)r.n - a->mean * (double)a->n;
    if (s->key.sum < 0.0)
      s->key.sum = 0.0;
    const bool first = a->n == 0 && r.n > 0; // (its first executions here)
    *a = r;
    if (first)
      __kmp_mv_index_add(t, s, v);
    changed = true;
  }
  s->shared_gen = gen;
  if (changed)
    __kmp_mv_readopt(t, s); // (started >= n: kept)
}

// Creates the keys the others ran and this process has not met (of the types
// it registered), so that they start from what was sent: prediction across
// costs uses them, and the process that writes the model store for all
// (kmp_mvomp_share_store(1)) has every key. Keys of ERASE's clusters are
// this process's own placement: they take what was sent when they are
// created here.
static void __kmp_mv_share_create_keys(const kmp_mv_rows_t *rows) {
  const char *none = __kmp_mvomp_cluster_name(-1);
  for (const kmp_mv_saved_t *r = rows->first, *prev = NULL; r;
       prev = r, r = r->all) {
    kmp_mv_type_t *t;
    if ((prev && prev->type == r->type && prev->cost == r->cost &&
         prev->locality == r->locality) || // a key's versions are in a row
        strcmp(r->cluster, none) != 0 ||
        (t = __kmp_mv_find_type(r->type)) == NULL)
      continue;
    kmp_mv_stats_t *s = __kmp_mv_get_stats(t, r->cost, r->locality, -1);
    kmp_mv_policy_t own;
    s->lock.acquire();
    __kmp_mv_grow_arms(t, s, t->nversions.load(std::memory_order_acquire),
                       __kmp_mv_policy_of(t, &own));
    s->lock.release();
  }
}

static void __kmp_mv_share_count_exploring(kmp_mv_type_t *, kmp_mv_stats_t *s,
                                           void *arg) {
  if (s->key.narms > 0 &&
      s->explored.load(std::memory_order_relaxed) < s->key.narms)
    ++*(int *)arg;
}

/* ------------------------------------------------------------------------ */
/* The API (mvomp.h)                                                        */

// One import at a time (the generations move by one each).
static kmp_bootstrap_lock_t __kmp_mv_share_import_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_mv_share_import_lock);

extern "C" {

void *kmp_mvomp_share_export(size_t *size) {
  kmp_mv_share_buf_t b = {NULL, 0, 0};
  __kmp_mv_share_room(&b, sizeof(kmp_mv_share_head_t));
  memcpy(b.data, KMP_MV_SHARE_MAGIC, 8);
  if (TCR_4(__kmp_init_serial))
    __kmp_mv_for_each_key(-1, __kmp_mv_share_export_key, &b);
  kmp_mv_share_head_t *head = (kmp_mv_share_head_t *)b.data;
  head->bytes = b.used;
  if (head->records == 0) { // nothing of its own
    KMP_INTERNAL_FREE(b.data);
    b.data = NULL;
    b.used = 0;
  }
  if (size != NULL)
    *size = b.used;
  return b.data;
}

void kmp_mvomp_share_free(void *exported) { KMP_INTERNAL_FREE(exported); }

int kmp_mvomp_share_import(int nparts, const void *const *parts,
                           const size_t *sizes) {
  if (nparts < 0 || (nparts > 0 && (parts == NULL || sizes == NULL))) {
    __kmp_mvomp_warn("MVOMP", "kmp_mvomp_share_import: no parts given; "
                              "nothing is imported");
    return -1;
  }
  kmp_mv_rows_t rows = {NULL, 0, 0, NULL, NULL};
  for (int i = 0; i < nparts; ++i) {
    if (sizes[i] == 0)
      continue; // a process with no executions of its own
    const char *why =
        parts[i] ? __kmp_mv_share_parse((const char *)parts[i], sizes[i], &rows)
                 : "missing";
    if (why != NULL) {
      __kmp_mvomp_warn("MVOMP",
                       "kmp_mvomp_share_import: part %d of %d is malformed "
                       "(%s); nothing is imported",
                       i, nparts, why);
      __kmp_mv_rows_free(&rows);
      return -1;
    }
  }
  int n = (int)rows.n;
  if (!TCR_4(__kmp_init_serial))
    __kmp_serial_initialize(); // the keys' policy settings
  __kmp_acquire_bootstrap_lock(&__kmp_mv_share_import_lock);
  // Publish: the generation two back is what no key holds any more.
  __kmp_acquire_bootstrap_lock(&__kmp_mv_shared_lock);
  int gen = __kmp_mv_shared_gen.load(std::memory_order_relaxed) + 1;
  __kmp_mv_rows_free(&__kmp_mv_shared[gen & 1]);
  __kmp_mv_shared[gen & 1] = rows;
  __kmp_mv_shared_gen.store(gen, std::memory_order_release);
  __kmp_release_bootstrap_lock(&__kmp_mv_shared_lock);
  __kmp_mv_for_each_key(-1, __kmp_mv_share_apply_key, &gen);
  if (n > 0) {
    __kmp_mv_store_open(); // keys start from the store's rows too
    __kmp_mv_share_create_keys(&__kmp_mv_shared[gen & 1]);
  }
  __kmp_release_bootstrap_lock(&__kmp_mv_share_import_lock);
  return n;
}

void kmp_mvomp_share_ranks(int rank, int size) {
  if (size < 1 || rank < 0 || rank >= size) {
    __kmp_mvomp_warn("MVOMP",
                     "kmp_mvomp_share_ranks(%d, %d): not a rank of that many "
                     "processes; exploring from the first version",
                     rank, size);
    rank = 0;
    size = 0;
  }
  __kmp_mv_policy.explore_rank = rank;
  __kmp_mv_policy.explore_ranks = size;
}

void kmp_mvomp_share_store(int mode) {
  __kmp_mv_share_store_mode = mode < 0 ? -1 : mode > 0 ? 1 : 0;
}

int kmp_mvomp_share_exploring(void) {
  int n = 0;
  if (TCR_4(__kmp_init_serial))
    __kmp_mv_for_each_key(-1, __kmp_mv_share_count_exploring, &n);
  return n;
}

} // extern "C"

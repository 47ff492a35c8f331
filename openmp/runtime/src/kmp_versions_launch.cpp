/*
 * kmp_versions_launch.cpp -- multi-version tasks' launch, the compiler's ABI
 * (docs/abi.md) but registration: __kmpc_omp_task_version_alloc lays out each
 * version of a launch (the carrier, version 0, is an ordinary libomp task;
 * the others are carved from room in it or from chunks), and
 * __kmpc_omp_task_versions fills the launch's record and issues the carrier,
 * whose routine is then the dispatch (kmp_versions_dispatch.cpp).
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_versions_internal.h"

#include <string.h>

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
// no call but tail calls, and saves no register. It runs once per version of
// every launch: aligned to a cache line, its fast path (about 100 bytes) spans
// two lines wherever the linker puts the file (at an offset of 48 bytes it
// spanned three, and 219-version launches took 5% longer).
__attribute__((aligned(64))) kmp_task_t *
__kmpc_omp_task_version_alloc(ident_t *loc, kmp_int32 gtid, kmp_int32 index,
                              kmp_int32 flags, size_t sizeof_kmp_task_t,
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

// A size given by task_cost where type t's sizes share buckets
// (OMP_SELECT_COST_BUCKETS): the launch's key cost becomes its bucket's, and
// its time divisor the one that brings a time measured at the size to it.
static __attribute__((noinline)) void
__kmp_mv_launch_bucket(kmp_mv_launch_t *run, const kmp_mv_type_t *t) {
  const kmp_int64 r = __kmp_mv_cost_bucket(run->cost, __kmp_mv_buckets_of(t));
  if (r == run->cost)
    return;
  run->divby = __kmp_mv_bucket_divisor(
      run->cost, r, t->cost_slope.load(std::memory_order_relaxed));
  run->cost = r;
}

// Writes the launch record `run` of versions[0..n-1] (of type t, in slots
// `slots`) and makes the carrier, versions[0], run the dispatch with it (its
// own entry and shareds kept in the record); consumes the cost and nodes set
// for the next launch.
static inline void __kmp_mv_fill_record(kmp_mv_thread_t *th,
                                        kmp_mv_launch_t *run, kmp_int32 n,
                                        kmp_task_t **versions, kmp_mv_type_t *t,
                                        const kmp_int32 *slots) {
  kmp_task_t *carrier = versions[0];
  run->routine0 = carrier->routine;
  run->shareds0 = carrier->shareds;
  run->n = n;
  run->cost = th->next_cost;
  run->divby = 1.0;
  // kmp_task_reftime's divBy (> 1), or a size (next_divby 0: task_cost's)
  // in a bucket.
  if (UNLIKELY(th->next_divby != 1)) {
    if (th->next_divby > 1)
      run->divby = (double)th->next_divby;
    else if (run->cost > 0 && __kmp_mv_buckets_of(t) > 0)
      __kmp_mv_launch_bucket(run, t);
  }
  run->node1 = th->next_node1;
  run->node2 = th->next_node2;
  th->next_cost = 0;
  th->next_divby = 1;
  th->next_node1 = th->next_node2 = -1;
  th->launch_type = run->type = t;
  run->within_type = th->frame != NULL && th->frame->type == t;
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

// Aligned to a cache line, as __kmpc_omp_task_version_alloc: the fast path
// then takes the fewest lines wherever the linker places the file.
__attribute__((aligned(64))) kmp_int32
__kmpc_omp_task_versions(ident_t *loc, kmp_int32 gtid, kmp_int32 type,
                         kmp_int32 n, kmp_task_t **versions, kmp_int32 flags,
                         kmp_int32 priority, kmp_int32 ndeps,
                         kmp_depend_info_t *dep_list, kmp_int32 ndeps_noalias,
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

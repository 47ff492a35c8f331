/*
 * mvomp.h -- MVOMP's public API: multi-version tasks and their statistics.
 *
 * Installed next to omp.h; docs/runtime.md ("The task API") describes every
 * function, docs/architecture.md where each is implemented.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MVOMP_H
#define MVOMP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "MVOMP libomp <release> (LLVM <upstream version>)": identifies the runtime in use. */
extern const char *kmp_mvomp_version(void);

/* --- Describing the next multi-version task (thesis 000, section 3.3.1) ---
 * Each call applies to the next multi-version task (`#pragma omp task run`)
 * that the calling thread launches, then lapses. */

/* Problem size of the next task: statistics are kept per task type, cost and
 * locality, so each cost learns its own best version (past a type's 512th
 * cost, near sizes share a bucket's: OMP_SELECT_COST_BUCKETS). Default 0. */
extern void task_cost(long long n);

/* Groups the next task with tasks of cost `cost`, dividing its measured time
 * by `divBy` (>= 1) so that similar but unequal sizes share statistics. */
extern void kmp_task_reftime(long long cost, long long divBy);

/* Data of the next task lies where p points: the NUMA node of that memory is
 * compared with the node of the thread that runs the task, and local and
 * remote data keep separate statistics. Up to two locations. */
extern void task_node1(void *p);
extern void task_node2(void *p);

/* --- Adjusting the measured time of the running version ---
 * Inside a version body; `statsp` is what kmp_task_stats_get() returned
 * (NULL outside a multi-version task, and then these calls do nothing). */

/* The running multi-version task's timing record, or NULL. */
extern void *kmp_task_stats_get(void);
/* Now, in nanoseconds, on the clock the runtime measures with. */
extern unsigned long long kmp_task_stats_time(void);
/* Replaces the running task's measured time with t nanoseconds. */
extern void kmp_task_stats_set(unsigned long long t);
/* Adds (now - t) to the measured time, t from kmp_task_stats_time(). */
extern void kmp_task_stats_delta(void *statsp, unsigned long long t);
/* Adds, or subtracts, t nanoseconds to the measured time. */
extern void kmp_task_stats_add(void *statsp, unsigned long long t);
extern void kmp_task_stats_sub(void *statsp, unsigned long long t);

/* --- Output (docs/runtime.md describes the columns) --- */

/* Writes ./stats.csv: per version of task type `id` (all types if id < 0),
 * per cost and locality: count, mean, standard deviation, sum of squares. */
extern void kmp_task_impl_stat_print_csv(int id);
/* Writes ./trace.csv: one row per traced execution (tracing is on when
 * OMP_SELECT_TRACE is set). */
extern void kmp_task_trace_write(void);

/* --- Sharing statistics between processes (docs/mpi.md) ---
 * For transports that let processes running the same program learn together:
 * libmvomp-mpi (mvomp-mpi.h) uses them between MPI ranks. */

/* This process's own executions (not what it loaded or was sent), in an
 * opaque buffer of *size bytes to pass to the other processes' import; free
 * it with kmp_mvomp_share_free. NULL and *size = 0 when it has none. */
extern void *kmp_mvomp_share_export(size_t *size);
extern void kmp_mvomp_share_free(void *exported);
/* Makes the statistics of this process its own executions plus the sum of the
 * parts, the other processes' latest exports (each export is cumulative: it
 * replaces what the same processes sent before; a part of size 0 is empty).
 * Returns the number of (type, cost, locality, version) rows received, or -1
 * with a warning when a part is malformed (then nothing changes). */
extern int kmp_mvomp_share_import(int nparts, const void *const *parts,
                                  const size_t *sizes);
/* This process is `rank` of `size` sharing: it explores versions starting
 * from rank * (number of versions) / size, so that each first runs different
 * versions. */
extern void kmp_mvomp_share_ranks(int rank, int size);
/* What this process writes to the model store at exit: 0 (default) its own
 * executions, 1 its own and the others' (one process writes for all),
 * -1 nothing. */
extern void kmp_mvomp_share_store(int mode);
/* The number of keys (type, cost, locality) still exploring in this process. */
extern int kmp_mvomp_share_exploring(void);

/* Taskloop grain sizes chosen by the runtime (OMP_TASKLOOP_GRAIN,
 * docs/grain.md): what the process's last taskloop whose grain the runtime
 * chose did (whichever thread ran it). Returns 1 and fills *info, or 0 when
 * there was none. */
typedef struct kmp_taskloop_grain_info {
  long long trip;      /* iterations */
  long long num_tasks; /* tasks it made */
  long long grain;     /* iterations per task (trip / num_tasks) */
  double flat_lo;      /* the flat region predicted (Formula 5.29), in */
  double flat_hi;      /* iterations per task; 0 when not yet known */
  double arms_lo;      /* what the flat arms span: the flat region, on to */
  double arms_hi;      /* one task per thread (one task for a small loop */
                       /* with a measured default_us), widened to a ratio */
                       /* of 8 when narrower (docs/grain.md) */
  double iter_ns;      /* estimated work of one iteration; 0: not yet */
  int arm;             /* 0 libomp's default, 1..5 flat0..flat4, -1 fixed, */
                       /* -2 one thread (one task, nothing to choose) */
} kmp_taskloop_grain_info_t;
extern int kmp_taskloop_grain_last(kmp_taskloop_grain_info_t *info);

#ifdef __cplusplus
}
#endif

#endif /* MVOMP_H */

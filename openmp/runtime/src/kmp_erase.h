/*
 * kmp_erase.h -- ERASE, energy-aware task mapping (thesis 004), in libomp:
 * the clusters in use, the type table, the mapper's hooks in the push path,
 * the task timing around execution, cluster-restricted stealing, exponential
 * back-off sleep and taskloop moldability. The decisions themselves are pure
 * functions in kmp_erase_model.h; the power table and cluster list parsers
 * are kmp_erase_power.h and kmp_erase_clusters.h. docs/erase.md is the user
 * documentation. Every hook is behind one global test, so OMP_ERASE=off (the
 * default) is upstream libomp's behaviour.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_ERASE_H
#define KMP_ERASE_H

#include "kmp.h"
#include "kmp_erase_model.h"

// ---- Settings (kmp_mvomp_settings.inc parses and prints them) -------------
extern int __kmp_erase_enabled; // OMP_ERASE=on
extern int __kmp_erase_sleep_us; // back-off base; 0 = no back-off sleep
extern int __kmp_erase_sleep_explicit; // OMP_ERASE_SLEEP was given
// The push path calls __kmp_erase_map_task: ERASE is on or threads may sleep
// in back-off (set by __kmp_erase_env_done).
extern int __kmp_erase_push_hook;
extern int __kmp_erase_steal_cluster; // OMP_ERASE_STEAL=cluster
extern int __kmp_erase_perf; // OMP_ERASE_PERF=on
enum {
  kmp_erase_interp_none = 0,
  kmp_erase_interp_linear_kind = 1,
  kmp_erase_interp_poly_kind = 2,
  kmp_erase_interp_pmnf_kind = 3
};
extern int __kmp_erase_interp; // OMP_ERASE_INTERP
extern kmp_erase_thresholds_t __kmp_erase_thresholds; // OMP_ERASE_THRESHOLDS
extern char *__kmp_erase_clusters_value; // OMP_ERASE_CLUSTERS as given
extern char *__kmp_erase_power_path; // OMP_ERASE_POWER
extern char *__kmp_erase_model_path; // OMP_ERASE_MODEL
extern char *__kmp_erase_stats_path; // OMP_ERASE_STATS
extern char *__kmp_erase_slowdown_value; // OMP_ERASE_TEST_SLOWDOWN

#define KMP_ERASE_DEFAULT_SLEEP_US 10
#define KMP_ERASE_MAX_SLEEP_US 1000000

// Called once the environment has been parsed: with OMP_ERASE=on, finds the
// clusters, loads the power table (warnings name file and line) and prepares
// the type table.
void __kmp_erase_env_done(void);

// OMP_DISPLAY_ENV: where the clusters and the power come from.
void __kmp_erase_display_env(kmp_str_buf_t *buffer);
// The clusters in use, spelled as OMP_ERASE_CLUSTERS; 0 when ERASE is off.
int __kmp_erase_clusters_in_use(char *buf, size_t len);
// 1 once ERASE has set up (clusters, power table and model are read once).
int __kmp_erase_started(void);

// Multi-version tasks keep statistics per cluster (kmp_versions.cpp): the
// calling thread's cluster (-1 when ERASE is not set up), and a cluster's
// name for stats.csv ("" for -1).
int __kmp_erase_cluster_here(kmp_int32 gtid);
const char *__kmp_erase_cluster_name(int cluster);

// ---- Hooks in kmp_tasking.cpp ---------------------------------------------
// The push path of thread gtid (team thread tid): the team thread whose
// deque should get the task, tid to keep it, or KMP_ERASE_RUN_NOW to execute
// it at once (the creation throttle while a type is being classified).
#define KMP_ERASE_RUN_NOW (-2)
kmp_int32 __kmp_erase_map_task(kmp_int32 gtid, kmp_int32 tid,
                               kmp_task_team_t *task_team, kmp_task_t *task);
// Wakes a thread that the mapper gave a task, if it sleeps in back-off.
void __kmp_erase_wake(kmp_info_t *thread);
// Thread tid of the team has queued a task in its own deque or in the
// priority queue: unless it is a chunk of a molded taskloop (its creator runs
// it next), one thread sleeping in back-off that may steal it is woken (the
// thread waking from a sleep steals next from the first deque of its team
// that has tasks). Otherwise the task could wait up to the longest back-off
// sleep for a thief, and a task that must be stolen (its creator goes on to
// wait for something only that task may release) be run by its creator.
// Called after the task is queued: a thief woken before could find nothing
// and sleep again.
void __kmp_erase_queued(kmp_task_team_t *task_team, kmp_int32 tid);

// Around the execution of a task's routine (called by __kmp_invoke_task,
// which keeps calling the routine itself: OMPT relies on that frame): timing,
// core activity, classification and the performance history.
struct kmp_erase_exec_t {
  void *type; // the type's table slot, NULL when not tracked
  void *loop; // the slot of the taskloop this task may be a chunk of
  kmp_uint64 start_ns;
  int cluster;
  int sampling; // the hardware counters run for this execution
};
void __kmp_erase_task_begin(kmp_int32 gtid, kmp_task_t *task,
                            kmp_erase_exec_t *exec);
void __kmp_erase_task_end(kmp_int32 gtid, kmp_erase_exec_t *exec);

// Giving a task to another thread's deque keeps the team's barrier sound:
// give_begin before (0: do not give), give_undo if the give failed, and
// took whenever a thread takes a task out of owner's deque (its own or a
// victim's) in the stealing loop.
int __kmp_erase_give_begin(kmp_info_t *target, kmp_task_team_t *task_team);
void __kmp_erase_give_undo(kmp_info_t *target, kmp_task_team_t *task_team);
void __kmp_erase_took(kmp_info_t *owner, kmp_task_team_t *task_team,
                      int *thread_finished);

// The work-stealing loop: may thread steal from victim? (OMP_ERASE_STEAL)
int __kmp_erase_may_steal(kmp_info_t *thread, kmp_info_t *victim,
                          kmp_int32 victim_tid);
// A round of the stealing loop found nothing (found 0) or a task (found 1):
// exponential back-off sleep, reset on success.
void __kmp_erase_backoff(kmp_int32 gtid, int found);

// Taskloop moldability: a taskloop with neither grainsize nor num_tasks is
// split into the width the mapper chooses (the number of tasks returned),
// its tasks pushed to that cluster until split_done. The loop is timed from
// here to the end of its last chunk.
struct kmp_erase_loop_t {
  void *type; // NULL: not molded
};
kmp_uint64 __kmp_erase_taskloop_begin(kmp_int32 gtid, kmp_task_t *task,
                                      kmp_uint64 trip_count,
                                      kmp_erase_loop_t *loop);
void __kmp_erase_taskloop_split_done(kmp_int32 gtid);

#endif // KMP_ERASE_H

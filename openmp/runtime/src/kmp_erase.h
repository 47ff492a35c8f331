/*
 * kmp_erase.h -- ERASE, energy-aware task mapping (thesis 004), what the rest
 * of libomp sees: its settings and the hooks that kmp_settings.cpp and
 * kmp_tasking.cpp call. Each hook is behind one flag of __kmp_mvomp_hooks
 * (kmp_mvomp.h), so OMP_ERASE=off (the default) is upstream libomp's
 * behaviour. The feature's files and what each owns: kmp_erase_internal.h and
 * docs/architecture.md; docs/erase.md is the user documentation.
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
#include "kmp_mvomp_topology.h"

// The hooks' inline parts are inlined into kmp_tasking.cpp's functions
// whatever the compiler estimates: as a call, the included test of
// __kmp_erase_task_begin alone cost N-queens 5%, its fast path 2% more, and
// the push's early out was left as a call (7 instructions and a call per
// task).
#if defined(__GNUC__) || defined(__clang__)
#define KMP_ERASE_INLINE inline __attribute__((always_inline))
#else
#define KMP_ERASE_INLINE inline
#endif

// ---- Settings (kmp_mvomp_settings.inc parses and prints them) -------------
extern int __kmp_erase_enabled;  // OMP_ERASE=on
extern int __kmp_erase_sleep_us; // back-off base; 0 = no back-off sleep
// OMP_ERASE_SLEEP_SPIN: spinning before a streak's first sleep.
extern int __kmp_erase_spin_us;
extern int __kmp_erase_sleep_explicit; // OMP_ERASE_SLEEP was given
extern int __kmp_erase_steal_cluster;  // OMP_ERASE_STEAL=cluster
extern int __kmp_erase_perf;           // OMP_ERASE_PERF=on
extern int __kmp_erase_team;           // OMP_ERASE_TEAM=on
extern int __kmp_erase_ladder;         // OMP_ERASE_LADDER=on
extern int __kmp_erase_defer;          // OMP_ERASE_DEFER=on
extern double __kmp_erase_defer_share; // its share (kmp_erase_model.h)
// OMP_ERASE_REFRESH=backoff: the refresh's interval doubles while a type
// keeps its choice (kmp_erase_model.h); 0: every 64th decision.
extern int __kmp_erase_refresh_backoff;
// OMP_ERASE_SPIN_COST=on: a short taskloop is charged the power of the
// threads it leaves spinning (kmp_erase_model.h).
extern int __kmp_erase_spin_cost;
// OMP_ERASE_STAY: a task stays on its creator's cluster unless another is
// predicted more than this many percent cheaper (0: the thesis' least cost).
extern int __kmp_erase_stay_pct;
// OMP_ERASE_TIE: with the energy or EDP objective, the fastest configuration
// within this many percent of the least cost is taken (0: the least cost).
extern int __kmp_erase_tie_pct;
// OMP_ERASE_TIME_WEIGHT x 4: with the energy objective the mapper minimises
// energy x time^weight (0: energy alone, the thesis; kmp_erase_model.h).
extern int __kmp_erase_time_quarters;
extern int
    __kmp_erase_objective; // OMP_SELECT_OBJECTIVE (kmp_erase_objective_t)
// OMP_ERASE_JOINT=on: a multi-version task's cluster is chosen from its
// versions' statistics on each cluster (the version the policy settles on
// there), not from one history mixing all its versions.
extern int __kmp_erase_joint;
// OMP_ERASE_ALIKE: whether the clusters are taken as interchangeable (the
// same cores at the same power), so that a task has no cluster to choose.
enum {
  kmp_erase_alike_off = 0,
  kmp_erase_alike_on = 1,
  kmp_erase_alike_auto = 2
};
extern int __kmp_erase_alike;
enum {
  kmp_erase_interp_none = 0,
  kmp_erase_interp_linear_kind = 1,
  kmp_erase_interp_poly_kind = 2,
  kmp_erase_interp_pmnf_kind = 3
};
extern int __kmp_erase_interp;                        // OMP_ERASE_INTERP
extern kmp_erase_thresholds_t __kmp_erase_thresholds; // OMP_ERASE_THRESHOLDS
extern char *__kmp_erase_clusters_value; // OMP_ERASE_CLUSTERS as given
extern char *__kmp_erase_power_path;     // OMP_ERASE_POWER
extern char *__kmp_erase_model_path;     // OMP_ERASE_MODEL
extern char *__kmp_erase_stats_path;     // OMP_ERASE_STATS
extern char *__kmp_erase_slowdown_value; // OMP_ERASE_TEST_SLOWDOWN
extern char *__kmp_erase_rapl_path;      // OMP_ERASE_RAPL; NULL: the default
extern int __kmp_erase_rapl_off;         // OMP_ERASE_RAPL=off
#define KMP_ERASE_DEFAULT_RAPL "/sys/class/powercap"

#define KMP_ERASE_DEFAULT_SLEEP_US 10
#define KMP_ERASE_MAX_SLEEP_US 1000000
// OMP_ERASE_SLEEP_SPIN's default: gaps shorter than this are spun through
// (measured on recursive programs, docs/erase.md).
#define KMP_ERASE_DEFAULT_SPIN_US 100
// OMP_ERASE_STAY's default, percent (docs/erase.md, "Mapping a task").
#define KMP_ERASE_DEFAULT_STAY_PCT 5
// OMP_ERASE_TIE's default, percent (docs/erase.md, "Near ties go to the
// faster configuration").
#define KMP_ERASE_DEFAULT_TIE_PCT 5
// OMP_ERASE_TIME_WEIGHT's default and bound, in quarters (docs/erase.md,
// "The price of time"): 0.25 and 4.
#define KMP_ERASE_DEFAULT_TIME_QUARTERS 1
#define KMP_ERASE_MAX_TIME_QUARTERS 16

// Called once the environment has been parsed (kmp_settings.cpp): with
// OMP_ERASE=on, finds the clusters, loads the power table (warnings name file
// and line) and the model, once; sets the hook flags.
void __kmp_erase_env_done(void);

// OMP_DISPLAY_ENV: where the clusters and the power come from.
void __kmp_erase_display_env(kmp_str_buf_t *buffer);
// The clusters in use, spelled as OMP_ERASE_CLUSTERS; 0 when ERASE is off.
int __kmp_erase_clusters_in_use(char *buf, size_t len);
// 1 once ERASE has set up (clusters, power table and model are read once).
int __kmp_erase_started(void);

// ---- Hooks in kmp_tasking.cpp ---------------------------------------------
// The push path of thread gtid (team thread tid), before the task goes to its
// own deque: ERASE maps it to the team thread of the cluster where it costs
// the least energy and gives it to that thread's deque. Returns
// KMP_ERASE_PUSH_HERE to push it as upstream does (the mapper chose this
// thread, or the give failed), TASK_NOT_PUSHED to execute it at once (the
// creation throttle while a type is being classified), or
// TASK_SUCCESSFULLY_PUSHED when it was given.
#define KMP_ERASE_PUSH_HERE (-1)
kmp_int32 __kmp_erase_push_mapped(kmp_int32 gtid, kmp_int32 tid,
                                  kmp_task_team_t *task_team, kmp_task_t *task);
// Whether `task` was created by a task (not by a parallel region's own code):
// it stays in its creator's deque, as in upstream libomp (__kmp_erase_target
// says why).
static inline bool __kmp_erase_created_by_task(kmp_task_t *task) {
  kmp_taskdata_t *parent = KMP_TASK_TO_TASKDATA(task)->td_parent;
  return parent != NULL && parent->td_flags.tasktype == TASK_EXPLICIT;
}
// A molded taskloop's chunks go to this cluster while its creator splits it,
// or stay with their creator as upstream's (KMP_ERASE_LOOP_TEAM: the whole
// team); -1 otherwise.
// (Initial-exec TLS, as __kmp_mv_th: a read is one instruction, not a call to
// __tls_get_addr at every task pushed.)
extern __thread int __kmp_erase_loop_cluster
    __attribute__((tls_model("initial-exec")));
#define KMP_ERASE_LOOP_TEAM (-2)
// Whether a task can have a cluster to choose: several clusters in use, not
// alike ones (OMP_ERASE_ALIKE; a taskloop still chooses its width).
static inline bool __kmp_erase_maps_tasks(void) {
  return __kmp_mvomp_nclusters > 1 && !__kmp_mvomp_clusters_alike;
}
// Only the tasks of an implicit task (a parallel region's own code: a
// producer loop, a single, a taskloop) are mapped, and only where tasks are
// mapped at all, but for a molded taskloop's chunks. A task created by a task
// stays in its creator's deque, as in upstream libomp: if it went to another
// thread, the creator's taskwait would find none of its own children and run
// other threads' untied tasks instead, nesting task in taskwait in task
// without bound (a recursive untied Fibonacci overflowed the stack). Tested
// here, not after a call, since a recursive program or a producer loop
// creates little else. (A started task, an untied task queued again, stays
// too: __kmp_erase_push_mapped tests that, since only the tasks that would
// be mapped reach it.)
static KMP_ERASE_INLINE kmp_int32 __kmp_erase_push(kmp_int32 gtid,
                                                   kmp_int32 tid,
                                                   kmp_task_team_t *task_team,
                                                   kmp_task_t *task) {
  if (__kmp_erase_created_by_task(task) ||
      (__kmp_erase_loop_cluster < 0 && !__kmp_erase_maps_tasks()))
    return KMP_ERASE_PUSH_HERE;
  return __kmp_erase_push_mapped(gtid, tid, task_team, task);
}
// What kmp_tasking.cpp exposes for it: its __kmp_give_task, which queues a
// task in another thread's deque (growing it if needed).
bool __kmp_mvomp_give_task(kmp_info_t *thread, kmp_int32 tid, kmp_task_t *task);
// Its task scheduling constraint (which also takes a mutexinoutset task's
// locks when it allows the task).
bool __kmp_mvomp_task_is_allowed(int gtid, kmp_int32 is_constrained,
                                 const kmp_taskdata_t *tasknew,
                                 const kmp_taskdata_t *taskcurr);
// A thread whose own deque's last task the constraint forbids it (a task
// ERASE gave it while it was deep in another task's taskwait) takes the
// newest one below that it may run, as a thief looks past a deque's head
// (libomp's path for untied tasks, whose shifting loop lives inside
// __kmp_steal_task); NULL if none. Called with the deque's lock held, in a
// team where ERASE gave a task or an untied task ran
// (tt_untied_task_encountered).
kmp_task_t *__kmp_erase_remove_below(kmp_int32 gtid, kmp_int32 is_constrained,
                                     kmp_thread_data_t *data,
                                     kmp_taskdata_t *current);
// Thread tid of the team has queued a task in its own deque or in the
// priority queue: unless it is a chunk of a molded taskloop (its creator runs
// it next), one thread sleeping in back-off that may steal it is woken (the
// thread waking from a sleep steals next from the first deque of its team
// that has tasks). Otherwise the task could wait up to the longest back-off
// sleep for a thief, and a task that must be stolen (its creator goes on to
// wait for something only that task may release) be run by its creator.
// Called after the task is queued: a thief woken before could find nothing
// and sleep again. (Nobody asleep, the usual case: no call.)
extern std::atomic<int> __kmp_erase_sleepers; // threads in back-off sleep
void __kmp_erase_wake_for(kmp_task_team_t *task_team, kmp_int32 tid);
static inline void __kmp_erase_queued(kmp_task_team_t *task_team,
                                      kmp_int32 tid) {
  if (__kmp_erase_sleepers.load(std::memory_order_relaxed) != 0)
    __kmp_erase_wake_for(task_team, tid);
}

// Around the execution of a task's routine (called by __kmp_invoke_task,
// which keeps calling the routine itself: OMPT relies on that frame): timing,
// core activity, classification and the performance history.
struct kmp_erase_exec_t {
  void *type;  // the type's table slot, NULL when not tracked
  void *loop;  // the slot of the taskloop this task may be a chunk of
  void *group; // then its taskgroup: which instance of the loop it is of
  kmp_uint64 start_ns;
  kmp_uint64 entry_ns; // unmapped: when the tracked path started (the cost
                       // of a timed execution's bookkeeping)
  int cluster;
  int sampling; // the hardware counters run for this execution
  int unmapped; // ERASE never maps it as a task (created by a task, or one
                // cluster): its record batches (__kmp_erase_unmapped)
  int timed;    // 0: only counted in its thread's batch (a short execution);
                // -1: not tracked (a team of one thread, an included task)
  void *batch;  // that batch (checked again at the end: a task run meanwhile
                // may have flushed it)
  kmp_uint64 outer_ns; // its thread's nested_ns when it started (restored,
                       // plus this execution's time, when it ends)
};
void __kmp_erase_task_begin_tracked(kmp_int32 gtid, kmp_task_t *task,
                                    kmp_erase_exec_t *exec);
void __kmp_erase_task_end_tracked(kmp_int32 gtid, kmp_erase_exec_t *exec);

// Whether `task` is included in its creator's execution: a descendant of a
// final task, run at once where it is created. (A task libomp runs at once
// because its creator's deque is full is serial too, but an ordinary task:
// it is counted.) ERASE neither times, counts nor slows an included task, as
// it never sees an if(0) one: it is part of its creator's time (which is
// slowed as a whole), and nobody can map it. Timing them cost 1.27x ERASE
// off's time on BOTS-like N-queens (tasks of 0.1-1 us, benchmarks/recursive
// nqueens); the test is inline, as a call for each of them cost 5% more.
static inline bool __kmp_erase_included(kmp_task_t *task) {
  kmp_taskdata_t *td = KMP_TASK_TO_TASKDATA(task);
  return td->td_flags.task_serial && td->td_parent != NULL &&
         td->td_parent->td_flags.tasktype == TASK_EXPLICIT &&
         td->td_parent->td_flags.final;
}
// Executions of one configuration (type, slot) of tasks ERASE never maps, not
// yet added to their type (__kmp_erase_batch_flush): with fine-grained
// recursive tasks, writing the type's lock, history and counters at every
// task's end made the threads pass those cache lines to each other at every
// task (docs/erase.md).
//
// Short executions are not all timed: past its type's warm-up, a batch times
// one execution in `every` on average (the others are only counted), `every`
// keeping what timing costs (two clock reads and the timed execution's
// bookkeeping, measured: kmp_erase_model.h's __kmp_erase_timing_every) under
// KMP_ERASE_TIMING_SHARE of the shortest execution timed (1 from about 20 us
// up here). At the
// flush the counted executions are charged the timed ones' mean time and
// energy (docs/erase.md, "Fine-grained recursive tasks").
typedef struct kmp_erase_batch {
  struct kmp_erase_type *type; // NULL: free
  int slot;
  unsigned n, measured; // executions (timed or not); timed ones with RAPL
  unsigned timed;       // executions timed
  unsigned every;       // one in `every` is timed (1: all)
  unsigned skip;        // executions still to count before the next timed one
  double history;       // the type's history when the batch started
  double least;         // the shortest execution timed (kept by a flush)
  double seconds, joules, sampled; // sums over the timed executions
} kmp_erase_batch_t;

// ---- The per-task fast path ------------------------------------------------
// Most executions of a fine-grained program are only counted in their
// thread's batch (a type ERASE never maps, past its warm-up, between two timed
// executions). The thread remembers the last two types it counted so (a
// recursive program's tasks are often of two types, one per branch; set by
// __kmp_erase_task_begin_tracked, kmp_erase_types.cpp), and the next task of
// the same entry is counted here, inline, with the same effect as the tracked
// path: its batch's skip down by one, the thread's busy count up and down,
// the batch's count up at the end. (A batch reassigned meanwhile holds
// another type; flushed, its skip and count are 0.) Through the tracked path
// such a task cost about 170 instructions and two calls (docs/erase.md,
// "Fine-grained recursive tasks").
typedef struct kmp_erase_fast {
  // Two types: their entries (NULL: none), their batches (the thread's),
  // and __kmp_erase_fast_epoch when they were remembered.
  kmp_routine_entry_t routine[2];
  struct kmp_erase_type *type[2];
  kmp_erase_batch_t *batch[2];
  unsigned epoch[2];
  int next;               // the entry the next type replaces
  kmp_int32 gtid;         // the thread's, when they were remembered
  std::atomic<int> *busy; // the thread's busy count
  int cluster;  // the thread's (placed once for good: its counted executions
                // are all in one slot of their batches)
  int any_task; // every task is unmapped (one cluster, or alike ones), not
                // only those created by a task
} kmp_erase_fast_t;
extern __thread kmp_erase_fast_t __kmp_erase_fast
    __attribute__((tls_model("initial-exec")));
// Moves on whenever what a remembered type relies on may have changed (a
// task type becomes a taskloop's chunks): every thread forgets its types.
extern std::atomic<unsigned> __kmp_erase_fast_epoch;
#define KMP_ERASE_EXEC_FAST 2 // kmp_erase_exec_t's timed: counted inline
// The end of an execution counted inline whose batch was flushed meanwhile
// (by the tasks it waited for).
void __kmp_erase_fast_end_slow(kmp_int32 gtid, kmp_erase_exec_t *exec);

static KMP_ERASE_INLINE void __kmp_erase_task_begin(kmp_int32 gtid,
                                                    kmp_task_t *task,
                                                    kmp_erase_exec_t *exec) {
  if (__kmp_erase_included(task)) {
    exec->timed = -1;
    return;
  }
  kmp_erase_fast_t &f = __kmp_erase_fast;
  const int k = task->routine == f.routine[1];
  kmp_erase_batch_t *b = f.batch[k];
  if (task->routine == f.routine[k] && gtid == f.gtid && b != NULL &&
      b->skip > 0 && b->type == f.type[k] &&
      f.epoch[k] == __kmp_erase_fast_epoch.load(std::memory_order_relaxed) &&
      (f.any_task || __kmp_erase_created_by_task(task)) &&
      __kmp_threads[gtid]->th.th_team_nproc > 1) {
    --b->skip;
    f.busy->store(f.busy->load(std::memory_order_relaxed) + 1,
                  std::memory_order_relaxed);
    exec->type = b->type;
    exec->batch = b;
    exec->cluster = f.cluster;
    exec->timed = KMP_ERASE_EXEC_FAST;
    return;
  }
  __kmp_erase_task_begin_tracked(gtid, task, exec);
}
static KMP_ERASE_INLINE void __kmp_erase_task_end(kmp_int32 gtid,
                                                  kmp_erase_exec_t *exec) {
  if (exec->timed == KMP_ERASE_EXEC_FAST) {
    kmp_erase_fast_t &f = __kmp_erase_fast;
    kmp_erase_batch_t *b = (kmp_erase_batch_t *)exec->batch;
    if (b->type == exec->type && b->n > 0) {
      ++b->n;
      f.busy->store(f.busy->load(std::memory_order_relaxed) - 1,
                    std::memory_order_relaxed);
    } else {
      __kmp_erase_fast_end_slow(gtid, exec);
    }
  } else if (exec->timed >= 0) {
    __kmp_erase_task_end_tracked(gtid, exec);
  }
}

// A task has finished (its parent's count of incomplete children is down):
// the thread waiting for that parent's children in a taskwait, if in back-off
// sleep, is woken (its sleep would otherwise outlast the wait: a recursive
// program's taskwaits are where its threads fail to find tasks most).
void __kmp_erase_wake_waiter(kmp_taskdata_t *parent);

// A thread takes a task out of owner's deque (its own or a victim's) in the
// stealing loop: a task ERASE gave stops counting as an unfinished thread
// (see __kmp_erase_push).
void __kmp_erase_took(kmp_info_t *owner, kmp_task_team_t *task_team,
                      int *thread_finished);

// The work-stealing loop: may thread steal from victim? (OMP_ERASE_STEAL)
int __kmp_erase_may_steal(kmp_info_t *thread, kmp_info_t *victim,
                          kmp_int32 victim_tid);
// A round of the stealing loop found nothing (found 0) or a task (found 1):
// exponential back-off sleep, reset on success.
void __kmp_erase_backoff(kmp_int32 gtid, int found);

// Taskloop moldability: a taskloop with neither grainsize nor num_tasks (nor
// if(0)) is split into the width the mapper chooses (the number of tasks
// returned), its tasks pushed to that cluster until split_done (called for
// every taskloop `task`; it ends the molding only of the taskloop that began
// it). The loop is timed from here to the end of its last chunk.
//
// With `threads` (OMP_TASKLOOP_GRAIN's hook, kmp_grain.cpp, which asks ERASE
// first): *threads is the threads a loop molded to a whole cluster or to the
// whole team spreads over, so that the grain is chosen within that width, and
// 0 otherwise (ERASE's split stands); __kmp_erase_taskloop_tasks must then
// follow with the tasks the loop is made of. Without (NULL): ERASE's split.
kmp_uint64 __kmp_erase_taskloop_begin(kmp_int32 gtid, kmp_task_t *task,
                                      kmp_uint64 trip_count, int if_val,
                                      int *threads);
// The tasks (clamped to 1..trip_count) that the taskloop whose
// __kmp_erase_taskloop_begin gave threads is made of; returns them.
kmp_uint64 __kmp_erase_taskloop_tasks(kmp_int32 gtid, kmp_uint64 tasks,
                                      kmp_uint64 trip_count);
void __kmp_erase_taskloop_split_done(kmp_int32 gtid, kmp_task_t *task);

#endif // KMP_ERASE_H

/*
 * kmp_erase_internal.h -- what the files of ERASE share (docs/architecture.md):
 * the machine as ERASE models it, the type table, the per-thread state, and
 * the functions one file offers the others. Only kmp_erase_*.cpp include it;
 * the rest of libomp sees kmp_erase.h.
 *
 * The files, from the bottom up (none calls a file above it):
 *   kmp_erase_{limits,power,clusters,model}.h/.cpp  pure libraries (no
 *                          libomp): limits, power table, cluster lists, the
 *                          model's decisions; unit-tested, used by the tools
 *   kmp_erase_machine.cpp  settings, set-up (clusters, power, model,
 *                          frequency, slowdown), power of a configuration,
 *                          RAPL, hardware counters, OMP_DISPLAY_ENV
 *   kmp_erase_store.cpp    the histories earlier runs saved in the model
 *                          store: loaded, new types started from them, this
 *                          run's merged in at exit
 *   kmp_erase_types.cpp    task types: classification, timing, history, the
 *                          choice of (cluster, width), taskloop molding,
 *                          OMP_ERASE_STATS
 *   kmp_erase_sched.cpp    the scheduling hooks: set-up of the hook flags,
 *                          map and give, wake, barrier accounting, steal,
 *                          back-off
 * ERASE calls into the topology layer (kmp_mvomp_topology.h: clusters in use,
 * thread placement) and into multi-version tasks (a task's type); neither
 * calls back.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_ERASE_INTERNAL_H
#define KMP_ERASE_INTERNAL_H

#include "kmp_erase.h"
#include "kmp_erase_clusters.h"
#include "kmp_erase_power.h"
#include "kmp_mvomp.h"
#include "kmp_mvomp_topology.h"
#include "kmp_versions.h"

#include <atomic>

// Without hardware counters every task type gets this class (docs/erase.md).
#define KMP_ERASE_FALLBACK_CLASS kmp_erase_compute
// Executions measured with the counters before a type is classified.
#define KMP_ERASE_CLASSIFY_RUNS 3
// Chunks per core of a taskloop molded to a whole cluster: upstream's ten
// tasks per thread, so that the cluster's threads still balance the loop.
#define KMP_ERASE_CHUNKS_PER_CORE 10
// Task types tracked (a power of two).
#define KMP_ERASE_TYPES 512

// ---- The machine (kmp_erase_machine.cpp) ------------------------------------
// The clusters themselves are the topology layer's (__kmp_mvomp_nclusters,
// __kmp_mvomp_cluster_name, ...): ERASE chooses them and hands them over.
typedef struct kmp_erase_machine {
  int ready; // OMP_ERASE=on and set up
  // ERASE off with OMP_ERASE_TEST_SLOWDOWN: only the slowdown applies (the
  // task hooks time tasks for it, nothing else).
  int emulating;
  int ncores[KMP_ERASE_MAX_CLUSTERS];
  int maxwidth;
  // Power per cluster: from the table (indices into power), or 1 W of run
  // power and no idle power without one, so that the mapper minimises time.
  int have_power;
  kmp_erase_power_t power;
  int power_index[KMP_ERASE_MAX_CLUSTERS];
  int mhz[KMP_ERASE_MAX_CLUSTERS];
  double slowdown[KMP_ERASE_MAX_CLUSTERS]; // OMP_ERASE_TEST_SLOWDOWN
  int slowed; // a cluster is slowed: executions keep their nested time
  int rapl;   // RAPL package domains are read (OMP_ERASE_RAPL)
  kmp_erase_offline_t model;         // OMP_ERASE_MODEL
  std::atomic<int> counters_missing; // 1 once perf_event_open failed
  double clock_ticks; // what one read of the runtime's clock costs (measured)
  // Per cluster, the geometric mean over taskloop types measured both alone
  // there and on the whole team of (time alone x width / the team's time):
  // kmp_erase_map_in_t::alone, 0 until a first type measured it
  // (__kmp_erase_learn_alone; the samples under alone_lock).
  std::atomic<double> alone[KMP_ERASE_MAX_CLUSTERS];
  kmp_erase_alone_t alone_samples[KMP_ERASE_MAX_CLUSTERS];
  kmp_bootstrap_lock_t alone_lock;
} kmp_erase_machine_t;
extern kmp_erase_machine_t __kmp_erase_machine;

// Idle power of cluster c, and run power of a task of class cls on width
// cores of it (1 W without a power table).
double __kmp_erase_idle_w(int c);
double __kmp_erase_run_w(int c, int cls, int width);
// ---- RAPL (kmp_erase_machine.cpp) ------------------------------------------
// The package domains (intel-rapl:N/energy_uj) of the powercap directory
// OMP_ERASE_RAPL (default /sys/class/powercap), opened once at set-up. The
// package power is measured over periods of KMP_ERASE_RAPL_PERIOD_NS: the
// first task to end after a period has passed reads the counters (a pread per
// domain) and starts the next; the others read the power of the last period.
// Counters that wrap (max_energy_range_uj) are followed.
#define KMP_ERASE_RAPL_DOMAINS 16
#define KMP_ERASE_RAPL_PERIOD_NS 10000000ull
// Opens the domains; 0 (energy modelled) when none is readable: silently for
// the default directory, with a warning naming OMP_ERASE_RAPL when it was
// given.
int __kmp_erase_rapl_open(void);
// Joules the domains counted since they were opened, or -1 without RAPL.
double __kmp_erase_rapl_joules(void);
// The package power (W) of the last period, or -1 before the first one ends
// or without RAPL.
double __kmp_erase_rapl_watts(void);
// A taskloop molded to fewer threads than the team's, predicted to take
// `seconds` (0 or less: unknown), starts: until it is predicted to end, the
// threads it leaves idle sleep after the thesis' five empty rounds, without
// OMP_ERASE_SLEEP_SPIN's spinning (leaving them idle is the mapper's choice),
// if it is that long (__kmp_erase_narrow_sleep_until).
void __kmp_erase_narrowed(double seconds);
// Until when (the runtime's clock, ns) a narrowed taskloop is predicted to run.
extern std::atomic<kmp_uint64> __kmp_erase_narrow_until;
// Tasks running now (kept only with RAPL): a task's share of the package
// power is its width over them.
extern std::atomic<int> __kmp_erase_running;
// OMP_DISPLAY_ENV's lines about the machine as ERASE sees it (the rest of
// __kmp_erase_display_env: kmp_erase_sched.cpp).
void __kmp_erase_machine_display(kmp_str_buf_t *buffer);
// Reads the clusters, power table and model; 0 if ERASE cannot run (it is
// then off).
int __kmp_erase_machine_setup(void);
// With ERASE off: reads the clusters and OMP_ERASE_TEST_SLOWDOWN; 1 if a
// cluster is slowed (the machine is then emulating).
int __kmp_erase_emulation_setup(void);
// While emulating: the emulated cluster of the CPU this thread runs on, or -1.
int __kmp_erase_emulated_cluster(void);

// ---- Per-thread state (kmp_erase_machine.cpp) -------------------------------
// kmp_erase_batch_t: kmp_erase.h (the per-task fast path counts in it).
#define KMP_ERASE_BATCHES 4
typedef struct alignas(64) kmp_erase_thread {
  // What other threads read at each of their steals or wake-ups: this
  // cache line is not written at each of the thread's own tasks.
  std::atomic<int> sleeping; // futex word: 1 while in back-off sleep
  // Tasks the mapper put in this thread's deque of task team given_team that
  // nobody has taken out yet; each holds one count of the team's unfinished
  // threads (see __kmp_erase_give_begin).
  std::atomic<int> given;
  kmp_task_team_t *given_team;
  kmp_bootstrap_lock_t given_lock;   // through __kmp_erase_given_lock
  std::atomic<int> given_lock_ready; // 0, 1 while initialised, 2
  // What the thread writes at its tasks' starts and ends, on a line of its
  // own: a thief that stole from this thread read `given` above at each
  // steal, and while `busy` shared that line the two threads passed it to
  // each other at every task (a producer's 1-us tasks took 10% longer).
  alignas(64) std::atomic<int> busy; // tasks running (core activity tracer)
  kmp_erase_backoff_t backoff;
  int perf_state; // 0 not opened, 1 open, -1 failed
  int perf_fd[2]; // cycles (group leader), last-level cache misses
  // KMP_ERASE_BATCHES batches, one per configuration of a type (a recursive
  // program's tasks are often of two types, one per branch, run in turns);
  // allocated at the thread's first batched execution, on cache lines of
  // their own (only the thread writes them; other threads read the fields
  // above), and not in this array, whose pages every program with ERASE on
  // touches at start-up for all KMP_MVOMP_MAX_GTID threads.
  kmp_erase_batch_t *batch;
  unsigned random; // xorshift state: where the next timed execution falls
  // The thread's last two task types (a recursive program's tasks are of one
  // or two), by key (address * 4 + kind), and its cluster once placed (+1).
  uintptr_t type_key[2];
  struct kmp_erase_type *type[2];
  int type_next, cluster1;
  // What one of its timed executions of a batched type costs beyond one only
  // counted, in ns (__kmp_erase_timing_cost_update); 0 before the first.
  double timed_cost_ns;
  // The time of the timed tasks that ran (and ended) inside the thread's
  // current timed execution, a taskwait's children say: the test slowdown
  // lengthens an execution by its own time only (theirs was lengthened when
  // they ended), else nested tasks on a slowed cluster were slowed once per
  // level: a tree search's 10 levels ran 4^10 times slower at factor 4.
  kmp_uint64 nested_ns;
} kmp_erase_thread_t;
// Executions a batch times before adding them to their type.
#define KMP_ERASE_BATCH 32
// Adds batch b to its type: its thread, when the batch is full or its slot
// is wanted for another configuration, or anybody once the thread is idle
// for good (the statistics at exit). (Not when the thread goes idle: in a
// recursive program a thread finds its deque empty between most tasks.)
void __kmp_erase_batch_flush(kmp_erase_batch_t *b);
extern kmp_erase_thread_t __kmp_erase_threads[KMP_MVOMP_MAX_GTID];
// Opens thread s's counters once; 0 if the machine has none (the first
// failure warns once for the whole process).
int __kmp_erase_counters(kmp_erase_thread_t &s);

// ---- Task types (kmp_erase_types.cpp) ---------------------------------------
typedef struct kmp_erase_type {
  std::atomic<uintptr_t> key; // address * 4 + kind (kmp_erase_kind_t)
  std::atomic<int> ready;     // 0 while being set up, 1 ready, -1 never
  std::atomic<int> cls;       // a kmp_erase_class_t, -1 while classifying
  std::atomic<int> sampling;  // counted executions started
  std::atomic_flag lock;
  int samples;            // counted executions finished
  double cycles, misses;  // their sums
  kmp_erase_hist_t *hist; // [cluster * maxwidth + width - 1]
  kmp_uint64 *runs;       // executions, same index
  double *seconds;        // their total time
  double *joules;         // their energy, measured (RAPL) or modelled
  kmp_uint64 *measured;   // executions whose energy was measured
  kmp_uint64 *timed;      // executions whose time was measured (the others:
                          // their batch's mean, see kmp_erase_batch_t)
  unsigned *loaded; // executions the history holds from earlier runs (the
                    // model store, kmp_erase_store.cpp): they count towards
                    // the warm-up
  // Seconds earlier runs spent on the type, as the store's rows hold them
  // (their executions x time): OMP_ERASE_DEFER counts them with this run's,
  // so that a trial deferred in every short run is paid for over the runs.
  double spent_before;
  int suspect; // 1 + a configuration whose first execution in this run was
               // far above its loaded history (__kmp_erase_check_loaded)
  // While a task sent to try an unmeasured configuration is under way, the
  // other tasks do not flood that configuration too: trial[i] holds 1 + the
  // type's executions when the trial was sent, and lapses with the
  // configuration's first measurement, or after KMP_ERASE_TRIAL_PATIENCE
  // executions elsewhere (the trial task was stolen by another cluster).
  std::atomic<unsigned> *trial;
  std::atomic<unsigned> executions;
  // The refresh (OMP_ERASE_REFRESH, __kmp_erase_refresh_due): the decisions
  // so far, and the schedule's kmp_erase_refresh_t in relaxed atomics (what a
  // race can do is move one refresh by a decision).
  std::atomic<kmp_uint64> decisions;
  std::atomic<kmp_uint64> refresh_at;
  std::atomic<unsigned> refresh_every;
  std::atomic<int> refresh_best;
  // A taskloop type times one instance at a time: from its split to the end
  // of its last chunk (chunks run its routine as tasks).
  std::atomic<int> loop_pending; // chunks of the timed instance not finished
  // For a task type: the taskloop type whose chunks run this entry, if any
  // (set when the taskloop first runs), so that a task's end finds the loop
  // it may belong to without a second lookup.
  std::atomic<struct kmp_erase_type *> taskloop;
  kmp_uint64 loop_start_ns;
  // The timed instance's taskgroup (the implicit one of a taskloop without
  // nogroup): only its chunks count. Another instance's (a nested taskloop
  // runs one per outer chunk, at once) ended it early, or with a chunk that
  // ended before it started: a time of 2^64 ns.
  void *loop_group;
  int loop_cluster, loop_width; // loop_cluster nclusters: the whole team
  // The cluster where the timed instance's chunks ran: -1 none yet,
  // KMP_ERASE_LOOP_MIXED several.
  std::atomic<int> loop_ran;
} kmp_erase_type_t;
#define KMP_ERASE_LOOP_MIXED (-2)
#define KMP_ERASE_TRIAL_PATIENCE 16
// A configuration is measured once it has run this many times; the history
// starts from the shortest of them (the first execution of a type on a
// configuration often pays for cold caches and first-touch page faults: it
// made the emulated big.LITTLE's denver look 1.7x slower than it is for the
// rest of the run, docs/erase.md).
#define KMP_ERASE_WARMUP 2
// Whether configuration i of type t is past its warm-up (its history is its
// prediction), counting what earlier runs measured of it.
#define KMP_ERASE_WARM(t, i) ((t)->runs[i] + (t)->loaded[i] >= KMP_ERASE_WARMUP)
// OMP_ERASE_JOINT: executions of a multi-version task type on a cluster
// during which the cluster counts as untried until its versions' statistics
// there have explored.
#define KMP_ERASE_JOINT_EXPLORE 64
extern kmp_erase_type_t __kmp_erase_types[KMP_ERASE_TYPES];
// __kmp_erase_loop_cluster: kmp_erase.h (the push reads it inline).
// The index of (cluster, width) in a type's arrays; cluster nclusters is the
// whole team, one slot whatever the width.
static inline int __kmp_erase_slot(int cluster, int width) {
  return cluster == __kmp_mvomp_nclusters
             ? cluster * __kmp_erase_machine.maxwidth
             : cluster * __kmp_erase_machine.maxwidth + width - 1;
}
// __kmp_erase_maps_tasks: kmp_erase.h.
// Whether ERASE never maps `task` as a task: one created by a task, and every
// task where there is one cluster or the clusters are alike (a task's
// configuration is a cluster: nothing to choose; widths are a taskloop's,
// whose chunks are still spread over the cluster's threads); its execution is
// then recorded through its thread's batch. Mapped and recorded one by one, the
// tasks of a producer loop in a single (100000 tasks of 0.8 us) took 1.5x ERASE
// off's time on a homogeneous machine, 3.4x with tasks of 0.02 us.
static inline bool __kmp_erase_unmapped(kmp_task_t *task) {
  return !__kmp_erase_maps_tasks() || __kmp_erase_created_by_task(task);
}
// Run power of the whole team for class cls: every cluster's run power at
// its size[c] cores (up to the table's widest).
double __kmp_erase_team_run_w(int cls, const int *size);
// Cores of the whole team as the statistics show it (every cluster's).
int __kmp_erase_team_width(void);

// What a type's address is (its key is address * 4 + kind).
enum kmp_erase_kind_t {
  kmp_erase_task = 0,     // address: the task's entry
  kmp_erase_taskloop = 1, // address: the taskloop's entry
  kmp_erase_versions = 2  // address: a multi-version task's type
};
// The table slot of (address, kind), inserted when new; NULL when the table
// is full or the type cannot be tracked.
kmp_erase_type_t *__kmp_erase_type(void *address, int kind);
// A task's type: a multi-version task's type (its entry is the dispatcher all
// of them share), else its entry.
kmp_erase_type_t *__kmp_erase_task_type(kmp_task_t *task);
// __kmp_erase_task_type through the thread's cache of its last two types.
kmp_erase_type_t *__kmp_erase_thread_type(kmp_erase_thread_t &s,
                                          kmp_task_t *task);
// A type's class (the fallback class while it is being classified).
int __kmp_erase_class_of(kmp_erase_type_t *t);

// The mapper's inputs for one decision, on the caller's stack.
typedef struct kmp_erase_map_inputs {
  int size[KMP_ERASE_MAX_CLUSTERS];
  int active[KMP_ERASE_MAX_CLUSTERS];
  double idle[KMP_ERASE_MAX_CLUSTERS];
  double run[KMP_ERASE_MAX_CLUSTERS * KMP_ERASE_MAX_WIDTH];
  double seconds[KMP_ERASE_MAX_CLUSTERS * KMP_ERASE_MAX_WIDTH];
  double alone[KMP_ERASE_MAX_CLUSTERS];
  double spin[KMP_ERASE_MAX_CLUSTERS];
} kmp_erase_map_inputs_t;
// The (cluster, width) for type t over the team's threads that minimises
// OMP_SELECT_OBJECTIVE (energy by default); widths up to maxwidth (1 for a
// task); for a taskloop, the whole team too (cluster nclusters) when it spans
// several clusters and OMP_ERASE_TEAM is on. task: the task being mapped
// (NULL for a taskloop): a multi-version task's prediction per cluster is then
// its versions' there (OMP_ERASE_JOINT). home: the creating thread's cluster,
// where a task stays unless another is clearly cheaper (OMP_ERASE_STAY), and
// the one cluster a taskloop may narrow to where the clusters are alike; or
// -1.
kmp_erase_choice_t __kmp_erase_choose(kmp_erase_type_t *t, kmp_task_t *task,
                                      int maxwidth, int taskloop,
                                      kmp_task_team_t *task_team,
                                      kmp_erase_map_inputs_t *m, int home = -1);
// Tasks running on team thread th (the core activity tracer).
int __kmp_erase_busy(kmp_info_t *th);
// Writes OMP_ERASE_STATS (at exit).
void __kmp_erase_write_stats(void);
// Adds every thread's batches to their types (at exit: the threads are idle
// for good).
void __kmp_erase_flush_batches(void);

// ---- What earlier runs learned (kmp_erase_store.cpp) -------------------------
// Starts new type t (address, kind) from the histories earlier runs of the
// program saved in the model store, if any (the store is read at the first
// call; OMP_SELECT_MODELS=off reads nothing); this run's histories are merged
// into it at exit.
// Returns 1 when the store is on (this run's histories are then to be
// merged into it at exit, below), else 0.
int __kmp_erase_store_seed(kmp_erase_type_t *t, void *address, int kind);
// Reads the store's file now (ERASE's set-up, when the runtime starts), so
// that the first task of the first type does not, while the other threads
// wait for it; reading is all it does (nothing is written unless a type
// ran).
void __kmp_erase_store_preload(void);
// At exit: takes the store's lock and reads its file again (NULL: nothing to
// save), adds each type's configurations that ran in this run, then writes
// the file and releases the lock.
typedef struct kmp_erase_store_session kmp_erase_store_session_t;
kmp_erase_store_session_t *__kmp_erase_store_begin(void);
void __kmp_erase_store_add(kmp_erase_store_session_t *s, kmp_erase_type_t *t);
void __kmp_erase_store_end(kmp_erase_store_session_t *s);
// OMP_DISPLAY_ENV's lines about it.
void __kmp_erase_store_display(kmp_str_buf_t *buffer);

#endif // KMP_ERASE_INTERNAL_H

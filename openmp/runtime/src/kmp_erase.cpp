/*
 * kmp_erase.cpp -- ERASE, energy-aware task mapping, in libomp. See
 * kmp_erase.h for the hooks and docs/erase.md for the behaviour.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase.h"
#include "kmp_mvomp.h"
#include "kmp_erase_clusters.h"
#include "kmp_erase_power.h"
#include "kmp_versions.h"

#include <atomic>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if KMP_OS_LINUX
#include <linux/futex.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#if KMP_USE_HWLOC
#include <hwloc.h>
#endif

// ---- Settings -------------------------------------------------------------
int __kmp_erase_enabled = 0;
int __kmp_erase_sleep_us = 0;
int __kmp_erase_push_hook = 0;
int __kmp_erase_sleep_explicit = 0;
int __kmp_erase_steal_cluster = 0;
int __kmp_erase_perf = 1;
int __kmp_erase_interp = kmp_erase_interp_none;
kmp_erase_thresholds_t __kmp_erase_thresholds = {
    KMP_ERASE_DEFAULT_FLOPS_PER_CYCLE, KMP_ERASE_DEFAULT_CACHE_AI,
    KMP_ERASE_DEFAULT_COMPUTE_AI};
char *__kmp_erase_clusters_value = NULL;
char *__kmp_erase_power_path = NULL;
char *__kmp_erase_model_path = NULL;
char *__kmp_erase_stats_path = NULL;
char *__kmp_erase_slowdown_value = NULL;

// Without hardware counters every task type gets this class (docs/erase.md).
#define KMP_ERASE_FALLBACK_CLASS kmp_erase_compute
// Executions measured with the counters before a type is classified.
#define KMP_ERASE_CLASSIFY_RUNS 3
// Task types tracked (a power of two); the widest width modelled.
#define KMP_ERASE_TYPES 512
#define KMP_ERASE_MAX_WIDTH 64
// Threads (by gtid) that ERASE maps to and times; others run as upstream.
#define KMP_ERASE_MAX_GTID 1024

static kmp_uint64 __kmp_erase_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (kmp_uint64)ts.tv_sec * 1000000000ull + (kmp_uint64)ts.tv_nsec;
}

// ---- Clusters and power ---------------------------------------------------
namespace {
struct EraseMachine {
  int ready; // OMP_ERASE=on and set up
  kmp_erase_clusters_t clusters;
  const char *source; // where the clusters come from, for OMP_DISPLAY_ENV
  int ncpus; // CPUs in some cluster, in cluster order
  int cpus[KMP_ERASE_CLUSTERS_MAX_CPUS];
  int ncores[KMP_ERASE_CLUSTERS_MAX];
  int maxwidth;
  // Power per cluster: from the table (indices into power), or 1 W of run
  // power and no idle power without one, so that the mapper minimises time.
  int have_power;
  kmp_erase_power_t power;
  int power_index[KMP_ERASE_CLUSTERS_MAX];
  int mhz[KMP_ERASE_CLUSTERS_MAX];
  double slowdown[KMP_ERASE_CLUSTERS_MAX]; // OMP_ERASE_TEST_SLOWDOWN
  double rapl_start_j; // < 0: no RAPL
  kmp_erase_offline_t model; // OMP_ERASE_MODEL
};
EraseMachine machine;
} // namespace

static int __kmp_erase_cluster_of_cpu(int cpu) {
  return kmp_erase_clusters_of(&machine.clusters, cpu);
}

static double __kmp_erase_idle_w(int c) {
  int i = machine.power_index[c];
  return machine.have_power && i >= 0 ? machine.power.idle[i] : 0.0;
}

static double __kmp_erase_run_w(int c, int cls, int width) {
  if (!machine.have_power)
    return 1.0;
  int i = machine.power_index[c];
  if (i < 0)
    return 0.0;
  double w = kmp_erase_power_run(&machine.power, i, (kmp_erase_class_t)cls,
                                 machine.mhz[c], width);
  return w < 0 ? 0.0 : w;
}

// The CPUs this process may use, or NULL if unknown.
static bool __kmp_erase_allowed(cpu_set_t *set) {
  CPU_ZERO(set);
  return sched_getaffinity(0, sizeof(*set), set) == 0;
}

#if KMP_USE_HWLOC
static void __kmp_erase_add_cpus(kmp_erase_clusters_t *c, const char *name,
                                 hwloc_const_bitmap_t cpus,
                                 const cpu_set_t *allowed) {
  if (c->n >= KMP_ERASE_CLUSTERS_MAX)
    return;
  int i = c->n;
  memset(c->cpus[i], 0, sizeof(c->cpus[i]));
  int any = 0;
  int cpu;
  hwloc_bitmap_foreach_begin(cpu, cpus) {
    if (cpu < KMP_ERASE_CLUSTERS_MAX_CPUS && CPU_ISSET(cpu, allowed)) {
      c->cpus[i][cpu / 64] |= 1ull << (cpu % 64);
      any = 1;
    }
  }
  hwloc_bitmap_foreach_end();
  if (!any)
    return;
  KMP_SNPRINTF(c->names[i], sizeof(c->names[i]), "%s", name);
  c->n = i + 1;
}
#endif

// Clusters from hwloc: one per CPU kind on hybrid processors, otherwise one
// per package.
static void __kmp_erase_detect(kmp_erase_clusters_t *c) {
  c->n = 0;
  cpu_set_t allowed;
  if (!__kmp_erase_allowed(&allowed))
    for (int i = 0; i < CPU_SETSIZE; ++i)
      CPU_SET(i, &allowed);
#if KMP_USE_HWLOC
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) == 0) {
    if (hwloc_topology_load(topo) == 0) {
      int kinds = hwloc_cpukinds_get_nr(topo, 0);
      if (kinds > 1) {
        machine.source = "detected: hwloc CPU kinds";
        hwloc_bitmap_t set = hwloc_bitmap_alloc();
        for (int k = 0; k < kinds; ++k) {
          unsigned ninfos = 0;
          struct hwloc_info_s *infos = NULL;
          int efficiency = -1;
          if (hwloc_cpukinds_get_info(topo, k, set, &efficiency, &ninfos,
                                      &infos, 0) != 0)
            continue;
          char name[KMP_ERASE_CLUSTERS_MAX_NAME];
          KMP_SNPRINTF(name, sizeof(name), "kind%d", k);
          for (unsigned j = 0; j < ninfos; ++j)
            if (strcmp(infos[j].name, "CoreType") == 0)
              KMP_SNPRINTF(name, sizeof(name), "%s", infos[j].value);
          __kmp_erase_add_cpus(c, name, set, &allowed);
        }
        hwloc_bitmap_free(set);
      } else {
        machine.source = "detected: hwloc packages";
        hwloc_obj_t pkg = NULL;
        while ((pkg = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PACKAGE,
                                                 pkg)) != NULL) {
          char name[KMP_ERASE_CLUSTERS_MAX_NAME];
          KMP_SNPRINTF(name, sizeof(name), "package%u", pkg->logical_index);
          __kmp_erase_add_cpus(c, name, pkg->cpuset, &allowed);
        }
      }
    }
    hwloc_topology_destroy(topo);
  }
#endif
  if (c->n == 0) { // no hwloc or no answer: one cluster of every CPU
    machine.source = "detected: all CPUs";
    c->n = 1;
    KMP_SNPRINTF(c->names[0], sizeof(c->names[0]), "cpus");
    memset(c->cpus[0], 0, sizeof(c->cpus[0]));
    for (int cpu = 0; cpu < KMP_ERASE_CLUSTERS_MAX_CPUS && cpu < CPU_SETSIZE;
         ++cpu)
      if (CPU_ISSET(cpu, &allowed))
        c->cpus[0][cpu / 64] |= 1ull << (cpu % 64);
  }
}

// OMP_ERASE_INTERP=poly|pmnf: the offline model, else no interpolation.
static void __kmp_erase_load_model(void) {
  if (__kmp_erase_interp != kmp_erase_interp_poly_kind &&
      __kmp_erase_interp != kmp_erase_interp_pmnf_kind)
    return;
  const char *kind =
      __kmp_erase_interp == kmp_erase_interp_poly_kind ? "poly" : "pmnf";
  if (__kmp_erase_model_path == NULL) {
    __kmp_mvomp_warn("MVOMP ERASE",
                     "OMP_ERASE_INTERP=%s needs OMP_ERASE_MODEL (a model file "
                     "written by erase-fit); no interpolation",
                     kind);
    __kmp_erase_interp = kmp_erase_interp_none;
    return;
  }
  char *text = __kmp_mvomp_read_file("OMP_ERASE_MODEL", __kmp_erase_model_path,
                                     "no interpolation");
  char err[256];
  if (text == NULL) {
    __kmp_erase_interp = kmp_erase_interp_none;
  } else if (kmp_erase_offline_parse(text, __kmp_erase_model_path,
                                     &machine.model, err, sizeof(err)) != 0) {
    __kmp_mvomp_warn("MVOMP ERASE", "OMP_ERASE_MODEL: %s; no interpolation",
                     err);
    __kmp_erase_interp = kmp_erase_interp_none;
  } else {
    int models = 0;
    for (int c = 0; c < kmp_erase_nclasses; ++c)
      models += __kmp_erase_interp == kmp_erase_interp_poly_kind
                    ? machine.model.poly[c].nterms > 0
                    : machine.model.pmnf[c].nterms > 0;
    if (models == 0) {
      __kmp_mvomp_warn("MVOMP ERASE",
                       "OMP_ERASE_MODEL: '%s' has no '%s' model for any task "
                       "class (an empty file?); no interpolation",
                       __kmp_erase_model_path, kind);
      __kmp_erase_interp = kmp_erase_interp_none;
    }
  }
  __kmp_str_free(&text);
}

static void __kmp_erase_load_power(void) {
  machine.have_power = 0;
  for (int c = 0; c < KMP_ERASE_CLUSTERS_MAX; ++c)
    machine.power_index[c] = -1;
  if (__kmp_erase_power_path == NULL)
    return;
  const char *path = __kmp_erase_power_path;
  char *text = __kmp_mvomp_read_file(
      "OMP_ERASE_POWER", path,
      "without a power table ERASE minimises predicted time");
  if (text == NULL)
    return;
  char err[256];
  int failed =
      kmp_erase_power_parse(text, path, &machine.power, err, sizeof(err));
  __kmp_str_free(&text);
  if (failed) {
    __kmp_mvomp_warn("MVOMP ERASE",
                     "OMP_ERASE_POWER: %s; without a power table ERASE "
                     "minimises predicted time",
                     err);
    return;
  }
  machine.have_power = 1;
  for (int c = 0; c < machine.clusters.n; ++c) {
    machine.power_index[c] =
        kmp_erase_power_cluster(&machine.power, machine.clusters.names[c]);
    if (machine.power_index[c] < 0)
      __kmp_mvomp_warn("MVOMP ERASE",
                       "OMP_ERASE_POWER: %s has no cluster '%s'; its power is "
                       "taken as 0 W",
                       path, machine.clusters.names[c]);
  }
}

// The current frequency of a cluster's first CPU in MHz (cpufreq), or a very
// high one when unknown, so that the power table's highest is used.
static int __kmp_erase_cluster_mhz(int c) {
  for (int i = 0; i < machine.ncpus; ++i) {
    if (__kmp_erase_cluster_of_cpu(machine.cpus[i]) != c)
      continue;
    int mhz = kmp_erase_cpufreq_mhz(machine.cpus[i]);
    return mhz > 0 ? mhz : INT_MAX / 2;
  }
  return INT_MAX / 2;
}

// OMP_ERASE_TEST_SLOWDOWN="<cluster>:<factor>;...": every task run on that
// cluster takes factor times as long (test-only emulation of slow cores).
static void __kmp_erase_parse_slowdown(void) {
  for (int c = 0; c < KMP_ERASE_CLUSTERS_MAX; ++c)
    machine.slowdown[c] = 1.0;
  if (__kmp_erase_slowdown_value == NULL)
    return;
  char *copy = __kmp_str_format("%s", __kmp_erase_slowdown_value);
  char *save = NULL;
  char *item = strtok_r(copy, ";", &save);
  if (item == NULL) // only separators
    __kmp_mvomp_warn("MVOMP ERASE",
                     "OMP_ERASE_TEST_SLOWDOWN: '%s' names no "
                     "<cluster>:<factor>; ignored",
                     __kmp_erase_slowdown_value);
  for (; item; item = strtok_r(NULL, ";", &save)) {
    char *colon = strchr(item, ':');
    char *end = NULL;
    int c = -1;
    double factor = 0;
    if (colon != NULL) {
      *colon = '\0';
      for (int i = 0; i < machine.clusters.n; ++i)
        if (strcmp(machine.clusters.names[i], item) == 0)
          c = i;
      factor = strtod(colon + 1, &end);
    }
    if (c < 0 || end == colon + 1 || *end != '\0' || !(factor >= 1.0) ||
        factor > 1000) {
      __kmp_mvomp_warn("MVOMP ERASE",
                       "OMP_ERASE_TEST_SLOWDOWN: '%s' is not <cluster in "
                       "use>:<factor from 1 to 1000>; ignored",
                       __kmp_erase_slowdown_value);
      for (int i = 0; i < KMP_ERASE_CLUSTERS_MAX; ++i)
        machine.slowdown[i] = 1.0;
      break;
    }
    machine.slowdown[c] = factor;
  }
  __kmp_str_free(&copy);
}

// Energy counters where the machine has them: the sum of RAPL's package
// domains in joules, or -1.
static double __kmp_erase_rapl_joules(void) {
  double total = -1;
  for (int d = 0; d < 16; ++d) {
    char path[80];
    KMP_SNPRINTF(path, sizeof(path),
                 "/sys/class/powercap/intel-rapl:%d/energy_uj", d);
    FILE *f = fopen(path, "r");
    if (f == NULL)
      break;
    unsigned long long uj = 0;
    if (fscanf(f, "%llu", &uj) == 1)
      total = (total < 0 ? 0 : total) + uj * 1e-6;
    fclose(f);
  }
  return total;
}

// ---- Task types ------------------------------------------------------------
namespace {
struct EraseType {
  std::atomic<uintptr_t> key; // address * 4 + kind (kmp_erase_kind_t)
  std::atomic<int> ready;
  std::atomic<int> cls; // a kmp_erase_class_t, -1 while classifying
  std::atomic<int> sampling; // counted executions started
  std::atomic_flag lock;
  int samples; // counted executions finished
  double cycles, misses; // their sums
  kmp_erase_hist_t *hist; // [cluster * maxwidth + width - 1]
  kmp_uint64 *runs; // executions, same index
  double *seconds; // their total time
  double *joules; // their modelled energy
  // While a task sent to try an unmeasured configuration is under way, the
  // other tasks do not flood that configuration too: trial[i] holds 1 + the
  // type's executions when the trial was sent, and lapses with the
  // configuration's first measurement, or after KMP_ERASE_TRIAL_PATIENCE
  // executions elsewhere (the trial task was stolen by another cluster).
  std::atomic<unsigned> *trial;
  std::atomic<unsigned> executions;
  std::atomic<unsigned> decisions; // for the refresh (KMP_ERASE_REFRESH)
  // A taskloop type times one instance at a time: from its split to the end
  // of its last chunk (chunks run its routine as tasks).
  std::atomic<int> loop_pending; // chunks of the timed instance not finished
  // For a task type: the taskloop type whose chunks run this entry, if any
  // (set when the taskloop first runs), so that a task's end finds the loop
  // it may belong to without a second lookup.
  std::atomic<EraseType *> taskloop;
  kmp_uint64 loop_start_ns;
  int loop_cluster, loop_width;
};
#define KMP_ERASE_TRIAL_PATIENCE 16
EraseType types[KMP_ERASE_TYPES];
std::atomic<int> types_full_warned;
std::atomic<int> counters_missing; // 1 once perf_event_open failed
} // namespace

static void __kmp_erase_lock(EraseType *t) {
  while (t->lock.test_and_set(std::memory_order_acquire))
    KMP_CPU_PAUSE();
}
static void __kmp_erase_unlock(EraseType *t) {
  t->lock.clear(std::memory_order_release);
}

static int __kmp_erase_initial_class(void) {
  return __kmp_erase_perf && !counters_missing.load(std::memory_order_relaxed)
             ? -1
             : KMP_ERASE_FALLBACK_CLASS;
}

// The slot of a type; inserted when new. Read without locks: a slot's key
// never changes once set, and its arrays are published by `ready`.
enum kmp_erase_kind_t {
  kmp_erase_task = 0, // address: the task's entry
  kmp_erase_taskloop = 1, // address: the taskloop's entry
  kmp_erase_versions = 2 // address: a multi-version task's type
};

static EraseType *__kmp_erase_type(void *address, int kind) {
  uintptr_t key = (uintptr_t)address * 4 + kind;
  size_t h = (size_t)(((kmp_uint64)key * 0x9E3779B97F4A7C15ull) >> 40);
  for (int probe = 0; probe < KMP_ERASE_TYPES; ++probe) {
    EraseType *t = &types[(h + probe) & (KMP_ERASE_TYPES - 1)];
    uintptr_t k = t->key.load(std::memory_order_acquire);
    if (k == 0) {
      uintptr_t expected = 0;
      if (t->key.compare_exchange_strong(expected, key)) {
        size_t n = (size_t)machine.clusters.n * machine.maxwidth;
        t->hist = (kmp_erase_hist_t *)calloc(n, sizeof(kmp_erase_hist_t));
        t->runs = (kmp_uint64 *)calloc(n, sizeof(kmp_uint64));
        t->seconds = (double *)calloc(n, sizeof(double));
        t->joules = (double *)calloc(n, sizeof(double));
        t->trial = (std::atomic<unsigned> *)calloc(n, sizeof(unsigned));
        if (!t->hist || !t->runs || !t->seconds || !t->joules || !t->trial)
          return NULL; // never ready: the type runs unmapped
        t->cls.store(__kmp_erase_initial_class(), std::memory_order_relaxed);
        t->ready.store(1, std::memory_order_release);
        return t;
      }
      k = expected;
    }
    if (k == key)
      return t->ready.load(std::memory_order_acquire) ? t : NULL;
  }
  if (types_full_warned.exchange(1) == 0)
    __kmp_mvomp_warn("MVOMP ERASE",
                     "more than %d task types: the others run unmapped",
                     KMP_ERASE_TYPES);
  return NULL;
}

// A task's type: a multi-version task's type (its entry is the dispatcher
// all of them share), else its entry.
static EraseType *__kmp_erase_task_type(kmp_task_t *task) {
  void *mv = __kmp_mv_erase_type(task);
  return mv ? __kmp_erase_type(mv, kmp_erase_versions)
            : __kmp_erase_type((void *)task->routine, kmp_erase_task);
}

static int __kmp_erase_class_of(EraseType *t) {
  int cls = t->cls.load(std::memory_order_relaxed);
  return cls < 0 ? KMP_ERASE_FALLBACK_CLASS : cls;
}

// ---- Threads: placement, core activity, back-off ---------------------------
namespace {
struct alignas(64) EraseThread {
  std::atomic<int> sleeping; // futex word: 1 while in back-off sleep
  std::atomic<int> busy; // tasks running (core activity tracer)
  std::atomic<int> placed; // cluster is set (read by mapping threads)
  int cluster;
  kmp_erase_backoff_t backoff;
  int perf_state; // 0 not opened, 1 open, -1 failed
  int perf_fd[2]; // cycles (group leader), last-level cache misses
  // Tasks the mapper put in this thread's deque of task team given_team that
  // nobody has taken out yet; each holds one count of the team's unfinished
  // threads (see __kmp_erase_give_begin).
  std::atomic<int> given;
  kmp_task_team_t *given_team;
  kmp_bootstrap_lock_t given_lock;
};
EraseThread threads[KMP_ERASE_MAX_GTID];
std::atomic<int> sleepers; // threads in back-off sleep
thread_local int loop_cluster = -1; // a molded taskloop's chunks go here
} // namespace

// Thread tid of a team runs on the tid-th CPU of the clusters (in cluster
// order), unless the user bound it to a single CPU already.
static int __kmp_erase_cluster_of_tid(int tid) {
  return __kmp_erase_cluster_of_cpu(machine.cpus[tid % machine.ncpus]);
}

static int __kmp_erase_place(kmp_int32 gtid) {
  EraseThread &s = threads[gtid];
  if (s.placed.load(std::memory_order_acquire))
    return s.cluster;
  int tid = __kmp_tid_from_gtid(gtid);
  cpu_set_t set;
  int cluster = -1;
  if (__kmp_erase_allowed(&set) && CPU_COUNT(&set) == 1) {
    for (int cpu = 0; cpu < CPU_SETSIZE && cluster < 0; ++cpu)
      if (CPU_ISSET(cpu, &set))
        cluster = __kmp_erase_cluster_of_cpu(cpu);
  }
  if (cluster < 0) {
    int cpu = machine.cpus[tid % machine.ncpus];
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof(set), &set) != 0)
      __kmp_mvomp_warn("MVOMP ERASE",
                       "cannot bind thread %d to CPU %d of cluster '%s' "
                       "(clusters from %s): %s",
                       gtid, cpu,
                       machine.clusters.names[__kmp_erase_cluster_of_cpu(cpu)],
                       machine.source, strerror(errno));
    cluster = __kmp_erase_cluster_of_cpu(cpu);
  }
  s.cluster = cluster;
  s.placed.store(1, std::memory_order_release);
  return cluster;
}

int __kmp_erase_cluster_here(kmp_int32 gtid) {
  if (!machine.ready || gtid < 0 || gtid >= KMP_ERASE_MAX_GTID)
    return -1;
  return __kmp_erase_place(gtid);
}

const char *__kmp_erase_cluster_name(int cluster) {
  return cluster >= 0 && cluster < machine.clusters.n
             ? machine.clusters.names[cluster]
             : "";
}

static int __kmp_erase_cluster_of_thread(kmp_info_t *th, int tid) {
  int gtid = th->th.th_info.ds.ds_gtid;
  if (gtid >= 0 && gtid < KMP_ERASE_MAX_GTID &&
      threads[gtid].placed.load(std::memory_order_acquire))
    return threads[gtid].cluster;
  return __kmp_erase_cluster_of_tid(tid);
}

static int __kmp_erase_busy(kmp_info_t *th) {
  int gtid = th->th.th_info.ds.ds_gtid;
  if (gtid < 0 || gtid >= KMP_ERASE_MAX_GTID)
    return 0;
  return threads[gtid].busy.load(std::memory_order_relaxed);
}

// Ends thread's back-off sleep, if it sleeps; 1 if it did.
static int __kmp_erase_wake_gtid(int gtid) {
  if (gtid < 0 || gtid >= KMP_ERASE_MAX_GTID)
    return 0;
  EraseThread &s = threads[gtid];
  if (s.sleeping.load(std::memory_order_relaxed) != 1 ||
      s.sleeping.exchange(0) != 1)
    return 0;
#if KMP_OS_LINUX
  syscall(SYS_futex, (int *)&s.sleeping, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
#endif
  return 1;
}

void __kmp_erase_wake(kmp_info_t *thread) {
  __kmp_erase_wake_gtid(thread->th.th_info.ds.ds_gtid);
}

// The cluster thread tid of the team steals from with OMP_ERASE_STEAL=cluster,
// else -1 (any).
static int __kmp_erase_steal_scope(kmp_info_t *th, int tid) {
  return __kmp_erase_steal_cluster && machine.ready
             ? __kmp_erase_cluster_of_thread(th, tid)
             : -1;
}

// Wakes one sleeping thread of the team (the next one after tid) that may
// steal from thread tid; it then looks for tasks (__kmp_erase_aim).
static void __kmp_erase_wake_thief(kmp_task_team_t *task_team, kmp_int32 tid) {
  if (sleepers.load(std::memory_order_relaxed) == 0)
    return;
  int nth = task_team->tt.tt_nproc;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  int scope = __kmp_erase_steal_scope(data[tid].td.td_thr, tid);
  for (int k = 1; k < nth; ++k) {
    int i = (tid + k) % nth;
    kmp_info_t *th = data[i].td.td_thr;
    if (th != NULL &&
        (scope < 0 || __kmp_erase_cluster_of_thread(th, i) == scope) &&
        __kmp_erase_wake_gtid(th->th.th_info.ds.ds_gtid))
      return;
  }
}

// After a sleep, a thread looks at every deque of its team, not at one random
// victim as the stealing loop does: one probe per sleep (up to 128 times the
// base) would leave a task queued behind a busy thread for many sleeps. The
// next steal goes to the first deque with tasks after its own (libomp's
// last-victim hint, which only the thread itself writes).
static void __kmp_erase_aim(kmp_int32 gtid) {
  kmp_info_t *thread = __kmp_threads[gtid];
  kmp_task_team_t *task_team = thread->th.th_task_team;
  if (task_team == NULL)
    return;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  int nth = task_team->tt.tt_nproc;
  kmp_int32 tid = __kmp_tid_from_gtid(gtid);
  if (data == NULL || tid < 0 || tid >= nth)
    return;
  int scope = __kmp_erase_steal_scope(thread, tid);
  for (int k = 1; k < nth; ++k) {
    int i = (tid + k) % nth;
    if (TCR_4(data[i].td.td_deque_ntasks) > 0 &&
        (scope < 0 ||
         __kmp_erase_cluster_of_thread(data[i].td.td_thr, i) == scope)) {
      data[tid].td.td_deque_last_stolen = i;
      return;
    }
  }
}

void __kmp_erase_backoff(kmp_int32 gtid, int found) {
  if (gtid < 0 || gtid >= KMP_ERASE_MAX_GTID)
    return;
  EraseThread &s = threads[gtid];
  if (found) {
    kmp_erase_backoff_reset(&s.backoff);
    return;
  }
  unsigned us = kmp_erase_backoff_fail(&s.backoff, __kmp_erase_sleep_us);
  if (us == 0)
    return;
  struct timespec ts = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000};
#if KMP_OS_LINUX
  sleepers.fetch_add(1);
  s.sleeping.store(1);
  syscall(SYS_futex, (int *)&s.sleeping, FUTEX_WAIT_PRIVATE, 1, &ts, NULL, 0);
  // Woken for a task (the word is 0 already): look without sleeping again.
  if (s.sleeping.exchange(0) == 0)
    kmp_erase_backoff_reset(&s.backoff);
  sleepers.fetch_sub(1);
  __kmp_erase_aim(gtid);
#else
  nanosleep(&ts, NULL);
#endif
}

// A barrier ends when every thread of the team has found no task while its
// own deque was empty; upstream keeps that sound because a thread pushes only
// to its own deque. A task the mapper gives to thread X may arrive after X
// has found nothing, so until somebody takes it out of X's deque the task
// counts as one unfinished thread, and whoever takes it counts itself as
// unfinished again while it runs it (as a thief does in __kmp_steal_task).
int __kmp_erase_give_begin(kmp_info_t *target, kmp_task_team_t *task_team) {
  int gtid = target->th.th_info.ds.ds_gtid;
  if (gtid < 0 || gtid >= KMP_ERASE_MAX_GTID)
    return 0;
  EraseThread &s = threads[gtid];
  __kmp_acquire_bootstrap_lock(&s.given_lock);
  int ok =
      s.given.load(std::memory_order_relaxed) == 0 || s.given_team == task_team;
  if (ok) {
    s.given_team = task_team;
    s.given.fetch_add(1, std::memory_order_relaxed);
    KMP_ATOMIC_INC(&task_team->tt.tt_unfinished_threads);
  }
  __kmp_release_bootstrap_lock(&s.given_lock);
  return ok;
}

void __kmp_erase_give_undo(kmp_info_t *target, kmp_task_team_t *task_team) {
  EraseThread &s = threads[target->th.th_info.ds.ds_gtid];
  __kmp_acquire_bootstrap_lock(&s.given_lock);
  s.given.fetch_sub(1, std::memory_order_relaxed);
  KMP_ATOMIC_DEC(&task_team->tt.tt_unfinished_threads);
  __kmp_release_bootstrap_lock(&s.given_lock);
}

void __kmp_erase_took(kmp_info_t *owner, kmp_task_team_t *task_team,
                      int *thread_finished) {
  if (*thread_finished) {
    KMP_ATOMIC_INC(&task_team->tt.tt_unfinished_threads);
    *thread_finished = FALSE;
  }
  int gtid = owner->th.th_info.ds.ds_gtid;
  if (gtid < 0 || gtid >= KMP_ERASE_MAX_GTID ||
      threads[gtid].given.load(std::memory_order_relaxed) == 0)
    return;
  EraseThread &s = threads[gtid];
  __kmp_acquire_bootstrap_lock(&s.given_lock);
  if (s.given.load(std::memory_order_relaxed) > 0 &&
      s.given_team == task_team) {
    s.given.fetch_sub(1, std::memory_order_relaxed);
    KMP_ATOMIC_DEC(&task_team->tt.tt_unfinished_threads);
  }
  __kmp_release_bootstrap_lock(&s.given_lock);
}

int __kmp_erase_may_steal(kmp_info_t *thread, kmp_info_t *victim,
                          kmp_int32 victim_tid) {
  // A thread running an explicit task or waiting in a taskwait or taskgroup
  // may steal from any cluster: the task it waits for may have been mapped
  // elsewhere, and the task scheduling constraint may forbid every other
  // thread to run it.
  kmp_taskdata_t *current = thread->th.th_current_task;
  if (current->td_flags.tasktype == TASK_EXPLICIT ||
      current->td_taskwait_thread > 0)
    return 1;
  int mine =
      __kmp_erase_cluster_of_thread(thread, thread->th.th_info.ds.ds_tid);
  return __kmp_erase_cluster_of_thread(victim, victim_tid) == mine;
}

// ---- Classification with perf_event ----------------------------------------
#if KMP_OS_LINUX
static int __kmp_erase_perf_open(__u64 config, int group) {
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof(attr));
  attr.size = sizeof(attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = config;
  attr.disabled = group < 0;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  attr.read_format = PERF_FORMAT_GROUP;
  return (int)syscall(SYS_perf_event_open, &attr, 0, -1, group, 0);
}
#endif

// Opens this thread's counters once; 0 if the machine has none (the first
// failure warns once for the whole process).
static int __kmp_erase_counters(EraseThread &s) {
  if (s.perf_state != 0)
    return s.perf_state > 0;
  s.perf_state = -1;
  const char *why = "not supported on this OS";
#if KMP_OS_LINUX
  s.perf_fd[0] = __kmp_erase_perf_open(PERF_COUNT_HW_CPU_CYCLES, -1);
  s.perf_fd[1] =
      s.perf_fd[0] < 0
          ? -1
          : __kmp_erase_perf_open(PERF_COUNT_HW_CACHE_MISSES, s.perf_fd[0]);
  if (s.perf_fd[0] >= 0 && s.perf_fd[1] >= 0) {
    s.perf_state = 1;
    return 1;
  }
  why = strerror(errno);
  if (s.perf_fd[0] >= 0)
    close(s.perf_fd[0]);
#endif
  if (counters_missing.exchange(1) == 0)
    __kmp_mvomp_warn("MVOMP ERASE",
                     "hardware counters unavailable (perf_event_open: %s): "
                     "every task type is classified as '%s'",
                     why, kmp_erase_class_name(KMP_ERASE_FALLBACK_CLASS));
  return 0;
}

static int __kmp_erase_sample_start(EraseThread &s, EraseType *t) {
  if (t->cls.load(std::memory_order_relaxed) >= 0)
    return 0;
  if (!__kmp_erase_counters(s)) {
    int unclassified = -1;
    t->cls.compare_exchange_strong(unclassified, KMP_ERASE_FALLBACK_CLASS);
    return 0;
  }
  if (t->sampling.fetch_add(1) >= KMP_ERASE_CLASSIFY_RUNS)
    return 0;
#if KMP_OS_LINUX
  ioctl(s.perf_fd[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
  ioctl(s.perf_fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
#endif
  return 1;
}

static void __kmp_erase_sample_stop(EraseThread &s, double *cycles,
                                    double *misses) {
  *cycles = *misses = 0;
#if KMP_OS_LINUX
  ioctl(s.perf_fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  __u64 values[3] = {0, 0, 0}; // nr, cycles, misses
  if (read(s.perf_fd[0], values, sizeof(values)) == (ssize_t)sizeof(values) &&
      values[0] == 2) {
    *cycles = (double)values[1];
    *misses = (double)values[2];
  }
#endif
}

// ---- Mapping ---------------------------------------------------------------
namespace {
// The mapper's inputs for one decision, on the caller's stack.
struct EraseMapInputs {
  int size[KMP_ERASE_CLUSTERS_MAX];
  int active[KMP_ERASE_CLUSTERS_MAX];
  double idle[KMP_ERASE_CLUSTERS_MAX];
  double run[KMP_ERASE_CLUSTERS_MAX * KMP_ERASE_MAX_WIDTH];
  double seconds[KMP_ERASE_CLUSTERS_MAX * KMP_ERASE_MAX_WIDTH];
};
} // namespace

// OMP_ERASE_INTERP: the widths of one cluster never measured (0, not -1: not
// being tried either) get the model's prediction where it has one, so they
// need no trial: the online linear model, or phase 3 of Algorithm 1 with the
// offline model of the type's class.
static void __kmp_erase_interpolate(double *row, int maxwidth, int cls) {
  double measured[KMP_ERASE_MAX_WIDTH];
  for (int w = 0; w < maxwidth; ++w)
    measured[w] = row[w] > 0 ? row[w] : 0;
  const kmp_erase_function_t *f = NULL;
  if (__kmp_erase_interp == kmp_erase_interp_poly_kind)
    f = &machine.model.poly[cls];
  else if (__kmp_erase_interp == kmp_erase_interp_pmnf_kind)
    f = &machine.model.pmnf[cls];
  for (int w = 1; w <= maxwidth; ++w)
    if (row[w - 1] == 0)
      row[w - 1] = f ? kmp_erase_interp_offline(f, machine.model.vec[cls],
                                                machine.model.nvec[cls],
                                                measured, maxwidth, w)
                     : kmp_erase_interp_linear(measured, maxwidth, w);
}

// The least-energy (cluster, width) for type t over the team's threads;
// widths up to maxwidth (1 for a task).
static kmp_erase_choice_t __kmp_erase_choose(EraseType *t, int maxwidth,
                                             kmp_task_team_t *task_team,
                                             EraseMapInputs *m) {
  int n = machine.clusters.n;
  int nth = task_team->tt.tt_nproc;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  for (int c = 0; c < n; ++c)
    m->size[c] = m->active[c] = 0;
  for (int i = 0; i < nth; ++i) {
    kmp_info_t *th = data[i].td.td_thr;
    int c = __kmp_erase_cluster_of_thread(th, i);
    if (c < 0)
      continue;
    ++m->size[c];
    if (__kmp_erase_busy(th) > 0)
      ++m->active[c];
  }
  int cls = __kmp_erase_class_of(t);
  for (int c = 0; c < n; ++c) {
    m->idle[c] = __kmp_erase_idle_w(c);
    for (int w = 1; w <= maxwidth; ++w) {
      m->run[c * maxwidth + w - 1] = __kmp_erase_run_w(c, cls, w);
      // Racy read of a double written under the type's lock: a stale value
      // only delays a decision by one task.
      int i = c * machine.maxwidth + w - 1;
      double seconds = t->hist[i].seconds;
      unsigned sent = t->trial[i].load(std::memory_order_relaxed);
      if (seconds == 0 && sent != 0 &&
          t->executions.load(std::memory_order_relaxed) - (sent - 1) <
              KMP_ERASE_TRIAL_PATIENCE)
        seconds = -1;
      m->seconds[c * maxwidth + w - 1] = seconds;
    }
    if (maxwidth > 1 && __kmp_erase_interp != kmp_erase_interp_none)
      __kmp_erase_interpolate(&m->seconds[c * maxwidth], maxwidth, cls);
  }
  kmp_erase_map_in_t in = {n,       maxwidth, m->size,   m->active,
                           m->idle, m->run,   m->seconds};
  kmp_erase_choice_t choice = kmp_erase_map(&in);
  if (choice.cluster >= 0 && choice.joules == 0) { // a trial
    int i = choice.cluster * machine.maxwidth + choice.width - 1;
    t->trial[i].store(t->executions.load(std::memory_order_relaxed) + 1,
                      std::memory_order_relaxed);
  } else if (choice.cluster >= 0 &&
             t->decisions.fetch_add(1, std::memory_order_relaxed) %
                     KMP_ERASE_REFRESH ==
                 KMP_ERASE_REFRESH - 1) {
    kmp_erase_choice_t other =
        kmp_erase_map_except(&in, choice.cluster, choice.width);
    if (other.cluster >= 0)
      choice = other;
  }
  return choice;
}

// A thread of the team in cluster c: the least loaded (running plus queued
// tasks), the caller on a tie, else the lowest tid.
static kmp_int32 __kmp_erase_pick(kmp_task_team_t *task_team, kmp_int32 tid,
                                  int c) {
  int nth = task_team->tt.tt_nproc;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  kmp_int32 best = -1;
  int best_load = INT_MAX;
  for (int i = 0; i < nth; ++i) {
    kmp_info_t *th = data[i].td.td_thr;
    if (__kmp_erase_cluster_of_thread(th, i) != c)
      continue;
    int load = __kmp_erase_busy(th) + (int)TCR_4(data[i].td.td_deque_ntasks);
    if (load < best_load || (load == best_load && i == tid)) {
      best = i;
      best_load = load;
    }
  }
  return best < 0 ? tid : best;
}

static kmp_int32 __kmp_erase_target(kmp_int32 gtid, kmp_int32 tid,
                                    kmp_task_team_t *task_team,
                                    kmp_task_t *task) {
  if (!__kmp_erase_enabled || !machine.ready || gtid >= KMP_ERASE_MAX_GTID ||
      task_team->tt.tt_nproc <= 1)
    return tid;
  // Only the tasks of an implicit task (a parallel region's own code: a
  // producer loop, a single, a taskloop) are mapped. A task created by a task
  // stays in its creator's deque, as in upstream libomp: if it went to another
  // thread, the creator's taskwait would find none of its own children and
  // run other threads' untied tasks instead, nesting task in taskwait in task
  // without bound (a recursive untied Fibonacci overflowed the stack).
  kmp_taskdata_t *parent = KMP_TASK_TO_TASKDATA(task)->td_parent;
  if (parent != NULL && parent->td_flags.tasktype == TASK_EXPLICIT)
    return tid;
  __kmp_erase_place(gtid);
  if (loop_cluster >= 0) // a chunk of a molded taskloop
    return __kmp_erase_pick(task_team, tid, loop_cluster);
  EraseType *t = __kmp_erase_task_type(task);
  if (t == NULL)
    return tid;
  if (t->cls.load(std::memory_order_relaxed) < 0) {
    // Being classified: the task stays here, and creation pauses (the task
    // runs at once) while twice as many tasks as cores are queued.
    kmp_thread_data_t *mine = &task_team->tt.tt_threads_data[tid];
    if (__kmp_enable_task_throttling &&
        (int)TCR_4(mine->td.td_deque_ntasks) >= 2 * __kmp_avail_proc)
      return KMP_ERASE_RUN_NOW;
    return tid;
  }
  EraseMapInputs m;
  kmp_erase_choice_t choice = __kmp_erase_choose(t, 1, task_team, &m);
  if (choice.cluster < 0) // every configuration is being tried
    return tid;
  return __kmp_erase_pick(task_team, tid, choice.cluster);
}

kmp_int32 __kmp_erase_map_task(kmp_int32 gtid, kmp_int32 tid,
                               kmp_task_team_t *task_team, kmp_task_t *task) {
  return __kmp_erase_target(gtid, tid, task_team, task);
}

void __kmp_erase_queued(kmp_task_team_t *task_team, kmp_int32 tid) {
  // A chunk of a molded taskloop stays here by the mapper's choice of width,
  // and its creator runs it next.
  if (loop_cluster < 0)
    __kmp_erase_wake_thief(task_team, tid);
}

// ---- Timing and the performance history ------------------------------------
// Records one execution of t on (cluster, width) that took seconds.
static void __kmp_erase_record(EraseType *t, int cluster, int width,
                               double seconds, double mhz) {
  int i = cluster * machine.maxwidth + width - 1;
  double cores = machine.ncores[cluster] > 0 ? machine.ncores[cluster] : 1;
  // The task's share of its cluster's idle power, and its run power.
  double watts = __kmp_erase_idle_w(cluster) * width / cores +
                 __kmp_erase_run_w(cluster, __kmp_erase_class_of(t), width);
  __kmp_erase_lock(t);
  kmp_erase_hist_update(&t->hist[i], seconds, mhz);
  ++t->runs[i];
  t->seconds[i] += seconds;
  t->joules[i] += watts * seconds;
  __kmp_erase_unlock(t);
  t->trial[i].store(0, std::memory_order_relaxed);
  t->executions.fetch_add(1, std::memory_order_relaxed);
}

void __kmp_erase_task_begin(kmp_int32 gtid, kmp_task_t *task,
                            kmp_erase_exec_t *exec) {
  exec->type = NULL;
  if (!machine.ready || gtid < 0 || gtid >= KMP_ERASE_MAX_GTID)
    return;
  EraseThread &s = threads[gtid];
  exec->cluster = __kmp_erase_place(gtid);
  s.busy.fetch_add(1, std::memory_order_relaxed);
  EraseType *t = __kmp_erase_task_type(task);
  exec->type = t;
  exec->loop = t ? t->taskloop.load(std::memory_order_acquire) : NULL;
  exec->sampling = t != NULL && t->cls.load(std::memory_order_relaxed) < 0 &&
                   __kmp_erase_sample_start(s, t);
  exec->start_ns = __kmp_erase_now_ns();
}

void __kmp_erase_task_end(kmp_int32 gtid, kmp_erase_exec_t *exec) {
  if (!machine.ready || gtid < 0 || gtid >= KMP_ERASE_MAX_GTID)
    return;
  EraseThread &s = threads[gtid];
  kmp_uint64 end = __kmp_erase_now_ns();
  double cycles = 0, misses = 0;
  if (exec->sampling)
    __kmp_erase_sample_stop(s, &cycles, &misses);
  int c = exec->cluster;
  if (c >= 0 && machine.slowdown[c] > 1.0) { // test-only emulation
    kmp_uint64 until = end + (kmp_uint64)((machine.slowdown[c] - 1.0) *
                                          (end - exec->start_ns));
    while ((end = __kmp_erase_now_ns()) < until)
      KMP_CPU_PAUSE();
  }
  s.busy.fetch_sub(1, std::memory_order_relaxed);
  EraseType *t = (EraseType *)exec->type;
  if (t == NULL || c < 0)
    return;
  double seconds = (end - exec->start_ns) * 1e-9;
  double mhz = cycles > 0 && seconds > 0 ? cycles / seconds * 1e-6 : 0;
  __kmp_erase_record(t, c, 1, seconds, mhz);
  EraseType *loop = (EraseType *)exec->loop;
  if (loop != NULL && loop->loop_pending.load(std::memory_order_acquire) > 0 &&
      loop->loop_pending.fetch_sub(1, std::memory_order_acq_rel) == 1)
    __kmp_erase_record(loop, loop->loop_cluster, loop->loop_width,
                       (end - loop->loop_start_ns) * 1e-9, 0);
  if (exec->sampling) {
    __kmp_erase_lock(t);
    t->cycles += cycles;
    t->misses += misses;
    int done = ++t->samples >= KMP_ERASE_CLASSIFY_RUNS;
    double ai = kmp_erase_intensity(t->cycles, t->misses,
                                    __kmp_erase_thresholds.flops_per_cycle);
    __kmp_erase_unlock(t);
    if (done)
      t->cls.store(kmp_erase_classify(ai, &__kmp_erase_thresholds),
                   std::memory_order_relaxed);
  }
}

// ---- Taskloop moldability --------------------------------------------------
kmp_uint64 __kmp_erase_taskloop_begin(kmp_int32 gtid, kmp_task_t *task,
                                      kmp_uint64 trip_count,
                                      kmp_erase_loop_t *loop) {
  kmp_info_t *thread = __kmp_threads[gtid];
  kmp_uint64 dflt = thread->th.th_team_nproc * 10; // upstream's default
  loop->type = NULL;
  kmp_task_team_t *task_team = thread->th.th_task_team;
  if (!machine.ready || gtid >= KMP_ERASE_MAX_GTID || task_team == NULL ||
      task_team->tt.tt_nproc <= 1 || task_team->tt.tt_threads_data == NULL)
    return dflt;
  __kmp_erase_place(gtid);
  EraseType *t = __kmp_erase_type((void *)task->routine, kmp_erase_taskloop);
  if (t == NULL)
    return dflt;
  // The loop's class is its chunks' (they are timed as tasks).
  EraseType *chunks = __kmp_erase_type((void *)task->routine, kmp_erase_task);
  if (chunks != NULL) {
    t->cls.store(__kmp_erase_class_of(chunks), std::memory_order_relaxed);
    chunks->taskloop.store(t, std::memory_order_release);
  }
  EraseMapInputs m;
  kmp_erase_choice_t choice =
      __kmp_erase_choose(t, machine.maxwidth, task_team, &m);
  if (choice.cluster < 0)
    return dflt;
  loop->type = t;
  loop_cluster = choice.cluster;
  kmp_uint64 ntasks = KMP_MIN((kmp_uint64)choice.width, trip_count);
  int idle = 0; // time this instance unless one is being timed already
  if (t->loop_pending.load(std::memory_order_acquire) == 0 &&
      t->loop_pending.compare_exchange_strong(idle, -1)) {
    t->loop_start_ns = __kmp_erase_now_ns();
    t->loop_cluster = choice.cluster;
    t->loop_width = (int)ntasks;
    t->loop_pending.store((int)ntasks, std::memory_order_release);
  }
  return ntasks;
}

void __kmp_erase_taskloop_split_done(kmp_int32 gtid) { loop_cluster = -1; }

// ---- Statistics file -------------------------------------------------------
static void __kmp_erase_write_stats(void) {
  if (__kmp_erase_stats_path == NULL || !machine.ready)
    return;
  FILE *f = __kmp_mvomp_open_output("OMP_ERASE_STATS", __kmp_erase_stats_path);
  if (f == NULL)
    return;
  double rapl = __kmp_erase_rapl_joules();
  if (machine.rapl_start_j >= 0 && rapl >= 0)
    fprintf(f, "# measured energy: %.3f J (RAPL, whole machine, whole run)\n",
            rapl - machine.rapl_start_j);
  else
    fprintf(f, "# measured energy: unavailable (no readable RAPL counters "
               "under /sys/class/powercap)\n");
  fprintf(f, "type,kind,class,cluster,width,executions,mean_s,model_s,"
             "joules\n");
  for (int k = 0; k < KMP_ERASE_TYPES; ++k) {
    EraseType *t = &types[k];
    if (!t->ready.load(std::memory_order_acquire))
      continue;
    uintptr_t key = t->key.load(std::memory_order_relaxed);
    void *routine = (void *)(key / 4);
    int kind = (int)(key % 4);
    Dl_info info;
    memset(&info, 0, sizeof(info));
    char name[96];
    // The symbol, else module+offset (for addr2line): outlined task
    // routines are local symbols, which dladdr does not see.
    if (kind == kmp_erase_versions)
      KMP_SNPRINTF(name, sizeof(name), "type %d",
                   __kmp_mv_type_number(routine));
    else if (dladdr(routine, &info) && info.dli_sname)
      KMP_SNPRINTF(name, sizeof(name), "%s", info.dli_sname);
    else if (info.dli_fname != NULL && info.dli_fbase != NULL) {
      const char *base = strrchr(info.dli_fname, '/');
      KMP_SNPRINTF(name, sizeof(name), "%s+0x%lx",
                   base ? base + 1 : info.dli_fname,
                   (unsigned long)((char *)routine - (char *)info.dli_fbase));
    } else
      KMP_SNPRINTF(name, sizeof(name), "%p", routine);
    __kmp_erase_lock(t);
    for (int c = 0; c < machine.clusters.n; ++c)
      for (int w = 1; w <= machine.maxwidth; ++w) {
        int i = c * machine.maxwidth + w - 1;
        if (t->runs[i] == 0)
          continue;
        fprintf(
            f, "%s,%s,%s,%s,%d,%llu,%.9g,%.9g,%.9g\n", name,
            kind == kmp_erase_taskloop   ? "taskloop"
            : kind == kmp_erase_versions ? "versions"
                                         : "task",
            kmp_erase_class_name((kmp_erase_class_t)__kmp_erase_class_of(t)),
            machine.clusters.names[c], w, (unsigned long long)t->runs[i],
            t->seconds[i] / t->runs[i], t->hist[i].seconds, t->joules[i]);
      }
    __kmp_erase_unlock(t);
  }
  __kmp_mvomp_close_output("OMP_ERASE_STATS", __kmp_erase_stats_path, f);
}

// ---- Set-up and OMP_DISPLAY_ENV -------------------------------------------
void __kmp_erase_env_done(void) {
  __kmp_erase_push_hook = __kmp_erase_enabled || __kmp_erase_sleep_us > 0;
  if (!__kmp_erase_enabled || machine.ready)
    return;
  machine.clusters.n = 0;
  if (__kmp_erase_clusters_value != NULL) {
    char err[256];
    int restricted = 0;
    if (kmp_erase_clusters_parse(__kmp_erase_clusters_value, &machine.clusters,
                                 err, sizeof(err)) == 0 &&
        (restricted = kmp_erase_clusters_restrict_to_affinity(
             &machine.clusters, err, sizeof(err))) >= 0) {
      machine.source = "OMP_ERASE_CLUSTERS";
      if (restricted > 0)
        __kmp_mvomp_warn("MVOMP ERASE",
                         "OMP_ERASE_CLUSTERS='%s': CPUs %s do not exist or "
                         "are not available to this process; they are left "
                         "out",
                         __kmp_erase_clusters_value, err);
    } else {
      __kmp_mvomp_warn("MVOMP ERASE",
                       "OMP_ERASE_CLUSTERS='%s': %s; using the detected "
                       "clusters",
                       __kmp_erase_clusters_value, err);
      machine.clusters.n = 0;
    }
  }
  if (machine.clusters.n == 0)
    __kmp_erase_detect(&machine.clusters);
  machine.ncpus = 0;
  machine.maxwidth = 1;
  for (int c = 0; c < machine.clusters.n; ++c) {
    machine.ncores[c] = kmp_erase_clusters_size(&machine.clusters, c);
    if (machine.ncores[c] > machine.maxwidth)
      machine.maxwidth = machine.ncores[c];
    for (int cpu = 0; cpu < KMP_ERASE_CLUSTERS_MAX_CPUS; ++cpu)
      if (__kmp_erase_cluster_of_cpu(cpu) == c)
        machine.cpus[machine.ncpus++] = cpu;
  }
  if (machine.maxwidth > KMP_ERASE_MAX_WIDTH)
    machine.maxwidth = KMP_ERASE_MAX_WIDTH;
  if (machine.ncpus == 0) {
    __kmp_mvomp_warn("MVOMP ERASE", "no CPU in any cluster: ERASE is off");
    __kmp_erase_enabled = 0;
    return;
  }
  for (int g = 0; g < KMP_ERASE_MAX_GTID; ++g)
    __kmp_init_bootstrap_lock(&threads[g].given_lock);
  __kmp_erase_load_power();
  __kmp_erase_load_model();
  for (int c = 0; c < machine.clusters.n; ++c)
    machine.mhz[c] = __kmp_erase_cluster_mhz(c);
  __kmp_erase_parse_slowdown();
  machine.rapl_start_j = __kmp_erase_rapl_joules();
  // Whether counters can be opened is known (and warned about) at start-up,
  // so that no type waits to be classified where it never can be.
  if (__kmp_erase_perf) {
    EraseThread probe;
    probe.perf_state = 0;
    if (__kmp_erase_counters(probe)) {
#if KMP_OS_LINUX
      close(probe.perf_fd[0]);
      close(probe.perf_fd[1]);
#endif
    }
  }
  machine.ready = 1;
  if (__kmp_erase_stats_path != NULL)
    atexit(__kmp_erase_write_stats);
}

int __kmp_erase_clusters_in_use(char *buf, size_t len) {
  if (!machine.ready)
    return 0;
  kmp_erase_clusters_print(&machine.clusters, buf, len);
  return 1;
}

int __kmp_erase_started(void) { return machine.ready; }

void __kmp_erase_display_env(kmp_str_buf_t *buffer) {
  if (!machine.ready)
    return;
  __kmp_str_buf_print(
      buffer, "   [MVOMP ERASE] clusters from %s; %s\n", machine.source,
      machine.have_power ? "power from OMP_ERASE_POWER"
                         : "no power table: every configuration draws 1 W, "
                           "so the mapper minimises time");
  __kmp_str_buf_print(
      buffer, "   [MVOMP ERASE] hardware counters: %s\n",
      !__kmp_erase_perf ? "off (OMP_ERASE_PERF=off): every type is 'compute'"
      : counters_missing.load() ? "unavailable: every type is 'compute'"
                                : "classifying task types");
}

/*
 * kmp_erase_machine.cpp -- ERASE's view of the machine, the bottom of the
 * feature (docs/architecture.md): its settings, the set-up that finds the
 * clusters (OMP_ERASE_CLUSTERS or the topology layer's detection) and loads
 * the power table (OMP_ERASE_POWER), the offline model (OMP_ERASE_MODEL),
 * cpufreq frequencies and the test slowdown (OMP_ERASE_TEST_SLOWDOWN); the
 * power of a configuration, RAPL, the per-thread hardware counters, and the
 * OMP_DISPLAY_ENV lines. See kmp_erase_internal.h for the feature's files.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if KMP_OS_LINUX
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

// ---- Settings -------------------------------------------------------------
int __kmp_erase_enabled = 0;
int __kmp_erase_sleep_us = 0;
int __kmp_erase_spin_us = KMP_ERASE_DEFAULT_SPIN_US;
int __kmp_erase_sleep_explicit = 0;
int __kmp_erase_steal_cluster = 0;
int __kmp_erase_perf = 1;
int __kmp_erase_team = 1;
int __kmp_erase_ladder = 1;
int __kmp_erase_spin_cost = 1;
int __kmp_erase_defer = 1;
double __kmp_erase_defer_share = KMP_ERASE_DEFER_SHARE;
int __kmp_erase_refresh_backoff = 1;
int __kmp_erase_stay_pct = KMP_ERASE_DEFAULT_STAY_PCT;
int __kmp_erase_tie_pct = KMP_ERASE_DEFAULT_TIE_PCT;
int __kmp_erase_time_quarters = KMP_ERASE_DEFAULT_TIME_QUARTERS;
int __kmp_erase_objective = kmp_erase_objective_energy;
int __kmp_erase_joint = 1;
int __kmp_erase_alike = kmp_erase_alike_auto;
int __kmp_erase_interp = kmp_erase_interp_none;
kmp_erase_thresholds_t __kmp_erase_thresholds = {
    KMP_ERASE_DEFAULT_FLOPS_PER_CYCLE, KMP_ERASE_DEFAULT_CACHE_AI,
    KMP_ERASE_DEFAULT_COMPUTE_AI};
char *__kmp_erase_clusters_value = NULL;
char *__kmp_erase_power_path = NULL;
char *__kmp_erase_model_path = NULL;
char *__kmp_erase_stats_path = NULL;
char *__kmp_erase_slowdown_value = NULL;
char *__kmp_erase_rapl_path = NULL;
int __kmp_erase_rapl_off = 0;

kmp_erase_machine_t __kmp_erase_machine;
kmp_erase_thread_t __kmp_erase_threads[KMP_MVOMP_MAX_GTID];

double __kmp_erase_idle_w(int c) {
  int i = __kmp_erase_machine.power_index[c];
  return __kmp_erase_machine.have_power && i >= 0
             ? __kmp_erase_machine.power.idle[i]
             : 0.0;
}

double __kmp_erase_run_w(int c, int cls, int width) {
  if (!__kmp_erase_machine.have_power)
    return 1.0;
  int i = __kmp_erase_machine.power_index[c];
  if (i < 0)
    return 0.0;
  double w = __kmp_erase_power_run(&__kmp_erase_machine.power, i,
                                   (kmp_erase_class_t)cls,
                                   __kmp_erase_machine.mhz[c], width);
  return w < 0 ? 0.0 : w;
}

double __kmp_erase_team_run_w(int cls, const int *size) {
  if (!__kmp_erase_machine.have_power) // 1 W for any configuration
    return 1.0;
  double watts = 0;
  for (int c = 0; c < __kmp_mvomp_nclusters; ++c)
    if (size[c] > 0)
      watts += __kmp_erase_run_w(
          c, cls, KMP_MIN(size[c], __kmp_erase_machine.maxwidth));
  return watts;
}

int __kmp_erase_team_width(void) {
  int cores = 0;
  for (int c = 0; c < __kmp_mvomp_nclusters; ++c)
    cores += __kmp_erase_machine.ncores[c];
  return cores;
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
  } else if (__kmp_erase_offline_parse(text, __kmp_erase_model_path,
                                       &__kmp_erase_machine.model, err,
                                       sizeof(err)) != 0) {
    __kmp_mvomp_warn("MVOMP ERASE", "OMP_ERASE_MODEL: %s; no interpolation",
                     err);
    __kmp_erase_interp = kmp_erase_interp_none;
  } else {
    int models = 0;
    for (int c = 0; c < kmp_erase_nclasses; ++c)
      models += __kmp_erase_interp == kmp_erase_interp_poly_kind
                    ? __kmp_erase_machine.model.poly[c].nterms > 0
                    : __kmp_erase_machine.model.pmnf[c].nterms > 0;
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
  __kmp_erase_machine.have_power = 0;
  for (int c = 0; c < KMP_ERASE_MAX_CLUSTERS; ++c)
    __kmp_erase_machine.power_index[c] = -1;
  if (__kmp_erase_power_path == NULL)
    return;
  const char *path = __kmp_erase_power_path;
  char *text = __kmp_mvomp_read_file(
      "OMP_ERASE_POWER", path,
      "without a power table ERASE minimises predicted time");
  if (text == NULL)
    return;
  char err[256];
  int failed = __kmp_erase_power_parse(text, path, &__kmp_erase_machine.power,
                                       err, sizeof(err));
  __kmp_str_free(&text);
  if (failed) {
    __kmp_mvomp_warn("MVOMP ERASE",
                     "OMP_ERASE_POWER: %s; without a power table ERASE "
                     "minimises predicted time",
                     err);
    return;
  }
  __kmp_erase_machine.have_power = 1;
  for (int c = 0; c < __kmp_mvomp_nclusters; ++c) {
    __kmp_erase_machine.power_index[c] = __kmp_erase_power_cluster(
        &__kmp_erase_machine.power, __kmp_mvomp_cluster_name(c));
    if (__kmp_erase_machine.power_index[c] < 0)
      __kmp_mvomp_warn("MVOMP ERASE",
                       "OMP_ERASE_POWER: %s has no cluster '%s'; its power is "
                       "taken as 0 W",
                       path, __kmp_mvomp_cluster_name(c));
  }
}

// The current frequency of a cluster's first CPU in MHz (cpufreq), or a very
// high one when unknown, so that the power table's highest is used.
static int __kmp_erase_cluster_mhz(int c) {
  for (int i = 0; i < __kmp_mvomp_ncluster_cpus; ++i) {
    if (__kmp_mvomp_cluster_of_cpu(__kmp_mvomp_cluster_cpus[i]) != c)
      continue;
    int mhz = __kmp_erase_cpufreq_mhz(__kmp_mvomp_cluster_cpus[i]);
    return mhz > 0 ? mhz : INT_MAX / 2;
  }
  return INT_MAX / 2;
}

// OMP_ERASE_TEST_SLOWDOWN="<cluster>:<factor>;...": every task run on that
// cluster of c takes factor times as long (test-only emulation of slow cores).
// Returns 1 if a cluster is slowed.
static int __kmp_erase_parse_slowdown(const kmp_erase_clusters_t *c) {
  int slowed = 0;
  for (int i = 0; i < KMP_ERASE_MAX_CLUSTERS; ++i)
    __kmp_erase_machine.slowdown[i] = 1.0;
  if (__kmp_erase_slowdown_value == NULL)
    return 0;
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
    int k = -1;
    double factor = 0;
    if (colon != NULL) {
      *colon = '\0';
      for (int i = 0; i < c->n; ++i)
        if (strcmp(c->names[i], item) == 0)
          k = i;
      factor = strtod(colon + 1, &end);
    }
    if (k < 0 || end == colon + 1 || *end != '\0' || !(factor >= 1.0) ||
        factor > 1000) {
      __kmp_mvomp_warn("MVOMP ERASE",
                       "OMP_ERASE_TEST_SLOWDOWN: '%s' is not <cluster in "
                       "use>:<factor from 1 to 1000>; ignored",
                       __kmp_erase_slowdown_value);
      for (int i = 0; i < KMP_ERASE_MAX_CLUSTERS; ++i)
        __kmp_erase_machine.slowdown[i] = 1.0;
      slowed = 0;
      break;
    }
    __kmp_erase_machine.slowdown[k] = factor;
    slowed |= factor > 1.0;
  }
  __kmp_str_free(&copy);
  return slowed;
}

// ---- RAPL -------------------------------------------------------------------
namespace {
struct kmp_erase_rapl_t {
  int n;
  int fd[KMP_ERASE_RAPL_DOMAINS];
  double range_uj[KMP_ERASE_RAPL_DOMAINS]; // 0: unknown (no wrap followed)
  double last_uj[KMP_ERASE_RAPL_DOMAINS];  // under lock
  double total_j;                          // under lock
  kmp_uint64 last_ns;                      // under lock
  std::atomic<kmp_uint64> next_ns;
  std::atomic<double> watts;
  std::atomic_flag lock;
};
kmp_erase_rapl_t __kmp_erase_rapl;
} // namespace
std::atomic<int> __kmp_erase_running;

// A counter's value in microjoules; 0 if it cannot be read or parsed (a file
// being rewritten: the reading is skipped).
static int __kmp_erase_rapl_read(int fd, double *uj) {
  char buf[32];
  ssize_t len = pread(fd, buf, sizeof(buf) - 1, 0);
  if (len <= 0)
    return 0;
  buf[len] = '\0';
  char *end = NULL;
  errno = 0;
  unsigned long long v = strtoull(buf, &end, 10);
  if (end == buf || errno != 0 || (*end != '\0' && *end != '\n'))
    return 0;
  *uj = (double)v;
  return 1;
}

static double __kmp_erase_rapl_file_value(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  double v = 0;
  if (fd >= 0) {
    if (!__kmp_erase_rapl_read(fd, &v))
      v = 0;
    close(fd);
  }
  return v;
}

int __kmp_erase_rapl_open(void) {
  kmp_erase_rapl_t &r = __kmp_erase_rapl;
  r.n = 0;
  r.watts.store(-1, std::memory_order_relaxed);
  if (__kmp_erase_rapl_off)
    return 0;
  const char *dir =
      __kmp_erase_rapl_path ? __kmp_erase_rapl_path : KMP_ERASE_DEFAULT_RAPL;
  // The package domains are intel-rapl:<n> (their subdomains
  // intel-rapl:<n>:<m>), numbered from 0 with possible gaps: listed from the
  // directory, in order (probing 64 names cost 64 failed opens at every
  // start-up where there is no RAPL).
  bool listed[64] = {false};
  if (DIR *list = opendir(dir)) {
    while (struct dirent *e = readdir(list)) {
      int d, end = 0;
      if (sscanf(e->d_name, "intel-rapl:%d%n", &d, &end) == 1 &&
          e->d_name[end] == '\0' && d >= 0 && d < 64)
        listed[d] = true;
    }
    closedir(list);
  }
  for (int d = 0; d < 64 && r.n < KMP_ERASE_RAPL_DOMAINS; ++d) {
    if (!listed[d])
      continue;
    char path[PATH_MAX];
    KMP_SNPRINTF(path, sizeof(path), "%s/intel-rapl:%d/energy_uj", dir, d);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      continue;
    double uj;
    if (!__kmp_erase_rapl_read(fd, &uj)) {
      close(fd);
      continue;
    }
    KMP_SNPRINTF(path, sizeof(path), "%s/intel-rapl:%d/max_energy_range_uj",
                 dir, d);
    r.range_uj[r.n] = __kmp_erase_rapl_file_value(path);
    r.last_uj[r.n] = uj;
    r.fd[r.n++] = fd;
  }
  if (r.n == 0 && __kmp_erase_rapl_path != NULL)
    __kmp_mvomp_warn("MVOMP ERASE",
                     "OMP_ERASE_RAPL: no readable RAPL package domain "
                     "(intel-rapl:N/energy_uj) under '%s': energy is modelled",
                     __kmp_erase_rapl_path);
  // The clock starts with the first period (not here: ERASE sets up during
  // libomp's initialisation, which the clock would wait for).
  r.total_j = 0;
  r.last_ns = 0;
  r.next_ns.store(0);
  return r.n > 0;
}

// Adds what the domains counted since the last reading (under the lock).
static void __kmp_erase_rapl_update(kmp_erase_rapl_t &r) {
  for (int d = 0; d < r.n; ++d) {
    double uj;
    if (!__kmp_erase_rapl_read(r.fd[d], &uj))
      continue;
    double delta = uj - r.last_uj[d];
    if (delta < 0) // the counter wrapped, or was reset: count from 0
      delta += r.range_uj[d] > r.last_uj[d] ? r.range_uj[d] : r.last_uj[d];
    r.last_uj[d] = uj;
    r.total_j += delta * 1e-6;
  }
}

double __kmp_erase_rapl_joules(void) {
  kmp_erase_rapl_t &r = __kmp_erase_rapl;
  if (r.n == 0)
    return -1;
  while (r.lock.test_and_set(std::memory_order_acquire))
    KMP_CPU_PAUSE();
  __kmp_erase_rapl_update(r);
  double j = r.total_j;
  r.lock.clear(std::memory_order_release);
  return j;
}

double __kmp_erase_rapl_watts(void) {
  kmp_erase_rapl_t &r = __kmp_erase_rapl;
  if (r.n == 0)
    return -1;
  kmp_uint64 now = __kmp_mvomp_now_ns();
  if (now >= r.next_ns.load(std::memory_order_relaxed) &&
      !r.lock.test_and_set(std::memory_order_acquire)) {
    if (now >= r.next_ns.load(std::memory_order_relaxed) && now > r.last_ns) {
      double before = r.total_j;
      __kmp_erase_rapl_update(r);
      if (r.last_ns != 0) // else the first period starts now
        r.watts.store((r.total_j - before) / ((now - r.last_ns) * 1e-9),
                      std::memory_order_relaxed);
      r.last_ns = now;
      r.next_ns.store(now + KMP_ERASE_RAPL_PERIOD_NS,
                      std::memory_order_relaxed);
    }
    r.lock.clear(std::memory_order_release);
  }
  return r.watts.load(std::memory_order_relaxed);
}

// ---- Hardware counters ------------------------------------------------------
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
int __kmp_erase_counters(kmp_erase_thread_t &s) {
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
  if (__kmp_erase_machine.counters_missing.exchange(1) == 0)
    __kmp_mvomp_warn("MVOMP ERASE",
                     "hardware counters unavailable (perf_event_open: %s): "
                     "every task type is classified as '%s'",
                     why, __kmp_erase_class_name(KMP_ERASE_FALLBACK_CLASS));
  return 0;
}

// ---- Set-up and OMP_DISPLAY_ENV -------------------------------------------
// The clusters: OMP_ERASE_CLUSTERS (restricted to the CPUs this process may
// use), else the detected ones; 0 if there is no CPU in any. *same_cores:
// detected packages of one CPU model (__kmp_mvomp_detect_clusters).
static int __kmp_erase_read_clusters(kmp_erase_clusters_t *clusters,
                                     const char **source, int *same_cores) {
  clusters->n = 0;
  *source = "";
  *same_cores = 0;
  if (__kmp_erase_clusters_value != NULL) {
    char err[256];
    int restricted = 0;
    if (__kmp_erase_clusters_parse(__kmp_erase_clusters_value, clusters, err,
                                   sizeof(err)) == 0 &&
        (restricted = __kmp_erase_clusters_restrict_to_affinity(
             clusters, err, sizeof(err))) >= 0) {
      *source = "OMP_ERASE_CLUSTERS";
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
      clusters->n = 0;
    }
  }
  if (clusters->n == 0)
    __kmp_mvomp_detect_clusters(clusters, source, same_cores);
  for (int c = 0; c < clusters->n; ++c)
    if (__kmp_erase_clusters_size(clusters, c) > 0)
      return 1;
  return 0;
}

// ERASE off, OMP_ERASE_TEST_SLOWDOWN set: only the slowdown applies, so that
// a run with ERASE off pays for the emulated slow cluster as ERASE does
// (docs/erase.md, "Emulated big.LITTLE"). Threads are not bound: a task is
// slowed if the CPU it ran on (sched_getcpu) is in a slowed cluster.
static kmp_erase_clusters_t __kmp_erase_emulated;
int __kmp_erase_emulation_setup(void) {
  const char *source;
  int same_cores;
  if (__kmp_erase_slowdown_value == NULL ||
      !__kmp_erase_read_clusters(&__kmp_erase_emulated, &source, &same_cores))
    return 0;
  __kmp_erase_machine.emulating = __kmp_erase_machine.slowed =
      __kmp_erase_parse_slowdown(&__kmp_erase_emulated);
  return __kmp_erase_machine.emulating;
}

int __kmp_erase_emulated_cluster(void) {
#if KMP_OS_LINUX
  int cpu = sched_getcpu();
  return cpu < 0 ? -1 : __kmp_erase_clusters_of(&__kmp_erase_emulated, cpu);
#else
  return -1;
#endif
}

// What one read of the runtime's clock costs, in its ticks: the least of a
// few rounds of reads (a preempted round only overestimates it).
static double __kmp_erase_clock_cost(void) {
  const int reads = 64;
  double best = 0;
  for (int round = 0; round < 4; ++round) {
    kmp_uint64 start = __kmp_mvomp_ticks(), last = start;
    for (int k = 0; k < reads; ++k)
      last = __kmp_mvomp_ticks();
    double cost = (double)(last - start) / reads;
    if (round == 0 || cost < best)
      best = cost;
  }
  return best;
}

// OMP_ERASE_ALIKE=auto: several clusters that hwloc detected as packages of
// one CPU model (same_cores), none slowed, at one frequency, and of the same
// power per core in the power table, if any. A task's time and energy are then
// the same on each (ERASE models neither load nor memory locality), so its
// predictions differ only by their noise, and a task sent to the other
// package on that noise costs the move (on two emulated packages, a tree of
// 0.1-us tasks took 1.7x ERASE off's time: docs/erase.md, "Alike clusters").
static int __kmp_erase_clusters_alike(int same_cores) {
  const kmp_erase_machine_t &m = __kmp_erase_machine;
  int n = __kmp_mvomp_nclusters;
  if (n < 2 || !same_cores)
    return 0;
  auto near = [](double a, double b) {
    return fabs(a - b) <= 0.01 * KMP_MAX(fabs(a), fabs(b));
  };
  for (int c = 1; c < n; ++c) {
    if (m.slowdown[c] != m.slowdown[0] || m.mhz[c] != m.mhz[0] ||
        !near(__kmp_erase_idle_w(c) / m.ncores[c],
              __kmp_erase_idle_w(0) / m.ncores[0]))
      return 0;
    for (int cls = 0; cls < kmp_erase_nclasses; ++cls)
      if (!near(__kmp_erase_run_w(c, cls, 1), __kmp_erase_run_w(0, cls, 1)))
        return 0;
  }
  return 1;
}

int __kmp_erase_machine_setup(void) {
  kmp_erase_clusters_t clusters;
  const char *source = "";
  int same_cores = 0;
  if (!__kmp_erase_read_clusters(&clusters, &source, &same_cores) ||
      !__kmp_mvomp_use_clusters(&clusters, source)) {
    __kmp_mvomp_warn("MVOMP ERASE", "no CPU in any cluster: ERASE is off");
    return 0;
  }
  kmp_erase_machine_t &m = __kmp_erase_machine;
  m.maxwidth = 1;
  for (int c = 0; c < clusters.n; ++c) {
    m.ncores[c] = __kmp_erase_clusters_size(&clusters, c);
    if (m.ncores[c] > m.maxwidth)
      m.maxwidth = m.ncores[c];
  }
  if (m.maxwidth > KMP_ERASE_MAX_WIDTH)
    m.maxwidth = KMP_ERASE_MAX_WIDTH;
  __kmp_erase_load_power();
  __kmp_erase_load_model();
  for (int c = 0; c < clusters.n; ++c)
    m.mhz[c] = __kmp_erase_cluster_mhz(c);
  __kmp_erase_machine.slowed = __kmp_erase_parse_slowdown(&clusters);
  // (Never with OMP_ERASE_STEAL=cluster: the mapper is then what spreads the
  // tasks over the clusters, as no thread steals from another cluster.)
  __kmp_mvomp_clusters_alike = !__kmp_erase_steal_cluster &&
                               (__kmp_erase_alike == kmp_erase_alike_on ||
                                (__kmp_erase_alike == kmp_erase_alike_auto &&
                                 __kmp_erase_clusters_alike(same_cores)));
  m.rapl = __kmp_erase_rapl_open();
  m.clock_ticks = __kmp_erase_clock_cost();
  __kmp_init_bootstrap_lock(&m.alone_lock);
  // Whether counters can be opened is known (and warned about) at start-up,
  // so that no type waits to be classified where it never can be.
  if (__kmp_erase_perf) {
    kmp_erase_thread_t probe;
    probe.perf_state = 0;
    if (__kmp_erase_counters(probe)) {
#if KMP_OS_LINUX
      close(probe.perf_fd[0]);
      close(probe.perf_fd[1]);
#endif
    }
  }
  m.ready = 1;
  return 1;
}

int __kmp_erase_clusters_in_use(char *buf, size_t len) {
  if (!__kmp_erase_machine.ready)
    return 0;
  __kmp_erase_clusters_print(__kmp_mvomp_clusters(), buf, len);
  return 1;
}

int __kmp_erase_started(void) { return __kmp_erase_machine.ready; }

void __kmp_erase_machine_display(kmp_str_buf_t *buffer) {
  if (__kmp_erase_machine.emulating && !__kmp_erase_machine.ready) {
    __kmp_str_buf_print(buffer,
                        "   [MVOMP ERASE] off; OMP_ERASE_TEST_SLOWDOWN slows "
                        "the tasks that run on:");
    for (int c = 0; c < __kmp_erase_emulated.n; ++c)
      if (__kmp_erase_machine.slowdown[c] > 1.0)
        __kmp_str_buf_print(buffer, " %s x%g", __kmp_erase_emulated.names[c],
                            __kmp_erase_machine.slowdown[c]);
    __kmp_str_buf_print(buffer, " (the CPU each task ran on)\n");
  }
  if (!__kmp_erase_machine.ready)
    return;
  __kmp_str_buf_print(buffer, "   [MVOMP ERASE] clusters from %s; %s\n",
                      __kmp_mvomp_clusters_source,
                      __kmp_erase_machine.have_power
                          ? "power from OMP_ERASE_POWER"
                          : "no power table: every configuration draws 1 W, "
                            "so the mapper minimises time");
  if (__kmp_mvomp_nclusters > 1)
    __kmp_str_buf_print(
        buffer, "   [MVOMP ERASE] clusters %s\n",
        !__kmp_mvomp_clusters_alike
            ? "differ: tasks are mapped to the least-cost cluster"
        : __kmp_erase_alike == kmp_erase_alike_on
            ? "alike (OMP_ERASE_ALIKE=on): tasks stay where they are created"
            : "alike (packages of one CPU model, same power): tasks stay where "
              "they are created");
  const char *rapl_dir =
      __kmp_erase_rapl_path ? __kmp_erase_rapl_path : KMP_ERASE_DEFAULT_RAPL;
  if (__kmp_erase_machine.rapl)
    __kmp_str_buf_print(buffer,
                        "   [MVOMP ERASE] energy per task: measured (RAPL "
                        "package power under %s, shared by the running "
                        "tasks)\n",
                        rapl_dir);
  else if (__kmp_erase_rapl_off)
    __kmp_str_buf_print(buffer, "   [MVOMP ERASE] energy per task: modelled "
                                "from the power table (OMP_ERASE_RAPL=off)\n");
  else
    __kmp_str_buf_print(buffer,
                        "   [MVOMP ERASE] energy per task: modelled from the "
                        "power table (no readable RAPL under %s)\n",
                        rapl_dir);
  __kmp_str_buf_print(buffer, "   [MVOMP ERASE] hardware counters: %s\n",
                      !__kmp_erase_perf
                          ? "off (OMP_ERASE_PERF=off): every type is 'compute'"
                      : __kmp_erase_machine.counters_missing.load()
                          ? "unavailable: every type is 'compute'"
                          : "classifying task types");
}

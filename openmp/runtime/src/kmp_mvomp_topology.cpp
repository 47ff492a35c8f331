/*
 * kmp_mvomp_topology.cpp -- MVOMP's topology layer (kmp_mvomp_topology.h):
 * one hwloc topology, loaded once, for the package and NUMA node of each CPU
 * (multi-version tasks' locality and trace) and for the clusters ERASE
 * detects; the clusters in use; and thread placement, the one place where
 * MVOMP binds a thread.
 *
 * libomp's own __kmp_topology is not used: it is built at the runtime's
 * middle initialisation and only with affinity enabled (KMP_AFFINITY=disabled
 * or OMP_PROC_BIND=false leave it unset), while ERASE finds its clusters when
 * the environment is read, and it does not name hwloc's CPU kinds.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_mvomp_topology.h"
#include "kmp_lock.h"
#include "kmp_mvomp.h"

#include <atomic>
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#if KMP_USE_HWLOC
#include <hwloc.h>
#endif

/* ------------------------------------------------------------------------ */
/* The hwloc topology and the CPU table                                     */

static kmp_bootstrap_lock_t __kmp_mvomp_topology_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_mvomp_topology_lock);
static std::atomic<int> __kmp_mvomp_topology_ready{0};
static kmp_mvomp_cpu_t *__kmp_mvomp_cpus = NULL;
static int __kmp_mvomp_ncpus = 0;
#if KMP_USE_HWLOC
static hwloc_topology_t __kmp_mvomp_hwloc = NULL; // NULL if it failed

#if (KMP_ARCH_X86 || KMP_ARCH_X86_64) && HWLOC_API_VERSION >= 0x00020100
// Whether the CPU says it is hybrid (CPUID.07H:EDX[15], Intel's P- and
// E-cores), read on this thread alone.
static bool __kmp_mvomp_cpu_hybrid(void) {
  kmp_cpuid_t id;
  __kmp_x86_cpuid(0, 0, &id);
  if (id.eax < 7)
    return false;
  __kmp_x86_cpuid(7, 0, &id);
  return (id.edx >> 15) & 1;
}
#endif
#endif

void __kmp_mvomp_topology_load(void) {
  if (__kmp_mvomp_topology_ready.load(std::memory_order_acquire))
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_mvomp_topology_lock);
  if (!__kmp_mvomp_topology_ready.load(std::memory_order_relaxed)) {
    int n = (int)sysconf(_SC_NPROCESSORS_CONF);
    if (n < 1)
      n = 1;
    kmp_mvomp_cpu_t *cpus =
        (kmp_mvomp_cpu_t *)KMP_INTERNAL_MALLOC(n * sizeof(kmp_mvomp_cpu_t));
    memset(cpus, 0, n * sizeof(kmp_mvomp_cpu_t));
#if KMP_USE_HWLOC
    // hwloc dlopens its plugins at the first topology's init: I/O discovery
    // (PCI, OpenCL, GL) and libxml, with their dependencies (X11, ICU,
    // libxml2...): some 20 libraries, 5-10 ms of a program's start-up on
    // this project's machines (docs/erase.md), for devices MVOMP never looks
    // at (the CPUs, packages and NUMA nodes come from the core backends).
    // Unless the user names the plugins to skip, none is loaded for this
    // init; the variable is removed again at once.
    static const char blacklist_var[] = "HWLOC_PLUGINS_BLACKLIST";
    const bool blacklist = getenv(blacklist_var) == NULL &&
                           setenv(blacklist_var,
                                  "hwloc_pci,hwloc_opencl,hwloc_gl,"
                                  "hwloc_xml_libxml,hwloc_cuda,hwloc_nvml,"
                                  "hwloc_rsmi,hwloc_levelzero",
                                  0) == 0;
    hwloc_topology_t topo;
    int inited = hwloc_topology_init(&topo);
    if (blacklist)
      unsetenv(blacklist_var);
    if (inited == 0) {
#if (KMP_ARCH_X86 || KMP_ARCH_X86_64) && HWLOC_API_VERSION >= 0x00020100
      // Nor hwloc's x86 backend, unless the CPU is hybrid: it binds this
      // thread to every CPU in turn to read its CPUID, a migration per CPU
      // (0.7 ms of ERASE's 2.6-ms start-up on 2 vCPUs, more with every CPU),
      // for what the Linux backend reads from sysfs and /proc/cpuinfo too:
      // packages, NUMA nodes, the CPU model. On a hybrid CPU it names the
      // kinds (CoreType), which ERASE's clusters and power tables take.
      if (getenv("HWLOC_COMPONENTS") == NULL && !__kmp_mvomp_cpu_hybrid())
        hwloc_topology_set_components(
            topo, HWLOC_TOPOLOGY_COMPONENTS_FLAG_BLACKLIST, "x86");
#endif
      if (hwloc_topology_load(topo) == 0)
        __kmp_mvomp_hwloc = topo;
      else
        hwloc_topology_destroy(topo);
    }
    if (__kmp_mvomp_hwloc != NULL) {
      topo = __kmp_mvomp_hwloc;
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
#endif
    __kmp_mvomp_cpus = cpus;
    __kmp_mvomp_ncpus = n;
    __kmp_mvomp_topology_ready.store(1, std::memory_order_release);
  }
  __kmp_release_bootstrap_lock(&__kmp_mvomp_topology_lock);
}

kmp_mvomp_cpu_t __kmp_mvomp_this_cpu(void) {
  __kmp_mvomp_topology_load();
  int cpu = sched_getcpu();
  kmp_mvomp_cpu_t none = {0, 0};
  return cpu >= 0 && cpu < __kmp_mvomp_ncpus ? __kmp_mvomp_cpus[cpu] : none;
}

kmp_int32 __kmp_mvomp_node_of(void *p) {
#if KMP_OS_LINUX && defined(SYS_get_mempolicy)
  // get_mempolicy: no libnuma needed.
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
/* Detected clusters                                                        */

// The CPUs this process may use; false if unknown.
static bool __kmp_mvomp_allowed(cpu_set_t *set) {
  CPU_ZERO(set);
  return sched_getaffinity(0, sizeof(*set), set) == 0;
}

#if KMP_USE_HWLOC
static void __kmp_mvomp_add_cluster(kmp_erase_clusters_t *c, const char *name,
                                    hwloc_const_bitmap_t cpus,
                                    const cpu_set_t *allowed) {
  if (c->n >= KMP_ERASE_MAX_CLUSTERS)
    return;
  int i = c->n;
  memset(c->cpus[i], 0, sizeof(c->cpus[i]));
  int any = 0;
  int cpu;
  hwloc_bitmap_foreach_begin(cpu, cpus) {
    if (cpu < KMP_ERASE_MAX_CPUS && CPU_ISSET(cpu, allowed)) {
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

void __kmp_mvomp_detect_clusters(kmp_erase_clusters_t *c, const char **source,
                                 int *same_cores) {
  c->n = 0;
  *same_cores = 0;
  cpu_set_t allowed;
  if (!__kmp_mvomp_allowed(&allowed))
    for (int i = 0; i < CPU_SETSIZE; ++i)
      CPU_SET(i, &allowed);
#if KMP_USE_HWLOC
  __kmp_mvomp_topology_load();
  hwloc_topology_t topo = __kmp_mvomp_hwloc;
  if (topo != NULL) {
    int kinds = hwloc_cpukinds_get_nr(topo, 0);
    if (kinds > 1) {
      *source = "detected: hwloc CPU kinds";
      hwloc_bitmap_t set = hwloc_bitmap_alloc();
      for (int k = 0; k < kinds; ++k) {
        unsigned ninfos = 0;
        struct hwloc_info_s *infos = NULL;
        int efficiency = -1;
        if (hwloc_cpukinds_get_info(topo, k, set, &efficiency, &ninfos, &infos,
                                    0) != 0)
          continue;
        char name[KMP_ERASE_MAX_NAME];
        KMP_SNPRINTF(name, sizeof(name), "kind%d", k);
        for (unsigned j = 0; j < ninfos; ++j)
          if (strcmp(infos[j].name, "CoreType") == 0)
            KMP_SNPRINTF(name, sizeof(name), "%s", infos[j].value);
        __kmp_mvomp_add_cluster(c, name, set, &allowed);
      }
      hwloc_bitmap_free(set);
    } else {
      *source = "detected: hwloc packages";
      *same_cores = 1;
      hwloc_obj_t pkg = NULL;
      const char *model0 = NULL; // the first package's CPUModel, if any
      while ((pkg = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PACKAGE, pkg)) !=
             NULL) {
        const char *model = hwloc_obj_get_info_by_name(pkg, "CPUModel");
        if (model0 == NULL)
          model0 = model;
        else if (model != NULL && strcmp(model, model0) != 0)
          *same_cores = 0;
        char name[KMP_ERASE_MAX_NAME];
        KMP_SNPRINTF(name, sizeof(name), "package%u", pkg->logical_index);
        __kmp_mvomp_add_cluster(c, name, pkg->cpuset, &allowed);
      }
    }
  }
  if (topo == NULL) {
    // hwloc itself could not load a topology: most likely the file the user
    // gave it (an unreadable HWLOC_XMLFILE, or one with XML comments, which
    // hwloc's built-in reader rejects), since native discovery does not fail.
    const char *xml = getenv("HWLOC_XMLFILE");
    __kmp_mvomp_warn("MVOMP ERASE",
                     "hwloc could not load the topology%s%s%s; using one "
                     "cluster of every CPU (OMP_ERASE_CLUSTERS can name "
                     "clusters)",
                     xml ? " (HWLOC_XMLFILE='" : "", xml ? xml : "",
                     xml ? "')" : "");
  }
#endif
  if (c->n == 0) { // no hwloc or no answer: one cluster of every CPU
    *source = "detected: all CPUs";
    c->n = 1;
    KMP_SNPRINTF(c->names[0], sizeof(c->names[0]), "cpus");
    memset(c->cpus[0], 0, sizeof(c->cpus[0]));
    for (int cpu = 0; cpu < KMP_ERASE_MAX_CPUS && cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &allowed))
        c->cpus[0][cpu / 64] |= 1ull << (cpu % 64);
  }
}

/* ------------------------------------------------------------------------ */
/* Clusters in use and thread placement                                     */

int __kmp_mvomp_nclusters = 0;
int __kmp_mvomp_ncluster_cpus = 0;
int __kmp_mvomp_cluster_cpus[KMP_ERASE_MAX_CPUS];
const char *__kmp_mvomp_clusters_source = "";
int __kmp_mvomp_clusters_alike = 0;
static kmp_erase_clusters_t __kmp_mvomp_clusters_in_use;

namespace {
struct alignas(64) kmp_mvomp_place_t {
  std::atomic<int> placed; // cluster is set (read by other threads)
  int cluster;
};
kmp_mvomp_place_t __kmp_mvomp_places[KMP_MVOMP_MAX_GTID];
// Threads placed on each CPU of the clusters (index into
// __kmp_mvomp_cluster_cpus).
std::atomic<int> __kmp_mvomp_cpu_threads[KMP_ERASE_MAX_CPUS];
} // namespace

// Where a thread of a nested team goes: its team's numbering starts at 0
// again, so placing thread tid on the tid-th CPU put every inner team on the
// same first CPUs (2 outer x 3 inner threads on 2 CPUs: 4 threads on CPU 0,
// 2 on CPU 1; 4 x 4 on 16 CPUs would use 4). It goes to the tid-th CPU if no
// CPU has fewer threads placed, else to the first CPU that has fewest.
static int __kmp_mvomp_least_placed(int preferred) {
  int n = __kmp_mvomp_ncluster_cpus, best = preferred;
  int least =
      __kmp_mvomp_cpu_threads[preferred].load(std::memory_order_relaxed);
  for (int k = 0; k < n; ++k) {
    int load = __kmp_mvomp_cpu_threads[k].load(std::memory_order_relaxed);
    if (load < least) {
      least = load;
      best = k;
    }
  }
  return best;
}

int __kmp_mvomp_use_clusters(const kmp_erase_clusters_t *c,
                             const char *source) {
  __kmp_mvomp_clusters_in_use = *c;
  __kmp_mvomp_clusters_source = source;
  int n = 0;
  for (int i = 0; i < c->n; ++i)
    for (int cpu = 0; cpu < KMP_ERASE_MAX_CPUS; ++cpu)
      if (__kmp_erase_clusters_of(c, cpu) == i)
        __kmp_mvomp_cluster_cpus[n++] = cpu;
  __kmp_mvomp_ncluster_cpus = n;
  __kmp_mvomp_nclusters = n > 0 ? c->n : 0;
  return n > 0;
}

const kmp_erase_clusters_t *__kmp_mvomp_clusters(void) {
  return &__kmp_mvomp_clusters_in_use;
}

int __kmp_mvomp_cluster_of_cpu(int cpu) {
  return __kmp_erase_clusters_of(&__kmp_mvomp_clusters_in_use, cpu);
}

const char *__kmp_mvomp_cluster_name(int cluster) {
  return cluster >= 0 && cluster < __kmp_mvomp_nclusters
             ? __kmp_mvomp_clusters_in_use.names[cluster]
             : "";
}

kmp_int32 __kmp_mvomp_cluster_node(int cluster) {
  __kmp_mvomp_topology_load();
  for (int i = 0; i < __kmp_mvomp_ncluster_cpus; ++i) {
    int cpu = __kmp_mvomp_cluster_cpus[i];
    if (__kmp_mvomp_cluster_of_cpu(cpu) == cluster)
      return cpu < __kmp_mvomp_ncpus ? __kmp_mvomp_cpus[cpu].node : 0;
  }
  return 0;
}

int __kmp_mvomp_place_thread(kmp_int32 gtid) {
  if (__kmp_mvomp_nclusters == 0 || gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return -1;
  kmp_mvomp_place_t &s = __kmp_mvomp_places[gtid];
  if (s.placed.load(std::memory_order_acquire))
    return s.cluster;
  int tid = __kmp_tid_from_gtid(gtid);
  cpu_set_t set;
  int cluster = -1;
  if (__kmp_mvomp_allowed(&set) && CPU_COUNT(&set) == 1) {
    for (int cpu = 0; cpu < CPU_SETSIZE && cluster < 0; ++cpu)
      if (CPU_ISSET(cpu, &set)) {
        cluster = __kmp_mvomp_cluster_of_cpu(cpu);
        for (int k = 0; k < __kmp_mvomp_ncluster_cpus; ++k)
          if (__kmp_mvomp_cluster_cpus[k] == cpu)
            __kmp_mvomp_cpu_threads[k].fetch_add(1, std::memory_order_relaxed);
      }
  }
  if (cluster < 0) {
    int k = tid % __kmp_mvomp_ncluster_cpus;
    kmp_team_t *team = __kmp_threads[gtid]->th.th_team;
    if (team != NULL && team->t.t_active_level > 1)
      k = __kmp_mvomp_least_placed(k);
    __kmp_mvomp_cpu_threads[k].fetch_add(1, std::memory_order_relaxed);
    int cpu = __kmp_mvomp_cluster_cpus[k];
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof(set), &set) != 0)
      __kmp_mvomp_warn(
          "MVOMP ERASE",
          "cannot bind thread %d to CPU %d of cluster '%s' (clusters from "
          "%s): %s",
          gtid, cpu, __kmp_mvomp_cluster_name(__kmp_mvomp_cluster_of_cpu(cpu)),
          __kmp_mvomp_clusters_source, strerror(errno));
    cluster = __kmp_mvomp_cluster_of_cpu(cpu);
  }
  s.cluster = cluster;
  s.placed.store(1, std::memory_order_release);
  return cluster;
}

int __kmp_mvomp_thread_cluster(kmp_info_t *th, int tid) {
  if (__kmp_mvomp_ncluster_cpus == 0)
    return -1;
  int gtid = th->th.th_info.ds.ds_gtid;
  if (gtid >= 0 && gtid < KMP_MVOMP_MAX_GTID &&
      __kmp_mvomp_places[gtid].placed.load(std::memory_order_acquire))
    return __kmp_mvomp_places[gtid].cluster;
  return __kmp_mvomp_cluster_of_cpu(
      __kmp_mvomp_cluster_cpus[tid % __kmp_mvomp_ncluster_cpus]);
}

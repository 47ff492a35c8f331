/*
 * kmp_mvomp_topology.h -- MVOMP's topology layer (docs/architecture.md), above
 * the base (kmp_mvomp.h) and below multi-version tasks and ERASE: the
 * machine's CPUs (package and NUMA node of each, the NUMA node of an address),
 * its clusters as hwloc sees them, the clusters in use, and the placement of
 * threads on them. hwloc's topology is loaded once, for all of these.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_MVOMP_TOPOLOGY_H
#define KMP_MVOMP_TOPOLOGY_H

#include "kmp.h"
#include "kmp_erase_clusters.h"

// Threads (by gtid) that can be placed on a cluster; others are left where
// they are (and ERASE runs them as upstream libomp does).
#define KMP_MVOMP_MAX_GTID 1024

// ---- CPUs
// --------------------------------------------------------------------
typedef struct kmp_mvomp_cpu {
  kmp_int32 node, socket; // NUMA node and package (OS numbers)
} kmp_mvomp_cpu_t;

// Loads the topology (once; hwloc takes tens of milliseconds): called when
// tracing is switched on, so that the first traced task does not wait.
void __kmp_mvomp_topology_load(void);
// The CPU the calling thread runs on ({0, 0} when unknown).
kmp_mvomp_cpu_t __kmp_mvomp_this_cpu(void);
// The NUMA node of the page holding p, or -1 (p NULL, or not Linux).
kmp_int32 __kmp_mvomp_node_of(void *p);

// The machine's clusters, restricted to this process's affinity: one per CPU
// kind on hybrid processors (hwloc CPU kinds), else one per package, else one
// of every CPU; *source says which. *same_cores: 1 when they are packages of
// one CPU model (hwloc's CPUModel info, where it gives one), which ERASE's
// OMP_ERASE_ALIKE=auto takes as interchangeable; 0 otherwise.
void __kmp_mvomp_detect_clusters(kmp_erase_clusters_t *c, const char **source,
                                 int *same_cores);

// ---- Clusters in use and thread placement
// -------------------------------------- The clusters in use (set by ERASE when
// it sets up; 0 while none are): every CPU in them, in cluster order, is
// __kmp_mvomp_cluster_cpus[0..ncpus-1].
extern int __kmp_mvomp_nclusters;
extern int __kmp_mvomp_ncluster_cpus;
extern int __kmp_mvomp_cluster_cpus[KMP_ERASE_MAX_CPUS];
extern const char *__kmp_mvomp_clusters_source; // for OMP_DISPLAY_ENV
// Set by ERASE when the clusters in use are alike (OMP_ERASE_ALIKE): no task
// is mapped between them, and a multi-version task's statistics are not kept
// per cluster either.
extern int __kmp_mvomp_clusters_alike;
// Uses c from now on (before any thread is placed); 0 if it holds no CPU.
int __kmp_mvomp_use_clusters(const kmp_erase_clusters_t *c, const char *source);
const kmp_erase_clusters_t *__kmp_mvomp_clusters(void);
// The cluster in use holding cpu, or -1.
int __kmp_mvomp_cluster_of_cpu(int cpu);
// A cluster's name ("" for -1 or none).
const char *__kmp_mvomp_cluster_name(int cluster);
// The NUMA node of cluster `cluster` (its first CPU's), 0 when unknown.
kmp_int32 __kmp_mvomp_cluster_node(int cluster);

// Places thread gtid on a cluster, once: a thread the user bound to one CPU
// stays there; thread tid of a team goes to the tid-th CPU of the clusters
// (sched_setaffinity), and a thread of a nested team to the CPU with the
// fewest threads placed (the tid-th if none has fewer). Returns its cluster;
// -1 with no clusters in use or a gtid beyond KMP_MVOMP_MAX_GTID.
int __kmp_mvomp_place_thread(kmp_int32 gtid);
// The cluster of team thread th (tid in its team) without placing it: where
// it was placed, else where __kmp_mvomp_place_thread will place it.
int __kmp_mvomp_thread_cluster(kmp_info_t *th, int tid);

#endif // KMP_MVOMP_TOPOLOGY_H

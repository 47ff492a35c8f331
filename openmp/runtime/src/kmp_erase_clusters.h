/*
 * kmp_erase_clusters.h -- ERASE's core clusters given explicitly, as
 * OMP_ERASE_CLUSTERS spells them (docs/erase.md): for homogeneous machines
 * used as test beds and for platforms where detection fails. A small library
 * with no libomp dependency, unit-tested alone.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_ERASE_CLUSTERS_H
#define KMP_ERASE_CLUSTERS_H

#include "kmp_erase_limits.h"

#include <stddef.h>
#include <stdint.h>

struct kmp_erase_clusters_t {
  int n;
  char names[KMP_ERASE_MAX_CLUSTERS][KMP_ERASE_MAX_NAME];
  uint64_t cpus[KMP_ERASE_MAX_CLUSTERS][KMP_ERASE_MAX_CPUS / 64];
};

// Parses "name:cpus;name:cpus;..." where cpus is a comma-separated list of
// CPU numbers and ranges a-b (e.g. "big:0-1;little:2-5,7"). Returns 0 and
// fills *c, or -1 with what is wrong in err (errlen bytes at most).
int __kmp_erase_clusters_parse(const char *value, kmp_erase_clusters_t *c,
                               char *err, size_t errlen);

// The cluster holding cpu, or -1.
int __kmp_erase_clusters_of(const kmp_erase_clusters_t *c, int cpu);

// Number of CPUs in cluster i.
int __kmp_erase_clusters_size(const kmp_erase_clusters_t *c, int i);

// Keeps in c only the CPUs set in allowed (a bitmap of
// KMP_ERASE_MAX_CPUS bits: the CPUs that exist and this process may
// use). Returns how many CPUs were left out, writing them in err as a CPU
// list ("2-1023"); or -1 when a cluster is left with no CPU, with err naming
// it (c is then unchanged).
int __kmp_erase_clusters_restrict(kmp_erase_clusters_t *c,
                                  const uint64_t *allowed, char *err,
                                  size_t errlen);

// __kmp_erase_clusters_restrict with the CPUs of this process's affinity mask
// (sched_getaffinity); 0 (nothing left out) where the mask cannot be read.
int __kmp_erase_clusters_restrict_to_affinity(kmp_erase_clusters_t *c,
                                              char *err, size_t errlen);

// The canonical spelling (ranges merged, CPUs in order), as OMP_DISPLAY_ENV
// shows it; it parses back to the same clusters.
void __kmp_erase_clusters_print(const kmp_erase_clusters_t *c, char *buf,
                                size_t len);

#endif // KMP_ERASE_CLUSTERS_H

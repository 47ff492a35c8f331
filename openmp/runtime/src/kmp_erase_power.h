/*
 * kmp_erase_power.h -- ERASE's power table (thesis 004, section 2.4: the
 * power profiler): idle power per core cluster, and run power per task
 * class, frequency and width. A small library with no libomp dependency, like
 * kmp_versions_policy: the GoogleTest unit tests link it alone. The text
 * format is documented in docs/erase.md.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_ERASE_POWER_H
#define KMP_ERASE_POWER_H

#include "kmp_erase_limits.h"

#include <stddef.h>

// Task classes by arithmetic intensity (thesis 004, equation 2.4).
enum kmp_erase_class_t {
  kmp_erase_memory = 0,  // low intensity: memory-bound (a copy)
  kmp_erase_cache = 1,   // middle: cache-bound (a blocked product)
  kmp_erase_compute = 2, // high: compute-bound (a stencil sweep)
  kmp_erase_nclasses = 3
};

struct kmp_erase_run_power_t {
  int cluster;
  kmp_erase_class_t cls;
  int mhz;      // core frequency the power was measured at
  int width;    // cores running the task together
  double watts; // power of those cores while they run it (idle excluded)
  int line;     // of the table's text, for messages
};

struct kmp_erase_power_t {
  int nclusters;
  char names[KMP_ERASE_MAX_CLUSTERS][KMP_ERASE_MAX_NAME];
  double idle[KMP_ERASE_MAX_CLUSTERS]; // watts of the whole cluster, idle
  int nruns;
  kmp_erase_run_power_t *runs; // owned: __kmp_erase_power_free
};

// Parses a power table from text (the contents of file, named in messages).
// Returns 0 and fills *table, or -1 with "file:line: what is wrong" in err
// (errlen bytes at most) and *table empty.
// The run records are kept sorted by cluster, class, width and frequency.
int __kmp_erase_power_parse(const char *text, const char *file,
                            kmp_erase_power_t *table, char *err, size_t errlen);

void __kmp_erase_power_free(kmp_erase_power_t *table);

// The cluster named name, or -1.
int __kmp_erase_power_cluster(const kmp_erase_power_t *table, const char *name);

// Run power of class cls on width cores of cluster at mhz: the entry of that
// cluster, class and width measured at the nearest frequency (the lower of
// two equally near). A width the table does not list: at the nearest
// frequency listed for that cluster and class, interpolated linearly between
// the nearest listed widths below and above it, or beyond them in proportion
// to the cores of the nearest one. -1 if the table has nothing for that
// cluster and class.
double __kmp_erase_power_run(const kmp_erase_power_t *table, int cluster,
                             kmp_erase_class_t cls, int mhz, int width);

// Class names as the format spells them ("memory", "cache", "compute").
const char *__kmp_erase_class_name(kmp_erase_class_t cls);

// The current frequency of a CPU in MHz as cpufreq reports it
// (scaling_cur_freq), or 0 where it does not.
int __kmp_erase_cpufreq_mhz(int cpu);

#endif // KMP_ERASE_POWER_H

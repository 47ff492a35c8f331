/*
 * kmp_erase_clusters.cpp -- ERASE's explicit core clusters. See
 * kmp_erase_clusters.h and docs/erase.md.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_clusters.h"

#include <ctype.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool __kmp_erase_has(const kmp_erase_clusters_t *c, int i, int cpu) {
  return (c->cpus[i][cpu / 64] >> (cpu % 64)) & 1;
}

int __kmp_erase_clusters_of(const kmp_erase_clusters_t *c, int cpu) {
  if (cpu < 0 || cpu >= KMP_ERASE_MAX_CPUS)
    return -1;
  for (int i = 0; i < c->n; ++i)
    if (__kmp_erase_has(c, i, cpu))
      return i;
  return -1;
}

int __kmp_erase_clusters_size(const kmp_erase_clusters_t *c, int i) {
  int n = 0;
  for (int w = 0; w < KMP_ERASE_MAX_CPUS / 64; ++w)
    n += __builtin_popcountll(c->cpus[i][w]);
  return n;
}

static int __kmp_erase_fail(kmp_erase_clusters_t *c, char *err, size_t errlen,
                            const char *fmt, ...) {
  va_list ap; // the arguments may point into c: format before clearing it
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  memset(c, 0, sizeof(*c));
  return -1;
}

// A CPU number at *s (digits only), advancing *s; -1 if none or too large.
static int __kmp_erase_cpu(const char **s) {
  if (!isdigit((unsigned char)**s))
    return -1;
  long v = 0;
  while (isdigit((unsigned char)**s)) {
    v = v * 10 + (**s - '0');
    if (v >= KMP_ERASE_MAX_CPUS)
      return -1;
    ++*s;
  }
  return (int)v;
}

int __kmp_erase_clusters_parse(const char *value, kmp_erase_clusters_t *c,
                               char *err, size_t errlen) {
  memset(c, 0, sizeof(*c));
  const char *s = value;
  while (*s) {
    if (c->n == KMP_ERASE_MAX_CLUSTERS)
      return __kmp_erase_fail(c, err, errlen, "more than %d clusters",
                              KMP_ERASE_MAX_CLUSTERS);
    int i = c->n;
    const char *colon = strchr(s, ':'), *semi = strchr(s, ';');
    if (!colon || (semi && semi < colon))
      return __kmp_erase_fail(c, err, errlen,
                              "cluster %d: expected <name>:<cpus>", i + 1);
    size_t len = (size_t)(colon - s);
    if (len == 0 || len >= KMP_ERASE_MAX_NAME)
      return __kmp_erase_fail(c, err, errlen,
                              "cluster %d: a name of 1 to %d characters is "
                              "needed before ':'",
                              i + 1, KMP_ERASE_MAX_NAME - 1);
    memcpy(c->names[i], s, len);
    c->names[i][len] = 0;
    for (int j = 0; j < i; ++j)
      if (strcmp(c->names[j], c->names[i]) == 0)
        return __kmp_erase_fail(c, err, errlen, "cluster name '%s' used twice",
                                c->names[i]);
    s = colon + 1;
    for (;;) { // CPU numbers and ranges, separated by commas
      int lo = __kmp_erase_cpu(&s), hi = lo;
      if (lo >= 0 && *s == '-') {
        ++s;
        hi = __kmp_erase_cpu(&s);
      }
      if (lo < 0 || hi < lo)
        return __kmp_erase_fail(c, err, errlen,
                                "cluster '%s': expected CPU numbers below %d "
                                "and ranges a-b with a <= b, as in 0-3,6",
                                c->names[i], KMP_ERASE_MAX_CPUS);
      for (int cpu = lo; cpu <= hi; ++cpu) {
        int other = __kmp_erase_clusters_of(c, cpu);
        if (other >= 0)
          return __kmp_erase_fail(c, err, errlen,
                                  "CPU %d is in cluster '%s' and in '%s'", cpu,
                                  c->names[other], c->names[i]);
        c->cpus[i][cpu / 64] |= 1ULL << (cpu % 64);
      }
      if (*s != ',')
        break;
      ++s;
    }
    c->n++;
    if (*s == ';')
      ++s;
    else if (*s)
      return __kmp_erase_fail(c, err, errlen,
                              "cluster '%s': unexpected '%c' (clusters are "
                              "separated by ';')",
                              c->names[i], *s);
  }
  if (c->n == 0)
    return __kmp_erase_fail(c, err, errlen, "no cluster given");
  return 0;
}

void __kmp_erase_clusters_print(const kmp_erase_clusters_t *c, char *buf,
                                size_t len) {
  size_t k = 0;
  buf[0] = 0;
  for (int i = 0; i < c->n; ++i) {
    k += snprintf(buf + k, k < len ? len - k : 0, "%s%s:", i ? ";" : "",
                  c->names[i]);
    bool first = true;
    for (int cpu = 0; cpu < KMP_ERASE_MAX_CPUS; ++cpu) {
      if (!__kmp_erase_has(c, i, cpu))
        continue;
      int hi = cpu;
      while (hi + 1 < KMP_ERASE_MAX_CPUS && __kmp_erase_has(c, i, hi + 1))
        ++hi;
      if (hi == cpu)
        k += snprintf(buf + k, k < len ? len - k : 0, "%s%d", first ? "" : ",",
                      cpu);
      else
        k += snprintf(buf + k, k < len ? len - k : 0, "%s%d-%d",
                      first ? "" : ",", cpu, hi);
      first = false;
      cpu = hi;
    }
  }
}

int __kmp_erase_clusters_restrict(kmp_erase_clusters_t *c,
                                  const uint64_t *allowed, char *err,
                                  size_t errlen) {
  kmp_erase_clusters_t out; // the CPUs left out, as one cluster to print
  memset(&out, 0, sizeof(out));
  out.n = 1;
  int removed = 0;
  for (int i = 0; i < c->n; ++i) {
    int kept = 0;
    for (int w = 0; w < KMP_ERASE_MAX_CPUS / 64; ++w) {
      out.cpus[0][w] |= c->cpus[i][w] & ~allowed[w];
      kept += __builtin_popcountll(c->cpus[i][w] & allowed[w]);
    }
    if (kept == 0) {
      snprintf(err, errlen,
               "cluster '%s' has no CPU that exists and that "
               "this process may use",
               c->names[i]);
      return -1;
    }
  }
  for (int i = 0; i < c->n; ++i)
    for (int w = 0; w < KMP_ERASE_MAX_CPUS / 64; ++w)
      c->cpus[i][w] &= allowed[w];
  removed = __kmp_erase_clusters_size(&out, 0);
  if (removed > 0) {
    char list[KMP_ERASE_MAX_CPUS * 6];
    __kmp_erase_clusters_print(&out, list, sizeof(list));
    snprintf(err, errlen, "%s", list + 1); // without the empty name's ':'
  } else if (errlen > 0)
    err[0] = 0;
  return removed;
}

int __kmp_erase_clusters_restrict_to_affinity(kmp_erase_clusters_t *c,
                                              char *err, size_t errlen) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0)
    return 0; // unknown: trust the user
  uint64_t allowed[KMP_ERASE_MAX_CPUS / 64] = {0};
  for (int cpu = 0; cpu < KMP_ERASE_MAX_CPUS && cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set))
      allowed[cpu / 64] |= 1ull << (cpu % 64);
  return __kmp_erase_clusters_restrict(c, allowed, err, errlen);
}

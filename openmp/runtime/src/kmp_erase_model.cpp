/*
 * kmp_erase_model.cpp -- ERASE's decisions as pure functions. See
 * kmp_erase_model.h and docs/erase.md.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_model.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int kmp_erase_hist_update(kmp_erase_hist_t *h, double seconds, double mhz) {
  int reset = 0;
  if (h->count > 0 && mhz > 0 && h->mhz > 0 &&
      fabs(mhz - h->mhz) > KMP_ERASE_DVFS_TOLERANCE * h->mhz) {
    h->count = 0;
    reset = 1;
  }
  if (h->count == 0) {
    h->seconds = seconds;
    h->mhz = mhz;
  } else {
    double hi = h->seconds * KMP_ERASE_HISTORY_CLAMP;
    double lo = h->seconds / KMP_ERASE_HISTORY_CLAMP;
    double sample = seconds > hi ? hi : seconds < lo ? lo : seconds;
    h->seconds = KMP_ERASE_HISTORY_KEEP * h->seconds +
                 (1.0 - KMP_ERASE_HISTORY_KEEP) * sample;
    if (mhz > 0)
      h->mhz = h->mhz > 0 ? KMP_ERASE_HISTORY_KEEP * h->mhz +
                                (1.0 - KMP_ERASE_HISTORY_KEEP) * mhz
                          : mhz;
  }
  ++h->count;
  return reset;
}

double kmp_erase_intensity(double cycles, double llc_misses,
                           double flops_per_cycle) {
  if (llc_misses <= 0)
    return INFINITY;
  return cycles * flops_per_cycle / (llc_misses * 64.0);
}

kmp_erase_class_t kmp_erase_classify(double ai,
                                     const kmp_erase_thresholds_t *t) {
  if (ai < t->cache)
    return kmp_erase_memory;
  if (ai < t->compute)
    return kmp_erase_cache;
  return kmp_erase_compute;
}

int kmp_erase_thresholds_parse(const char *value, kmp_erase_thresholds_t *t,
                               char *err, size_t errlen) {
  char *end = NULL;
  errno = 0;
  double cache = strtod(value, &end);
  if (end == value || *end != ',') {
    snprintf(err, errlen, "expected two numbers, \"<cache AI>,<compute AI>\"");
    return -1;
  }
  const char *second = end + 1;
  double compute = strtod(second, &end);
  if (end == second || *end != '\0' || errno != 0) {
    snprintf(err, errlen, "expected two numbers, \"<cache AI>,<compute AI>\"");
    return -1;
  }
  if (!isfinite(cache) || !isfinite(compute) || cache <= 0 ||
      compute <= cache) {
    snprintf(err, errlen, "need 0 < cache AI < compute AI");
    return -1;
  }
  t->cache = cache;
  t->compute = compute;
  return 0;
}

double kmp_erase_energy(const kmp_erase_map_in_t *in, int cluster, int width) {
  double watts = in->idle[cluster];
  for (int c = 0; c < in->nclusters; ++c)
    if (c != cluster && in->active[c] == 0)
      watts += in->idle[c];
  int i = cluster * in->maxwidth + width - 1;
  return (watts + in->run[i]) * in->seconds[i];
}

kmp_erase_choice_t kmp_erase_map(const kmp_erase_map_in_t *in) {
  kmp_erase_choice_t best = {-1, 0, INFINITY};
  for (int c = 0; c < in->nclusters; ++c) {
    int widths = in->size[c] < in->maxwidth ? in->size[c] : in->maxwidth;
    for (int w = 1; w <= widths; ++w) {
      double seconds = in->seconds[c * in->maxwidth + w - 1];
      if (seconds < 0) // being tried
        continue;
      if (seconds == 0) // untried: try it now
        return kmp_erase_choice_t{c, w, 0.0};
      double joules = kmp_erase_energy(in, c, w);
      if (joules < best.joules)
        best = kmp_erase_choice_t{c, w, joules};
    }
  }
  return best;
}

double kmp_erase_interp_linear(const double *seconds, int maxwidth, int w) {
  if (w < 1 || w > maxwidth)
    return 0;
  if (seconds[w - 1] > 0)
    return seconds[w - 1];
  // The measured widths around w: lo < w < hi (0 when there is none).
  int lo = 0, hi = 0, lo2 = 0, hi2 = 0, count = 0;
  for (int m = 1; m <= maxwidth; ++m) {
    if (seconds[m - 1] <= 0)
      continue;
    ++count;
    if (m < w) {
      lo2 = lo;
      lo = m;
    } else if (hi == 0) {
      hi = m;
    } else if (hi2 == 0) {
      hi2 = m;
    }
  }
  if (count < 2)
    return 0;
  auto line = [&](int a, int b) {
    double ta = seconds[a - 1], tb = seconds[b - 1];
    return ta + (tb - ta) * (w - a) / (double)(b - a);
  };
  if (lo && hi) // between two measured widths: always between their times
    return line(lo, hi);
  int near = lo ? lo : hi; // the nearest measured width
  int other = lo ? lo2 : hi2; // the next one on the same side
  if (w > near ? w > 2 * near : 2 * w < near)
    return 0; // too far from what was measured
  double t = line(other, near);
  double tn = seconds[near - 1];
  double fastest = w > near ? tn * near / w : tn;
  double slowest = w > near ? tn : tn * near / w;
  return t < fastest ? fastest : t > slowest ? slowest : t;
}

unsigned kmp_erase_backoff_fail(kmp_erase_backoff_t *b, unsigned base_us) {
  if (base_us == 0)
    return 0;
  if (b->failures < KMP_ERASE_BACKOFF_ROUNDS) {
    ++b->failures;
    return 0;
  }
  unsigned us = base_us << b->shift;
  if (b->shift < KMP_ERASE_BACKOFF_SHIFTS)
    ++b->shift;
  return us;
}

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
#include "kmp_mvomp_text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double __kmp_erase_hist_clamp(double prediction, double seconds) {
  double hi = prediction * KMP_ERASE_HISTORY_CLAMP;
  double lo = prediction / KMP_ERASE_HISTORY_CLAMP;
  return seconds > hi ? hi : seconds < lo ? lo : seconds;
}

int __kmp_erase_hist_robust = 1;

int __kmp_erase_hist_update(kmp_erase_hist_t *h, double seconds, double mhz) {
  int reset = 0;
  if (h->count > 0 && mhz > 0 && h->mhz > 0 &&
      fabs(mhz - h->mhz) > KMP_ERASE_DVFS_TOLERANCE * h->mhz) {
    h->count = 0;
    reset = 1;
  }
  if (h->count == 0 ||
      (h->count == 1 && seconds < h->seconds / KMP_ERASE_HISTORY_CLAMP)) {
    // An empty entry takes the sample; so does one whose only sample is more
    // than the clamp above this one: interference only ever lengthens a run,
    // so that first sample was a preempted task.
    h->seconds = seconds;
    h->mhz = mhz;
    h->high = 0;
  } else {
    double sample = __kmp_erase_hist_clamp(h->seconds, seconds);
    if (__kmp_erase_hist_robust && h->count >= 2 &&
        sample > KMP_ERASE_ROBUST_UP * h->seconds) {
      if (++h->high < KMP_ERASE_ROBUST_CONFIRM)
        sample = KMP_ERASE_ROBUST_UP * h->seconds;
    } else {
      h->high = 0;
    }
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

void __kmp_erase_hist_repeat(kmp_erase_hist_t *h, double seconds, unsigned n) {
  while (n > 0 && (h->count < 2 ||
                   __kmp_erase_hist_clamp(h->seconds, seconds) != seconds ||
                   (__kmp_erase_hist_robust &&
                    (seconds > KMP_ERASE_ROBUST_UP * h->seconds || h->high)))) {
    __kmp_erase_hist_update(h, seconds, 0);
    --n;
  }
  if (n == 0)
    return;
  // The sample stays inside the clamp as the history moves towards it.
  h->seconds =
      seconds + pow(KMP_ERASE_HISTORY_KEEP, n) * (h->seconds - seconds);
  h->count += n;
}

double __kmp_erase_intensity(double cycles, double llc_misses,
                             double flops_per_cycle) {
  if (llc_misses <= 0)
    return INFINITY;
  return cycles * flops_per_cycle / (llc_misses * 64.0);
}

kmp_erase_class_t __kmp_erase_classify(double ai,
                                       const kmp_erase_thresholds_t *t) {
  if (ai < t->cache)
    return kmp_erase_memory;
  if (ai < t->compute)
    return kmp_erase_cache;
  return kmp_erase_compute;
}

int __kmp_erase_thresholds_parse(const char *value, kmp_erase_thresholds_t *t,
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

double __kmp_erase_energy(const kmp_erase_map_in_t *in, int cluster,
                          int width) {
  if (cluster == in->nclusters) { // the whole team
    double watts = in->team_run;
    for (int c = 0; c < in->nclusters; ++c)
      watts += in->idle[c];
    return watts * in->team_seconds;
  }
  double watts = in->idle[cluster];
  for (int c = 0; c < in->nclusters; ++c)
    if (c != cluster && in->active[c] == 0)
      watts += in->idle[c];
  int i = cluster * in->maxwidth + width - 1;
  double seconds = in->seconds[i];
  double joules = (watts + in->run[i]) * seconds;
  if (in->spin != NULL && seconds > 0 && seconds < in->spin_below) {
    double spinning = 0; // watts of the threads left spinning
    for (int c = 0; c < in->nclusters; ++c) {
      int left = c == cluster ? in->threads[c] - width
                              : (in->active[c] == 0 ? in->threads[c] : 0);
      if (left > 0)
        spinning += left * in->spin[c];
    }
    joules += spinning * (seconds < in->spin_for ? seconds : in->spin_for);
  }
  return joules;
}

double __kmp_erase_cost(const kmp_erase_map_in_t *in, int cluster, int width) {
  double seconds = cluster == in->nclusters
                       ? in->team_seconds
                       : in->seconds[cluster * in->maxwidth + width - 1];
  switch (in->objective) {
  case kmp_erase_objective_time:
    return seconds;
  case kmp_erase_objective_edp:
    return __kmp_erase_energy(in, cluster, width) * seconds;
  default: {
    double joules = __kmp_erase_energy(in, cluster, width);
    if (in->time_quarters > 0 && seconds > 0) {
      // seconds^(quarters / 4) as products of its fourth root: pow() added
      // about 100 ns to each mapping decision, two square roots add 11.
      double quarter = sqrt(sqrt(seconds));
      for (int k = 0; k < in->time_quarters; ++k)
        joules *= quarter;
    }
    return joules;
  }
  }
}

double __kmp_erase_alone_add(kmp_erase_alone_t *a, double seconds, int width,
                             double team_seconds) {
  double sample = seconds * width / team_seconds;
  if (!(sample > 0) || !isfinite(sample))
    return 0;
  a->logs += log(sample);
  ++a->n;
  return exp(a->logs / a->n);
}

static int __kmp_erase_widths(const kmp_erase_map_in_t *in, int c) {
  return in->size[c] < in->maxwidth ? in->size[c] : in->maxwidth;
}

bool __kmp_erase_width_offered(int ladder, int widths, int w) {
  if (w < 1 || w > widths)
    return false;
  return !ladder || widths <= KMP_ERASE_LADDER_ABOVE || w == widths ||
         (w & (w - 1)) == 0;
}

// Whether trials of width w would add more than spent * defer, were w cores
// as much slower than `wide` cores taking `seconds` as they are fewer.
static bool __kmp_erase_too_early(const kmp_erase_map_in_t *in, double seconds,
                                  double wide, int w) {
  double extra = KMP_ERASE_DEFER_TRIALS * seconds * (wide / w - 1);
  return in->spent * in->defer < extra;
}

bool __kmp_erase_deferred(const kmp_erase_map_in_t *in, int c, int w) {
  if (!(in->defer > 0) || c >= in->nclusters) // (the whole team never waits)
    return false;
  // The whole team, where offered, before any cluster alone; then the
  // cluster's cores as fast as other loops found them against the team. (A
  // trial of the whole team under way holds nothing back: it is one only
  // while another instance of the loop runs, and waiting for it would leave
  // every instance meanwhile untimed, so that none would ever end it.)
  if (in->team_run > 0 && w < in->team_width) {
    double wide =
        in->alone != NULL && in->alone[c] > 0 ? in->alone[c] : in->team_width;
    if (in->team_seconds == 0 ||
        __kmp_erase_too_early(in, in->team_seconds, wide, w))
      return true;
  }
  const double *row = &in->seconds[c * in->maxwidth];
  for (int wide = __kmp_erase_widths(in, c); wide > w; --wide)
    if (row[wide - 1] > 0) // the widest measured width of the cluster
      return __kmp_erase_too_early(in, row[wide - 1], wide, w);
  return false;
}

template <typename F>
static void __kmp_erase_each(const kmp_erase_map_in_t *in, int xc, int xw,
                             F visit) {
  int team = in->nclusters;
  bool team_offered = in->team_run > 0 && in->team_seconds >= 0 && xc != team;
  if (team_offered && in->defer > 0 &&
      visit(team, in->team_width, in->team_seconds))
    return;
  for (int c = 0; c < in->nclusters; ++c) {
    int widths = __kmp_erase_widths(in, c);
    const double *row = &in->seconds[c * in->maxwidth];
    for (int k = 1; k <= widths; ++k) {
      int w = in->defer > 0 ? widths + 1 - k : k; // widest first, or 1 up
      // (The ladder governs the trials: a width off it with a time, from
      // the model store or OMP_ERASE_INTERP, may still be chosen.)
      if (row[w - 1] >= 0 && !(c == xc && w == xw) &&
          (row[w - 1] > 0 ||
           __kmp_erase_width_offered(in->ladder, widths, w)) &&
          visit(c, w, row[w - 1]))
        return;
    }
  }
  if (team_offered && !(in->defer > 0))
    visit(team, in->team_width, in->team_seconds);
}

// The least objective over the measured configurations except (xc, xw); with
// untried_first, the first untried one instead, as soon as there is one.
// With a tie margin (energy or EDP objective), the fastest of those within
// the margin of the least.
static kmp_erase_choice_t __kmp_erase_least(const kmp_erase_map_in_t *in,
                                            bool untried_first, int xc,
                                            int xw) {
  kmp_erase_choice_t best = {-1, 0, INFINITY};
  double least = INFINITY, best_seconds = INFINITY, fastest = INFINITY;
  bool untried = false;
  __kmp_erase_each(in, xc, xw, [&](int c, int w, double seconds) {
    if (seconds == 0) { // untried
      if (untried_first && !__kmp_erase_deferred(in, c, w)) {
        best = kmp_erase_choice_t{c, w, 0.0};
        untried = true;
      }
      return untried;
    }
    double cost = __kmp_erase_cost(in, c, w);
    if (cost < least) {
      least = cost;
      best_seconds = seconds;
      best = kmp_erase_choice_t{c, w, 0.0};
    }
    if (seconds < fastest)
      fastest = seconds;
    return false;
  });
  if (untried || best.cluster < 0)
    return best;
  // (A second look only where the least cost is not also the fastest.)
  if (in->tie > 0 && in->objective != kmp_erase_objective_time &&
      fastest < best_seconds) {
    double bound = least * (1.0 + in->tie);
    fastest = INFINITY;
    __kmp_erase_each(in, xc, xw, [&](int c, int w, double seconds) {
      if (seconds > 0 && seconds < fastest &&
          __kmp_erase_cost(in, c, w) <= bound) {
        fastest = seconds;
        best = kmp_erase_choice_t{c, w, 0.0};
      }
      return false;
    });
  }
  best.joules = __kmp_erase_energy(in, best.cluster, best.width);
  return best;
}

kmp_erase_choice_t __kmp_erase_map(const kmp_erase_map_in_t *in) {
  kmp_erase_choice_t best = __kmp_erase_least(in, true, -1, 0);
  const int home = in->home1 - 1;
  if (home < 0 || home >= in->nclusters || !(in->stay > 0) ||
      best.cluster < 0 || best.cluster == home || best.joules == 0.0 ||
      !(in->seconds[home * in->maxwidth] > 0))
    return best; // (nothing to stay on, or the best is a trial)
  if (__kmp_erase_cost(in, home, 1) * (1.0 / (1.0 + in->stay)) <=
      __kmp_erase_cost(in, best.cluster, best.width))
    return kmp_erase_choice_t{home, 1, __kmp_erase_energy(in, home, 1)};
  return best;
}

bool __kmp_erase_refresh_due(kmp_erase_refresh_t *r, unsigned long long d,
                             int best, int backoff) {
  if (!backoff)
    return d % KMP_ERASE_REFRESH == 0;
  if (r->best != best + 1) { // a new choice (or the first): refresh it soon
    r->best = best + 1;
    r->every = KMP_ERASE_REFRESH;
    r->at = d + KMP_ERASE_REFRESH;
    return false;
  }
  if (d < r->at)
    return false;
  r->every = r->every * 2 < KMP_ERASE_REFRESH_MAX ? r->every * 2
                                                  : KMP_ERASE_REFRESH_MAX;
  r->at = d + r->every;
  return true;
}

kmp_erase_choice_t __kmp_erase_map_except(const kmp_erase_map_in_t *in,
                                          int cluster, int width) {
  return __kmp_erase_least(in, false, cluster, width);
}

double __kmp_erase_interp_linear(const double *seconds, int maxwidth, int w) {
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
  int near = lo ? lo : hi;    // the nearest measured width
  int other = lo ? lo2 : hi2; // the next one on the same side
  if (w > near ? w > 2 * near : 2 * w < near)
    return 0; // too far from what was measured
  double t = line(other, near);
  double tn = seconds[near - 1];
  double fastest = w > near ? tn * near / w : tn;
  double slowest = w > near ? tn : tn * near / w;
  return t < fastest ? fastest : t > slowest ? slowest : t;
}

double __kmp_erase_function_eval(const kmp_erase_function_t *f, double w) {
  double y = 0, lg = log2(w);
  for (int k = 0; k < f->nterms; ++k)
    y += f->c[k] * pow(w, f->i[k]) * (f->j[k] != 0 ? pow(lg, f->j[k]) : 1.0);
  return y;
}

double __kmp_erase_interp_offline(const kmp_erase_function_t *f,
                                  const double *vec, int nvec,
                                  const double *seconds, int maxwidth, int w) {
  if (f->nterms == 0 || w < 1 || w > maxwidth)
    return 0;
  double scale = 0;
  int n = 0;
  for (int m = 1; m <= maxwidth && m <= nvec; ++m)
    if (seconds[m - 1] > 0 && vec[m - 1] > 0) {
      scale += seconds[m - 1] / vec[m - 1];
      ++n;
    }
  if (n == 0)
    return 0;
  double y = __kmp_erase_function_eval(f, w) * scale / n;
  return isfinite(y) && y > 0 ? y : 0;
}

namespace {
int offlineFail(char *err, size_t errlen, const char *file, int line,
                const char *what, kmp_erase_offline_t *m) {
  snprintf(err, errlen, "%s:%d: %s", file, line, what);
  memset(m, 0, sizeof(*m));
  return -1;
}
} // namespace

int __kmp_erase_offline_parse(const char *text, const char *file,
                              kmp_erase_offline_t *m, char *err,
                              size_t errlen) {
  memset(m, 0, sizeof(*m));
  if (int cut = __kmp_mvomp_unterminated_line(text, 1))
    return offlineFail(err, errlen, file, cut, KMP_MVOMP_UNTERMINATED_MESSAGE,
                       m);
  int line = 0;
  for (const char *p = text; *p;) {
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    ++line;
    char buf[4096];
    if (len >= sizeof(buf))
      return offlineFail(err, errlen, file, line, "line too long", m);
    memcpy(buf, p, len);
    buf[len] = '\0';
    p = end ? end + 1 : p + len;
    if (char *hash = strchr(buf, '#'))
      *hash = '\0';
    char *save = NULL;
    char *word = strtok_r(buf, " \t\r", &save);
    if (word == NULL)
      continue;
    char *clsname = strtok_r(NULL, " \t\r", &save);
    int cls = -1;
    for (int c = 0; c < kmp_erase_nclasses && clsname; ++c)
      if (strcmp(clsname, __kmp_erase_class_name((kmp_erase_class_t)c)) == 0)
        cls = c;
    if (strcmp(word, "poly") && strcmp(word, "pmnf") && strcmp(word, "vector"))
      return offlineFail(err, errlen, file, line,
                         "expected 'poly', 'pmnf' or 'vector'", m);
    if (cls < 0)
      return offlineFail(err, errlen, file, line,
                         "expected a task class: memory, cache or compute", m);
    double v[3 * KMP_ERASE_MAX_WIDTH];
    int n = 0;
    for (char *num; (num = strtok_r(NULL, " \t\r", &save)) != NULL;) {
      char *stop = NULL;
      errno = 0;
      double x = strtod(num, &stop);
      if (stop == num || *stop != '\0' || errno != 0 || !isfinite(x))
        return offlineFail(err, errlen, file, line, "expected numbers", m);
      if (n == (int)(sizeof(v) / sizeof(v[0])))
        return offlineFail(err, errlen, file, line, "too many numbers", m);
      v[n++] = x;
    }
    if (strcmp(word, "vector") == 0) {
      if (n == 0 || n > KMP_ERASE_MAX_WIDTH)
        return offlineFail(err, errlen, file, line,
                           "a vector has 1 to 64 times, width 1 first", m);
      for (int k = 0; k < n; ++k)
        if (v[k] < 0)
          return offlineFail(err, errlen, file, line,
                             "a vector's times are >= 0", m);
      m->nvec[cls] = n;
      memcpy(m->vec[cls], v, n * sizeof(double));
      continue;
    }
    kmp_erase_function_t *f =
        strcmp(word, "poly") == 0 ? &m->poly[cls] : &m->pmnf[cls];
    if (f->nterms != 0)
      return offlineFail(err, errlen, file, line,
                         "a second model of the same kind for this class", m);
    if (strcmp(word, "poly") == 0) {
      if (n == 0 || n > KMP_ERASE_MODEL_TERMS)
        return offlineFail(err, errlen, file, line,
                           "a polynomial has 1 to 8 coefficients", m);
      for (int k = 0; k < n; ++k) {
        f->c[k] = v[k];
        f->i[k] = k;
        f->j[k] = 0;
      }
      f->nterms = n;
    } else {
      if (n == 0 || n % 3 != 0 || n / 3 > KMP_ERASE_MODEL_TERMS)
        return offlineFail(err, errlen, file, line,
                           "a PMNF model has 1 to 8 terms of 3 numbers "
                           "(c i j)",
                           m);
      for (int k = 0; k < n / 3; ++k) {
        f->c[k] = v[3 * k];
        f->i[k] = v[3 * k + 1];
        f->j[k] = v[3 * k + 2];
      }
      f->nterms = n / 3;
    }
  }
  return 0;
}

void __kmp_erase_backoff_found(kmp_erase_backoff_t *b, unsigned spin_us,
                               unsigned long long now_ns) {
  if (now_ns - b->since_ns < spin_us * 1000ull)
    b->long_gaps = 0;
  else if (b->long_gaps < KMP_ERASE_BACKOFF_LONG)
    ++b->long_gaps;
  __kmp_erase_backoff_reset(b);
}

unsigned __kmp_erase_backoff_fail(kmp_erase_backoff_t *b, unsigned base_us,
                                  unsigned spin_us, unsigned long long now_ns) {
  if (base_us == 0)
    return 0;
  if (b->failures == 0)
    b->since_ns = now_ns;
  if (b->failures < KMP_ERASE_BACKOFF_ROUNDS) {
    ++b->failures;
    return 0;
  }
  if (b->shift == 0 && b->long_gaps < KMP_ERASE_BACKOFF_LONG &&
      now_ns - b->since_ns < spin_us * 1000ull)
    return 0; // still spinning

  unsigned us = base_us << b->shift;
  if (b->shift < KMP_ERASE_BACKOFF_SHIFTS)
    ++b->shift;
  return us;
}

unsigned long long __kmp_erase_narrow_sleep_until(double seconds,
                                                  unsigned long long now_ns) {
  if (!(seconds >= KMP_ERASE_NARROW_SLEEP_US * 1e-6) || !(seconds < 1e6))
    return 0;
  return now_ns + (unsigned long long)(seconds * 1e9);
}

// ---- Sampled timing of short executions ------------------------------------
unsigned __kmp_erase_timing_every(double cost_ns, double least) {
  double every = cost_ns * 1e-9 / (KMP_ERASE_TIMING_SHARE * least);
  if (!(least > 0) || !(every > 1)) // (NaN included)
    return 1;
  return every >= KMP_ERASE_EVERY_MAX ? KMP_ERASE_EVERY_MAX
                                      : (unsigned)ceil(every);
}

double __kmp_erase_timing_cost_update(double mean_ns, double sample_ns) {
  mean_ns = __kmp_erase_timing_cost_now(mean_ns);
  if (!(sample_ns >= 0))
    return mean_ns;
  if (sample_ns < mean_ns)
    return mean_ns - (mean_ns - sample_ns) / 2;
  if (sample_ns > KMP_ERASE_TIMING_COST_CLAMP * mean_ns)
    sample_ns = KMP_ERASE_TIMING_COST_CLAMP * mean_ns;
  return mean_ns + (sample_ns - mean_ns) / KMP_ERASE_TIMING_COST_KEEP;
}

// ---- Saved histories --------------------------------------------------------
// A decimal count without sign or blanks, at most max.
static int __kmp_erase_saved_count(const char *f, size_t n,
                                   unsigned long long max,
                                   unsigned long long *out) {
  if (n == 0 || n > 19 || strspn(f, "0123456789") < n)
    return 0;
  char buf[24];
  memcpy(buf, f, n);
  buf[n] = '\0';
  unsigned long long v = strtoull(buf, NULL, 10);
  if (v > max)
    return 0;
  *out = v;
  return 1;
}

int __kmp_erase_saved_parse(const char *line, size_t n, kmp_erase_saved_t *row,
                            char *why, size_t whylen) {
  while (n > 0 &&
         (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
    --n;
  const char *field[7];
  size_t len[7];
  int nf = 0;
  for (const char *p = line, *end = line + n;; ++nf) {
    const char *comma = (const char *)memchr(p, ',', (size_t)(end - p));
    if (nf == 7) {
      snprintf(why, whylen,
               "more than 7 fields (expected " KMP_ERASE_STORE_COLUMNS ")");
      return 0;
    }
    field[nf] = p;
    len[nf] = comma ? (size_t)(comma - p) : (size_t)(end - p);
    if (comma == NULL) {
      ++nf;
      break;
    }
    p = comma + 1;
  }
  if (nf != 7) {
    snprintf(why, whylen, "%d fields, expected 7 (" KMP_ERASE_STORE_COLUMNS ")",
             nf);
    return 0;
  }
  if (len[0] == 4 && memcmp(field[0], "task", 4) == 0)
    row->kind = 0;
  else if (len[0] == 8 && memcmp(field[0], "taskloop", 8) == 0)
    row->kind = 1;
  else {
    snprintf(why, whylen, "kind '%.*s': expected 'task' or 'taskloop'",
             (int)(len[0] > 40 ? 40 : len[0]), field[0]);
    return 0;
  }
  if (len[1] == 0 || len[1] >= KMP_ERASE_STORE_CODE || len[2] == 0 ||
      len[2] >= KMP_ERASE_STORE_NAME) {
    snprintf(why, whylen,
             "an empty or too long code or cluster (at most %d "
             "and %d characters)",
             KMP_ERASE_STORE_CODE - 1, KMP_ERASE_STORE_NAME - 1);
    return 0;
  }
  memcpy(row->code, field[1], len[1]);
  row->code[len[1]] = '\0';
  memcpy(row->cluster, field[2], len[2]);
  row->cluster[len[2]] = '\0';
  unsigned long long width, executions, age;
  if (!__kmp_erase_saved_count(field[3], len[3], KMP_ERASE_MAX_WIDTH, &width) ||
      width == 0) {
    snprintf(why, whylen, "width '%.*s': expected 1 to %d",
             (int)(len[3] > 20 ? 20 : len[3]), field[3], KMP_ERASE_MAX_WIDTH);
    return 0;
  }
  if (!__kmp_erase_saved_count(field[4], len[4], KMP_ERASE_STORE_KEEP,
                               &executions) ||
      executions == 0) {
    snprintf(why, whylen, "executions '%.*s': expected 1 to %d",
             (int)(len[4] > 20 ? 20 : len[4]), field[4], KMP_ERASE_STORE_KEEP);
    return 0;
  }
  char buf[40], *end = NULL;
  double seconds = 0;
  if (len[5] > 0 && len[5] < sizeof(buf)) {
    memcpy(buf, field[5], len[5]);
    buf[len[5]] = '\0';
    errno = 0;
    seconds = strtod(buf, &end);
  }
  if (end == NULL || end == buf || *end != '\0' || errno == ERANGE ||
      !(seconds > 0) || !isfinite(seconds)) {
    snprintf(why, whylen, "seconds '%.*s': expected a positive number",
             (int)(len[5] > 40 ? 40 : len[5]), field[5]);
    return 0;
  }
  if (!__kmp_erase_saved_count(field[6], len[6], 0xffffffffull, &age)) {
    snprintf(why, whylen, "age '%.*s': expected 0 to 2^32-1",
             (int)(len[6] > 20 ? 20 : len[6]), field[6]);
    return 0;
  }
  row->width = (int)width;
  row->executions = executions;
  row->seconds = seconds;
  row->age = (unsigned)age;
  return 1;
}

void __kmp_erase_saved_merge(kmp_erase_saved_t *row,
                             unsigned long long executions, double seconds) {
  if (executions == 0 || !(seconds > 0) || !isfinite(seconds))
    return;
  unsigned long long kept = row->executions < KMP_ERASE_STORE_KEEP
                                ? row->executions
                                : KMP_ERASE_STORE_KEEP;
  double total = (double)kept + (double)executions;
  row->seconds =
      (row->seconds * (double)kept + seconds * (double)executions) / total;
  row->executions = total < KMP_ERASE_STORE_KEEP ? (unsigned long long)total
                                                 : KMP_ERASE_STORE_KEEP;
  row->age = 0;
}

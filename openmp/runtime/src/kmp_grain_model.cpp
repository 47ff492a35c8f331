/*
 * kmp_grain_model.cpp -- seed 001's grain-size model, the arms of a
 * taskloop's grain choice, and the model file's parser (kmp_grain_model.h).
 * No libomp dependency.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_grain_model.h"
#include "kmp_mvomp_text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double __kmp_grain_predict(const kmp_grain_model_t *m, double work_ns,
                           double num_tasks, int n) {
  if (num_tasks < 1)
    num_tasks = 1;
  if (n < 1)
    n = 1;
  const double k = ceil(num_tasks / n); // tasks of the busiest core
  const double busy = num_tasks < n ? num_tasks : n; // M, Formula 5.7
  const double tc = k * work_ns / num_tasks;         // its work (Formula 5.9)
  return m->alpha_ns * k + tc * (1 + m->sigma * (busy - 1));
}

void __kmp_grain_flat_range(const kmp_grain_model_t *m, double work_ns, int n,
                            double *lo, double *hi) {
  if (n < 1)
    n = 1;
  *lo = sqrt(m->alpha_ns / n * work_ns / m->lambda_b);
  // One thread has no imbalance: Formula 5.11 only falls as the grain grows
  // to the whole loop (one task).
  *hi = n == 1 ? work_ns : work_ns / ((1 + ceil(1 / m->lambda_s)) * n);
}

// The arms' version names; an arm's name is what follows "grain:".
static const char *const __kmp_grain_version_names[] = {
    "grain:default", "grain:flat0", "grain:flat1",
    "grain:flat2",   "grain:flat3", "grain:flat4"};
static_assert(sizeof(__kmp_grain_version_names) /
                      sizeof(__kmp_grain_version_names[0]) ==
                  KMP_GRAIN_ARMS,
              "a name per arm");

const char *__kmp_grain_arm_name(int arm) {
  return arm >= 0 && arm < KMP_GRAIN_ARMS
             ? __kmp_grain_version_names[arm] + sizeof("grain:") - 1
             : "?";
}

const char *const *__kmp_grain_arm_version_names(void) {
  return __kmp_grain_version_names;
}

void __kmp_grain_arms_span(const kmp_grain_model_t *m, unsigned long long trip,
                           double iter_ns, int n, double *lo_iters,
                           double *hi_iters) {
  double lo, hi;
  __kmp_grain_flat_range(m, iter_ns * (double)trip, n < 1 ? 1 : n, &lo, &hi);
  // From the smaller bound to the larger: when they cross (too little work
  // for a flat region) the arms span between them all the same. A region
  // narrower than KMP_GRAIN_MIN_SPAN is widened to it about its middle (on a
  // log scale): the model leaves out work stealing's cost (seed 001, section
  // 5.1), and the bandit needs a choice to correct it.
  double a = log(fmin(lo, hi) / iter_ns), b = log(fmax(lo, hi) / iter_ns);
  // Up to one task per thread: Formula 5.29's upper bound assumes tasks cost
  // alpha, fitted on compute-bound iterations; a memory-bound loop's tasks
  // cost far more, and its optimum was measured at one task per thread,
  // 10-40x above the bound (docs/grain.md). Seed 001 draws the same line
  // (problem_size / N) as the coarsest sensible grain.
  if (m->to_threads && n > 1) {
    b = fmax(b, log((double)trip / n));
    // And to one task, with a measured default_ns (whose work estimate a
    // small loop can trust), when the loop's work is under 2 alpha /
    // lambda_b: Formula 5.29's lower bound for two threads then lies beyond
    // half the loop, so that even a split in two is overhead by the model,
    // and handing a task to a second thread at all (its wake-up and steal,
    // which the model leaves out) can cost more than it saves. Two threads
    // whatever the team: one task saves the second thread's start, not the
    // others'. A loop of 2 us ran 1.2x faster as one task than as two on two
    // threads (docs/grain.md).
    if (m->default_ns > 0 &&
        iter_ns * (double)trip < 2 * m->alpha_ns / m->lambda_b)
      b = fmax(b, log((double)trip));
  }
  const double span = log(KMP_GRAIN_MIN_SPAN);
  if (b - a < span) {
    double mid = (a + b) / 2;
    a = mid - span / 2;
    b = mid + span / 2;
  }
  // The finest arm is not a second default: within KMP_GRAIN_APART of the
  // default's grain (its ten tasks per thread), it starts that much coarser
  // (each execution spent exploring it told nothing the default's did not:
  // 22 tasks against 20, at 2.5x the best's time, docs/grain.md).
  const double dflt =
      log((double)trip / ((double)KMP_GRAIN_DEFAULT_TASKS * (n < 1 ? 1 : n)));
  if (fabs(a - dflt) < log(KMP_GRAIN_APART) && b > dflt + log(KMP_GRAIN_APART))
    a = dflt + log(KMP_GRAIN_APART);
  *lo_iters = exp(a);
  *hi_iters = exp(b);
}

unsigned long long __kmp_grain_arm_tasks(const kmp_grain_model_t *m, int arm,
                                         unsigned long long trip,
                                         double iter_ns, int n) {
  if (trip == 0)
    return 0;
  if (n < 1)
    n = 1;
  if (arm <= 0 || arm >= KMP_GRAIN_ARMS) {
    unsigned long long tasks = (unsigned long long)KMP_GRAIN_DEFAULT_TASKS * n;
    return tasks > trip ? trip : tasks;
  }
  double a, b;
  __kmp_grain_arms_span(m, trip, iter_ns, n, &a, &b);
  a = log(a);
  b = log(b);
  double g = exp(a + (b - a) * (arm - 1) / (KMP_GRAIN_FLAT_ARMS - 1));
  if (!(g >= 1)) // also NaN
    g = 1;
  // Rounded up: the grain (trip / tasks) is never above g; then, from n tasks
  // up, to a multiple of n, so that equal iterations give every thread an
  // equal share (ceil(num_tasks / n) of Formula 5.11).
  double t = ceil((double)trip / g - 1e-9);
  if (t >= n)
    t = ceil(t / n) * n;
  return t < 1 ? 1 : t >= (double)trip ? trip : (unsigned long long)t;
}

void __kmp_grain_all_arm_tasks(const kmp_grain_model_t *m,
                               unsigned long long trip, double iter_ns, int n,
                               unsigned long long *tasks) {
  for (int a = 0; a < KMP_GRAIN_ARMS; ++a)
    tasks[a] = __kmp_grain_arm_tasks(m, a, trip, iter_ns, n);
  // Two arms of one count are one arm explored twice as often, and the
  // counts between go untried: with seed 001's alpha on a machine where a
  // task costs a sixth of it, a 50-iteration loop's arms were 16, 4, 1, 1
  // and 1 tasks on two threads, its best (2 tasks) not among them, and the
  // one-task arm, 2.5x the best's time, explored six times (docs/grain.md).
  const unsigned long long per = n < 1 ? 1 : (unsigned long long)n;
  for (int a = KMP_GRAIN_ARMS - 2; a >= 1; --a) {
    const unsigned long long coarser = tasks[a + 1];
    if (tasks[a] > coarser)
      continue;
    const unsigned long long t =
        coarser < per ? coarser + 1 : (coarser / per + 1) * per;
    if (t < tasks[0] && t <= trip)
      tasks[a] = t;
  }
}

double __kmp_grain_iter_ns(const kmp_grain_model_t *m, double time_ns,
                           unsigned long long trip,
                           unsigned long long num_tasks, int n) {
  if (trip == 0)
    return 0.01;
  if (num_tasks < 1)
    num_tasks = 1;
  if (n < 1)
    n = 1;
  // time = alpha k + (k trip / num_tasks) iter (1 + sigma (M - 1))
  const double k = ceil((double)num_tasks / n);
  const double busy =
      (double)(num_tasks < (unsigned long long)n ? num_tasks : n);
  const double iters = k * (double)trip / (double)num_tasks;
  const double overhead = m->default_ns > 0
                              ? m->default_ns * k / KMP_GRAIN_DEFAULT_TASKS
                              : m->alpha_ns * k;
  double iter = (time_ns - overhead) / (iters * (1 + m->sigma * (busy - 1)));
  return iter > 0.01 ? iter : 0.01;
}

int __kmp_grain_default_path(char *buf, size_t len) {
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  int w = -1;
  if (xdg && xdg[0] == '/')
    w = snprintf(buf, len, "%s/mvomp/grain.model", xdg);
  else if (home && home[0] == '/')
    w = snprintf(buf, len, "%s/.cache/mvomp/grain.model", home);
  return w > 0 && (size_t)w < len ? 0 : -1;
}

int __kmp_grain_check_lambda(double lambda, char *err, size_t errlen) {
  if (lambda > 0 && lambda < 1)
    return 0;
  snprintf(err, errlen, "a threshold must be between 0 and 1 (exclusive)");
  return -1;
}

int __kmp_grain_model_parse(const char *text, const char *file,
                            kmp_grain_model_t *m, char *err, size_t errlen) {
  kmp_grain_model_t out = *m;
  int have_alpha = 0, have_sigma = 0, have_lambda_b = 0, have_lambda_s = 0,
      have_default = 0;
  if (int cut = __kmp_mvomp_unterminated_line(text, 1)) {
    snprintf(err, errlen, "%s:%d: %s", file, cut,
             KMP_MVOMP_UNTERMINATED_MESSAGE);
    return -1;
  }
  int line = 0;
  const char *p = text;
  while (*p) {
    ++line;
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char buf[256];
    if (len >= sizeof(buf)) {
      snprintf(err, errlen, "%s:%d: line too long", file, line);
      return -1;
    }
    memcpy(buf, p, len);
    buf[len] = '\0';
    p = end ? end + 1 : p + len;
    char *hash = strchr(buf, '#');
    if (hash)
      *hash = '\0';
    char key[32], rest[2];
    double v;
    int fields = sscanf(buf, "%31s %lf %1s", key, &v, rest);
    if (fields <= 0)
      continue; // blank or comment
    if (fields != 2 || !isfinite(v)) {
      snprintf(err, errlen, "%s:%d: expected '<name> <number>'", file, line);
      return -1;
    }
    char why[96];
    // A name given twice: which line the user meant is not ours to guess.
    int *seen = strcmp(key, "alpha_us") == 0     ? &have_alpha
                : strcmp(key, "sigma") == 0      ? &have_sigma
                : strcmp(key, "lambda_b") == 0   ? &have_lambda_b
                : strcmp(key, "lambda_s") == 0   ? &have_lambda_s
                : strcmp(key, "default_us") == 0 ? &have_default
                                                 : NULL;
    if (seen && *seen) {
      snprintf(err, errlen, "%s:%d: %s given a second time", file, line, key);
      return -1;
    }
    if (strcmp(key, "alpha_us") == 0 || strcmp(key, "default_us") == 0) {
      if (!(v > 0 && v < 1e6)) {
        snprintf(err, errlen, "%s:%d: %s must be positive (and below 1 s)",
                 file, line, key);
        return -1;
      }
      (key[0] == 'a' ? out.alpha_ns : out.default_ns) = v * 1000;
    } else if (strcmp(key, "sigma") == 0) {
      if (!(v >= 0 && v < 1)) {
        snprintf(err, errlen, "%s:%d: sigma must be in [0, 1)", file, line);
        return -1;
      }
      out.sigma = v;
    } else if (strcmp(key, "lambda_b") == 0 || strcmp(key, "lambda_s") == 0) {
      if (__kmp_grain_check_lambda(v, why, sizeof(why))) {
        snprintf(err, errlen, "%s:%d: %s: %s", file, line, key, why);
        return -1;
      }
      (key[7] == 'b' ? out.lambda_b : out.lambda_s) = v;
    } else {
      snprintf(err, errlen,
               "%s:%d: unknown name '%s' (alpha_us, sigma, lambda_b, "
               "lambda_s, default_us)",
               file, line, key);
      return -1;
    }
    *seen = 1;
  }
  if (!have_alpha || !have_sigma) {
    snprintf(err, errlen, "%s: %s missing", file,
             !have_alpha ? "alpha_us" : "sigma");
    return -1;
  }
  *m = out;
  return 0;
}

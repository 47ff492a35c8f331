/*
 * kmp_grain_model.h -- seed 001's analytical model of a balanced parallel
 * loop's time against its grain size (chapter 5: Formulas 5.7, 5.11 and
 * 5.29), the arms a taskloop's grain choice tries, and the model file's
 * parser. A small library with no libomp dependency, like
 * kmp_versions_policy: the GoogleTest unit tests and the grain-fit command
 * link it alone. docs/grain.md documents the model, the arms and the file.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_GRAIN_MODEL_H
#define KMP_GRAIN_MODEL_H

#include <stddef.h>

// The machine's parameters (seed 001, Formula 5.11) and the thresholds of
// the flat region (Formula 5.29). Times in nanoseconds.
struct kmp_grain_model_t {
  double alpha_ns; // cost of creating and managing one task, per core
  double sigma;    // slowdown of a core's work per other busy core
  double lambda_b; // slope under which the task overhead no longer matters
  double lambda_s; // imbalance ratio under which imbalance no longer matters
  // Not the model's but the arms' rule (OMP_TASKLOOP_GRAIN_SPAN): 1: the
  // arms reach up to one task per thread (threads), 0: Formula 5.29's
  // region only (flat).
  int to_threads;
  // Measured by the calibration (the model file's default_us, 0 when it has
  // none): the time of libomp's default split (KMP_GRAIN_DEFAULT_TASKS
  // tasks per thread) of an empty loop. Formula 5.11's alpha, fitted on
  // tasks of 1 us and more, is a third to a seventh of what a small loop's
  // default costs per task, so a 2-us loop's default execution read as ten
  // times its work; with default_ns the work is estimated net of this
  // measured cost, and a loop of little work gets a one-task arm
  // (__kmp_grain_arms_span).
  double default_ns;
};

// Seed 001's first machine (alpha = 2.674 us, sigma = 0.0268), with
// lambda_b = lambda_s = 0.1 (its section 5.1.7): what the runtime uses when
// no calibration exists.
#define KMP_GRAIN_DEFAULT_MODEL                                                \
  { 2674.0, 0.0268, 0.1, 0.1, 1 }

// Formula 5.11 (with 5.7): the time of a balanced loop of `work_ns`
// sequential work split into `num_tasks` equal tasks on `n` cores.
double __kmp_grain_predict(const kmp_grain_model_t *m, double work_ns,
                           double num_tasks, int n);

// Formula 5.29: the grain sizes (as work per task, ns) of the flat region of
// a loop of `work_ns` on `n` cores: *lo from the task overhead (lambda_b),
// *hi from the imbalance (lambda_s; on one thread, which has no imbalance,
// the whole loop). *lo > *hi when the loop is too small to have a flat
// region.
void __kmp_grain_flat_range(const kmp_grain_model_t *m, double work_ns, int n,
                            double *lo, double *hi);

// The arms of a taskloop's grain choice: arm 0 is libomp's default
// (KMP_GRAIN_DEFAULT_TASKS tasks per thread), arms 1..KMP_GRAIN_FLAT_ARMS
// grain sizes spaced on a log scale from the flat region's lower bound to its
// upper one (from the upper to the lower when they cross), or with
// to_threads to one task per thread when that is larger (and to one task
// when default_ns is set and the loop's work is under 2 alpha / lambda_b);
// widened to a ratio of KMP_GRAIN_MIN_SPAN about its middle when narrower;
// starting KMP_GRAIN_APART coarser than the default's grain when it would
// start within that ratio of it; as task counts rounded up, from n tasks on
// to a multiple of n.
#define KMP_GRAIN_FLAT_ARMS 5
#define KMP_GRAIN_ARMS (1 + KMP_GRAIN_FLAT_ARMS)
#define KMP_GRAIN_DEFAULT_TASKS 10
#define KMP_GRAIN_MIN_SPAN 8.0
#define KMP_GRAIN_APART 1.25
// The name of arm `arm` ("default", "flat0" .. "flat4").
const char *__kmp_grain_arm_name(int arm);
// The arms' names as versions of a grain type ("grain:default" ..): constants,
// not formatted at each site's registration.
const char *const *__kmp_grain_arm_version_names(void);
// The number of tasks arm `arm` makes of a loop of `trip` iterations of
// `iter_ns` each on `n` threads, within [1, trip].
unsigned long long __kmp_grain_arm_tasks(const kmp_grain_model_t *m, int arm,
                                         unsigned long long trip,
                                         double iter_ns, int n);

// The task counts of all the arms, tasks[0..KMP_GRAIN_ARMS-1]: as
// __kmp_grain_arm_tasks, then made distinct. Where the model puts the region
// beyond the loop (too little work for its alpha), several flat arms round
// to one task: from the coarsest arm on, an arm with no more tasks than the
// next coarser one takes the next count the rounding allows (one more below
// n, the next multiple of n from n on), while that stays below the default's
// count and within the trip count.
void __kmp_grain_all_arm_tasks(const kmp_grain_model_t *m,
                               unsigned long long trip, double iter_ns, int n,
                               unsigned long long *tasks);

// The grains (iterations per task) the flat arms span: Formula 5.29's
// region, from its smaller bound to its larger (with to_threads: at least
// to trip / n, and with default_ns to one task for a loop of less work than
// 2 alpha / lambda_b), widened to a ratio of KMP_GRAIN_MIN_SPAN about its
// middle when narrower.
void __kmp_grain_arms_span(const kmp_grain_model_t *m, unsigned long long trip,
                           double iter_ns, int n, double *lo_iters,
                           double *hi_iters);

// Inverts Formula 5.11: the work of one iteration (ns) of a loop of `trip`
// iterations that took `time_ns` in `num_tasks` tasks on `n` threads (at
// least 0.01 ns). With default_ns, the overhead taken off is default_ns per
// KMP_GRAIN_DEFAULT_TASKS tasks of the busiest thread instead of alpha per
// task.
double __kmp_grain_iter_ns(const kmp_grain_model_t *m, double time_ns,
                           unsigned long long trip,
                           unsigned long long num_tasks, int n);

// Parses a grain model file (docs/grain.md): lines "alpha_us <v>" and
// "sigma <v>" (both required), optionally "lambda_b <v>" and "lambda_s <v>";
// '#' comments and blank lines skipped. Returns 0 and fills *m (thresholds
// not in the file are left as they are), or -1 with "<file>:<line>: what is
// wrong" in err and *m unchanged.
int __kmp_grain_model_parse(const char *text, const char *file,
                            kmp_grain_model_t *m, char *err, size_t errlen);

// Where the calibration is written and read by default (docs/grain.md):
// $XDG_CACHE_HOME/mvomp/grain.model, else $HOME/.cache/mvomp/grain.model
// (absolute directories only). Returns 0 with the path in buf, or -1 when
// neither is set (or the path does not fit).
int __kmp_grain_default_path(char *buf, size_t len);

// Checks thresholds: 0 < lambda < 1. Returns 0, or -1 with the reason in err.
int __kmp_grain_check_lambda(double lambda, char *err, size_t errlen);

#endif // KMP_GRAIN_MODEL_H

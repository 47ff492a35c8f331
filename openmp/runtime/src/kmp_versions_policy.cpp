/*
 * kmp_versions_policy.cpp -- MVOMP's version selection policies. See
 * kmp_versions_policy.h and docs/policies.md.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_versions_policy.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// xoshiro256** (Blackman and Vigna, public domain), seeded with splitmix64: a
// few lines that keep libomp free of a dependency for its random numbers.
static uint64_t __kmp_mv_splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void __kmp_mv_rng_seed(kmp_mv_rng_t *rng, uint64_t seed) {
  for (int i = 0; i < 4; ++i)
    rng->s[i] = __kmp_mv_splitmix64(&seed);
}

static inline uint64_t __kmp_mv_rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

uint64_t __kmp_mv_rng_next(kmp_mv_rng_t *rng) {
  uint64_t *s = rng->s;
  uint64_t result = __kmp_mv_rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = __kmp_mv_rotl(s[3], 45);
  return result;
}

double __kmp_mv_rng_uniform(kmp_mv_rng_t *rng) {
  return (double)(__kmp_mv_rng_next(rng) >> 11) * 0x1.0p-53;
}

double __kmp_mv_rng_gaussian(kmp_mv_rng_t *rng) {
  // Box-Muller; 1 - u keeps the logarithm's argument in (0, 1].
  double u = 1.0 - __kmp_mv_rng_uniform(rng), v = __kmp_mv_rng_uniform(rng);
  return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

double __kmp_mv_stddev(const kmp_mv_arm_t *arm) {
  return arm->n < 2 ? 0.0 : sqrt(arm->m2 / (double)(arm->n - 1));
}

// sqrt(k * ln(t - 1)) of the bound, the same for every arm of the key:
// computed once per choice (a logarithm per arm cost 219 of them per dispatch
// with MMUL's versions).
static double __kmp_mv_ucb_scale(const kmp_mv_key_t *key, double k) {
  return key->t > 1 ? sqrt(k * log((double)(key->t - 1))) : 0.0;
}

// The bound of an arm with at least 2 executions, given c = sqrt(k ln(t - 1)):
// mean - sqrt(k * s^2 * ln(t - 1) / n) = mean - c * sqrt(s^2 / n).
static inline double __kmp_mv_ucb_bound_at(const kmp_mv_arm_t *a, double c) {
  return a->mean - c * a->spread;
}

double __kmp_mv_ucb_bound(const kmp_mv_key_t *key, int arm, double k) {
  const kmp_mv_arm_t *a = &key->arms[arm];
  return a->n < 2 ? -INFINITY
                  : __kmp_mv_ucb_bound_at(a, __kmp_mv_ucb_scale(key, k));
}

// Soft-max over cand of the preferences, shifted by their maximum so that
// exp() cannot overflow (the shift does not change the probabilities).
static double __kmp_mv_gb_max(const kmp_mv_key_t *key, const int *cand,
                              int ncand) {
  double m = key->arms[cand[0]].h;
  for (int i = 1; i < ncand; ++i)
    if (key->arms[cand[i]].h > m)
      m = key->arms[cand[i]].h;
  return m;
}

double __kmp_mv_gb_probability(const kmp_mv_key_t *key, int arm,
                               const int *cand, int ncand) {
  double m = __kmp_mv_gb_max(key, cand, ncand), sum = 0.0;
  for (int i = 0; i < ncand; ++i)
    sum += exp(key->arms[cand[i]].h - m);
  return exp(key->arms[arm].h - m) / sum;
}

// The selectors below return a position in cand (the caller needs it to find
// the launched version), not the arm itself.

// The candidate with the fewest started executions (first on ties): used to
// explore, and when no candidate has the statistics a policy needs because
// its executions are still running on other threads. Not one awaiting
// another cluster's measurement (KMP_MV_ORIGIN_AWAITED) while another
// candidate may run (such an arm has not started: when all are, the first).
static int __kmp_mv_least_started(const kmp_mv_key_t *key, const int *cand,
                                  int ncand) {
  int best = -1;
  for (int i = 0; i < ncand; ++i) {
    const kmp_mv_arm_t *a = &key->arms[cand[i]];
    if (!(a->origin & KMP_MV_ORIGIN_AWAITED) &&
        (best < 0 || a->started < key->arms[cand[best]].started))
      best = i;
  }
  return best >= 0 ? best : 0;
}

// The executions of a that count towards its quota: those started, or the
// completed ones where more (choices made without the lock, once a key is
// explored, count nothing; an arm that elimination took out when the key was
// found explored may come back since, its best or its patience having moved,
// and is then chosen until it has its quota, not for good).
static inline uint64_t __kmp_mv_arm_done(const kmp_mv_arm_t *a) {
  return a->started > a->n ? a->started : a->n;
}

// Whether a starts from a prediction and has not run yet.
static inline bool __kmp_mv_predicted(const kmp_mv_arm_t *a) {
  return a->n == 0 &&
         (a->origin & KMP_MV_ORIGIN_MASK) == KMP_MV_ORIGIN_PREDICTED &&
         a->mean > 0.0;
}

// The executions arm a needs before it is explored: the policy's quota, or 1
// under Mean for a version that started from a prediction at this cost, or
// was predicted from other costs after it started here (the prediction stands
// in for the other repetitions: one execution confirms or contradicts it).
// UCB and TS keep their 2: their choices need a spread.
// One whose first execution contradicted its prediction needs 2
// (__kmp_mv_recheck).
static inline uint64_t __kmp_mv_arm_quota(const kmp_mv_policy_t *p,
                                          const kmp_mv_arm_t *a,
                                          uint64_t quota) {
  if (quota <= 1 || p->kind == kmp_mv_ucb || p->kind == kmp_mv_ts)
    return quota;
  if (a->origin & KMP_MV_ORIGIN_RECHECK)
    return 2;
  return (a->origin & KMP_MV_ORIGIN_MASK) == KMP_MV_ORIGIN_PREDICTED ||
                 (a->origin & KMP_MV_ORIGIN_VOUCHED)
             ? 1
             : quota;
}

// The lowest mean of the candidates (all arms when cand is NULL) that have
// run, or 0 when none has; a candidate not run yet that starts from a
// prediction counts with its pessimistic prediction.
static double __kmp_mv_best_run_mean(const kmp_mv_key_t *key, const int *cand,
                                     int ncand) {
  double best = 0.0;
  for (int i = 0; i < ncand; ++i) {
    const kmp_mv_arm_t *a = &key->arms[cand ? cand[i] : i];
    double m = a->n > 0 ? a->mean
               : __kmp_mv_predicted(a)
                   ? a->mean * exp(KMP_MV_PREDICT_Z * a->spread)
                   : 0.0;
    if (m > 0.0 && (best == 0.0 || m < best))
      best = m;
  }
  return best;
}

double __kmp_mv_expected_improvement(double mu, double sigma, double best) {
  if (!(sigma > 0.0) || !(mu > 0.0) || !(best > 0.0))
    return mu < best ? best - mu : 0.0;
  // log X ~ N(log mu, sigma^2): E[max(b - X, 0)] = b Phi(d) - E[X; X < b],
  // E[X; X < b] = mu exp(sigma^2 / 2) Phi(d - sigma), d = log(b / mu) / sigma.
  const double d = log(best / mu) / sigma;
  const double phi_d = 0.5 * erfc(-d * M_SQRT1_2);
  const double phi_ds = 0.5 * erfc(-(d - sigma) * M_SQRT1_2);
  const double ei = best * phi_d - mu * exp(0.5 * sigma * sigma) * phi_ds;
  return ei > 0.0 ? ei : 0.0; // (rounding)
}

// Whether elimination (p->eliminate) takes arm a of key out of exploration,
// best being the lowest mean of the versions that have run; with patience, a
// long shot waits (kmp_versions_policy.h).
static inline bool __kmp_mv_eliminated(const kmp_mv_policy_t *p,
                                       const kmp_mv_key_t *key,
                                       const kmp_mv_arm_t *a, double best) {
  if (!p->eliminate || best <= 0.0)
    return false;
  // (Not a version whose first execution contradicted its prediction and
  // awaits its second, __kmp_mv_recheck: one execution disturbed 15-60x, the
  // version predicted best, took it out of a size for good.)
  if (a->n > 0)
    return !(a->origin & KMP_MV_ORIGIN_RECHECK) &&
           a->mean > KMP_MV_ELIM_RATIO * best;
  if (!__kmp_mv_predicted(a))
    return false;
  if (a->mean * exp(-KMP_MV_PREDICT_Z * a->spread) > best)
    return !(a->origin & KMP_MV_ORIGIN_ACROSS) ||
           key->sum < KMP_MV_CLUSTER_INSURANCE * a->mean;
  return p->patience && p->explore_ranks <= 1 && a->mean > best &&
         a->spread <= KMP_MV_PATIENCE_MAX_ERROR &&
         (double)key->t *
                 __kmp_mv_expected_improvement(a->mean, a->spread, best) <
             a->mean - best;
}

// The candidate with the lowest mean among those with a sample (the first on
// ties), or -1; all the key's arms when cand is NULL. Mean's committed choice,
// here and in __kmp_mv_lowest_mean.
static int __kmp_mv_argmin_mean(const kmp_mv_key_t *key, const int *cand,
                                int ncand) {
  int best = -1;
  double low = 0.0;
  for (int i = 0; i < ncand; ++i) {
    const kmp_mv_arm_t *a = &key->arms[cand ? cand[i] : i];
    if (a->n > 0 && (best < 0 || a->mean < low))
      best = i, low = a->mean;
  }
  return best;
}

// Whether a's first execution at the key is running and none has completed
// (elimination on): one probe at a time. Until that measurement arrives, no
// second execution of a starts: the others explore or run the best measured
// version meanwhile. Without it, the threads that were free while a version's
// first execution ran started its second, third, ... (its quota counts
// started executions): on 2 threads the Cholesky 2048/256 ran its plain-loop
// gemm twice at once, 23 ms each in a 76 ms run, and on 16 threads the first
// wave ran every version several times before any had a time. Not for
// processes sharing their statistics, whose started counts hold the other
// processes' parts of the exploration (__kmp_mv_shared_started).
static inline bool __kmp_mv_probe_rule(const kmp_mv_policy_t *p) {
  return p->eliminate && !p->within_type && p->explore_ranks <= 1;
}
static inline bool __kmp_mv_probing(const kmp_mv_policy_t *p,
                                    const kmp_mv_arm_t *a) {
  return __kmp_mv_probe_rule(p) && a->n == 0 && a->started > 0;
}

// The first candidate started fewer than `reps` times and not eliminated, or
// -1. When some of them start from predictions (a new cost, elimination on),
// the one expected fastest instead: a version known neither by measurement
// nor by prediction first, then the lowest measured or predicted mean, so
// that the version predicted best runs first and its measurement decides
// what else is worth exploring. A candidate being probed
// (__kmp_mv_probing) is not returned while the others have a measurement
// to run instead; when none has (the first wave of a key on many threads),
// the one of them started the fewest times, so that no version (the slowest
// neither) runs more than its share of that wave, where the quotas had each
// version, in turn, start its whole quota at once.
static int __kmp_mv_unexplored(const kmp_mv_policy_t *p,
                               const kmp_mv_key_t *key, const int *cand,
                               int ncand, uint64_t reps) {
  double best = p->eliminate ? __kmp_mv_best_run_mean(key, cand, ncand) : 0.0;
  int first = -1, pick = -1, probed = -1;
  bool predicted = false;
  double low = 0.0;
  // Processes sharing their statistics start at different candidates, and
  // take them in turns (the least started first): each then measures
  // different versions before the exchanges, and elimination has a best to
  // compare with after one execution of each.
  bool sharing = p->explore_ranks > 1;
  int from = sharing && p->explore_rank > 0
                 ? (int)((long long)p->explore_rank % p->explore_ranks * ncand /
                         p->explore_ranks)
                 : 0;
  for (int j = 0; j < ncand; ++j) {
    int i = from + j < ncand ? from + j : from + j - ncand;
    const kmp_mv_arm_t *a = &key->arms[cand[i]];
    if (__kmp_mv_arm_done(a) >= __kmp_mv_arm_quota(p, a, reps) ||
        (a->origin & KMP_MV_ORIGIN_AWAITED) ||
        __kmp_mv_eliminated(p, key, a, best))
      continue;
    if (__kmp_mv_probing(p, a)) {
      if (probed < 0 || a->started < key->arms[cand[probed]].started)
        probed = i;
      continue;
    }
    if (first < 0 || (sharing && a->started < key->arms[cand[first]].started))
      first = i;
    if (sharing)
      continue; // (predictions too: the turns spread them)
    if (!p->eliminate)
      break; // the thesis' order
    bool from_prediction = __kmp_mv_predicted(a);
    predicted |= from_prediction;
    double m = a->n > 0 || from_prediction ? a->mean : 0.0;
    if (pick < 0 || m < low)
      pick = i, low = m;
  }
  int found = predicted ? pick : first;
  if (found < 0 && probed >= 0 && __kmp_mv_argmin_mean(key, cand, ncand) < 0)
    return probed; // nothing measured yet to run meanwhile
  return found;
}

// What runs when no candidate has the statistics the policy needs, their
// executions running on other threads: with elimination, the lowest mean
// measured (one probe at a time: not a second execution of a version being
// probed), else the least started.
static int __kmp_mv_meanwhile(const kmp_mv_policy_t *p, const kmp_mv_key_t *key,
                              const int *cand, int ncand) {
  int best =
      __kmp_mv_probe_rule(p) ? __kmp_mv_argmin_mean(key, cand, ncand) : -1;
  return best >= 0 ? best : __kmp_mv_least_started(key, cand, ncand);
}

static int __kmp_mv_select_mean(const kmp_mv_policy_t *p,
                                const kmp_mv_key_t *key, const int *cand,
                                int ncand) {
  // Explore: the first version until it has mean_reps samples, then the next
  // (Table 3.1: A five times, then B five times), then commit to the lowest
  // mean, which keeps being updated.
  int best = __kmp_mv_unexplored(p, key, cand, ncand, (uint64_t)p->mean_reps);
  if (best < 0)
    best = __kmp_mv_argmin_mean(key, cand, ncand);
  return best >= 0 ? best : __kmp_mv_least_started(key, cand, ncand);
}

static int __kmp_mv_select_ucb(const kmp_mv_policy_t *p,
                               const kmp_mv_key_t *key, const int *cand,
                               int ncand) {
  // Every version until it has 2 samples, then the lowest bound.
  int best = __kmp_mv_unexplored(p, key, cand, ncand, 2);
  if (best >= 0)
    return best;
  double bound = 0.0, c = __kmp_mv_ucb_scale(key, p->ucb_k);
  for (int i = 0; i < ncand; ++i) {
    const kmp_mv_arm_t *a = &key->arms[cand[i]];
    if (a->n < 2)
      continue;
    double b = __kmp_mv_ucb_bound_at(a, c);
    // Robust statistics: interference only lengthens executions, and one
    // more than KMP_MV_ROBUST_RATIO times the mean counts as disturbed, so no
    // version is taken to be that much faster than its mean either: a spread
    // widened by disturbed executions under that ratio (not clamped) no longer
    // draws UCB to a version several times slower than the best.
    if (p->robust && b < a->mean / KMP_MV_ROBUST_RATIO)
      b = a->mean / KMP_MV_ROBUST_RATIO;
    if (best < 0 || b < bound)
      best = i, bound = b;
  }
  return best >= 0 ? best : __kmp_mv_meanwhile(p, key, cand, ncand);
}

static int __kmp_mv_select_gb(const kmp_mv_policy_t *p, const kmp_mv_key_t *key,
                              const int *cand, int ncand, kmp_mv_rng_t *rng) {
  // With elimination (beyond the thesis), a version measured (or predicted)
  // hopeless against the best that ran is not drawn: GB has no exploration
  // phase for elimination to shorten, and its soft-max otherwise keeps
  // drawing a version 20-40 times slower until its preference has fallen far
  // enough (3-10 executions each of the Cholesky's slow versions, about 10%
  // of a 4096/128 run). The others are drawn with their soft-max
  // probabilities among themselves. The best is never eliminated.
  // (The shift by every candidate's largest preference, eliminated or not,
  // keeps exp() from overflowing as well.)
  const double best =
      p->eliminate ? __kmp_mv_best_run_mean(key, cand, ncand) : 0.0;
  double m = __kmp_mv_gb_max(key, cand, ncand), sum = 0.0;
  for (int i = 0; i < ncand; ++i)
    if (!__kmp_mv_eliminated(p, key, &key->arms[cand[i]], best))
      sum += exp(key->arms[cand[i]].h - m);
  double u = __kmp_mv_rng_uniform(rng) * sum;
  int last = ncand - 1;
  for (int i = 0; i < ncand; ++i) {
    if (__kmp_mv_eliminated(p, key, &key->arms[cand[i]], best))
      continue;
    last = i;
    u -= exp(key->arms[cand[i]].h - m);
    if (u < 0.0)
      return i;
  }
  return last;
}

static int __kmp_mv_select_ts(const kmp_mv_policy_t *p, const kmp_mv_key_t *key,
                              const int *cand, int ncand, kmp_mv_rng_t *rng) {
  // Each version twice, then one draw per version from the posterior of its
  // mean, N(mean, s^2 / n) (flat prior), and the lowest draw.
  int best = __kmp_mv_unexplored(p, key, cand, ncand, 2);
  if (best >= 0)
    return best;
  double low = 0.0;
  for (int i = 0; i < ncand; ++i) {
    const kmp_mv_arm_t *a = &key->arms[cand[i]];
    if (a->n < 2)
      continue;
    double draw = a->mean + __kmp_mv_stddev(a) / sqrt((double)a->n) *
                                __kmp_mv_rng_gaussian(rng);
    if (best < 0 || draw < low)
      best = i, low = draw;
  }
  return best >= 0 ? best : __kmp_mv_meanwhile(p, key, cand, ncand);
}

int __kmp_mv_choose(const kmp_mv_policy_t *p, const kmp_mv_key_t *key,
                    const int *cand, int ncand, kmp_mv_rng_t *rng) {
  int pos = -1;
  switch (p->kind) {
  case kmp_mv_fixed:
    for (int i = 0; i < ncand && pos < 0; ++i)
      if (cand[i] == p->fixed_arm)
        pos = i;
    if (pos < 0) // not among this launch's versions: behave as mean
      pos = __kmp_mv_select_mean(p, key, cand, ncand);
    break;
  case kmp_mv_random:
    pos = (int)(__kmp_mv_rng_next(rng) % (uint64_t)ncand);
    break;
  case kmp_mv_ucb:
    pos = __kmp_mv_select_ucb(p, key, cand, ncand);
    break;
  case kmp_mv_gb:
    pos = __kmp_mv_select_gb(p, key, cand, ncand, rng);
    break;
  case kmp_mv_ts:
    pos = __kmp_mv_select_ts(p, key, cand, ncand, rng);
    break;
  case kmp_mv_mean:
  default:
    pos = __kmp_mv_select_mean(p, key, cand, ncand);
    break;
  }
  return pos;
}

int __kmp_mv_select(const kmp_mv_policy_t *p, kmp_mv_key_t *key,
                    const int *cand, int ncand, kmp_mv_rng_t *rng) {
  int pos = __kmp_mv_choose(p, key, cand, ncand, rng);
  key->arms[cand[pos]].started++;
  return pos;
}

uint64_t __kmp_mv_shared_started(const kmp_mv_policy_t *p,
                                 const kmp_mv_arm_t *a, uint64_t running) {
  uint64_t quota = __kmp_mv_arm_quota(p, a, __kmp_mv_quota(p));
  uint64_t started = a->n + running;
  if (p->explore_ranks > 1 && started < quota) {
    uint64_t ranks = (uint64_t)p->explore_ranks, due = quota - started;
    started += due * (ranks - 1) / ranks; // this one keeps at least 1
  }
  return started;
}

bool __kmp_mv_explored(const kmp_mv_policy_t *p, const kmp_mv_key_t *key) {
  uint64_t quota = __kmp_mv_quota(p);
  double best =
      p->eliminate ? __kmp_mv_best_run_mean(key, NULL, key->narms) : 0.0;
  for (int i = 0; i < key->narms; ++i)
    if (key->arms[i].n < __kmp_mv_arm_quota(p, &key->arms[i], quota) &&
        !__kmp_mv_eliminated(p, key, &key->arms[i], best))
      return false;
  return true;
}

uint64_t __kmp_mv_to_explore(const kmp_mv_policy_t *p, const kmp_mv_key_t *key,
                             const int *cand, int ncand) {
  uint64_t quota = __kmp_mv_quota(p), due = 0;
  double best = p->eliminate ? __kmp_mv_best_run_mean(key, cand, ncand) : 0.0;
  for (int i = 0; i < ncand; ++i) {
    const kmp_mv_arm_t *a = &key->arms[cand[i]];
    uint64_t q = __kmp_mv_arm_quota(p, a, quota), done = __kmp_mv_arm_done(a);
    // (Not one being probed: no choice starts it until its time arrives.)
    if (done < q && !__kmp_mv_eliminated(p, key, a, best) &&
        !__kmp_mv_probing(p, a))
      due += q - done;
  }
  return due;
}

bool __kmp_mv_unmeasured_worth_trying(const kmp_mv_policy_t *p,
                                      const kmp_mv_key_t *key) {
  if (!p->eliminate || p->explore_ranks > 1)
    return false;
  double best = __kmp_mv_best_run_mean(key, NULL, key->narms);
  for (int i = 0; i < key->narms; ++i) {
    const kmp_mv_arm_t *a = &key->arms[i];
    if (a->n == 0 && a->started == 0 && !__kmp_mv_eliminated(p, key, a, best))
      return true;
  }
  return false;
}

int __kmp_mv_lowest_mean(const kmp_mv_key_t *key) {
  return __kmp_mv_argmin_mean(key, NULL, key->narms);
}

// The variance of arm a relative to its mean squared, or -1 with fewer than 2
// executions.
static inline double __kmp_mv_relative_variance(const kmp_mv_arm_t *a) {
  if (a->n < 2 || a->mean <= 0.0)
    return -1.0;
  const double s = __kmp_mv_stddev(a) / a->mean;
  return s * s;
}

int __kmp_mv_second_look(const kmp_mv_key_t *key, int best) {
  if (best < 0 || best >= key->narms)
    return -1;
  const kmp_mv_arm_t *b = &key->arms[best];
  if (b->n < 2 || b->mean <= 0.0)
    return -1;
  const double vb = __kmp_mv_relative_variance(b);
  int look = -1;
  double least = 0.0; // the lead over its standard error
  for (int i = 0; i < key->narms; ++i) {
    const kmp_mv_arm_t *r = &key->arms[i];
    if (i == best || r->n == 0 || r->n >= 2 * b->n ||
        r->mean >= KMP_MV_LOOK_RATIO * b->mean)
      continue;
    double vr = __kmp_mv_relative_variance(r);
    if (vr < 0.0)
      vr = vb; // one execution: best's relative variance stands for its own
    double se = sqrt(vb * b->mean * b->mean / (double)b->n +
                     vr * r->mean * r->mean / (double)r->n);
    double lead = r->mean - b->mean;
    if (lead >= KMP_MV_LOOK_Z * se)
      continue; // significant: r is slower
    double z = se > 0.0 ? lead / se : 0.0;
    if (look < 0 || z < least)
      look = i, least = z;
  }
  return look;
}

int __kmp_mv_robust_outlier(kmp_mv_arm_t *a, double *x) {
  if (++a->outliers < KMP_MV_ROBUST_CONFIRM) {
    // Counted, with bounded weight: it moves the mean by at most
    // KMP_MV_ROBUST_SHIFT (at most 4x the mean once there are 30 samples).
    double bound = 1.0 + KMP_MV_ROBUST_SHIFT * (double)(a->n + 1);
    *x = a->mean * (bound < KMP_MV_ROBUST_RATIO ? bound : KMP_MV_ROBUST_RATIO);
    return 0;
  }
  // KMP_MV_ROBUST_CONFIRM in a row: the version changed, and what was learned
  // of it no longer holds.
  __kmp_mv_arm_restart(a, *x);
  return 1;
}

void __kmp_mv_arm_restart(kmp_mv_arm_t *a, double x) {
  // Its mean restarts at this execution's time, its spread at 0, so that the
  // policy compares it with the others at once instead of exploring it again.
  // Its count stays the number of executions (stats.csv's count), and this
  // one is counted; the model store replaces its history with this run's.
  a->outliers = 0;
  a->origin |= KMP_MV_ORIGIN_CHANGED;
  a->n++;
  if (a->started < a->n)
    a->started = a->n;
  a->mean = x;
  a->m2 = 0.0;
  a->q += x * x;
  a->spread = 0.0;
}

void __kmp_mv_update_gb(const kmp_mv_policy_t *p, kmp_mv_key_t *key, int arm,
                        double x) {
  kmp_mv_arm_t *a = &key->arms[arm];
  // Equations 3.1 and 3.2 with the sign for minimisation: a time below the
  // average of all executions so far (this one included) raises the
  // preference of the version that ran and lowers the others'. The thesis'
  // reward is in seconds, the unit of Table 3.3 for which alpha = 0.2 was
  // chosen: on tasks of microseconds its steps are a millionth of that and GB
  // stays uniform. With gb_relative (OMP_GB_REWARD=relative, MVOMP's default)
  // the reward is relative to the key's own average, (average - x) / average:
  // the same alpha then learns at any time scale.
  int n = key->narms;
  double avg = key->sum / (double)key->t;
  double step = p->gb_alpha * (avg - x) *
                (p->gb_relative ? (avg > 0 ? 1.0 / avg : 0.0) : 1e-9);
  double m = key->arms[0].h, sum = 0.0;
  for (int i = 1; i < n; ++i)
    if (key->arms[i].h > m)
      m = key->arms[i].h;
  for (int i = 0; i < n; ++i)
    sum += exp(key->arms[i].h - m);
  // Probabilities of the round, before any preference changes.
  double pa = exp(a->h - m) / sum;
  for (int i = 0; i < n; ++i) {
    kmp_mv_arm_t *o = &key->arms[i];
    if (i == arm)
      continue;
    o->h -= step * exp(o->h - m) / sum;
  }
  a->h += step * (1.0 - pa);
}

bool __kmp_mv_execution_disturbed(double wall_ns, double cpu_ns, long voluntary,
                                  long involuntary, long major_faults,
                                  int percent) {
  if (percent <= 0 || !(wall_ns > 0.0) || !(cpu_ns >= 0.0) ||
      !((wall_ns - cpu_ns) * 100.0 > (double)percent * wall_ns))
    return false;
  return involuntary > 0 || major_faults > 0 || voluntary == 0;
}

const char *__kmp_mv_origin_name(uint32_t origin) {
  switch (origin & KMP_MV_ORIGIN_MASK) {
  case KMP_MV_ORIGIN_RUN:
    return "run";
  case KMP_MV_ORIGIN_STORE:
    return "store";
  case KMP_MV_ORIGIN_LOAD:
    return "load";
  default:
    return "predicted";
  }
}

static void __kmp_mv_arm_set(kmp_mv_arm_t *a, uint64_t n, double mean,
                             double m2) {
  if (n == 0) {
    mean = 0.0;
    m2 = 0.0;
  }
  if (m2 < 0 || n < 2)
    m2 = 0.0;
  a->n = n;
  a->started = n;
  a->mean = mean;
  a->m2 = m2;
  a->q = m2 + (double)n * mean * mean;
  a->spread = n > 1 ? __kmp_mv_ucb_spread_of(a) : 0.0;
}

kmp_mv_arm_t __kmp_mv_arm_merge(const kmp_mv_arm_t *a, const kmp_mv_arm_t *b) {
  kmp_mv_arm_t r = *a;
  uint64_t n = a->n + b->n;
  if (n == 0 || b->n == 0)
    return r;
  double na = (double)a->n, nb = (double)b->n;
  double delta = b->mean - a->mean;
  __kmp_mv_arm_set(&r, n, a->mean + delta * nb / (double)n,
                   a->m2 + b->m2 + delta * delta * na * nb / (double)n);
  return r;
}

kmp_mv_arm_t __kmp_mv_arm_subtract(const kmp_mv_arm_t *a,
                                   const kmp_mv_arm_t *part) {
  kmp_mv_arm_t r = *a;
  if (part->n == 0 || part->n > a->n)
    return r;
  uint64_t n = a->n - part->n;
  if (n == 0) {
    __kmp_mv_arm_set(&r, 0, 0.0, 0.0);
    return r;
  }
  // a = part (+) r: mean_a n_a = mean_p n_p + mean_r n_r, and
  // m2_a = m2_p + m2_r + (mean_r - mean_p)^2 n_p n_r / n_a.
  double na = (double)a->n, np = (double)part->n, nr = (double)n;
  double mean = (a->mean * na - part->mean * np) / nr;
  if (mean < 0)
    mean = 0.0;
  double delta = mean - part->mean;
  __kmp_mv_arm_set(&r, n, mean,
                   a->m2 - part->m2 - delta * delta * np * nr / na);
  return r;
}

kmp_mv_arm_t __kmp_mv_arm_cap(const kmp_mv_arm_t *a, uint64_t cap) {
  kmp_mv_arm_t r = *a;
  if (a->n <= cap)
    return r;
  // The same sample variance m2 / (n - 1) with cap executions.
  double m2 = cap > 1 ? a->m2 * (double)(cap - 1) / (double)(a->n - 1) : 0.0;
  __kmp_mv_arm_set(&r, cap, a->mean, m2);
  return r;
}

// The means of log cost and log time of n points and their centred sums of
// squares and products; false when they have fewer than 2 distinct costs.
namespace {
struct kmp_mv_sums_t {
  double mx, my, sxx, sxy, syy;
};
} // namespace
static bool __kmp_mv_centred_sums(const double *cost, const double *time, int n,
                                  kmp_mv_sums_t *s) {
  if (n < 2)
    return false;
  double sx = 0, sy = 0;
  for (int i = 0; i < n; ++i) {
    sx += log(cost[i]);
    sy += log(time[i]);
  }
  s->mx = sx / n;
  s->my = sy / n;
  s->sxx = s->sxy = s->syy = 0;
  for (int i = 0; i < n; ++i) {
    double dx = log(cost[i]) - s->mx, dy = log(time[i]) - s->my;
    s->sxx += dx * dx;
    s->sxy += dx * dy;
    s->syy += dy * dy;
  }
  return s->sxx > 1e-12; // else one distinct cost: no slope
}

bool __kmp_mv_fit_loglog(const double *cost, const double *time, int n,
                         kmp_mv_fit_t *fit) {
  kmp_mv_sums_t s;
  if (!__kmp_mv_centred_sums(cost, time, n, &s))
    return false;
  fit->b = s.sxy / s.sxx;
  fit->a = s.my - fit->b * s.mx;
  double rss = s.syy - fit->b * s.sxy; // the residuals' sum of squares
  if (rss < 0)
    rss = 0; // (rounding)
  double sigma = n > 2 ? sqrt(rss / (n - 2)) : 0.0;
  if (sigma < KMP_MV_PREDICT_MIN_ERROR)
    sigma = KMP_MV_PREDICT_MIN_ERROR;
  // The regression's prediction error at x: sigma sqrt(1 + 1/n + (x -
  // mean x)^2 / Sxx), as sqrt(sigma'^2 + (doubt (x - x0))^2): a line through
  // a few close costs says little far from them (two executions at 12800 and
  // 25600, the first disturbed, predicted a version at 200 to within 56%, 30
  // times its time, and it was never run there).
  fit->sigma = sigma * sqrt(1.0 + 1.0 / n);
  fit->x0 = s.mx;
  fit->doubt = sigma / sqrt(s.sxx);
  if (fit->b < 0.0 && fit->doubt < KMP_MV_PREDICT_SLOPE_DOUBT)
    fit->doubt = KMP_MV_PREDICT_SLOPE_DOUBT; // a falling line (see the header)
  return true;
}

double __kmp_mv_fit_predict(const kmp_mv_fit_t *fit, double cost) {
  return exp(fit->a + fit->b * log(cost));
}

double __kmp_mv_fit_error(const kmp_mv_fit_t *fit, double cost) {
  double d = fit->doubt * (log(cost) - fit->x0);
  return d == 0.0 ? fit->sigma : sqrt(fit->sigma * fit->sigma + d * d);
}

bool __kmp_mv_fit_ratio(const double *cost, const double *ratio,
                        const double *w, int n, double noise,
                        kmp_mv_fit_t *fit) {
  kmp_mv_sums_t s;
  if (n < KMP_MV_RATIO_MIN_POINTS || !__kmp_mv_centred_sums(cost, ratio, n, &s))
    return false;
  fit->b = s.sxy / s.sxx;
  fit->a = s.my - fit->b * s.mx;
  double rss = s.syy - fit->b * s.sxy;
  const double res = rss > 0.0 ? rss / (n - 2) : 0.0; // (n >= 4)
  // The residual variance is the measurements' noise at each point, noise x
  // w[i], plus the ratio's true spread between costs: only the latter stays in
  // a prediction at a new cost (there the reference's own measurement is the
  // best the prediction is compared with).
  double spread = res;
  if (noise >= 0.0) {
    double wm = 0.0;
    for (int i = 0; i < n; ++i)
      wm += w[i];
    spread -= noise * wm / n;
    if (spread < 0.0)
      spread = 0.0;
  }
  fit->sigma = sqrt(spread + res / n);
  if (fit->sigma < KMP_MV_RATIO_MIN_ERROR)
    fit->sigma = KMP_MV_RATIO_MIN_ERROR;
  fit->x0 = s.mx;
  fit->doubt = sqrt(res / s.sxx);
  return true;
}

bool __kmp_mv_fit_cluster_ratio(const double *ratio, const double *w, int n,
                                double noise, double *log_ratio,
                                double *sigma) {
  // Each point's log ratio has variance noise x w[i]: weighted by 1 / w[i].
  double sum = 0.0, weight = 0.0;
  for (int i = 0; i < n; ++i)
    if (ratio[i] > 0.0 && w[i] > 0.0 && isfinite(ratio[i])) {
      sum += log(ratio[i]) / w[i];
      weight += 1.0 / w[i];
    }
  if (!(weight > 0.0))
    return false;
  *log_ratio = sum / weight;
  const double se2 = noise > 0.0 ? noise / weight : 0.0;
  *sigma = sqrt(se2 + KMP_MV_CLUSTER_MIN_ERROR * KMP_MV_CLUSTER_MIN_ERROR);
  return true;
}

void __kmp_mv_noise_add(const kmp_mv_arm_t *a, double *sum, double *weight) {
  const double v = __kmp_mv_relative_variance(a);
  if (v < 0.0)
    return;
  *sum += v * (double)(a->n - 1);
  *weight += (double)(a->n - 1);
}

void __kmp_mv_slope_init(kmp_mv_slope_t *s) { memset(s, 0, sizeof(*s)); }

void __kmp_mv_slope_add(kmp_mv_slope_t *s, const double *cost,
                        const double *time, int n) {
  kmp_mv_sums_t c;
  if (!__kmp_mv_centred_sums(cost, time, n, &c))
    return; // one distinct cost: no slope of its own
  s->sxx += c.sxx;
  s->sxy += c.sxy;
  s->syy += c.syy;
  s->points += n;
  s->versions += 1;
}

bool __kmp_mv_fit_one_point(double cost, double time, const kmp_mv_slope_t *s,
                            kmp_mv_fit_t *fit) {
  if (s->versions == 0 || !(cost > 0.0) || !(time > 0.0))
    return false;
  fit->b = s->sxy / s->sxx;
  fit->a = log(time) - fit->b * log(cost);
  // Residual of the shared fit: one intercept per version and the slope.
  int dof = s->points - s->versions - 1;
  double rss = s->syy - fit->b * s->sxy;
  fit->sigma = dof > 0 && rss > 0.0 ? sqrt(rss / dof) : 0.0;
  if (fit->sigma < KMP_MV_PREDICT_ONE_POINT_ERROR)
    fit->sigma = KMP_MV_PREDICT_ONE_POINT_ERROR;
  fit->x0 = log(cost);
  fit->doubt = KMP_MV_PREDICT_SLOPE_DOUBT;
  return true;
}

int64_t __kmp_mv_cost_bucket(int64_t n, int k) {
  if (n <= 0 || k <= 0)
    return n;
  const double b = floor(log2((double)n) * k);
  if (exp2((b + 1) / k) - exp2(b / k) < 1.0)
    return n; // (no other integer shares the bucket)
  const double r = exp2((b + 0.5) / k);
  return r < 9.0e18 ? (int64_t)llround(r) : n;
}

double __kmp_mv_bucket_divisor(int64_t n, int64_t r, double slope) {
  if (n == r || !(slope > 0.0) || n <= 0 || r <= 0)
    return 1.0;
  if (slope > KMP_MV_BUCKET_MAX_SLOPE)
    slope = KMP_MV_BUCKET_MAX_SLOPE;
  return pow((double)n / (double)r, slope);
}

void __kmp_mv_arm_predict(kmp_mv_arm_t *a, double mean, double sigma) {
  a->n = 0;
  a->started = 0;
  a->mean = mean;
  a->m2 = 0.0;
  a->q = 0.0;
  a->spread = sigma;
  a->origin = KMP_MV_ORIGIN_PREDICTED;
}

bool __kmp_mv_arm_vouchable(const kmp_mv_policy_t *p, const kmp_mv_arm_t *a) {
  // Measured in this run, or in an earlier one (the model store,
  // OMP_SELECT_LOAD): an earlier run that measured a version fewer times than
  // the quota had a prediction or elimination stand for the rest, and one
  // that repeats it would pay that version's remaining repetitions again.
  // Not one predicted, vouched for already, or that robust statistics found
  // changed.
  // (A first execution taken again changes none of that.)
  const uint32_t from = a->origin & ~KMP_MV_ORIGIN_RETAKEN;
  return p->kind == kmp_mv_mean && a->started > 0 &&
         a->started < __kmp_mv_quota(p) &&
         (from == KMP_MV_ORIGIN_RUN || from == KMP_MV_ORIGIN_STORE ||
          from == KMP_MV_ORIGIN_LOAD);
}

void __kmp_mv_arm_vouch(kmp_mv_arm_t *a) { a->origin |= KMP_MV_ORIGIN_VOUCHED; }

// A's first execution was disturbed: it and the second, x, count at x.
static void __kmp_mv_second_replaces_first(kmp_mv_arm_t *a, double x) {
  a->n = 2;
  a->mean = x;
  a->m2 = 0.0;
  a->q = 2.0 * x * x;
}

// The prediction's interval (exp(KMP_MV_PREDICT_Z sigma)) for a re-check, at
// most KMP_MV_ROBUST_FIRST, the ratio at which robust statistics judge a first
// execution disturbed: a version predicted best within a factor 4 at a new
// cost, whose first execution there was disturbed 2.5x (still inside that
// interval, over the other version), lost the multi-size workload a whole
// size.
static inline double __kmp_mv_recheck_interval(double sigma) {
  const double interval = exp(KMP_MV_PREDICT_Z * sigma);
  return interval > KMP_MV_ROBUST_FIRST ? KMP_MV_ROBUST_FIRST : interval;
}

double __kmp_mv_stored_limit(double mu, double sigma) {
  return mu * __kmp_mv_recheck_interval(sigma);
}

bool __kmp_mv_stored_stale(double stored, double best, double mu, double sigma,
                           double *limit) {
  if (!(mu > 0.0) || !(stored > 0.0) || !(best > 0.0))
    return false;
  *limit = __kmp_mv_stored_limit(mu, sigma);
  // (Under the best by a standard error: a line that puts it level with the
  // best is not worth an execution.)
  return stored > *limit && mu * exp(sigma) < best;
}

bool __kmp_mv_recheck(const kmp_mv_key_t *key, kmp_mv_arm_t *a, double x) {
  // (spread holds the prediction's error: only UCB's updates from the second
  // execution on write it.)
  const double interval = __kmp_mv_recheck_interval(a->spread);
  if (a->n == 0) {
    if (!(a->mean > 0.0) || !(x > a->mean * interval))
      return false;
    double other = 0.0; // the lowest mean of the other arms, measured or not
    for (int i = 0; i < key->narms; ++i) {
      const kmp_mv_arm_t *o = &key->arms[i];
      if (o != a && o->mean > 0.0 && (other == 0.0 || o->mean < other))
        other = o->mean;
    }
    a->origin |= other > a->mean && x > other ? KMP_MV_ORIGIN_RECHECK
                                              : KMP_MV_ORIGIN_DOUBTED;
    return false;
  }
  if (!(a->origin & KMP_MV_ORIGIN_RECHECK))
    return false;
  a->origin &= ~KMP_MV_ORIGIN_RECHECK;
  if (!(a->mean > x * interval))
    return false; // the second agrees with the first: both count as measured
  __kmp_mv_second_replaces_first(a, x);
  return true;
}

bool __kmp_mv_recheck_explained(kmp_mv_arm_t *a, double mean, double sigma) {
  if (a->n != 1 || !(a->origin & KMP_MV_ORIGIN_RECHECK) || !(mean > 0.0) ||
      a->mean > mean * __kmp_mv_recheck_interval(sigma))
    return false;
  a->origin &= ~KMP_MV_ORIGIN_RECHECK;
  return true;
}

bool __kmp_mv_first_two(const kmp_mv_policy_t *p, const kmp_mv_key_t *key,
                        kmp_mv_arm_t *a, double x) {
  if ((a->origin & KMP_MV_ORIGIN_MASK) == KMP_MV_ORIGIN_PREDICTED &&
      __kmp_mv_recheck(key, a, x))
    return true;
  if (a->n != 1 || !p->robust || !(a->mean > KMP_MV_ROBUST_FIRST * x))
    return false;
  __kmp_mv_second_replaces_first(a, x);
  return true;
}

const char *__kmp_mv_policy_name(kmp_mv_policy_kind_t kind) {
  switch (kind) {
  case kmp_mv_mean:
    return "mean";
  case kmp_mv_ucb:
    return "ucb";
  case kmp_mv_gb:
    return "gb";
  case kmp_mv_fixed:
    return "fixed";
  case kmp_mv_random:
    return "random";
  case kmp_mv_ts:
    return "ts";
  case kmp_mv_npolicies:
    break;
  }
  return "mean";
}

// Splits a CSV line in place: fields[i] points at the i-th field, unquoted
// ("" inside quotes is one "). Returns the number of fields, -1 when a
// quoted field is not closed, -2 when text follows its closing quote.
static int __kmp_mv_csv_split(char *line, char **fields, int max) {
  int n = 0;
  char *p = line;
  for (;;) {
    char *out = p, *field = p;
    if (*p == '"') {
      ++p;
      for (;;) {
        if (*p == '\0')
          return -1;
        if (*p == '"' && p[1] == '"') {
          *out++ = '"';
          p += 2;
        } else if (*p == '"') {
          ++p;
          break;
        } else {
          *out++ = *p++;
        }
      }
      if (*p != ',' && *p != '\0' && *p != '\n' && *p != '\r')
        return -2;
    } else {
      while (*p != ',' && *p != '\0' && *p != '\n' && *p != '\r')
        *out++ = *p++;
    }
    char end = *p;
    *out = '\0';
    if (n < max)
      fields[n] = field;
    ++n;
    if (end != ',')
      return n;
    ++p;
  }
}

// An integer of 64 bits; false for anything else, out-of-range values
// included (strtoll would clamp them silently).
static bool __kmp_mv_parse_int(const char *s, int64_t *out) {
  char *end;
  if (*s == '\0')
    return false;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  *out = v;
  return *end == '\0' && errno != ERANGE;
}

// A finite double; false for overflow to infinity too.
static bool __kmp_mv_parse_double(const char *s, double *out) {
  char *end;
  if (*s == '\0')
    return false;
  *out = strtod(s, &end);
  return *end == '\0' && isfinite(*out);
}

const char *__kmp_mv_parse_stats_row(char *line, kmp_mv_stats_row_t *row) {
  char *f[16];
  int n = __kmp_mv_csv_split(line, f, 16);
  if (n == -1)
    return "a quoted field is not closed";
  if (n == -2)
    return "text after a closing quote";
  if (n != 12 && n != 13 && n != 15 && n != 16)
    return "expected 15 comma-separated fields (16 in a model store, 12 or 13 "
           "from earlier releases)";
  int64_t type, version, cost, locality, count;
  double mean, stddev;
  if (!__kmp_mv_parse_int(f[0], &type) || type < INT32_MIN || type > INT32_MAX)
    return "type is not an integer of 32 bits";
  if (!__kmp_mv_parse_int(f[1], &version) || version < 0 || version > INT32_MAX)
    return "version is not an integer from 0 to 2^31-1";
  if (!__kmp_mv_parse_int(f[4], &cost))
    return "cost is not an integer of 64 bits";
  if (!__kmp_mv_parse_int(f[5], &locality) || locality < -1 || locality > 3)
    return "locality is not -1, 0, 1, 2 or 3";
  if (!__kmp_mv_parse_int(f[6], &count) || count < 0)
    return "count is not an integer from 0 to 2^63-1";
  if (!__kmp_mv_parse_double(f[7], &mean) || mean < 0)
    return "mean_ns is not a number >= 0";
  if (!__kmp_mv_parse_double(f[8], &stddev) || stddev < 0)
    return "stddev_ns is not a number >= 0";
  // Not read back (count, mean and spread give them), but a row whose sums
  // do not parse is damaged, and what else in it is cannot be told.
  double sum_squares, total;
  if (!__kmp_mv_parse_double(f[9], &sum_squares) || sum_squares < 0)
    return "sum_squares_ns2 is not a number >= 0";
  if (!__kmp_mv_parse_double(f[10], &total) || total < 0)
    return "total_ns is not a number >= 0";
  int64_t loaded = 0, age = 0;
  if (n >= 15 &&
      (!__kmp_mv_parse_int(f[13], &loaded) || loaded < 0 || loaded > count))
    return "loaded is not an integer from 0 to count";
  if (n == 16 &&
      (!__kmp_mv_parse_int(f[15], &age) || age < 0 || age > UINT32_MAX))
    return "age is not an integer from 0 to 2^32-1";
  row->type = (int)type;
  row->version = (int)version;
  row->name = f[2];
  row->location = f[3];
  row->age = (uint32_t)age;
  row->cost = cost;
  row->locality = (int)locality;
  row->count = (uint64_t)count;
  row->mean = mean;
  row->stddev = stddev;
  row->cluster = n >= 13 ? f[12] : "";
  row->doubted = n == 16 && strcmp(f[14], "doubted") == 0;
  return NULL;
}

void __kmp_mv_arm_from_row(kmp_mv_arm_t *arm, const kmp_mv_stats_row_t *row) {
  double n = (double)row->count;
  arm->started = row->count;
  arm->n = row->count;
  arm->mean = row->count ? row->mean : 0.0;
  arm->m2 = row->count > 1 ? row->stddev * row->stddev * (n - 1) : 0.0;
  arm->q = arm->m2 + n * arm->mean * arm->mean;
  arm->h = 0.0;
  arm->spread = row->count > 1 ? __kmp_mv_ucb_spread_of(arm) : 0.0;
  arm->outliers = 0;
  arm->origin = KMP_MV_ORIGIN_RUN;
}

void __kmp_mv_adopt(const kmp_mv_policy_t *policy, kmp_mv_key_t *key) {
  for (int i = 0; i < key->narms; ++i) {
    kmp_mv_arm_t *a = &key->arms[i];
    if (a->started < a->n)
      a->started = a->n;
    if (policy->kind == kmp_mv_ucb && a->n >= 2)
      a->spread = __kmp_mv_ucb_spread_of(a);
  }
}

/* ------------------------------------------------------------------------ */
/* Disturbed runs (OMP_SELECT_STORE_DISTURBED)                              */

// An unsigned decimal at *p, skipping blanks before it; false if none.
static bool __kmp_mv_scan_u64(const char **p, uint64_t *out) {
  const char *s = *p;
  while (*s == ' ' || *s == '\t')
    ++s;
  if (*s < '0' || *s > '9')
    return false;
  uint64_t v = 0;
  for (; *s >= '0' && *s <= '9'; ++s)
    v = v * 10 + (uint64_t)(*s - '0');
  *out = v;
  *p = s;
  return true;
}

bool __kmp_mv_parse_cpu_ticks(const char *text, const uint64_t *mask,
                              int nwords, uint64_t *busy, uint64_t *total,
                              int *cpus) {
  for (const char *line = text; line && *line;) {
    const char *next = strchr(line, '\n');
    if (strncmp(line, "cpu", 3) == 0 && line[3] >= '0' && line[3] <= '9') {
      const char *p = line + 3;
      uint64_t cpu = 0, f[8] = {0};
      if (!__kmp_mv_scan_u64(&p, &cpu))
        return false;
      // user nice system idle iowait irq softirq steal (older kernels stop
      // after irq and softirq, or after idle: the missing ones count 0).
      int got = 0;
      while (got < 8 && __kmp_mv_scan_u64(&p, &f[got]))
        ++got;
      if (got < 4)
        return false;
      if (cpu < (uint64_t)nwords * 64 && (mask[cpu / 64] >> (cpu % 64)) & 1) {
        uint64_t b = f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
        *busy += b;
        *total += b + f[3] + f[4];
        ++*cpus;
      }
    }
    line = next ? next + 1 : NULL;
  }
  return true;
}

bool __kmp_mv_parse_schedstat(const char *text, uint64_t *exec_ns,
                              uint64_t *wait_ns) {
  uint64_t e, w;
  const char *p = text;
  if (!__kmp_mv_scan_u64(&p, &e) || !__kmp_mv_scan_u64(&p, &w))
    return false;
  *exec_ns += e;
  *wait_ns += w;
  return true;
}

kmp_mv_disturbance_t __kmp_mv_disturbance(const kmp_mv_load_sample_t *start,
                                          const kmp_mv_load_sample_t *end,
                                          long ticks_per_s) {
  kmp_mv_disturbance_t d = {false, 0.0, 0.0};
  const unsigned all = KMP_MV_LOAD_CPUS | KMP_MV_LOAD_SCHED;
  if ((start->known & all) != all || (end->known & all) != all ||
      ticks_per_s <= 0 || end->total_ticks < start->total_ticks ||
      end->busy_ticks < start->busy_ticks || end->own_ns < start->own_ns)
    return d;
  const double tick_ns = 1e9 / (double)ticks_per_s;
  const double total =
      (double)(end->total_ticks - start->total_ticks) * tick_ns;
  const double busy = (double)(end->busy_ticks - start->busy_ticks) * tick_ns;
  const double own = (double)(end->own_ns - start->own_ns);
  // (The threads' sums may shrink: a thread that ended took its time along.)
  const double exec = end->exec_ns > start->exec_ns
                          ? (double)(end->exec_ns - start->exec_ns)
                          : 0;
  const double wait = end->wait_ns > start->wait_ns
                          ? (double)(end->wait_ns - start->wait_ns)
                          : 0;
  if (total < KMP_MV_LOAD_MIN_CPU_S * 1e9 || exec + wait <= 0.0)
    return d;
  d.judged = true;
  d.waited = wait / (exec + wait);
  d.others = busy > own ? (busy - own) / total : 0.0;
  if (d.others > 1.0)
    d.others = 1.0;
  return d;
}

bool __kmp_mv_disturbed(const kmp_mv_disturbance_t *d, int percent) {
  if (percent <= 0 || !d->judged)
    return false;
  const double bound = percent / 100.0;
  return d->waited > bound && d->others > bound;
}

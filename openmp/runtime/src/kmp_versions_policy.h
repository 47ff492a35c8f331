/*
 * kmp_versions_policy.h -- MVOMP's version selection policies (thesis 000,
 * section 3.2), as a small library with no libomp dependency: libomp compiles
 * it in, and the GoogleTest unit tests and benchmarks/bandit-sim link it alone.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_VERSIONS_POLICY_H
#define KMP_VERSIONS_POLICY_H

#include <math.h>
#include <stdint.h>

// Statistics of one version (arm) under one key (task type, cost, locality).
// Times are in nanoseconds.
struct kmp_mv_arm_t {
  uint64_t started; // executions chosen so far (some may still be running)
  uint64_t n;       // executions completed
  double mean;      // Welford running mean of the execution time
  double m2;        // Welford corrected sum of squares: sum (x_i - mean)^2
  double q;         // plain sum of squares: sum x_i^2 (reported in stats.csv)
  double h;         // Gradient Bandit preference H
  // UCB's sqrt(s^2 / n), s^2 the sample variance, kept by the updates made
  // under ucb (and by __kmp_mv_adopt) so that its choice costs a multiply per
  // version, not a square root and a division.
  double spread;
  // Robust statistics (kmp_mv_policy_t::robust): executions in a row that
  // took more than KMP_MV_ROBUST_RATIO times the mean.
  uint32_t outliers;
  // Where the statistics come from (stats.csv's origin column): a
  // KMP_MV_ORIGIN_* value, plus KMP_MV_ORIGIN_CHANGED once robust statistics
  // restarted the arm (what was loaded no longer holds). Also pads the arm to
  // 64 bytes: libomp gives each arm a cache line of its own, so that a thread
  // updating one arm does not take another's line from a thread reading it.
  uint32_t origin;
};

// kmp_mv_arm_t::origin.
#define KMP_MV_ORIGIN_RUN 0u       // measured in this run only
#define KMP_MV_ORIGIN_STORE 1u     // started from the model store
#define KMP_MV_ORIGIN_LOAD 2u      // started from OMP_SELECT_LOAD's file
#define KMP_MV_ORIGIN_PREDICTED 3u // started from a prediction
#define KMP_MV_ORIGIN_MASK 3u
#define KMP_MV_ORIGIN_CHANGED 4u // robust statistics restarted it since
// A version that ran at this cost before any prediction existed, predicted
// since from other costs: under Mean, as for one that started from a
// prediction, the prediction stands for its remaining repetitions
// (__kmp_mv_arm_vouch).
#define KMP_MV_ORIGIN_VOUCHED 8u
// A version that started from a prediction and whose first execution here was
// slower than the prediction's interval: a second execution decides which of
// the two was wrong (__kmp_mv_recheck).
#define KMP_MV_ORIGIN_RECHECK 16u
// A version that started from a prediction and whose first execution here was
// slower than the prediction's interval while another version was the best:
// nothing to re-check (the policy does not choose it), but that one execution
// may be disturbed, and until a second it is no point of other costs'
// predictions, as one awaiting its re-check (a first execution of single-call
// BLIS at PRISE's smallest size, 5.5x its time, pulled its line down and ran
// it at two large sizes, 2x the best there).
#define KMP_MV_ORIGIN_DOUBTED 32u
// Set only for the duration of one choice (under the key's lock), on a version
// neither run nor predicted at a key while another ERASE cluster's key of the
// same cost has a first execution in flight: the choice explores it no sooner
// than that measurement arrives to predict it (__kmp_mv_await_clusters).
#define KMP_MV_ORIGIN_AWAITED 64u
// With KMP_MV_ORIGIN_PREDICTED: the prediction is another cluster's
// (OMP_SELECT_CLUSTER_RATIO; KMP_MV_CLUSTER_INSURANCE).
#define KMP_MV_ORIGIN_ACROSS 128u
// A version whose one execution at a key Mean's look at a lone execution ran
// again (__kmp_mv_lone_look, kmp_versions_internal.h): once per key.
#define KMP_MV_ORIGIN_LONE 256u
// A version whose first execution at a key was left out as disturbed
// (__kmp_mv_retake, kmp_versions_internal.h): once per key.
#define KMP_MV_ORIGIN_RETAKEN 512u
// Whether an execution was disturbed (OMP_SELECT_RETAKE): it took wall_ns, of
// which its thread spent cpu_ns on a CPU (read around it, so a little more
// than wall_ns when it never left it), and over the execution the thread
// switched voluntary and involuntary times and waited for major_faults pages
// from disk. Disturbed: off its CPU more than percent of its time (0: never),
// and not only waiting by its own choice (a sleep, a lock, a device, I/O: its
// switches all voluntary), but preempted (an involuntary switch), waiting for
// pages from disk, or off its CPU with no switch at all (the hypervisor ran
// another machine's vCPU).
bool __kmp_mv_execution_disturbed(double wall_ns, double cpu_ns, long voluntary,
                                  long involuntary, long major_faults,
                                  int percent);

// Whether a's one execution contradicted its prediction (KMP_MV_ORIGIN_RECHECK,
// KMP_MV_ORIGIN_DOUBTED).
static inline bool __kmp_mv_contradicted(const kmp_mv_arm_t *a) {
  return (a->origin & KMP_MV_ORIGIN_RECHECK) ||
         ((a->origin & KMP_MV_ORIGIN_DOUBTED) && a->n == 1);
}
// "run", "store", "load", "predicted" (stats.csv), or NULL for another value.
const char *__kmp_mv_origin_name(uint32_t origin);

// Statistics of one key: every version of a task type for one cost and
// locality. The policy functions below never allocate; the caller owns arms.
struct kmp_mv_key_t {
  uint64_t t;   // executions completed over all versions ("t counted per key")
  double sum;   // sum of the times of all executions, for GB's average reward
  int narms;    // number of entries in arms
  kmp_mv_arm_t *arms;
};

enum kmp_mv_policy_kind_t {
  kmp_mv_mean = 0,   // explore-then-commit (thesis 3.2.2)
  kmp_mv_ucb = 1,    // UCB1-Normal lower confidence bound (thesis 3.2.3)
  kmp_mv_gb = 2,     // gradient bandit (thesis 3.2.4)
  kmp_mv_fixed = 3,  // always one version (baseline for "best single version")
  kmp_mv_random = 4, // uniformly random
  kmp_mv_ts = 5,     // Gaussian Thompson sampling
  kmp_mv_npolicies = 6
};

struct kmp_mv_policy_t {
  kmp_mv_policy_kind_t kind;
  int mean_reps;   // OMP_MEAN_REPS: samples of each version before committing
  double ucb_k;    // OMP_UCB: degree of optimism k
  double gb_alpha; // OMP_GB_ALPHA: step size alpha
  int fixed_arm;   // kmp_mv_fixed: the arm to use (resolved by the caller)
  // MVOMP's improvements on the thesis' policies, 0 for the thesis' exact
  // formulas (the Table 3.1-3.3 tests and bandit-sim use them so):
  int robust;      // OMP_SELECT_ROBUST: clamp outliers, restart on a change
  int gb_relative; // OMP_GB_REWARD=relative: GB's reward relative to the mean
  int eliminate;   // OMP_SELECT_ELIMINATE: hopeless versions stop exploring,
                   // and a version is probed by one execution at a time
  // Processes that share their statistics (kmp_mvomp_share_ranks, e.g. MPI
  // ranks through libmvomp-mpi): this one is explore_rank of explore_ranks,
  // and explores the candidates in turns (the least started first) from
  // explore_rank * ncand / explore_ranks on (wrapping around), so that the
  // processes first run different versions. 0 or 1 ranks: the thesis' order
  // (each version its quota, one after the other).
  int explore_rank;
  int explore_ranks;
  // OMP_SELECT_PATIENCE: a long shot waits until its expected improvement
  // pays for its expected cost (below); 0 (off) in a zero-initialised policy.
  int patience;
  // Set for a choice made by an execution of a version of the same type (a
  // recursion: that execution is in flight at the key until its children
  // are done, so one probe at a time would keep its version out of the
  // whole recursion): the quotas count started executions, as before. 0 in
  // __kmp_mv_policy (initialised by position: keep this field last).
  int within_type;
};

// Default parameters (thesis 000 and the MVOMP issue tracker).
#define KMP_MV_DEFAULT_MEAN_REPS 5
#define KMP_MV_DEFAULT_UCB_K 16.0
#define KMP_MV_DEFAULT_GB_ALPHA 0.2

// Robust statistics (docs/runtime.md): once an arm has KMP_MV_ROBUST_MIN
// executions, one taking more than KMP_MV_ROBUST_RATIO times its mean is an
// outlier, counted at a value that moves the mean by at most
// KMP_MV_ROBUST_SHIFT of itself, and at most at that ratio (a preemption or
// page-fault storm cannot overturn what was learned, even from a few
// executions: one of five, counted at 4x, raised a mean by 60%);
// KMP_MV_ROBUST_CONFIRM such executions in a row are a change, not noise:
// the arm's mean restarts at the last one's time, so that a version that
// became slower is left after KMP_MV_ROBUST_CONFIRM of its executions.
// The first execution has no mean to be judged by: at the second, a first
// over KMP_MV_ROBUST_FIRST times the second was disturbed (interference and
// cold starts only lengthen executions) and counts at the second's time (the
// process's first execution, cold, 2.7x, made UCB's bound of that version
// the lowest for 490 launches of a size where it was 1.7x slower).
#define KMP_MV_ROBUST_RATIO 4.0
#define KMP_MV_ROBUST_SHIFT 0.1
#define KMP_MV_ROBUST_MIN 1
#define KMP_MV_ROBUST_EARLY 3
#define KMP_MV_ROBUST_CONFIRM 3
#define KMP_MV_ROBUST_FIRST 2.0

// Elimination (docs/runtime.md): while a policy explores (Mean's repetitions,
// UCB's and TS's two executions), a version that has run and whose mean is
// over KMP_MV_ELIM_RATIO times the lowest mean of the versions that have run
// is not run again for the rest of its quota: one execution of a version 15x
// slower tells enough. The ratio is the robust clamp's, so that one disturbed
// execution cannot eliminate a version that is not at least that slow.
#define KMP_MV_ELIM_RATIO KMP_MV_ROBUST_RATIO

// Prediction across costs (docs/runtime.md): at a cost never seen, a version
// starts from a prediction made from the costs where it ran, a least-squares
// fit of log time on log cost (StarPU's non-linear regression model). Its
// error sigma is the fit's residual standard deviation in log space, at least
// KMP_MV_PREDICT_MIN_ERROR (log 1.25; two costs give no residual). Elimination
// then also drops a version whose optimistic prediction, mean x
// exp(-KMP_MV_PREDICT_Z sigma), is over the best at that cost: the lowest
// mean measured there, or the lowest pessimistic prediction, mean x
// exp(KMP_MV_PREDICT_Z sigma), of a version not yet run there (the two
// intervals do not overlap). A measurement there that contradicts the
// prediction (the best runs slower than predicted) brings the version back.
#define KMP_MV_PREDICT_MIN_ERROR 0.22314355131420976
#define KMP_MV_PREDICT_Z 2.0

// Patience with long shots (OMP_SELECT_PATIENCE, docs/runtime.md): a version
// not yet run at a cost whose prediction is slower than the best there (its
// central prediction mu over the best b, its interval still reaching b) is a
// long shot. The rule above runs it once, at a price of about mu - b, however
// little chance it has of being faster. With patience it waits until the
// key's executions so far, t, times its expected improvement E[max(b - X, 0)]
// (X log-normal about mu with the prediction's error sigma) reach mu - b: if
// the cost recurs as often again as it did, exploring it is then expected to
// pay for itself. A near tie (small mu - b, improvement likely) runs at once;
// a version predicted 1.8x the best with an error of 30% waits about 311
// executions (PRISE's single-call dgemm at the large sizes, where the split
// ones are measured, docs/benchmarks.md). Only for a prediction whose error
// is at most KMP_MV_PATIENCE_MAX_ERROR (within a factor e at one standard
// error): a wider one says too little of the cost it predicts (a version
// measured at one cost and predicted far from it with its siblings' slope,
// such as a GPU version measured at one small size, waited 40-90 launches at
// each large size of the multi-size workload), and runs as before. Not for
// processes that share their statistics (a key explored there does not
// explore again: waiting would be elimination).
#define KMP_MV_PATIENCE_MAX_ERROR 1.0
double __kmp_mv_expected_improvement(double mu, double sigma, double best);

struct kmp_mv_fit_t {
  double a, b;  // log time = a + b log cost
  double sigma; // error of log time at x0
  // The error grows away from log cost x0 by doubt per unit of log cost: for
  // a fit of the version's own points, the regression's prediction error
  // (x0 the points' mean log cost); for a fit through one point with a
  // borrowed slope (__kmp_mv_fit_one_point), the doubt on the slope.
  double x0, doubt;
};
// Fits the n points (cost[i] > 0, time[i] > 0); false when they have fewer
// than 2 distinct costs. A falling line (time shrinking as the cost grows,
// slope under 0) is as doubtful away from its points as a borrowed slope
// (KMP_MV_PREDICT_SLOPE_DOUBT): a cost measures work, and such a line is
// far more often one disturbed point among few (the process's first
// execution, 10x its time, gave a version of the multi-size workload a
// falling line that kept it out of the five sizes where it was best).
bool __kmp_mv_fit_loglog(const double *cost, const double *time, int n,
                         kmp_mv_fit_t *fit);
// The fit's time at cost (> 0).
double __kmp_mv_fit_predict(const kmp_mv_fit_t *fit, double cost);
// The prediction's error at cost (> 0), in log time: sigma, widened for a
// borrowed slope by doubt x |log cost - x0|.
double __kmp_mv_fit_error(const kmp_mv_fit_t *fit, double cost);
// The slope the versions of a type share: a fit of log time on log cost with
// one intercept per version and one slope (each version's points centred on
// their own means), over the versions seen at 2 costs or more.
struct kmp_mv_slope_t {
  double sxx, sxy, syy; // centred sums over the versions added
  int points, versions; // points and versions that contributed
};
void __kmp_mv_slope_init(kmp_mv_slope_t *s);
// Adds one version's n points (cost[i] > 0, time[i] > 0); fewer than 2
// distinct costs add nothing.
void __kmp_mv_slope_add(kmp_mv_slope_t *s, const double *cost,
                        const double *time, int n);
// A version measured at one cost only (cost, time): the line through that
// point with the shared slope; its error is the shared fit's residual, at
// least KMP_MV_PREDICT_ONE_POINT_ERROR, and grows away from the point by
// KMP_MV_PREDICT_SLOPE_DOUBT per unit of log cost (one point says nothing of
// how far this version's own slope is from its siblings': a GPU version's
// time grows far slower than a CPU version's, so near costs share, distant
// ones do not). False when no version has 2 costs.
bool __kmp_mv_fit_one_point(double cost, double time, const kmp_mv_slope_t *s,
                            kmp_mv_fit_t *fit);
#define KMP_MV_PREDICT_ONE_POINT_ERROR (2 * KMP_MV_PREDICT_MIN_ERROR)
#define KMP_MV_PREDICT_SLOPE_DOUBT 1.0

// Buckets of costs (OMP_SELECT_COST_BUCKETS=<k>, docs/runtime.md): a cost
// n > 0 given by task_cost joins bucket floor(k log2 n), whose key has the
// cost round(2^((b + 1/2) / k)), the bucket's geometric middle; where a bucket
// is narrower than 1 (n < about 1.44 k) each cost stays its own. n <= 0 and
// k <= 0 (off) return n.
int64_t __kmp_mv_cost_bucket(int64_t n, int k);
// The factor a time measured at cost n is divided by to stand for its bucket's
// cost r: (n / r)^slope, slope being the type's shared slope (time grows as
// cost^slope near the bucket), clamped to [0, KMP_MV_BUCKET_MAX_SLOPE].
double __kmp_mv_bucket_divisor(int64_t n, int64_t r, double slope);
#define KMP_MV_BUCKET_MAX_SLOPE 4.0
#define KMP_MV_BUCKETS_MAX 64
// OMP_SELECT_COST_BUCKETS=auto (the default): a type's sizes keep a key each
// until it has KMP_MV_BUCKETS_AUTO_FROM keys (where a key per size starts to
// cost each launch microseconds, docs/performance.md), then join buckets of
// KMP_MV_BUCKETS_AUTO per doubling.
#define KMP_MV_BUCKETS_AUTO 8
#define KMP_MV_BUCKETS_AUTO_FROM 512

// Prediction by ratio (OMP_SELECT_RATIO, docs/runtime.md): two versions'
// curves, each fitted on its own, can be a few percent off in opposite
// directions at a cost, and versions a few percent apart are then predicted in
// the wrong order; their ratio, pooled over the costs where both ran, is known
// far better (PRISE's two split dgemm versions: BLIS 5% slower than OpenBLAS,
// within 2% from 60 sizes, where each curve's error is at least 25%). So a
// version not yet run at a cost where another ran is also predicted as the
// other's mean there times their ratio: a least-squares line of log(ratio) on
// log cost through the points (cost[i], ratio[i]) (ratio[i] > 0) of the costs
// where both ran, w[i] = 1/n_v + 1/n_r their executions there. Its error at
// x0 (the points' mean log cost) is the line's standard error plus the spread
// of the ratio between costs that the measurements' own noise (noise: the
// variance of log time of one execution, from the versions' repeated
// executions; negative when unknown, then the whole residual counts as
// spread) cannot explain, at least KMP_MV_RATIO_MIN_ERROR; it grows away from
// x0 as the regression's does. False with fewer than KMP_MV_RATIO_MIN_POINTS
// costs (or fewer than 2 distinct ones). The prediction with the smaller error
// of the two (curve or ratio) is kept.
bool __kmp_mv_fit_ratio(const double *cost, const double *ratio,
                        const double *w, int n, double noise,
                        kmp_mv_fit_t *fit);
#define KMP_MV_RATIO_MIN_POINTS 4
#define KMP_MV_RATIO_MIN_ERROR 0.04879016416943205 // log 1.05

// Prediction across clusters (OMP_SELECT_CLUSTER_RATIO, docs/runtime.md): with
// ERASE's clusters in the keys, each cluster's key of a cost explores the
// versions on its own, and a version a cluster found hopeless (a plain-loop
// kernel 60x the library's time) was run again on every other cluster, there
// at that cluster's speed (the Cholesky on the emulated big.LITTLE: 1.2x
// stock's time, docs/erase.md). So a version not yet run at a key is also
// predicted as the mean of the version measured best there times their ratio
// at the same cost on the other clusters: the weighted mean of the points'
// log ratios (ratio[i] > 0, w[i] = 1/n_v + 1/n_r their executions there,
// noise the variance of log time of one execution, negative when unknown).
// The error is that mean's standard error and KMP_MV_CLUSTER_MIN_ERROR
// (log 3) in quadrature: versions may rank otherwise on other cores (the
// reason for choosing them per cluster), so another cluster's ratio alone
// takes out only a version predicted over exp(2 x log 3) = 9x the best; a
// nearer one still explores, with one execution under Mean, which confirms or
// contradicts the prediction. False without points. The prediction with the
// smallest error of the three (curve, ratio over costs, across clusters) is
// kept.
bool __kmp_mv_fit_cluster_ratio(const double *ratio, const double *w, int n,
                                double noise, double *log_ratio,
                                double *sigma);
#define KMP_MV_CLUSTER_MIN_ERROR 1.0986122886681098 // log 3
// A version that another cluster's measurements alone took out of a key
// (KMP_MV_ORIGIN_ACROSS) is tried there once after all when the key has spent
// KMP_MV_CLUSTER_INSURANCE times its predicted time: if it was written for
// this kind of core and is the best here, while the versions checked agree
// (the agreement check sees only the versions that ran), the run or the
// runs after it find out, at a cost of at most 1% of the key's time.
#define KMP_MV_CLUSTER_INSURANCE 100.0
// The variance of log time of one execution of a (its relative variance) and
// its weight n - 1, added to *sum and *weight when a has 2 executions or more.
void __kmp_mv_noise_add(const kmp_mv_arm_t *a, double *sum, double *weight);
// Makes a (no execution yet) start from a prediction of mean ns with error
// sigma: n stays 0 (the policies' choices ignore it), origin becomes
// KMP_MV_ORIGIN_PREDICTED, and its first execution replaces the mean. The
// error is kept in spread, which no policy reads below 2 executions.
void __kmp_mv_arm_predict(kmp_mv_arm_t *a, double mean, double sigma);
// Whether a is a version that started at its cost from no prediction (in
// this run, or in an earlier one whose statistics were loaded) and is still
// short of the policy's quota: a prediction made now from other costs would
// stand for the rest of its repetitions (the first keys of a type, created
// before any other cost had run, otherwise repeat every version the thesis'
// quota times, and a second run every version its first measured less).
bool __kmp_mv_arm_vouchable(const kmp_mv_policy_t *p, const kmp_mv_arm_t *a);
// Marks a (vouchable) as predicted from other costs: under Mean it needs no
// more executions to be explored; its statistics and origin stay its own.
void __kmp_mv_arm_vouch(kmp_mv_arm_t *a);

// Random generator state (xoshiro256**), one per thread.
struct kmp_mv_rng_t {
  uint64_t s[4];
};
void __kmp_mv_rng_seed(kmp_mv_rng_t *rng, uint64_t seed);
uint64_t __kmp_mv_rng_next(kmp_mv_rng_t *rng);
double __kmp_mv_rng_uniform(kmp_mv_rng_t *rng);  // in [0, 1)
double __kmp_mv_rng_gaussian(kmp_mv_rng_t *rng); // N(0, 1)

// Chooses the arm to run among cand[0..ncand-1] (indices into key->arms,
// ncand >= 1), counts it as started, and returns its position i in cand (the
// arm is cand[i]). Deterministic for mean, ucb and fixed; gb, random and ts
// draw from rng.
int __kmp_mv_select(const kmp_mv_policy_t *policy, kmp_mv_key_t *key,
                    const int *cand, int ncand, kmp_mv_rng_t *rng);

// Takes back the start __kmp_mv_select counted for arm (an execution that will
// never be recorded: a taskloop whose grain was chosen and whose loop could
// not be timed, kmp_grain.cpp), so that neither its quota nor the probe rule
// waits for a time that will not come. Counts no lower than the arm's
// completed executions.
static inline void __kmp_mv_unstart(kmp_mv_key_t *key, int arm) {
  kmp_mv_arm_t *a = &key->arms[arm];
  if (a->started > a->n)
    a->started--;
}

// The choice of __kmp_mv_select, without counting it as started: reads key
// only. Once __kmp_mv_explored(policy, key) holds, the policies' choices no
// longer depend on the started counts, and libomp chooses with this, without
// the key's lock.
int __kmp_mv_choose(const kmp_mv_policy_t *policy, const kmp_mv_key_t *key,
                    const int *cand, int ncand, kmp_mv_rng_t *rng);

// The completed executions of every version a policy needs before it stops
// exploring by started counts: mean OMP_MEAN_REPS, ucb and ts 2, gb and
// random 0; fixed as mean (a launch without the fixed version uses mean).
// Inline: libomp asks it on every dispatch.
static inline uint64_t __kmp_mv_quota(const kmp_mv_policy_t *policy) {
  switch (policy->kind) {
  case kmp_mv_ucb:
  case kmp_mv_ts:
    return 2;
  case kmp_mv_gb:
  case kmp_mv_random:
    return 0;
  default: // mean, fixed
    return (uint64_t)policy->mean_reps;
  }
}

// Whether a policy's choices follow the statistics under MVOMP's robust rules
// (robust statistics on, a policy other than fixed and random): the rules that
// re-run a version because one of its executions may mislead (a lone
// execution's second chance, a disturbed first execution taken again) apply
// only then.
static inline bool __kmp_mv_learns_robustly(const kmp_mv_policy_t *policy) {
  return policy->robust && policy->kind != kmp_mv_fixed &&
         policy->kind != kmp_mv_random;
}

// After statistics from other processes were merged into arm a (a->n counts
// every process's executions, `running` are this process's executions of it
// still running): its started count, which holds this process's part of the
// exploration still due. With p->explore_ranks > 1 processes sharing, each
// explores about 1/explore_ranks of what a's quota still lacks: the others'
// parts are counted as started, so that processes that all see one version
// short of its quota do not all run it (each then learns what the others ran
// at the next exchange, and the parts are counted again from it).
uint64_t __kmp_mv_shared_started(const kmp_mv_policy_t *p,
                                 const kmp_mv_arm_t *a, uint64_t running);

// Whether every arm of key has completed __kmp_mv_quota(policy) executions.
// With elimination, an eliminated arm counts as explored; under Mean, an arm
// that started from a prediction needs 1 execution.
bool __kmp_mv_explored(const kmp_mv_policy_t *policy, const kmp_mv_key_t *key);
// Whether an explored key has a version never run there (neither completed
// nor started) that elimination no longer takes out, its prediction having
// changed: the key is worth exploring again. False without elimination, and
// for processes sharing their statistics (their started counts hold the other
// processes' parts of the exploration: such a version may never be chosen
// here, and the key would stay unexplored).
bool __kmp_mv_unmeasured_worth_trying(const kmp_mv_policy_t *policy,
                                      const kmp_mv_key_t *key);

// The executions that exploring candidates cand[0..ncand-1] of key still
// needs and that no choice has started: per arm, its quota less its started
// count (none for an arm elimination took out, nor, until its time arrives,
// for one being probed: one probe at a time). ERASE's joint choice of
// version and cluster sends that many tasks to a cluster whose statistics are
// exploring (docs/erase.md).
uint64_t __kmp_mv_to_explore(const kmp_mv_policy_t *policy,
                             const kmp_mv_key_t *key, const int *cand,
                             int ncand);

// GB's preference update (equations 3.1 and 3.2) for an execution of arm
// taking x nanoseconds, once __kmp_mv_update has counted it.
void __kmp_mv_update_gb(const kmp_mv_policy_t *policy, kmp_mv_key_t *key,
                        int arm, double x);

// UCB's sqrt(s^2 / n) of an arm with at least 2 executions, computed:
// (q - n * mean^2) / (n - 1) of the thesis is the sample variance s^2, and
// Welford's m2 gives it without the cancellation of the plain sum of squares.
static inline double __kmp_mv_ucb_spread_of(const kmp_mv_arm_t *a) {
  return sqrt(a->m2 / ((double)(a->n - 1) * (double)a->n));
}

// Robust statistics: an outlier of arm a (x > ratio x mean), clamped (returns
// 0), or the confirmation of a change, counted, after which a's mean is x and
// its spread 0 (returns 1).
int __kmp_mv_robust_outlier(kmp_mv_arm_t *a, double *x);
// What was learned of arm a no longer holds (robust statistics confirmed a
// change, or the model store's statistics were found stale): it restarts at
// execution x, counted, and is marked KMP_MV_ORIGIN_CHANGED. The caller adds x
// to the key's totals.
void __kmp_mv_arm_restart(kmp_mv_arm_t *a, double x);

// Mean's second look (robust statistics, docs/runtime.md): Mean commits to
// the lowest mean and the thesis never runs another version again, so one
// execution of the fastest version disturbed by less than the outlier ratio
// (2.9x of 4 while exploring) could make a version 20% slower the choice for
// good. Once committed to best, the arm to run once more, or -1: among the
// versions that ran at least once, fewer than twice as often as best (which
// bounds the looks at one version), and whose mean is under
// KMP_MV_LOOK_RATIO times best's, the one whose lead by best is the least
// significant, if that lead is under KMP_MV_LOOK_Z standard errors of the
// difference of the two means (each arm's variance is its own, or with one
// execution best's relative variance; none while best has one execution).
// A runner-up whose executions agree with each other is never looked at
// again; one whose mean a disturbed execution lifted is run until its mean
// comes down below best's (it was faster) or the lead becomes significant.
#define KMP_MV_LOOK_Z 2.0
#define KMP_MV_LOOK_RATIO 2.0
int __kmp_mv_second_look(const kmp_mv_key_t *key, int best);

// Re-check of a contradicted prediction (docs/runtime.md), for arm a of key
// that started from a prediction, before its first two executions are
// counted: the first, if the prediction made a the key's best (under every
// other arm's measured or predicted mean) and the execution is slower than
// the prediction's interval (mean x exp(KMP_MV_PREDICT_Z sigma), at most
// KMP_MV_ROBUST_FIRST x mean) and than
// another arm, marks it KMP_MV_ORIGIN_RECHECK (slower than the interval only:
// KMP_MV_ORIGIN_DOUBTED), so that it needs two
// executions (elimination does not take it out before its second, and its
// mean is no point of other costs' predictions until then); the second, if
// the first is that much slower than it (the first was disturbed, the
// prediction held), replaces the first: both count, at the second's time,
// and true is returned (the arm is updated).
bool __kmp_mv_recheck(const kmp_mv_key_t *key, kmp_mv_arm_t *a, double x);
// The re-check of stored statistics (OMP_SELECT_STORE_RECHECK,
// docs/runtime.md): whether a version whose statistics at a key came from an
// earlier run (mean `stored`, not run there in this run) contradicts what this
// run measured of it at other costs (predicted mean mu with error sigma, log
// scale), as a contradicted prediction does: stored over the interval (*limit,
// mu x exp(KMP_MV_PREDICT_Z sigma), at most KMP_MV_ROBUST_FIRST x mu) while mu
// x exp(sigma) is under the key's best mean. Then one execution decides: under
// *limit, the stored statistics were stale (a disturbed earlier run, or a
// version that became faster since) and the arm restarts at it
// (__kmp_mv_arm_restart).
bool __kmp_mv_stored_stale(double stored, double best, double mu, double sigma,
                           double *limit);
// The bound of that interval alone: mu x exp(KMP_MV_PREDICT_Z sigma), at most
// KMP_MV_ROBUST_FIRST x mu (a stored version's first execution in this run,
// not a look, is judged by it: stale when the stored mean is over it and the
// execution under it).
double __kmp_mv_stored_limit(double mu, double sigma);
// Arm a awaiting its re-check (one execution, KMP_MV_ORIGIN_RECHECK), predicted
// again from other costs at mean with error sigma: if its execution is inside
// that prediction's interval, the contradiction is explained (the prediction
// that made it the best was wrong, and other costs have corrected it) and the
// mark is cleared: it needs no second execution. Returns whether it was.
bool __kmp_mv_recheck_explained(kmp_mv_arm_t *a, double mean, double sigma);

// An execution x of arm a (under 2 executions) before __kmp_mv_update counts
// it: the re-check of a contradicted prediction (__kmp_mv_recheck), then, at
// the second, robust statistics' judgement of the first (over
// KMP_MV_ROBUST_FIRST times the second: both count at the second's time).
// True when a is updated; out of line, as both are rare.
bool __kmp_mv_first_two(const kmp_mv_policy_t *policy, const kmp_mv_key_t *key,
                        kmp_mv_arm_t *a, double x);

// The ratio to arm a's mean over which robust statistics take an execution
// for an outlier (__kmp_mv_update). Over a version's first
// KMP_MV_ROBUST_EARLY executions it is 1 + n (2x at the second): Mean decides
// on one or two executions of a version predicted at a new cost, and one
// disturbed 2.4x decided a cost for good.
static inline double __kmp_mv_robust_ratio(const kmp_mv_arm_t *a) {
  return __builtin_expect(a->n < KMP_MV_ROBUST_EARLY, 0) ? 1.0 + (double)a->n
                                                         : KMP_MV_ROBUST_RATIO;
}

// Records one completed execution of arm taking x nanoseconds: Welford update
// of the arm (thesis 3.3.3), the key's totals, GB's preferences and UCB's
// kept spread. Inline: libomp calls it for every execution. Returns 1 when
// robust statistics restarted the arm (a change was confirmed).
static inline int __kmp_mv_update(const kmp_mv_policy_t *policy,
                                  kmp_mv_key_t *key, int arm, double x) {
  kmp_mv_arm_t *a = &key->arms[arm];
  // One comparison on the usual path: the mean is loaded for Welford anyway.
  if (x > a->mean * __kmp_mv_robust_ratio(a)) {
    if (policy->robust && a->n >= KMP_MV_ROBUST_MIN &&
        __kmp_mv_robust_outlier(a, &x)) {
      key->t++;
      key->sum += x;
      return 1;
    }
  } else if (a->outliers) {
    a->outliers = 0;
  }
  if (__builtin_expect(a->n < 2, 0) && __kmp_mv_first_two(policy, key, a, x)) {
    // (the arm is updated)
  } else {
    a->n++;
    double delta = x - a->mean;
    a->mean += delta / (double)a->n;
    a->m2 += delta * (x - a->mean);
    a->q += x * x;
  }
  key->t++;
  key->sum += x;
  if (policy->kind == kmp_mv_mean) // the default: one test
    return 0;
  if (policy->kind == kmp_mv_gb) {
    __kmp_mv_update_gb(policy, key, arm, x);
  } else if (policy->kind == kmp_mv_ucb && a->n >= 2) {
    a->spread = __kmp_mv_ucb_spread_of(a);
  }
  return 0;
}

// Readies key for choices under policy after updates made under another one
// (kmp_set_defaults changed it): counts the completed executions of each arm
// as started (choices made once a key is explored count nothing, and a policy
// with a larger quota explores by started counts), and computes UCB's spreads.
void __kmp_mv_adopt(const kmp_mv_policy_t *policy, kmp_mv_key_t *key);

// Mean's choice among all of key's arms once it has stopped exploring: the
// arm with the lowest mean (the first on ties), -1 if no arm has a sample.
// __kmp_mv_choose(mean) over every arm returns the same arm.
int __kmp_mv_lowest_mean(const kmp_mv_key_t *key);

// The same after __kmp_mv_update recorded an execution of arm, given best, the
// lowest-mean arm before it, and arm's mean before it: looks at every arm
// only when the best one got slower. Lets libomp keep Mean's choice in the
// key and read it at dispatch instead of scanning the arms every time.
static inline int __kmp_mv_lowest_mean_after(const kmp_mv_key_t *key, int best,
                                             int arm, double old_mean) {
  if (best < 0)
    return __kmp_mv_lowest_mean(key);
  const kmp_mv_arm_t *a = &key->arms[arm];
  if (arm == best) // still below the others unless it got slower
    return a->mean <= old_mean ? best : __kmp_mv_lowest_mean(key);
  // The others are unchanged: only arm can take best's place.
  double m = key->arms[best].mean;
  return a->mean < m || (a->mean == m && arm < best) ? arm : best;
}

// The lower confidence bound of arm at the key's current t (thesis Listing 7):
// mean - sqrt(k * s^2 * ln(t - 1) / n), s^2 the sample variance. Returns -inf
// for an arm with fewer than 2 completed executions.
double __kmp_mv_ucb_bound(const kmp_mv_key_t *key, int arm, double k);

// GB's selection probability of arm: the soft-max of the preferences over
// cand[0..ncand-1] (arm must be among them), the thesis' draw. With
// elimination GB does not draw the versions elimination takes out, and the
// others share their probability in proportion (__kmp_mv_select_gb).
double __kmp_mv_gb_probability(const kmp_mv_key_t *key, int arm,
                               const int *cand, int ncand);

// Statistics of arms as summaries (n, mean, m2; q follows), for the model
// store (docs/runtime.md): the executions of a and b together (Chan et al.'s
// exact merge), the executions of a that are not part's (the inverse: part
// must be statistics a started from; counts that do not allow it give a
// itself), and a's statistics weighing at most cap executions (n = cap, same
// mean and variance), the store's ageing. They set started = n and keep a's
// other fields.
kmp_mv_arm_t __kmp_mv_arm_merge(const kmp_mv_arm_t *a, const kmp_mv_arm_t *b);
kmp_mv_arm_t __kmp_mv_arm_subtract(const kmp_mv_arm_t *a,
                                   const kmp_mv_arm_t *part);
kmp_mv_arm_t __kmp_mv_arm_cap(const kmp_mv_arm_t *a, uint64_t cap);

// Sample standard deviation of arm (0 with fewer than 2 executions).
double __kmp_mv_stddev(const kmp_mv_arm_t *arm);

// Policy names as OMP_SELECT spells them ("mean", "ucb", ...).
const char *__kmp_mv_policy_name(kmp_mv_policy_kind_t kind);

// One row of stats.csv (docs/runtime.md), as OMP_SELECT_LOAD reads it back:
// type,version,name,location,cost,locality,count,mean_ns,stddev_ns,
// sum_squares_ns2,total_ns,policy,cluster,loaded,origin; the model store's
// files add age (16 fields). Files of earlier releases have 12 fields (no
// cluster) or 13 (no loaded and origin).
struct kmp_mv_stats_row_t {
  int type;
  int version;          // the version's index in the run that wrote the row
  const char *name;     // unquoted, inside the parsed line
  const char *location; // the same
  int64_t cost;
  int locality;
  uint64_t count;
  double mean, stddev; // ns
  const char *cluster; // "" without ERASE
  uint32_t age;        // the store's: runs since the version last ran, else 0
  bool doubted; // the store's origin "doubted": one execution, contradicted
};

// Parses one line of stats.csv in place (fields are unquoted and terminated
// inside `line`). Returns NULL, or what is wrong with the line.
const char *__kmp_mv_parse_stats_row(char *line, kmp_mv_stats_row_t *row);

// The statistics of an arm that `row` describes: n, mean and the corrected
// sum of squares from the standard deviation (sum_squares_ns2 is rounded to 6
// digits in the file; q is recomputed from them).
void __kmp_mv_arm_from_row(kmp_mv_arm_t *arm, const kmp_mv_stats_row_t *row);

// Disturbed runs (OMP_SELECT_STORE_DISTURBED, docs/runtime.md, "Disturbed
// runs"): the model store saves nothing of a run whose threads waited for a
// CPU while other processes used the run's CPUs, since what it measured is
// the other job's as much as the versions' (a first run of PRISE beside a busy
// loop left a store that cost the next run +13.5% against +2.6% from
// nothing). What the run reads at its start and at its exit:
struct kmp_mv_load_sample_t {
  uint64_t busy_ticks;  // the run's CPUs' busy time in /proc/stat (USER_HZ)
  uint64_t total_ticks; // the same CPUs' busy and idle time
  uint64_t own_ns;      // the process's CPU time, all its threads
  uint64_t exec_ns; // its threads' time on a CPU (/proc/self/task/*/schedstat)
  uint64_t wait_ns; // their time runnable, waiting for a CPU (the same)
  unsigned known;   // KMP_MV_LOAD_* bits of the readings that succeeded
};
#define KMP_MV_LOAD_CPUS 1u  // busy_ticks, total_ticks
#define KMP_MV_LOAD_SCHED 2u // exec_ns, wait_ns
// A run shorter than this share of a second of its CPUs' time is not judged:
// /proc/stat counts in ticks of 10 ms.
#define KMP_MV_LOAD_MIN_CPU_S 0.5

// Adds the busy and total ticks of the "cpuN" lines of /proc/stat's text whose
// N is in mask (a bit per CPU, nwords 64-bit words) to *busy and *total, and
// counts the lines used in *cpus. Busy is user, nice, system, irq, softirq and
// steal; total adds idle and iowait. Returns false on a "cpuN" line that does
// not parse (the aggregate "cpu" line and other lines are skipped).
bool __kmp_mv_parse_cpu_ticks(const char *text, const uint64_t *mask,
                              int nwords, uint64_t *busy, uint64_t *total,
                              int *cpus);
// A thread's /proc/<pid>/task/<tid>/schedstat ("<on cpu ns> <waiting ns>
// <timeslices>") added to *exec_ns and *wait_ns; false if it does not parse.
bool __kmp_mv_parse_schedstat(const char *text, uint64_t *exec_ns,
                              uint64_t *wait_ns);

// How disturbed a run was between two samples: waited, the share of its
// threads' runnable time spent waiting for a CPU; others, the share of its
// CPUs' time that other processes used (busy time less the process's own).
// judged is false when a reading is missing or the run too short.
struct kmp_mv_disturbance_t {
  bool judged;
  double waited, others;
};
kmp_mv_disturbance_t __kmp_mv_disturbance(const kmp_mv_load_sample_t *start,
                                          const kmp_mv_load_sample_t *end,
                                          long ticks_per_s);
// Whether d says disturbed at threshold percent (0: never): both shares over
// it, so that a program that oversubscribes the CPUs itself (its threads wait
// for each other) is not disturbed, nor one beside a job on other CPUs (its
// threads never waited).
bool __kmp_mv_disturbed(const kmp_mv_disturbance_t *d, int percent);

#endif // KMP_VERSIONS_POLICY_H

/*
 * kmp_erase_model.h -- ERASE's decisions as pure functions (thesis 004,
 * section 2.4 and 3.3): the online performance history, the classification
 * of a task type by arithmetic intensity, the energy-minimising mapping over
 * clusters and widths, and the exponential back-off of idle threads. No
 * libomp dependency, like kmp_versions_policy: the GoogleTest unit tests
 * (EraseModelTest.cpp) link it alone; kmp_erase_{types,sched}.cpp wire it
 * into libomp.
 * docs/erase.md documents the behaviour and the constants.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_ERASE_MODEL_H
#define KMP_ERASE_MODEL_H

#include "kmp_erase_power.h"

#include <stddef.h>

// ---- Online performance history ------------------------------------------
// One entry per (task type, cluster, width). The weighted update favours the
// past (weight KMP_ERASE_HISTORY_KEEP on the old value); a core frequency that
// moved by more than KMP_ERASE_DVFS_TOLERANCE (relative) since the entry was
// last updated means DVFS changed the machine: the entry restarts from the
// new sample. mhz 0 means "unknown" (no cycle counter) and never resets.
// A sample counts as at most KMP_ERASE_HISTORY_CLAMP times the prediction (and
// at least its 1/KMP_ERASE_HISTORY_CLAMP): a task preempted once must not make
// a configuration look slow for good, since the mapper stops measuring the
// configurations it does not choose. A lasting change still shows within a
// few samples (x1.75 per sample upwards, once robust statistics below let it).
// The first sample is not clamped: a second sample more than
// KMP_ERASE_HISTORY_CLAMP times below it replaces it (interference only
// lengthens runs: the first was preempted).
#define KMP_ERASE_HISTORY_KEEP 0.75
#define KMP_ERASE_HISTORY_CLAMP 4.0
#define KMP_ERASE_DVFS_TOLERANCE 0.15
// Robust statistics (OMP_SELECT_ROBUST=on, the default; beyond the thesis,
// docs/erase.md): from an entry's third sample, one more than
// KMP_ERASE_ROBUST_UP times its prediction counts as that much until
// KMP_ERASE_ROBUST_CONFIRM such samples in a row say the configuration got
// slower. With the thesis' update alone one disturbed sample of twice the time
// raised a prediction by 25%, enough to send a homogeneous machine's taskloop
// to width 1 (half the speed, little less energy) until a refresh measured
// the whole width again: 6-650 of 2000 loops (docs/erase.md).
#define KMP_ERASE_ROBUST_UP 1.25
#define KMP_ERASE_ROBUST_CONFIRM 3
// OMP_SELECT_ROBUST's value, set where it is parsed (a copy: this file has no
// libomp dependency).
extern int __kmp_erase_hist_robust;

struct kmp_erase_hist_t {
  double seconds; // predicted execution time; 0 = never measured
  double mhz;     // frequency of the last samples, 0 = unknown
  unsigned count; // samples since the last reset
  unsigned high;  // robust statistics: samples above it in a row
};

// A sample of `seconds` as the history counts it against its prediction
// (> 0): within KMP_ERASE_HISTORY_CLAMP times it either way.
double __kmp_erase_hist_clamp(double prediction, double seconds);
// Adds one sample; returns 1 if the entry was reset by a frequency change.
int __kmp_erase_hist_update(kmp_erase_hist_t *h, double seconds, double mhz);
// n updates with the same sample (no frequency), as n calls would make them:
// one by one while the history is young or the clamp cuts the sample, then in
// closed form (a batch of executions joins the history at their mean).
void __kmp_erase_hist_repeat(kmp_erase_hist_t *h, double seconds, unsigned n);

// ---- Classification (equation 2.4) ---------------------------------------
// AI = cycles * flops_per_cycle / (llc_misses * 64 bytes). Below `cache` a
// type is memory-bound, below `compute` cache-bound, otherwise compute-bound.
struct kmp_erase_thresholds_t {
  double flops_per_cycle;
  double cache;   // memory | cache boundary
  double compute; // cache | compute boundary
};

#define KMP_ERASE_DEFAULT_FLOPS_PER_CYCLE 16.0
#define KMP_ERASE_DEFAULT_CACHE_AI 4.0
#define KMP_ERASE_DEFAULT_COMPUTE_AI 32.0

// The arithmetic intensity; no misses at all is infinitely intense.
double __kmp_erase_intensity(double cycles, double llc_misses,
                             double flops_per_cycle);
kmp_erase_class_t __kmp_erase_classify(double ai,
                                       const kmp_erase_thresholds_t *t);

// OMP_ERASE_THRESHOLDS="<cache AI>,<compute AI>" (0 < cache < compute).
// Returns 0, or -1 with a message in err and *t untouched.
int __kmp_erase_thresholds_parse(const char *value, kmp_erase_thresholds_t *t,
                                 char *err, size_t errlen);

// ---- Mapping (section 3.3.1) ----------------------------------------------
// For each cluster c and width w (1..maxwidth, w <= size[c]), the energy of
// running the task there is
//   (idle[c] + idle of every other cluster with no active core
//            + run[c][w]) * seconds[c][w].
// The idle power of a cluster nobody else is using is charged to the task
// that runs while it idles (the thesis' core activity tracer). A
// configuration never measured (seconds 0) predicts 0 J, so it is tried first,
// in cluster then width order; one whose trial is under way (seconds < 0) is
// left out until it has a measurement. Arrays are indexed
// [c * maxwidth + w - 1].
//
// Beyond the thesis (OMP_ERASE_TEAM, docs/erase.md): a taskloop may also run
// on the whole team, every cluster, split as upstream does. Offered when
// team_run > 0, as cluster nclusters (width: every core of the team); its
// energy is (idle of every cluster + team_run) * team_seconds, whose states
// are those of seconds. Without it, a machine whose clusters are fastest and
// cheapest together (a little cluster that is slow but not expensive) has no
// configuration that uses them together.
//
// Beyond the thesis (OMP_SELECT_OBJECTIVE): the least of in->objective among
// the measured configurations; energy is the thesis' choice. The returned
// joules are the configuration's predicted energy whatever the objective.
// What the mapper minimises (OMP_SELECT_OBJECTIVE, docs/erase.md): the
// predicted energy (the thesis), the predicted time, or their product, the
// energy-delay product.
enum kmp_erase_objective_t {
  kmp_erase_objective_energy = 0,
  kmp_erase_objective_time = 1,
  kmp_erase_objective_edp = 2
};

struct kmp_erase_map_in_t {
  int nclusters;
  int maxwidth;          // 1 for a task, up to the cluster size for taskloops
  const int *size;       // cores per cluster
  const int *active;     // busy cores per cluster now
  const double *idle;    // idle watts per cluster
  const double *run;     // run watts per (cluster, width), idle excluded
  const double *seconds; // predicted seconds per (cluster, width), 0 untried,
                         // < 0 being tried
  double team_run;       // run watts of the whole team, idle excluded; 0: the
                         // whole team is not offered
  double team_seconds;   // predicted seconds on the whole team (as seconds)
  int team_width;        // cores of the whole team
  int objective;         // a kmp_erase_objective_t; 0 (energy) by default
  // OMP_ERASE_LADDER: 1 tries, on a cluster of more than
  // KMP_ERASE_LADDER_ABOVE cores, only the widths on a doubling ladder (1, 2,
  // 4, ..., and the whole cluster); a width off it is chosen only where it has
  // a time without a trial (the model store, OMP_ERASE_INTERP). 0 tries every
  // width from 1 up, the thesis' (its clusters had 2 and 4 cores). On 16
  // cores every width was a configuration to try, twice, for widths that
  // differ by a core: ERASE took 1.15-1.24x stock's time on the taskloop
  // benchmark there (docs/erase.md, "Sixteen cores").
  int ladder;
  // OMP_ERASE_DEFER: > 0 tries the whole team first where it is offered,
  // then each cluster's widest width, and a narrower configuration (a
  // narrower width of a cluster, or a cluster alone against the whole team)
  // only once the type's time so far (spent, seconds) is at least 1 / defer
  // times what its trials would add (KMP_ERASE_DEFER_TRIALS executions), were
  // it as much slower as it has fewer cores (a cluster alone: as `alone`
  // says). 0: the thesis' order, every width at once from 1 up, the whole
  // team last.
  double defer;
  double spent;
  // Per cluster, what other taskloops measured of it against the whole team:
  // the core-seconds it took alone per second of the whole team's time (its
  // time alone x its width / the team's time), or 0 (unknown: its cores are
  // taken as the team's, team_width core-seconds). Only OMP_ERASE_DEFER reads
  // it: trials of a cluster alone wait until they can pay at that speed. NULL:
  // all unknown.
  const double *alone;
  // A task's creator's cluster + 1 (0: none, a taskloop) and the margin
  // (OMP_ERASE_STAY, a fraction; 0: off): the task stays on the creator's
  // cluster, measured, unless the least-cost configuration costs less than
  // its cost / (1 + stay). Moving a task to another thread costs time, and
  // between clusters within the noise of their predictions the choice
  // flipped: on two equal emulated clusters a producer's tasks went half to
  // the other thread, 1.6x ERASE off's time.
  int home1;
  double stay;
  // The tie margin (OMP_ERASE_TIE, a fraction; 0: off): with the energy or
  // EDP objective, the fastest configuration whose cost is within this
  // fraction of the least is taken. Two configurations of nearly the same
  // energy can differ a lot in time: at n = 128 the taskloop benchmark's
  // matrix product on one core of two cost 1.6% less energy and 1.64x the
  // time, and within the noise of its predictions the choice flipped between
  // them (1.37x stock's time for no energy saved).
  double tie;
  // Beyond the thesis (OMP_ERASE_SPIN_COST, docs/erase.md, "Cores that spin
  // are not idle"): per cluster, the watts one of its cores draws spinning
  // (NULL: off, a core left without work idles, the thesis' model) and the
  // team's threads on it (threads; size may offer fewer). A taskloop
  // predicted to take less than spin_below seconds is spun through by the
  // threads it leaves without work, for at most spin_for seconds each, as the
  // back-off does (kmp_erase_model.h, "Exponential back-off sleep"), and a
  // spinning core is busy: each such thread of the configuration's cluster
  // beyond its width, and of every other cluster with no active core, adds
  // its spin watts over min(seconds, spin_for) to the configuration's
  // energy. Without it, narrowing a short loop to the slow cheap cluster
  // looked like a saving while the core it left spun at its full power: on
  // the emulated big.LITTLE at factor 2 the taskloop benchmark's copy and
  // stencil loops ran on the little core alone, 1.3-1.9x their time on the
  // whole team, for more measured energy.
  const double *spin;
  const int *threads;
  double spin_below;
  double spin_for;
  // Beyond the thesis (OMP_ERASE_TIME_WEIGHT, docs/erase.md, "The price of
  // time"): with the energy objective, the cost is energy x seconds^weight,
  // the weight in quarters here, 0..16 (0: energy alone, the thesis; 4 is the
  // energy-delay product). A
  // configuration s times slower than another must then use less than
  // 1 / s^weight of its energy: at the default 0.25, twice the time must save
  // more than 16%, so one core of two at 1.64x the time for 1.6-5% less
  // energy (the taskloop benchmark's matrix product at n = 128 on a
  // homogeneous machine) no longer wins, while the little cluster alone at
  // 1.1x the team's time for 20% less energy still does.
  int time_quarters;
};
// The share OMP_ERASE_DEFER=on gives (a share between 0 and 1 may be given
// instead): 0.05 until 2026-11-29, whose trials cost a homogeneous machine,
// where width 1 never pays for a loop that scales, 5-7% of the taskloop
// benchmark at n = 512 (docs/erase.md).
#define KMP_ERASE_DEFER_SHARE 0.02
#define KMP_ERASE_DEFER_TRIALS 2

struct kmp_erase_choice_t {
  int cluster; // -1 if none can be chosen (no cores, or all being tried)
  int width;
  double joules; // predicted energy, 0 for an untried configuration
};

kmp_erase_choice_t __kmp_erase_map(const kmp_erase_map_in_t *in);

// Whether width w of a cluster of `widths` usable widths is tried: every
// width of a cluster of at most KMP_ERASE_LADDER_ABOVE cores, else (with the
// ladder on) the powers of two and the whole cluster.
#define KMP_ERASE_LADDER_ABOVE 4
bool __kmp_erase_width_offered(int ladder, int widths, int w);

// What taskloops measured of one cluster alone against the whole team
// (kmp_erase_map_in_t::alone): the geometric mean of the samples (seconds
// alone x width / seconds on the whole team). Adds one sample and returns the
// mean, or 0 (nothing added) for a sample that is not a positive number.
typedef struct kmp_erase_alone {
  double logs; // sum of the samples' logarithms
  int n;
} kmp_erase_alone_t;
double __kmp_erase_alone_add(kmp_erase_alone_t *a, double seconds, int width,
                             double team_seconds);
// Whether untried width w of cluster c waits (OMP_ERASE_DEFER, above).
bool __kmp_erase_deferred(const kmp_erase_map_in_t *in, int c, int w);

// The least-energy measured configuration other than (cluster, width), or
// cluster -1. A type's refresh decisions (__kmp_erase_refresh_due) go there:
// the history changes only when a configuration runs, so without them one
// that looked slow once (a preempted task, a busy core) would never be
// measured again.
#define KMP_ERASE_REFRESH 64
// OMP_ERASE_REFRESH=backoff (beyond the thesis, docs/erase.md): while a type
// keeps its choice, the interval between refreshes doubles from
// KMP_ERASE_REFRESH decisions up to KMP_ERASE_REFRESH_MAX; a new choice
// brings it back to KMP_ERASE_REFRESH. Every 64th decision on a loop whose
// other width is twice as slow cost 1.3% of its time (docs/erase.md).
#define KMP_ERASE_REFRESH_MAX 1024
struct kmp_erase_refresh_t {
  unsigned long long at; // the decision the next refresh is due at
  unsigned every;        // the interval that set it
  int best;              // 1 + the choice it was set for (0: none yet)
};
// Whether decision d (from 1) of a type, whose choice is configuration `best`
// (a slot), is a refresh: with backoff as above (r is the type's schedule),
// else every KMP_ERASE_REFRESH-th, as before 2026-11-28.
bool __kmp_erase_refresh_due(kmp_erase_refresh_t *r, unsigned long long d,
                             int best, int backoff);
kmp_erase_choice_t __kmp_erase_map_except(const kmp_erase_map_in_t *in,
                                          int cluster, int width);

// Predicted energy of one configuration, as __kmp_erase_map computes it.
double __kmp_erase_energy(const kmp_erase_map_in_t *in, int cluster, int width);
// What __kmp_erase_map minimises for one measured configuration: its energy,
// time or energy-delay product (in->objective).
double __kmp_erase_cost(const kmp_erase_map_in_t *in, int cluster, int width);

// ---- Online interpolation over widths (section 3.4) -----------------------
// The predicted time at width w of one (type, cluster) from the widths
// measured so far, seconds[0..maxwidth-1] (0 = not measured): between two
// measured widths, the straight line through them; outside them, the nearest
// segment's line, but only up to twice the largest (half the smallest)
// measured width, and bounded by what more cores can do: from the nearest
// measured width m, between perfect scaling (t_m * m / w) and no gain at all
// (t_m). Returns 0 (unknown: try it) with fewer than two measured widths or
// beyond that reach. A polynomial fitted to a few widths can predict nonsense
// far away (thesis 004 saw negative times); this cannot.
double __kmp_erase_interp_linear(const double *seconds, int maxwidth, int w);

// ---- Offline models (section 3.4, Algorithm 1) -----------------------------
// Written by the erase-fit command from OMP_ERASE_STATS dumps, read by the
// runtime (OMP_ERASE_MODEL). Per task class: a polynomial in the width, a
// PMNF form (equation 2.1: sum of c * w^i * log2(w)^j), and the averaged
// normalised times by width that both were fitted to. Text format, one
// record per line, '#' comments (docs/erase.md):
//   poly <class> <c0> <c1> ...                    f(w) = sum c_k w^k
//   pmnf <class> <c> <i> <j> [<c> <i> <j> ...]    f(w) = sum c w^i log2(w)^j
//   vector <class> <t1> <t2> ...                  normalised time at width
//   1, 2..
#define KMP_ERASE_MODEL_TERMS 8

struct kmp_erase_function_t {
  int nterms; // 0: none
  double c[KMP_ERASE_MODEL_TERMS], i[KMP_ERASE_MODEL_TERMS],
      j[KMP_ERASE_MODEL_TERMS];
};

struct kmp_erase_offline_t {
  kmp_erase_function_t poly[kmp_erase_nclasses], pmnf[kmp_erase_nclasses];
  int nvec[kmp_erase_nclasses];
  double vec[kmp_erase_nclasses][KMP_ERASE_MAX_WIDTH];
};

// Returns 0, or -1 with "file:line: message" in err and *m emptied.
int __kmp_erase_offline_parse(const char *text, const char *file,
                              kmp_erase_offline_t *m, char *err, size_t errlen);

double __kmp_erase_function_eval(const kmp_erase_function_t *f, double w);

// Phase 3 of Algorithm 1: f(w) times the average, over the widths measured
// (seconds[0..maxwidth-1], 0 = not measured) that the vector covers, of
// measured / vector. 0 (unknown: try it) without such a width, without a
// function or vector, or when the prediction is not a positive number.
double __kmp_erase_interp_offline(const kmp_erase_function_t *f,
                                  const double *vec, int nvec,
                                  const double *seconds, int maxwidth, int w);

// ---- Exponential back-off sleep (section 3.3.1) ---------------------------
// After KMP_ERASE_BACKOFF_ROUNDS failed rounds of stealing a thread sleeps
// base_us, then twice as long after each further failed round, up to
// base_us << KMP_ERASE_BACKOFF_SHIFTS; finding a task resets it.
// Beyond the thesis, unless the thread's last KMP_ERASE_BACKOFF_LONG gaps
// without a task all lasted spin_us (OMP_ERASE_SLEEP_SPIN) or more, the first
// sleep of a streak of failures also waits until the thread has failed for
// spin_us: a short gap (a recursive program's threads find their deques empty
// between most tasks) is spun through as upstream does, since sleeping
// through it saves less energy than the sleep and its wake-up cost in time;
// where the gaps are long (the mapper leaves this core idle for whole
// taskloops) the thread sleeps as the thesis does; one long gap (a phase's
// end) changes nothing (adaptive spin-then-sleep, docs/erase.md). spin_us 0
// is the thesis' rule.
#define KMP_ERASE_BACKOFF_ROUNDS 5
#define KMP_ERASE_BACKOFF_SHIFTS 7
#define KMP_ERASE_BACKOFF_LONG 2

struct kmp_erase_backoff_t {
  unsigned failures;
  unsigned shift;
  unsigned long long since_ns; // the streak's first failure
  unsigned long_gaps; // the last streaks (gaps) in a row that were long
};

// One failed round at now_ns: the microseconds to sleep now (0 = keep
// spinning).
unsigned __kmp_erase_backoff_fail(kmp_erase_backoff_t *b, unsigned base_us,
                                  unsigned spin_us, unsigned long long now_ns);
static inline void __kmp_erase_backoff_reset(kmp_erase_backoff_t *b) {
  b->failures = 0;
  b->shift = 0;
}
// A task found at now_ns after a streak of failures: whether the streak was
// long counts for the next ones.
void __kmp_erase_backoff_found(kmp_erase_backoff_t *b, unsigned spin_us,
                               unsigned long long now_ns);

// A taskloop molded to fewer threads than the team, predicted to take
// `seconds`, starts at now_ns: until when the threads it leaves idle sleep
// after the five rounds without spinning first (0: they spin as usual).
// Beyond the thesis, only a loop predicted to last KMP_ERASE_NARROW_SLEEP_US
// or more: an idle thread asleep through a shorter one is only slower to
// take the next loop's chunks (the taskloop benchmark at n = 128, whose copy
// and stencil loops of 3-12 us run on one core of two: 1.07-1.25x stock's
// time with every narrowed loop, 0.98-1.17x without the short ones, in
// interleaved series; docs/erase.md).
#define KMP_ERASE_NARROW_SLEEP_US 100
unsigned long long __kmp_erase_narrow_sleep_until(double seconds,
                                                  unsigned long long now_ns);

// ---- Sampled timing of short executions -----------------------------------
// A task type ERASE never maps times one of its short executions in `every`
// (kmp_erase.h's kmp_erase_batch_t), so that timing costs at most
// KMP_ERASE_TIMING_SHARE of the shortest execution timed, `least` seconds,
// when a timed execution costs `cost_ns` more than one only counted; 1: every
// one is timed, KMP_ERASE_EVERY_MAX at most.
#define KMP_ERASE_TIMING_SHARE 0.01
#define KMP_ERASE_EVERY_MAX 64
unsigned __kmp_erase_timing_every(double cost_ns, double least);
// What a timed execution costs is its two clock reads and its bookkeeping (the
// type's modelled power, its thread's batch: about 600 instructions), which
// each thread measures on its timed executions: counting the clock reads alone
// (10 ns each here), a producer's 1.2-us tasks were timed one in four, and
// their bookkeeping made ERASE 4% slower than ERASE off (docs/erase.md,
// "Fine-grained recursive tasks"). The measure starts at
// KMP_ERASE_TIMING_COST_START_NS and follows the samples, down by half the
// difference, up by 1/KMP_ERASE_TIMING_COST_KEEP of it with a sample counted
// at most KMP_ERASE_TIMING_COST_CLAMP times the measure: a thread's first
// timed executions are cold (2-80 us here: its batches allocated, the power
// table's first reads) and one may be preempted; warm ones took 60-450 ns
// (median 126).
#define KMP_ERASE_TIMING_COST_START_NS 500.0
#define KMP_ERASE_TIMING_COST_KEEP 8
#define KMP_ERASE_TIMING_COST_CLAMP 4.0
double __kmp_erase_timing_cost_update(double mean_ns, double sample_ns);
// A thread's measure as it stands: the start value before its first sample.
static inline double __kmp_erase_timing_cost_now(double mean_ns) {
  return mean_ns > 0 ? mean_ns : KMP_ERASE_TIMING_COST_START_NS;
}

// ---- Saved histories (kmp_erase_store.cpp, docs/erase.md) -----------------
// One row of ERASE's file in the model store: what earlier runs measured of
// one configuration of one task or taskloop type, as
//   <kind>,<code>,<cluster>,<width>,<executions>,<seconds>,<age>
// kind "task" or "taskloop"; code where the type's routine lies
// (<object>@<build ID>+0x<offset>); cluster a cluster's name or "team" (the
// whole team); the executions merged (at most KMP_ERASE_STORE_KEEP) and
// their time per execution; age the runs since it last ran.
#define KMP_ERASE_STORE_FORMAT 1
#define KMP_ERASE_STORE_COLUMNS "kind,code,cluster,width,executions,seconds,age"
#define KMP_ERASE_STORE_CODE 128
#define KMP_ERASE_STORE_NAME 64
struct kmp_erase_saved_t {
  int kind; // 0 task, 1 taskloop (kmp_erase_kind_t)
  char code[KMP_ERASE_STORE_CODE];
  char cluster[KMP_ERASE_STORE_NAME];
  int width;
  unsigned long long executions;
  double seconds;
  unsigned age;
};
// Parses the n bytes of one row at line (blanks and a '\r' may end it).
// Returns 1, or 0 with why the row is malformed in why.
int __kmp_erase_saved_parse(const char *line, size_t n, kmp_erase_saved_t *row,
                            char *why, size_t whylen);
// Merges this run's estimate (executions, seconds) into a saved row: the
// weighted mean, the saved executions counting at most KMP_ERASE_STORE_KEEP,
// and at most that many kept.
#define KMP_ERASE_STORE_KEEP 64
void __kmp_erase_saved_merge(kmp_erase_saved_t *row,
                             unsigned long long executions, double seconds);

#endif // KMP_ERASE_MODEL_H

//===- EraseModelTest.cpp - ERASE's history, classes, mapping, back-off ---===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ERASE's decisions on injected values (docs/erase.md): the weighted history
// and its reset on a frequency change, equation 2.4 and the three classes,
// the energy-minimising mapping over clusters and widths, and the back-off.
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_model.h"
#include "kmp_mvomp_text.h"

#include <gtest/gtest.h>

#include <math.h>
#include <string.h>
#include <string>
#include <vector>

namespace {

TEST(EraseHistory, WeightedTowardsThePast) {
  kmp_erase_hist_t H = {0, 0, 0, 0};
  EXPECT_EQ(__kmp_erase_hist_update(&H, 1.0, 2000), 0);
  EXPECT_DOUBLE_EQ(H.seconds, 1.0); // an empty entry takes the sample
  EXPECT_EQ(__kmp_erase_hist_update(&H, 2.0, 2000), 0);
  EXPECT_DOUBLE_EQ(H.seconds, 0.75 * 1.0 + 0.25 * 2.0);
  EXPECT_EQ(H.count, 2u);
}

TEST(EraseHistory, OutliersClamped) {
  kmp_erase_hist_t H = {0, 0, 0, 0};
  __kmp_erase_hist_update(&H, 1.0, 0);
  __kmp_erase_hist_update(&H, 100.0, 0); // preempted once: counts as 4 s
  EXPECT_DOUBLE_EQ(H.seconds, 0.75 * 1.0 + 0.25 * 4.0);
  __kmp_erase_hist_update(&H, 0.001, 0); // counts as a quarter of 1.75 s
  EXPECT_DOUBLE_EQ(H.seconds, 0.75 * 1.75 + 0.25 * (1.75 / 4));
  // A lasting tenfold slowdown is reached within a few samples.
  kmp_erase_hist_t L = {0, 0, 0, 0};
  __kmp_erase_hist_update(&L, 1.0, 0);
  int Samples = 0;
  while (L.seconds < 9.0 && Samples < 20) {
    __kmp_erase_hist_update(&L, 10.0, 0);
    ++Samples;
  }
  EXPECT_LE(Samples, 11); // 8 without the clamp, 9 with the thesis' update
}

// Robust statistics (OMP_SELECT_ROBUST, on by default): one sample of twice
// the prediction, from the third on, counts as 1.25x; three in a row count
// as they are. Off: the thesis' update, where one such sample adds 25%.
TEST(EraseHistory, RobustToOneDisturbedSample) {
  ASSERT_EQ(__kmp_erase_hist_robust, 1);
  kmp_erase_hist_t H = {0, 0, 0, 0};
  for (int I = 0; I < 3; ++I)
    __kmp_erase_hist_update(&H, 0.25e-3, 0);
  __kmp_erase_hist_update(&H, 0.5e-3, 0);
  EXPECT_DOUBLE_EQ(H.seconds, 0.75 * 0.25e-3 + 0.25 * 1.25 * 0.25e-3);
  EXPECT_EQ(H.high, 1u);
  __kmp_erase_hist_update(&H, 0.25e-3, 0); // back to normal: forgotten
  EXPECT_EQ(H.high, 0u);
  // A lasting slowdown: the third sample in a row counts in full.
  kmp_erase_hist_t L = {0, 0, 0, 0};
  for (int I = 0; I < 3; ++I)
    __kmp_erase_hist_update(&L, 1.0, 0);
  __kmp_erase_hist_update(&L, 2.0, 0);
  __kmp_erase_hist_update(&L, 2.0, 0);
  const double Before = L.seconds;
  __kmp_erase_hist_update(&L, 2.0, 0);
  EXPECT_DOUBLE_EQ(L.seconds, 0.75 * Before + 0.25 * 2.0);
  // A batch repeats the updates one by one while they are cut.
  kmp_erase_hist_t B = {0, 0, 0, 0}, O = {0, 0, 0, 0};
  for (int I = 0; I < 3; ++I) {
    __kmp_erase_hist_update(&B, 1.0, 0);
    __kmp_erase_hist_update(&O, 1.0, 0);
  }
  __kmp_erase_hist_repeat(&B, 2.0, 6);
  for (int I = 0; I < 6; ++I)
    __kmp_erase_hist_update(&O, 2.0, 0);
  EXPECT_NEAR(B.seconds, O.seconds, 1e-12);
  // The thesis' update.
  __kmp_erase_hist_robust = 0;
  kmp_erase_hist_t T = {0, 0, 0, 0};
  for (int I = 0; I < 3; ++I)
    __kmp_erase_hist_update(&T, 0.25e-3, 0);
  __kmp_erase_hist_update(&T, 0.5e-3, 0);
  __kmp_erase_hist_robust = 1;
  EXPECT_DOUBLE_EQ(T.seconds, 0.75 * 0.25e-3 + 0.25 * 0.5e-3);
}

TEST(EraseHistory, PreemptedFirstSampleReplaced) {
  // A cluster's trial task preempted for 10 ms: the next sample, far below,
  // replaces it instead of taking a dozen clamped samples to come down.
  kmp_erase_hist_t H = {0, 0, 0, 0};
  __kmp_erase_hist_update(&H, 10e-3, 0);
  __kmp_erase_hist_update(&H, 0.15e-3, 0);
  EXPECT_DOUBLE_EQ(H.seconds, 0.15e-3);
  EXPECT_EQ(H.count, 2u);
  // Only the first: from the second sample on, samples are clamped.
  __kmp_erase_hist_update(&H, 0.01e-3, 0);
  EXPECT_DOUBLE_EQ(H.seconds, 0.75 * 0.15e-3 + 0.25 * (0.15e-3 / 4));
  // A second sample within the clamp is weighted as usual.
  kmp_erase_hist_t W = {0, 0, 0, 0};
  __kmp_erase_hist_update(&W, 1.0, 0);
  __kmp_erase_hist_update(&W, 0.3, 0);
  EXPECT_DOUBLE_EQ(W.seconds, 0.75 * 1.0 + 0.25 * 0.3);
}

TEST(EraseHistory, FrequencyChangeResets) {
  kmp_erase_hist_t H = {0, 0, 0, 0};
  __kmp_erase_hist_update(&H, 1.0, 2000);
  __kmp_erase_hist_update(&H, 1.0, 2100); // 5%: same DVFS state
  EXPECT_EQ(H.count, 2u);
  EXPECT_EQ(__kmp_erase_hist_update(&H, 2.0, 1000), 1); // halved: reset
  EXPECT_DOUBLE_EQ(H.seconds, 2.0);
  EXPECT_DOUBLE_EQ(H.mhz, 1000);
  EXPECT_EQ(H.count, 1u);
  // Without a cycle counter (mhz 0) nothing resets.
  EXPECT_EQ(__kmp_erase_hist_update(&H, 4.0, 0), 0);
  EXPECT_EQ(H.count, 2u);
}

TEST(EraseClassify, EquationTwoFour) {
  // 6400 cycles at 16 flop/cycle over 100 misses of 64 bytes: 16 flop/byte.
  EXPECT_DOUBLE_EQ(__kmp_erase_intensity(6400, 100, 16), 16.0);
  EXPECT_TRUE(isinf(__kmp_erase_intensity(6400, 0, 16)));
  kmp_erase_thresholds_t T = {16, 4, 32};
  EXPECT_EQ(__kmp_erase_classify(1.0, &T), kmp_erase_memory);
  EXPECT_EQ(__kmp_erase_classify(4.0, &T), kmp_erase_cache);
  EXPECT_EQ(__kmp_erase_classify(16.0, &T), kmp_erase_cache);
  EXPECT_EQ(__kmp_erase_classify(32.0, &T), kmp_erase_compute);
  EXPECT_EQ(__kmp_erase_classify(INFINITY, &T), kmp_erase_compute);
}

TEST(EraseClassify, ThresholdsParse) {
  kmp_erase_thresholds_t T = {16, 4, 32};
  char Err[120] = "";
  ASSERT_EQ(__kmp_erase_thresholds_parse("2.5,50", &T, Err, sizeof(Err)), 0)
      << Err;
  EXPECT_DOUBLE_EQ(T.cache, 2.5);
  EXPECT_DOUBLE_EQ(T.compute, 50);
  for (const char *Bad :
       {"", "3", "3,", "3;9", "9,3", "0,3", "-1,3", "3,x", "3,9,12", "nan,9"}) {
    EXPECT_EQ(__kmp_erase_thresholds_parse(Bad, &T, Err, sizeof(Err)), -1)
        << Bad;
    EXPECT_NE(Err[0], '\0') << Bad;
  }
  EXPECT_DOUBLE_EQ(T.cache, 2.5); // untouched by the failures
}

// Two clusters as on the thesis' TX2: big (2 cores), little (4 cores).
struct TwoClusters {
  int Size[2] = {2, 4};
  int Active[2] = {1, 1};
  double Idle[2] = {1.0, 0.5};
  int MaxWidth;
  std::vector<double> Run, Seconds;
  explicit TwoClusters(int MaxWidth)
      : MaxWidth(MaxWidth), Run(2 * MaxWidth, 0.0), Seconds(2 * MaxWidth, 0.0) {
  }
  double &run(int C, int W) { return Run[C * MaxWidth + W - 1]; }
  double &secs(int C, int W) { return Seconds[C * MaxWidth + W - 1]; }
  kmp_erase_map_in_t in() {
    return kmp_erase_map_in_t{2,    MaxWidth,   Size,          Active,
                              Idle, Run.data(), Seconds.data()};
  }
};

TEST(EraseMap, DeferredNarrowWidthsWaitUntilTheirTrialsCanPay) {
  // A taskloop on big (2 cores) and little (4 cores), OMP_ERASE_DEFER: each
  // cluster's widest width is tried first.
  TwoClusters M(4);
  for (int C = 0; C < 2; ++C)
    for (int W = 1; W <= 4; ++W)
      M.run(C, W) = W;
  kmp_erase_map_in_t In = M.in();
  In.defer = 0.05; // OMP_ERASE_DEFER=0.05 (the default before 2026-11-29)
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_EQ(C.width, 2);
  M.secs(0, 2) = 0.010; // big measured at width 2: little's widest next
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1);
  EXPECT_EQ(C.width, 4);
  M.secs(1, 4) = 0.008;
  // Both measured, 0.1 s spent: width 1 of big would add 2 x 10 ms, more
  // than 5% of that; width 3 of little 2 x 8 ms / 3 (5.3 ms): it waits too.
  In.spent = 0.1;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0); // the least energy measured: 3 W x 10 ms
  EXPECT_EQ(C.width, 2);
  EXPECT_GT(C.joules, 0.0); // a measured choice, not a trial
  EXPECT_TRUE(__kmp_erase_deferred(&In, 0, 1));
  // 0.11 s spent: little's width 3 can pay (5.3 ms <= 5.5 ms), big's width 1
  // not yet (20 ms).
  In.spent = 0.11;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1);
  EXPECT_EQ(C.width, 3);
  EXPECT_EQ(C.joules, 0.0);
  // 0.4 s: big's width 1 too (it comes first).
  In.spent = 0.4;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_EQ(C.width, 1);
  // The default share, 2%: little's width 3 (5.3 ms) waits for 0.267 s, big's
  // width 1 (20 ms) for 1 s.
  In.defer = KMP_ERASE_DEFER_SHARE;
  ASSERT_EQ(KMP_ERASE_DEFER_SHARE, 0.02);
  In.spent = 0.26;
  EXPECT_TRUE(__kmp_erase_deferred(&In, 1, 3));
  In.spent = 0.27;
  EXPECT_FALSE(__kmp_erase_deferred(&In, 1, 3));
  EXPECT_TRUE(__kmp_erase_deferred(&In, 0, 1));
  In.spent = 1.0;
  EXPECT_FALSE(__kmp_erase_deferred(&In, 0, 1));
  // The thesis' order (OMP_ERASE_DEFER=off): width 1 first, whatever spent.
  In.defer = 0;
  In.spent = 0;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_EQ(C.width, 1);
}

TEST(EraseMap, DeferredClustersWaitForTheWholeTeam) {
  // The emulated big.LITTLE (one core each) and the whole team of both, a
  // taskloop, OMP_ERASE_DEFER=0.05: the team first, then each cluster alone
  // once its two trials, were it twice the team's time (half its cores), can
  // cost at most 5% of the type's time so far.
  int Size[2] = {1, 1}, Active[2] = {0, 0};
  double Idle[2] = {0.40, 0.55}, Run[2] = {1.35, 0.70}, Secs[2] = {0, 0};
  kmp_erase_map_in_t In = {2, 1, Size, Active, Idle, Run, Secs};
  In.team_run = 1.35 + 0.70;
  In.team_width = 2;
  In.defer = 0.05;
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 2); // untried: the team first
  EXPECT_EQ(C.joules, 0.0);
  // Being tried (another instance of the loop runs meanwhile): the clusters
  // are, as in the thesis' order, since an untimed instance cannot end it.
  In.team_seconds = -1;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0);
  In.team_seconds = 0.2; // a loop of 0.2 s: a cluster's trials add 0.4 s
  In.spent = 0.4;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 2);
  EXPECT_GT(C.joules, 0.0); // measured, not a trial
  EXPECT_TRUE(__kmp_erase_deferred(&In, 0, 1));
  In.spent = 8.0; // 40 loops: 5% of them pays for the trials
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_EQ(C.joules, 0.0);
  // Other loops found little 5x the team's time alone (4x slower cores), big
  // 1.25x: big's trials add 2 x 0.05 s and wait for 2 s; little's add
  // 2 x 0.8 s and wait for 32 s, so big comes first, and 8 s is not enough.
  double Alone[2] = {1.25, 5.0};
  In.alone = Alone;
  Secs[0] = 0.3; // big measured: 0.69 J against the team's 0.6 J
  In.spent = 8.0;
  EXPECT_TRUE(__kmp_erase_deferred(&In, 1, 1));
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 2);
  In.spent = 32.0;
  EXPECT_FALSE(__kmp_erase_deferred(&In, 1, 1));
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1);
  EXPECT_EQ(C.joules, 0.0);
  Secs[0] = 0;
  In.spent = 1.0; // big faster than the team: its trials cost nothing
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 2);
  Alone[0] = 0.8;
  EXPECT_FALSE(__kmp_erase_deferred(&In, 0, 1));
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0);
  // Without OMP_ERASE_DEFER, the thesis' order: the clusters first.
  In.defer = 0;
  In.spent = 0;
  In.team_seconds = 0;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0);
}

TEST(EraseMap, ClusterAloneAgainstTheTeamIsAGeometricMean) {
  kmp_erase_alone_t A = {0, 0};
  // 1 core alone 4x the team's time, then 2 cores alone 0.5x: 4 and 1
  // core-seconds per team second, mean 2.
  EXPECT_DOUBLE_EQ(__kmp_erase_alone_add(&A, 0.4, 1, 0.1), 4.0);
  EXPECT_NEAR(__kmp_erase_alone_add(&A, 0.05, 2, 0.1), 2.0, 1e-12);
  EXPECT_EQ(A.n, 2);
  // Not a positive number: not taken.
  EXPECT_EQ(__kmp_erase_alone_add(&A, 0.0, 1, 0.1), 0.0);
  EXPECT_EQ(__kmp_erase_alone_add(&A, 0.1, 1, 0.0), 0.0);
  EXPECT_EQ(__kmp_erase_alone_add(&A, NAN, 1, 0.1), 0.0);
  EXPECT_EQ(A.n, 2);
}

TEST(EraseMap, UntriedFirstInOrder) {
  TwoClusters M(1);
  M.run(0, 1) = 4;
  M.run(1, 1) = 1;
  kmp_erase_map_in_t In = M.in();
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_EQ(C.width, 1);
  EXPECT_EQ(C.joules, 0.0);
  M.secs(0, 1) = 1.0;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1); // still untried
}

TEST(EraseMap, OneTrialAtATime) {
  TwoClusters M(1);
  M.run(0, 1) = 4;
  M.run(1, 1) = 1;
  M.secs(0, 1) = -1; // big's trial under way: not again, nothing to compare
  kmp_erase_map_in_t In = M.in();
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1); // little still untried
  M.secs(1, 1) = -1;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, -1); // both under way: no choice
  M.secs(1, 1) = 2.0;
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1); // the only measured one
  EXPECT_DOUBLE_EQ(C.joules, 3.0);
}

TEST(EraseMap, MinimumEnergyNotMinimumTime) {
  TwoClusters M(1);
  M.run(0, 1) = 4; // big: 1 s at (1 + 4) W = 5 J
  M.run(1, 1) = 1; // little: 2 s at (0.5 + 1) W = 3 J
  M.secs(0, 1) = 1.0;
  M.secs(1, 1) = 2.0;
  kmp_erase_map_in_t In = M.in();
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1);
  EXPECT_DOUBLE_EQ(C.joules, 3.0);
  // Little four times slower: 6 J, big wins.
  M.secs(1, 1) = 4.0;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_DOUBLE_EQ(C.joules, 5.0);
}

TEST(EraseMap, IdleClustersChargedToTheTask) {
  TwoClusters M(1);
  M.run(0, 1) = 4;
  M.run(1, 1) = 1;
  M.secs(0, 1) = 1.0;
  M.secs(1, 1) = 2.0;
  M.Active[0] = 0; // big idles while the task runs on little
  kmp_erase_map_in_t In = M.in();
  EXPECT_DOUBLE_EQ(__kmp_erase_energy(&In, 1, 1), (0.5 + 1.0 + 1.0) * 2.0);
  EXPECT_DOUBLE_EQ(__kmp_erase_energy(&In, 0, 1), (1.0 + 4.0) * 1.0);
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0); // 5 J against 5 J: first wins
}

// The emulated big.LITTLE of docs/erase.md: one core per cluster, tx2.power's
// compute watts (big 0.40 W idle + 1.35 W, little 0.55 W + 0.70 W), little
// twice as slow. Alone, big costs (0.95 + 1.35) x 1 s = 2.30 J and little
// (0.95 + 0.70) x 2 s = 3.30 J; the whole team takes 2/3 s at
// (0.95 + 2.05) W = 2.00 J, the least energy and the least time.
TEST(EraseMap, WholeTeamWhenClustersAreCheapestTogether) {
  int Size[2] = {1, 1}, Active[2] = {0, 0};
  double Idle[2] = {0.40, 0.55}, Run[2] = {1.35, 0.70}, Secs[2] = {1.0, 2.0};
  kmp_erase_map_in_t In = {2, 1, Size, Active, Idle, Run, Secs};
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0); // not offered: big alone
  In.team_run = 1.35 + 0.70;
  In.team_width = 2;
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 2); // offered, untried: tried after the clusters
  EXPECT_EQ(C.width, 2);
  EXPECT_EQ(C.joules, 0.0);
  In.team_seconds = -1; // being tried
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  In.team_seconds = 2.0 / 3.0;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 2);
  EXPECT_NEAR(C.joules, 2.0, 1e-12);
  EXPECT_NEAR(__kmp_erase_energy(&In, 2, 2), 2.0, 1e-12);
  // The refresh excludes the whole team like any configuration.
  EXPECT_EQ(__kmp_erase_map_except(&In, 2, 2).cluster, 0);
  // Little four times slower (the team takes 0.8 s: 2.40 J): big alone wins.
  Secs[1] = 4.0;
  In.team_seconds = 0.8;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0);
}

// OMP_ERASE_SPIN_COST: the emulated big.LITTLE at factor 2 (tx2.power as
// above), the taskloop benchmark's stencil at n = 256 as ERASE predicted it:
// big alone 92.8 us, little alone 84.8 us, the whole team 72.7 us. As the
// thesis models it, little alone is the least energy (1.65 W x 84.8 us =
// 140 uJ against the team's 218 uJ), but big's core, left without work by so
// short a loop, spins through it at its 1.35 W: 254 uJ, and the whole team
// is both the least energy and the fastest.
TEST(EraseMap, CoresThatSpinAreNotIdle) {
  int Size[2] = {1, 1}, Active[2] = {0, 0};
  double Idle[2] = {0.40, 0.55}, Run[2] = {1.35, 0.70};
  double Secs[2] = {92.8e-6, 84.8e-6}, Spin[2] = {1.35, 0.70};
  kmp_erase_map_in_t In = {2, 1, Size, Active, Idle, Run, Secs};
  In.team_run = 1.35 + 0.70;
  In.team_width = 2;
  In.team_seconds = 72.7e-6;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1); // the thesis: little alone
  EXPECT_NEAR(__kmp_erase_energy(&In, 1, 1), 1.65 * 84.8e-6, 1e-12);
  In.spin = Spin;
  In.threads = Size;
  In.spin_below = 100e-6;
  In.spin_for = 100e-6;
  EXPECT_NEAR(__kmp_erase_energy(&In, 1, 1), 3.00 * 84.8e-6, 1e-12);
  EXPECT_NEAR(__kmp_erase_energy(&In, 0, 1), 3.00 * 92.8e-6, 1e-12);
  EXPECT_NEAR(__kmp_erase_energy(&In, 2, 2), 3.00 * 72.7e-6, 1e-12);
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 2);
  EXPECT_NEAR(C.joules, 3.00 * 72.7e-6, 1e-12);
  // A core that spins only 20 us before it sleeps is charged 20 us of spin.
  In.spin_for = 20e-6;
  EXPECT_NEAR(__kmp_erase_energy(&In, 1, 1), 1.65 * 84.8e-6 + 1.35 * 20e-6,
              1e-12);
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  In.spin_for = 100e-6;
  // A loop of 100 us or more puts the idle threads to sleep at once: ten
  // times longer, the thesis' choice again.
  Secs[0] *= 10;
  Secs[1] *= 10;
  In.team_seconds *= 10;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  EXPECT_NEAR(__kmp_erase_energy(&In, 1, 1), 1.65 * 848e-6, 1e-12);
  Secs[0] /= 10;
  Secs[1] /= 10;
  In.team_seconds /= 10;
  // A cluster busy with other tasks is charged neither idle nor spin.
  Active[0] = 1;
  EXPECT_NEAR(__kmp_erase_energy(&In, 1, 1), 1.25 * 84.8e-6, 1e-12);
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  Active[0] = 0;
  // Without a back-off sleep (spin_below infinite) every loop is spun
  // through.
  In.spin_below = INFINITY;
  In.spin_for = INFINITY;
  EXPECT_NEAR(__kmp_erase_energy(&In, 1, 1), 3.00 * 84.8e-6, 1e-12);
  // Within one cluster the cores beyond the width spin: x86.power's one
  // cluster of two cores (6 W idle, 12 W per core), one core for 100 us of a
  // 150-us loop is (6 + 12 + 12) W x 100 us, not (6 + 12) W x 100 us.
  int One[1] = {2}, None[1] = {0};
  double Idle1[1] = {6.0}, Run1[2] = {12.0, 24.0}, Secs1[2] = {100e-6, 65e-6};
  double Spin1[1] = {12.0};
  kmp_erase_map_in_t Hom = {1, 2, One, None, Idle1, Run1, Secs1};
  EXPECT_EQ(__kmp_erase_map(&Hom).width, 1); // 1.8 mJ against 1.95 mJ
  Hom.spin = Spin1;
  Hom.threads = One;
  Hom.spin_below = 100e-6 * 1.5;
  Hom.spin_for = 100e-6 * 1.5;
  EXPECT_NEAR(__kmp_erase_energy(&Hom, 0, 1), 30.0 * 100e-6, 1e-12);
  EXPECT_NEAR(__kmp_erase_energy(&Hom, 0, 2), 30.0 * 65e-6, 1e-12);
  EXPECT_EQ(__kmp_erase_map(&Hom).width, 2);
}

// OMP_SELECT_OBJECTIVE: the same predictions give the least energy, time or
// energy-delay product; joules stay the configuration's energy.
TEST(EraseMap, ObjectiveChangesTheChoice) {
  int Size[2] = {1, 1}, Active[2] = {0, 0};
  double Idle[2] = {0.5, 0.1}, Run[2] = {4.0, 0.5}, Secs[2] = {1.0, 3.0};
  kmp_erase_map_in_t In = {2, 1, Size, Active, Idle, Run, Secs};
  // big: 4.6 J in 1 s (EDP 4.6); little: 3.3 J in 3 s (EDP 9.9).
  EXPECT_EQ(In.objective, kmp_erase_objective_energy); // the default
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1);
  EXPECT_NEAR(C.joules, 3.3, 1e-12);
  In.objective = kmp_erase_objective_time;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_NEAR(C.joules, 4.6, 1e-12);
  EXPECT_NEAR(__kmp_erase_cost(&In, 1, 1), 3.0, 1e-12);
  In.objective = kmp_erase_objective_edp;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0);
  EXPECT_NEAR(__kmp_erase_cost(&In, 1, 1), 9.9, 1e-12);
  Secs[1] = 1.5; // little: 1.65 J in 1.5 s, EDP 2.475
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  // The refresh takes the objective too: the best other than little is big.
  EXPECT_EQ(__kmp_erase_map_except(&In, 1, 1).cluster, 0);
  // Untried configurations still come first, whatever the objective.
  Secs[0] = 0;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_EQ(C.joules, 0.0);
}

TEST(EraseMap, RefreshPicksTheCheapestOther) {
  TwoClusters M(1);
  M.run(0, 1) = 4; // big: 5 J
  M.run(1, 1) = 1; // little: 3 J
  M.secs(0, 1) = 1.0;
  M.secs(1, 1) = 2.0;
  kmp_erase_map_in_t In = M.in();
  kmp_erase_choice_t C = __kmp_erase_map_except(&In, 1, 1);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_DOUBLE_EQ(C.joules, 5.0);
  M.secs(0, 1) = 0; // untried configurations are not refreshed
  EXPECT_EQ(__kmp_erase_map_except(&In, 1, 1).cluster, -1);
  M.secs(0, 1) = -1; // nor those being tried
  EXPECT_EQ(__kmp_erase_map_except(&In, 1, 1).cluster, -1);
}

// The decisions among d = 1..n that are refreshes, for a choice that is
// best(d).
template <typename F>
static std::vector<unsigned long long> refreshes(int backoff, int n, F best) {
  kmp_erase_refresh_t R = {0, 0, 0};
  std::vector<unsigned long long> Due;
  for (unsigned long long D = 1; D <= (unsigned long long)n; ++D)
    if (__kmp_erase_refresh_due(&R, D, best(D), backoff))
      Due.push_back(D);
  return Due;
}

TEST(EraseMap, RefreshBacksOffWhileTheChoiceHolds) {
  auto Same = [](unsigned long long) { return 3; };
  // fixed: every 64th decision (31 of 2000).
  std::vector<unsigned long long> Fixed = refreshes(0, 2000, Same);
  ASSERT_EQ(Fixed.size(), 31u);
  EXPECT_EQ(Fixed[0], 64u);
  EXPECT_EQ(Fixed[30], 1984u);
  // backoff: 64, then intervals of 128, 256, 512 and at most 1024.
  std::vector<unsigned long long> Back = refreshes(1, 5000, Same);
  std::vector<unsigned long long> Want = {65, 193, 449, 961, 1985, 3009, 4033};
  EXPECT_EQ(Back, Want);
  // A new choice (at decision 1000) brings the interval back to 64.
  std::vector<unsigned long long> Changed =
      refreshes(1, 1300, [](unsigned long long D) { return D < 1000 ? 3 : 5; });
  Want = {65, 193, 449, 961, 1064, 1192};
  EXPECT_EQ(Changed, Want);
  // A choice that keeps changing is never refreshed: both sides are measured.
  EXPECT_TRUE(refreshes(1, 2000, [](unsigned long long D) {
                return (int)(D / 50 % 2);
              }).empty());
}

TEST(EraseMap, TaskStaysOnItsCreatorsClusterUnlessAnotherIsClearlyCheaper) {
  // OMP_ERASE_STAY: big (the creator's) 1.0 s at 1 + 1 W = 2 J; little at
  // 0.5 + 1 W, both clusters active (no idle power charged elsewhere).
  TwoClusters M(1);
  M.run(0, 1) = 1;
  M.run(1, 1) = 1;
  M.secs(0, 1) = 1.0;
  M.secs(1, 1) = 1.3; // 1.95 J: 2.5% cheaper than big
  kmp_erase_map_in_t In = M.in();
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1); // the thesis' least energy
  In.home1 = 1;                               // created on big
  In.stay = 0.05;
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 0);
  EXPECT_DOUBLE_EQ(C.joules, 2.0);
  M.secs(1, 1) = 1.2; // 1.8 J: 10% cheaper, more than the margin
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  In.stay = 0; // off
  M.secs(1, 1) = 1.3;
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  In.stay = 0.05;
  M.secs(0, 1) = 0; // the creator's cluster untried: tried first, as ever
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 0);
  EXPECT_DOUBLE_EQ(__kmp_erase_map(&In).joules, 0.0);
  M.secs(0, 1) = -1; // being tried: nothing to stay on
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  M.secs(0, 1) = 1.0;
  M.secs(1, 1) = 0; // another untried: tried first
  EXPECT_EQ(__kmp_erase_map(&In).cluster, 1);
  EXPECT_DOUBLE_EQ(__kmp_erase_map(&In).joules, 0.0);
}

// OMP_ERASE_TIE: the homogeneous taskloop benchmark's matrix product at
// n = 128 (one cluster of two cores, x86.power's 6 W idle and 12 W per busy
// core): one core 314 us, 5.65 mJ; two 191.5 us, 5.75 mJ. The thesis' least
// energy takes one core, 1.64x the time for 1.6% less energy.
TEST(EraseMap, EnergyTiesGoToTheFasterConfiguration) {
  int Size[1] = {2}, Active[1] = {1};
  double Idle[1] = {6.0}, Run[2] = {12.0, 24.0}, Secs[2] = {314e-6, 191.5e-6};
  kmp_erase_map_in_t In = {1, 2, Size, Active, Idle, Run, Secs};
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.width, 1); // no margin: the thesis' least energy
  EXPECT_NEAR(C.joules, 18.0 * 314e-6, 1e-12);
  In.tie = 0.05;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.width, 2);
  EXPECT_NEAR(C.joules, 30.0 * 191.5e-6, 1e-12); // its own energy
  In.objective = kmp_erase_objective_edp;        // EDP: two cores anyway
  EXPECT_EQ(__kmp_erase_map(&In).width, 2);
  // Beyond the margin the least energy wins: two cores at 220 us, 6.6 mJ.
  In.objective = kmp_erase_objective_energy;
  Secs[1] = 220e-6;
  EXPECT_EQ(__kmp_erase_map(&In).width, 1);
  // Within the margin but slower: the least energy is also the fastest.
  Secs[1] = 320e-6;
  Run[1] = 12.0;
  EXPECT_EQ(__kmp_erase_map(&In).width, 1);
  // The time objective has no ties to break: the fastest is the least.
  In.objective = kmp_erase_objective_time;
  Secs[1] = 191.5e-6;
  Run[1] = 24.0;
  EXPECT_EQ(__kmp_erase_map(&In).width, 2);
  // Untried configurations still come first; the refresh takes the least
  // cost other than the current one.
  In.objective = kmp_erase_objective_energy;
  Secs[0] = 0;
  C = __kmp_erase_map(&In);
  EXPECT_EQ(C.width, 1);
  EXPECT_EQ(C.joules, 0.0);
  Secs[0] = 314e-6;
  EXPECT_EQ(__kmp_erase_map_except(&In, 0, 2).width, 1);
}

// OMP_ERASE_TIME_WEIGHT: with the energy objective the cost is energy x
// seconds^weight (time_quarters = weight x 4); 0 (aggregate initialisation
// here) is the thesis' energy.
TEST(EraseMap, TimeWeightPricesTheTime) {
  // One cluster of two cores; one core 14% cheaper for 1.43x the time.
  int Size[1] = {2}, Active[1] = {1};
  double Idle[1] = {6.0}, Run[2] = {12.0, 24.0}, Secs[2] = {314e-6, 220e-6};
  kmp_erase_map_in_t In = {1, 2, Size, Active, Idle, Run, Secs};
  EXPECT_EQ(__kmp_erase_map(&In).width, 1); // energy alone
  In.time_quarters = 2;                     // weight 0.5
  // 5.65 mJ x 314^0.5 = 100.2 against 6.6 mJ x 220^0.5 = 97.9 (x 1e-3 us^0.5)
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.width, 2);
  EXPECT_NEAR(C.joules, 30.0 * 220e-6, 1e-12); // joules stay the energy
  EXPECT_NEAR(__kmp_erase_cost(&In, 0, 1), 18.0 * 314e-6 * sqrt(314e-6), 1e-15);
  // A larger saving still wins: one core 27% cheaper for 1.43x the time.
  Run[0] = 8.0;
  EXPECT_EQ(__kmp_erase_map(&In).width, 1);
  Run[0] = 12.0;
  // Weight 1 is the energy-delay product; the default, 0.25, the fourth root.
  In.time_quarters = 4;
  EXPECT_NEAR(__kmp_erase_cost(&In, 0, 2), 30.0 * 220e-6 * 220e-6, 1e-15);
  In.time_quarters = 1;
  EXPECT_NEAR(__kmp_erase_cost(&In, 0, 2), 30.0 * 220e-6 * pow(220e-6, 0.25),
              1e-15);
  In.time_quarters = 7;
  EXPECT_NEAR(__kmp_erase_cost(&In, 0, 2), 30.0 * 220e-6 * pow(220e-6, 1.75),
              1e-18);
  // Big.LITTLE: the little cluster alone at 1.1x the whole team's time for
  // 20% less energy is still taken at weight 0.5, not at 4.
  int Size2[2] = {1, 1}, Active2[2] = {0, 0};
  double Idle2[2] = {0.5, 0.1}, Run2[2] = {4.0, 0.4};
  double Secs2[2];
  kmp_erase_map_in_t Tl = {2, 1, Size2, Active2, Idle2, Run2, Secs2};
  Tl.team_run = 4.4;
  Tl.team_width = 2;
  Tl.team_seconds = 1.0; // 5.0 J
  Secs2[0] = 1.6;        // big alone: 0.6 + 4.0 W over 1.6 s, 7.36 J
  // Little alone: 4.0 J (0.6 W idle) at 1.1x the team's time, 20% less.
  Secs2[1] = 1.1;
  Run2[1] = 4.0 / 1.1 - 0.6;
  Tl.time_quarters = 2;
  EXPECT_EQ(__kmp_erase_map(&Tl).cluster, 1);
  Tl.time_quarters = 16; // weight 4: 4.0 x 1.1^4 = 5.86 J against 5.0: the team
  EXPECT_EQ(__kmp_erase_map(&Tl).cluster, 2);
}

TEST(EraseMap, WidthsWithinEachCluster) {
  TwoClusters M(4);
  for (int W = 1; W <= 4; ++W) {
    M.run(0, W) = 4.0 * W;
    M.run(1, W) = 1.0 * W;
    M.secs(0, W) = 1.0 / W;
    M.secs(1, W) = 2.0 / W; // little scales perfectly
  }
  kmp_erase_map_in_t In = M.in();
  // Big has 2 cores, so widths 3 and 4 never count there (their entries
  // stay untried and must not be chosen).
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.cluster, 1);
  EXPECT_EQ(C.width, 4); // (0.5 + 4) * 0.5 = 2.25 J, the least
  EXPECT_DOUBLE_EQ(C.joules, 2.25);
}

// OMP_ERASE_LADDER: a cluster of 12 cores tries widths 1, 2, 4, 8 and 12
// only; one of 4 every width; off (the thesis) every width everywhere.
TEST(EraseMap, LadderOfWidthsOnLargeClusters) {
  EXPECT_TRUE(__kmp_erase_width_offered(1, 4, 3));
  EXPECT_TRUE(__kmp_erase_width_offered(1, 12, 8));
  EXPECT_TRUE(__kmp_erase_width_offered(1, 12, 12));
  EXPECT_FALSE(__kmp_erase_width_offered(1, 12, 11));
  EXPECT_FALSE(__kmp_erase_width_offered(1, 12, 3));
  EXPECT_TRUE(__kmp_erase_width_offered(0, 12, 11));
  EXPECT_FALSE(__kmp_erase_width_offered(0, 12, 13));
  EXPECT_FALSE(__kmp_erase_width_offered(1, 12, 0));

  TwoClusters M(12);
  M.Size[0] = 12; // one cluster of 12 cores; the other has none
  M.Size[1] = 0;
  for (int W = 1; W <= 12; ++W)
    M.run(0, W) = 1.0; // (no power table: 1 W, so the least time wins)
  kmp_erase_map_in_t In = M.in();
  In.ladder = 1;
  std::vector<int> Tried;
  for (;;) { // the trials, widest first as with OMP_ERASE_DEFER
    In.defer = KMP_ERASE_DEFER_SHARE;
    In.spent = 1e9; // (every trial can pay)
    kmp_erase_choice_t C = __kmp_erase_map(&In);
    ASSERT_EQ(C.cluster, 0);
    if (C.joules != 0.0)
      break; // measured: a choice
    Tried.push_back(C.width);
    M.secs(0, C.width) = 1.0 / C.width;
  }
  EXPECT_EQ(Tried, (std::vector<int>{12, 8, 4, 2, 1}));
  // A width off the ladder with a time (the model store, OMP_ERASE_INTERP)
  // may be chosen: the ladder governs the trials.
  M.secs(0, 11) = 0.01;
  EXPECT_EQ(__kmp_erase_map(&In).width, 11);
  M.secs(0, 11) = 0;
  EXPECT_EQ(__kmp_erase_map(&In).width, 12);
  In.ladder = 0; // the thesis: widths 11, 10 and 9 are tried
  kmp_erase_choice_t C = __kmp_erase_map(&In);
  EXPECT_EQ(C.joules, 0.0);
  EXPECT_EQ(C.width, 11);
}

TEST(EraseMap, NoClusterWithCores) {
  TwoClusters M(1);
  M.Size[0] = M.Size[1] = 0;
  kmp_erase_map_in_t In = M.in();
  EXPECT_EQ(__kmp_erase_map(&In).cluster, -1);
}

TEST(EraseInterp, BetweenMeasuredWidths) {
  double T[8] = {8.0, 0, 0, 2.0, 0, 0, 0, 0};
  EXPECT_DOUBLE_EQ(__kmp_erase_interp_linear(T, 8, 1), 8.0); // measured
  EXPECT_DOUBLE_EQ(__kmp_erase_interp_linear(T, 8, 2), 6.0);
  EXPECT_DOUBLE_EQ(__kmp_erase_interp_linear(T, 8, 3), 4.0);
}

TEST(EraseInterp, NeedsTwoPointsAndStaysNear) {
  double One[8] = {8.0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(__kmp_erase_interp_linear(One, 8, 2), 0.0); // one point: try it
  double T[8] = {8.0, 4.5, 0, 0, 0, 0, 0, 0};
  // The line through (1, 8) and (2, 4.5) gives 1.0 at 3: faster than
  // perfect scaling from width 2 (3.0), so bounded there.
  EXPECT_DOUBLE_EQ(__kmp_erase_interp_linear(T, 8, 3), 3.0);
  EXPECT_DOUBLE_EQ(__kmp_erase_interp_linear(T, 8, 4), 2.25);
  EXPECT_EQ(__kmp_erase_interp_linear(T, 8, 5), 0.0); // beyond twice 2
  EXPECT_EQ(__kmp_erase_interp_linear(T, 8, 9), 0.0); // no such width
}

TEST(EraseInterp, NeverWildlyWrong) {
  // Widths 1-5 of a task that scales, then saturates: t(w) = 1/w + 0.05 w.
  // A quartic through these five points predicts a negative time at 16 (the
  // thesis' trouble); the linear model stays within what cores can do.
  double T[16] = {0};
  for (int W = 1; W <= 5; ++W)
    T[W - 1] = 1.0 / W + 0.05 * W;
  for (int W = 6; W <= 10; ++W) {
    double P = __kmp_erase_interp_linear(T, 16, W);
    double Truth = 1.0 / W + 0.05 * W;
    ASSERT_GT(P, 0.0) << W;
    EXPECT_GE(P, T[4] * 5 / W) << W; // no better than perfect scaling
    EXPECT_LE(P, T[4]) << W;         // no worse than width 5
    EXPECT_LT(fabs(P - Truth) / Truth, 0.5) << W;
  }
  EXPECT_EQ(__kmp_erase_interp_linear(T, 16, 16), 0.0); // too far: try it
  // Towards smaller widths, symmetrically bounded.
  double U[8] = {0, 0, 0, 1.0, 0, 0, 0, 0.6};
  double P = __kmp_erase_interp_linear(U, 8, 2);
  EXPECT_GE(P, 1.0);
  EXPECT_LE(P, 2.0);
}

TEST(EraseOffline, ParseAndEvaluate) {
  kmp_erase_offline_t M;
  char Err[160] = "";
  ASSERT_EQ(__kmp_erase_offline_parse("# written by erase-fit\n"
                                      "poly compute 1.0 -0.5 0.0625\n"
                                      "pmnf compute 1.0 -1 0  0.1 1 1\n"
                                      "vector compute 1.0 0.5 0.35 0.3\n",
                                      "m.model", &M, Err, sizeof(Err)),
            0)
      << Err;
  EXPECT_EQ(M.poly[kmp_erase_compute].nterms, 3);
  EXPECT_EQ(M.pmnf[kmp_erase_compute].nterms, 2);
  EXPECT_EQ(M.poly[kmp_erase_memory].nterms, 0);
  EXPECT_EQ(M.nvec[kmp_erase_compute], 4);
  // 1 - 0.5 * 2 + 0.0625 * 4
  EXPECT_DOUBLE_EQ(__kmp_erase_function_eval(&M.poly[kmp_erase_compute], 2),
                   0.25);
  // 1 / 4 + 0.1 * 4 * log2(4)
  EXPECT_DOUBLE_EQ(__kmp_erase_function_eval(&M.pmnf[kmp_erase_compute], 4),
                   0.25 + 0.8);
}

TEST(EraseOffline, ParseErrorsNameFileAndLine) {
  kmp_erase_offline_t M;
  char Err[160];
  struct {
    const char *Text, *Message;
  } Cases[] = {
      {"poly compute 1\nspline compute 1\n",
       "m.model:2: expected 'poly', 'pmnf' or 'vector'"},
      {"poly vector 1\n", "m.model:1: expected a task class: memory, cache "
                          "or compute"},
      {"poly cache 1 x\n", "m.model:1: expected numbers"},
      {"pmnf cache 1 2\n",
       "m.model:1: a PMNF model has 1 to 8 terms of 3 numbers (c i j)"},
      {"poly cache 1\npoly cache 2\n",
       "m.model:2: a second model of the same kind for this class"},
      {"vector memory\n", "m.model:1: a vector has 1 to 64 times, width 1 "
                          "first"},
      {"vector memory 1 -2\n", "m.model:1: a vector's times are >= 0"},
      // A model cut short: "poly compute 1.25 -0.5" read as one term.
      {"poly compute 1.2", "m.model:1: " KMP_MVOMP_UNTERMINATED_MESSAGE},
      {"# erase-fit\npoly cache 1\npoly compute 1.25 -0",
       "m.model:3: " KMP_MVOMP_UNTERMINATED_MESSAGE},
  };
  for (auto &C : Cases) {
    EXPECT_EQ(
        __kmp_erase_offline_parse(C.Text, "m.model", &M, Err, sizeof(Err)), -1)
        << C.Text;
    EXPECT_STREQ(Err, C.Message) << C.Text;
    EXPECT_EQ(M.poly[kmp_erase_cache].nterms, 0); // emptied
  }
}

TEST(EraseOffline, PhaseThreeScalesByMeasuredWidths) {
  // Normalised model: f(w) = 1/w, vector 1, 1/2, 1/3, 1/4. A task whose
  // width 1 took 8 s and width 2 took 4.4 s: scale = (8/1 + 4.4/0.5) / 2.
  kmp_erase_function_t F = {1, {1.0}, {-1.0}, {0.0}};
  double Vec[4] = {1.0, 0.5, 1.0 / 3, 0.25};
  double T[4] = {8.0, 4.4, 0, 0};
  double Scale = (8.0 / 1.0 + 4.4 / 0.5) / 2;
  EXPECT_DOUBLE_EQ(__kmp_erase_interp_offline(&F, Vec, 4, T, 4, 4),
                   Scale * 0.25);
  double None[4] = {0, 0, 0, 0};
  EXPECT_EQ(__kmp_erase_interp_offline(&F, Vec, 4, None, 4, 4), 0.0);
  kmp_erase_function_t Negative = {2, {1.0, -1.0}, {0.0, 1.0}, {0.0, 0.0}};
  EXPECT_EQ(__kmp_erase_interp_offline(&Negative, Vec, 4, T, 4, 3), 0.0);
}

TEST(EraseHistory, RepeatIsThatManyUpdates) {
  // A batch joins the history at its mean: the closed form after the first
  // updates gives what n updates one by one give, from an empty history, from
  // one whose sample the clamp cuts, and from one near the sample.
  const double Starts[] = {0.0, 1e-6, 1e-3, 2e-4};
  const unsigned Counts[] = {1, 2, 3, 32, 500};
  for (double Start : Starts)
    for (unsigned N : Counts) {
      kmp_erase_hist_t One = {Start, 0, Start > 0 ? 3u : 0u};
      kmp_erase_hist_t Many = One;
      for (unsigned I = 0; I < N; ++I)
        __kmp_erase_hist_update(&One, 1.5e-4, 0);
      __kmp_erase_hist_repeat(&Many, 1.5e-4, N);
      EXPECT_NEAR(Many.seconds, One.seconds, 1e-12 + 1e-9 * One.seconds)
          << Start << " " << N;
      EXPECT_EQ(Many.count, One.count);
    }
}

TEST(EraseBackoff, FiveRoundsThenDoublingToTheCap) {
  // The thesis' rule: no spinning time (OMP_ERASE_SLEEP_SPIN=0).
  kmp_erase_backoff_t B = {0, 0, 0, 0};
  for (int I = 0; I < KMP_ERASE_BACKOFF_ROUNDS; ++I)
    EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 0, 0), 0u);
  unsigned Expected = 10;
  for (int I = 0; I <= KMP_ERASE_BACKOFF_SHIFTS; ++I, Expected *= 2)
    EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 0, 0), Expected);
  EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 0, 0),
            10u << KMP_ERASE_BACKOFF_SHIFTS);
  __kmp_erase_backoff_reset(&B);
  EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 0, 0), 0u);
  kmp_erase_backoff_t Off = {0, 0, 0, 0};
  for (int I = 0; I < 20; ++I)
    EXPECT_EQ(__kmp_erase_backoff_fail(&Off, 0, 0, 0), 0u); // sleep off
}

TEST(EraseBackoff, SpinsThroughShortGapsBeforeTheFirstSleep) {
  // Failing rounds 1 us apart with 100 us of spinning: no sleep before the
  // streak is 100 us old, however many rounds failed; then the doubling.
  kmp_erase_backoff_t B = {0, 0, 0, 0};
  unsigned long long Now = 5000000;
  for (int I = 0; I < 100; ++I, Now += 1000)
    EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 0u) << I;
  EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 10u);
  EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 20u); // no new spin
  // One long gap (a phase's end) changes nothing: the next streak spins.
  Now += 1000000;
  __kmp_erase_backoff_found(&B, 100, Now);
  EXPECT_EQ(B.long_gaps, 1u);
  for (int I = 0; I < 100; ++I, Now += 1000)
    EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 0u) << I;
  EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 10u);
  // Two in a row (the mapper leaves this core idle): the next streak sleeps
  // after the thesis' five rounds.
  Now += 1000000;
  __kmp_erase_backoff_found(&B, 100, Now);
  EXPECT_EQ(B.long_gaps, 2u);
  for (int I = 0; I < KMP_ERASE_BACKOFF_ROUNDS; ++I, Now += 1000)
    EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 0u) << I;
  EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 10u);
  // A short gap (a task within 30 us, one sleep included): spinning again.
  Now += 30000;
  __kmp_erase_backoff_found(&B, 100, Now);
  EXPECT_EQ(B.long_gaps, 0u);
  for (int I = 0; I < 99; ++I, Now += 1000)
    EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now), 0u) << I;
  EXPECT_EQ(__kmp_erase_backoff_fail(&B, 10, 100, Now + 1000), 10u);
  // A long gap still needs the thesis' five rounds.
  kmp_erase_backoff_t Slow = {0, 0, 0, 0};
  for (int I = 0; I < KMP_ERASE_BACKOFF_ROUNDS; ++I, Now += 1000000)
    EXPECT_EQ(__kmp_erase_backoff_fail(&Slow, 10, 100, Now), 0u);
  EXPECT_EQ(__kmp_erase_backoff_fail(&Slow, 10, 100, Now), 10u);
}

TEST(EraseBackoff, OnlyLongNarrowedLoopsPutIdleThreadsToSleepAtOnce) {
  // A loop of 3 ms from t = 1 s: until 1.003 s; of 12 us: spin as usual.
  EXPECT_EQ(__kmp_erase_narrow_sleep_until(3e-3, 1000000000ull), 1003000000ull);
  EXPECT_EQ(__kmp_erase_narrow_sleep_until(12e-6, 1000000000ull), 0ull);
  EXPECT_NE(__kmp_erase_narrow_sleep_until(KMP_ERASE_NARROW_SLEEP_US * 1e-6, 1),
            0ull);
  EXPECT_EQ(__kmp_erase_narrow_sleep_until(0, 1), 0ull); // unknown
  EXPECT_EQ(__kmp_erase_narrow_sleep_until(NAN, 1), 0ull);
  EXPECT_EQ(__kmp_erase_narrow_sleep_until(INFINITY, 1), 0ull);
}

// ---- Sampled timing of short executions ------------------------------------
TEST(EraseTiming, EveryKeepsTimingUnderOnePercentOfTheShortest) {
  // Two clock reads of 10 ns on tasks of 1.2 us: one in 2 (the rule before
  // the bookkeeping was counted); with 150 ns of bookkeeping, one in 15.
  EXPECT_EQ(__kmp_erase_timing_every(20, 1.2e-6), 2u);
  EXPECT_EQ(__kmp_erase_timing_every(170, 1.2e-6), 15u);
  // Timing always costs at most the share: every * least * share >= cost.
  for (double Cost : {5.0, 20.0, 170.0, 900.0})
    for (double Least : {1e-7, 1e-6, 3.3e-6, 2e-5, 1e-3}) {
      unsigned Every = __kmp_erase_timing_every(Cost, Least);
      ASSERT_GE(Every, 1u);
      ASSERT_LE(Every, (unsigned)KMP_ERASE_EVERY_MAX);
      if (Every < KMP_ERASE_EVERY_MAX)
        EXPECT_GE(Every * Least * KMP_ERASE_TIMING_SHARE * 1e9, Cost * 0.999)
            << Cost << " ns over " << Least << " s";
    }
  // Long executions are all timed; tiny ones one in 64 at most.
  EXPECT_EQ(__kmp_erase_timing_every(170, 1e-3), 1u);
  EXPECT_EQ(__kmp_erase_timing_every(170, 1e-8), (unsigned)KMP_ERASE_EVERY_MAX);
  // Nothing known: every execution timed.
  EXPECT_EQ(__kmp_erase_timing_every(170, 0), 1u);
  EXPECT_EQ(__kmp_erase_timing_every(NAN, 1e-6), 1u);
  EXPECT_EQ(__kmp_erase_timing_every(170, NAN), 1u);
}

TEST(EraseTiming, CostFollowsWarmSamplesAndResistsColdOrPreemptedOnes) {
  // Before any sample: the start value; a thread's cold first sample (78 us)
  // moves it by at most 3/8 (counted as 4x the measure).
  EXPECT_DOUBLE_EQ(__kmp_erase_timing_cost_update(0, NAN),
                   KMP_ERASE_TIMING_COST_START_NS);
  double Cost = __kmp_erase_timing_cost_update(0, 78000);
  EXPECT_DOUBLE_EQ(Cost, KMP_ERASE_TIMING_COST_START_NS *
                             (1 + (KMP_ERASE_TIMING_COST_CLAMP - 1) /
                                      KMP_ERASE_TIMING_COST_KEEP));
  // Warm samples of 126 ns bring it down within a few samples.
  for (int I = 0; I < 8; ++I)
    Cost = __kmp_erase_timing_cost_update(Cost, 126);
  EXPECT_NEAR(Cost, 126, 5);
  // One preempted sample (1 ms) counts as 4x the measure: +3/8 of it, and
  // tasks of 1.2 us are then timed about 1.4x less often, not 64x.
  double After = __kmp_erase_timing_cost_update(Cost, 1e6);
  EXPECT_NEAR(After, Cost * 1.375, 1e-9);
  EXPECT_LE(__kmp_erase_timing_every(After, 1.2e-6),
            2 * __kmp_erase_timing_every(Cost, 1.2e-6));
  // A lasting rise is followed (slowly), a fall at once by half.
  double Up = Cost;
  for (int I = 0; I < 100; ++I)
    Up = __kmp_erase_timing_cost_update(Up, 300);
  EXPECT_NEAR(Up, 300, 1);
  EXPECT_DOUBLE_EQ(__kmp_erase_timing_cost_update(300, 100), 200);
  // A sample that is not a number, or negative, is ignored.
  EXPECT_DOUBLE_EQ(__kmp_erase_timing_cost_update(Cost, NAN), Cost);
  EXPECT_DOUBLE_EQ(__kmp_erase_timing_cost_update(Cost, -5), Cost);
}

// ---- Saved histories (the model store's ERASE file) -------------------------
static bool parseRow(const char *Line, kmp_erase_saved_t *Row,
                     std::string *Why = nullptr) {
  char Buf[512] = "";
  int Ok = __kmp_erase_saved_parse(Line, strlen(Line), Row, Buf, sizeof(Buf));
  if (Why)
    *Why = Buf;
  return Ok == 1;
}

TEST(EraseStore, RowsParse) {
  kmp_erase_saved_t R;
  ASSERT_TRUE(parseRow("taskloop,bench@00000000000000ab+0x1690,denver,2,64,"
                       "0.00301,3\r",
                       &R));
  EXPECT_EQ(R.kind, 1);
  EXPECT_STREQ(R.code, "bench@00000000000000ab+0x1690");
  EXPECT_STREQ(R.cluster, "denver");
  EXPECT_EQ(R.width, 2);
  EXPECT_EQ(R.executions, 64ull);
  EXPECT_DOUBLE_EQ(R.seconds, 0.00301);
  EXPECT_EQ(R.age, 3u);
  ASSERT_TRUE(parseRow("task,lib.so@1+0x10,team,1,1,1e-6,0", &R));
  EXPECT_EQ(R.kind, 0);
}

TEST(EraseStore, EveryMalformedRowNamed) {
  kmp_erase_saved_t R;
  std::string Why;
  const char *Bad[][2] = {
      {"taskgroup,c,a,1,1,1e-6,0", "kind"},
      {"task,c,a,1,1,1e-6", "6 fields"},
      {"task,c,a,1,1,1e-6,0,9", "more than 7"},
      {"task,,a,1,1,1e-6,0", "empty"},
      {"task,c,,1,1,1e-6,0", "empty"},
      {"task,c,a,0,1,1e-6,0", "width"},
      {"task,c,a,65,1,1e-6,0", "width"},
      {"task,c,a,-1,1,1e-6,0", "width"},
      {"task,c,a,1,0,1e-6,0", "executions"},
      {"task,c,a,1,65,1e-6,0", "executions"},
      {"task,c,a,1, 2,1e-6,0", "executions"},
      {"task,c,a,1,1,0,0", "seconds"},
      {"task,c,a,1,1,-1e-6,0", "seconds"},
      {"task,c,a,1,1,nan,0", "seconds"},
      {"task,c,a,1,1,inf,0", "seconds"},
      {"task,c,a,1,1,1e999,0", "seconds"},
      {"task,c,a,1,1,1e-6x,0", "seconds"},
      {"task,c,a,1,1,1e-6,", "age"},
      {"task,c,a,1,1,1e-6,4294967296", "age"},
  };
  for (auto &B : Bad) {
    EXPECT_FALSE(parseRow(B[0], &R, &Why)) << B[0];
    EXPECT_NE(Why.find(B[1]), std::string::npos) << B[0] << ": " << Why;
  }
  std::string Long(KMP_ERASE_STORE_CODE, 'x');
  EXPECT_FALSE(parseRow(("task," + Long + ",a,1,1,1e-6,0").c_str(), &R));
}

TEST(EraseStore, MergeWeighsAndKeepsAtMost64) {
  kmp_erase_saved_t R = {};
  __kmp_erase_saved_merge(&R, 10, 2e-3); // a new row takes the run's estimate
  EXPECT_EQ(R.executions, 10ull);
  EXPECT_DOUBLE_EQ(R.seconds, 2e-3);
  __kmp_erase_saved_merge(&R, 30, 4e-3); // 10 at 2 ms, 30 at 4 ms
  EXPECT_EQ(R.executions, 40ull);
  EXPECT_DOUBLE_EQ(R.seconds, 3.5e-3);
  R.age = 5;
  __kmp_erase_saved_merge(&R, 1000, 1e-3); // the file keeps 64 at most
  EXPECT_EQ(R.executions, (unsigned long long)KMP_ERASE_STORE_KEEP);
  EXPECT_NEAR(R.seconds, (40 * 3.5e-3 + 1000 * 1e-3) / 1040, 1e-12);
  EXPECT_EQ(R.age, 0u);
  kmp_erase_saved_t Before = R; // nothing measured: nothing changes
  __kmp_erase_saved_merge(&R, 0, 1e-3);
  __kmp_erase_saved_merge(&R, 5, NAN);
  EXPECT_EQ(R.executions, Before.executions);
  EXPECT_DOUBLE_EQ(R.seconds, Before.seconds);
}

} // namespace

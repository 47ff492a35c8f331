//===- VersionsPolicyTest.cpp - MVOMP's version selection policies --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The worked examples of thesis 000, Tables 3.1 (Mean), 3.2 (UCB) and 3.3
// (GB): the same time sequences give the same version choices, averages,
// standard deviations, bounds and preferences within the rounding of the
// tables (which print milliseconds, and preferences to two decimals).
//
//===----------------------------------------------------------------------===//

#include "kmp_versions_policy.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

constexpr double Ms = 1e6; // nanoseconds per millisecond
constexpr int A = 0, B = 1;

struct Bandit {
  std::vector<kmp_mv_arm_t> Arms;
  kmp_mv_key_t Key{};
  kmp_mv_policy_t Policy{};
  std::vector<int> Cand;
  kmp_mv_rng_t Rng{};

  Bandit(kmp_mv_policy_kind_t Kind, int N) : Arms(N) {
    Key.narms = N;
    Key.arms = Arms.data();
    Policy.kind = Kind;
    Policy.mean_reps = KMP_MV_DEFAULT_MEAN_REPS;
    Policy.ucb_k = KMP_MV_DEFAULT_UCB_K;
    Policy.gb_alpha = KMP_MV_DEFAULT_GB_ALPHA;
    Policy.fixed_arm = 0;
    for (int I = 0; I < N; ++I)
      Cand.push_back(I);
    __kmp_mv_rng_seed(&Rng, 42);
  }
  // The arm chosen (__kmp_mv_select returns its position in Cand).
  int select() {
    return Cand[__kmp_mv_select(&Policy, &Key, Cand.data(), (int)Cand.size(),
                                &Rng)];
  }
  void update(int Arm, double Ns) { __kmp_mv_update(&Policy, &Key, Arm, Ns); }
  double meanMs(int Arm) const { return Arms[Arm].mean / Ms; }
  double sdMs(int Arm) const { return __kmp_mv_stddev(&Arms[Arm]) / Ms; }
  double boundMs(int Arm) const {
    return __kmp_mv_ucb_bound(&Key, Arm, Policy.ucb_k) / Ms;
  }
};

// Table 3.1: Mean with 5 repetitions. (The table's row of B's averages is
// printed one column late; the values are those after each execution of B.)
TEST(VersionsPolicy, MeanTable31) {
  Bandit Bd(kmp_mv_mean, 2);
  const double Times[] = {899, 1104, 909, 1013, 975, 972, 958, 749, 1051, 777};
  const int Expected[] = {A, A, A, A, A, B, B, B, B, B};
  const double MeanA[] = {899, 1002, 971, 981, 980};
  const double SdA[] = {0, 145, 116, 97, 84};
  const double MeanB[] = {972, 965, 893, 933, 901};
  const double SdB[] = {0, 10, 125, 129, 132};
  for (int R = 0; R < 10; ++R) {
    int V = Bd.select();
    ASSERT_EQ(V, Expected[R]) << "round " << R + 1;
    Bd.update(V, Times[R] * Ms);
    int K = V == A ? R : R - 5;
    EXPECT_NEAR(Bd.meanMs(V), V == A ? MeanA[K] : MeanB[K], 0.5) << R + 1;
    EXPECT_NEAR(Bd.sdMs(V), V == A ? SdA[K] : SdB[K], 0.5) << R + 1;
  }
  // Committed to B, the lower mean, from then on ...
  for (int R = 0; R < 20; ++R) {
    ASSERT_EQ(Bd.select(), B);
    Bd.update(B, 900 * Ms);
  }
  // ... until B's mean rises above A's.
  for (int R = 0; R < 40 && Bd.meanMs(B) <= Bd.meanMs(A); ++R) {
    ASSERT_EQ(Bd.select(), B);
    Bd.update(B, 1500 * Ms);
  }
  EXPECT_EQ(Bd.select(), A);
}

// Table 3.2: UCB with k = 1.
TEST(VersionsPolicy, UcbTable32) {
  Bandit Bd(kmp_mv_ucb, 2);
  Bd.Policy.ucb_k = 1.0;
  const double Times[] = {815, 1235, 1079, 858, 965, 674, 972, 912, 976, 1060};
  const int Expected[] = {A, A, B, B, A, B, B, B, B, A};
  // Bounds after each round (0: not shown in the table). In round 10 the table
  // repeats A's bound of round 9 (828); its own mean and standard deviation
  // of A after round 10 (1019, 176) give 888, checked here.
  const double BoundA[] = {0, 1025, 850, 805, 860, 849, 841, 834, 828, 888};
  const double BoundB[] = {0, 0, 0, 853, 838, 722, 780, 805, 831, 828};
  for (int R = 0; R < 10; ++R) {
    int V = Bd.select();
    ASSERT_EQ(V, Expected[R]) << "round " << R + 1;
    Bd.update(V, Times[R] * Ms);
    if (BoundA[R] != 0)
      EXPECT_NEAR(Bd.boundMs(A), BoundA[R], 0.6) << "round " << R + 1;
    if (BoundB[R] != 0)
      EXPECT_NEAR(Bd.boundMs(B), BoundB[R], 0.6) << "round " << R + 1;
  }
  EXPECT_NEAR(Bd.meanMs(A), 1019, 0.5);
  EXPECT_NEAR(Bd.sdMs(A), 176, 0.5);
  EXPECT_NEAR(Bd.meanMs(B), 912, 0.5);
  EXPECT_NEAR(Bd.sdMs(B), 138, 0.5);
}

// Table 3.3: GB with alpha = 0.2. The choices are random, so the table's
// sequence is replayed; preferences start at 1 in the table and at 0 here
// (the soft-max does not change when all preferences shift together).
TEST(VersionsPolicy, GbTable33) {
  Bandit Bd(kmp_mv_gb, 2);
  const int Versions[] = {B, A, A, B, A, B, B, A, B, A};
  const double Times[] = {799, 909, 1013, 1004, 975, 972, 958, 965, 749, 877};
  const double PrefA[] = {1,    0.99, 0.98, 0.99, 0.99,
                          0.99, 0.99, 0.99, 0.97, 0.97};
  const double PrefB[] = {1,    1.01, 1.02, 1.01, 1.01,
                          1.01, 1.01, 1.01, 1.03, 1.03};
  const double ProbA[] = {50,   49.7, 49.1, 49.5, 49.3,
                          49.4, 49.5, 49.4, 48.4, 48.7};
  for (int R = 0; R < 10; ++R) {
    Bd.update(Versions[R], Times[R] * Ms);
    // The table rounds preferences to two decimals, and its probabilities
    // disagree with its own rounded preferences by up to 0.2 points (round
    // 10: 48.7% means preferences 0.974 and 1.026, printed 0.97 and 1.03).
    EXPECT_NEAR(1 + Bd.Arms[A].h, PrefA[R], 0.007) << "round " << R + 1;
    EXPECT_NEAR(1 + Bd.Arms[B].h, PrefB[R], 0.007) << "round " << R + 1;
    double P = 100 * __kmp_mv_gb_probability(&Bd.Key, A, Bd.Cand.data(), 2);
    EXPECT_NEAR(P, ProbA[R], 0.25) << "round " << R + 1;
  }
  EXPECT_NEAR(Bd.meanMs(A), 948, 0.5);
  EXPECT_NEAR(Bd.sdMs(A), 54, 0.5);
  EXPECT_NEAR(Bd.meanMs(B), 896, 0.5);
  EXPECT_NEAR(Bd.sdMs(B), 114, 0.5);
}

// GB draws versions with the soft-max probabilities, and learns the faster.
TEST(VersionsPolicy, GbSamplesItsProbabilities) {
  Bandit Bd(kmp_mv_gb, 2);
  Bd.Arms[A].h = std::log(3.0); // P(A) = 3/4
  int CountA = 0;
  for (int R = 0; R < 40000; ++R)
    CountA += Bd.select() == A;
  EXPECT_NEAR(CountA / 40000.0, 0.75, 0.01);

  Bandit Learn(kmp_mv_gb, 2);
  Learn.Policy.gb_alpha = 50; // times of ~1 ms: a large step to learn fast
  for (int R = 0; R < 2000; ++R) {
    int V = Learn.select();
    Learn.update(V, (V == A ? 2.0 : 1.0) * Ms);
  }
  EXPECT_GT(__kmp_mv_gb_probability(&Learn.Key, B, Learn.Cand.data(), 2), 0.9);
}

// With elimination, GB does not draw a version measured more than
// KMP_MV_ELIM_RATIO times slower than the best that ran; the others keep
// their soft-max probabilities among themselves. Without it (the thesis), the
// slow version is drawn with its probability.
TEST(VersionsPolicy, GbDrawsNoEliminatedVersion) {
  for (int Elim = 0; Elim < 2; ++Elim) {
    Bandit Bd(kmp_mv_gb, 3);
    Bd.Policy.eliminate = Elim;
    Bd.update(A, 1.0 * Ms);
    Bd.update(B, 1.1 * Ms);
    Bd.update(2, 30.0 * Ms);
    Bd.Arms[A].h = std::log(3.0); // P(A) = 3/4 of A and B
    Bd.Arms[B].h = 0.0;
    Bd.Arms[2].h = 0.0;
    int Count[3] = {0, 0, 0};
    for (int R = 0; R < 40000; ++R)
      ++Count[Bd.select()];
    if (Elim) {
      EXPECT_EQ(Count[2], 0);
      EXPECT_NEAR(Count[A] / 40000.0, 0.75, 0.01);
    } else {
      EXPECT_NEAR(Count[2] / 40000.0, 0.2, 0.01); // 1 / (3 + 1 + 1)
    }
  }
  // A version 2x slower is not eliminated.
  Bandit Near(kmp_mv_gb, 2);
  Near.Policy.eliminate = 1;
  Near.update(A, 1.0 * Ms);
  Near.update(B, 2.0 * Ms);
  Near.Arms[A].h = Near.Arms[B].h = 0.0;
  int CountB = 0;
  for (int R = 0; R < 40000; ++R)
    CountB += Near.select() == B;
  EXPECT_NEAR(CountB / 40000.0, 0.5, 0.01);
}

TEST(VersionsPolicy, FixedAndFallback) {
  Bandit Bd(kmp_mv_fixed, 3);
  Bd.Policy.fixed_arm = 2;
  for (int R = 0; R < 5; ++R)
    EXPECT_EQ(Bd.select(), 2);
  // A launch without the fixed version behaves as Mean.
  int Cand[] = {0, 1};
  EXPECT_EQ(Cand[__kmp_mv_select(&Bd.Policy, &Bd.Key, Cand, 2, &Bd.Rng)], 0);
}

TEST(VersionsPolicy, RandomIsUniformAndReproducible) {
  Bandit Bd(kmp_mv_random, 4), Same(kmp_mv_random, 4);
  int Count[4] = {0, 0, 0, 0};
  for (int R = 0; R < 40000; ++R) {
    int V = Bd.select();
    ++Count[V];
    ASSERT_EQ(V, Same.select()) << "same seed, same sequence";
  }
  for (int C : Count)
    EXPECT_NEAR(C / 40000.0, 0.25, 0.01);
}

// Every policy settles on the fastest of 5 versions of clearly different cost.
TEST(VersionsPolicy, AllPoliciesFindTheFastest) {
  for (kmp_mv_policy_kind_t Kind :
       {kmp_mv_mean, kmp_mv_ucb, kmp_mv_ts, kmp_mv_gb}) {
    Bandit Bd(Kind, 5);
    Bd.Policy.gb_alpha = 200;
    kmp_mv_rng_t Noise;
    __kmp_mv_rng_seed(&Noise, 7);
    int Last100 = 0;
    for (int R = 0; R < 1000; ++R) {
      int V = Bd.select();
      double Ms_ =
          1.0 + 0.3 * std::abs(V - 3) + 0.05 * __kmp_mv_rng_gaussian(&Noise);
      Bd.update(V, Ms_ * Ms);
      Last100 += R >= 900 && V == 3;
    }
    EXPECT_GE(Last100, 90) << __kmp_mv_policy_name(Kind);
  }
}

// Only the launch's candidates are chosen, in every policy.
TEST(VersionsPolicy, OnlyCandidates) {
  for (kmp_mv_policy_kind_t Kind : {kmp_mv_mean, kmp_mv_ucb, kmp_mv_gb,
                                    kmp_mv_fixed, kmp_mv_random, kmp_mv_ts}) {
    Bandit Bd(Kind, 6);
    int Cand[] = {4, 1};
    for (int R = 0; R < 200; ++R) {
      int V = Cand[__kmp_mv_select(&Bd.Policy, &Bd.Key, Cand, 2, &Bd.Rng)];
      ASSERT_TRUE(V == 4 || V == 1) << __kmp_mv_policy_name(Kind);
      Bd.update(V, (V == 4 ? 1.0 : 2.0) * Ms);
    }
  }
}

// Executions still running on other threads: selections count as started, so
// a parallel exploration phase does not run a version more than it must.
TEST(VersionsPolicy, ExplorationCountsStartedExecutions) {
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.mean_reps = 2;
  EXPECT_EQ(Bd.select(), A);
  EXPECT_EQ(Bd.select(), A);
  EXPECT_EQ(Bd.select(), B); // A's two executions have not finished
  EXPECT_EQ(Bd.select(), B);
  // Nothing finished yet: the least started version.
  EXPECT_EQ(Bd.select(), A);
}

// With elimination (beyond the thesis), one probe at a time: a version whose
// first execution is running is not started again until that execution's
// time arrives; the others explore, or the best measured runs meanwhile.
TEST(VersionsPolicy, OneProbeAtATime) {
  for (auto Kind : {kmp_mv_mean, kmp_mv_ucb, kmp_mv_ts}) {
    Bandit Bd(Kind, 3);
    Bd.Policy.eliminate = 1;
    Bd.Policy.mean_reps = 2;
    EXPECT_EQ(Bd.select(), A) << Kind;
    EXPECT_EQ(Bd.select(), B) << Kind; // not A's second: A has no time yet
    Bd.update(A, 1 * Ms);
    EXPECT_EQ(Bd.select(), A) << Kind; // A's quota (2), while B runs
    EXPECT_EQ(Bd.select(), 2) << Kind;
    // B and C running, A measured: A runs meanwhile, whatever its quota.
    for (int R = 0; R < 6; ++R)
      EXPECT_EQ(Bd.select(), A) << Kind << " " << R;
    EXPECT_EQ(Bd.Arms[B].started, 1u) << Kind;
    EXPECT_EQ(Bd.Arms[2].started, 1u) << Kind;
    // B's time arrives, 50 times A's: eliminated, never started again.
    Bd.update(B, 50 * Ms);
    for (int R = 0; R < 6; ++R)
      EXPECT_NE(Bd.select(), B) << Kind << " " << R;
    EXPECT_EQ(Bd.Arms[B].started, 1u) << Kind;
  }
  // The first wave of a key on many threads, nothing measured: each version
  // takes its share, none its whole quota while the others wait.
  Bandit Wave(kmp_mv_mean, 4);
  Wave.Policy.eliminate = 1;
  for (int R = 0; R < 12; ++R)
    Wave.select();
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(Wave.Arms[I].started, 3u) << I;
  // A choice made by an execution of the same type (a recursion, whose own
  // execution stays in flight until its children are done): the quotas count
  // started executions, as without the rule, so the recursion's first version
  // is not kept out of it.
  Bandit Nested(kmp_mv_mean, 2);
  Nested.Policy.eliminate = 1;
  Nested.Policy.within_type = 1;
  EXPECT_EQ(Nested.select(), A);
  EXPECT_EQ(Nested.select(), A);
  // Without elimination, the thesis' order: A's quota, then B's, ...
  Bandit Thesis(kmp_mv_mean, 4);
  for (int R = 0; R < 12; ++R)
    Thesis.select();
  EXPECT_EQ(Thesis.Arms[A].started, 5u);
  EXPECT_EQ(Thesis.Arms[B].started, 5u);
  EXPECT_EQ(Thesis.Arms[2].started, 2u);
  EXPECT_EQ(Thesis.Arms[3].started, 0u);
}

// A start taken back (a grain choice whose loop could not be timed): the
// probe rule no longer waits for it, and the count never falls below the
// completed executions.
TEST(VersionsPolicy, UnstartReleasesTheProbe) {
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.eliminate = 1;
  Bd.Policy.mean_reps = 2;
  EXPECT_EQ(Bd.select(), A);
  EXPECT_EQ(Bd.select(), B);
  // A's execution is lost: without the take-back A would wait for it.
  __kmp_mv_unstart(&Bd.Key, A);
  EXPECT_EQ(Bd.Arms[A].started, 0u);
  EXPECT_EQ(Bd.select(), A);
  Bd.update(A, 1 * Ms);
  __kmp_mv_unstart(&Bd.Key, A);
  __kmp_mv_unstart(&Bd.Key, A);
  EXPECT_EQ(Bd.Arms[A].started, 1u);
  EXPECT_EQ(Bd.Arms[A].n, 1u);
}

// ERASE's joint choice sends a cluster whose key explores as many tasks as
// __kmp_mv_to_explore says: each candidate's quota less what has started,
// nothing for a version elimination took out, nothing once explored.
TEST(VersionsPolicy, ToExploreCountsWhatNoChoiceStarted) {
  Bandit Bd(kmp_mv_mean, 3);
  Bd.Policy.mean_reps = 4;
  auto Due = [&] {
    return __kmp_mv_to_explore(&Bd.Policy, &Bd.Key, Bd.Cand.data(),
                               (int)Bd.Cand.size());
  };
  EXPECT_EQ(Due(), 12u);
  EXPECT_EQ(Bd.select(), A);
  EXPECT_EQ(Due(), 11u); // started, not finished: no longer due
  Bd.update(A, 1 * Ms);
  EXPECT_EQ(Due(), 11u);
  // Only the launch's candidates count.
  int Only[1] = {B};
  EXPECT_EQ(__kmp_mv_to_explore(&Bd.Policy, &Bd.Key, Only, 1), 4u);
  // Elimination: C ran once 100 times slower than A; its other three are not
  // due (A's three and B's four are).
  Bd.Policy.eliminate = 1;
  Bd.Arms[2].started = Bd.Arms[2].n = 1;
  Bd.Arms[2].mean = 100 * Ms;
  EXPECT_EQ(Due(), 7u);
  Bd.Policy.eliminate = 0;
  EXPECT_EQ(Due(), 10u);
  // One probe at a time: B's first execution running, none of B's are due
  // until its time arrives (A's three are).
  Bd.Policy.eliminate = 1;
  Bd.Arms[2].mean = 2 * Ms; // (C no longer eliminated)
  Bd.Arms[B].started = 1;
  EXPECT_EQ(Due(), 6u);
  Bd.update(B, 1 * Ms);
  EXPECT_EQ(Due(), 9u);
  Bd.Policy.eliminate = 0;
  // Every quota started: nothing due, explored or not.
  for (int I = 0; I < 3; ++I)
    Bd.Arms[I].started = 4;
  EXPECT_EQ(Due(), 0u);
}

// Once every version has its quota of executions (__kmp_mv_explored), libomp
// chooses with __kmp_mv_choose, without the lock: it must make the choice
// __kmp_mv_select makes and change nothing.
TEST(VersionsPolicy, ChooseAfterExplorationReadsOnly) {
  const kmp_mv_policy_kind_t Kinds[] = {kmp_mv_mean, kmp_mv_ucb, kmp_mv_ts,
                                        kmp_mv_gb, kmp_mv_fixed};
  for (kmp_mv_policy_kind_t Kind : Kinds) {
    Bandit Bd(Kind, 3);
    Bd.Policy.fixed_arm = 2;
    const uint64_t Quota = __kmp_mv_quota(&Bd.Policy);
    EXPECT_EQ(Quota, Kind == kmp_mv_gb ? 0u
                     : Kind == kmp_mv_ucb || Kind == kmp_mv_ts
                         ? 2u
                         : (uint64_t)KMP_MV_DEFAULT_MEAN_REPS)
        << __kmp_mv_policy_name(Kind);
    EXPECT_EQ(__kmp_mv_explored(&Bd.Policy, &Bd.Key), Quota == 0);
    for (int R = 0; R < 40; ++R) {
      int V = Bd.select();
      Bd.update(V, (1.0 + V + 0.1 * (R % 3)) * Ms);
    }
    ASSERT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key) ||
                Kind == kmp_mv_fixed) // fixed runs arm 2 only
        << __kmp_mv_policy_name(Kind);
    std::vector<kmp_mv_arm_t> Before = Bd.Arms;
    kmp_mv_rng_t Rng = Bd.Rng;
    int Chosen = __kmp_mv_choose(&Bd.Policy, &Bd.Key, Bd.Cand.data(), 3, &Rng);
    for (int I = 0; I < 3; ++I)
      EXPECT_EQ(Bd.Arms[I].started, Before[I].started);
    EXPECT_EQ(Bd.Cand[Chosen], Bd.select()) << __kmp_mv_policy_name(Kind);
  }
  // A version registered later (no executions) is not explored.
  Bandit Bd(kmp_mv_ucb, 2);
  for (int R = 0; R < 4; ++R)
    Bd.update(R % 2, Ms);
  EXPECT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
  Bd.Arms.resize(3);
  Bd.Key.arms = Bd.Arms.data();
  Bd.Key.narms = 3;
  EXPECT_FALSE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
}

// libomp keeps Mean's committed choice in the key, updated with
// __kmp_mv_lowest_mean_after after every execution, and reads it at dispatch
// instead of calling __kmp_mv_choose: along any sequence of executions (ties,
// the best arm getting slower and faster) both must name the same arm.
TEST(VersionsPolicy, LowestMeanKeptAcrossUpdates) {
  for (int Seed = 1; Seed <= 20; ++Seed) {
    Bandit Bd(kmp_mv_mean, 5);
    kmp_mv_rng_t Rng;
    __kmp_mv_rng_seed(&Rng, Seed);
    EXPECT_EQ(__kmp_mv_lowest_mean(&Bd.Key), -1);
    for (int R = 0; R < 5 * KMP_MV_DEFAULT_MEAN_REPS; ++R)
      Bd.update(Bd.select(), (1 + __kmp_mv_rng_next(&Rng) % 4) * Ms); // ties
    ASSERT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
    int Best = __kmp_mv_lowest_mean(&Bd.Key);
    for (int R = 0; R < 2000; ++R) {
      int Choice = Bd.Cand[__kmp_mv_choose(&Bd.Policy, &Bd.Key, Bd.Cand.data(),
                                           5, &Rng)];
      ASSERT_EQ(Best, Choice) << "seed " << Seed << ", round " << R;
      // The chosen arm most of the time, as in a run; times from a small set
      // so that means tie now and then.
      int Arm =
          __kmp_mv_rng_next(&Rng) % 3 ? Best : __kmp_mv_rng_next(&Rng) % 5;
      double Old = Bd.Arms[Arm].mean;
      Bd.update(Arm, (1 + __kmp_mv_rng_next(&Rng) % 4) * Ms);
      Best = __kmp_mv_lowest_mean_after(&Bd.Key, Best, Arm, Old);
    }
  }
  // Exact ties go to the first arm, as __kmp_mv_choose does.
  Bandit Bd(kmp_mv_mean, 3);
  Bd.update(2, Ms);
  EXPECT_EQ(__kmp_mv_lowest_mean(&Bd.Key), 2);
  Bd.update(1, Ms);
  EXPECT_EQ(__kmp_mv_lowest_mean_after(&Bd.Key, 2, 1, 0.0), 1);
  Bd.update(1, 3 * Ms); // the best arm got slower: 2 is now below it
  EXPECT_EQ(__kmp_mv_lowest_mean_after(&Bd.Key, 1, 1, Ms), 2);
}

// UCB keeps sqrt(s^2 / n) in each arm when it updates; the bound is the
// thesis' x - sqrt(k * (q - n * x^2) / (n - 1) * ln(t - 1) / n), also after
// updates under another policy (a switch with kmp_set_defaults) once
// __kmp_mv_adopt has readied the key for ucb again, and for loaded arms.
TEST(VersionsPolicy, UcbKeptSpreadGivesTheThesisBound) {
  Bandit Bd(kmp_mv_ucb, 4);
  kmp_mv_rng_t Rng;
  __kmp_mv_rng_seed(&Rng, 7);
  auto Thesis = [&](int Arm) {
    const kmp_mv_arm_t &X = Bd.Arms[Arm];
    double N = (double)X.n, Var = (X.q - N * X.mean * X.mean) / (N - 1);
    return X.mean - std::sqrt(Bd.Policy.ucb_k * Var *
                              std::log((double)(Bd.Key.t - 1)) / N);
  };
  for (int R = 0; R < 400; ++R) {
    // Rounds 100-199 update under mean, then back to ucb.
    Bd.Policy.kind = R >= 100 && R < 200 ? kmp_mv_mean : kmp_mv_ucb;
    if (R == 200)
      __kmp_mv_adopt(&Bd.Policy, &Bd.Key);
    int Arm = R < 8 ? R / 2 : (int)(__kmp_mv_rng_next(&Rng) % 4);
    Bd.update(Arm, (1 + Arm + 0.5 * __kmp_mv_rng_uniform(&Rng)) * Ms);
    for (int V = 0; V < 4 && R >= 8 && (R < 100 || R >= 200); ++V)
      ASSERT_NEAR(Bd.boundMs(V), Thesis(V) / Ms, 1e-9)
          << "round " << R << ", arm " << V;
  }
  // What OMP_SELECT_LOAD reads back gives the same bound.
  kmp_mv_stats_row_t Row{};
  Row.count = Bd.Arms[2].n;
  Row.mean = Bd.Arms[2].mean;
  Row.stddev = __kmp_mv_stddev(&Bd.Arms[2]);
  kmp_mv_arm_t Loaded;
  __kmp_mv_arm_from_row(&Loaded, &Row);
  EXPECT_NEAR(Loaded.spread, Bd.Arms[2].spread, 1e-6 * Bd.Arms[2].spread);
}

// __kmp_mv_adopt counts the completed executions as started: choices made once
// a key is explored count nothing, and a policy with a larger quota explores
// by started counts (Mean after UCB must not run a version with 48
// executions again because only 2 were counted).
TEST(VersionsPolicy, AdoptCountsCompletedAsStarted) {
  Bandit Bd(kmp_mv_ucb, 2);
  Bd.Policy.ucb_k = 0.0;
  for (int R = 0; R < 50; ++R) {
    int V = R < 4 ? Bd.select()
                  : Bd.Cand[__kmp_mv_choose(&Bd.Policy, &Bd.Key, Bd.Cand.data(),
                                            2, &Bd.Rng)];
    Bd.update(V, (V == A ? 1 : 10) * Ms);
  }
  EXPECT_EQ(Bd.Arms[A].n, 48u);
  EXPECT_EQ(Bd.Arms[A].started, 2u);
  Bd.Policy.kind = kmp_mv_mean; // 5 repetitions
  __kmp_mv_adopt(&Bd.Policy, &Bd.Key);
  EXPECT_EQ(Bd.Arms[A].started, 48u);
  for (int R = 0; R < 3; ++R) { // B is short of 5
    ASSERT_EQ(Bd.select(), B) << "round " << R;
    Bd.update(B, 10 * Ms);
  }
  EXPECT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
  EXPECT_EQ(Bd.select(), A);
}

// Welford's update stays accurate where the plain sum of squares does not.
TEST(VersionsPolicy, WelfordIsStable) {
  Bandit Bd(kmp_mv_mean, 1);
  for (int R = 0; R < 100000; ++R)
    Bd.update(0, 1e12 + (R % 2 ? 1.0 : -1.0)); // ~17 minutes, +-1 ns
  EXPECT_NEAR(__kmp_mv_stddev(&Bd.Arms[0]), 1.0, 1e-3);
  EXPECT_EQ(Bd.Key.t, 100000u);
}

// OMP_SELECT_LOAD reads back what stats.csv holds (docs/runtime.md).
TEST(VersionsPolicy, ParseStatsRow) {
  kmp_mv_stats_row_t Row;
  char Line[] = "3,1,\"gemm \"\"blis\"\", tiled\",\"a.c:1:2\",4096,2,10,"
                "1500.5,20.0,2.25e+07,15005.0,ucb,big\n";
  ASSERT_EQ(__kmp_mv_parse_stats_row(Line, &Row), nullptr);
  EXPECT_EQ(Row.type, 3);
  EXPECT_STREQ(Row.name, "gemm \"blis\", tiled");
  EXPECT_EQ(Row.cost, 4096);
  EXPECT_EQ(Row.locality, 2);
  EXPECT_EQ(Row.count, 10u);
  EXPECT_DOUBLE_EQ(Row.mean, 1500.5);
  EXPECT_DOUBLE_EQ(Row.stddev, 20.0);
  EXPECT_STREQ(Row.cluster, "big");
  kmp_mv_arm_t Arm;
  __kmp_mv_arm_from_row(&Arm, &Row);
  EXPECT_EQ(Arm.n, 10u);
  EXPECT_EQ(Arm.started, 10u);
  EXPECT_DOUBLE_EQ(__kmp_mv_stddev(&Arm), 20.0);
  EXPECT_DOUBLE_EQ(Arm.q, 9 * 400.0 + 10 * 1500.5 * 1500.5);
  // Without ERASE the cluster is empty; files from before it have 12 fields.
  char NoCluster[] = "1,0,\"a\",\"\",0,-1,5,30000.0,0.0,0,0.0,mean,";
  ASSERT_EQ(__kmp_mv_parse_stats_row(NoCluster, &Row), nullptr);
  EXPECT_STREQ(Row.cluster, "");
  char Old[] = "1,0,\"a\",\"\",0,-1,5,30000.0,0.0,0,0.0,mean";
  ASSERT_EQ(__kmp_mv_parse_stats_row(Old, &Row), nullptr);
  EXPECT_STREQ(Row.cluster, "");
  // This release's stats.csv (loaded, origin) and the model store's rows (age).
  char Now[] = "1,0,\"a\",\"f.c\",0,-1,5,30000.0,0.0,0,0.0,mean,big,3,store";
  ASSERT_EQ(__kmp_mv_parse_stats_row(Now, &Row), nullptr);
  EXPECT_STREQ(Row.cluster, "big");
  EXPECT_STREQ(Row.location, "f.c");
  EXPECT_EQ(Row.age, 0u);
  char Store[] = "1,0,\"a\",\"\",0,-1,5,30000.0,0.0,0,0.0,mean,,5,store,7";
  ASSERT_EQ(__kmp_mv_parse_stats_row(Store, &Row), nullptr);
  EXPECT_EQ(Row.age, 7u);
  EXPECT_EQ(Row.version, 0);
  // What is wrong is said.
  const char *Errors[][2] = {
      {"1,0,\"a,\"\",0,-1,5,1.0,0.0,0,0.0,mean,", "not closed"},
      {"1,0,\"a\"x,\"\",0,-1,5,1.0,0.0,0,0.0,mean,", "after a closing"},
      {"1,0,\"a\",\"\",0,-1,5", "15 comma-separated"},
      {"1,0,\"a\",\"\",0,-1,5,1.0,0.0,0,0.0,mean,,6,run", "loaded"},
      {"1,0,\"a\",\"\",0,-1,5,1.0,0.0,0,0.0,mean,,5,store,-1", "age"},
      {"1,x,\"a\",\"\",0,-1,5,1.0,0.0,0,0.0,mean,", "version"},
      {"x,0,\"a\",\"\",0,-1,5,1.0,0.0,0,0.0,mean,", "type"},
      {"1,0,\"a\",\"\",1e3,-1,5,1.0,0.0,0,0.0,mean,", "cost"},
      {"1,0,\"a\",\"\",0,4,5,1.0,0.0,0,0.0,mean,", "locality"},
      {"1,0,\"a\",\"\",0,-1,-5,1.0,0.0,0,0.0,mean,", "count"},
      {"1,0,\"a\",\"\",0,-1,5,nan,0.0,0,0.0,mean,", "mean_ns"},
      {"1,0,\"a\",\"\",0,-1,5,1.0,,0,0.0,mean,", "stddev_ns"},
      {"1,0,\"a\",\"\",0,-1,5,1.0,0.0,x,0.0,mean,", "sum_squares_ns2"},
      {"1,0,\"a\",\"\",0,-1,5,1.0,0.0,0,-5,mean,", "total_ns"},
      {"1,0,\"a\",\"\",0,-1,5,1.0,0.0,0,abc,mean,", "total_ns"},
      // Out of range: refused, not clamped to the largest value.
      {"1,0,\"a\",\"\",0,-1,99999999999999999999,1.0,0.0,0,0.0,mean,",
       "count is not an integer from 0 to 2^63-1"},
      {"1,0,\"a\",\"\",-99999999999999999999,-1,5,1.0,0.0,0,0.0,mean,",
       "cost is not an integer of 64 bits"},
      {"1,0,\"a\",\"\",0,-1,5,1e999,0.0,0,0.0,mean,", "mean_ns"},
  };
  for (auto &E : Errors) {
    std::string Copy = E[0];
    const char *Error = __kmp_mv_parse_stats_row(&Copy[0], &Row);
    ASSERT_NE(Error, nullptr) << E[0];
    EXPECT_NE(std::string(Error).find(E[1]), std::string::npos)
        << E[0] << ": " << Error;
  }
}

// The model store's arithmetic on summaries: merge is Chan's exact merge of
// two sets of executions, subtract its inverse, cap keeps mean and variance
// with fewer executions.
TEST(VersionsPolicy, ArmMergeSubtractCap) {
  Bandit All(kmp_mv_mean, 1), First(kmp_mv_mean, 1), Rest(kmp_mv_mean, 1);
  const double Xs[] = {10, 12, 9, 30, 11, 10.5, 13, 8, 12.5, 11};
  for (int I = 0; I < 10; ++I) {
    __kmp_mv_update(&All.Policy, &All.Key, 0, Xs[I]);
    __kmp_mv_update(I < 4 ? &First.Policy : &Rest.Policy,
                    I < 4 ? &First.Key : &Rest.Key, 0, Xs[I]);
  }
  kmp_mv_arm_t M = __kmp_mv_arm_merge(&First.Arms[0], &Rest.Arms[0]);
  EXPECT_EQ(M.n, 10u);
  EXPECT_EQ(M.started, 10u);
  EXPECT_NEAR(M.mean, All.Arms[0].mean, 1e-12);
  EXPECT_NEAR(M.m2, All.Arms[0].m2, 1e-9);
  EXPECT_NEAR(M.q, All.Arms[0].q, 1e-6);
  kmp_mv_arm_t R = __kmp_mv_arm_subtract(&All.Arms[0], &First.Arms[0]);
  EXPECT_EQ(R.n, 6u);
  EXPECT_NEAR(R.mean, Rest.Arms[0].mean, 1e-9);
  EXPECT_NEAR(R.m2, Rest.Arms[0].m2, 1e-6);
  // Subtracting more than there is, or nothing, gives a unchanged; all of
  // it gives nothing.
  EXPECT_EQ(__kmp_mv_arm_subtract(&First.Arms[0], &All.Arms[0]).n, 4u);
  EXPECT_EQ(__kmp_mv_arm_subtract(&All.Arms[0], &All.Arms[0]).n, 0u);
  kmp_mv_arm_t C = __kmp_mv_arm_cap(&All.Arms[0], 4);
  EXPECT_EQ(C.n, 4u);
  EXPECT_DOUBLE_EQ(C.mean, All.Arms[0].mean);
  EXPECT_NEAR(__kmp_mv_stddev(&C), __kmp_mv_stddev(&All.Arms[0]), 1e-9);
  EXPECT_EQ(__kmp_mv_arm_cap(&All.Arms[0], 20).n, 10u);
  EXPECT_EQ(__kmp_mv_arm_cap(&All.Arms[0], 1).m2, 0.0);
}

// Processes sharing their statistics (docs/mpi.md): rank r of R explores
// in turns from version r * n / R on, wrapping around, each version its
// quota; one process, or none given, explores in the thesis' order.
TEST(VersionsPolicy, ExplorationSpreadOverRanks) {
  for (int Rank = 0; Rank < 4; ++Rank) {
    Bandit Bd(kmp_mv_mean, 8);
    Bd.Policy.explore_rank = Rank;
    Bd.Policy.explore_ranks = 4;
    std::vector<int> Order, Count(8);
    for (int I = 0; I < 8 * KMP_MV_DEFAULT_MEAN_REPS; ++I) {
      int Arm = Bd.select();
      Order.push_back(Arm);
      Count[Arm]++;
      Bd.update(Arm, 100.0 + Arm);
    }
    for (int I = 0; I < 8 * KMP_MV_DEFAULT_MEAN_REPS; ++I)
      EXPECT_EQ(Order[I], (2 * Rank + I) % 8) << "rank " << Rank << " #" << I;
    EXPECT_EQ(Count, std::vector<int>(8, KMP_MV_DEFAULT_MEAN_REPS));
  }
  Bandit One(kmp_mv_mean, 3);
  One.Policy.explore_rank = 0;
  One.Policy.explore_ranks = 1;
  std::vector<int> Order;
  for (int I = 0; I < 6; ++I) {
    Order.push_back(One.select());
    One.update(Order.back(), 100.0);
  }
  EXPECT_EQ(Order, std::vector<int>({0, 0, 0, 0, 0, 1}));
}

// After an exchange, a version short of its quota is explored by about
// 1/R of the R processes' executions each: the others' parts count as
// started, this process keeps at least one, and none once the quota is met.
TEST(VersionsPolicy, SharedStartedHoldsTheOthersPart) {
  kmp_mv_policy_t P{};
  P.kind = kmp_mv_mean;
  P.mean_reps = 5;
  P.explore_ranks = 4;
  kmp_mv_arm_t A{};
  A.n = 1; // 4 executions due: 3 held for the other 3 ranks
  EXPECT_EQ(__kmp_mv_shared_started(&P, &A, 0), 4u);
  // 1 running here: 3 due, 2 held for the others, so 1 more may start here.
  EXPECT_EQ(__kmp_mv_shared_started(&P, &A, 1), 4u);
  A.n = 4; // 1 due: this rank may run it
  EXPECT_EQ(__kmp_mv_shared_started(&P, &A, 0), 4u);
  A.n = 7; // explored
  EXPECT_EQ(__kmp_mv_shared_started(&P, &A, 2), 9u);
  P.explore_ranks = 0; // not sharing: started = completed + running
  A.n = 1;
  EXPECT_EQ(__kmp_mv_shared_started(&P, &A, 0), 1u);
  P.explore_ranks = 4;
  P.kind = kmp_mv_gb; // no quota: nothing held
  EXPECT_EQ(__kmp_mv_shared_started(&P, &A, 0), 1u);
}

// Where statistics come from (stats.csv's origin): robust statistics mark
// a restarted arm changed, so that what was loaded no longer counts.
TEST(VersionsPolicy, OriginNamesAndChange) {
  EXPECT_STREQ(__kmp_mv_origin_name(KMP_MV_ORIGIN_RUN), "run");
  EXPECT_STREQ(__kmp_mv_origin_name(KMP_MV_ORIGIN_STORE), "store");
  EXPECT_STREQ(__kmp_mv_origin_name(KMP_MV_ORIGIN_LOAD | KMP_MV_ORIGIN_CHANGED),
               "load");
  EXPECT_STREQ(__kmp_mv_origin_name(KMP_MV_ORIGIN_PREDICTED), "predicted");
  Bandit Bd(kmp_mv_mean, 1);
  Bd.Policy.robust = 1;
  Bd.Arms[0].origin = KMP_MV_ORIGIN_STORE;
  for (int I = 0; I < 5; ++I)
    __kmp_mv_update(&Bd.Policy, &Bd.Key, 0, 100.0);
  EXPECT_EQ(Bd.Arms[0].origin, KMP_MV_ORIGIN_STORE);
  for (int I = 0; I < KMP_MV_ROBUST_CONFIRM; ++I)
    __kmp_mv_update(&Bd.Policy, &Bd.Key, 0, 1000.0);
  EXPECT_EQ(Bd.Arms[0].origin, KMP_MV_ORIGIN_STORE | KMP_MV_ORIGIN_CHANGED);
}

// Prediction across costs: the log-log fit, and elimination of a version
// whose optimistic prediction is over the best, the best being a measured mean
// or a pessimistic prediction; a measurement that contradicts the prediction
// brings the version back.
TEST(VersionsPolicy, FitLogLogAndPredictedElimination) {
  const double Cost[] = {64, 128, 256, 512};
  const double Time[] = {1e3, 8e3, 64e3, 512e3}; // t = c^3 / 262.144
  kmp_mv_fit_t Fit;
  ASSERT_TRUE(__kmp_mv_fit_loglog(Cost, Time, 4, &Fit));
  EXPECT_NEAR(Fit.b, 3.0, 1e-9);
  EXPECT_NEAR(__kmp_mv_fit_predict(&Fit, 1024), 4096e3, 1e-3);
  // An exact fit: the floor, times the regression's sqrt(1 + 1/n) at the
  // points' mean log cost, growing away from it by floor / sqrt(Sxx).
  EXPECT_DOUBLE_EQ(Fit.sigma, KMP_MV_PREDICT_MIN_ERROR * sqrt(1.25));
  const double Sxx = 5 * log(2.0) * log(2.0); // log costs 0, 1, 2, 3 x log 2
  EXPECT_NEAR(Fit.doubt, KMP_MV_PREDICT_MIN_ERROR / sqrt(Sxx), 1e-12);
  const double Far = log(1024.0) - log(64.0 * 128 * 256 * 512) / 4;
  EXPECT_NEAR(__kmp_mv_fit_error(&Fit, 1024),
              KMP_MV_PREDICT_MIN_ERROR * sqrt(1.25 + Far * Far / Sxx), 1e-12);
  // Two close costs say little far from them: a prediction 64 times below
  // them is wider than 5 times their error.
  const double Two[] = {12800, 25600}, TwoT[] = {59e3, 51e3};
  ASSERT_TRUE(__kmp_mv_fit_loglog(Two, TwoT, 2, &Fit));
  EXPECT_GT(__kmp_mv_fit_error(&Fit, 200), 5 * KMP_MV_PREDICT_MIN_ERROR);
  // That line falls (the first execution disturbed): as doubtful away from
  // its points as a borrowed slope; a rising one through the same costs
  // keeps the regression's error.
  EXPECT_DOUBLE_EQ(Fit.doubt, KMP_MV_PREDICT_SLOPE_DOUBT);
  const double Rising[] = {51e3, 59e3};
  ASSERT_TRUE(__kmp_mv_fit_loglog(Two, Rising, 2, &Fit));
  EXPECT_NEAR(Fit.doubt,
              KMP_MV_PREDICT_MIN_ERROR / sqrt(0.5 * log(2.0) * log(2.0)),
              1e-12);
  const double Same[] = {64, 64};
  EXPECT_FALSE(__kmp_mv_fit_loglog(Same, Time, 2, &Fit));
  const double Noisy[] = {1e3, 16e3, 32e3, 1024e3};
  ASSERT_TRUE(__kmp_mv_fit_loglog(Cost, Noisy, 4, &Fit));
  EXPECT_GT(Fit.sigma, KMP_MV_PREDICT_MIN_ERROR);

  // Mean with elimination: version 0 predicted 100x slower, version 1 and 2
  // predicted fast; version 0 is never explored. Without elimination (the
  // thesis) predictions change nothing.
  for (int Elim = 0; Elim < 2; ++Elim) {
    Bandit Bd(kmp_mv_mean, 3);
    Bd.Policy.eliminate = Elim;
    __kmp_mv_arm_predict(&Bd.Arms[0], 100e3, KMP_MV_PREDICT_MIN_ERROR);
    __kmp_mv_arm_predict(&Bd.Arms[1], 1e3, KMP_MV_PREDICT_MIN_ERROR);
    __kmp_mv_arm_predict(&Bd.Arms[2], 1.2e3, KMP_MV_PREDICT_MIN_ERROR);
    int First = Bd.select();
    EXPECT_EQ(First, Elim ? 1 : 0);
    Bd.update(First, First == 1 ? 1e3 : First == 2 ? 1.2e3 : 100e3);
    if (Elim) {
      // One execution each of the two versions predicted near (Mean's
      // repetitions are for versions known by nothing).
      int A = Bd.select();
      EXPECT_EQ(A, 2);
      Bd.update(A, 1.2e3);
      EXPECT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
      EXPECT_EQ(Bd.Arms[0].n, 0u);
      EXPECT_EQ(Bd.select(), 1);
    }
  }
  // Contradicted: the version predicted fast runs at 80x its prediction; the
  // one predicted slow (100x, optimistically 64x) is explored.
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.eliminate = 1;
  __kmp_mv_arm_predict(&Bd.Arms[0], 100e3, KMP_MV_PREDICT_MIN_ERROR);
  __kmp_mv_arm_predict(&Bd.Arms[1], 1e3, KMP_MV_PREDICT_MIN_ERROR);
  EXPECT_EQ(Bd.select(), 1);
  Bd.update(1, 80e3);
  EXPECT_FALSE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
  // Under Mean a version that started from a prediction needs one execution:
  // the other is next.
  EXPECT_EQ(Bd.select(), 0);
  // Exploration starts with the version predicted fastest (not index 0), as
  // long as neither is ruled out; without predictions, in index order.
  Bandit Near(kmp_mv_mean, 2);
  Near.Policy.eliminate = 1;
  __kmp_mv_arm_predict(&Near.Arms[0], 1.5e3, KMP_MV_PREDICT_MIN_ERROR);
  __kmp_mv_arm_predict(&Near.Arms[1], 1e3, KMP_MV_PREDICT_MIN_ERROR);
  EXPECT_EQ(Near.select(), 1);
  Bandit Plain(kmp_mv_mean, 2);
  Plain.Policy.eliminate = 1;
  EXPECT_EQ(Plain.select(), 0);
  // Its first execution replaces the prediction.
  Bd.update(0, 90e3);
  EXPECT_EQ(Bd.Arms[0].n, 1u);
  EXPECT_DOUBLE_EQ(Bd.Arms[0].mean, 90e3);
  EXPECT_DOUBLE_EQ(Bd.Arms[0].m2, 0.0);
}

// Patience with long shots: the expected improvement of a log-normal
// prediction (values from the closed form, checked by 2e6 Monte Carlo draws),
// and a version predicted 1.8x the best within 30% that waits until the
// key's executions times its expected improvement pay for its cost (about
// 311), where the rule without patience runs it at once.
TEST(VersionsPolicy, PatienceWithALongShot) {
  EXPECT_NEAR(__kmp_mv_expected_improvement(1800, 0.3, 1000), 2.57198, 1e-4);
  EXPECT_NEAR(__kmp_mv_expected_improvement(1000, 0.3, 1000), 100.3247, 1e-3);
  EXPECT_NEAR(__kmp_mv_expected_improvement(1050, 0.25, 1000), 67.1908, 1e-3);
  EXPECT_DOUBLE_EQ(__kmp_mv_expected_improvement(800, 0.0, 1000), 200.0);
  EXPECT_DOUBLE_EQ(__kmp_mv_expected_improvement(1200, 0.0, 1000), 0.0);

  for (int Patience = 0; Patience < 2; ++Patience) {
    Bandit Bd(kmp_mv_mean, 2);
    Bd.Policy.eliminate = 1;
    Bd.Policy.patience = Patience;
    __kmp_mv_arm_predict(&Bd.Arms[0], 1000, 0.3);
    __kmp_mv_arm_predict(&Bd.Arms[1], 1800, 0.3); // optimistically 988
    EXPECT_EQ(Bd.select(), 0);
    Bd.update(0, 1000);
    if (!Patience) {
      EXPECT_FALSE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
      EXPECT_EQ(Bd.select(), 1);
      continue;
    }
    EXPECT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
    int Waited = 1;
    while (Bd.select() == 0 && Waited < 1000) {
      Bd.update(0, 1000);
      ++Waited;
    }
    EXPECT_EQ(Waited, 312); // 311 x 2.572 >= 800
    EXPECT_TRUE(__kmp_mv_unmeasured_worth_trying(&Bd.Policy, &Bd.Key) ||
                Bd.Arms[1].started == 1);
  }
  // A wide prediction (sigma over KMP_MV_PATIENCE_MAX_ERROR: a version seen
  // at one cost, predicted far from it) runs at once; so it does for
  // processes that share their statistics.
  for (int Case = 0; Case < 2; ++Case) {
    Bandit Bd(kmp_mv_mean, 2);
    Bd.Policy.eliminate = 1;
    Bd.Policy.patience = 1;
    Bd.Policy.explore_ranks = Case ? 2 : 0;
    const double Sigma = Case ? 0.3 : 1.2;
    __kmp_mv_arm_predict(&Bd.Arms[0], 1000, Sigma);
    __kmp_mv_arm_predict(&Bd.Arms[1], Case ? 1800 : 5000, Sigma);
    Bd.Arms[0].started = 1; // (rank 1 of 2 would start at the other)
    Bd.update(0, 1000);
    EXPECT_FALSE(__kmp_mv_explored(&Bd.Policy, &Bd.Key)) << "case " << Case;
  }
}

// An arm that elimination took out when the key was found explored may come
// back (its patience ran out, or the best it was compared with moved): the
// choice made without the lock, which counts nothing, runs it until it has
// its quota of completed executions, not for good (UCB once ran a version 2x
// slower for the rest of a run so).
TEST(VersionsPolicy, AnArmBackAfterExplorationRunsItsQuotaOnly) {
  Bandit Bd(kmp_mv_ucb, 2);
  Bd.Policy.eliminate = 1;
  Bd.Policy.patience = 1;
  __kmp_mv_arm_predict(&Bd.Arms[0], 1000, 0.3);
  __kmp_mv_arm_predict(&Bd.Arms[1], 1800, 0.3);
  for (int I = 0; I < 2; ++I) {
    EXPECT_EQ(Bd.select(), 0);
    Bd.update(0, 1000);
  }
  ASSERT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
  const int *Cand = Bd.Cand.data();
  auto Choose = [&] {
    return Cand[__kmp_mv_choose(&Bd.Policy, &Bd.Key, Cand, 2, &Bd.Rng)];
  };
  while (Choose() == 0 && Bd.Key.t < 1000)
    Bd.update(0, 1000); // chosen without the lock: started stays 2
  ASSERT_EQ(Choose(), 1);
  Bd.update(1, 1800); // ran twice, chosen without the lock
  Bd.update(1, 1810);
  EXPECT_EQ(Bd.Arms[1].started, 0u);
  EXPECT_EQ(Choose(), 0);
}

// A prediction made after a version started at a cost stands for its
// remaining repetitions under Mean (the first keys of a type, created before
// any other cost had run); never for a version loaded, done exploring, or
// under UCB.
TEST(VersionsPolicy, PredictionVouchesForAStartedVersion) {
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.eliminate = 1;
  EXPECT_FALSE(__kmp_mv_arm_vouchable(&Bd.Policy, &Bd.Arms[0])); // not started
  EXPECT_EQ(Bd.select(), 0);
  Bd.update(0, 2e3);
  ASSERT_TRUE(__kmp_mv_arm_vouchable(&Bd.Policy, &Bd.Arms[0]));
  __kmp_mv_arm_vouch(&Bd.Arms[0]);
  EXPECT_FALSE(__kmp_mv_arm_vouchable(&Bd.Policy, &Bd.Arms[0])); // once
  EXPECT_STREQ(__kmp_mv_origin_name(Bd.Arms[0].origin), "run");
  // Version 1, known by nothing, still runs the thesis' 5 times; version 0
  // does not run again before Mean commits.
  for (int I = 0; I < KMP_MV_DEFAULT_MEAN_REPS; ++I) {
    EXPECT_EQ(Bd.select(), 1);
    Bd.update(1, 1e3);
  }
  EXPECT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
  EXPECT_EQ(Bd.Arms[0].n, 1u);
  EXPECT_EQ(Bd.select(), 1);
  EXPECT_FALSE(__kmp_mv_arm_vouchable(&Bd.Policy, &Bd.Arms[1])); // explored

  Bandit Ucb(kmp_mv_ucb, 2);
  Ucb.Policy.eliminate = 1;
  Ucb.update(Ucb.select(), 1e3);
  EXPECT_FALSE(__kmp_mv_arm_vouchable(&Ucb.Policy, &Ucb.Arms[0]));
  // A version an earlier run measured fewer times than the quota (the model
  // store, OMP_SELECT_LOAD): that run had a prediction or elimination stand
  // for the rest, and this one does not repeat them. Not once robust
  // statistics found it changed.
  Bandit Stored(kmp_mv_mean, 2);
  Stored.Arms[0].started = Stored.Arms[0].n = 1;
  Stored.Arms[0].mean = 1e3;
  for (uint32_t From : {KMP_MV_ORIGIN_STORE, KMP_MV_ORIGIN_LOAD}) {
    Stored.Arms[0].origin = From;
    EXPECT_TRUE(__kmp_mv_arm_vouchable(&Stored.Policy, &Stored.Arms[0]));
  }
  Stored.Arms[0].origin = KMP_MV_ORIGIN_STORE | KMP_MV_ORIGIN_CHANGED;
  EXPECT_FALSE(__kmp_mv_arm_vouchable(&Stored.Policy, &Stored.Arms[0]));
  Stored.Arms[0].origin = KMP_MV_ORIGIN_STORE;
  Stored.Arms[0].started = Stored.Arms[0].n = KMP_MV_DEFAULT_MEAN_REPS;
  EXPECT_FALSE(__kmp_mv_arm_vouchable(&Stored.Policy, &Stored.Arms[0]));
}

// A version seen at one cost is predicted with the slope its siblings share
// (one intercept each) and at least twice the usual error.
TEST(VersionsPolicy, OnePointFitSharesTheSlope) {
  kmp_mv_slope_t Slope;
  __kmp_mv_slope_init(&Slope);
  kmp_mv_fit_t Fit;
  EXPECT_FALSE(__kmp_mv_fit_one_point(128, 16e3, &Slope, &Fit));
  const double C1[] = {64, 64};
  const double T1[] = {1e3, 1.1e3};
  __kmp_mv_slope_add(&Slope, C1, T1, 2); // one distinct cost: nothing
  EXPECT_EQ(Slope.versions, 0);
  EXPECT_FALSE(__kmp_mv_fit_one_point(128, 16e3, &Slope, &Fit));
  const double CA[] = {64, 128}, TA[] = {1e3, 8e3}; // t ~ c^3
  const double CB[] = {64, 256, 1024}, TB[] = {2e3, 128e3, 8192e3};
  __kmp_mv_slope_add(&Slope, CA, TA, 2);
  __kmp_mv_slope_add(&Slope, CB, TB, 3);
  EXPECT_EQ(Slope.versions, 2);
  ASSERT_TRUE(__kmp_mv_fit_one_point(128, 16e3, &Slope, &Fit));
  EXPECT_NEAR(Fit.b, 3.0, 1e-9);
  EXPECT_NEAR(__kmp_mv_fit_predict(&Fit, 256), 128e3, 1e-3);
  EXPECT_DOUBLE_EQ(Fit.sigma, KMP_MV_PREDICT_ONE_POINT_ERROR);
  // The error at the point is sigma; away from it, the doubt on the slope
  // adds log 2 per octave: 16x away, a version 100x slower could be faster.
  EXPECT_DOUBLE_EQ(__kmp_mv_fit_error(&Fit, 128), Fit.sigma);
  EXPECT_NEAR(__kmp_mv_fit_error(&Fit, 256),
              sqrt(Fit.sigma * Fit.sigma + log(2.0) * log(2.0)), 1e-12);
  EXPECT_GT(exp(KMP_MV_PREDICT_Z * __kmp_mv_fit_error(&Fit, 2048)), 100.0);
  // A version's own fit over costs spanning 16x doubts far less: the
  // regression's error, at its mean log cost sigma sqrt(1 + 1/3).
  kmp_mv_fit_t Own;
  ASSERT_TRUE(__kmp_mv_fit_loglog(CB, TB, 3, &Own));
  EXPECT_DOUBLE_EQ(__kmp_mv_fit_error(&Own, 256), Own.sigma);
  EXPECT_DOUBLE_EQ(Own.sigma, KMP_MV_PREDICT_MIN_ERROR * sqrt(4.0 / 3.0));
  EXPECT_LT(__kmp_mv_fit_error(&Own, 1e6), __kmp_mv_fit_error(&Fit, 1e6) / 5);
  // Siblings whose slopes differ: the residual, when over the floor.
  const double TC[] = {1e3, 100e3, 100e3};
  __kmp_mv_slope_add(&Slope, CB, TC, 3);
  ASSERT_TRUE(__kmp_mv_fit_one_point(128, 16e3, &Slope, &Fit));
  EXPECT_GT(Fit.sigma, KMP_MV_PREDICT_ONE_POINT_ERROR);
}

// Prediction by ratio: two versions 5% apart, measured once each at 60 costs
// with 10% noise per execution, have their ratio known within a few percent
// (the floor, log 1.05), where each one's own curve keeps an error of at least
// 25%; patience then keeps the slower one waiting at a new cost, while its
// own curve would run it at once.
TEST(VersionsPolicy, FitRatioPoolsTheRatioAcrossCosts) {
  kmp_mv_rng_t Rng;
  __kmp_mv_rng_seed(&Rng, 7);
  double Cost[60], Ratio[60], W[60];
  for (int I = 0; I < 60; ++I) {
    Cost[I] = 64 + 16 * I;
    Ratio[I] = 1.05 * exp(0.1 * sqrt(2.0) * __kmp_mv_rng_gaussian(&Rng));
    W[I] = 2.0; // one execution of each
  }
  kmp_mv_fit_t Fit;
  ASSERT_TRUE(__kmp_mv_fit_ratio(Cost, Ratio, W, 60, 0.01, &Fit));
  EXPECT_NEAR(__kmp_mv_fit_predict(&Fit, 600), 1.05, 0.04);
  EXPECT_LT(__kmp_mv_fit_error(&Fit, 600), 0.07);
  EXPECT_GE(Fit.sigma, KMP_MV_RATIO_MIN_ERROR);
  EXPECT_LT(__kmp_mv_fit_error(&Fit, 600), KMP_MV_PREDICT_MIN_ERROR / 3);
  // Patience at a new cost where the faster ran once (b = 1): with the
  // ratio's error the slower waits more than 20 executions there; with a
  // curve's error it would run at the second or third.
  const double Mu = __kmp_mv_fit_predict(&Fit, 600);
  const double E = __kmp_mv_fit_error(&Fit, 600);
  if (Mu > 1.02) {
    EXPECT_LT(20 * __kmp_mv_expected_improvement(Mu, E, 1.0), Mu - 1.0);
    EXPECT_GT(
        2 * __kmp_mv_expected_improvement(Mu, KMP_MV_PREDICT_MIN_ERROR, 1.0),
        Mu - 1.0);
  }
  // Unknown noise: the whole residual counts as the ratio's spread between
  // costs, a wider error.
  kmp_mv_fit_t Blind;
  ASSERT_TRUE(__kmp_mv_fit_ratio(Cost, Ratio, W, 60, -1.0, &Blind));
  EXPECT_GT(Blind.sigma, 0.1);
  EXPECT_NEAR(Blind.b, Fit.b, 1e-12);
  // A ratio that truly moves between costs (2x one way, then the other) is
  // no near-certain prediction, whatever the noise.
  for (int I = 0; I < 60; ++I)
    Ratio[I] = I % 2 ? 2.0 : 0.5;
  ASSERT_TRUE(__kmp_mv_fit_ratio(Cost, Ratio, W, 60, 0.01, &Fit));
  EXPECT_GT(Fit.sigma, 0.6);
  // Too few costs, or one cost only.
  EXPECT_FALSE(__kmp_mv_fit_ratio(Cost, Ratio, W, KMP_MV_RATIO_MIN_POINTS - 1,
                                  0.01, &Fit));
  const double Same[] = {64, 64, 64, 64};
  EXPECT_FALSE(__kmp_mv_fit_ratio(Same, Ratio, W, 4, 0.01, &Fit));
  // An exact ratio: the floor, and no doubt away from the costs.
  const double Exact[] = {1.1, 1.1, 1.1, 1.1};
  ASSERT_TRUE(__kmp_mv_fit_ratio(Cost, Exact, W, 4, -1.0, &Fit));
  EXPECT_NEAR(__kmp_mv_fit_predict(&Fit, 1e6), 1.1, 1e-9);
  EXPECT_DOUBLE_EQ(__kmp_mv_fit_error(&Fit, 1e6), KMP_MV_RATIO_MIN_ERROR);
}

// Prediction across clusters: another cluster's ratio, pooled by executions,
// with an error of at least log 3, so that elimination (optimistic
// prediction, mean x exp(-2 sigma), over the best) takes out a version 60x
// the best there and not one 3x or 8x (versions may rank otherwise on other
// cores: erase_joint.c's two versions are 8x apart on one cluster and the
// other way round on the other).
TEST(VersionsPolicy, FitClusterRatioRulesOutOnlyFarSlowerVersions) {
  double LogRatio, Sigma;
  const double Sixty[] = {60.0}, W1[] = {2.0};
  ASSERT_TRUE(
      __kmp_mv_fit_cluster_ratio(Sixty, W1, 1, -1.0, &LogRatio, &Sigma));
  EXPECT_NEAR(exp(LogRatio), 60.0, 1e-9);
  EXPECT_DOUBLE_EQ(Sigma, KMP_MV_CLUSTER_MIN_ERROR);
  EXPECT_GT(60.0 * exp(-KMP_MV_PREDICT_Z * Sigma), 1.0); // eliminated
  const double Eight[] = {8.0}, Three[] = {3.0};
  ASSERT_TRUE(
      __kmp_mv_fit_cluster_ratio(Eight, W1, 1, -1.0, &LogRatio, &Sigma));
  EXPECT_LT(exp(LogRatio) * exp(-KMP_MV_PREDICT_Z * Sigma), 1.0); // explored
  ASSERT_TRUE(
      __kmp_mv_fit_cluster_ratio(Three, W1, 1, -1.0, &LogRatio, &Sigma));
  EXPECT_LT(exp(LogRatio) * exp(-KMP_MV_PREDICT_Z * Sigma), 1.0);
  // Two other clusters, weighted by their executions (1/w): 10 executions of
  // each at 2x, one of each at 8x.
  const double Two[] = {2.0, 8.0}, W2[] = {0.2, 2.0};
  ASSERT_TRUE(__kmp_mv_fit_cluster_ratio(Two, W2, 2, 0.04, &LogRatio, &Sigma));
  EXPECT_NEAR(LogRatio, (log(2.0) / 0.2 + log(8.0) / 2.0) / (1 / 0.2 + 1 / 2.0),
              1e-12);
  // The noise adds its standard error to the floor, in quadrature.
  EXPECT_NEAR(Sigma * Sigma,
              0.04 / (1 / 0.2 + 1 / 2.0) +
                  KMP_MV_CLUSTER_MIN_ERROR * KMP_MV_CLUSTER_MIN_ERROR,
              1e-12);
  // No usable point: no prediction.
  EXPECT_FALSE(__kmp_mv_fit_cluster_ratio(Two, W2, 0, 0.04, &LogRatio, &Sigma));
  const double Bad[] = {0.0, NAN}, WB[] = {2.0, 2.0};
  EXPECT_FALSE(__kmp_mv_fit_cluster_ratio(Bad, WB, 2, 0.04, &LogRatio, &Sigma));
}

// A version that another cluster's measurements alone predict hopeless is
// not explored, until the key has spent KMP_MV_CLUSTER_INSURANCE times its
// predicted time: then it runs once (it may be the one version written for
// this kind of core). A prediction from the key's own cluster stays out.
TEST(VersionsPolicy, ClusterPredictionTriedOnceTheKeyHasSpentItsInsurance) {
  for (int Across = 0; Across < 2; ++Across) {
    Bandit M(kmp_mv_mean, 2);
    M.Policy.eliminate = 1;
    __kmp_mv_arm_predict(&M.Arms[B], 5000.0, KMP_MV_CLUSTER_MIN_ERROR);
    if (Across)
      M.Arms[B].origin |= KMP_MV_ORIGIN_ACROSS;
    int RanB = 0, Launches = 0;
    while (Launches < 6000 && RanB == 0) {
      int Arm = M.select();
      ++Launches;
      if (Arm == B)
        ++RanB;
      else
        M.update(A, 100.0);
    }
    if (Across) {
      EXPECT_EQ(RanB, 1);
      // Tried at the first choice after 100 x 5000 ns spent at the key.
      EXPECT_EQ(Launches, 5001);
    } else {
      EXPECT_EQ(RanB, 0);
    }
  }
}

// A version awaiting another cluster's first measurement of it is not what a
// policy falls back to while the others' executions are still running (UCB
// and TS with no version at 2 executions yet take the least started one).
TEST(VersionsPolicy, AwaitedVersionIsNoFallback) {
  for (kmp_mv_policy_kind_t Kind : {kmp_mv_ucb, kmp_mv_ts}) {
    Bandit M(Kind, 2);
    M.Policy.eliminate = 1;
    M.update(A, 100.0);
    M.Arms[A].started = 2; // its second execution running elsewhere
    M.Arms[B].origin |= KMP_MV_ORIGIN_AWAITED;
    EXPECT_EQ(M.select(), A);
    M.Arms[B].origin &= ~KMP_MV_ORIGIN_AWAITED;
    EXPECT_EQ(M.select(), B); // unknown: explored
  }
}

// The noise of one execution, pooled over arms by their executions minus 1.
TEST(VersionsPolicy, NoiseOfOneExecution) {
  Bandit M(kmp_mv_mean, 2); // the thesis' statistics
  double Sum = 0.0, Weight = 0.0;
  M.update(A, 100.0);
  __kmp_mv_noise_add(&M.Arms[A], &Sum, &Weight); // one execution: nothing
  EXPECT_EQ(Weight, 0.0);
  M.update(A, 120.0);
  M.update(A, 110.0); // mean 110, s^2 100
  M.update(B, 200.0);
  M.update(B, 200.0); // s^2 0
  __kmp_mv_noise_add(&M.Arms[A], &Sum, &Weight);
  __kmp_mv_noise_add(&M.Arms[B], &Sum, &Weight);
  EXPECT_EQ(Weight, 3.0);
  EXPECT_NEAR(Sum / Weight, 2.0 * (100.0 / (110.0 * 110.0)) / 3.0, 1e-12);
}

// A first execution that contradicts the prediction that made its version
// the best is re-checked by a second one: if the second agrees with the
// prediction, the first was disturbed and counts at the second's time; if it
// agrees with the first, both count.
TEST(VersionsPolicy, RecheckOfAContradictedPrediction) {
  // The first execution 3.3x, then 20x the other version's time (over the
  // elimination ratio: awaiting its re-check, the version is not taken out).
  for (double First : {5e3, 30e3})
    for (int Disturbed = 0; Disturbed < 2; ++Disturbed) {
      Bandit Bd(kmp_mv_mean, 2);
      Bd.Policy.eliminate = 1;
      __kmp_mv_arm_predict(&Bd.Arms[0], 1e3, KMP_MV_PREDICT_MIN_ERROR);
      __kmp_mv_arm_predict(&Bd.Arms[1], 1.5e3, KMP_MV_PREDICT_MIN_ERROR);
      EXPECT_EQ(Bd.select(), 0);
      Bd.update(0, First); // over 1e3 x 1.56 and over version 1's 1.5e3
      EXPECT_TRUE(Bd.Arms[0].origin & KMP_MV_ORIGIN_RECHECK);
      EXPECT_EQ(Bd.select(), 1);
      Bd.update(1, 1.5e3);
      EXPECT_FALSE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
      EXPECT_EQ(Bd.select(), 0); // the re-check
      Bd.update(0, Disturbed ? 1e3 : First + 0.2e3);
      EXPECT_FALSE(Bd.Arms[0].origin & KMP_MV_ORIGIN_RECHECK);
      EXPECT_EQ(Bd.Arms[0].n, 2u);
      EXPECT_DOUBLE_EQ(Bd.Arms[0].mean, Disturbed ? 1e3 : First + 0.1e3);
      EXPECT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
      EXPECT_EQ(Bd.select(), Disturbed ? 0 : 1);
    }
  // A wide prediction (error 0.7, an interval of 4x) is contradicted over
  // KMP_MV_ROBUST_FIRST times it: 2.3x the prediction, over the other's mean.
  for (int Disturbed = 0; Disturbed < 2; ++Disturbed) {
    Bandit Bd(kmp_mv_mean, 2);
    Bd.Policy.eliminate = 1;
    __kmp_mv_arm_predict(&Bd.Arms[1], 26e3, KMP_MV_PREDICT_MIN_ERROR);
    Bd.update(1, 26e3);
    __kmp_mv_arm_predict(&Bd.Arms[0], 18e3, 0.7);
    EXPECT_EQ(Bd.select(), 0);
    Bd.update(0, 42e3);
    EXPECT_TRUE(Bd.Arms[0].origin & KMP_MV_ORIGIN_RECHECK);
    EXPECT_EQ(Bd.select(), 0); // the re-check
    Bd.update(0, Disturbed ? 17e3 : 40e3);
    EXPECT_DOUBLE_EQ(Bd.Arms[0].mean, Disturbed ? 17e3 : 41e3);
    EXPECT_EQ(Bd.select(), Disturbed ? 0 : 1);
  }
  // A prediction made again from other costs that explains the first
  // execution (inside its interval, capped at twice it) clears the mark: no
  // second execution. One that does not keeps it.
  {
    Bandit Bd(kmp_mv_mean, 2);
    Bd.Policy.eliminate = 1;
    __kmp_mv_arm_predict(&Bd.Arms[1], 26e3, KMP_MV_PREDICT_MIN_ERROR);
    Bd.update(1, 26e3);
    __kmp_mv_arm_predict(&Bd.Arms[0], 10e3, KMP_MV_PREDICT_MIN_ERROR);
    Bd.update(0, 50e3);
    ASSERT_TRUE(Bd.Arms[0].origin & KMP_MV_ORIGIN_RECHECK);
    EXPECT_FALSE(__kmp_mv_recheck_explained(&Bd.Arms[0], 20e3, 1.0)); // 2x
    EXPECT_TRUE(Bd.Arms[0].origin & KMP_MV_ORIGIN_RECHECK);
    EXPECT_FALSE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
    EXPECT_TRUE(__kmp_mv_recheck_explained(&Bd.Arms[0], 45e3, 0.1));
    EXPECT_FALSE(Bd.Arms[0].origin & KMP_MV_ORIGIN_RECHECK);
    EXPECT_EQ(Bd.Arms[0].n, 1u);
    EXPECT_TRUE(__kmp_mv_explored(&Bd.Policy, &Bd.Key));
    EXPECT_EQ(Bd.select(), 1);
    // Nothing to explain for an arm not awaiting a re-check.
    EXPECT_FALSE(__kmp_mv_recheck_explained(&Bd.Arms[1], 26e3, 0.1));
  }
  // No re-check for a version that the prediction did not make the best, or
  // whose first execution is within its prediction's interval.
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.eliminate = 1;
  __kmp_mv_arm_predict(&Bd.Arms[0], 1e3, KMP_MV_PREDICT_MIN_ERROR);
  __kmp_mv_arm_predict(&Bd.Arms[1], 1.4e3, KMP_MV_PREDICT_MIN_ERROR);
  Bd.update(1, 5e3);
  EXPECT_FALSE(Bd.Arms[1].origin & KMP_MV_ORIGIN_RECHECK);
  // Doubted instead: no point of other costs' predictions until a second.
  EXPECT_TRUE(Bd.Arms[1].origin & KMP_MV_ORIGIN_DOUBTED);
  EXPECT_TRUE(__kmp_mv_contradicted(&Bd.Arms[1]));
  Bd.update(0, 1.5e3);
  EXPECT_FALSE(Bd.Arms[0].origin & KMP_MV_ORIGIN_RECHECK);
  EXPECT_FALSE(__kmp_mv_contradicted(&Bd.Arms[0]));
  Bd.update(1, 5.2e3);
  EXPECT_FALSE(__kmp_mv_contradicted(&Bd.Arms[1]));
}

} // namespace

// Robust statistics: the first execution, which has no mean to be judged by,
// is judged by the second: over KMP_MV_ROBUST_FIRST times it, it counts at the
// second's time (UCB's spread no longer carries it); the thesis' formulas
// keep it.
TEST(VersionsPolicy, RobustJudgesTheFirstExecutionByTheSecond) {
  for (int Robust = 0; Robust < 2; ++Robust) {
    Bandit Bd(kmp_mv_ucb, 2);
    Bd.Policy.robust = Robust;
    Bd.update(A, 141.0 * Ms); // cold: 2.7x
    Bd.update(A, 52.0 * Ms);
    EXPECT_EQ(Bd.Arms[A].n, 2u);
    EXPECT_DOUBLE_EQ(Bd.meanMs(A), Robust ? 52.0 : 96.5);
    EXPECT_DOUBLE_EQ(Bd.sdMs(A), Robust ? 0.0 : sqrt(2.0) * 44.5);
    EXPECT_DOUBLE_EQ(Bd.Key.sum, 193.0 * Ms); // the key's time is what ran
    // Under twice the second: both count as they are.
    Bd.update(B, 60.0 * Ms);
    Bd.update(B, 31.0 * Ms);
    EXPECT_DOUBLE_EQ(Bd.meanMs(B), 45.5);
  }
}

// Robust statistics (kmp_mv_policy_t::robust): one disturbed execution (over
// KMP_MV_ROBUST_RATIO times the mean) is counted at a value that moves the
// mean by at most KMP_MV_ROBUST_SHIFT, and never above that ratio;
// KMP_MV_ROBUST_CONFIRM in a row restart the arm from the last one; the
// thesis' formulas (robust = 0, the other tests) take every time as it is.
TEST(VersionsPolicy, RobustClampsOneOutlier) {
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.robust = 1;
  for (int I = 0; I < 5; ++I)
    Bd.update(A, 1.0 * Ms);
  Bd.update(A, 100.0 * Ms); // 100x: counted as 1 + 0.1 x 6 = 1.6x
  EXPECT_EQ(Bd.Arms[A].n, 6u);
  EXPECT_DOUBLE_EQ(Bd.meanMs(A), (5.0 + 1.6) / 6.0);
  EXPECT_LE(Bd.meanMs(A), 1.0 + KMP_MV_ROBUST_SHIFT);
  EXPECT_EQ(Bd.Arms[A].outliers, 1u);
  Bd.update(A, 1.0 * Ms); // back to normal: the run of outliers ends
  EXPECT_EQ(Bd.Arms[A].outliers, 0u);
  // The thesis' statistics take it whole.
  Bandit Th(kmp_mv_mean, 2);
  for (int I = 0; I < 5; ++I)
    Th.update(A, 1.0 * Ms);
  Th.update(A, 100.0 * Ms);
  EXPECT_DOUBLE_EQ(Th.meanMs(A), 105.0 / 6.0);
}

// UCB under robust statistics: a version's lower bound is at least its mean
// over the robust ratio, so that executions disturbed by less than that ratio
// (not clamped) cannot draw UCB to a version many times slower than the best
// through its widened spread. The thesis' bound (robust off) still does.
TEST(VersionsPolicy, UcbRobustBoundFloor) {
  for (int Robust = 0; Robust <= 1; ++Robust) {
    Bandit Bd(kmp_mv_ucb, 2);
    Bd.Policy.robust = Robust;
    for (int I = 0; I < 60; ++I) // A: 1 ms, steady
      Bd.update(A, (1.0 + 0.01 * (I % 3)) * Ms);
    // B: 20x slower, its three executions disturbed by up to 3x.
    for (double X : {20.0, 60.0, 25.0})
      Bd.update(B, X * Ms);
    Bd.Arms[A].started = Bd.Arms[A].n; // both have their two: no exploration
    Bd.Arms[B].started = Bd.Arms[B].n;
    // The thesis' bound of B is far below A's mean; the floor is B's mean / 4.
    EXPECT_EQ(Bd.select(), Robust ? A : B) << "robust " << Robust;
  }
}

// From the second execution on: one disturbed execution among a version's
// first few moved its mean the most (a multi-size workload on an idle 2-core
// machine: B, 10.7 ms four times then 53.5 ms, counted at 4x its mean, was
// taken for slower than A at 12.9 ms, for the 470 executions left).
TEST(VersionsPolicy, RobustClampsFromTheSecondExecution) {
  Bandit One(kmp_mv_mean, 1);
  One.Policy.robust = 1;
  One.update(A, 1.0 * Ms);
  One.update(A, 50.0 * Ms); // counted as 1.2x
  EXPECT_DOUBLE_EQ(One.meanMs(A), 1.1);
  // Robust, Mean keeps B; the thesis' statistics commit to A.
  for (int Robust = 0; Robust <= 1; ++Robust) {
    Bandit Bd(kmp_mv_mean, 2);
    Bd.Policy.robust = Robust;
    for (int I = 0; I < 5; ++I)
      Bd.update(A, 12.9 * Ms);
    for (double X : {10.7, 10.7, 10.7, 10.7, 53.5})
      Bd.update(B, X * Ms);
    Bd.Arms[A].started = Bd.Arms[B].started = 5;
    EXPECT_EQ(Bd.select(), Robust ? B : A) << "robust " << Robust;
  }
  // Over the first KMP_MV_ROBUST_EARLY executions the outlier ratio is 1 + n:
  // 2.4x at the second execution is an outlier, 2.4x at the fourth is not.
  Bandit Early(kmp_mv_mean, 1);
  Early.Policy.robust = 1;
  Early.update(A, 11.0 * Ms);
  Early.update(A, 26.9 * Ms); // counted as 1.2x
  EXPECT_DOUBLE_EQ(Early.meanMs(A), (11.0 + 13.2) / 2);
  Bandit Later(kmp_mv_mean, 1);
  Later.Policy.robust = 1;
  for (int I = 0; I < 3; ++I)
    Later.update(A, 10.0 * Ms);
  Later.update(A, 24.0 * Ms); // under 4x: counted as it is
  EXPECT_DOUBLE_EQ(Later.meanMs(A), 13.5);
}

// Mean's second look: B, the faster version (1.0 ms), had one of its five
// exploring executions disturbed 2.9x (under the outlier ratio), and Mean
// committed to A (1.2 ms). Its lead over B is not significant (B's own
// executions disagree), so B is run again, and again while its executions
// bring its mean down, until it is the lowest: five looks here. A runner-up
// whose executions agree is never looked at.
TEST(VersionsPolicy, SecondLookAtARunnerUpWhoseLeadIsNoise) {
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.robust = 1;
  for (int I = 0; I < 5; ++I)
    Bd.update(A, (1.2 + 0.001 * (I % 3)) * Ms);
  for (double X : {1.0, 1.0, 1.0, 2.9, 1.0})
    Bd.update(B, X * Ms);
  ASSERT_EQ(__kmp_mv_lowest_mean(&Bd.Key), A);
  int Looks = 0;
  while (__kmp_mv_lowest_mean(&Bd.Key) == A && Looks < 20) {
    ASSERT_EQ(__kmp_mv_second_look(&Bd.Key, A), B) << "look " << Looks;
    Bd.update(B, 1.0 * Ms);
    ++Looks;
  }
  EXPECT_EQ(__kmp_mv_lowest_mean(&Bd.Key), B);
  EXPECT_EQ(Looks, 5);
  // Executions of B that agree, 1.3 ms: its lead by A is significant.
  Bandit Clean(kmp_mv_mean, 2);
  Clean.Policy.robust = 1;
  for (int I = 0; I < 5; ++I) {
    Clean.update(A, (1.0 + 0.01 * (I % 3)) * Ms);
    Clean.update(B, (1.3 + 0.01 * (I % 2)) * Ms);
  }
  EXPECT_EQ(__kmp_mv_second_look(&Clean.Key, A), -1);
  // Never a version that has run twice as often as best, one twice as slow,
  // one that never ran, or with best known from one execution.
  Bandit Rules(kmp_mv_mean, 4);
  for (int I = 0; I < 4; ++I)
    Rules.update(A, (1.0 + 0.5 * (I % 2)) * Ms); // noisy: no lead significant
  for (int I = 0; I < 8; ++I)
    Rules.update(B, 1.3 * Ms); // twice as many executions as A
  Rules.update(2, 2.6 * Ms);   // over twice A's mean (1.25 ms)
  EXPECT_EQ(__kmp_mv_second_look(&Rules.Key, A), -1);
  Rules.update(3, 1.3 * Ms); // one execution: A's relative variance for it
  EXPECT_EQ(__kmp_mv_second_look(&Rules.Key, A), 3);
  Bandit One(kmp_mv_mean, 2);
  One.update(A, 1.0 * Ms);
  One.update(B, 1.01 * Ms);
  EXPECT_EQ(__kmp_mv_second_look(&One.Key, A), -1);
  EXPECT_EQ(__kmp_mv_second_look(&One.Key, -1), -1);
}

TEST(VersionsPolicy, RobustRestartsOnAConfirmedChange) {
  Bandit Bd(kmp_mv_mean, 2);
  Bd.Policy.robust = 1;
  for (int I = 0; I < 40; ++I)
    Bd.update(A, 1.0 * Ms);
  Bd.Arms[A].started = 40;
  EXPECT_EQ(__kmp_mv_update(&Bd.Policy, &Bd.Key, A, 10.0 * Ms), 0);
  EXPECT_EQ(__kmp_mv_update(&Bd.Policy, &Bd.Key, A, 10.0 * Ms), 0);
  EXPECT_EQ(__kmp_mv_update(&Bd.Policy, &Bd.Key, A, 10.0 * Ms), 1);
  EXPECT_EQ(Bd.Arms[A].n, 43u); // every execution counted
  EXPECT_DOUBLE_EQ(Bd.meanMs(A), 10.0);
  EXPECT_DOUBLE_EQ(Bd.sdMs(A), 0.0);
  EXPECT_EQ(Bd.Arms[A].started, 43u); // not explored again
  EXPECT_EQ(Bd.Key.t, 43u);
  // Mean now prefers B (5 ms) over the slowed A.
  for (int I = 0; I < 5; ++I)
    Bd.update(B, 5.0 * Ms);
  Bd.Arms[B].started = 5;
  EXPECT_EQ(Bd.select(), B);
}

// The re-check of stored statistics (OMP_SELECT_STORE_RECHECK): a stored mean
// over the interval of this run's prediction (at most 2x), with the
// prediction under the best, is stale; the arm then restarts at the
// execution that found it so, counted.
TEST(VersionsPolicy, StoredStatisticsContradictedByThisRun) {
  double Limit = 0;
  // Stored 3 ms, predicted 1 ms with a narrow error, best 2 ms: stale, and the
  // re-check's execution must come under 1 ms x exp(2 x 0.1).
  EXPECT_TRUE(__kmp_mv_stored_stale(3e6, 2e6, 1e6, 0.1, &Limit));
  EXPECT_NEAR(Limit, 1e6 * exp(0.2), 1e-3);
  // A wide prediction: the interval is capped at twice the prediction, and
  // the prediction must be under the best by its error (e^1 here).
  EXPECT_TRUE(__kmp_mv_stored_stale(4e6, 3e6, 1e6, 1.0, &Limit));
  EXPECT_DOUBLE_EQ(Limit, 2e6);
  EXPECT_FALSE(__kmp_mv_stored_stale(1.9e6, 3e6, 1e6, 1.0, &Limit));
  EXPECT_FALSE(__kmp_mv_stored_stale(4e6, 2.5e6, 1e6, 1.0, &Limit));
  // The bound alone (a stored version's first execution, not a look).
  EXPECT_DOUBLE_EQ(__kmp_mv_stored_limit(1e6, 1.0), 2e6);
  EXPECT_NEAR(__kmp_mv_stored_limit(1e6, 0.1), 1e6 * exp(0.2), 1e-3);
  // Inside the interval: the stored mean agrees with this run.
  EXPECT_FALSE(__kmp_mv_stored_stale(1.1e6, 2e6, 1e6, 0.1, &Limit));
  // Predicted over the best: a re-check could not change the choice.
  EXPECT_FALSE(__kmp_mv_stored_stale(6e6, 2e6, 2.5e6, 0.1, &Limit));
  // Nothing to compare.
  EXPECT_FALSE(__kmp_mv_stored_stale(3e6, 2e6, 0.0, 0.1, &Limit));
  EXPECT_FALSE(__kmp_mv_stored_stale(0.0, 2e6, 1e6, 0.1, &Limit));

  Bandit Bd(kmp_mv_mean, 2);
  for (int I = 0; I < 8; ++I) {
    Bd.update(A, 3.0 * Ms);
    Bd.update(B, 2.0 * Ms);
  }
  Bd.Arms[A].origin = KMP_MV_ORIGIN_STORE;
  __kmp_mv_arm_restart(&Bd.Arms[A], 1.0 * Ms);
  EXPECT_EQ(Bd.Arms[A].n, 9u);
  EXPECT_EQ(Bd.Arms[A].started, 9u);
  EXPECT_DOUBLE_EQ(Bd.meanMs(A), 1.0);
  EXPECT_DOUBLE_EQ(Bd.sdMs(A), 0.0);
  EXPECT_EQ(Bd.Arms[A].origin, KMP_MV_ORIGIN_STORE | KMP_MV_ORIGIN_CHANGED);
  EXPECT_EQ(__kmp_mv_lowest_mean(&Bd.Key), A);
}

// GB's reward relative to the key's average (gb_relative) moves the
// preferences the same at any time scale; the thesis' reward in seconds moves
// them a million times less on microsecond tasks than on second ones.
TEST(VersionsPolicy, GbRelativeRewardIsScaleFree) {
  double Moved[2][2]; // [relative][scale]
  for (int Rel = 0; Rel < 2; ++Rel)
    for (int Scale = 0; Scale < 2; ++Scale) {
      Bandit Bd(kmp_mv_gb, 2);
      Bd.Policy.gb_relative = Rel;
      double Unit = Scale ? 1e9 : 1e3; // a second, or a microsecond
      Bd.update(A, 2.0 * Unit);
      Bd.update(B, 1.0 * Unit);
      Moved[Rel][Scale] = Bd.Arms[B].h - Bd.Arms[A].h;
    }
  EXPECT_GT(Moved[1][0], 0.0);
  EXPECT_NEAR(Moved[1][0], Moved[1][1], 1e-12);
  EXPECT_NEAR(Moved[0][0] * 1e6, Moved[0][1], 1e-9);
}

// Buckets of costs (OMP_SELECT_COST_BUCKETS): costs within one bucket share
// its middle cost; buckets narrower than one keep each cost; off keeps all.
TEST(VersionsPolicy, CostBuckets) {
  EXPECT_EQ(__kmp_mv_cost_bucket(1000, 0), 1000);   // off
  EXPECT_EQ(__kmp_mv_cost_bucket(0, 8), 0);         // no cost
  EXPECT_EQ(__kmp_mv_cost_bucket(-5, 8), -5);       // (not a size)
  for (int64_t N = 1; N <= 11; ++N)                 // narrower than 1
    EXPECT_EQ(__kmp_mv_cost_bucket(N, 8), N) << N;
  // 8 per doubling: [1024, 1116.7) has its middle at 1069.3.
  EXPECT_EQ(__kmp_mv_cost_bucket(1024, 8), 1069);
  EXPECT_EQ(__kmp_mv_cost_bucket(1100, 8), 1069);
  EXPECT_EQ(__kmp_mv_cost_bucket(1116, 8), 1069);
  EXPECT_EQ(__kmp_mv_cost_bucket(1117, 8), 1166);
  EXPECT_EQ(__kmp_mv_cost_bucket(2047, 8), 1961); // [1878.3, 2048)
  // One per doubling: [512, 1024) -> 724.
  EXPECT_EQ(__kmp_mv_cost_bucket(600, 1), 724);
  EXPECT_EQ(__kmp_mv_cost_bucket(1023, 1), 724);
  // Every cost's bucket middle lies within a bucket's width of it.
  for (int K : {1, 3, 8, 64})
    for (int64_t N = 1; N < 5000000; N = N * 9 / 8 + 1) {
      int64_t R = __kmp_mv_cost_bucket(N, K);
      EXPECT_LE((double)R, (double)N * exp2(1.0 / K) + 1) << N << " " << K;
      EXPECT_GE((double)R, (double)N / exp2(1.0 / K) - 1) << N << " " << K;
      EXPECT_EQ(__kmp_mv_cost_bucket(R, K), R) << N << " " << K; // its own
    }
  EXPECT_EQ(__kmp_mv_cost_bucket(INT64_MAX, 8), INT64_MAX); // no overflow
}

// A time measured at cost N stands for its bucket's cost R by the shared
// slope: divided by (N/R)^slope, the slope clamped to [0, 4].
TEST(VersionsPolicy, CostBucketDivisor) {
  EXPECT_DOUBLE_EQ(__kmp_mv_bucket_divisor(1100, 1069, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(__kmp_mv_bucket_divisor(1069, 1069, 3.0), 1.0);
  EXPECT_DOUBLE_EQ(__kmp_mv_bucket_divisor(1100, 1069, -1.0), 1.0);
  EXPECT_NEAR(__kmp_mv_bucket_divisor(1100, 1069, 3.0),
              pow(1100.0 / 1069.0, 3.0), 1e-12);
  EXPECT_NEAR(__kmp_mv_bucket_divisor(1024, 1069, 1.0), 1024.0 / 1069.0,
              1e-12);
  EXPECT_NEAR(__kmp_mv_bucket_divisor(2, 1, 9.0), 16.0, 1e-12); // clamped
}

// Disturbed runs (OMP_SELECT_STORE_DISTURBED): /proc/stat's cpu lines of the
// run's CPUs only, in ticks, with the fields older kernels lack counted 0.
TEST(VersionsPolicy, DisturbanceCpuTicks) {
  const char *stat = "cpu  900 0 90 9000 9 0 1 0 0 0\n"
                     "cpu0 100 2 10 1000 5 1 1 3 0 0\n"
                     "cpu1 200 0 20 2000 0 0 0 0 0 0\n"
                     "cpu2 300 0 30 3000\n"
                     "intr 12345 1 2 3\n"
                     "ctxt 99\n";
  uint64_t mask[2] = {0x5, 0}; // CPUs 0 and 2
  uint64_t busy = 0, total = 0;
  int cpus = 0;
  ASSERT_TRUE(__kmp_mv_parse_cpu_ticks(stat, mask, 2, &busy, &total, &cpus));
  EXPECT_EQ(cpus, 2);
  // cpu0: 100+2+10+1+1+3 busy, +1000+5 idle; cpu2: 330 busy, +3000 idle.
  EXPECT_EQ(busy, 117u + 330u);
  EXPECT_EQ(total, 117u + 1005u + 330u + 3000u);
  // A CPU beyond the mask's words, and a malformed cpu line.
  uint64_t one[1] = {~0ull};
  busy = total = 0;
  cpus = 0;
  ASSERT_TRUE(__kmp_mv_parse_cpu_ticks("cpu64 1 1 1 1\n", one, 1, &busy, &total,
                                       &cpus));
  EXPECT_EQ(cpus, 0);
  EXPECT_FALSE(
      __kmp_mv_parse_cpu_ticks("cpu0 1 x\n", one, 1, &busy, &total, &cpus));
  EXPECT_FALSE(
      __kmp_mv_parse_cpu_ticks("cpu0 1 1 1\n", one, 1, &busy, &total, &cpus));
  uint64_t exec = 0, wait = 0;
  ASSERT_TRUE(__kmp_mv_parse_schedstat("113509 3405739 2\n", &exec, &wait));
  ASSERT_TRUE(__kmp_mv_parse_schedstat("1 2 3", &exec, &wait));
  EXPECT_EQ(exec, 113510u);
  EXPECT_EQ(wait, 3405741u);
  EXPECT_FALSE(__kmp_mv_parse_schedstat("", &exec, &wait));
  EXPECT_FALSE(__kmp_mv_parse_schedstat("12", &exec, &wait));
}

// The two shares, and the rule: both over the threshold. Injected samples of
// two CPUs (100 ticks a second) over 2 s: 400 ticks of capacity.
TEST(VersionsPolicy, DisturbanceShares) {
  const unsigned all = KMP_MV_LOAD_CPUS | KMP_MV_LOAD_SCHED;
  kmp_mv_load_sample_t a = {1000, 5000, 0, 0, 0, all};
  // Beside a busy loop: the CPUs busy all along, the process used one CPU
  // (2 s of 4), and its threads waited 1 s for every 2 s they ran.
  kmp_mv_load_sample_t b = {1400,          5400,          2000000000ull,
                            2000000000ull, 1000000000ull, all};
  kmp_mv_disturbance_t d = __kmp_mv_disturbance(&a, &b, 100);
  ASSERT_TRUE(d.judged);
  EXPECT_NEAR(d.waited, 1.0 / 3.0, 1e-9);
  EXPECT_NEAR(d.others, 0.5, 1e-9);
  EXPECT_TRUE(__kmp_mv_disturbed(&d, 10));
  EXPECT_TRUE(__kmp_mv_disturbed(&d, 33));
  EXPECT_FALSE(__kmp_mv_disturbed(&d, 34)); // waited 33.3% is not over 34%
  EXPECT_FALSE(__kmp_mv_disturbed(&d, 0));  // off
  // The program oversubscribes the CPUs itself: its threads wait, but the
  // CPUs' busy time is its own.
  kmp_mv_load_sample_t c = {1400,          5400,          4000000000ull,
                            4000000000ull, 4000000000ull, all};
  d = __kmp_mv_disturbance(&a, &c, 100);
  EXPECT_NEAR(d.others, 0.0, 1e-9);
  EXPECT_FALSE(__kmp_mv_disturbed(&d, 10));
  // Another job on the other CPU: busy, but the threads never waited.
  kmp_mv_load_sample_t e = {1400, 5400, 2000000000ull, 2000000000ull, 0, all};
  d = __kmp_mv_disturbance(&a, &e, 100);
  EXPECT_NEAR(d.others, 0.5, 1e-9);
  EXPECT_FALSE(__kmp_mv_disturbed(&d, 10));
  // Not judged: a reading missing at either end, time running backwards, or
  // a run of under half a second of its CPUs.
  kmp_mv_load_sample_t f = b;
  f.known = KMP_MV_LOAD_CPUS;
  EXPECT_FALSE(__kmp_mv_disturbance(&a, &f, 100).judged);
  EXPECT_FALSE(__kmp_mv_disturbance(&f, &b, 100).judged);
  EXPECT_FALSE(__kmp_mv_disturbance(&b, &a, 100).judged);
  EXPECT_FALSE(__kmp_mv_disturbance(&a, &b, 0).judged);
  kmp_mv_load_sample_t g = {1040,         5040, 200000000ull, 200000000ull,
                            100000000ull, all}; // 0.4 s of CPUs' time
  d = __kmp_mv_disturbance(&a, &g, 100);
  EXPECT_FALSE(d.judged);
  EXPECT_FALSE(__kmp_mv_disturbed(&d, 10));
}

TEST(VersionsPolicy, ExecutionDisturbed) {
  struct Case {
    double Wall, Cpu;
    long Voluntary, Involuntary, Major;
    int Percent;
    bool Disturbed;
  };
  const Case Cases[] = {
      // Preempted: 3 ms on the clock, 30 us on the CPU, an involuntary switch.
      {3e6, 3e4, 0, 1, 0, 50, true},
      {3e6, 3e4, 2, 1, 0, 98, true},
      {3e6, 3e4, 2, 1, 0, 99, false}, // 99% off, not over it
      // Waiting for pages from disk (a voluntary switch each).
      {3e6, 3e4, 5, 0, 5, 50, true},
      // Off its CPU with no switch seen: the hypervisor ran another vCPU.
      {3e6, 3e4, 0, 0, 0, 50, true},
      // Waiting by its own choice (a sleep, a lock, a device): not disturbed.
      {3e6, 3e4, 1, 0, 0, 50, false},
      {3e6, 3e4, 40, 0, 0, 50, false},
      // On its CPU all along (its CPU time read around the interval, so a
      // little more than the clock's), or a page-fault storm (system time on
      // the CPU), whatever it switched.
      {3e6, 3.001e6, 0, 3, 0, 50, false},
      {3e6, 3e6, 0, 1, 2, 1, false},
      // Off its CPU 40%, 50% and 60% of the time: over the percent, not at it.
      {1e6, 0.6e6, 0, 1, 0, 50, false},
      {1e6, 0.4e6, 0, 1, 0, 50, true},
      {1e6, 0.5e6, 0, 1, 0, 50, false},
      {1e6, 0.4e6, 0, 1, 0, 59, true},
      {1e6, 0.4e6, 0, 1, 0, 60, false},
      // Off (0), nothing measured, or a CPU time that makes no sense.
      {3e6, 0, 0, 1, 0, 0, false},
      {0, 0, 0, 1, 0, 50, false},
      {-5, 0, 0, 1, 0, 50, false},
      {3e6, -1, 0, 1, 0, 50, false},
      {NAN, 0, 0, 1, 0, 50, false},
  };
  for (const Case &C : Cases)
    EXPECT_EQ(__kmp_mv_execution_disturbed(C.Wall, C.Cpu, C.Voluntary,
                                           C.Involuntary, C.Major, C.Percent),
              C.Disturbed)
        << "wall " << C.Wall << " cpu " << C.Cpu << " voluntary " << C.Voluntary
        << " involuntary " << C.Involuntary << " major " << C.Major
        << " percent " << C.Percent;
}

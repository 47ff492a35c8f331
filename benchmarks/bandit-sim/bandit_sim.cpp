//===- bandit_sim.cpp - Parameter sensitivity of the selection policies ---===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The sensitivity experiment of thesis 000, Fig. 3.4, on MVOMP's policy
// library (the code libomp runs): 1000 problems of 1000 rounds with 10
// versions, each version's mean drawn from N(1 s, 100 ms), each execution
// from N(mean, 100 ms). For each policy and parameter it prints how much
// worse, in percent, the expected time of the chosen versions was than
// always choosing the best version, averaged over the problems.
//
//   bandit_sim [problems] [rounds]      (defaults 1000 1000)
//
//===----------------------------------------------------------------------===//

#include "kmp_versions_policy.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int Versions = 10;
constexpr double Ns = 1e9;

struct Config {
  kmp_mv_policy_kind_t Kind;
  const char *Param; // name of the swept parameter
  double Value;
};

double runProblem(const Config &C, kmp_mv_rng_t &Env, uint64_t Seed,
                  int Rounds) {
  double Mu[Versions], Best = 1e300;
  for (double &M : Mu) {
    M = 1.0 + 0.1 * __kmp_mv_rng_gaussian(&Env);
    Best = M < Best ? M : Best;
  }
  std::vector<kmp_mv_arm_t> Arms(Versions);
  kmp_mv_key_t Key{0, 0, Versions, Arms.data()};
  kmp_mv_policy_t P{C.Kind, KMP_MV_DEFAULT_MEAN_REPS, KMP_MV_DEFAULT_UCB_K,
                    KMP_MV_DEFAULT_GB_ALPHA, -1};
  if (C.Kind == kmp_mv_mean)
    P.mean_reps = (int)C.Value;
  else if (C.Kind == kmp_mv_ucb)
    P.ucb_k = C.Value;
  else if (C.Kind == kmp_mv_gb)
    P.gb_alpha = C.Value;
  int Cand[Versions];
  for (int I = 0; I < Versions; ++I)
    Cand[I] = I;
  kmp_mv_rng_t Rng;
  __kmp_mv_rng_seed(&Rng, Seed);
  double Expected = 0;
  for (int R = 0; R < Rounds; ++R) {
    int V = Cand[__kmp_mv_select(&P, &Key, Cand, Versions, &Rng)];
    double X = Mu[V] + 0.1 * __kmp_mv_rng_gaussian(&Env);
    __kmp_mv_update(&P, &Key, V, (X > 0 ? X : 0) * Ns);
    Expected += Mu[V];
  }
  return 100.0 * (Expected / (Rounds * Best) - 1.0);
}

} // namespace

int main(int argc, char **argv) {
  int Problems = argc > 1 ? std::atoi(argv[1]) : 1000;
  int Rounds = argc > 2 ? std::atoi(argv[2]) : 1000;
  if (Problems <= 0 || Rounds <= 0) {
    std::fprintf(stderr, "usage: %s [problems > 0] [rounds > 0]\n", argv[0]);
    return 2;
  }
  std::vector<Config> Configs;
  for (double M : {1, 2, 3, 5, 10, 20, 50})
    Configs.push_back({kmp_mv_mean, "OMP_MEAN_REPS", M});
  for (double K : {0.01, 0.1, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0})
    Configs.push_back({kmp_mv_ucb, "OMP_UCB", K});
  for (double A : {0.2, 1.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0})
    Configs.push_back({kmp_mv_gb, "OMP_GB_ALPHA", A});
  Configs.push_back({kmp_mv_ts, "-", 0});
  Configs.push_back({kmp_mv_random, "-", 0});

  std::printf("| policy | parameter | value | %% worse than the best version |\n");
  std::printf("|---|---|---|---|\n");
  for (const Config &C : Configs) {
    // The same problems (version means and noise) for every configuration.
    kmp_mv_rng_t Env;
    __kmp_mv_rng_seed(&Env, 2024);
    double Sum = 0;
    for (int P = 0; P < Problems; ++P)
      Sum += runProblem(C, Env, 1000 + P, Rounds);
    std::printf("| %s | %s | %g | %.2f |\n", __kmp_mv_policy_name(C.Kind),
                C.Param, C.Value, Sum / Problems);
  }
  return 0;
}

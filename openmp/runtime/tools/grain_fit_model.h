//===- grain_fit_model.h - fitting seed 001's grain model -----*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The fit behind grain-fit (docs/grain.md): alpha and sigma of Formula 5.11
// by non-linear least squares (ALGLIB's lsfit) on relative errors, and the
// quality measures of the seed (Formulas 5.13 and 5.14). A library of its
// own so that the unit tests fit synthetic data with it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAIN_FIT_MODEL_H
#define GRAIN_FIT_MODEL_H

#include "kmp_grain_model.h"

#include <vector>

// One measured taskloop: `num_tasks` tasks of a loop whose sequential work
// is `work_ns`, on `threads` threads, took `time_ns`.
struct GrainSample {
  int threads;
  double work_ns;
  double num_tasks;
  double time_ns;
};

// Fits m->alpha_ns and m->sigma to the samples (the thresholds are left as
// they are). Returns false when ALGLIB fails or there are fewer than 3
// samples.
bool grainFit(const std::vector<GrainSample> &samples, kmp_grain_model_t *m);

// Formula 5.13 (mean of |1 - p/t|) and 5.14 (1 - mean squared error /
// variance of t) of the model's predictions on the samples.
double grainRelativeError(const std::vector<GrainSample> &samples,
                          const kmp_grain_model_t &m);
double grainR2(const std::vector<GrainSample> &samples,
               const kmp_grain_model_t &m);

#endif // GRAIN_FIT_MODEL_H

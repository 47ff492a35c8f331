//===- grain_fit_model.cpp - fitting seed 001's grain model (ALGLIB) -----===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "grain_fit_model.h"

#include <libalglib/interpolation.h>

#include <math.h>

namespace {

// x = (threads, work_ns, num_tasks), c = (alpha_us, sigma).
void model(const alglib::real_1d_array &c, const alglib::real_1d_array &x,
           double &f, void *) {
  kmp_grain_model_t m = KMP_GRAIN_DEFAULT_MODEL;
  m.alpha_ns = c[0] * 1000;
  m.sigma = c[1];
  f = __kmp_grain_predict(&m, x[1], x[2], (int)x[0]);
}

} // namespace

bool grainFit(const std::vector<GrainSample> &samples, kmp_grain_model_t *m) {
  const size_t n = samples.size();
  if (n < 3)
    return false;
  try {
    alglib::real_2d_array x;
    alglib::real_1d_array y, w, c, lo, hi;
    x.setlength(n, 3);
    y.setlength(n);
    w.setlength(n);
    for (size_t i = 0; i < n; ++i) {
      x[i][0] = samples[i].threads;
      x[i][1] = samples[i].work_ns;
      x[i][2] = samples[i].num_tasks;
      y[i] = samples[i].time_ns;
      // Weights 1/t: relative errors, so that the largest loops do not
      // decide the fit alone (Formula 5.13 is relative too).
      w[i] = samples[i].time_ns > 0 ? 1 / samples[i].time_ns : 0;
    }
    c.setlength(2);
    c[0] = 1; // us
    c[1] = 0.01;
    lo.setlength(2);
    hi.setlength(2);
    lo[0] = 0;
    hi[0] = 1e6;
    lo[1] = 0;
    hi[1] = 0.999;
    alglib::lsfitstate state;
    alglib::lsfitreport rep;
    alglib::ae_int_t info;
    alglib::lsfitcreatewf(x, y, w, c, 1e-6, state);
    alglib::lsfitsetbc(state, lo, hi);
    alglib::lsfitsetcond(state, 1e-10, 1000);
    alglib::lsfitfit(state, model);
    alglib::lsfitresults(state, info, c, rep);
    if (info <= 0)
      return false;
    m->alpha_ns = c[0] * 1000;
    m->sigma = c[1];
    return true;
  } catch (alglib::ap_error &) {
    return false;
  }
}

double grainRelativeError(const std::vector<GrainSample> &samples,
                          const kmp_grain_model_t &m) {
  double sum = 0;
  for (const GrainSample &s : samples)
    sum += fabs(1 - __kmp_grain_predict(&m, s.work_ns, s.num_tasks, s.threads) /
                        s.time_ns);
  return samples.empty() ? 0 : sum / samples.size();
}

double grainR2(const std::vector<GrainSample> &samples,
               const kmp_grain_model_t &m) {
  if (samples.empty())
    return 0;
  double mean = 0, var = 0, mse = 0;
  for (const GrainSample &s : samples)
    mean += s.time_ns;
  mean /= samples.size();
  for (const GrainSample &s : samples) {
    double p = __kmp_grain_predict(&m, s.work_ns, s.num_tasks, s.threads);
    var += (s.time_ns - mean) * (s.time_ns - mean);
    mse += (s.time_ns - p) * (s.time_ns - p);
  }
  return var > 0 ? 1 - mse / var : 0;
}

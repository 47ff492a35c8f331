//===- grain_fit.cpp - fit seed 001's grain model to this machine --------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The calibration of taskloop grain sizes (docs/grain.md): reads the sweeps
// of seed 001's parallel for-loop benchmark (benchmarks/grain, `sweep` mode:
// CSV rows threads,trip,iter_ns,num_tasks,time_ns), fits alpha and sigma of
// Formula 5.11 with ALGLIB's non-linear least squares, reports the fit as the
// seed does (relative error, Formula 5.13, and R^2, Formula 5.14, per thread
// count) and the flat region Formula 5.29 predicts against the measured one
// per problem size, and writes the model file the runtime reads
// (OMP_TASKLOOP_GRAIN_MODEL; by default where the runtime looks for it).
//
//   grain-fit [--base TRIP] [--lambda B[,S]] [--out FILE] sweep.csv...
//
// ALGLIB (Debian's libalglib) is GPL: only the commands link it; libomp
// reads their output.
//
//===----------------------------------------------------------------------===//

#include "grain_fit_model.h"
#include "kmp_mvomp_text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace {

struct Row {
  GrainSample S;
  double trip, iterNs;
};

bool number(const char *s, double *out) {
  char *end = NULL;
  errno = 0;
  *out = strtod(s, &end);
  return end != s && (*end == '\0' || *end == '\n' || *end == '\r') &&
         errno == 0 && isfinite(*out);
}

bool readSweep(const char *path, std::vector<Row> &rows) {
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "grain-fit: cannot read %s: %s\n", path, strerror(errno));
    return false;
  }
  char line[512];
  int lineno = 0, bad = 0;
  while (fgets(line, sizeof(line), f)) {
    ++lineno;
    if (line[0] == '#' || line[0] == '\n' || strncmp(line, "threads,", 8) == 0)
      continue;
    // A last line that holds more than blanks and no line break: a file cut
    // short (kmp_mvomp_text.h, as the runtime reads its inputs).
    if (line[strlen(line) - 1] != '\n' && feof(f) &&
        line[strspn(line, " \t\r")] != '\0') {
      fprintf(stderr, "grain-fit: %s:%d: %s; line skipped\n", path, lineno,
              KMP_MVOMP_UNTERMINATED_MESSAGE);
      ++bad;
      continue;
    }
    std::vector<double> v;
    char *save = NULL;
    for (char *tok = strtok_r(line, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
      double x;
      if (!number(tok, &x)) {
        v.clear();
        break;
      }
      v.push_back(x);
    }
    if (v.size() != 5 || v[0] < 1 || v[1] < 1 || v[2] <= 0 || v[3] < 1 ||
        v[4] <= 0) {
      fprintf(stderr,
              "grain-fit: %s:%d: expected threads,trip,iter_ns,num_tasks,"
              "time_ns (positive numbers); line skipped\n",
              path, lineno);
      ++bad;
      continue;
    }
    rows.push_back({{(int)v[0], v[1] * v[2], v[3], v[4]}, v[1], v[2]});
  }
  fclose(f);
  return bad == 0 || !rows.empty();
}

// Where the runtime reads the calibration by default (the same function).
std::string defaultOut() {
  char path[4096];
  return __kmp_grain_default_path(path, sizeof(path)) == 0 ? path
                                                           : "grain.model";
}

void mkdirs(const std::string &file) {
  for (size_t i = 1; i < file.size(); ++i)
    if (file[i] == '/')
      mkdir(file.substr(0, i).c_str(), 0755);
}

int usage() {
  fprintf(stderr, "usage: grain-fit [--base TRIP] [--lambda B[,S]] "
                  "[--default-us US] [--out FILE] sweep.csv...\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  double base = 0;
  std::string out = defaultOut();
  kmp_grain_model_t m = KMP_GRAIN_DEFAULT_MODEL;
  std::vector<Row> rows;
  int files = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--base" && i + 1 < argc) {
      if (!number(argv[++i], &base) || base < 1) {
        fprintf(stderr, "grain-fit: --base: '%s' is not a trip count\n",
                argv[i]);
        return 2;
      }
    } else if (a == "--lambda" && i + 1 < argc) {
      char err[96];
      double b = 0, s = 0;
      int n = sscanf(argv[++i], "%lf,%lf", &b, &s);
      if (n < 1 || __kmp_grain_check_lambda(b, err, sizeof(err)) ||
          (n == 2 && __kmp_grain_check_lambda(s, err, sizeof(err)))) {
        fprintf(stderr, "grain-fit: --lambda '%s': %s\n", argv[i],
                n < 1 ? "expected B[,S]" : err);
        return 2;
      }
      m.lambda_b = b;
      if (n == 2)
        m.lambda_s = s;
    } else if (a == "--default-us" && i + 1 < argc) {
      // Measured, not fitted: libomp's default split of an empty loop
      // (scripts/bench-grain.sh calibrate), written as the model's
      // default_us (docs/grain.md).
      double d;
      if (!number(argv[++i], &d) || !(d > 0 && d < 1e6)) {
        fprintf(stderr,
                "grain-fit: --default-us: '%s' is not a time in us (positive, "
                "below 1 s)\n",
                argv[i]);
        return 2;
      }
      m.default_ns = d * 1000;
    } else if (a == "--out" && i + 1 < argc) {
      out = argv[++i];
    } else if (a.size() > 1 && a[0] == '-') {
      return usage();
    } else {
      ++files;
      if (!readSweep(argv[i], rows))
        return 1;
    }
  }
  if (files == 0)
    return usage();
  std::vector<GrainSample> fitOn;
  for (const Row &r : rows)
    if (base == 0 || r.trip == base)
      fitOn.push_back(r.S);
  if (fitOn.size() < 3) {
    fprintf(stderr, "grain-fit: %zu usable samples%s; at least 3 needed\n",
            fitOn.size(), base ? " of the base trip count" : "");
    return 1;
  }
  if (!grainFit(fitOn, &m)) {
    fprintf(stderr, "grain-fit: the fit failed (ALGLIB)\n");
    return 1;
  }
  printf("# grain-fit: %zu samples (%s)\n", fitOn.size(),
         base ? "the base trip count" : "all trip counts");
  printf("alpha %.4f us, sigma %.4f\n", m.alpha_ns / 1000, m.sigma);
  if (m.default_ns > 0)
    printf("default_us %.4g (measured: libomp's default split of an empty "
           "loop)\n",
           m.default_ns / 1000);

  // The fit per thread count (Formulas 5.13 and 5.14): on what it was fitted
  // on, and on every sample.
  std::map<int, std::vector<GrainSample>> byN, byNAll;
  for (const Row &r : rows) {
    byNAll[r.S.threads].push_back(r.S);
    if (base == 0 || r.trip == base)
      byN[r.S.threads].push_back(r.S);
  }
  printf("\n| threads | samples | relative error | R^2 | relative error (all "
         "sizes) | R^2 (all sizes) |\n|---|---|---|---|---|---|\n");
  for (auto &kv : byNAll)
    printf("| %d | %zu | %.4f | %.4f | %.4f | %.4f |\n", kv.first,
           byN[kv.first].size(), grainRelativeError(byN[kv.first], m),
           grainR2(byN[kv.first], m), grainRelativeError(kv.second, m),
           grainR2(kv.second, m));

  // The flat region per (threads, trip): predicted (Formula 5.29) and
  // measured (grain sizes within 5% of the sweep's best time).
  std::map<std::pair<int, double>, std::vector<const Row *>> sweeps;
  for (const Row &r : rows)
    sweeps[{r.S.threads, r.trip}].push_back(&r);
  printf("\n| threads | trip | predicted flat (iterations per task) | "
         "measured within 5%% of best | best grain |\n|---|---|---|---|---|\n");
  for (auto &kv : sweeps) {
    const Row *best = kv.second[0];
    for (const Row *r : kv.second)
      if (r->S.time_ns < best->S.time_ns)
        best = r;
    double lo = 0, hi = 0;
    for (const Row *r : kv.second)
      if (r->S.time_ns <= 1.05 * best->S.time_ns) {
        double g = r->trip / r->S.num_tasks;
        lo = lo == 0 ? g : std::min(lo, g);
        hi = std::max(hi, g);
      }
    double plo, phi;
    __kmp_grain_flat_range(&m, best->S.work_ns, kv.first.first, &plo, &phi);
    printf("| %d | %.0f | %.0f .. %.0f | %.0f .. %.0f | %.0f |\n",
           kv.first.first, kv.first.second, plo / best->iterNs,
           phi / best->iterNs, lo, hi, best->trip / best->S.num_tasks);
  }

  mkdirs(out);
  FILE *f = fopen(out.c_str(), "w");
  if (f == NULL) {
    fprintf(stderr, "grain-fit: cannot write %s: %s\n", out.c_str(),
            strerror(errno));
    return 1;
  }
  fprintf(f,
          "# taskloop grain model (docs/grain.md), written by grain-fit from "
          "%zu samples\nalpha_us %.6g\nsigma %.6g\nlambda_b %g\nlambda_s "
          "%g\n",
          fitOn.size(), m.alpha_ns / 1000, m.sigma, m.lambda_b, m.lambda_s);
  if (m.default_ns > 0)
    fprintf(f, "default_us %.6g\n", m.default_ns / 1000);
  if (fclose(f) != 0) {
    fprintf(stderr, "grain-fit: cannot write %s: %s\n", out.c_str(),
            strerror(errno));
    return 1;
  }
  // What the runtime will read must parse.
  kmp_grain_model_t check = KMP_GRAIN_DEFAULT_MODEL;
  char text[1024], err[256];
  f = fopen(out.c_str(), "r");
  size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
  if (f)
    fclose(f);
  text[n] = '\0';
  if (__kmp_grain_model_parse(text, out.c_str(), &check, err, sizeof(err))) {
    fprintf(stderr, "grain-fit: wrote an unreadable model: %s\n", err);
    return 1;
  }
  printf("\nwrote %s\n", out.c_str());
  return 0;
}

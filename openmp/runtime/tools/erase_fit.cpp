//===- erase_fit.cpp - ERASE's offline models (thesis 004, Algorithm 1) ---===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Phase 2 of Algorithm 1: reads the performance tables that runs dumped with
// OMP_ERASE_STATS (docs/erase.md), takes each taskloop's times by width on
// one cluster as a vector, normalises it by its width-1 time, averages the
// vectors of each task class, fits a polynomial and a PMNF form (equation
// 2.1) to the average with ALGLIB's linear least squares, and writes the
// model file that the runtime reads with OMP_ERASE_MODEL (it is checked with
// the runtime's own parser first).
//
//   erase-fit [--degree D] [--out FILE] stats.csv...
//   erase-fit --check MODEL stats.csv...
//
// --check measures a model against other runs: for every taskloop vector, the
// time at each width from 2 up predicted from its width-1 time alone (phase 3
// of Algorithm 1, as the runtime does), and the root mean square of the
// relative errors, per class, for the polynomial and the PMNF model.
//
// ALGLIB (Debian's libalglib) is GPL: only this command links it; libomp
// reads its output (docs/erase.md).
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_model.h"
#include "kmp_mvomp_text.h"

#include <libalglib/interpolation.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

typedef std::vector<double> Times; // by width - 1, 0 = not measured

int classOf(const std::string &name) {
  for (int c = 0; c < kmp_erase_nclasses; ++c)
    if (name == __kmp_erase_class_name((kmp_erase_class_t)c))
      return c;
  return -1;
}

// Taskloop rows of one stats file: (type, cluster) -> class and times.
// A number from a whole field, finite; false otherwise.
bool parseNumber(const std::string &s, double *out) {
  char *end = NULL;
  errno = 0;
  *out = strtod(s.c_str(), &end);
  return end != s.c_str() && *end == '\0' && errno == 0 && isfinite(*out);
}

bool readStats(const char *path, std::map<std::string, Times> &vectors,
               std::map<std::string, int> &classes) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "erase-fit: cannot read %s: %s\n", path, strerror(errno));
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    fprintf(stderr, "erase-fit: cannot read %s: not a regular file\n", path);
    return false;
  }
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "erase-fit: cannot read %s: %s\n", path, strerror(errno));
    return false;
  }
  char line[1024];
  int lineno = 0;
  bool header = false;
  while (fgets(line, sizeof(line), f)) {
    ++lineno;
    if (line[0] == '#')
      continue;
    // A last line that holds more than blanks and no line break: a file cut
    // short (kmp_mvomp_text.h, as the runtime reads its inputs).
    if (line[strlen(line) - 1] != '\n' && feof(f) &&
        line[strspn(line, " \t\r")] != '\0') {
      fprintf(stderr, "erase-fit: %s:%d: %s; line skipped\n", path, lineno,
              KMP_MVOMP_UNTERMINATED_MESSAGE);
      continue;
    }
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string col; std::getline(ss, col, ',');)
      cols.push_back(col);
    if (!header) {
      header = true;
      if (cols.size() < 9 || cols[0] != "type" || cols[7] != "model_s") {
        fprintf(stderr, "erase-fit: %s:%d: not an OMP_ERASE_STATS file\n", path,
                lineno);
        fclose(f);
        return false;
      }
      continue;
    }
    if (cols.size() < 9 || cols[1] != "taskloop")
      continue;
    int cls = classOf(cols[2]);
    double width = 0, seconds = 0;
    if (cls < 0 || !parseNumber(cols[4], &width) || width != (int)width ||
        width < 1 || width > KMP_ERASE_MAX_WIDTH ||
        !parseNumber(cols[7], &seconds) || !(seconds > 0)) {
      fprintf(stderr, "erase-fit: %s:%d: malformed row, skipped\n", path,
              lineno);
      continue;
    }
    std::string key = std::string(path) + " " + cols[0] + " " + cols[3];
    Times &t = vectors[key];
    if ((int)t.size() < (int)width)
      t.resize((int)width, 0.0);
    t[(int)width - 1] = seconds;
    classes[key] = cls;
  }
  bool failed = ferror(f);
  fclose(f);
  if (failed) {
    fprintf(stderr, "erase-fit: cannot read %s\n", path);
    return false;
  }
  if (!header) {
    fprintf(stderr, "erase-fit: %s: empty, not an OMP_ERASE_STATS file\n",
            path);
    return false;
  }
  return true;
}

// Least squares of y on the columns of basis (rows: widths 1..n).
double fit(const std::vector<double> &y,
           const std::vector<std::vector<double>> &basis,
           std::vector<double> &coef) {
  int n = (int)y.size(), m = (int)basis[0].size();
  alglib::real_1d_array ya;
  alglib::real_2d_array fm;
  ya.setlength(n);
  fm.setlength(n, m);
  for (int r = 0; r < n; ++r) {
    ya[r] = y[r];
    for (int k = 0; k < m; ++k)
      fm[r][k] = basis[r][k];
  }
  alglib::ae_int_t info;
  alglib::real_1d_array c;
  alglib::lsfitreport rep;
  try {
    alglib::lsfitlinear(ya, fm, info, c, rep);
  } catch (alglib::ap_error &e) { // e.g. values too large for its arithmetic
    fprintf(stderr, "erase-fit: ALGLIB refused a fit: %s\n", e.msg.c_str());
    return INFINITY;
  }
  if (info <= 0 || !isfinite(rep.rmserror))
    return INFINITY;
  coef.assign(c.getcontent(), c.getcontent() + m);
  return rep.rmserror;
}

} // namespace

// --check: relative RMSE of width >= 2 predicted from width 1 alone.
int check(const char *modelPath, const std::map<std::string, Times> &vectors,
          std::map<std::string, int> &classes) {
  FILE *f = fopen(modelPath, "r");
  std::string text;
  char buf[4096];
  size_t got;
  while (f && (got = fread(buf, 1, sizeof(buf), f)) > 0)
    text.append(buf, got);
  if (f)
    fclose(f);
  kmp_erase_offline_t m;
  char err[256];
  if (f == NULL || __kmp_erase_offline_parse(text.c_str(), modelPath, &m, err,
                                             sizeof(err))) {
    fprintf(stderr, "erase-fit: %s\n", f ? err : "cannot read the model");
    return 1;
  }
  printf("class,model,predictions,rmse_relative\n");
  for (int c = 0; c < kmp_erase_nclasses; ++c)
    for (int kind = 0; kind < 2; ++kind) {
      const kmp_erase_function_t *fn = kind ? &m.pmnf[c] : &m.poly[c];
      double sq = 0;
      int n = 0;
      for (auto &kv : vectors) {
        const Times &t = kv.second;
        if (classes[kv.first] != c || t.empty() || t[0] <= 0)
          continue;
        Times only1(t.size(), 0.0);
        only1[0] = t[0];
        for (size_t w = 1; w < t.size(); ++w) {
          if (t[w] <= 0)
            continue;
          double p = __kmp_erase_interp_offline(
              fn, m.vec[c], m.nvec[c], only1.data(), (int)t.size(), (int)w + 1);
          if (p <= 0)
            continue;
          sq += (p - t[w]) * (p - t[w]) / (t[w] * t[w]);
          ++n;
        }
      }
      if (n > 0)
        printf("%s,%s,%d,%.4f\n", __kmp_erase_class_name((kmp_erase_class_t)c),
               kind ? "pmnf" : "poly", n, sqrt(sq / n));
    }
  return 0;
}

int main(int argc, char **argv) {
  int degree = 3;
  const char *out = NULL, *checkModel = NULL;
  std::vector<const char *> inputs;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf("usage: erase-fit [--degree D] [--out FILE] stats.csv...\n"
             "       erase-fit --check MODEL stats.csv...\n"
             "Fits ERASE's offline models (thesis 004, Algorithm 1) with ALGLIB from "
             "OMP_ERASE_STATS files of taskloop runs: per task class, a polynomial "
             "of degree D (default 3, 1..7) and a PMNF model of time against width; "
             "OMP_ERASE_MODEL reads the result (docs/erase.md).\n"
             "  --out    the model's file (default: standard output)\n"
             "  --check  the error of MODEL's predictions on the given runs\n");
      return 0;
    }
    if (!strcmp(argv[i], "--degree") && i + 1 < argc)
      degree = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--out") && i + 1 < argc)
      out = argv[++i];
    else if (!strcmp(argv[i], "--check") && i + 1 < argc)
      checkModel = argv[++i];
    else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: erase-fit [--degree D] [--out FILE] "
                      "stats.csv...\n       erase-fit --check MODEL "
                      "stats.csv...\n");
      return 1;
    } else
      inputs.push_back(argv[i]);
  }
  if (inputs.empty() || degree < 1 || degree >= KMP_ERASE_MODEL_TERMS) {
    fprintf(stderr, "usage: erase-fit [--degree 1..7] [--out FILE] "
                    "stats.csv...\n");
    return 1;
  }
  std::map<std::string, Times> vectors;
  std::map<std::string, int> classes;
  for (const char *path : inputs)
    if (!readStats(path, vectors, classes))
      return 1;
  if (checkModel)
    return check(checkModel, vectors, classes);

  // Phase 2: normalise (by the width-1 time) and average per class.
  std::vector<double> sum[kmp_erase_nclasses];
  std::vector<int> count[kmp_erase_nclasses];
  int used = 0;
  for (auto &kv : vectors) {
    const Times &t = kv.second;
    if (t.empty() || t[0] <= 0)
      continue; // without width 1 it cannot be normalised
    int c = classes[kv.first];
    bool finite = true;
    for (size_t w = 0; w < t.size(); ++w)
      finite &= isfinite(t[w] / t[0]);
    if (!finite) {
      fprintf(stderr,
              "erase-fit: %s: times too far apart to compare (a ratio to the "
              "width-1 time overflows); vector skipped\n",
              kv.first.c_str());
      continue;
    }
    if (sum[c].size() < t.size()) {
      sum[c].resize(t.size(), 0.0);
      count[c].resize(t.size(), 0);
    }
    for (size_t w = 0; w < t.size(); ++w)
      if (t[w] > 0) {
        sum[c][w] += t[w] / t[0];
        ++count[c][w];
      }
    ++used;
  }
  if (used == 0) {
    fprintf(stderr, "erase-fit: no taskloop row with a width-1 time in the "
                    "inputs; no model written\n");
    return 1;
  }
  std::string model = "# ERASE offline model written by erase-fit from " +
                      std::to_string(used) + " taskloop vectors\n";
  for (int c = 0; c < kmp_erase_nclasses; ++c) {
    std::vector<double> x, y, avg(sum[c].size(), 0.0);
    for (size_t w = 0; w < sum[c].size(); ++w)
      if (count[c][w] > 0) {
        avg[w] = sum[c][w] / count[c][w];
        x.push_back((double)(w + 1));
        y.push_back(avg[w]);
      }
    if (x.size() < 2)
      continue; // nothing to fit: the class keeps no model
    const char *name = __kmp_erase_class_name((kmp_erase_class_t)c);
    char buf[128];
    model += std::string("vector ") + name;
    for (double v : avg) {
      snprintf(buf, sizeof(buf), " %.9g", v);
      model += buf;
    }
    model += "\n";
    // Polynomial of at most degree D, and at most one less than the points.
    int d = std::min<int>(degree, (int)x.size() - 1);
    std::vector<std::vector<double>> basis(x.size());
    for (size_t r = 0; r < x.size(); ++r)
      for (int k = 0; k <= d; ++k)
        basis[r].push_back(pow(x[r], k));
    std::vector<double> coef;
    double rms = fit(y, basis, coef);
    if (coef.empty()) {
      fprintf(stderr, "erase-fit: %s: no polynomial fits these times\n", name);
      continue;
    }
    model += std::string("poly ") + name;
    for (double v : coef) {
      snprintf(buf, sizeof(buf), " %.9g", v);
      model += buf;
    }
    model += "\n";
    fprintf(stderr, "erase-fit: %s: polynomial of degree %d, RMS %.3g\n", name,
            d, rms);
    // PMNF: c0 + c1 * w^i * log2(w)^j over a small set of exponents (the
    // usual search of equation 2.1 for one term); the best RMS wins.
    const double is[] = {-1, -0.5, 0, 0.5, 1, 1.5, 2};
    const double js[] = {0, 1, 2};
    double best = INFINITY, bi = 0, bj = 0;
    std::vector<double> bestCoef;
    for (double i : is)
      for (double j : js) {
        if (i == 0 && j == 0)
          continue;
        std::vector<std::vector<double>> b(x.size());
        for (size_t r = 0; r < x.size(); ++r)
          b[r] = {1.0, pow(x[r], i) * pow(log2(x[r]), j)};
        std::vector<double> cf;
        double e = fit(y, b, cf);
        if (e < best) {
          best = e;
          bi = i;
          bj = j;
          bestCoef = cf;
        }
      }
    if (!bestCoef.empty()) {
      snprintf(buf, sizeof(buf), "pmnf %s %.9g 0 0 %.9g %g %g\n", name,
               bestCoef[0], bestCoef[1], bi, bj);
      model += buf;
      fprintf(stderr, "erase-fit: %s: PMNF c0 + c1 w^%g log2(w)^%g, RMS %.3g\n",
              name, bi, bj, best);
    }
  }

  kmp_erase_offline_t check;
  char err[256];
  if (__kmp_erase_offline_parse(model.c_str(), "(fitted)", &check, err,
                                sizeof(err)) != 0) {
    fprintf(stderr, "erase-fit: internal error, model refused: %s\n", err);
    return 3;
  }
  FILE *f = out ? fopen(out, "w") : stdout;
  if (f == NULL || fputs(model.c_str(), f) < 0 || (out && fclose(f) != 0)) {
    fprintf(stderr, "erase-fit: cannot write %s\n", out ? out : "stdout");
    return 1;
  }
  return 0;
}

/*
 * kmp_erase_power.cpp -- ERASE's power table. See kmp_erase_power.h and
 * docs/erase.md.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_power.h"
#include "kmp_mvomp_text.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *__kmp_erase_class_name(kmp_erase_class_t cls) {
  switch (cls) {
  case kmp_erase_memory:
    return "memory";
  case kmp_erase_cache:
    return "cache";
  case kmp_erase_compute:
    return "compute";
  default:
    return "?";
  }
}

int __kmp_erase_cpufreq_mhz(int cpu) {
  char path[96];
  snprintf(path, sizeof(path),
           "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_cur_freq", cpu);
  FILE *f = fopen(path, "r");
  long khz = 0;
  if (f != NULL) {
    if (fscanf(f, "%ld", &khz) != 1)
      khz = 0;
    fclose(f);
  }
  return khz > 0 ? (int)(khz / 1000) : 0;
}

int __kmp_erase_power_cluster(const kmp_erase_power_t *t, const char *name) {
  for (int i = 0; i < t->nclusters; ++i)
    if (strcmp(t->names[i], name) == 0)
      return i;
  return -1;
}

void __kmp_erase_power_free(kmp_erase_power_t *t) {
  free(t->runs);
  memset(t, 0, sizeof(*t));
}

namespace {

// One line split into at most 8 words (the longest record has 6).
struct Words {
  int n = 0;
  char *w[8];
};

Words split(char *line) {
  Words ws;
  char *save = NULL;
  for (char *p = strtok_r(line, " \t\r", &save); p && ws.n < 8;
       p = strtok_r(NULL, " \t\r", &save))
    ws.w[ws.n++] = p;
  return ws;
}

bool parseWatts(const char *s, double *out) {
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno || *end || end == s || !(v >= 0) || !isfinite(v))
    return false;
  *out = v;
  return true;
}

bool parsePositive(const char *s, int *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || *end || end == s || v < 1 || v > 1000000)
    return false;
  *out = (int)v;
  return true;
}

struct Parser {
  kmp_erase_power_t *table;
  const char *file;
  int line = 0;
  char *err;
  size_t errlen;
  // Reports "file:line: ..." and empties the table: a table with an error is
  // refused whole.
  int fail(const char *fmt, ...) {
    __kmp_erase_power_free(table);
    int k = snprintf(err, errlen, "%s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < errlen)
      vsnprintf(err + k, errlen - k, fmt, ap);
    va_end(ap);
    return -1;
  }
};

// Orders run records by what must be unique (cluster, class, width,
// frequency), then by line.
int compareRuns(const void *x, const void *y) {
  const kmp_erase_run_power_t &a = *(const kmp_erase_run_power_t *)x,
                              &b = *(const kmp_erase_run_power_t *)y;
  if (a.cluster != b.cluster)
    return a.cluster < b.cluster ? -1 : 1;
  if (a.cls != b.cls)
    return a.cls < b.cls ? -1 : 1;
  if (a.width != b.width)
    return a.width < b.width ? -1 : 1;
  if (a.mhz != b.mhz)
    return a.mhz < b.mhz ? -1 : 1;
  return a.line < b.line ? -1 : a.line > b.line;
}

} // namespace

int __kmp_erase_power_parse(const char *text, const char *file,
                            kmp_erase_power_t *t, char *err, size_t errlen) {
  memset(t, 0, sizeof(*t));
  Parser p{t, file, 0, err, errlen};
  if ((p.line = __kmp_mvomp_unterminated_line(text, 1)) != 0)
    return p.fail(KMP_MVOMP_UNTERMINATED_MESSAGE);
  int cap = 0;
  const char *s = text;
  while (*s) {
    const char *eol = strchr(s, '\n');
    size_t len = eol ? (size_t)(eol - s) : strlen(s);
    ++p.line;
    char buf[512];
    if (len >= sizeof(buf))
      return p.fail("line longer than %d characters", (int)sizeof(buf) - 1);
    memcpy(buf, s, len);
    buf[len] = 0;
    s += len + (eol ? 1 : 0);
    if (char *hash = strchr(buf, '#'))
      *hash = 0;
    Words ws = split(buf);
    if (ws.n == 0)
      continue;
    if (strcmp(ws.w[0], "cluster") == 0) {
      // cluster <name> idle <watts>
      double watts;
      if (ws.n != 4 || strcmp(ws.w[2], "idle") != 0)
        return p.fail("expected 'cluster <name> idle <watts>'");
      if (strlen(ws.w[1]) >= KMP_ERASE_MAX_NAME)
        return p.fail("cluster name '%s' longer than %d characters", ws.w[1],
                      KMP_ERASE_MAX_NAME - 1);
      if (__kmp_erase_power_cluster(t, ws.w[1]) >= 0)
        return p.fail("cluster '%s' defined twice", ws.w[1]);
      if (t->nclusters == KMP_ERASE_MAX_CLUSTERS)
        return p.fail("more than %d clusters", KMP_ERASE_MAX_CLUSTERS);
      if (!parseWatts(ws.w[3], &watts))
        return p.fail("idle power '%s' is not a number of watts >= 0", ws.w[3]);
      strcpy(t->names[t->nclusters], ws.w[1]);
      t->idle[t->nclusters++] = watts;
    } else if (strcmp(ws.w[0], "run") == 0) {
      // run <cluster> <class> <MHz> <width> <watts>
      kmp_erase_run_power_t r;
      if (ws.n != 6)
        return p.fail("expected 'run <cluster> <class> <MHz> <width> <watts>'");
      r.cluster = __kmp_erase_power_cluster(t, ws.w[1]);
      if (r.cluster < 0)
        return p.fail("cluster '%s' is not defined above", ws.w[1]);
      int c = 0;
      while (c < kmp_erase_nclasses &&
             strcmp(ws.w[2], __kmp_erase_class_name((kmp_erase_class_t)c)) != 0)
        ++c;
      if (c == kmp_erase_nclasses)
        return p.fail("task class '%s' is not memory, cache or compute",
                      ws.w[2]);
      r.cls = (kmp_erase_class_t)c;
      if (!parsePositive(ws.w[3], &r.mhz))
        return p.fail("frequency '%s' is not a positive number of MHz",
                      ws.w[3]);
      if (!parsePositive(ws.w[4], &r.width))
        return p.fail("width '%s' is not a positive number of cores", ws.w[4]);
      if (!parseWatts(ws.w[5], &r.watts))
        return p.fail("run power '%s' is not a number of watts >= 0", ws.w[5]);
      if (t->nruns == KMP_ERASE_MAX_RUNS)
        return p.fail("more than %d run records", KMP_ERASE_MAX_RUNS);
      if (t->nruns == cap) {
        cap = cap ? 2 * cap : 16;
        kmp_erase_run_power_t *n = (kmp_erase_run_power_t *)realloc(
            t->runs, cap * sizeof(kmp_erase_run_power_t));
        if (!n)
          return p.fail("out of memory");
        t->runs = n;
      }
      r.line = p.line;
      t->runs[t->nruns++] = r;
    } else {
      return p.fail("unknown record '%s' (expected 'cluster' or 'run')",
                    ws.w[0]);
    }
  }
  // Duplicates, found by sorting (a pairwise check took minutes on a table
  // of 400,000 records); sorted, a lookup takes the lower of two equally
  // near frequencies.
  if (t->nruns > 1)
    qsort(t->runs, t->nruns, sizeof(*t->runs), compareRuns);
  for (int i = 1; i < t->nruns; ++i) {
    const kmp_erase_run_power_t &a = t->runs[i - 1], &b = t->runs[i];
    if (a.cluster == b.cluster && a.cls == b.cls && a.width == b.width &&
        a.mhz == b.mhz) { // a is the first, by line
      // fail() clears the table: copy what the message needs first.
      kmp_erase_run_power_t dup = b;
      int first = a.line;
      char name[KMP_ERASE_MAX_NAME];
      memcpy(name, t->names[dup.cluster], sizeof(name));
      p.line = dup.line;
      return p.fail("run power of %s %s %d MHz width %d given twice (first "
                    "at line %d)",
                    name, __kmp_erase_class_name(dup.cls), dup.mhz, dup.width,
                    first);
    }
  }
  if (t->nclusters == 0) {
    __kmp_erase_power_free(t);
    snprintf(err, errlen, "%s: no 'cluster' record", file);
    return -1;
  }
  return 0;
}

double __kmp_erase_power_run(const kmp_erase_power_t *t, int cluster,
                             kmp_erase_class_t cls, int mhz, int width) {
  const kmp_erase_run_power_t *best = NULL, *near = NULL;
  for (int i = 0; i < t->nruns; ++i) {
    const kmp_erase_run_power_t &r = t->runs[i];
    if (r.cluster != cluster || r.cls != cls)
      continue;
    int d = abs(r.mhz - mhz), dn = near ? abs(near->mhz - mhz) : 0;
    if (!near || d < dn || (d == dn && r.mhz < near->mhz))
      near = &r;
    if (r.width == width && (!best || abs(r.mhz - mhz) < abs(best->mhz - mhz)))
      best = &r;
  }
  if (best)
    return best->watts;
  if (!near || width < 1)
    return -1.0;
  // A width the table does not list, at the nearest frequency it lists:
  // between two listed widths on the line through them, beyond them in
  // proportion to the nearest one's cores. (It read as 0 W: on a TX2-shaped
  // table, which lists 1, 2 and 4 cores, three of the four a57 cores looked
  // free, and ERASE ran the loops there at twice stock's time.)
  const kmp_erase_run_power_t *lo = NULL, *hi = NULL;
  for (int i = 0; i < t->nruns; ++i) {
    const kmp_erase_run_power_t &r = t->runs[i];
    if (r.cluster != cluster || r.cls != cls || r.mhz != near->mhz)
      continue;
    if (r.width < width && (!lo || r.width > lo->width))
      lo = &r;
    if (r.width > width && (!hi || r.width < hi->width))
      hi = &r;
  }
  if (lo && hi)
    return lo->watts + (hi->watts - lo->watts) * (width - lo->width) /
                           (double)(hi->width - lo->width);
  const kmp_erase_run_power_t *one = lo ? lo : hi;
  return one->watts * width / one->width;
}

/*
 * kmp_erase_store.cpp -- ERASE's histories in the model store (docs/erase.md,
 * "What earlier runs learned"): the time each configuration (cluster, width)
 * of each task and taskloop type took in earlier runs of the same program on
 * the same machine, loaded when ERASE meets its first type and merged at
 * exit, so that a second run starts from the configurations the first one
 * tried instead of trying them all again.
 *
 *   where     beside the program's model store file (OMP_SELECT_MODELS,
 *             kmp_versions_store.cpp, which identifies the program and
 *             machine): <store file without .csv>.erase-<clusters>.csv, one
 *             file per set of clusters in use and test slowdowns
 *   identity  a type is its routine's object, that object's build ID and the
 *             routine's offset in it (kmp_versions.h, __kmp_mv_code_id);
 *             multi-version task types are not kept here: their versions'
 *             statistics per cluster are in the model store itself
 *   ageing    a loaded configuration weighs at most KMP_ERASE_STORE_WEIGHT
 *             executions in the history, so that this run's executions move
 *             it; one not run for KMP_ERASE_STORE_STALE runs is dropped (and
 *             so tried again)
 *   safety    as the model store's: its lock, the file read again at exit,
 *             this run's estimates merged in, a temporary file renamed over
 *             it; a malformed or truncated file is reported with its line,
 *             not used, and kept aside as <file>.bad-<pid>
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_internal.h"
#include "kmp_erase_model.h"
#include "kmp_mvomp_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KMP_ERASE_STORE_WEIGHT 8
#define KMP_ERASE_STORE_STALE 10

typedef struct kmp_erase_rows {
  kmp_erase_saved_t *row;
  int n, cap;
} kmp_erase_rows_t;

static struct {
  std::atomic<int> opened; // 0, 1 once loading was done
  char *path;              // NULL: off
  const char *fingerprint; // the model store's
  char clusters[256];      // clusters in use and slowdowns, as in the file
  const char *why_off;
  int exists, bad;
  kmp_erase_rows_t loaded; // read-only once opened
} __kmp_erase_store;
static kmp_bootstrap_lock_t __kmp_erase_store_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_erase_store_lock);

static kmp_erase_saved_t *__kmp_erase_rows_add(kmp_erase_rows_t *rows) {
  if (rows->n == rows->cap) {
    int cap = rows->cap ? 2 * rows->cap : 64;
    void *p = realloc(rows->row, (size_t)cap * sizeof(kmp_erase_saved_t));
    if (p == NULL)
      return NULL;
    rows->row = (kmp_erase_saved_t *)p;
    rows->cap = cap;
  }
  kmp_erase_saved_t *r = &rows->row[rows->n++];
  memset(r, 0, sizeof(*r));
  return r;
}

static kmp_erase_saved_t *__kmp_erase_rows_find(kmp_erase_rows_t *rows,
                                                int kind, const char *code,
                                                const char *cluster,
                                                int width) {
  for (int k = 0; k < rows->n; ++k) {
    kmp_erase_saved_t *r = &rows->row[k];
    if (r->kind == kind && r->width == width && strcmp(r->code, code) == 0 &&
        strcmp(r->cluster, cluster) == 0)
      return r;
  }
  return NULL;
}

// Ageing: drops the rows not run for KMP_ERASE_STORE_STALE runs.
static void __kmp_erase_rows_drop_stale(kmp_erase_rows_t *rows) {
  int kept = 0;
  for (int k = 0; k < rows->n; ++k)
    if (rows->row[k].age < KMP_ERASE_STORE_STALE)
      rows->row[kept++] = rows->row[k];
  rows->n = kept;
}

// The clusters in use and their test slowdowns: what the file's name and its
// '# clusters:' line say. Times measured with other clusters mean nothing.
static void __kmp_erase_store_clusters(char *buf, size_t len) {
  char names[192] = "";
  __kmp_erase_clusters_in_use(names, sizeof(names));
  size_t used = (size_t)snprintf(buf, len, "%s;slowdown=", names);
  for (int c = 0; c < __kmp_mvomp_nclusters && used < len; ++c)
    used += (size_t)snprintf(buf + used, len - used, "%s%g", c ? "," : "",
                             __kmp_erase_machine.slowdown[c] > 1.0
                                 ? __kmp_erase_machine.slowdown[c]
                                 : 1.0);
}

// Reads the file into rows: 1 read, 0 none, -1 malformed (reported unless
// quiet; rows left empty).
static int __kmp_erase_store_read(kmp_erase_rows_t *rows, unsigned *runs,
                                  const char *consequence, int quiet) {
  const char *path = __kmp_erase_store.path;
  struct stat sb;
  if (stat(path, &sb) != 0 && errno == ENOENT)
    return 0;
  char *text = __kmp_mvomp_read_file("OMP_SELECT_MODELS", path, consequence);
  if (text == NULL)
    return -1;
  char why[512] = "";
  int line = 0, lineno = 0, format = 0, machine = 0, clusters = 0;
  long end = -1, nrows = 0;
  *runs = 0;
  if (sscanf(text, "# MVOMP ERASE store %d", &format) != 1) {
    line = 1;
    snprintf(why, sizeof(why),
             "not an MVOMP ERASE store (no '# MVOMP ERASE "
             "store <format>' first line)");
  } else if (format != KMP_ERASE_STORE_FORMAT) {
    line = 1;
    snprintf(why, sizeof(why),
             "written in format %d; this libomp reads format %d", format,
             KMP_ERASE_STORE_FORMAT);
  } else if ((line = __kmp_mvomp_unterminated_line(text, 0)) != 0) {
    snprintf(why, sizeof(why), "%s", KMP_MVOMP_UNTERMINATED_MESSAGE);
  }
  for (const char *p = text; why[0] == '\0' && *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    line = ++lineno;
    if (end >= 0 && strspn(p, " \t\r") < n) {
      snprintf(why, sizeof(why), "text after the end line");
    } else if (strncmp(p, "# machine: ", 11) == 0) {
      machine = 1;
      if (n - 11 != strlen(__kmp_erase_store.fingerprint) ||
          strncmp(p + 11, __kmp_erase_store.fingerprint, n - 11) != 0)
        snprintf(why, sizeof(why), "made on another machine (%.*s)",
                 (int)(n - 11 > 200 ? 200 : n - 11), p + 11);
    } else if (strncmp(p, "# clusters: ", 12) == 0) {
      clusters = 1;
      if (n - 12 != strlen(__kmp_erase_store.clusters) ||
          strncmp(p + 12, __kmp_erase_store.clusters, n - 12) != 0)
        snprintf(why, sizeof(why), "made with other clusters (%.*s; now %s)",
                 (int)(n - 12 > 200 ? 200 : n - 12), p + 12,
                 __kmp_erase_store.clusters);
    } else if (strncmp(p, "# runs: ", 8) == 0) {
      char *e = NULL;
      unsigned long v = strtoul(p + 8, &e, 10);
      if (e == p + 8 || (size_t)(e - p) < n || v > 0xffffffffUL || p[8] == '-')
        snprintf(why, sizeof(why), "expected '# runs: <count>'");
      *runs = (unsigned)v;
    } else if (strncmp(p, "# end: ", 7) == 0) {
      char *e = NULL;
      end = strtol(p + 7, &e, 10);
      if (e == p + 7 || end < 0 || strncmp(e, " rows", 5) != 0)
        snprintf(why, sizeof(why), "expected '# end: <count> rows'");
    } else if (p[0] != '#' && strspn(p, " \t\r") < n &&
               strncmp(p, KMP_ERASE_STORE_COLUMNS,
                       strlen(KMP_ERASE_STORE_COLUMNS)) != 0) {
      kmp_erase_saved_t row, *r;
      if (!__kmp_erase_saved_parse(p, n, &row, why, sizeof(why)))
        break;
      if ((r = __kmp_erase_rows_add(rows)) == NULL) {
        snprintf(why, sizeof(why), "out of memory");
        break;
      }
      *r = row;
      ++nrows;
    }
    p += n + (nl != NULL);
  }
  if (why[0] == '\0' && (!machine || !clusters)) {
    line = 1;
    snprintf(why, sizeof(why), "no '# machine:' or '# clusters:' line");
  } else if (why[0] == '\0' && end < 0) {
    snprintf(why, sizeof(why), "truncated: no '# end:' line");
  } else if (why[0] == '\0' && end != nrows) {
    snprintf(why, sizeof(why),
             "truncated: the end line counts %ld rows, the file has %ld", end,
             nrows);
  }
  __kmp_str_free(&text);
  if (why[0] == '\0')
    return 1;
  if (!quiet)
    __kmp_mvomp_warn("MVOMP ERASE", "OMP_SELECT_MODELS: %s:%d: %s; %s", path,
                     line, why, consequence);
  free(rows->row);
  *rows = kmp_erase_rows_t{NULL, 0, 0};
  return -1;
}

// Finds the file and loads it, once, when ERASE meets its first type (the
// runtime is initialised then: the fingerprint's thread count is known).
static void __kmp_erase_store_open(void) {
  __kmp_acquire_bootstrap_lock(&__kmp_erase_store_lock);
  if (__kmp_erase_store.opened.load(std::memory_order_relaxed)) {
    __kmp_release_bootstrap_lock(&__kmp_erase_store_lock);
    return;
  }
  const char *fingerprint = NULL;
  char *base = __kmp_mv_store_base(&fingerprint);
  if (base == NULL) {
    __kmp_erase_store.why_off =
        __kmp_mv_models_off ? "off (OMP_SELECT_MODELS=off)"
                            : "off (no model store: see its line above)";
  } else {
    __kmp_erase_store.fingerprint = fingerprint;
    __kmp_erase_store_clusters(__kmp_erase_store.clusters,
                               sizeof(__kmp_erase_store.clusters));
    kmp_uint64 h = __kmp_mv_hash_string(__kmp_erase_store.clusters);
    __kmp_erase_store.path =
        __kmp_str_format("%s.erase-%08x.csv", base, (unsigned)(h ^ (h >> 32)));
    __kmp_str_free(&base);
    __kmp_mv_disturbance_start(); // (a disturbed run saves nothing)
    kmp_erase_rows_t rows = {NULL, 0, 0};
    unsigned runs;
    int got = __kmp_erase_store_read(
        &rows, &runs,
        "it is not used, and is kept aside when this run's histories are "
        "saved",
        0);
    __kmp_erase_store.exists = got != 0;
    __kmp_erase_store.bad = got < 0;
    __kmp_erase_rows_drop_stale(&rows); // (tried again)
    __kmp_erase_store.loaded = rows;
  }
  __kmp_erase_store.opened.store(1, std::memory_order_release);
  __kmp_release_bootstrap_lock(&__kmp_erase_store_lock);
}

void __kmp_erase_store_preload(void) {
  if (!__kmp_mv_models_off &&
      !__kmp_erase_store.opened.load(std::memory_order_acquire))
    __kmp_erase_store_open();
}

// The slot of a saved row's configuration in a type's arrays, or -1 (a
// cluster not in use, a width beyond it).
static int __kmp_erase_saved_slot(const kmp_erase_saved_t *r) {
  if (strcmp(r->cluster, "team") == 0)
    return __kmp_erase_slot(__kmp_mvomp_nclusters, 1);
  for (int c = 0; c < __kmp_mvomp_nclusters; ++c)
    if (strcmp(r->cluster, __kmp_mvomp_cluster_name(c)) == 0)
      return r->width <= __kmp_erase_machine.ncores[c] &&
                     r->width <= __kmp_erase_machine.maxwidth
                 ? __kmp_erase_slot(c, r->width)
                 : -1;
  return -1;
}

int __kmp_erase_store_seed(kmp_erase_type_t *t, void *address, int kind) {
  if (kind == kmp_erase_versions || __kmp_mv_models_off)
    return 0;
  if (!__kmp_erase_store.opened.load(std::memory_order_acquire))
    __kmp_erase_store_open();
  if (__kmp_erase_store.path == NULL)
    return 0;
  const kmp_erase_rows_t *rows = &__kmp_erase_store.loaded;
  char code[KMP_ERASE_STORE_CODE];
  if (rows->n == 0 || !__kmp_mv_code_id(address, code, sizeof(code)))
    return 1;
  for (int k = 0; k < rows->n; ++k) {
    const kmp_erase_saved_t *r = &rows->row[k];
    int i;
    if (r->kind != kind || strcmp(r->code, code) != 0 ||
        (i = __kmp_erase_saved_slot(r)) < 0)
      continue;
    unsigned weight = r->executions < KMP_ERASE_STORE_WEIGHT
                          ? (unsigned)r->executions
                          : KMP_ERASE_STORE_WEIGHT;
    t->hist[i].seconds = r->seconds;
    t->hist[i].mhz = 0;
    t->hist[i].count = weight;
    t->loaded[i] = weight;
    t->spent_before += (double)r->executions * r->seconds;
  }
  return 1;
}

// Writes rows through a temporary file renamed over the store's.
static void __kmp_erase_store_save(const kmp_erase_rows_t *rows,
                                   unsigned runs) {
  const char *path = __kmp_erase_store.path;
  char *tmp;
  FILE *f = __kmp_mv_store_file_begin(path, &tmp, "MVOMP ERASE", "histories");
  if (f == NULL)
    return;
  fprintf(f, "# MVOMP ERASE store %d (docs/erase.md)\n",
          KMP_ERASE_STORE_FORMAT);
  fprintf(f, "# machine: %s\n", __kmp_erase_store.fingerprint);
  fprintf(f, "# clusters: %s\n", __kmp_erase_store.clusters);
  fprintf(f, "# runs: %u\n", runs);
  fputs(KMP_ERASE_STORE_COLUMNS "\n", f);
  for (int k = 0; k < rows->n; ++k) {
    const kmp_erase_saved_t *r = &rows->row[k];
    fprintf(f, "%s,%s,%s,%d,%llu,%.9g,%u\n", r->kind ? "taskloop" : "task",
            r->code, r->cluster, r->width, r->executions, r->seconds, r->age);
  }
  fprintf(f, "# end: %d rows\n", rows->n);
  __kmp_mv_store_file_end(f, tmp, path, "MVOMP ERASE", "histories");
}

struct kmp_erase_store_session {
  int lock;
  unsigned runs;
  int ran; // configurations that ran in this run
  kmp_erase_rows_t rows;
};

kmp_erase_store_session_t *__kmp_erase_store_begin(void) {
  if (__kmp_erase_store.path == NULL)
    return NULL;
  int lock = __kmp_mv_store_take_lock();
  if (lock < 0)
    return NULL;
  kmp_erase_store_session_t *s =
      (kmp_erase_store_session_t *)calloc(1, sizeof(*s));
  if (s == NULL) {
    close(lock);
    return NULL;
  }
  s->lock = lock;
  // Read again: runs that ended meanwhile merged into it. Quiet when loading
  // found it malformed (already reported).
  int got = __kmp_erase_store_read(&s->rows, &s->runs, "it is kept aside",
                                   __kmp_erase_store.bad);
  if (got < 0) {
    __kmp_mv_store_keep_aside(__kmp_erase_store.path, "MVOMP ERASE");
    s->runs = 0;
  }
  // Ageing: one run more for every row; __kmp_erase_store_add's merge makes
  // it 0 again for the configurations that ran in this run.
  for (int k = 0; k < s->rows.n; ++k)
    if (s->rows.row[k].age < UINT32_MAX)
      ++s->rows.row[k].age;
  return s;
}

void __kmp_erase_store_add(kmp_erase_store_session_t *s, kmp_erase_type_t *t) {
  uintptr_t key = t->key.load(std::memory_order_relaxed);
  int kind = (int)(key % 4);
  char code[KMP_ERASE_STORE_CODE];
  if (kind == kmp_erase_versions ||
      !__kmp_mv_code_id((void *)(key / 4), code, sizeof(code)))
    return;
  for (int c = 0; c <= __kmp_mvomp_nclusters; ++c) {
    const char *cluster =
        c == __kmp_mvomp_nclusters ? "team" : __kmp_mvomp_cluster_name(c);
    if (strlen(cluster) >= KMP_ERASE_STORE_NAME ||
        strpbrk(cluster, ",\"\r\n") != NULL)
      continue; // (a name the file cannot hold: not saved)
    for (int w = 1; w <= __kmp_erase_machine.maxwidth; ++w) {
      int i = __kmp_erase_slot(c, w);
      // Only a configuration past its warm-up has a history worth keeping
      // (the shortest of its first executions otherwise, which are often
      // cold).
      if (t->runs[i] == 0 || (c == __kmp_mvomp_nclusters && w > 1) ||
          !KMP_ERASE_WARM(t, i) || !(t->hist[i].seconds > 0))
        continue;
      kmp_erase_saved_t *r =
          __kmp_erase_rows_find(&s->rows, kind, code, cluster, w);
      if (r == NULL && (r = __kmp_erase_rows_add(&s->rows)) != NULL) {
        r->kind = kind;
        snprintf(r->code, sizeof(r->code), "%s", code);
        snprintf(r->cluster, sizeof(r->cluster), "%s", cluster);
        r->width = w;
      }
      if (r == NULL)
        continue;
      __kmp_erase_saved_merge(r, t->runs[i], t->hist[i].seconds); // (age 0)
      ++s->ran;
    }
  }
}

void __kmp_erase_store_end(kmp_erase_store_session_t *s) {
  if (s->ran > 0 && !__kmp_mv_run_disturbed()) {
    __kmp_erase_rows_drop_stale(&s->rows);
    __kmp_erase_store_save(&s->rows, s->runs + 1);
  }
  free(s->rows.row);
  close(s->lock); // releases the lock
  free(s);
}

void __kmp_erase_store_display(kmp_str_buf_t *buffer) {
  // (Read now rather than at the first type: the file's line says more.)
  if (!__kmp_erase_store.opened.load(std::memory_order_acquire))
    __kmp_erase_store_open();
  if (__kmp_erase_store.path == NULL) {
    __kmp_str_buf_print(buffer, "   [MVOMP ERASE] histories: %s\n",
                        __kmp_erase_store.why_off);
    return;
  }
  __kmp_str_buf_print(
      buffer, "   [MVOMP ERASE] histories: '%s': %s\n", __kmp_erase_store.path,
      __kmp_erase_store.bad ? "malformed: not used (see the warning)"
      : __kmp_erase_store.exists
          ? "loaded: types start from the configurations earlier runs measured"
          : "none yet for this program, machine and clusters: trying "
            "configurations");
}

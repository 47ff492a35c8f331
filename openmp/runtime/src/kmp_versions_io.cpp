/*
 * kmp_versions_io.cpp -- multi-version tasks' files: OMP_SELECT_LOAD's reader
 * (the rows go to the registry), the trace recorder (per-thread chunks, one
 * record per traced execution), and the writers of stats.csv and trace.csv,
 * at exit (OMP_SELECT_STATS, OMP_SELECT_TRACE) or on request
 * (kmp_task_impl_stat_print_csv, kmp_task_trace_write). docs/runtime.md
 * documents the formats.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_mvomp_text.h"
#include "kmp_mvomp_topology.h"
#include "kmp_versions_internal.h"
#include "mvomp.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Settings: the files                                                      */

char *__kmp_mv_stats_path = NULL;
char *__kmp_mv_trace_path = NULL;
char *__kmp_mv_load_path = NULL;

/* ------------------------------------------------------------------------ */
/* Reading rows: OMP_SELECT_LOAD                                            */

int __kmp_mv_parse_rows(char *text, kmp_mvomp_line_warnings_t *w,
                        kmp_mv_rows_t *rows, kmp_uint32 origin) {
  int bad = 0;
  int lineno = 0;
  // (A last row cut short may still parse, with another last number.)
  const int cut = __kmp_mvomp_unterminated_line(text, 0);
  for (char *line = text, *next; *line != '\0'; line = next) {
    next = strchr(line, '\n');
    if (next != NULL)
      *next++ = '\0';
    else
      next = line + strlen(line);
    ++lineno;
    if (line[strspn(line, " \t\r")] == '\0' || line[0] == '#')
      continue; // a blank line, or a comment (the model store's preamble)
    if (strncmp(line, "type,", 5) == 0)
      continue; // the header
    if (lineno == cut) {
      __kmp_mvomp_line_warning(w, lineno, "%s; line skipped",
                               KMP_MVOMP_UNTERMINATED_MESSAGE);
      ++bad;
      continue;
    }
    kmp_mv_stats_row_t row;
    const char *error = __kmp_mv_parse_stats_row(line, &row);
    if (error != NULL) {
      __kmp_mvomp_line_warning(w, lineno, "%s; line skipped", error);
      ++bad;
      continue;
    }
    if (row.count == 0)
      continue;
    kmp_mv_saved_t *old = __kmp_mv_rows_find(
        rows, row.type, row.cost, row.locality, row.name, row.cluster);
    if (old != NULL) {
      kmp_mv_arm_t arm;
      __kmp_mv_arm_from_row(&arm, &row);
      if (arm.n != old->arm.n || arm.mean != old->arm.mean ||
          arm.m2 != old->arm.m2) {
        __kmp_mvomp_line_warning(w, lineno,
                                 "repeats the key of line %d (type %d, "
                                 "version \"%s\", cost %lld, locality %d) "
                                 "with other numbers; line %d is used",
                                 old->line, row.type, row.name,
                                 (long long)row.cost, row.locality, old->line);
        ++bad;
      }
      continue;
    }
    kmp_mv_saved_t *v =
        (kmp_mv_saved_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_saved_t));
    v->type = row.type;
    v->locality = row.locality;
    v->cost = row.cost;
    v->version = row.version;
    v->age = row.age;
    v->name = __kmp_mvomp_strdup(row.name);
    v->location = __kmp_mvomp_strdup(row.location);
    v->cluster = __kmp_mvomp_strdup(row.cluster);
    v->line = lineno;
    __kmp_mv_arm_from_row(&v->arm, &row);
    v->arm.origin = origin;
    // A first execution that contradicted its prediction in the run that
    // measured it stays doubted until a second (__kmp_mv_contradicted).
    if (row.doubted && row.count == 1)
      v->arm.origin |= KMP_MV_ORIGIN_DOUBTED;
    __kmp_mv_rows_add(rows, v);
  }
  return bad;
}

// Reads a stats.csv written by an earlier run (once, at initialisation,
// before any task runs). A file that cannot be read, or a malformed line, is a
// warning naming the file and line (the first few; then a count); the other
// lines are used. Blank lines are skipped. A row that repeats the key of an
// earlier row with other numbers is a warning; the first is used.
void __kmp_mv_load_stats(const char *path) {
  char *text = __kmp_mvomp_read_file("OMP_SELECT_LOAD", path,
                                     "starting without saved statistics");
  if (text == NULL)
    return;
  kmp_mvomp_line_warnings_t warnings = {"MVOMP", "OMP_SELECT_LOAD", path, 0};
  __kmp_mv_parse_rows(text, &warnings, &__kmp_mv_saved, KMP_MV_ORIGIN_LOAD);
  __kmp_mvomp_line_warnings_done(&warnings);
  __kmp_str_free(&text);
}

/* ------------------------------------------------------------------------ */
/* The trace recorder                                                       */

// Threads with a trace, for the writer; the lock guards the list.
static kmp_mv_thread_t *__kmp_mv_traced_threads = NULL;
static kmp_bootstrap_lock_t __kmp_mv_trace_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_mv_trace_lock);

void __kmp_mv_trace(kmp_mv_thread_t *th, const kmp_mv_launch_t *run,
                    kmp_routine_entry_t address, int slot, kmp_int32 gtid,
                    kmp_uint64 start, kmp_uint64 end, kmp_uint64 time) {
  kmp_mv_trace_chunk_t *c = th->trace_tail;
  if (c == NULL || c->used == KMP_MV_TRACE_CHUNK) {
    kmp_mv_trace_chunk_t *nc = (kmp_mv_trace_chunk_t *)KMP_INTERNAL_MALLOC(
        sizeof(kmp_mv_trace_chunk_t));
    if (nc == NULL)
      return;
    nc->used = 0;
    nc->next = NULL;
    if (c == NULL) {
      __kmp_acquire_bootstrap_lock(&__kmp_mv_trace_lock);
      th->trace_head = nc;
      th->next_traced = __kmp_mv_traced_threads;
      __kmp_mv_traced_threads = th;
      __kmp_release_bootstrap_lock(&__kmp_mv_trace_lock);
    } else {
      c->next = nc;
    }
    th->trace_tail = c = nc;
  }
  kmp_mv_trace_rec_t *r = &c->recs[c->used];
  kmp_mvomp_cpu_t cpu = __kmp_mvomp_this_cpu();
  double ns = __kmp_mvomp_ns_per_tick();
  r->start = (kmp_uint64)((double)(start - __kmp_mvomp_epoch) * ns);
  r->end = (kmp_uint64)((double)(end - __kmp_mvomp_epoch) * ns);
  r->time = time;
  r->cost = run->cost;
  r->address = address;
  r->type = run->type->id;
  r->slot = slot;
  r->thread = __kmp_tid_from_gtid(gtid); // omp_get_thread_num()
  r->socket = cpu.socket;
  r->node1 = run->node1;
  r->node2 = run->node2;
  c->used++; // published to the writer, which runs when tasks are done
}

/* ------------------------------------------------------------------------ */
/* stats.csv and trace.csv                                                  */

// The rows of stats.csv of key s of type t (under its lock) into FILE *f.
static void __kmp_mv_write_key(kmp_mv_type_t *t, kmp_mv_stats_t *s, void *f) {
  FILE *out = (FILE *)f;
  kmp_mv_version_t *vs = t->versions.load(std::memory_order_acquire);
  for (int v = 0; v < s->key.narms; ++v) {
    const kmp_mv_arm_t *a = &s->key.arms[v];
    fprintf(out, "%d,%d,", (int)t->id, v);
    __kmp_mvomp_csv_string(out, vs[v].name, 1);
    fputc(',', out);
    __kmp_mvomp_csv_string(out, vs[v].location, 1);
    fprintf(out, ",%lld,%d,%llu,%.1f,%.1f,%.6g,%.1f,%s,%s,%llu,%s\n",
            (long long)s->cost, (int)s->locality, (unsigned long long)a->n,
            a->mean, __kmp_mv_stddev(a), a->q, a->mean * (double)a->n,
            __kmp_mv_policy_name(__kmp_mv_policy.kind),
            __kmp_mvomp_cluster_name(s->cluster),
            (unsigned long long)__kmp_mv_loaded_count(t, s, v),
            __kmp_mv_origin_name(a->origin));
  }
}

// variable: what names the file in warnings (OMP_SELECT_STATS, or the API
// call that writes it).
static void __kmp_mv_write_stats(const char *variable, const char *path,
                                 int id) {
  FILE *f =
      __kmp_mvomp_csv_open(variable, path, NULL, KMP_MV_STATS_COLUMNS "\n");
  if (f == NULL)
    return;
  __kmp_mv_for_each_key(id, __kmp_mv_write_key, f);
  __kmp_mvomp_close_output(variable, path, f);
}

static void __kmp_mv_write_trace(const char *variable, const char *path) {
  FILE *f = __kmp_mvomp_csv_open(variable, path, NULL,
                                 "start,end,thread,address,time,cost,socket,"
                                 "node1,node2,type,version,name\n");
  if (f == NULL)
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  for (kmp_mv_thread_t *th = __kmp_mv_traced_threads; th; th = th->next_traced)
    for (kmp_mv_trace_chunk_t *c = th->trace_head; c; c = c->next)
      for (int i = 0; i < c->used; ++i) {
        const kmp_mv_trace_rec_t *r = &c->recs[i];
        kmp_mv_type_t *t = __kmp_mv_find_type(r->type);
        fprintf(f, "%llu,%llu,%d,%p,%llu,%lld,%d,%d,%d,%d,%d,",
                (unsigned long long)r->start, (unsigned long long)r->end,
                (int)r->thread, (void *)r->address, (unsigned long long)r->time,
                (long long)r->cost, (int)r->socket, (int)r->node1,
                (int)r->node2, (int)r->type, (int)r->slot);
        __kmp_mvomp_csv_string(
            f,
            t ? t->versions.load(std::memory_order_acquire)[r->slot].name : "",
            1);
        fputc('\n', f);
      }
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  __kmp_mvomp_close_output(variable, path, f);
}

void kmp_task_impl_stat_print_csv(int id) {
  __kmp_mv_write_stats("kmp_task_impl_stat_print_csv", "stats.csv", id);
}

void kmp_task_trace_write(void) {
  if (!__kmp_mvomp_hooks.trace)
    __kmp_mvomp_warn("MVOMP",
                     "kmp_task_trace_write: tracing is off (set "
                     "OMP_SELECT_TRACE to a path to switch it on); trace.csv "
                     "has no rows");
  __kmp_mv_write_trace("kmp_task_trace_write", "trace.csv");
}

static void __kmp_mv_write_at_exit(void) {
  if (__kmp_mv_stats_path)
    __kmp_mv_write_stats("OMP_SELECT_STATS", __kmp_mv_stats_path, -1);
  if (__kmp_mv_trace_path)
    __kmp_mv_write_trace("OMP_SELECT_TRACE", __kmp_mv_trace_path);
}

void __kmp_mv_files_changed(void) {
  if (__kmp_mv_stats_path || __kmp_mv_trace_path)
    __kmp_mvomp_at_exit(__kmp_mv_write_at_exit);
  __kmp_mvomp_hooks.trace = __kmp_mv_trace_path != NULL;
  // A traced execution records the socket it ran on: load the topology when
  // tracing is switched on (hwloc takes tens of milliseconds), not in the
  // first traced dispatch, where it held up every thread that finished a task.
  if (__kmp_mvomp_hooks.trace)
    __kmp_mvomp_topology_load();
}

/*
 * kmp_mvomp.h -- MVOMP's base layer in libomp, below everything else MVOMP
 * adds (docs/architecture.md): identity, warnings, the hook flags that
 * upstream files test, the one clock, reading input files, writing CSV
 * files, and the one exit-time registration of the files written at exit.
 * Nothing here calls into the layers above (topology, multi-version tasks,
 * ERASE).
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_MVOMP_H
#define KMP_MVOMP_H

#include "kmp.h"
#include "kmp_str.h"

#include <stdio.h>
#include <time.h>

// MVOMP's release, and the upstream libomp it is built from.
#define KMP_MVOMP_VERSION "0.1.0"
#define KMP_MVOMP_LLVM_VERSION "19.1.7"

// Identification string embedded in libomp ("@(#)" makes what(1) and strings(1)
// find it).
extern char const __kmp_mvomp_ident[];

// Appends MVOMP's lines to the OMP_DISPLAY_ENV report.
void __kmp_mvomp_display_env(kmp_str_buf_t *buffer);

// ---- Hook flags -------------------------------------------------------------
// What MVOMP's hooks in upstream files (kmp_tasking.cpp, docs/architecture.md)
// test, in one struct as OMPT's ompt_enabled: each hook is one UNLIKELY test of
// one flag, so that with every flag 0 (the default) libomp runs as upstream.
// The flags are derived from the settings by the layer that owns them when
// the environment has been read (__kmp_erase_env_done, OMP_SELECT_TRACE,
// OMP_TASKLOOP_GRAIN).
typedef struct kmp_mvomp_hooks {
  int erase;       // ERASE is set up: time tasks, map them, mold taskloops
  int erase_time;  // tasks are timed: ERASE, or only its test slowdown
  int erase_push;  // the push path calls ERASE (mapping, or back-off wake-up)
  int erase_steal; // ERASE with OMP_ERASE_STEAL=cluster
  int erase_sleep; // threads that find no task sleep in back-off
  int trace;       // OMP_SELECT_TRACE: multi-version executions are recorded
  int grain; // OMP_TASKLOOP_GRAIN: the runtime chooses taskloop grain sizes
} kmp_mvomp_hooks_t;
extern kmp_mvomp_hooks_t __kmp_mvomp_hooks;

// ---- The clock
// --------------------------------------------------------------- Every
// measurement of MVOMP (multi-version executions, ERASE's task and taskloop
// times, trace times) reads this clock. The TSC where libomp itself relies on
// it (x86, for its blocktime: calibrated at initialisation,
// __kmp_ticks_per_msec), since reading it costs a few nanoseconds; elsewhere
// CLOCK_MONOTONIC in nanoseconds.
#if KMP_OS_UNIX && (KMP_ARCH_X86 || KMP_ARCH_X86_64)
static inline kmp_uint64 __kmp_mvomp_ticks(void) {
  return __builtin_ia32_rdtsc();
}
extern double __kmp_mvomp_tick_ns; // set once libomp has calibrated the TSC
static inline double __kmp_mvomp_ns_per_tick(void) {
  if (UNLIKELY(__kmp_mvomp_tick_ns == 0))
    __kmp_mvomp_tick_ns = 1e6 / (double)__kmp_ticks_per_msec;
  return __kmp_mvomp_tick_ns;
}
#else
static inline kmp_uint64 __kmp_mvomp_ticks(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (kmp_uint64)ts.tv_sec * 1000000000ULL + (kmp_uint64)ts.tv_nsec;
}
static inline double __kmp_mvomp_ns_per_tick(void) { return 1.0; }
#endif
// Now in nanoseconds (kmp_task_stats_time()); initialises libomp if needed,
// since the TSC is calibrated there.
kmp_uint64 __kmp_mvomp_now_ns(void);
// The ticks at the program's start: trace times count from it.
extern kmp_uint64 __kmp_mvomp_epoch;
// What the calling thread's clocks say so far: its time on a CPU in
// nanoseconds (CLOCK_THREAD_CPUTIME_ID: getrusage's counts in ticks), its
// voluntary and involuntary context switches and its major page faults
// (getrusage(RUSAGE_THREAD)). Two system calls, about a microsecond: read
// only around the few executions that need it. False where the system cannot
// say.
typedef struct kmp_mvomp_thread_usage {
  kmp_uint64 cpu_ns;
  long voluntary, involuntary, major_faults;
} kmp_mvomp_thread_usage_t;
bool __kmp_mvomp_thread_usage(kmp_mvomp_thread_usage_t *u);

// ---- Warnings
// ---------------------------------------------------------------- MVOMP's
// runtime warnings, "OMP: Warning (<part>): ..." on stderr, silenced by
// KMP_WARNINGS=off like libomp's own.
void __kmp_mvomp_warn(const char *part, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// ---- Input files
// ------------------------------------------------------------- Warnings name a
// file as '<path>' (in single quotes), or <path>:<line> for a line of it.

// Every path of MVOMP's files may hold placeholders, replaced when the file is
// opened, so that the processes of a job (MPI ranks, a job array) never share
// a file: %p the process id, %h the host name, %r the MPI rank (from the
// launcher's OMPI_COMM_WORLD_RANK, PMIX_RANK, PMI_RANK, MV2_COMM_WORLD_RANK or
// SLURM_PROCID; 0 when none is set), %% a percent sign. Returns the path to
// free with __kmp_str_free; an unknown placeholder is a warning naming the
// variable, and is kept as written.
char *__kmp_mvomp_expand_path(const char *variable, const char *path);

// A copy of the n first bytes of s (all of it with __kmp_mvomp_strdup), to
// free with __kmp_str_free. Unlike __kmp_str_format's, whose buffer is at
// least 512 bytes, the copy takes what it holds: the model store keeps three
// strings per row, and every page of heap a process touches for the first
// time is a page fault (15-30 us each on a virtual machine).
char *__kmp_mvomp_strndup(const char *s, size_t n);
static inline char *__kmp_mvomp_strdup(const char *s) {
  return __kmp_mvomp_strndup(s, strlen(s));
}

// Writes every page of [p, p + n) once, keeping what it holds (a
// compare-and-swap of a word of each page with its own value: another
// thread's store meanwhile is not lost). The first write to a page of
// libomp's zero-initialised data, or of fresh heap, is a page fault (15-60 us
// on a virtual machine): taken at start-up for what a hot path will write
// (docs/grain.md, "The first taskloop's page faults").
void __kmp_mvomp_prefault(void *p, size_t n);

// The largest input file MVOMP reads (OMP_SELECT_LOAD, OMP_ERASE_POWER,
// OMP_ERASE_MODEL): larger ones are refused with a warning.
#define KMP_MVOMP_MAX_INPUT_BYTES (64 << 20)
// Warnings about the lines of one input file: after this many, the rest are
// counted and summarised in one line.
#define KMP_MVOMP_MAX_LINE_WARNINGS 10

// The whole of a text file, to free with __kmp_str_free, for MVOMP's input
// files. When it cannot be read (missing, unreadable, a directory, a FIFO, a
// device or anything but a regular file, larger than
// KMP_MVOMP_MAX_INPUT_BYTES) it warns "<variable>: cannot read '<path>':
// <why>; <consequence>" and returns NULL. Never blocks: FIFOs are opened
// non-blocking and refused. A NUL byte ends the text, with a warning naming
// its line.
char *__kmp_mvomp_read_file(const char *variable, const char *path,
                            const char *consequence);

// Opens an output file of variable `variable` for writing, as fopen(path, "w")
// but never blocking (a FIFO with no reader is refused); NULL with a warning
// naming the variable and path when it cannot.
FILE *__kmp_mvomp_open_output(const char *variable, const char *path);
// Closes what __kmp_mvomp_open_output opened; a write error is a warning
// naming the variable and path.
void __kmp_mvomp_close_output(const char *variable, const char *path, FILE *f);

// ---- CSV files
// ---------------------------------------------------------------- Opens an
// output CSV file (as __kmp_mvomp_open_output) and writes `preamble` (comment
// lines, or NULL) and the header line.
FILE *__kmp_mvomp_csv_open(const char *variable, const char *path,
                           const char *preamble, const char *header);
// Writes one text field: in double quotes (a quote doubled) if `always` or
// if it holds a comma, quote, line break or leading or trailing blank.
void __kmp_mvomp_csv_string(FILE *f, const char *s, int always);

// ---- Files written at exit
// ------------------------------------------------------- Registers fn to run
// at exit (once however often it is registered), after the functions registered
// before it: MVOMP makes one atexit registration for all its writers
// (stats.csv, trace.csv, OMP_ERASE_STATS).
void __kmp_mvomp_at_exit(void (*fn)(void));

// Counts the malformed lines of one input file: the first
// KMP_MVOMP_MAX_LINE_WARNINGS are warned about one by one, the rest in one
// line by __kmp_mvomp_line_warnings_done.
typedef struct kmp_mvomp_line_warnings {
  const char *part; // "MVOMP" or "MVOMP ERASE"
  const char *variable;
  const char *path;
  int count;
} kmp_mvomp_line_warnings_t;
void __kmp_mvomp_line_warning(kmp_mvomp_line_warnings_t *w, int line,
                              const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void __kmp_mvomp_line_warnings_done(kmp_mvomp_line_warnings_t *w);

// MVOMP's own on/off variables accept exactly these spellings (any case):
// 1 for on|true|yes|1, 0 for off|false|no|0, -1 for anything else (libomp's
// own parser would take any prefix, "onion" for on).
int __kmp_mvomp_parse_switch(const char *value);

#endif // KMP_MVOMP_H

/*
 * kmp_mvomp.h -- MVOMP's hooks into libomp (identity, settings display).
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

#include "kmp_str.h"

#include <stdio.h>

// MVOMP's release, and the upstream libomp it is built from.
#define KMP_MVOMP_VERSION "0.1.0"
#define KMP_MVOMP_LLVM_VERSION "19.1.7"

// Identification string embedded in libomp ("@(#)" makes what(1) and strings(1)
// find it).
extern char const __kmp_mvomp_ident[];

// Appends MVOMP's lines to the OMP_DISPLAY_ENV report.
void __kmp_mvomp_display_env(kmp_str_buf_t *buffer);

// MVOMP's runtime warnings, "OMP: Warning (<part>): ..." on stderr, silenced
// by KMP_WARNINGS=off like libomp's own.
void __kmp_mvomp_warn(const char *part, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

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

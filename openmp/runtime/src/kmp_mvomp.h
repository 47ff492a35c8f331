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

// The whole of a text file, to free with __kmp_str_free; NULL (errno set)
// when it cannot be read. For MVOMP's input files (ERASE's power table and
// model, OMP_SELECT_LOAD's stats.csv).
char *__kmp_mvomp_read_file(const char *path);

#endif // KMP_MVOMP_H

/*
 * kmp_mvomp.cpp -- MVOMP's identity in libomp: the version string,
 * kmp_mvomp_version(), the MVOMP lines of OMP_DISPLAY_ENV and MVOMP's warnings.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp.h"
#include "kmp_mvomp.h"
#include "mvomp.h"

#include <stdarg.h>
#include <stdio.h>

char const __kmp_mvomp_ident[] =
    "@(#) MVOMP libomp " KMP_MVOMP_VERSION " (LLVM " KMP_MVOMP_LLVM_VERSION ")";

const char *kmp_mvomp_version(void) {
  return __kmp_mvomp_ident + 5; // without "@(#) "
}

void __kmp_mvomp_display_env(kmp_str_buf_t *buffer) {
  __kmp_str_buf_print(buffer, "   MVOMP='%s (LLVM %s)'\n", KMP_MVOMP_VERSION,
                      KMP_MVOMP_LLVM_VERSION);
}

void __kmp_mvomp_warn(const char *part, const char *fmt, ...) {
  if (__kmp_generate_warnings == kmp_warnings_off)
    return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "OMP: Warning (%s): ", part);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
}

char *__kmp_mvomp_read_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (f == NULL)
    return NULL;
  kmp_str_buf_t text;
  __kmp_str_buf_init(&text);
  char chunk[4096];
  size_t got;
  while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
    __kmp_str_buf_cat(&text, chunk, (int)got);
  fclose(f);
  char *copy = __kmp_str_format("%s", text.str);
  __kmp_str_buf_free(&text);
  return copy;
}

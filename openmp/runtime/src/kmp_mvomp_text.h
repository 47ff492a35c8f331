/*
 * kmp_mvomp_text.h -- a check shared by the parsers of MVOMP's input files:
 * a file cut short. Pure code, included by the runtime, the unit tests and the
 * tools alike.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_MVOMP_TEXT_H
#define KMP_MVOMP_TEXT_H

#include <string.h>

// The number (from 1) of text's last line when no line break ends it and it
// holds more than blanks and a comment, else 0: a comment starts at a '#'
// anywhere in the line when hash_anywhere (the model files and power table),
// only at its start otherwise (CSV, whose quoted fields may hold a '#').
// MVOMP's tools and runtime end every line they write, as editors do; a file
// cut short (a full disk, an interrupted copy) ends inside a line, whose last
// number may then read as another valid one: "sigma 0.0268" cut to
// "sigma 0.", "poly compute 1.25 -0.5" to "poly compute 1.2". Such a line is
// refused, naming it, instead of being read with another meaning.
static inline int __kmp_mvomp_unterminated_line(const char *text,
                                                int hash_anywhere) {
  size_t len = strlen(text);
  if (len == 0 || text[len - 1] == '\n')
    return 0;
  int line = 1;
  const char *last = text;
  for (const char *p = strchr(text, '\n'); p != NULL; p = strchr(p + 1, '\n'))
    ++line, last = p + 1;
  last += strspn(last, " \t\r");
  // (A cut inside a comment changes no value: what precedes it is whole.)
  if (*last == '\0' || *last == '#' || (hash_anywhere && strchr(last, '#')))
    return 0;
  return line;
}

// The message for that line, after "<file>:<line>: ".
#define KMP_MVOMP_UNTERMINATED_MESSAGE                                         \
  "the file ends inside this line (no line break after it): it looks cut "     \
  "short; end the line if it is complete"

#endif // KMP_MVOMP_TEXT_H

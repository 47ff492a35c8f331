/*
 * mvomp.h -- MVOMP's public API: multi-version tasks and their statistics.
 *
 * Installed next to omp.h; docs/api.md describes every function.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MVOMP_H
#define MVOMP_H

#ifdef __cplusplus
extern "C" {
#endif

/* "MVOMP libomp <release> (LLVM <upstream version>)": identifies the runtime in use. */
extern const char *kmp_mvomp_version(void);

#ifdef __cplusplus
}
#endif

#endif /* MVOMP_H */

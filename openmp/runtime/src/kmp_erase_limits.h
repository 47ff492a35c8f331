/*
 * kmp_erase_limits.h -- ERASE's limits, one name each, shared by the pure
 * libraries (power table, cluster lists, model), the runtime and the tools.
 * Inputs beyond a limit are refused with a message naming it (docs/erase.md).
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_ERASE_LIMITS_H
#define KMP_ERASE_LIMITS_H

// Clusters in a cluster list or a power table.
#define KMP_ERASE_MAX_CLUSTERS 16
// CPUs numbered 0 .. KMP_ERASE_MAX_CPUS-1 can be in a cluster.
#define KMP_ERASE_MAX_CPUS 1024
// Bytes of a cluster name, its terminating NUL included.
#define KMP_ERASE_MAX_NAME 32
// The widest width (cores given to one taskloop) modelled and fitted.
#define KMP_ERASE_MAX_WIDTH 64
// Run records in one power table at most (16 clusters x 3 classes x 20
// frequencies x 64 widths is 61,440).
#define KMP_ERASE_MAX_RUNS 131072

#endif // KMP_ERASE_LIMITS_H

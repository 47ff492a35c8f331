/*
 * mvomp-mpi.h -- MPI ranks that learn together (docs/mpi.md).
 *
 * Link a hybrid MPI+OpenMP program built with MVOMP's clang with -lmvomp-mpi
 * (before MPI's libraries), or preload libmvomp-mpi.so: the ranks then share
 * the statistics of their multi-version tasks, so that every rank chooses from
 * the measurements of all. Sharing happens at MPI_Init (exploration spread
 * over the ranks), at collective calls on MPI_COMM_WORLD (OMP_SELECT_SHARE),
 * at the calls below, and at MPI_Finalize (one process writes the model store
 * for all). libomp itself does not depend on MPI.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef MVOMP_MPI_H
#define MVOMP_MPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exchanges the statistics of multi-version tasks between the ranks of comm
 * (collective: every rank of comm calls it). Afterwards each rank's statistics
 * are its own executions plus those of the other ranks of comm, exactly.
 * Returns MPI_SUCCESS, or the error of the MPI call that failed (the
 * statistics are then unchanged). With OMP_SELECT_SHARE=off it does nothing. */
int mvomp_mpi_share(MPI_Comm comm);

/* The number of exchanges made so far by this rank, and the seconds they took
 * (export, the two collectives and the import). */
int mvomp_mpi_share_count(double *seconds);

#ifdef __cplusplus
}
#endif

#endif /* MVOMP_MPI_H */

/*
 * mvomp_mpi.c -- libmvomp-mpi: MPI ranks that learn together (docs/mpi.md).
 *
 * Wraps MPI_Init, MPI_Init_thread, MPI_Barrier, MPI_Allreduce and MPI_Finalize
 * through MPI's profiling interface (PMPI) and offers mvomp_mpi_share
 * (mvomp-mpi.h). An exchange: each rank exports its own executions
 * (kmp_mvomp_share_export, mvomp.h), MPI_Allgather of the sizes, MPI_Allgatherv
 * of the exports, and each rank imports the others' (kmp_mvomp_share_import),
 * all on a duplicate of the communicator so that no message of the program's
 * can match ours. The libomp functions are weak references: a program that
 * does not run on MVOMP's libomp works unchanged, with a warning.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "mvomp-mpi.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libomp's side (mvomp.h), weak: absent from other OpenMP runtimes. */
extern void *kmp_mvomp_share_export(size_t *size) __attribute__((weak));
extern void kmp_mvomp_share_free(void *exported) __attribute__((weak));
extern int kmp_mvomp_share_import(int nparts, const void *const *parts,
                                  const size_t *sizes) __attribute__((weak));
extern void kmp_mvomp_share_ranks(int rank, int size) __attribute__((weak));
extern void kmp_mvomp_share_store(int mode) __attribute__((weak));
extern int kmp_mvomp_share_exploring(void) __attribute__((weak));

/* OMP_SELECT_SHARE (docs/mpi.md). */
enum { SHARE_OFF, SHARE_CALLS, SHARE_EVERY, SHARE_ADAPTIVE };
#define SHARE_ADAPTIVE_MAX 64 /* the longest interval of the adaptive mode */

static struct {
  int mode;
  int every;      /* SHARE_EVERY: every that many collectives */
  int interval;   /* SHARE_ADAPTIVE: the current interval */
  long long seen; /* intercepted collectives on MPI_COMM_WORLD since the last */
  int active;     /* MPI initialised by us and libomp is MVOMP's */
  int rank, size;
  MPI_Comm world; /* our duplicate of MPI_COMM_WORLD */
  int exchanges;
  double seconds;
} share = {SHARE_ADAPTIVE, 0, 1, 0, 0, 0, 1, MPI_COMM_NULL, 0, 0.0};

static void warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "OMP: Warning (MVOMP MPI): ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static void parse_setting(void) {
  const char *v = getenv("OMP_SELECT_SHARE");
  if (v == NULL || strcmp(v, "on") == 0 || strcmp(v, "") == 0) {
    share.mode = SHARE_ADAPTIVE;
    return;
  }
  if (strcmp(v, "off") == 0) {
    share.mode = SHARE_OFF;
    return;
  }
  if (strcmp(v, "calls") == 0) {
    share.mode = SHARE_CALLS;
    return;
  }
  char *end = NULL;
  long k = strtol(v, &end, 10);
  if (end != v && *end == '\0' && k >= 1 && k <= INT_MAX) {
    share.mode = SHARE_EVERY;
    share.every = (int)k;
    return;
  }
  warn("OMP_SELECT_SHARE=%s: not on, off, calls or a number of collectives "
       ">= 1; using on",
       v);
  share.mode = SHARE_ADAPTIVE;
}

/* One exchange on comm. info receives, per rank, {export size, keys
 * exploring}, when not NULL (size entries of 2). */
static int exchange(MPI_Comm comm, long long *info_out) {
  double t0 = PMPI_Wtime();
  int size, rank, rc;
  PMPI_Comm_size(comm, &size);
  PMPI_Comm_rank(comm, &rank);
  size_t mine_size = 0;
  void *mine = kmp_mvomp_share_export(&mine_size);
  long long me[2] = {(long long)mine_size, kmp_mvomp_share_exploring()};
  long long *info = info_out ? info_out : malloc(2 * sizeof(long long) * size);
  int *counts = malloc(sizeof(int) * size), *displs = malloc(sizeof(int) * size);
  rc = PMPI_Allgather(me, 2, MPI_LONG_LONG, info, 2, MPI_LONG_LONG, comm);
  long long total = 0;
  for (int i = 0; rc == MPI_SUCCESS && i < size; ++i) {
    if (info[2 * i] > INT_MAX || total > INT_MAX - info[2 * i]) {
      warn("mvomp_mpi_share: the statistics exceed 2 GiB; nothing is shared");
      rc = MPI_ERR_COUNT;
      break;
    }
    counts[i] = (int)info[2 * i];
    displs[i] = (int)total;
    total += info[2 * i];
  }
  char *all = NULL;
  if (rc == MPI_SUCCESS) {
    all = malloc(total > 0 ? (size_t)total : 1);
    rc = PMPI_Allgatherv(mine, (int)mine_size, MPI_BYTE, all, counts, displs,
                         MPI_BYTE, comm);
  }
  if (rc == MPI_SUCCESS && size > 1) {
    const void **parts = malloc(sizeof(void *) * size);
    size_t *sizes = malloc(sizeof(size_t) * size);
    int n = 0;
    for (int i = 0; i < size; ++i)
      if (i != rank) {
        parts[n] = all + displs[i];
        sizes[n++] = (size_t)counts[i];
      }
    kmp_mvomp_share_import(n, parts, sizes);
    free(parts);
    free(sizes);
  }
  /* The adaptive interval, decided alike on every rank from what all sent. */
  if (rc == MPI_SUCCESS) {
    int exploring = 0;
    for (int i = 0; i < size; ++i)
      exploring |= info[2 * i + 1] > 0;
    share.interval = exploring ? 1
                     : share.interval < SHARE_ADAPTIVE_MAX ? 2 * share.interval
                                                           : share.interval;
  } else {
    warn("mvomp_mpi_share: an MPI call failed; the statistics are unchanged");
  }
  free(all);
  free(counts);
  free(displs);
  if (info != info_out)
    free(info);
  kmp_mvomp_share_free(mine);
  share.exchanges++;
  share.seconds += PMPI_Wtime() - t0;
  return rc;
}

static void start(void) {
  int initialized = 0;
  PMPI_Initialized(&initialized);
  if (!initialized)
    return;
  parse_setting();
  if (share.mode == SHARE_OFF)
    return;
  if (kmp_mvomp_share_export == NULL || kmp_mvomp_share_import == NULL) {
    warn("libmvomp-mpi: the program does not run on MVOMP's libomp; nothing is "
         "shared");
    return;
  }
  PMPI_Comm_rank(MPI_COMM_WORLD, &share.rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &share.size);
  if (PMPI_Comm_dup(MPI_COMM_WORLD, &share.world) != MPI_SUCCESS)
    return;
  PMPI_Comm_set_errhandler(share.world, MPI_ERRORS_RETURN);
  kmp_mvomp_share_ranks(share.rank, share.size);
  share.active = 1;
}

int MPI_Init(int *argc, char ***argv) {
  int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS)
    start();
  return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS)
    start();
  return rc;
}

/* A collective on MPI_COMM_WORLD: every rank counts the same ones, so they
 * decide alike when to exchange. */
static void at_collective(MPI_Comm comm) {
  if (!share.active || comm != MPI_COMM_WORLD ||
      (share.mode != SHARE_EVERY && share.mode != SHARE_ADAPTIVE))
    return;
  int every = share.mode == SHARE_EVERY ? share.every : share.interval;
  if (++share.seen < every)
    return;
  share.seen = 0;
  exchange(share.world, NULL);
}

int MPI_Barrier(MPI_Comm comm) {
  int rc = PMPI_Barrier(comm);
  if (rc == MPI_SUCCESS)
    at_collective(comm);
  return rc;
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  int rc = PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
  if (rc == MPI_SUCCESS)
    at_collective(comm);
  return rc;
}

int MPI_Finalize(void) {
  if (share.active) {
    /* A last exchange, then the first rank that ran multi-version tasks
     * writes everyone's statistics to the model store, and the others none. */
    long long *info = malloc(2 * sizeof(long long) * share.size);
    if (exchange(share.world, info) == MPI_SUCCESS) {
      int writer = -1; /* an empty export: no executions of its own */
      for (int i = 0; i < share.size && writer < 0; ++i)
        if (info[2 * i] > 0)
          writer = i;
      if (writer >= 0 && kmp_mvomp_share_store)
        kmp_mvomp_share_store(share.rank == writer ? 1 : -1);
    }
    free(info);
    PMPI_Comm_free(&share.world);
    share.active = 0;
  }
  return PMPI_Finalize();
}

int mvomp_mpi_share(MPI_Comm comm) {
  if (!share.active)
    return MPI_SUCCESS;
  MPI_Comm dup;
  int rc = PMPI_Comm_dup(comm, &dup);
  if (rc != MPI_SUCCESS)
    return rc;
  PMPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
  rc = exchange(dup, NULL);
  PMPI_Comm_free(&dup);
  return rc;
}

int mvomp_mpi_share_count(double *seconds) {
  if (seconds != NULL)
    *seconds = share.seconds;
  return share.exchanges;
}

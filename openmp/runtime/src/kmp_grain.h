/*
 * kmp_grain.h -- MVOMP's taskloop grain sizes chosen by the runtime
 * (OMP_TASKLOOP_GRAIN, docs/grain.md), what the rest of libomp sees: the
 * settings and the two hooks of __kmp_taskloop (kmp_tasking.cpp). The choice
 * is a multi-version choice whose arms are grain sizes: kmp_grain.cpp.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_GRAIN_H
#define KMP_GRAIN_H

#include "kmp.h"
#include "kmp_grain_model.h"

// OMP_TASKLOOP_GRAIN=off|auto|<iterations per task>.
enum kmp_grain_mode_t { kmp_grain_off = 0, kmp_grain_auto, kmp_grain_fixed };
extern kmp_grain_mode_t __kmp_grain_mode;
extern kmp_uint64 __kmp_grain_fixed; // with kmp_grain_fixed
// OMP_TASKLOOP_GRAIN_MODEL (NULL: the default path) and
// OMP_TASKLOOP_GRAIN_LAMBDA (0: the model file's or the default).
extern char *__kmp_grain_model_path;
extern double __kmp_grain_lambda_b, __kmp_grain_lambda_s;
// OMP_TASKLOOP_GRAIN_SPAN=threads (1, the default) | flat (0).
extern int __kmp_grain_span_threads;
// OMP_TASKLOOP_GRAIN_REPS: the executions of each arm Mean (OMP_SELECT=mean
// or fixed) takes before it commits, the grain's OMP_MEAN_REPS.
#define KMP_GRAIN_DEFAULT_REPS 2
extern int __kmp_grain_reps;
// OMP_TASKLOOP_GRAIN_SAMPLE=<k>|off: once the policy chose a key's grain for
// KMP_GRAIN_SAMPLE_STREAK timed executions in a row, with every arm explored,
// the next k - 1 executions of the site on that thread run it again untimed
// (neither chosen nor recorded: about 300 instructions of the ~500 the choice
// adds to a taskloop); the next is chosen and timed, and a different choice
// times every execution again until the choice holds. 1 (off, the default):
// every execution is chosen and timed, the policies as specified; `on` is 8.
// Off by default since 2026-11-29: with 8, Mean corrected a commitment to the
// wrong grain eight times more slowly, and the matrix addition at n = 200
// ended on its best grain in 63-65 of 121 second runs against 106-111 with
// off (docs/grain.md), for ~280 instructions saved per taskloop.
#define KMP_GRAIN_DEFAULT_SAMPLE 1
#define KMP_GRAIN_ON_SAMPLE 8
#define KMP_GRAIN_SAMPLE_MAX 1024
#define KMP_GRAIN_SAMPLE_STREAK 2
extern int __kmp_grain_sample;

// kmp_taskloop_grain_info_t's arm (mvomp.h) besides the arms of
// kmp_grain_model.h: a fixed OMP_TASKLOOP_GRAIN=<n>, and a team of one thread
// with auto (one task: nothing to choose).
#define KMP_GRAIN_ARM_FIXED (-1)
#define KMP_GRAIN_ARM_ONE_THREAD (-2)

// Sets the mode (and the hook flag).
void __kmp_grain_set_mode(kmp_grain_mode_t mode, kmp_uint64 fixed);
// OMP_DISPLAY_ENV's value of OMP_TASKLOOP_GRAIN_MODEL: the file and the
// parameters in use.
void __kmp_grain_model_describe(char *buf, size_t len);
// With OMP_TASKLOOP_GRAIN=auto, reads the calibration and the model store
// when the runtime starts (the end of __kmp_env_initialize).
void __kmp_grain_env_done(void);

// __kmp_taskloop without a grainsize or num_tasks clause, with the hook flag
// set: the number of tasks to make of `trip` iterations (libomp's
// num_tasks). A chosen grain's taskloop is timed to the end of the taskgroup
// that holds it (its own, or Clang's implicit one around it).
kmp_uint64 __kmp_grain_begin(kmp_int32 gtid, kmp_task_t *task, kmp_uint64 trip,
                             int if_val);
// With ERASE on, ERASE chooses the width first (__kmp_erase_taskloop_begin)
// and the grain is chosen within it. The hook of kmp_tasking.cpp calls this
// one when the grain hook is set, ERASE's otherwise.
// The choice for a loop spread over nthreads threads (the team's, or those
// ERASE molded the loop to): its key and arms are those of nthreads threads;
// `dflt` is the default arm's split.
kmp_uint64 __kmp_grain_begin_on(kmp_int32 gtid, kmp_task_t *task,
                                kmp_uint64 trip, int if_val, int nthreads,
                                kmp_uint64 dflt);
// __kmpc_end_taskgroup, once `taskgroup` of task `task` is complete: the end
// of the taskloops it holds.
void __kmp_grain_taskgroup_end(kmp_taskdata_t *task,
                               kmp_taskgroup_t *taskgroup);

#endif // KMP_GRAIN_H

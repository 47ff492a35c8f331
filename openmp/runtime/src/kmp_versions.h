/*
 * kmp_versions.h -- MVOMP multi-version tasks, what the rest of libomp sees:
 * the runtime ABI for the compiler, the settings, and the calls made from
 * kmp_settings.cpp, kmp_tasking.cpp and ERASE. The feature's files and what
 * each owns: kmp_versions_internal.h and docs/architecture.md. docs/abi.md
 * documents the ABI; docs/runtime.md the behaviour.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef KMP_VERSIONS_H
#define KMP_VERSIONS_H

#include "kmp.h"
#include "kmp_versions_policy.h"

// One version of a task type, as the compiler registers it.
typedef struct kmp_task_version_desc {
  kmp_routine_entry_t entry; // the version's task entry (its define's)
  const char *name;          // callee of a single-call body, else file:line
  const char *location;      // "file:line:column" of the define
} kmp_task_version_desc_t;

// Flags of __kmpc_omp_task_versions (the run's clauses).
#define KMP_TASK_VERSIONS_IF0 0x1      // if clause evaluated to false
#define KMP_TASK_VERSIONS_FINAL 0x2    // final clause evaluated to true
#define KMP_TASK_VERSIONS_PRIORITY 0x4 // priority clause present
#define KMP_TASK_VERSIONS_MERGEABLE 0x8 // mergeable clause present

extern "C" {
// Registers the versions of task type `type` known to one translation unit
// or shared library (called from its constructors, possibly before the
// runtime is initialised). Versions are identified by name across
// registrations: the same name from two units is one version.
KMP_EXPORT void __kmpc_task_versions_register(ident_t *loc, kmp_int32 type,
                                              kmp_int32 n,
                                              const kmp_task_version_desc_t *descs);

// Allocates the task data of version `index` of a launch (a define), as
// __kmpc_omp_task_alloc would: version 0 is the task libomp schedules (an
// ordinary task); the others are plain blocks laid out the same way.
KMP_EXPORT kmp_task_t *__kmpc_omp_task_version_alloc(
    ident_t *loc, kmp_int32 gtid, kmp_int32 index, kmp_int32 flags,
    size_t sizeof_kmp_task_t, size_t sizeof_shareds,
    kmp_routine_entry_t entry);

// Launches one task of type `type` whose versions[0..n-1] were allocated by
// __kmpc_omp_task_version_alloc with indices 0..n-1 and not enqueued. The
// version is chosen when a thread starts the task; the others are released
// and their destructors run. Returns as __kmpc_omp_task does.
KMP_EXPORT kmp_int32 __kmpc_omp_task_versions(
    ident_t *loc, kmp_int32 gtid, kmp_int32 type, kmp_int32 n,
    kmp_task_t **versions, kmp_int32 flags, kmp_int32 priority,
    kmp_int32 ndeps, kmp_depend_info_t *dep_list, kmp_int32 ndeps_noalias,
    kmp_depend_info_t *noalias_dep_list);
}

// Settings (kmp_mvomp_settings.inc parses them from the environment).
extern kmp_mv_policy_t __kmp_mv_policy;
extern char *__kmp_mv_fixed; // OMP_SELECT=fixed:<index|name>: the argument
extern kmp_uint64 __kmp_mv_seed;   // OMP_SELECT_SEED
extern int __kmp_mv_seed_set;
extern char *__kmp_mv_stats_path;  // OMP_SELECT_STATS
extern char *__kmp_mv_trace_path;  // OMP_SELECT_TRACE

extern char *__kmp_mv_load_path;   // OMP_SELECT_LOAD
extern int __kmp_mv_predict;       // OMP_SELECT_PREDICT
extern int __kmp_mv_predict_ratio; // OMP_SELECT_RATIO
extern int __kmp_mv_store_recheck; // OMP_SELECT_STORE_RECHECK
extern int __kmp_mv_lone_recheck;  // OMP_SELECT_LONE_RECHECK
// OMP_SELECT_SECOND_CHANCE: the factor K of a lone execution's second chance
// (__kmp_mv_second_chance, kmp_versions_internal.h); 0 off.
#define KMP_MV_SECOND_CHANCE_DEFAULT 16
extern int __kmp_mv_second_chance_k;
// OMP_SELECT_RETAKE: the percent of a version's first execution at a key spent
// off its thread's CPU (preempted, waiting for pages from disk) over which it
// is taken again (__kmp_mv_retake, kmp_versions_internal.h); 0 off.
#define KMP_MV_RETAKE_DEFAULT 50
extern int __kmp_mv_retake_percent;
// OMP_SELECT_STORE_DISTURBED: the percent over which a run counts as
// disturbed and is not saved (kmp_versions_store.cpp); 0 off.
#define KMP_MV_STORE_DISTURBED_DEFAULT 10
extern int __kmp_mv_store_disturbed;
// The readings at the run's start (once; the store's reading and ERASE's
// histories' call it), and whether the run was disturbed, judged at exit by
// the first writer that asks (once, with its warning).
void __kmp_mv_disturbance_start(void);
bool __kmp_mv_run_disturbed(void);
// OMP_SELECT_COST_BUCKETS: buckets per doubling; 0 off, -1 auto
// (KMP_MV_BUCKETS_AUTO once a type has KMP_MV_BUCKETS_AUTO_FROM keys).
extern int __kmp_mv_cost_buckets;
// OMP_SELECT_CLUSTER_RATIO
extern int __kmp_mv_predict_clusters;
extern char *__kmp_mv_models;      // OMP_SELECT_MODELS=<dir>; NULL: default
extern int __kmp_mv_models_off;    // OMP_SELECT_MODELS=off

// OMP_DISPLAY_ENV's lines about the model store (kmp_versions_store.cpp):
// where it is, the machine's fingerprint, and what was loaded.
void __kmp_mv_store_display(kmp_str_buf_t *buffer);

// Reads the model store's file when the runtime starts (the end of
// __kmp_env_initialize) in a program with multi-version tasks, so that
// neither the first task nor a thread waiting for it pays for the file's
// identification and reading (0.3-0.5 ms on a virtual machine; milliseconds
// for a store of many costs). Nothing is written at exit unless a task or a
// taskloop used the store. __kmp_mv_store_preload does it for another
// feature that will use the store (taskloop grain sizes).
void __kmp_mv_env_done(void);
void __kmp_mv_store_preload(void);
// Whether the store's directory is fixed: it has been identified (read, or
// named by ERASE's histories or OMP_DISPLAY_ENV); OMP_SELECT_MODELS set later,
// by kmp_set_defaults, is then refused with a warning.
int __kmp_mv_store_fixed(void);

// For another feature's file in the model store (ERASE's histories,
// kmp_erase_store.cpp): identifies the program and machine as the store does
// and returns the store file's path without its ".csv", to free with
// __kmp_str_free, and the fingerprint's text in *fingerprint (the store's
// own); NULL when the store is off (OMP_SELECT_MODELS=off, no directory).
char *__kmp_mv_store_base(const char **fingerprint);
// Before writing that file at exit: creates the store's directory, takes the
// store's lock and writes the identity cache (the store's own merge calls it
// too). Returns the lock's descriptor, to close when done, or -1 after a
// warning.
int __kmp_mv_store_take_lock(void);
// Writing a file of the store: opens <path>.tmp-<pid> (returned in *tmp), or
// returns NULL after a warning "this run's <what> are not saved" (part: the
// warning's "MVOMP" or "MVOMP ERASE"). Once written, ..._end flushes it to
// disk, closes it and renames it over path (a warning on any failure, the
// temporary file then removed) and frees tmp.
FILE *__kmp_mv_store_file_begin(const char *path, char **tmp, const char *part,
                                const char *what);
void __kmp_mv_store_file_end(FILE *f, char *tmp, const char *path,
                             const char *part, const char *what);
// A malformed file of the store, found when merging at exit: renamed to
// <path>.bad-<pid> with a warning, so that the merge starts a new one.
void __kmp_mv_store_keep_aside(const char *path, const char *part);
// The store's 64-bit hash of a string (FNV-1a, mixed), as in its file names.
kmp_uint64 __kmp_mv_hash_string(const char *s);
// Where code address addr lies, as text that names it in every run of the
// same build: "<object's file name>@<its build ID, or 0>+0x<offset in it>"
// (written to buf; 0 if addr is in no loaded object).
int __kmp_mv_code_id(const void *addr, char *buf, size_t len);

// Reads the statistics of a previous run (OMP_SELECT_LOAD, a stats.csv):
// each key's versions start from them.
void __kmp_mv_load_stats(const char *path);

// After kmp_set_defaults changed OMP_SELECT or OMP_MEAN_REPS: redoes every
// key's exploration mark (and Mean's kept choice) for the new policy, whose
// quota of executions per version may differ. Nothing before the runtime's
// initialisation (no key exists yet).
void __kmp_mv_policy_changed(void);

// After OMP_SELECT_STATS or OMP_SELECT_TRACE was set: arranges for the files
// to be written at exit, and switches the trace hook on or off.
void __kmp_mv_files_changed(void);

// A task discarded by cancellation (kmp_tasking.cpp): if it is a
// multi-version task, its versions are released (destructors run) and the
// runtime's memory for the launch is freed, as if it had run.
void __kmp_mv_discard(kmp_int32 gtid, kmp_task_t *task);

// A multi-version task's type (an opaque key, the same for all its
// launches), or NULL for any other task; and the number N of define(N) of
// such a type. ERASE keeps one history per type.
void *__kmp_mv_task_type(kmp_task_t *task);
int __kmp_mv_type_id(void *type);

// ERASE's joint choice of version and cluster (OMP_ERASE_JOINT,
// docs/erase.md): the predicted time in ns of the version that multi-version
// task `task` would run on a thread of cluster `cluster`, once the key a
// dispatch there uses has explored: the least mean among the launch's
// versions that ran there (OMP_SELECT=fixed: that version's). 0 while it
// explores, with in *to_explore the executions its exploration still needs
// that no dispatch has started (1 when the key does not exist yet: this
// creates nothing; 0 when all have started).
double __kmp_mv_cluster_ns(kmp_task_t *task, int cluster, unsigned *to_explore);

#endif // KMP_VERSIONS_H

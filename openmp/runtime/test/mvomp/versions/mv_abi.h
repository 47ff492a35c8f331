// The multi-version task ABI as compiled code sees it (docs/abi.md), for
// runtime tests that call it directly, as Clang's generated code does.
#ifndef MV_ABI_H
#define MV_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*kmp_routine_entry_t)(int, void *);
typedef union {
  int priority;
  kmp_routine_entry_t destructors;
} kmp_cmplrdata_t;
typedef struct kmp_task {
  void *shareds;
  kmp_routine_entry_t routine;
  int part_id;
  kmp_cmplrdata_t data1;
  kmp_cmplrdata_t data2;
} kmp_task_t;

typedef struct {
  kmp_routine_entry_t entry;
  const char *name;
  const char *location;
} kmp_task_version_desc_t;

typedef struct {
  intptr_t base_addr;
  size_t len;
  union {
    unsigned char flag;
    struct {
      unsigned in : 1;
      unsigned out : 1;
      unsigned mtx : 1;
      unsigned set : 1;
      unsigned unused : 3;
      unsigned all : 1;
    } flags;
  };
} kmp_depend_info_t;

#define MV_TIED 0x1
#define MV_DESTRUCTORS 0x8
#define MV_RUN_IF0 0x1
#define MV_RUN_FINAL 0x2
#define MV_RUN_PRIORITY 0x4

int __kmpc_global_thread_num(void *loc);
kmp_task_t *__kmpc_omp_task_version_alloc(void *loc, int gtid, int index,
                                          int flags, size_t sizeof_kmp_task_t,
                                          size_t sizeof_shareds,
                                          kmp_routine_entry_t task_entry);
void __kmpc_task_versions_register(void *loc, int type, int n,
                                   const kmp_task_version_desc_t *descs);
int __kmpc_omp_task_versions(void *loc, int gtid, int type, int n,
                             kmp_task_t **versions, int flags, int priority,
                             int ndeps, kmp_depend_info_t *deps,
                             int ndeps_noalias, kmp_depend_info_t *noalias);

// Version `index` of a launch, whose private part is `size` bytes copied from
// `priv` (what a define compiles to).
static inline kmp_task_t *mv_alloc(int index, kmp_routine_entry_t entry,
                                   const void *priv, size_t size, int flags) {
  int gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *t = __kmpc_omp_task_version_alloc(
      NULL, gtid, index, MV_TIED | flags, sizeof(kmp_task_t) + size, 0, entry);
  unsigned char *dst = (unsigned char *)(t + 1);
  const unsigned char *src = (const unsigned char *)priv;
  for (size_t i = 0; i < size; ++i)
    dst[i] = src[i];
  return t;
}

// The private part of a version task.
#define MV_PRIV(type, task) ((type *)((kmp_task_t *)(task) + 1))

// Launches one task of `type` with versions entries[0..n-1], each getting a
// copy of priv; with dtor, each version's copy is destroyed by dtor (as
// firstprivate C++ objects are).
static inline int mv_run_dtor(int type, int n,
                              const kmp_routine_entry_t *entries,
                              const void *priv, size_t size, int flags,
                              int ndeps, kmp_depend_info_t *deps,
                              kmp_routine_entry_t dtor) {
  kmp_task_t *v[64];
  for (int i = 0; i < n; ++i) {
    v[i] = mv_alloc(i, entries[i], priv, size, dtor ? MV_DESTRUCTORS : 0);
    if (dtor)
      v[i]->data1.destructors = dtor;
  }
  return __kmpc_omp_task_versions(NULL, __kmpc_global_thread_num(NULL), type,
                                  n, v, flags, 0, ndeps, deps, 0, NULL);
}

static inline int mv_run(int type, int n, const kmp_routine_entry_t *entries,
                         const void *priv, size_t size, int flags, int ndeps,
                         kmp_depend_info_t *deps) {
  return mv_run_dtor(type, n, entries, priv, size, flags, ndeps, deps, NULL);
}

// Registers entries[0..n-1] of `type` under names[0..n-1].
static inline void mv_register(int type, int n,
                               const kmp_routine_entry_t *entries,
                               const char *const *names) {
  kmp_task_version_desc_t d[64];
  for (int i = 0; i < n; ++i) {
    d[i].entry = entries[i];
    d[i].name = names[i];
    d[i].location = "test";
  }
  __kmpc_task_versions_register(NULL, type, n, d);
}

// Registers entries[0..n-1] of `type` under names[0..n-1], then launches
// `rounds` tasks of the type, one at a time (each waited for), from one thread
// of a parallel region; *round is the round's number while its task runs.
static inline void mv_register_and_run_rounds(int type, int n,
                                              const kmp_routine_entry_t *entries,
                                              const char *const *names,
                                              int rounds, int *round) {
  mv_register(type, n, entries, names);
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (*round = 0; *round < rounds; ++*round) {
    mv_run(type, n, entries, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  }
}

void task_cost(long long n);
// Launches one task of `type` (entries[0..n-1]) announced at `cost`
// (task_cost) and waits for it; *cost_now (if not NULL) is set to the cost
// first, for versions that report their time from it (kmp_task_stats_set).
static inline void mv_run_at_cost(int type, int n,
                                  const kmp_routine_entry_t *entries,
                                  long long cost, long long *cost_now) {
  int x = 0;
  if (cost_now != NULL)
    *cost_now = cost;
  task_cost(cost);
  mv_run(type, n, entries, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
}

double omp_get_wtime(void);
// Busy for about `us` microseconds.
static inline void mv_spin_us(double us) {
  double end = omp_get_wtime() + us * 1e-6;
  while (omp_get_wtime() < end)
    ;
}

#ifdef __cplusplus
}
#endif
#endif

// Nothing leaks: each version owns heap memory (as a firstprivate C++ object
// would) that only its destructor frees; the versions that run and those
// released unrun are both destroyed, and the runtime frees its own records.
// The second part launches 12 versions with large privates (their blocks
// overflow the carrier into chunks, several for the first launch), and
// every fourth launch issues another launch between its defines (as a
// firstprivate copy constructor may).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 valgrind -q --error-exitcode=1 --leak-check=full --show-possibly-lost=no --errors-for-leak-kinds=definite,indirect %libomp-run 2>&1 | FileCheck %s
// CHECK: ran 2000, freed 6000 of 6000 buffers
// CHECK-NEXT: big: ran 250, freed 3000 of 3000; nested: ran 50, freed 150 of 150

#include "mv_abi.h"
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int *buffer;
} priv_t;
static atomic_int ran, freed;

static int work(int gtid, void *t) {
  priv_t *p = MV_PRIV(priv_t, t);
  p->buffer[0] += 1;
  atomic_fetch_add(&ran, 1);
  return 0;
}
static int work2(int gtid, void *t) { return work(gtid, t); }
static int work3(int gtid, void *t) { return work(gtid, t); }
static int dtor(int gtid, void *t) {
  free(MV_PRIV(priv_t, t)->buffer);
  atomic_fetch_add(&freed, 1);
  return 0;
}

typedef struct {
  int *buffer;
  char payload[200]; // a 256-byte block: two fit in the carrier's room
} big_t;
static atomic_int big_ran, big_freed;
static int big_dtor(int gtid, void *t) {
  free(MV_PRIV(big_t, t)->buffer);
  atomic_fetch_add(&big_freed, 1);
  return 0;
}
#define BIG(n)                                                                 \
  static int big##n(int gtid, void *t) {                                       \
    big_t *p = MV_PRIV(big_t, t);                                              \
    if (p->payload[199] != (char)n)                                            \
      printf("version %d ran on another version's data\n", n);                 \
    p->buffer[0] += n;                                                         \
    atomic_fetch_add(&big_ran, 1);                                             \
    return 0;                                                                  \
  }
BIG(0) BIG(1) BIG(2) BIG(3) BIG(4) BIG(5) BIG(6) BIG(7) BIG(8) BIG(9) BIG(10)
BIG(11)

// The launch of type 1 (3 versions) that the nested case issues.
static void launch_small(void) {
  static kmp_routine_entry_t e[3] = {work, work2, work3};
  kmp_task_t *v[3];
  for (int k = 0; k < 3; ++k) {
    priv_t p = {calloc(16, sizeof(int))};
    v[k] = mv_alloc(k, e[k], &p, sizeof p, MV_DESTRUCTORS);
    v[k]->data1.destructors = dtor;
  }
  __kmpc_omp_task_versions(NULL, __kmpc_global_thread_num(NULL), 1, 3, v, 0,
                           0, 0, NULL, 0, NULL);
}

static kmp_routine_entry_t b[12] = {big0, big1, big2, big3, big4,  big5,
                                     big6, big7, big8, big9, big10, big11};

// n launches of type 2 (12 versions); with nested_every > 0, every
// nested_every-th launch issues launch_small() between its defines.
static void launch_big(int n, int nested_every) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; ++i) {
    kmp_task_t *v[12];
    for (int k = 0; k < 12; ++k) {
      big_t p = {calloc(16, sizeof(int)), {0}};
      p.payload[199] = (char)k;
      v[k] = mv_alloc(k, b[k], &p, sizeof p, MV_DESTRUCTORS);
      v[k]->data1.destructors = big_dtor;
      if (k == 5 && nested_every > 0 && i % nested_every == 0)
        launch_small();
    }
    __kmpc_omp_task_versions(NULL, __kmpc_global_thread_num(NULL), 2, 12, v,
                             0, 0, 0, NULL, 0, NULL);
  }
}

int main(void) {
  kmp_routine_entry_t e[3] = {work, work2, work3};
  const char *names[3] = {"w1", "w2", "w3"};
  mv_register(1, 3, e, names);
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 2000; ++i) {
    kmp_task_t *v[3];
    for (int k = 0; k < 3; ++k) {
      priv_t p = {calloc(16, sizeof(int))};
      v[k] = mv_alloc(k, e[k], &p, sizeof p, MV_DESTRUCTORS);
      v[k]->data1.destructors = dtor;
    }
    __kmpc_omp_task_versions(NULL, __kmpc_global_thread_num(NULL), 1, 3, v,
                             0, 0, 0, NULL, 0, NULL);
  }
  printf("ran %d, freed %d of 6000 buffers\n", ran, freed);

  const char *bnames[12] = {"b0", "b1", "b2", "b3", "b4",  "b5",
                            "b6", "b7", "b8", "b9", "b10", "b11"};
  mv_register(2, 12, b, bnames);
  ran = freed = 0;
  launch_big(200, 4);
  launch_big(50, 0); // as above, without nesting, after it
  printf("big: ran %d, freed %d of 3000; nested: ran %d, freed %d of 150\n",
         big_ran, big_freed, ran, freed);
  return 0;
}

// Threads the program creates, one after the other, each running a parallel
// region with tasks (a thread pool of the program's own, a Python thread, a
// plugin's thread): each is a root of its own to libomp, reaped when it exits,
// while the workers that ran its tasks go on in libomp's pool. Upstream
// 19.1.7 kept up to 16 of an exited root's task blocks in such a worker's
// free list and returned them through the freed root when the next root's
// team ran: a segfault in ___kmp_fast_free after 3 to 10 threads (fix in
// kmp_alloc.cpp.patch, docs/architecture.md). Also the taskloop grain's
// per-thread state, given back when a thread exits and taken by the next.
//
// RUN: %libomp-compile -lpthread
// RUN: env OMP_NUM_THREADS=2 timeout 60 %libomp-run 40 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 timeout 60 %libomp-run 40 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT_MODELS=off timeout 60 %libomp-run 40 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_SELECT_MODELS=off timeout 60 %libomp-run 20 | FileCheck %s
// CHECK: every iteration ran once in each of the {{[0-9]+}} threads

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERS 1000
#define LOOPS 5
static long hits[ITERS];

static void *body(void *arg) {
  (void)arg;
#pragma omp parallel
#pragma omp single
  for (int e = 0; e < LOOPS; ++e) {
#pragma omp taskloop
    for (int i = 0; i < ITERS; ++i) {
#pragma omp atomic
      hits[i]++;
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  for (int k = 0; k < n; ++k) {
    pthread_t t;
    if (pthread_create(&t, NULL, body, NULL) != 0) {
      perror("pthread_create");
      return 1;
    }
    pthread_join(t, NULL);
  }
  long bad = 0;
  for (int i = 0; i < ITERS; ++i)
    bad += hits[i] != (long)LOOPS * n;
  if (bad) {
    printf("%ld iterations ran a wrong number of times\n", bad);
    return 1;
  }
  printf("every iteration ran once in each of the %d threads\n", n);
  return 0;
}

// A task the mapper maps to its creator's own cluster stays in its creator's
// deque, as upstream's do, and the cluster's other threads steal it from
// there, oldest first (docs/erase.md, "How it decides"). Giving it to another
// thread of the cluster instead fixed it there before that thread could run
// it: a thread in a tied task's taskwait may run only that task's
// descendants, so the given tasks waited behind its long task, and an
// unbalanced tree search took 1.7x ERASE off's time.
//
// One cluster of both CPUs. After a warm-up that lets the mapper try its
// configurations (40 tasks of the same type), the single thread creates 40
// tasks of 1 ms and, without running any, waits until all have started:
// thread 1 alone runs them, stealing them from thread 0's deque in the order
// they were created. Tasks given to thread 1's deque ran there newest first
// (the libomp before this rule: "out of creation order").
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off
// OMP_ERASE_CLUSTERS="all:0-1" %libomp-run | FileCheck %s RUN: env
// OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off
// OMP_ERASE_CLUSTERS="all:0-1" OMP_ERASE_STEAL=cluster %libomp-run | FileCheck
// %s

// CHECK: warm-up 40
// CHECK-NEXT: 40 tasks started, on thread 1: 40, in creation order

#include <omp.h>
#include <stdio.h>

enum { N = 40 };
static int order[2 * N], thread_of[2 * N];
static int started;

static void spin(double seconds) {
  double end = omp_get_wtime() + seconds;
  while (omp_get_wtime() < end)
    ;
}

// n tasks of the one task type; the k-th to start records its index and
// thread.
static void launch(int n) {
  for (int i = 0; i < n; ++i) {
#pragma omp task firstprivate(i)
    {
      int k;
#pragma omp atomic capture
      k = started++;
      order[k] = i;
      thread_of[k] = omp_get_thread_num();
      spin(1e-3);
    }
  }
}

int main(void) {
  int first = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    launch(N);
#pragma omp taskwait
    printf("warm-up %d\n", started);
    first = started;
    launch(N);
    // Run none of them here: wait (at most 10 s) until all have started.
    double end = omp_get_wtime() + 10;
    int n;
    do {
#pragma omp atomic read
      n = started;
    } while (n < 2 * N && omp_get_wtime() < end);
  }
  int on1 = 0, in_order = 1;
  for (int k = first; k < started; ++k) {
    on1 += thread_of[k] == 1;
    if (k > first && order[k] < order[k - 1])
      in_order = 0;
  }
  printf("%d tasks started, on thread 1: %d, %s\n", started - first, on1,
         in_order ? "in creation order" : "out of creation order");
  return 0;
}

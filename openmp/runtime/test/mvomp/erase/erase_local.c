// MVOMP-LIT: measures
// A task ERASE maps to its creator's own cluster stays in its creator's
// deque, as upstream's do, and the cluster's other threads steal it from
// there, oldest first (docs/erase.md, "How it decides"); so does every task
// where there is one cluster (nothing to choose). Giving it to another thread
// of the cluster instead fixed it there before that thread could run it: a
// thread in a tied task's taskwait may run only that task's descendants, so
// the given tasks waited behind its long task, and an unbalanced tree search
// took 1.7x ERASE off's time.
//
// After a warm-up that lets the mapper try its configurations (40 tasks of
// the same type), the single thread creates 40 tasks of 1 ms and, without
// running any, waits until all have started: the other threads run them,
// each in the order they were created (stolen from thread 0's deque). Tasks
// given to a thread's deque ran there newest first (the libomp before this
// rule: "out of creation order"). Two runs: one cluster of both CPUs, and
// three threads on two clusters of one CPU, "a" (threads 0 and 2) far
// cheaper than "b" (thread 1), stealing within clusters: the mapper maps the
// tasks to a, and thread 2 runs them (thread 1 only the refresh's tasks).
// RUN: %libomp-compile
// The first is tried up to three times too: in one fast tier of 2026-11-28,
// beside the other tests, thread 0 started some of the 40 tasks (it passed 3
// of 3 alone). Tasks taken from thread 0's deque newest first, or given to a
// thread, fail all three.
// DEFINE: %{one} = env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="all:0-1" %libomp-run > %t.one 2>&1
// RUN: %{one}; grep -q 'none on thread 0, each' %t.one || %{one}; grep -q 'none on thread 0, each' %t.one || %{one}
// RUN: FileCheck %s < %t.one
// RUN: printf 'cluster a idle 0.5\ncluster b idle 0.5\nrun a compute 1000 1 1\nrun b compute 1000 1 40\n' > %t.power
// The second is tried up to three times: threads 0 and 2 share CPU 0, and
// beside a busy loop (about 1 run in 10) the mapper's trial of "a" waited
// for thread 2 so long that the tasks went to "b", thread 1 (docs/erase.md:
// one trial task at a time). Tasks given to thread 2 fail all three.
// DEFINE: %{two} = env OMP_NUM_THREADS=3 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_POWER=%t.power OMP_ERASE_STEAL=cluster %libomp-run > %t.two 2>&1
// RUN: %{two}; grep -q '^thread 2' %t.two || %{two}; grep -q '^thread 2' %t.two || %{two}
// RUN: FileCheck --check-prefix=TWO %s < %t.two

// CHECK: warm-up 40
// CHECK-NEXT: 40 tasks started, none on thread 0, each thread's in creation order
// CHECK-NEXT: thread 1: 40
// TWO: warm-up 40
// TWO-NEXT: 40 tasks started, none on thread 0, each thread's in creation order
// TWO-NEXT: thread 2: {{[3-4][0-9]}}

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
#pragma omp parallel
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
  int count[8] = {0}, last[8], in_order = 1;
  for (int t = 0; t < 8; ++t)
    last[t] = -1;
  for (int k = first; k < started; ++k) {
    int t = thread_of[k] & 7;
    count[t]++;
    if (order[k] < last[t])
      in_order = 0;
    last[t] = order[k];
  }
  printf("%d tasks started, %s on thread 0, %s\n", started - first,
         count[0] ? "some" : "none",
         in_order ? "each thread's in creation order"
                  : "out of creation order");
  for (int t = 1; t < 8; ++t)
    if (count[t] > 1)
      printf("thread %d: %d\n", t, count[t]);
  return 0;
}

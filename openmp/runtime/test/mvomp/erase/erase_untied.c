// An untied task's code queues the task again at each of its scheduling
// points, the first as it starts (clang's parts); ERASE must leave such a
// started task where it is, and a thread must reach the tasks it may run
// below one it may not. Before, ERASE mapped the started task like a new one
// and gave it to the other cluster's thread while that thread was deep in a
// tied task's taskwait: on top of its deque, which the task scheduling
// constraint forbade it to run, above the tasks it waited for; with
// OMP_ERASE_STEAL=cluster nobody else could take it, and the program hung (7
// runs of 10 of this test; 0 of 20 with either fix alone). A watchdog turns a
// hang into a failure.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STEAL=cluster OMP_ERASE_CLUSTERS="a:0;b:1" %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STEAL=cluster OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_TEST_SLOWDOWN=b:2 %libomp-run 2>&1 | FileCheck %s

// CHECK: 200 x fib(15) = 610, untied and tied

#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void watchdog(int sig) {
  static const char msg[] = "hung: no progress in 120 s\n";
  write(2, msg, sizeof msg - 1);
  _exit(2);
}

static long fib(int n) {
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a) untied
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  signal(SIGALRM, watchdog);
  alarm(120);
  int wrong = 0;
  for (int r = 0; r < 200; ++r) {
    long f = 0;
#pragma omp parallel
#pragma omp single
    f = fib(15);
    wrong += f != 610;
  }
  if (wrong == 0)
    printf("200 x fib(15) = 610, untied and tied\n");
  return wrong != 0;
}

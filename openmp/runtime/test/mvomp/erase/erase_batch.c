// ERASE records the executions of the tasks it never maps (those a task
// creates) in per-thread batches, added to their task type 32 at a time
// (docs/erase.md, "Fine-grained recursive tasks"): OMP_ERASE_STATS still
// counts every execution exactly. fib(20) with a task per call makes
// 2 x (fib(21) - 1) = 21890 tasks of two types (one per branch), all but the
// first two created by a task; on 2 threads and two emulated clusters, and on
// the detected ones.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 1 && $2 == "task" { s += $6 } END { print "executions", s }' %t.csv | FileCheck --check-prefix=SUM %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.2.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 1 && $2 == "task" { s += $6 } END { print "executions", s }' %t.2.csv | FileCheck --check-prefix=SUM %s

// CHECK: fib(20) = 6765
// SUM: executions 21890{{$}}

#include <omp.h>
#include <stdio.h>

static long fib(int n) {
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  long r;
#pragma omp parallel num_threads(2)
#pragma omp single
  r = fib(20);
  printf("fib(20) = %ld\n", r);
  return 0;
}

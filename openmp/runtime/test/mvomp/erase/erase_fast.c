// ERASE's per-task fast path (kmp_erase.h): a thread counts inline the
// executions of the last two task types it only counted. What that relies on
// may change: here a taskloop first runs with if(0), 1000 times (its 20
// chunks run at once as plain tasks of the loop's entry, short, created by
// the implicit task: only counted, and remembered by the fast path), then 20
// times with if(1), when its chunks become a taskloop's, whose instances
// ERASE times chunk by chunk. Thread 1 spins outside the runtime, so the
// master runs every chunk, and ERASE records 19 of the 20 instances. Were the
// master to go on counting the chunks inline (with the epoch's move taken
// out: 17 or 18 in 7 runs of 10), the first instances would wait for chunks
// that never report, and their time would be lost or run into the next one.
// Every task is counted: 1000 x 20 chunks, 20 x the chunks of each split
// (1 to 20, as ERASE molds it), and fib(18)'s 8360 tasks of two types, mostly
// counted inline.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 2 && $2 == "taskloop" { print "loop executions", ($6 >= 19 ? "ok" : $6) }' %t.csv | FileCheck --check-prefix=LOOP %s
// RUN: awk -F, 'NR > 2 && $2 == "task" { s += $6 } END { print "task executions", s }' %t.csv | FileCheck --check-prefix=TASKS %s

// CHECK: serial 1000 parallel 20 fib(18) = 2584
// LOOP: loop executions ok
// TASKS: task executions {{28[3-7][0-9][0-9]$}}

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

static double v[10000];

static int fill(int parallel) {
#pragma omp taskloop if(parallel) shared(v)
  for (int i = 0; i < 10000; ++i)
    v[i] = i;
  return v[9999] == 9999;
}

int main(void) {
  int serial = 0, parallel = 0;
  long r = 0;
  volatile int done = 0;
  // Thread 1 spins outside the runtime: the master runs every task itself.
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    for (int k = 0; k < 1000; ++k)
      serial += fill(0);
    for (int k = 0; k < 20; ++k)
      parallel += fill(1);
    r = fib(18);
    done = 1;
  } else {
    while (!done)
      ;
  }
  printf("serial %d parallel %d fib(18) = %ld\n", serial, parallel, r);
  return 0;
}

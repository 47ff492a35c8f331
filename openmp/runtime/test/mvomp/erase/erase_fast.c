// ERASE's per-task fast path (kmp_erase.h): a thread counts inline the
// executions of the last two task types it only counted. What that relies on
// may change: here eight taskloops (eight sites, eight types) each first run
// with if(0), 250 times (their 20 chunks run at once as plain tasks of the
// loop's entry, short, created by the implicit task: only counted, and
// remembered by the fast path), then 20 times with if(1), when their chunks
// become a taskloop's, whose instances ERASE times chunk by chunk. Thread 1
// spins outside the runtime, so the master runs every chunk, and ERASE
// records all 160 instances but the program's first (in one configuration or
// several; at least 157 are required). Were the master to go on counting the
// chunks inline (the epoch's move taken out), the first instances after the
// change would wait for chunks that never report, and their time would be
// lost or run into the next one: 145-152 recorded in 10 runs. Every task is
// counted: 8 x 250 x 20 chunks, 8 x 20 x the chunks of each split (1 to 20,
// as ERASE molds it), and fib(18)'s 8360 tasks of two types, mostly counted
// inline.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 2 && $2 == "taskloop" { l += $6 } END { print "loop executions", (l >= 157 ? "ok" : l) }' %t.csv | FileCheck --check-prefix=LOOP %s
// RUN: awk -F, 'NR > 2 && $2 == "task" { s += $6 } END { print "task executions", s }' %t.csv | FileCheck --check-prefix=TASKS %s

// CHECK: serial 2000 parallel 160 fib(18) = 2584
// LOOP: loop executions ok
// TASKS: task executions {{(48[5-9][0-9][0-9]|49[0-9][0-9][0-9]|5[01][0-9][0-9][0-9])$}}

#include "erase_tasks.h"
#include <omp.h>
#include <stdio.h>

static double v[10000];

// Eight taskloop sites, each its own task type.
#define FILL(name)                                                             \
  static int name(int parallel) {                                              \
    _Pragma("omp taskloop if(parallel) shared(v)")                             \
    for (int i = 0; i < 10000; ++i)                                            \
      v[i] = i;                                                                \
    return v[9999] == 9999;                                                    \
  }
FILL(fill0)
FILL(fill1)
FILL(fill2)
FILL(fill3)
FILL(fill4)
FILL(fill5)
FILL(fill6)
FILL(fill7)
static int (*const fills[8])(int) = {fill0, fill1, fill2, fill3,
                                     fill4, fill5, fill6, fill7};

int main(void) {
  int serial = 0, parallel = 0;
  long r = 0;
  volatile int done = 0;
  // Thread 1 spins outside the runtime: the master runs every task itself.
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    for (int l = 0; l < 8; ++l) {
      for (int k = 0; k < 250; ++k)
        serial += fills[l](0);
      for (int k = 0; k < 20; ++k)
        parallel += fills[l](1);
    }
    r = erase_fib(18);
    done = 1;
  } else {
    while (!done)
      ;
  }
  printf("serial %d parallel %d fib(18) = %ld\n", serial, parallel, r);
  return 0;
}

// MVOMP-LIT: long
// Programs that mix untied and tied tasks, as BOTS' do, neither crash nor hang.
// Each run is under `timeout` so that a hang fails the test.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 timeout 120 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 timeout 120 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 timeout 120 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_ERASE=on OMP_ERASE_PERF=off timeout 120 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" timeout 120 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STEAL=cluster OMP_ERASE_CLUSTERS="a:0;b:1" timeout 120 %libomp-run 40 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STEAL=cluster OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_TEST_SLOWDOWN=b:2 timeout 120 %libomp-run 40 2>&1 | FileCheck %s
//
// Two upstream 19.1.7 defects, both fixed in kmp_tasking.cpp.patch:
// - An undeferred (if(0)) untied task never inherited td_last_tied (the tied
//   task its thread is bound to), so its taskwait, finding a tied child in its
//   deque, dereferenced NULL: 'if0' crashed in every run on 2 threads
//   (llvm-project issue #172938, PR #214320).
// - A thread in a tied task's taskwait could start or resume an untied task
//   that did not descend from it; that task's tied children then could not run
//   there (the task scheduling constraint), and when every thread was in that
//   state the program hung: 'if0' on 3 threads hung in 29 runs of 30 once the
//   crash was fixed, and with ERASE on two emulated clusters 2 runs of 30 on 2
//   threads.
// And one of ERASE's, fixed in kmp_erase_sched.cpp: clang's code for an untied
// task queues the task again as it starts; ERASE mapped that started task and
// could give it to the other cluster's thread, on top of a deque whose other
// tasks that thread was waiting for in a tied task's taskwait, where the task
// scheduling constraint forbade it to run it. With OMP_ERASE_STEAL=cluster no
// other thread could take it: 40 runs of each program (the argument) hung in
// 3 tries of 3, 4 runs in 2 of 4.

// CHECK: if0 fib(22) = 17711 x{{[0-9]+}}
// CHECK: mixed fib(22) = 17711 x{{[0-9]+}}
// CHECK: final fib(22) = 17711 x{{[0-9]+}}

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define PRAGMA(x) _Pragma(#x)
// fib whose first child has the clauses A and whose second has B.
#define FIB(name, A, B)                                                        \
  static long name(int n) {                                                    \
    if (n < 2)                                                                 \
      return n;                                                                \
    long a, b;                                                                 \
    PRAGMA(omp task shared(a) A)                                               \
    a = name(n - 1);                                                           \
    PRAGMA(omp task shared(b) B)                                               \
    b = name(n - 2);                                                           \
    PRAGMA(omp taskwait)                                                       \
    return a + b;                                                              \
  }
FIB(fib_if0, untied if (n > 8), )
FIB(fib_mixed, untied, )
FIB(fib_final, untied if (n > 8), final(n < 12) mergeable)

static int reps = 4;

static int check(const char *name, long (*fib)(int)) {
  int ok = 0;
  for (int rep = 0; rep < reps; ++rep) {
    long r = 0;
#pragma omp parallel
#pragma omp single
    r = fib(22);
    ok += r == 17711;
  }
  printf("%s fib(22) = %ld x%d\n", name, ok == reps ? 17711L : -1L, ok);
  return ok == reps;
}

int main(int argc, char **argv) {
  if (argc > 1)
    reps = atoi(argv[1]);
  int ok = check("if0", fib_if0);
  ok &= check("mixed", fib_mixed);
  ok &= check("final", fib_final);
  return ok ? 0 : 1;
}

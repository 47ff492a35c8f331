// MVOMP-LIT: measures
// ERASE's exponential back-off sleep (docs/erase.md): a thread that finds no
// task to run sleeps instead of spinning, also with OMP_ERASE=off when
// OMP_ERASE_SLEEP is given (upstream plus back-off, the thesis' baseline).
// Thread 1 waits at a barrier with tasking active while thread 0 computes for
// 300 ms; KMP_BLOCKTIME=infinite keeps libomp's own sleep out of the way.
// With the back-off thread 1 uses a small part of its CPU time; without it,
// it spins (printed, not checked: a loaded machine may not give it a core).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_ERASE_SLEEP=100 %libomp-run | FileCheck --check-prefix=SLEEPS %s
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_ERASE=on OMP_ERASE_PERF=off %libomp-run | FileCheck --check-prefix=SLEEPS %s
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite %libomp-run | FileCheck --check-prefix=SPINS %s

// SLEEPS: waiting thread: sleeps
// SPINS: waiting thread:

#define _GNU_SOURCE
#include "erase_tasks.h"
#include <omp.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  double cpu[2] = {0, 0}, wait = 0;
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    double c0 = erase_cpu_seconds(RUSAGE_THREAD);
    if (t == 0) {
#pragma omp task
      { /* makes tasking active in this barrier interval */ }
      double start = now();
      volatile double x = 0;
      while (now() - start < 0.3)
        x += 1;
      wait = now() - start;
    }
#pragma omp barrier
    cpu[t] = erase_cpu_seconds(RUSAGE_THREAD) - c0;
  }
  double share = cpu[1] / wait;
  printf("waiting thread: %s (%.0f%% of the wait on a CPU)\n",
         share < 0.3 ? "sleeps" : "spins", 100 * share);
  return 0;
}

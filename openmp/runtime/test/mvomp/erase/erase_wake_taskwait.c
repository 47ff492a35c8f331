// MVOMP-LIT: measures
// A thread waiting in a taskwait for a child that another thread runs fails
// to find tasks and goes to ERASE's back-off sleep; the child's end wakes it
// (docs/erase.md, "The back-off sleep"), so that it does not sleep on past
// the wait (a recursive program's taskwaits are where its threads fail to
// find tasks most). With a 100 ms base sleep and no spinning, the parent's
// taskwait must return within 50 ms of the child's end, not when the sleep
// ends. With ERASE on, and with the back-off alone (ERASE off).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_SLEEP=100000 OMP_ERASE_SLEEP_SPIN=0 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_ERASE_SLEEP=100000 OMP_ERASE_SLEEP_SPIN=0 %libomp-run | FileCheck %s

// CHECK: taskwait returned within 50 ms of the child's end: yes

#include <omp.h>
#include <stdio.h>

static void spin(double seconds) {
  double end = omp_get_wtime() + seconds;
  while (omp_get_wtime() < end)
    ;
}

int main(void) {
  double ended = 0, returned = 0;
  int parent = -1, child = -1;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp task shared(ended, returned, parent, child)
  {
    parent = omp_get_thread_num();
#pragma omp task shared(ended, child)
    {
      child = omp_get_thread_num();
      spin(0.03);
      ended = omp_get_wtime();
    }
    spin(0.01); // the other thread steals the child meanwhile
#pragma omp taskwait
    returned = omp_get_wtime();
  }
  // (On a loaded machine the parent's thread may have run the child itself:
  // then it never waited, and the check holds as well.)
  printf("parent on thread %d, child on thread %d\n", parent, child);
  printf("taskwait returned within 50 ms of the child's end: %s (%.1f ms)\n",
         returned - ended < 0.05 ? "yes" : "no", (returned - ended) * 1e3);
  return 0;
}

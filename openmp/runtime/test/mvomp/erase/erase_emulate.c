// The emulated slow cluster applies with ERASE off too (docs/erase.md,
// "Emulated big.LITTLE"), so that a run with ERASE off pays for it as ERASE
// does: with OMP_ERASE=off and OMP_ERASE_TEST_SLOWDOWN, a task that ran on a
// CPU of the slowed cluster (the CPU it ran on: threads are not bound) takes
// factor times as long. The program binds itself to CPU 0, then to CPU 1, and
// times 10 tasks of 2 ms on each against their bodies' own time: 5x on
// "slow" (checked: more than 3x), about 1x on "fast" and without the variable
// (less than 1.5x). OMP_DISPLAY_ENV says so.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 OMP_ERASE=off OMP_ERASE_CLUSTERS="fast:0;slow:1" OMP_ERASE_TEST_SLOWDOWN=slow:5 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SLOW %s
// RUN: env OMP_NUM_THREADS=1 OMP_ERASE=off OMP_ERASE_CLUSTERS="fast:0;slow:1" %libomp-run 2>&1 | FileCheck --check-prefix=SAME %s
// A bad value is warned about with ERASE off too, and nothing is slowed.
// RUN: env OMP_NUM_THREADS=1 OMP_ERASE=off OMP_ERASE_CLUSTERS="fast:0;slow:1" OMP_ERASE_TEST_SLOWDOWN=slo:5 %libomp-run 2>&1 | FileCheck --check-prefix=BAD %s

// SLOW: [MVOMP ERASE] off; OMP_ERASE_TEST_SLOWDOWN slows the tasks that run on: slow x5 (the CPU each task ran on)
// SLOW: slowed{{$}}
// SAME-NOT: [MVOMP ERASE] off
// SAME: same{{$}}
// BAD: OMP: Warning (MVOMP ERASE): OMP_ERASE_TEST_SLOWDOWN: 'slo:5' is not <cluster in use>:<factor from 1 to 1000>; ignored
// BAD: same{{$}}

#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

// The time of 10 tasks of 2 ms on cpu, over the time their bodies took (a
// ratio, so that a loaded machine stretching both does not change it).
static double tasks_on(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof(set), &set) != 0) {
    perror("sched_setaffinity");
    return -1;
  }
  double bodies = 0;
  double t0 = omp_get_wtime();
  for (int i = 0; i < 10; ++i) {
#pragma omp task shared(bodies)
    {
      double start = omp_get_wtime(), end = start + 0.002, now;
      while ((now = omp_get_wtime()) < end)
        ;
      bodies += now - start;
    }
#pragma omp taskwait
  }
  return (omp_get_wtime() - t0) / bodies;
}

int main(void) {
  double fast = 0, slow = 0;
#pragma omp parallel
#pragma omp single
  {
    fast = tasks_on(0);
    slow = tasks_on(1);
  }
  if (fast <= 0 || slow <= 0)
    return 1;
  printf("time over the bodies' time: %.2f on CPU 0, %.2f on CPU 1\n", fast,
         slow);
  printf("%s\n", slow > 3 && fast < 1.5 ? "slowed"
                 : slow < 1.5 && fast < 1.5 ? "same"
                                            : "?");
  return 0;
}

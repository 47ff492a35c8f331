// MVOMP-LIT: measures
// The emulated slow cluster applies with ERASE off too (docs/erase.md,
// "Emulated big.LITTLE"), so that a run with ERASE off pays for it as ERASE
// does: with OMP_ERASE=off and OMP_ERASE_TEST_SLOWDOWN, a task that ran on a
// CPU of the slowed cluster (the CPU it ran on: threads are not bound) takes
// factor times as long. The program binds itself to CPU 0, then to CPU 1, and
// times 10 tasks of 2 ms on each against their bodies' own time: 5x on
// "slow" (checked: more than 3x), about 1x on "fast" and without the variable
// (less than 1.5x). OMP_DISPLAY_ENV says so. "nested": each task runs a child
// task of 2 ms in its taskwait, on the same CPU; the child's time is slowed
// once, not again as part of its parent's: 5x in all (checked: 3x to 7x; the
// parent slowed for its child's time as well made it 15x).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 OMP_ERASE=off OMP_ERASE_CLUSTERS="fast:0;slow:1" OMP_ERASE_TEST_SLOWDOWN=slow:5 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SLOW %s
// RUN: env OMP_NUM_THREADS=1 OMP_ERASE=off OMP_ERASE_CLUSTERS="fast:0;slow:1" OMP_ERASE_TEST_SLOWDOWN=slow:5 %libomp-run nested 2>&1 | FileCheck --check-prefix=NESTED %s
// RUN: env OMP_NUM_THREADS=1 OMP_ERASE=off OMP_ERASE_CLUSTERS="fast:0;slow:1" %libomp-run 2>&1 | FileCheck --check-prefix=SAME %s
// A bad value is warned about with ERASE off too, and nothing is slowed.
// RUN: env OMP_NUM_THREADS=1 OMP_ERASE=off OMP_ERASE_CLUSTERS="fast:0;slow:1" OMP_ERASE_TEST_SLOWDOWN=slo:5 %libomp-run 2>&1 | FileCheck --check-prefix=BAD %s

// SLOW: [MVOMP ERASE] off; OMP_ERASE_TEST_SLOWDOWN slows the tasks that run on: slow x5 (the CPU each task ran on)
// SLOW: slowed{{$}}
// NESTED: slowed{{$}}
// SAME-NOT: [MVOMP ERASE] off
// SAME: same{{$}}
// BAD: OMP: Warning (MVOMP ERASE): OMP_ERASE_TEST_SLOWDOWN: 'slo:5' is not <cluster in use>:<factor from 1 to 1000>; ignored
// BAD: same{{$}}

#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

static int nested;

static double spin(double seconds) {
  double start = omp_get_wtime(), end = start + seconds, now;
  while ((now = omp_get_wtime()) < end)
    ;
  return now - start;
}

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
      double child = 0;
      if (nested) {
#pragma omp task shared(child)
        child = spin(0.002);
#pragma omp taskwait
      }
      bodies += spin(0.002) + child;
    }
#pragma omp taskwait
  }
  return (omp_get_wtime() - t0) / bodies;
}

int main(int argc, char **argv) {
  double fast = 0, slow = 0;
  nested = argc > 1 && strcmp(argv[1], "nested") == 0;
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
  printf("%s\n", slow > 3 && slow < 7 && fast < 1.5 ? "slowed"
                 : slow < 1.5 && fast < 1.5 ? "same"
                                            : "?");
  return 0;
}

// MVOMP-LIT: measures
// The threads a taskloop molded to fewer threads than the team leaves idle
// sleep after the thesis' five empty rounds, without OMP_ERASE_SLEEP_SPIN's
// spinning first (docs/erase.md, "The back-off sleep"): leaving them idle is
// the mapper's choice. Two clusters of one CPU each, no whole-team
// configuration: every loop runs on one thread. With a spin of 1 s (longer
// than any gap here) only that rule makes the idle thread sleep; the
// process's CPU time must stay well under twice its wall time (a loaded
// machine only lowers it).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_TEAM=off OMP_ERASE_SLEEP_SPIN=1000000 %libomp-run | FileCheck %s

// CHECK: iterations ok
// CHECK: idle thread sleeps: yes

#include "erase_tasks.h"
#include <omp.h>
#include <stdio.h>

#define N 64
#define REPS 60
static int hits[N];

static void spin(double seconds) {
  double end = omp_get_wtime() + seconds;
  while (omp_get_wtime() < end)
    ;
}

int main(void) {
  double wall0 = omp_get_wtime(), cpu0 = erase_cpu_seconds(RUSAGE_SELF);
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int r = 0; r < REPS; ++r) {
#pragma omp taskloop
    for (int i = 0; i < N; ++i) {
      spin(50e-6);
      __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    }
  }
  double wall = omp_get_wtime() - wall0,
         used = erase_cpu_seconds(RUSAGE_SELF) - cpu0;
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= hits[i] == REPS;
  printf("iterations %s\n", ok ? "ok" : "WRONG");
  printf("idle thread sleeps: %s (CPU %.3f s over %.3f s)\n",
         used < 1.5 * wall ? "yes" : "no", used, wall);
  return ok ? 0 : 1;
}

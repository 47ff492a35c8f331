// MVOMP-LIT: measures
// Work queued while the other threads sleep in ERASE's back-off (or in the
// back-off alone, OMP_ERASE_SLEEP with ERASE off) wakes one of them to steal
// it (docs/erase.md). The thread that does not run the single fails to find
// tasks for 450 ms with a 100 ms back-off base, so it sleeps 100, 200, then
// 400 ms; the single's thread then queues a task and waits without running
// tasks itself. The task must start on the other thread within 50 ms, not
// when that thread's sleep ends. (Either thread may run the single: the test
// took thread 0 for granted and failed about once in ten runs of the suite,
// when thread 1 ran it and thread 0 stole the task in 0.2 ms.) (Found by the upstream test
// tasking/kmp_taskwait_depend_all.c, which hung when the task that its
// taskwait must not wait for was run by the waiting thread itself.)
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_SLEEP=100000 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_ERASE_SLEEP=100000 %libomp-run | FileCheck %s
// RUN: %libomp-compile -DPRIORITY
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_MAX_TASK_PRIORITY=1 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_SLEEP=100000 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 KMP_BLOCKTIME=infinite OMP_MAX_TASK_PRIORITY=1 OMP_ERASE_SLEEP=100000 %libomp-run | FileCheck %s

// CHECK: stolen by the other thread within 50 ms: yes

#include <omp.h>
#include <stdio.h>
#include <unistd.h>

#ifdef PRIORITY
#define TASK_PRIORITY priority(1)
#else
#define TASK_PRIORITY
#endif

int main(void) {
  int by = -1, creator = -1;
  double started = 0, queued = 0;
#pragma omp parallel shared(by, started, queued)
  {
#pragma omp single
    {
      // A first task turns tasking on, so that thread 1 looks for tasks
      // (and backs off) from now on instead of waiting in the barrier.
#pragma omp task
      { }
#pragma omp taskwait
      creator = omp_get_thread_num();
      usleep(450000);
      queued = omp_get_wtime();
#pragma omp task shared(by, started) TASK_PRIORITY
      {
        double t = omp_get_wtime();
#pragma omp atomic write
        started = t;
#pragma omp atomic write
        by = omp_get_thread_num();
      }
      // Wait without running tasks (a task scheduling point would run it).
      int who = -1;
      while (who < 0 && omp_get_wtime() - queued < 5.0) {
#pragma omp atomic read
        who = by;
      }
    }
  }
  double ms = (started - queued) * 1e3;
  printf("task created by thread %d, started by thread %d after %.1f ms\n",
         creator, by, ms);
  printf("stolen by the other thread within 50 ms: %s\n",
         by >= 0 && by != creator && ms < 50 ? "yes" : "no");
  return 0;
}

// Helpers of ERASE's tests: 100 tasks from a single on 2 threads, for the
// tests of its settings (erase_env.c, erase_inputs.c), CPU time, for the
// tests of its back-off sleep (erase_sleep.c, erase_narrow_sleep.c), and work
// of a given length (erase_taskloop.c, erase_alike.c), and a recursive
// Fibonacci with a task per call (erase_batch.c, erase_fast.c).
#ifndef ERASE_TASKS_H
#define ERASE_TASKS_H

#include <omp.h>
#include <sys/resource.h>

// User and system CPU seconds of `who` (RUSAGE_SELF, or RUSAGE_THREAD with
// _GNU_SOURCE defined before the first include).
static inline double erase_cpu_seconds(int who) {
  struct rusage ru;
  getrusage(who, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec +
         ru.ru_stime.tv_usec * 1e-6;
}

// Dependent arithmetic, about 1.2 ns a step (2000 steps: 2.5 us); never
// above 3, which the compiler cannot know.
static inline double erase_work(int i, int steps) {
  double x = i;
  for (int k = 0; k < steps; ++k)
    x = x * 0.5 + 1.0;
  return x;
}

// fib(n) with two tasks per call, one per branch (two task types): 2 x
// (fib(n + 1) - 1) tasks, all but the first two created by a task.
static inline long erase_fib(int n) {
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a)
  a = erase_fib(n - 1);
#pragma omp task shared(b)
  b = erase_fib(n - 2);
#pragma omp taskwait
  return a + b;
}

// Returns how many of the 100 tasks ran, 100 when all did.

static inline int erase_100_tasks(void) {
  int n = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int i = 0; i < 100; ++i) {
#pragma omp task shared(n)
    {
#pragma omp atomic
      ++n;
    }
  }
  return n;
}

#endif // ERASE_TASKS_H

// 100 tasks from a single on 2 threads, for the tests of ERASE's settings
// (erase_env.c, erase_inputs.c): returns how many ran, 100 when all did.
#ifndef ERASE_TASKS_H
#define ERASE_TASKS_H

#include <omp.h>

static int erase_100_tasks(void) {
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

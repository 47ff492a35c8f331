// MVOMP-LIT: long
// A seeded sweep of malformed input (docs/testing.md): every file MVOMP reads
// (the model store, its identity cache and ERASE's histories in it,
// OMP_SELECT_LOAD, OMP_ERASE_POWER, OMP_ERASE_MODEL,
// OMP_TASKLOOP_GRAIN_MODEL), each made from a valid one by
// 1-3 random edits (a byte flipped, the file cut, lines repeated, dropped or
// multiplied, a field replaced by nan, inf, an overflowing or negative
// number, 5000 characters, a quote, a NUL byte; CRLF line ends, trailing
// fields, random bytes), and random values of MVOMP's variables, several at
// a time. Every run must finish within 60 s with every task run once and the
// taskloops' sums right, and every warning must name the variable it is
// about. Inputs/malformed_inputs.py is the sweep; it prints the first runs
// that fail, with their input, and keeps the input under %t.dir.
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir
// RUN: python3 %S/Inputs/malformed_inputs.py %t %t.dir 120 | FileCheck %s
// CHECK: store: 120 runs, 0 failed
// CHECK: identity: 120 runs, 0 failed
// CHECK: erase-store: 120 runs, 0 failed
// CHECK: load: 120 runs, 0 failed
// CHECK: power: 120 runs, 0 failed
// CHECK: erase-model: 120 runs, 0 failed
// CHECK: grain-model: 120 runs, 0 failed
// CHECK: variables: 240 runs, 0 failed

#include <mvomp.h>
#include <omp.h>
#include <stdio.h>

static long runs, sum;

static void work(int n, int slow) {
  volatile double x = 0;
  for (int i = 0; i < n * (slow ? 8 : 1); ++i)
    x += i;
  __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
}
void fast_version(int n) { work(n, 0); }
void slow_version(int n) { work(n, 1); }

int main(void) {
  long launched = 0;
  static const int costs[] = {100, 200, 400, 800, 1600};
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 300; ++i) {
      int cost = costs[i % 5];
      task_cost(cost);
#pragma omp task define(3)
      fast_version(cost * 10);
#pragma omp task define(3)
      slow_version(cost * 10);
#pragma omp task run(3)
      ++launched;
    }
#pragma omp taskwait
    for (int r = 0; r < 50; ++r) {
#pragma omp taskloop
      for (int i = 0; i < 10000; ++i)
        __atomic_fetch_add(&sum, 1, __ATOMIC_RELAXED);
    }
  }
  int ok = runs == launched && sum == 50L * 10000;
  printf("%s: runs %ld of %ld launches, sum %ld\n", ok ? "OK" : "WRONG", runs,
         launched, sum);
  return ok ? 0 : 1;
}

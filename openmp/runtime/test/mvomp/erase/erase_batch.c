// ERASE records the executions of the tasks it never maps (those a task
// creates) in per-thread batches, added to their task type 32 timed
// executions at a time (docs/erase.md, "Fine-grained recursive tasks"):
// OMP_ERASE_STATS still counts every execution exactly. fib(20) with a task
// per call makes 2 x (fib(21) - 1) = 21890 tasks of two types (one per
// branch), all but the first two created by a task; on 2 threads and two
// emulated clusters, and on the detected ones. Those tasks last well under a
// microsecond, so a batch times only one execution in several (the `timed`
// column: under half of them); tasks of 200 us are all timed ("long": 300
// tasks created by a task, and that task; a timed execution's measured
// bookkeeping, 60-450 ns here, would have to pass 2 us for them not to be).
// In a team of one thread ERASE has
// nothing to choose and neither times nor counts the tasks ("one": fib(15) in
// a parallel region of one thread, no row). Nor does it time or count a task
// included in its creator's execution, a final task's descendant ("final": a
// final task creates 300 tasks, which run at once, and runs a taskloop three
// times, whose chunks are included too: only the final task is counted, and
// the taskloop only for its three runs outside the final task).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 1 && $2 == "task" { s += $6; t += $11 } END { print "executions", s; print (t > 0 && 2 * t < s) ? "sampled" : "timed " t }' %t.csv | FileCheck --check-prefix=SUM %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.2.csv %libomp-run | FileCheck %s
// RUN: awk -F, 'NR > 1 && $2 == "task" { s += $6; t += $11 } END { print "executions", s; print (t > 0 && 2 * t < s) ? "sampled" : "timed " t }' %t.2.csv | FileCheck --check-prefix=SUM %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.3.csv %libomp-run long | FileCheck --check-prefix=LONG %s
// RUN: awk -F, 'NR > 1 && $2 == "task" { s += $6; t += $11 } END { print "executions", s, "timed", t }' %t.3.csv | FileCheck --check-prefix=LONGSUM %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.5.csv %libomp-run final | FileCheck --check-prefix=FINAL %s
// RUN: awk -F, 'NR > 2 && $2 == "taskloop" { loop[$1] = 1; l += $6 } NR > 2 && $2 == "task" { n[$1] += $6 } END { for (t in n) if (!(t in loop)) s += n[t]; print "tasks", s, "loops", l }' %t.5.csv | FileCheck --check-prefix=FINALSUM %s
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.4.csv %libomp-run one | FileCheck --check-prefix=ONE %s
// RUN: awk -F, 'NR > 2 { n++ } END { print "rows", n + 0 }' %t.4.csv | FileCheck --check-prefix=ONEROWS %s

// CHECK: fib(20) = 6765
// SUM: executions 21890{{$}}
// SUM-NEXT: sampled
// LONG: 300 tasks
// LONGSUM: executions 301 timed 301{{$}}
// FINAL: 300 included tasks, 6 loops of 1000
// FINALSUM: tasks 1 loops 3{{$}}
// ONE: fib(15) = 610
// ONEROWS: rows 0{{$}}

#include "erase_tasks.h"
#include <omp.h>
#include <stdio.h>
#include <string.h>

static void spin(double seconds) {
  double end = omp_get_wtime() + seconds;
  while (omp_get_wtime() < end)
    ;
}

static double sum_loop(void) {
  double v[1000], s = 0;
#pragma omp taskloop shared(v)
  for (int i = 0; i < 1000; ++i)
    v[i] = i;
  for (int i = 0; i < 1000; ++i)
    s += v[i];
  return s;
}

int main(int argc, char **argv) {
  long r = 0;
  if (argc > 1 && strcmp(argv[1], "final") == 0) {
    int included = 0, loops = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task final(1) shared(included, loops)
      {
        for (int i = 0; i < 300; ++i) {
#pragma omp task shared(included)
          included += omp_in_final(); // (they run at once, one at a time)
        }
        for (int i = 0; i < 3; ++i)
          loops += sum_loop() == 999 * 500.0;
      }
#pragma omp taskwait
      for (int i = 0; i < 3; ++i)
        loops += sum_loop() == 999 * 500.0;
    }
    printf("%d included tasks, %d loops of 1000\n", included, loops);
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "one") == 0) {
#pragma omp parallel num_threads(1)
#pragma omp single
    r = erase_fib(15);
    printf("fib(15) = %ld\n", r);
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "long") == 0) {
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp task shared(r)
    {
      for (int i = 0; i < 300; ++i) {
#pragma omp task
        spin(200e-6);
      }
#pragma omp taskwait
      r = 300;
    }
    printf("%ld tasks\n", r);
    return 0;
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  r = erase_fib(20);
  printf("fib(20) = %ld\n", r);
  return 0;
}

// MVOMP-LIT: measures
// Taskloop grain sizes chosen by the runtime (OMP_TASKLOOP_GRAIN=auto,
// docs/grain.md).
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// A taskloop whose default is bad (1000 iterations of a few ns: libomp's 20
// tasks cost far more than the work) moves to a grain inside the range seed
// 001's model predicts (widened to a ratio of 8 when narrower, docs/grain.md);
// every iteration of every execution runs exactly once;
// stats.csv has its rows, marked as grain choices. Each run is tried up to
// three times, 5 s apart: the choice is measured, and while the suite's
// longest tests kept both CPUs busy the default's 20 tasks measured fastest
// in 2 of 29 runs of the suite.
// DEFINE: %{tiny} = env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT=mean OMP_SELECT_STATS=s.csv %libomp-run tiny > tiny.out 2>&1
// RUN: %{tiny}; grep -q '^arm [1-5] ' tiny.out || sleep 5; grep -q '^arm [1-5] ' tiny.out || %{tiny}; grep -q '^arm [1-5] ' tiny.out || sleep 5; grep -q '^arm [1-5] ' tiny.out || %{tiny}
// RUN: FileCheck --check-prefix=TINY %s < tiny.out
// RUN: FileCheck --check-prefix=TINYCSV %s < s.csv
// The same within Formula 5.29's region alone (OMP_TASKLOOP_GRAIN_SPAN=flat).
// DEFINE: %{flat} = env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SPAN=flat %libomp-run tiny > flat.out 2>&1
// RUN: %{flat}; grep -q '^arm [1-5] ' flat.out || sleep 5; grep -q '^arm [1-5] ' flat.out || %{flat}; grep -q '^arm [1-5] ' flat.out || sleep 5; grep -q '^arm [1-5] ' flat.out || %{flat}
// RUN: FileCheck --check-prefix=TINY %s < flat.out
// A calibration's measured default split (default_us) is what the runtime
// takes off the default's time: with one larger than any default execution
// here, the loop's work reads as nil (the estimate's floor, 0.01 ns per
// iteration), under 2 alpha / lambda_b, and the arms span on to one task
// (the whole loop: 1000 iterations), where they stop at one per thread
// without default_us (docs/grain.md). Every iteration still runs once.
// RUN: printf 'alpha_us 0.2\nsigma 0.03\ndefault_us 100000\n' > d.model
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=d.model OMP_SELECT_MODELS=off %libomp-run tiny | FileCheck --check-prefix=TINYONE %s
// Loops with a grainsize or num_tasks clause are never changed, nor timed:
// only the loop without a clause has a grain type.
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT_STATS=c.csv %libomp-run clauses 2>&1 | FileCheck --check-prefix=CLAUSES %s
// RUN: FileCheck --check-prefix=CLAUSESCSV %s < c.csv
// A fixed grain: 1000 iterations by 250 are 4 tasks; off: libomp's default
// (the runtime reports nothing).
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=250 %libomp-run fixed 2>&1 | FileCheck --check-prefix=FIXED %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=off %libomp-run fixed 2>&1 | FileCheck --check-prefix=OFF %s
// With ERASE on, ERASE chooses the width and the grain is chosen within it
// (docs/grain.md): a loop molded to one core is one task, whatever the grain;
// one molded to the whole cluster of two (tried at least twice among ERASE's
// configurations) gets the grain's choice for two threads: 4 tasks of 250
// with a fixed grain, an arm of the 2-thread type with auto. Every iteration
// of every execution runs once.
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=250 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="pair:0-1" %libomp-run erase 2>&1 | FileCheck --check-prefix=ERASEFIXED %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="pair:0-1" OMP_SELECT_MODELS=off OMP_SELECT_STATS=e.csv %libomp-run erase 2>&1 | FileCheck --check-prefix=ERASEAUTO %s
// RUN: FileCheck --check-prefix=ERASECSV %s < e.csv
// Without OMP_TASKLOOP_GRAIN, ERASE's own split (nothing reported).
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="pair:0-1" %libomp-run erase 2>&1 | FileCheck --check-prefix=ERASEOFF %s
// Nested taskloops, nogroup, if(0) and one thread: every iteration once.
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto %libomp-run nested 2>&1 | FileCheck --check-prefix=NESTED %s
// RUN: env OMP_NUM_THREADS=1 OMP_TASKLOOP_GRAIN=auto %libomp-run nested 2>&1 | FileCheck --check-prefix=NESTED %s
// A team of one thread runs every taskloop without a clause as one task:
// nothing to choose, so nothing timed or written to stats.csv.
// RUN: env OMP_NUM_THREADS=1 OMP_TASKLOOP_GRAIN=auto OMP_SELECT_STATS=one.csv %libomp-run tiny 2>&1 | FileCheck --check-prefix=ONE %s
// RUN: FileCheck --check-prefix=ONECSV %s < one.csv
// The model store: a second run starts from the first run's choice.
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT_MODELS=%t.dir/m %libomp-run tiny > /dev/null
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STATS=second.csv %libomp-run tiny | FileCheck --check-prefix=TINY %s
// RUN: FileCheck --check-prefix=SECOND %s < second.csv
// With OMP_TASKLOOP_GRAIN=auto the store is read when the runtime starts, as
// OMP_DISPLAY_ENV says (a program without multi-version tasks).
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT_MODELS=%t.dir/m OMP_DISPLAY_ENV=true %libomp-run tiny 2>&1 | FileCheck --check-prefix=GDISPLAY %s
// A program that runs its taskloop once per run learns across runs: the
// loop's work is estimated from the default's stored time, so the second run
// tries the next arm (with one repetition: flat0) instead of the default
// again, and the third the one after.
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_REPS=1 OMP_SELECT_MODELS=%t.dir/once %libomp-run once | FileCheck --check-prefix=ONCE0 %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_REPS=1 OMP_SELECT_MODELS=%t.dir/once %libomp-run once | FileCheck --check-prefix=ONCE1 %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_REPS=1 OMP_SELECT_MODELS=%t.dir/once %libomp-run once | FileCheck --check-prefix=ONCE2 %s
// With OMP_TASKLOOP_GRAIN_SAMPLE=8 (on), once the choice holds (the same
// grain chosen twice in a row, every grain explored), one execution in 8 is
// chosen and timed, the others run the same grain untimed: stats.csv counts
// the timed ones (about 50 of the 300 here; under 225 even if the choice
// changed a few times), every one by default (off); every iteration still
// runs once. (The count is the ninth column from the end: the location holds
// a comma.)
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=on OMP_SELECT=mean OMP_SELECT_MODELS=off OMP_SELECT_STATS=sampled.csv %libomp-run tiny | FileCheck --check-prefix=SAMPLED %s
// RUN: awk -F, 'NR > 1 { n += $(NF - 8) } END { print (n >= 12 && n < 225) ? "sampled" : "timed " n }' sampled.csv | FileCheck --check-prefix=SAMPLEDCSV %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT=mean OMP_SELECT_MODELS=off OMP_SELECT_STATS=every.csv %libomp-run tiny | FileCheck --check-prefix=SAMPLED %s
// RUN: awk -F, 'NR > 1 { n += $(NF - 8) } END { print "timed", n }' every.csv | FileCheck --check-prefix=EVERYCSV %s
// Mean explores each grain OMP_TASKLOOP_GRAIN_REPS times (default 2), the
// arms in turn, whatever OMP_MEAN_REPS (multi-version tasks') says; the
// first execution is the default's, which measures the loop's work.
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_SELECT=mean OMP_SELECT_ELIMINATE=off OMP_SELECT_MODELS=off %libomp-run sequence | FileCheck --check-prefix=SEQ2 %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_MEAN_REPS=4 OMP_SELECT=mean OMP_SELECT_ELIMINATE=off OMP_SELECT_MODELS=off %libomp-run sequence | FileCheck --check-prefix=SEQ2 %s
// RUN: env OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_REPS=3 OMP_MEAN_REPS=1 OMP_SELECT=mean OMP_SELECT_ELIMINATE=off OMP_SELECT_MODELS=off %libomp-run sequence | FileCheck --check-prefix=SEQ3 %s

// TINY: every iteration ran once
// SAMPLED: every iteration ran once
// SAMPLEDCSV: sampled
// EVERYCSV: timed 300{{$}}
// TINY: arm [[ARM:[1-5]]] tasks [[T:[0-9]+]] grain in range
// TINYONE: every iteration ran once
// TINYONE-NEXT: arm {{[0-5]}} tasks {{[0-9]+}} grain {{.*}}range {{[0-9.]+}}..1000.0, iter 0.01 ns)
// TINYCSV: type,version,name,location,cost
// TINYCSV-NEXT: {{[0-9]+}},0,"grain:default","taskloop {{.*}}+0x{{[0-9a-f]+}}, 2 threads",{{[0-9]+}},-1,{{[1-9]}}
// TINYCSV-NEXT: {{[0-9]+}},1,"grain:flat0",
// TINYCSV: {{[0-9]+}},5,"grain:flat4",
// TINYCSV-NOT: "grain:

// ONCE0: every iteration ran once
// ONCE0-NEXT: arm 0 iter_ns 0{{$}}
// ONCE1: every iteration ran once
// ONCE1-NEXT: arm 1 iter_ns {{[0-9.]*[1-9][0-9.e+]*$}}
// ONCE2: every iteration ran once
// ONCE2-NEXT: arm 2 iter_ns {{[0-9.]*[1-9][0-9.e+]*$}}

// SEQ2: arms: 0 0 1 1 2 2 3 3 4 4 5 5{{$}}
// SEQ2-NEXT: every iteration ran once
// SEQ3: arms: 0 0 0 1 1 1 2 2 2 3 3 3{{$}}
// SEQ3-NEXT: every iteration ran once

// ONE: every iteration ran once
// ONE-NEXT: arm -2 tasks 1 grain 1000{{$}}
// ONECSV: type,version
// ONECSV-NOT: grain:

// CLAUSES: clause loops: none chosen
// CLAUSES-NEXT: loop without a clause: chosen
// CLAUSESCSV: type,version
// CLAUSESCSV-COUNT-6: "grain:
// CLAUSESCSV-NOT: "grain:

// FIXED: tasks 4 grain 250 arm -1
// OFF: none chosen

// ERASEFIXED: erase: every iteration ran once
// ERASEFIXED-NEXT: tasks 4 grain 250 arm -1
// ERASEAUTO: erase: every iteration ran once
// ERASEAUTO-NEXT: tasks {{[0-9]+}} grain {{[0-9]+}} arm {{[0-5]}}
// ERASECSV: "grain:default","taskloop {{.*}}, 2 threads"
// ERASEOFF: erase: every iteration ran once
// ERASEOFF-NEXT: none chosen

// NESTED: nested: every iteration ran once
// NESTED-NEXT: nogroup: every iteration ran once
// NESTED-NEXT: if(0): every iteration ran once

// Every arm starts from the store; the default's loaded executions (it ran 2
// or 3 times in the first run) are counted as loaded, unless this run's
// executions of it overturned them (robust statistics' restart: loaded 0, as
// when both CPUs were kept busy by other jobs during the first run, which
// measured the default at 15 times its time, 2026-11-29).
// GDISPLAY: [MVOMP] models: loaded (see stats.csv's origin column)
// SECOND: "grain:default",{{.*}},mean,,{{[0-9]+}},store
// SECOND: "grain:flat0",{{.*}},store

#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRIP 1000
static int hits[TRIP];
static int nested_hits[64][64];

static int check(int execs) {
  for (int i = 0; i < TRIP; ++i)
    if (hits[i] != execs) {
      printf("iteration %d ran %d times, not %d\n", i, hits[i], execs);
      return 1;
    }
  printf("every iteration ran once\n");
  return 0;
}

// `execs` executions of a taskloop without a clause in one region; with
// `arms`, each one's arm printed after it.
static void tiny(int execs, int arms) {
#pragma omp parallel
#pragma omp single
  for (int e = 0; e < execs; ++e) {
#pragma omp taskloop
    for (int i = 0; i < TRIP; ++i)
      hits[i]++;
    kmp_taskloop_grain_info_t g;
    if (arms && kmp_taskloop_grain_last(&g))
      printf(" %d", g.arm);
  }
}

// One execution of a taskloop without a clause.
static void one_loop(void) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
  for (int i = 0; i < TRIP; ++i)
    hits[i]++;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "tiny";
  kmp_taskloop_grain_info_t g;
  if (!strcmp(mode, "tiny")) {
    tiny(300, 0);
    if (check(300))
      return 1;
    if (!kmp_taskloop_grain_last(&g))
      return printf("none chosen\n"), 1;
    if (g.arm < 0)
      return printf("arm %d tasks %lld grain %lld\n", g.arm, g.num_tasks,
                    g.grain),
             0;
    // The flat region predicted, widened to a ratio of 8 when narrower
    // (arms_lo..arms_hi), clamped to [1, trip] iterations per task; a whole
    // number of tasks (rounded up, to a multiple of the threads) makes the
    // grain at most a third below an arm's.
    double lo = g.arms_lo, hi = g.arms_hi;
    lo = lo < 1 ? 1 : lo > TRIP ? TRIP : lo;
    hi = hi > TRIP ? TRIP : hi;
    int in = g.grain >= lo * 2 / 3 - 1 && g.grain <= hi + 1;
    printf("arm %d tasks %lld grain %s (grain %lld, range %.1f..%.1f, iter "
           "%.2f ns)\n",
           g.arm, g.num_tasks, in ? "in range" : "OUT OF RANGE", g.grain, lo,
           hi, g.iter_ns);
    return 0;
  }
  if (!strcmp(mode, "once")) {
    one_loop();
    if (check(1))
      return 1;
    if (!kmp_taskloop_grain_last(&g))
      return printf("none chosen\n"), 1;
    // %g: an estimate at its floor (0.01 ns: a default execution faster than
    // the built-in model's overhead alone, on a fast machine) is still one.
    return printf("arm %d iter_ns %g\n", g.arm, g.iter_ns), 0;
  }
  if (!strcmp(mode, "sequence")) {
    printf("arms:");
    tiny(12, 1);
    printf("\n");
    return check(12);
  }
  if (!strcmp(mode, "clauses")) {
#pragma omp parallel
#pragma omp single
    for (int e = 0; e < 20; ++e) {
#pragma omp taskloop grainsize(7)
      for (int i = 0; i < TRIP; ++i)
        hits[i]++;
#pragma omp taskloop num_tasks(3)
      for (int i = 0; i < TRIP; ++i)
        hits[i]++;
    }
    printf("clause loops: %s\n",
           kmp_taskloop_grain_last(&g) ? "chosen" : "none chosen");
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
    for (int i = 0; i < TRIP; ++i)
      hits[i]++;
    printf("loop without a clause: %s\n",
           kmp_taskloop_grain_last(&g) ? "chosen" : "none chosen");
    return check(41);
  }
  if (!strcmp(mode, "erase")) {
    // Iterations of about 1 us, so that the whole cluster is worth trying.
#pragma omp parallel
#pragma omp single
    for (int e = 0; e < 100; ++e) {
#pragma omp taskloop
      for (int i = 0; i < TRIP; ++i) {
        for (volatile int k = 0; k < 200; ++k)
          ;
        hits[i]++;
      }
    }
    printf("erase: ");
    if (check(100))
      return 1;
    if (!kmp_taskloop_grain_last(&g))
      printf("none chosen\n");
    else
      printf("tasks %lld grain %lld arm %d\n", g.num_tasks, g.grain, g.arm);
    return 0;
  }
  if (!strcmp(mode, "fixed")) {
    one_loop();
    if (!kmp_taskloop_grain_last(&g))
      printf("none chosen\n");
    else
      printf("tasks %lld grain %lld arm %d\n", g.num_tasks, g.grain, g.arm);
    return check(1);
  }
  // nested
#pragma omp parallel
#pragma omp single
  for (int e = 0; e < 30; ++e) {
#pragma omp taskloop
    for (int i = 0; i < 64; ++i) {
#pragma omp taskloop
      for (int j = 0; j < 64; ++j)
        nested_hits[i][j]++;
    }
  }
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j)
      if (nested_hits[i][j] != 30)
        return printf("nested: %d,%d ran %d times\n", i, j,
                      nested_hits[i][j]),
               1;
  printf("nested: every iteration ran once\n");
#pragma omp parallel
#pragma omp single
  {
    for (int e = 0; e < 10; ++e) {
#pragma omp taskloop nogroup
      for (int i = 0; i < TRIP; ++i) {
#pragma omp atomic
        hits[i]++;
      }
#pragma omp taskwait
    }
#pragma omp taskgroup
    {
      for (int e = 0; e < 10; ++e) {
#pragma omp taskloop nogroup
        for (int i = 0; i < TRIP; ++i) {
#pragma omp atomic
          hits[i]++;
        }
      }
    }
  }
  printf("nogroup: ");
  if (check(20))
    return 1;
  memset(hits, 0, sizeof(hits));
#pragma omp parallel
#pragma omp single
  for (int e = 0; e < 10; ++e) {
#pragma omp taskloop if (0)
    for (int i = 0; i < TRIP; ++i)
      hits[i]++;
  }
  printf("if(0): ");
  return check(10);
}

// A stored version's first execution in a run is cold (docs/runtime.md, "The
// model store"): slower than the store's mean by less than robust statistics'
// outlier ratio, it is counted at the stored mean, so that a second run does
// not leave the version the store holds as the fastest for a close one. Two
// versions report their times with kmp_task_stats_set: "a" 30 us, "b" 32 us;
// MV_COLD_NS sets what "a" reports at its first execution in the process,
// MV_A_NS what it reports at every execution.
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run | FileCheck --check-prefix=EXPLORE %s
// A second run whose first execution of "a" takes twice its time stays on
// "a" ...
// RUN: cp -r %t.dir/m %t.dir/m2 && cp -r %t.dir/m %t.dir/m3 && cp -r %t.dir/m %t.dir/m4
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m MV_COLD_NS=60000 %libomp-run | FileCheck --check-prefix=KEPT %s
// ... where the thesis' statistics, which count it as it came, leave "a" for
// "b" for the rest of the run (it lifts a's mean over b's).
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m2 OMP_SELECT_ROBUST=off MV_COLD_NS=60000 %libomp-run | FileCheck --check-prefix=LEFT %s
// A version that became slower is still left: from its second execution, the
// first counted at the stored mean.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m3 MV_A_NS=60000 %libomp-run | FileCheck --check-prefix=SLOWER %s
// A first execution over the outlier ratio (4x) is not taken for a cold one:
// robust statistics judge it, as before (clamped at 4x the stored mean, it
// lifts a's mean over b's at once).
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m4 MV_A_NS=300000 %libomp-run | FileCheck --check-prefix=CHANGED %s
// Statistics loaded with OMP_SELECT_LOAD (the store off) are stored ones too;
// that file is a run of 12 launches ("a" 7 times), as it counts them all.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_STATS=%t.dir/first.csv %libomp-run 12 | FileCheck --check-prefix=SHORT %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off OMP_SELECT_LOAD=%t.dir/first.csv MV_COLD_NS=60000 %libomp-run | FileCheck --check-prefix=KEPT %s

// EXPLORE: sequence 1111100000{{1+$}}
// EXPLORE-NEXT: b 5
// SHORT: sequence 111110000011{{$}}
// KEPT: sequence {{1+$}}
// KEPT-NEXT: b 0
// LEFT: sequence 1{{0+$}}
// SLOWER: sequence 110{{.*}}
// CHANGED: sequence 10{{.*}}

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 100
static char seq[ROUNDS + 1];
static int round_, nb;
static unsigned long long a_ns = 30000, cold_ns;
static int a_ran;

static int a(int gtid, void *t) {
  unsigned long long ns = a_ns + a_ns / 100 * (round_ % 3);
  if (!a_ran++ && cold_ns)
    ns = cold_ns;
  kmp_task_stats_set(ns);
  seq[round_] = '1';
  return 0;
}
static int b(int gtid, void *t) {
  kmp_task_stats_set(32000 + 320 * (round_ % 3));
  seq[round_] = '0';
  ++nb;
  return 0;
}

int main(int argc, char **argv) {
  const int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
  if (rounds < 1 || rounds > ROUNDS)
    return 2;
  if (getenv("MV_A_NS"))
    a_ns = strtoull(getenv("MV_A_NS"), NULL, 10);
  if (getenv("MV_COLD_NS"))
    cold_ns = strtoull(getenv("MV_COLD_NS"), NULL, 10);
  kmp_routine_entry_t e[2] = {a, b};
  const char *names[2] = {"a", "b"};
  mv_register_and_run_rounds(1, 2, e, names, rounds, &round_);
  printf("sequence %s\nb %d\n", seq, nb);
  return 0;
}

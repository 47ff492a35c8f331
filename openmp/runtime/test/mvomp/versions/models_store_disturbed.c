// MVOMP-LIT: measures
// Disturbed runs (OMP_SELECT_STORE_DISTURBED, docs/runtime.md): a run whose
// threads waited for a CPU while another process used its CPU saves nothing
// in the model store, with a warning that names the shares and the file. The
// other process here is a busy loop on the run's only CPU (CPU 0), so both
// shares are about 50%; the run spins for 1.5 s of the clock after its tasks
// (a run of under half a second of its CPUs' time is not judged). lit's
// environment sets OMP_SELECT_STORE_DISTURBED=off (tests running beside each
// other disturb each other): each line here sets it.
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STORE_DISTURBED=20 %t 1500 2>&1 | FileCheck --check-prefixes=WARN,EXPLORE %s
// RUN: test ! -e %t.dir/m/*.csv
//
// Switched off, the same run saves what it measured; the next disturbed run
// leaves that store as it was (the warning again), and the one after, idle
// and short, starts from it (on CPU 0 alone too: the CPUs a run may use are
// part of the store's fingerprint).
// RUN: bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STORE_DISTURBED=off %t 1500 2>&1 | FileCheck --check-prefix=EXPLORE --implicit-check-not=Warning %s
// RUN: grep '^# runs: 1' %t.dir/m/*.csv
// RUN: bash -c 'cp %t.dir/m/*.csv before.csv'
// RUN: bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STORE_DISTURBED=on MV_FAST_NS=3000000 %t 1500 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: bash -c 'cmp before.csv %t.dir/m/*.csv'
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STORE_DISTURBED=20 taskset -c 0 %t 0 2>&1 | FileCheck --check-prefix=LOADED --implicit-check-not=Warning %s
//
// A run too short to judge (a few milliseconds of its CPU) is saved, busy
// loop or not.
// RUN: rm -rf %t.dir/s && bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/s OMP_SELECT_STORE_DISTURBED=20 %t 0 2>&1 | FileCheck --check-prefix=EXPLORE --implicit-check-not=Warning %s
// RUN: grep '^# runs: 1' %t.dir/s/*.csv
//
// The variable as OMP_DISPLAY_ENV shows it, and bad values (the default, 10).
// RUN: env OMP_SELECT_STORE_DISTURBED=25 OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefix=SHOW25 %s
// RUN: env OMP_SELECT_STORE_DISTURBED=0 OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefix=SHOWOFF %s
// RUN: env OMP_SELECT_STORE_DISTURBED=on OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefix=SHOW10 %s
// RUN: env OMP_SELECT_STORE_DISTURBED=101 OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefixes=BAD,SHOW10 %s
// RUN: env OMP_SELECT_STORE_DISTURBED=-5%% OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefixes=BAD,SHOW10 %s
//
// WARN: OMP: Warning (MVOMP): OMP_SELECT_MODELS: this run was disturbed: its threads waited for a CPU {{[0-9]+}}% of the time they were runnable while other processes used {{[0-9]+}}% of its CPUs (OMP_SELECT_STORE_DISTURBED={{20|10}}); what it measured is not saved in the model store '{{.*}}/m'
// EXPLORE: sequence 0000011111{{1+$}}
// LOADED: sequence {{1+$}}
// BAD: OMP: Warning #{{[0-9]+}}: OMP_SELECT_STORE_DISTURBED: "{{.*}}" is an invalid value; ignored.
// BAD: OMP: Info #{{[0-9]+}}: OMP_SELECT_STORE_DISTURBED value "10" will be used.
// SHOW25: OMP_SELECT_STORE_DISTURBED='25'
// SHOWOFF: OMP_SELECT_STORE_DISTURBED='off'
// SHOW10: OMP_SELECT_STORE_DISTURBED='10'

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROUNDS 40
static char seq[ROUNDS + 1];
static int round_;
static unsigned long long fast_ns = 30000;

// Times reported with kmp_task_stats_set: the busy loop does not change the
// choices, only what the run measured of the machine.
static int slow(int gtid, void *t) {
  kmp_task_stats_set(300000 + 1000 * (round_ % 3));
  seq[round_] = '0';
  return 0;
}
static int fast(int gtid, void *t) {
  kmp_task_stats_set(fast_ns + fast_ns / 100 * (round_ % 3));
  seq[round_] = '1';
  return 0;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (getenv("MV_FAST_NS"))
    fast_ns = strtoull(getenv("MV_FAST_NS"), NULL, 10);
  double spin_ms = argc > 1 ? atof(argv[1]) : 0;
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (round_ = 0; round_ < ROUNDS; ++round_) {
    task_cost(0);
    mv_run(1, 2, e, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  }
  seq[ROUNDS] = '\0';
  for (double end = now_ms() + spin_ms; now_ms() < end;)
    ;
  printf("sequence %s\n", seq);
  return 0;
}

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
// leaves that store as it was, its run count included (the warning again),
// and the one after, idle and short, starts from it (on CPU 0 alone too: the CPUs a run may use are
// part of the store's fingerprint).
// RUN: bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STORE_DISTURBED=off %t 1500 2>&1 | FileCheck --check-prefix=EXPLORE --implicit-check-not=Warning %s
// RUN: grep '^# runs: 1' %t.dir/m/*.csv
// RUN: bash -c 'cp %t.dir/m/*.csv before.csv'
// RUN: bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STORE_DISTURBED=on %t 1500 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: bash -c 'cmp before.csv %t.dir/m/*.csv'
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STORE_DISTURBED=20 taskset -c 0 %t 0 2>&1 | FileCheck --check-prefix=LOADED --implicit-check-not=Warning %s
//
// A run too short to judge (a few milliseconds of its CPU) is saved, busy
// loop or not.
// RUN: rm -rf %t.dir/s && bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/s OMP_SELECT_STORE_DISTURBED=20 %t 0 2>&1 | FileCheck --check-prefix=EXPLORE --implicit-check-not=Warning %s
// RUN: grep '^# runs: 1' %t.dir/s/*.csv
//
// Both of the store's writers in one run, the multi-version statistics and
// ERASE's histories (docs/erase.md; "plain" adds tasks that ERASE keeps a
// history of): one judgement, one warning, neither file written; switched
// off, both are.
// RUN: rm -rf %t.dir/e && bash %S/Inputs/beside_busy_loop.sh env OMP_NUM_THREADS=1 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0" OMP_SELECT_MODELS=%t.dir/e OMP_SELECT_STORE_DISTURBED=20 %t 1500 plain > %t.both.out 2>&1
// RUN: grep -c 'this run was disturbed' %t.both.out | FileCheck --check-prefix=ONCE %s
// RUN: grep -v 'this run was disturbed' %t.both.out | FileCheck --check-prefix=PLAIN --implicit-check-not=Warning %s
// RUN: bash -c 'test -z "$(ls %t.dir/e | grep "\.csv$")"'
// RUN: rm -rf %t.dir/e && env OMP_NUM_THREADS=1 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0" OMP_SELECT_MODELS=%t.dir/e OMP_SELECT_STORE_DISTURBED=off taskset -c 0 %t 0 plain 2>&1 | FileCheck --check-prefix=PLAIN --implicit-check-not=Warning %s
// RUN: ls %t.dir/e | grep -c '\.erase-.*\.csv$' | FileCheck --check-prefix=ONCE %s
// RUN: ls %t.dir/e | grep -v '\.erase-' | grep -c '\.csv$' | FileCheck --check-prefix=ONCE %s
//
// The variable as OMP_DISPLAY_ENV shows it, and bad values (the default, 10).
// RUN: env OMP_SELECT_STORE_DISTURBED=25 OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefix=SHOW25 %s
// RUN: env OMP_SELECT_STORE_DISTURBED=0 OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefix=SHOWOFF %s
// RUN: env OMP_SELECT_STORE_DISTURBED=on OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefix=SHOW10 %s
// RUN: env OMP_SELECT_STORE_DISTURBED=101 OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefixes=BAD,SHOW10 %s
// RUN: env OMP_SELECT_STORE_DISTURBED=-5%% OMP_DISPLAY_ENV=true %t 0 2>&1 | FileCheck --check-prefixes=BAD,SHOW10 %s
//
// WARN: OMP: Warning (MVOMP): OMP_SELECT_MODELS: this run was disturbed: its threads waited for a CPU {{[0-9]+}}% of the time they were runnable while other processes used {{[0-9]+}}% of its CPUs (OMP_SELECT_STORE_DISTURBED={{20|10}}); what it measured is not saved in the model store '{{.*}}/m'
// ONCE: {{^1$}}
// PLAIN: plain ok
// EXPLORE: sequence 0000011111{{1+$}}
// LOADED: sequence {{1+$}}
// BAD: OMP: Warning #{{[0-9]+}}: OMP_SELECT_STORE_DISTURBED: "{{.*}}" is an invalid value; ignored.
// BAD: OMP: Info #{{[0-9]+}}: OMP_SELECT_STORE_DISTURBED value "10" will be used.
// SHOW25: OMP_SELECT_STORE_DISTURBED='25'
// SHOWOFF: OMP_SELECT_STORE_DISTURBED='off'
// SHOW10: OMP_SELECT_STORE_DISTURBED='10'

#include "mv_slow_fast.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// "slow" and "fast" report their times (mv_slow_fast.h): the busy loop
// does not change the choices, only what the run measured of the machine.
// The first argument: milliseconds to spin after the tasks; a second,
// "plain": 60 tasks of ~200 us that are not multi-version, on two threads
// (ERASE keeps their history; not a one-thread team's), before the spin.
int main(int argc, char **argv) {
  mv_slow_fast_rounds(0);
  if (argc > 2 && strcmp(argv[2], "plain") == 0) {
    int done = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    for (int r = 0; r < 3; ++r) {
      for (int k = 0; k < 20; ++k) {
#pragma omp task shared(done)
        {
          mv_spin_us(200);
#pragma omp atomic
          ++done;
        }
      }
#pragma omp taskwait
    }
    printf("plain %s\n", done == 60 ? "ok" : "WRONG");
  }
  mv_spin_us(1000.0 * (argc > 1 ? atof(argv[1]) : 0));
  printf("sequence %s\n", mv_seq);
  return 0;
}

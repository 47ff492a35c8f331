// Bad input files and values for ERASE (docs/erase.md) get a warning naming
// the variable, and a safe default; nothing blocks or is accepted silently.
// Each run is under `timeout` so that a hang fails the test.
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: mkdir adir && mkfifo afifo && touch empty.model
// Input files that are not regular files, or hold no model.
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_POWER=/dev/urandom timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=DEV %s
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_POWER=afifo timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=FIFO %s
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_INTERP=poly OMP_ERASE_MODEL=adir timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=DIR %s
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_INTERP=poly OMP_ERASE_MODEL=empty.model timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=EMPTY %s
// An output FIFO nobody reads does not block the exit.
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_STATS=afifo timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=OUT %s
// Exact spellings for MVOMP's switches; a list of separators is not silent.
// RUN: env OMP_ERASE=onion OMP_ERASE_PERF=offf OMP_ERASE_SLEEP=nope %libomp-run 2>&1 | FileCheck --check-prefix=SPELL %s
// RUN: env OMP_ERASE=YES OMP_ERASE_PERF=off OMP_ERASE_TEST_SLOWDOWN=";;;" OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SLOW %s
// CPUs that do not exist are left out, by name; a cluster left empty refuses
// the list.
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0,1000-1023" %libomp-run 2>&1 | FileCheck --check-prefix=CPUS %s
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1000-1023" %libomp-run 2>&1 | FileCheck --check-prefix=NOCPU %s
// Clusters, power table and model are read once: kmp_set_defaults after
// ERASE started is refused with a warning.
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off %libomp-run "OMP_ERASE_CLUSTERS=a:0;;" 2>&1 | FileCheck --check-prefix=LATE %s
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off %libomp-run "OMP_ERASE_POWER=x.power" 2>&1 | FileCheck --check-prefix=LATEPOWER %s

// DEV: OMP: Warning (MVOMP ERASE): OMP_ERASE_POWER: cannot read '/dev/urandom': it is not a regular file (a FIFO, device or socket); without a power table ERASE minimises predicted time
// DEV: tasks: 100
// FIFO: OMP: Warning (MVOMP ERASE): OMP_ERASE_POWER: cannot read 'afifo': it is not a regular file (a FIFO, device or socket); without
// FIFO: tasks: 100
// DIR: OMP: Warning (MVOMP ERASE): OMP_ERASE_MODEL: cannot read 'adir': it is a directory; no interpolation
// DIR: tasks: 100
// EMPTY: OMP: Warning (MVOMP ERASE): OMP_ERASE_MODEL: 'empty.model' has no 'poly' model for any task class (an empty file?); no interpolation
// EMPTY: tasks: 100
// OUT: tasks: 100
// OUT: OMP: Warning (MVOMP ERASE): OMP_ERASE_STATS: cannot write 'afifo': a FIFO that no process reads
// SPELL-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE: "onion" is an invalid value; ignored.
// SPELL-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_PERF: "offf" is an invalid value; ignored.
// SPELL-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_SLEEP: "nope" is an invalid value; ignored.
// SPELL: tasks: 100
// SLOW-DAG: OMP_ERASE='on'
// SLOW-DAG: OMP: Warning (MVOMP ERASE): OMP_ERASE_TEST_SLOWDOWN: ';;;' names no <cluster>:<factor>; ignored
// SLOW: tasks: 100
// CPUS: OMP: Warning (MVOMP ERASE): OMP_ERASE_CLUSTERS='a:0,1000-1023': CPUs 1000-1023 do not exist or are not available to this process; they are left out
// CPUS: tasks: 100
// NOCPU: OMP: Warning (MVOMP ERASE): OMP_ERASE_CLUSTERS='a:0;b:1000-1023': cluster 'b' has no CPU that exists and that this process may use; using the detected clusters
// NOCPU: tasks: 100
// LATE: tasks: 100
// LATE: OMP: Warning (MVOMP ERASE): OMP_ERASE_CLUSTERS='a:0;;' set after ERASE started (kmp_set_defaults?): clusters, power table and model are read once at start-up; ignored
// LATE: again: 100
// LATEPOWER: OMP: Warning (MVOMP ERASE): OMP_ERASE_POWER='x.power' set after ERASE started

#include "erase_tasks.h"
#include <stdio.h>

int main(int argc, char **argv) {
  int n = erase_100_tasks();
  fprintf(stderr, "tasks: %d\n", n);
  if (argc > 1) {
    kmp_set_defaults(argv[1]);
    fprintf(stderr, "again: %d\n", erase_100_tasks());
  }
  return n == 100 ? 0 : 1;
}

// Alike clusters (OMP_ERASE_ALIKE, docs/erase.md): clusters detected as
// hwloc packages of one CPU model, none slowed, at one power, are
// interchangeable: ERASE maps no task between them (each stays in its
// creator's deque, and is counted in batches as the tasks of one cluster
// are: OMP_ERASE_STATS's `timed` column well below its executions), and a
// taskloop narrows only to its creator's cluster or runs on the whole team,
// and is recorded there wherever its chunks ran.
// The machine is Inputs/packages2.xml (HWLOC_XMLFILE): two packages of one
// core each, CPUs 0 and 1. OMP_ERASE_ALIKE=off maps as the thesis does
// (every mapped task timed; with OMP_ERASE_DEFER=off each package alone tried
// at once: package1 shows, tried or running package0's stolen chunk, in about
// 9 runs of 10); =on takes clusters given with OMP_ERASE_CLUSTERS as alike;
// a slowed package makes them differ, and so does OMP_ERASE_STEAL=cluster
// (no thread steals from another package: the mapper must spread the tasks).
// Every task and iteration runs once.
// RUN: %libomp-compile
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true OMP_ERASE_STATS=%t.auto.csv timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=AUTO %s
// RUN: awk -F, '$2 == "task" { n += $6; t += $11 } END { print (t * 2 < n ? "batched" : "timed"), n }' %t.auto.csv | FileCheck --check-prefix=BATCHED %s
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_ALIKE=off OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true OMP_ERASE_STATS=%t.off.csv timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=OFF %s
// RUN: awk -F, '$2 == "task" { n += $6; t += $11 } END { print (t == n ? "all timed" : "batched"), n }' %t.off.csv | FileCheck --check-prefix=TIMED %s
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_DEFER=off OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.loops.csv timeout 60 %libomp-run loops 2>&1 | FileCheck --check-prefix=LOOPS %s
// RUN: not grep ',taskloop,compute,package1,' %t.loops.csv
// RUN: grep ',taskloop,compute,package0,1,' %t.loops.csv
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_ALIKE=off OMP_ERASE_DEFER=off OMP_ERASE_PERF=off OMP_ERASE_STATS=%t.loopsoff.csv timeout 60 %libomp-run loops 2>&1 | FileCheck --check-prefix=LOOPS %s
// RUN: grep ',taskloop,compute,package[01],1,' %t.loopsoff.csv
// RUN: env OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_ALIKE=on OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=ON %s
// RUN: env OMP_ERASE_CLUSTERS="a:0;b:1" OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=GIVEN %s
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_ERASE_TEST_SLOWDOWN=package1:2 OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=SLOWED %s
// Packages of two CPU models, or of one model at another power, differ; of
// one model (hwloc's CPUModel) at one power they are alike.
// RUN: sed -e 's|gp_index="2">|gp_index="2"><info name="CPUModel" value="Model A"/>|' -e 's|gp_index="4">|gp_index="4"><info name="CPUModel" value="Model B"/>|' %S/Inputs/packages2.xml > %t.models.xml
// RUN: env HWLOC_XMLFILE=%t.models.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=GIVEN %s
// RUN: sed -e 's|gp_index="2">|gp_index="2"><info name="CPUModel" value="Model A"/>|' -e 's|gp_index="4">|gp_index="4"><info name="CPUModel" value="Model A"/>|' %S/Inputs/packages2.xml > %t.model.xml
// RUN: env HWLOC_XMLFILE=%t.model.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=SAME %s
// RUN: printf 'cluster package0 idle 3.0\ncluster package1 idle 3.0\nrun package0 memory 2100 1 9.0\nrun package0 cache 2100 1 10.5\nrun package0 compute 2100 1 12.0\nrun package1 memory 2100 1 4.5\nrun package1 cache 2100 1 5.0\nrun package1 compute 2100 1 6.0\n' > %t.power
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_ERASE_POWER=%t.power OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=GIVEN %s
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_ERASE_STEAL=cluster OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=STEAL %s
// RUN: env HWLOC_XMLFILE=%S/Inputs/packages2.xml OMP_ERASE_ALIKE=maybe OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run tasks 2>&1 | FileCheck --check-prefix=BAD %s

// AUTO: [MVOMP ERASE] clusters alike (packages of one CPU model, same power): tasks stay where they are created
// AUTO: OMP_ERASE_ALIKE='auto'
// AUTO: OMP_ERASE_CLUSTERS='package0:0;package1:1'
// AUTO: tasks 4000, runs 4000
// BATCHED: batched 4000
// OFF: [MVOMP ERASE] clusters differ: tasks are mapped to the least-cost cluster
// OFF: OMP_ERASE_ALIKE='off'
// OFF: tasks 4000, runs 4000
// TIMED: all timed 4000
// LOOPS: iterations ok
// ON: [MVOMP ERASE] clusters alike (OMP_ERASE_ALIKE=on): tasks stay where they are created
// ON: tasks 4000, runs 4000
// GIVEN: [MVOMP ERASE] clusters differ
// GIVEN: tasks 4000, runs 4000
// SLOWED: [MVOMP ERASE] clusters differ
// SLOWED: tasks 4000, runs 4000
// SAME: [MVOMP ERASE] clusters alike (packages
// SAME: tasks 4000, runs 4000
// STEAL: [MVOMP ERASE] clusters differ
// STEAL: tasks 4000, runs 4000
// BAD: OMP: Warning #{{[0-9]+}}: OMP_ERASE_ALIKE: "maybe" is an invalid value; ignored.
// BAD: OMP: Info #{{[0-9]+}}: OMP_ERASE_ALIKE value "auto" will be used.
// BAD: [MVOMP ERASE] clusters alike (packages
// BAD: tasks 4000, runs 4000

#include "erase_tasks.h"
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 4096
static double a[N];
static int runs;


int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "loops") == 0) {
    // 20 taskloops created by thread 0 (package0), of about 1 ms each.
    long ok = 1;
#pragma omp parallel num_threads(2)
#pragma omp masked
    for (int r = 0; r < 20; ++r) {
#pragma omp taskloop
      for (int i = 0; i < N; ++i)
        a[i] = i + r + (erase_work(i, 500) > 3.0);
      for (int i = 0; i < N; ++i)
        ok &= a[i] == i + r;
    }
    printf("iterations %s\n", ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
  }
  int tasks = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int i = 0; i < 4000; ++i, ++tasks) {
#pragma omp task
    {
      a[i % N] = erase_work(i, 50); // (about 0.1 us: mostly only counted)
      __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
    }
  }
  printf("tasks %d, runs %d\n", tasks, runs);
  return runs == tasks ? 0 : 1;
}

// On a hybrid processor ERASE's clusters are hwloc's CPU kinds, named after
// their CoreType, and only CPUs this process may use count: a kind with none
// is no cluster. The processor is Inputs/hybrid4.xml (HWLOC_XMLFILE): CPUs 0
// and 2 performance cores, 1 and 3 efficiency cores; this machine has CPUs 0
// and 1, so the clusters are IntelAtom:1 and IntelCore:0, or one of them when
// the process is bound to one CPU. Every task runs once in each case.
// RUN: %libomp-compile
// RUN: env HWLOC_XMLFILE=%S/Inputs/hybrid4.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=BOTH %s
// RUN: env HWLOC_XMLFILE=%S/Inputs/hybrid4.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 taskset -c 0 %libomp-run 2>&1 | FileCheck --check-prefix=CORE %s
// RUN: env HWLOC_XMLFILE=%S/Inputs/hybrid4.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 taskset -c 1 %libomp-run 2>&1 | FileCheck --check-prefix=ATOM %s
// A topology hwloc cannot load (here an XML comment, which hwloc's built-in
// reader rejects) is a warning naming the file, and one cluster of every CPU.
// RUN: printf '<?xml version="1.0"?>\n<!-- a comment -->\n<topology version="2.0"></topology>\n' > %t.xml
// RUN: env HWLOC_XMLFILE=%t.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=BADXML %s
// OMP_ERASE_CLUSTERS still overrides what is detected.
// RUN: env HWLOC_XMLFILE=%S/Inputs/hybrid4.xml OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="all:0-1" OMP_DISPLAY_ENV=true timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=GIVEN %s

// BOTH: clusters from detected: hwloc CPU kinds
// BOTH: OMP_ERASE_CLUSTERS='IntelAtom:1;IntelCore:0'
// BOTH: tasks 2000, runs 2000
// CORE: OMP_ERASE_CLUSTERS='IntelCore:0'
// CORE: tasks 2000, runs 2000
// ATOM: OMP_ERASE_CLUSTERS='IntelAtom:1'
// ATOM: tasks 2000, runs 2000
// BADXML: OMP: Warning (MVOMP ERASE): hwloc could not load the topology (HWLOC_XMLFILE='{{.*}}.xml'); using one cluster of every CPU (OMP_ERASE_CLUSTERS can name clusters)
// BADXML: clusters from detected: all CPUs
// BADXML: OMP_ERASE_CLUSTERS='cpus:0-1'
// BADXML: tasks 2000, runs 2000
// GIVEN: OMP_ERASE_CLUSTERS='all:0-1'
// GIVEN: tasks 2000, runs 2000

#include <omp.h>
#include <stdio.h>

static int runs;

int main(void) {
  int tasks = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 2000; ++i, ++tasks) {
#pragma omp task
    {
      for (volatile int k = 0; k < 2000; ++k) {
      }
      __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
    }
  }
  printf("tasks %d, runs %d\n", tasks, runs);
  return runs == tasks ? 0 : 1;
}

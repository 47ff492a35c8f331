// With ERASE on, MVOMP reads the topology through hwloc with hwloc's I/O and
// XML plugins not loaded (their libraries cost 5-10 ms of start-up,
// docs/erase.md): HWLOC_PLUGINS_BLACKLIST is set for the topology's init
// only, so the program never sees it; a value the user set is used as it is
// and stays. (Where Debian's libhwloc-plugins is installed, LD_DEBUG shows
// that none of its plugins is opened.)
// RUN: %libomp-compile
// RUN: env -u HWLOC_PLUGINS_BLACKLIST OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off %libomp-run 2>&1 | FileCheck --check-prefix=UNSET %s
// RUN: env HWLOC_PLUGINS_BLACKLIST=mine OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off %libomp-run 2>&1 | FileCheck --check-prefix=USER %s
// RUN: env -u HWLOC_PLUGINS_BLACKLIST LD_DEBUG=files OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off %libomp-run 2>&1 | FileCheck --check-prefix=LOADED %s

// UNSET: after ERASE started: HWLOC_PLUGINS_BLACKLIST=(unset)
// USER: after ERASE started: HWLOC_PLUGINS_BLACKLIST=mine
// LOADED-NOT: hwloc_pci.so
// LOADED-NOT: hwloc_opencl.so
// LOADED-NOT: hwloc_gl.so
// LOADED-NOT: hwloc_xml_libxml.so
// LOADED: after ERASE started

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x)
    x = 1;
#pragma omp taskwait
  }
  const char *v = getenv("HWLOC_PLUGINS_BLACKLIST");
  printf("after ERASE started: HWLOC_PLUGINS_BLACKLIST=%s\n",
         v ? v : "(unset)");
  return x == 1 ? 0 : 1;
}

// A shared library with multi-version tasks can be unloaded: the runtime
// keeps its own copies of the version names and locations, so that after a
// dlclose the statistics file, OMP_SELECT=fixed:<name> and a later
// registration read no memory of the unloaded module (valgrind checks). The
// library (this file with -DLIB) registers task type 7 ("lib_slow",
// "lib_fast"); the program loads it, runs its tasks, unloads it, loads it
// again (a second registration of the same names, at the same or another
// address) and runs them again, then writes stats.csv at exit.
// RUN: %clang %openmp_flags %flags -DLIB -shared -fPIC %s -o %t.so
// RUN: %libomp-compile -ldl
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT=fixed:lib_fast OMP_SELECT_STATS=%t.csv valgrind -q --error-exitcode=1 %libomp-run %t.so 2>&1 | FileCheck %s
// RUN: grep '^7,' %t.csv | FileCheck --check-prefix=STATS %s
// Without a fixed choice the versions' counts add up over both loads.
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_STATS=%t.mean.csv %libomp-run %t.so 2>&1 | FileCheck %s
// RUN: awk -F, '$1 == 7 { n += $7 } END { print "executions:", n }' %t.mean.csv | FileCheck --check-prefix=MEAN %s

// CHECK: load 1: sum 2000
// CHECK-NEXT: load 2: sum 2000
// STATS: 7,0,"lib_slow",{{.*}},0,-1,0,
// STATS-NEXT: 7,1,"lib_fast",{{.*}},0,-1,200,
// MEAN: executions: 200

#ifdef LIB
static void lib_slow(int *x) {
  for (volatile int i = 0; i < 1000; ++i)
    ;
#pragma omp atomic
  *x += 10;
}
static void lib_fast(int *x) {
#pragma omp atomic
  *x += 10;
}

int lib_run(int n) {
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; ++i) {
#pragma omp task define(7) shared(x)
    lib_slow(&x);
#pragma omp task define(7) shared(x)
    lib_fast(&x);
#pragma omp task run(7)
  }
  return x;
}
#else
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  for (int load = 1; load <= 2; ++load) {
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
      fprintf(stderr, "dlopen: %s\n", dlerror());
      return 1;
    }
    int (*run)(int) = (int (*)(int))dlsym(lib, "lib_run");
    printf("load %d: sum %d\n", load, run(100) * 2);
    dlclose(lib);
  }
  return 0;
}
#endif

// Version tables of one task type registered by two units (the program and a
// shared library, from their constructors) merge by name: "common" defined in
// both is one version; each unit launches its own versions. (The library's
// constructor runs first, so its versions come first.)
// RUN: %clang %openmp_flags %flags -fPIC -shared -DLIB %s -o %t.lib.so
// RUN: %libomp-compile %t.lib.so && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_STATS=s.csv %libomp-run | FileCheck %s
// RUN: sort s.csv | FileCheck --check-prefix=STATS %s
// CHECK: main launched 40, library launched 40
// STATS: 7,0,"common","lib.c:1:1",0,-1,{{[0-9]+}},
// STATS-NEXT: 7,1,"lib_only","lib.c:2:1",0,-1,{{[0-9]+}},
// STATS-NEXT: 7,2,"main_only","main.c:2:1",0,-1,{{[0-9]+}},
// STATS-NEXT: type,

#include "mv_abi.h"
#include <stdio.h>

#ifdef LIB
static int common_lib(int gtid, void *t) { return 0; }
static int lib_only(int gtid, void *t) { return 0; }
static kmp_routine_entry_t lib_entries[2] = {common_lib, lib_only};
__attribute__((constructor)) static void lib_register(void) {
  kmp_task_version_desc_t d[2] = {{common_lib, "common", "lib.c:1:1"},
                                  {lib_only, "lib_only", "lib.c:2:1"}};
  __kmpc_task_versions_register(NULL, 7, 2, d);
}
void lib_launch(void) {
  int x = 0;
  mv_run(7, 2, lib_entries, &x, sizeof x, 0, 0, NULL);
}
#else
void lib_launch(void);
static int common_main(int gtid, void *t) { return 0; }
static int main_only(int gtid, void *t) { return 0; }
__attribute__((constructor)) static void main_register(void) {
  kmp_task_version_desc_t d[2] = {{common_main, "common", "main.c:1:1"},
                                  {main_only, "main_only", "main.c:2:1"}};
  __kmpc_task_versions_register(NULL, 7, 2, d);
}
int main(void) {
  kmp_routine_entry_t e[2] = {common_main, main_only};
  int x = 0, m = 0, l = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 40; ++i) {
    mv_run(7, 2, e, &x, sizeof x, 0, 0, NULL), ++m;
    lib_launch(), ++l;
  }
  printf("main launched %d, library launched %d\n", m, l);
  return 0;
}
#endif

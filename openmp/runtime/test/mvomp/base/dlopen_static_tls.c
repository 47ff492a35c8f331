// A process that dlopens MVOMP's libomp (a Python module, a plugin) can still
// dlopen a library with initial-exec TLS after it: glibc keeps about 1.6 KB of
// static TLS for such libraries, and libomp's own must leave most of it. With
// the taskloop grain's per-thread state in TLS (1.2 KB, until 2026-11-28) a
// library of 256 bytes failed to load ("cannot allocate memory in static TLS
// block"); unpatched libomp leaves room for 1.5 KB.
//
// RUN: %clang %flags -DLIB -shared -fPIC %s -o %t.so
// RUN: %clang %flags %s -o %t -ldl
// RUN: %t %t.so | FileCheck %s
// CHECK: libomp: MVOMP's
// CHECK-NEXT: a library with 512 bytes of initial-exec TLS: loaded
// CHECK-NEXT: its TLS in use: 512 bytes

#ifdef LIB
__thread char ie_block[512] __attribute__((tls_model("initial-exec")));
int ie_size(void) {
  for (int i = 0; i < (int)sizeof(ie_block); ++i)
    ie_block[i] = 1;
  int n = 0;
  for (int i = 0; i < (int)sizeof(ie_block); ++i)
    n += ie_block[i];
  return n;
}
#else
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  // The libomp the suite tests (its directory is on the library path).
  void *omp = dlopen("libomp.so", RTLD_NOW | RTLD_GLOBAL);
  if (omp == NULL)
    return printf("libomp: %s\n", dlerror()), 1;
  printf("libomp: %s\n",
         dlsym(omp, "kmp_mvomp_version") ? "MVOMP's" : "not MVOMP's");
  void *lib = dlopen(argv[1], RTLD_NOW);
  printf("a library with 512 bytes of initial-exec TLS: %s\n",
         lib ? "loaded" : dlerror());
  if (lib == NULL)
    return 1;
  int (*size)(void) = (int (*)(void))dlsym(lib, "ie_size");
  printf("its TLS in use: %d bytes\n", size ? size() : -1);
  return 0;
}
#endif

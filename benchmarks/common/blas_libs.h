// Debian's BLAS libraries side by side in one process, for the benchmarks (cholesky, prise, and
// mmul's reference product). The libraries export the same Fortran symbols (sgemm_, ...): each
// is loaded with dlopen(RTLD_LOCAL | RTLD_DEEPBIND), so that each one's own calls bind inside it,
// and the program reaches each through its own function pointers. Each is held to one thread per
// call (the parallelism is the task graph's). OpenBLAS is Debian's pthread build set to one
// thread, not its serial build: the serial build has no locking (USE_LOCKING=0) and gives wrong
// results when two threads call it at once. BLIS's serial build is thread-safe.
#ifndef MVOMP_BENCHMARKS_BLAS_LIBS_H
#define MVOMP_BENCHMARKS_BLAS_LIBS_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef void (*sgemm_t)(const char *, const char *, const int *, const int *, const int *,
                        const float *, const float *, const int *, const float *, const int *,
                        const float *, float *, const int *);
typedef void (*dgemm_t)(const char *, const char *, const int *, const int *, const int *,
                        const double *, const double *, const int *, const double *,
                        const int *, const double *, double *, const int *);
typedef void (*strsm_t)(const char *, const char *, const char *, const char *, const int *,
                        const int *, const float *, const float *, const int *, float *,
                        const int *);
typedef void (*ssyrk_t)(const char *, const char *, const int *, const int *, const float *,
                        const float *, const int *, const float *, float *, const int *);
typedef void (*spotrf_t)(const char *, const int *, float *, const int *, int *);

enum { openblas, blis, refblas, nlibs };
static struct blas {
  const char *name, *path, *package;
  sgemm_t sgemm;
  dgemm_t dgemm;
  strsm_t strsm;
  ssyrk_t ssyrk;
  spotrf_t spotrf; // OpenBLAS only
} libs[nlibs] = {
    {"OpenBLAS", "/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0",
     "libopenblas0-pthread"},
    {"BLIS", "/usr/lib/x86_64-linux-gnu/blis-serial/libblis.so.4", "libblis4-serial"},
    {"reference BLAS", "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3", "libblas3"},
};

// The kernels OpenBLAS picked for this CPU (OPENBLAS_CORETYPE overrides its detection; see
// openblas_coretype in scripts/common.sh).
static const char *openblas_core = "?";

static void *blas_sym(void *h, const struct blas *l, const char *name, int required) {
  void *p = dlsym(h, name);
  if (!p && required) {
    fprintf(stderr, "%s (%s) has no %s\n", l->name, l->path, name);
    exit(2);
  }
  return p;
}

// Loads the first `count` libraries of libs[] (in enum order); exits 2 with the Debian package
// to install if one is missing.
static void load_blas_libraries(int count) {
  setenv("OPENBLAS_NUM_THREADS", "1", 1); // read by OpenBLAS when it is loaded
  for (int i = 0; i < count; ++i) {
    struct blas *l = &libs[i];
    void *h = dlopen(l->path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!h) {
      fprintf(stderr, "cannot load %s: %s (Debian package %s)\n", l->name, dlerror(),
              l->package);
      exit(2);
    }
    l->sgemm = (sgemm_t)blas_sym(h, l, "sgemm_", 1);
    l->dgemm = (dgemm_t)blas_sym(h, l, "dgemm_", 1);
    l->strsm = (strsm_t)blas_sym(h, l, "strsm_", 1);
    l->ssyrk = (ssyrk_t)blas_sym(h, l, "ssyrk_", 1);
    l->spotrf = (spotrf_t)blas_sym(h, l, "spotrf_", 0);
    char *(*core)(void) = (char *(*)(void))blas_sym(h, l, "openblas_get_corename", 0);
    if (core)
      openblas_core = core();
    void (*set)(int) = (void (*)(int))blas_sym(h, l, "openblas_set_num_threads", 0);
    if (set)
      set(1);
    set = (void (*)(int))blas_sym(h, l, "bli_thread_set_num_threads", 0);
    if (set)
      set(1);
  }
}

#endif // MVOMP_BENCHMARKS_BLAS_LIBS_H

// MVOMP-LIT: long
// ERASE on runs recursive task programs as upstream libomp does: a thread
// waiting in a taskwait never nests deeper than the recursion. ERASE maps only
// the tasks an implicit task creates (docs/erase.md); before, it also gave
// away the children of explicit tasks, so a waiting parent found none of its
// own and ran other threads' untied tasks instead: an untied Fibonacci of
// depth 25 on 2 threads overflowed the 8 MiB main stack (~70,000 nested
// taskwaits). Each shape runs with ERASE on (two emulated clusters, and the
// detected ones), verified, on 2 threads; the nesting (tasks open on one
// thread at once) is measured and must stay within a few times the
// recursion's depth (a thread whose deque is empty may steal, in upstream
// too, and nest a stolen subtree under its own).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %libomp-run 2>&1 | FileCheck %s

// CHECK: untied fib(25) = 75025, nesting ok
// CHECK: tied fib(25) = 75025, nesting ok
// CHECK: final fib(27) = 196418, nesting ok
// CHECK: mergeable-if fib(25) = 75025, nesting ok
// CHECK: tree(9) = 19683 leaves, nesting ok

#include <omp.h>
#include <stdio.h>

#define DEPTH_FACTOR 8
static int depth[64], max_depth[64];

static void enter(void) {
  int t = omp_get_thread_num();
  if (++depth[t] > max_depth[t])
    max_depth[t] = depth[t];
}
static void leave(void) { --depth[omp_get_thread_num()]; }

// fib with the given clauses on both child tasks.
#define PRAGMA(x) _Pragma(#x)
#define FIB(name, ...)                                                         \
  static long name(int n) {                                                    \
    if (n < 2)                                                                 \
      return n;                                                                \
    long a, b;                                                                 \
    enter();                                                                   \
    PRAGMA(omp task shared(a) __VA_ARGS__)                                     \
    a = name(n - 1);                                                           \
    PRAGMA(omp task shared(b) __VA_ARGS__)                                     \
    b = name(n - 2);                                                           \
    PRAGMA(omp taskwait)                                                       \
    leave();                                                                   \
    return a + b;                                                              \
  }
FIB(fib_untied, untied)
FIB(fib_tied, )
FIB(fib_final, final(n < 15) untied)
FIB(fib_if, if (n > 12) mergeable untied)

// Three children per node, each waited for (an unbalanced tree search's
// shape): 3^n leaves.
static long tree(int n) {
  if (n == 0)
    return 1;
  long c[3];
  enter();
  for (int i = 0; i < 3; ++i) {
#pragma omp task untied shared(c)
    c[i] = tree(n - 1);
  }
#pragma omp taskwait
  leave();
  return c[0] + c[1] + c[2];
}

static void report(const char *what, int n, long got, long want, int limit) {
  int deepest = 0;
  for (int t = 0; t < 64; ++t) {
    if (max_depth[t] > deepest)
      deepest = max_depth[t];
    max_depth[t] = depth[t] = 0;
  }
  printf("%s(%d) = %ld%s, nesting %s\n", what, n, got,
         want == 19683 ? " leaves" : "",
         got == want && deepest <= DEPTH_FACTOR * limit ? "ok" : "TOO DEEP");
  if (got != want || deepest > DEPTH_FACTOR * limit)
    fprintf(stderr, "%s: got %ld, want %ld; deepest nesting %d\n", what, got,
            want, deepest);
}

int main(void) {
  long r;
#define RUN(call, what, n, want)                                               \
  _Pragma("omp parallel num_threads(2)") _Pragma("omp single") r = call(n);    \
  report(what, n, r, want, n)
  RUN(fib_untied, "untied fib", 25, 75025);
  RUN(fib_tied, "tied fib", 25, 75025);
  RUN(fib_final, "final fib", 27, 196418);
  RUN(fib_if, "mergeable-if fib", 25, 75025);
  RUN(tree, "tree", 9, 19683);
  return 0;
}

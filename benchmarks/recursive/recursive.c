// Recursive task programs of the shapes other people write (the Barcelona
// OpenMP Tasks Suite's Fibonacci, sort and tree searches): every task creates
// its children as tasks and waits for them, so the tasks are many and short and
// nearly all are created by tasks. ERASE never maps those (they stay in their
// creator's deque, as upstream's); what it costs on them is its bookkeeping
// (docs/erase.md, "Fine-grained recursive tasks").
//
//   recursive fib N CUTOFF REPEAT     fib(N), a task per call down to N =
//   CUTOFF, REPEAT times recursive sort LOG2N CUTOFF REPEAT  merge sort of
//   2^LOG2N integers, tasks down to CUTOFF
//                                        elements (insertion sort below),
//                                        REPEAT times
//   recursive tree DEPTH REPEAT       a three-way tree of tasks, DEPTH levels
//   (3^DEPTH leaves)
//
// Each checks its result (exit 1 if wrong) and prints the time of the repeats,
// the runtime having started before the clock (an empty parallel region first).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cutoff;

static long fib_seq(int n) {
  return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2);
}

static long fib(int n) {
  if (n < cutoff)
    return fib_seq(n);
  long a, b;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

static void msort(int *a, int *t, long n) {
  if (n <= cutoff) {
    for (long i = 1; i < n; ++i) {
      int x = a[i];
      long j = i - 1;
      for (; j >= 0 && a[j] > x; --j)
        a[j + 1] = a[j];
      a[j + 1] = x;
    }
    return;
  }
  long h = n / 2;
#pragma omp task
  msort(a, t, h);
#pragma omp task
  msort(a + h, t + h, n - h);
#pragma omp taskwait
  long i = 0, j = h, k = 0;
  while (i < h && j < n)
    t[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < h)
    t[k++] = a[i++];
  while (j < n)
    t[k++] = a[j++];
  memcpy(a, t, n * sizeof(int));
}

static long tree(int depth) {
  if (depth == 0)
    return 1;
  long c[3];
  for (int i = 0; i < 3; ++i) {
#pragma omp task shared(c)
    c[i] = tree(depth - 1);
  }
#pragma omp taskwait
  return c[0] + c[1] + c[2];
}

static void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s fib N CUTOFF REPEAT | sort LOG2N CUTOFF REPEAT | tree "
          "DEPTH REPEAT\n",
          argv0);
  exit(2);
}

int main(int argc, char **argv) {
  if (argc < 2)
    usage(argv[0]);
  const char *what = argv[1];
  int fibn = 0, log2n = 0, depth = 0, repeat = 0;
  if (strcmp(what, "fib") == 0 && argc == 5)
    fibn = atoi(argv[2]), cutoff = atoi(argv[3]), repeat = atoi(argv[4]);
  else if (strcmp(what, "sort") == 0 && argc == 5)
    log2n = atoi(argv[2]), cutoff = atoi(argv[3]), repeat = atoi(argv[4]);
  else if (strcmp(what, "tree") == 0 && argc == 4)
    depth = atoi(argv[2]), repeat = atoi(argv[3]);
  else
    usage(argv[0]);
  if (repeat < 1 || fibn < 0 || fibn > 45 || log2n < 0 || log2n > 28 ||
      depth < 0 || depth > 16 || cutoff < 0)
    usage(argv[0]);
  long n = 1L << log2n;
  int *a = NULL, *t = NULL;
  if (log2n > 0 &&
      (!(a = malloc(n * sizeof(int))) || !(t = malloc(n * sizeof(int))))) {
    fprintf(stderr, "recursive: out of memory\n");
    return 1;
  }
#pragma omp parallel
  {} // the runtime starts before the clock
  double secs = 0;
  int ok = 1;
  for (int r = 0; r < repeat && ok; ++r) {
    long got = 0, want = 0;
    if (log2n > 0) {
      unsigned s = 12345u + r;
      for (long i = 0; i < n; ++i)
        s = s * 1664525u + 1013904223u, a[i] = (int)(s >> 1);
    }
    double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
    {
      if (fibn > 0)
        got = fib(fibn);
      else if (log2n > 0)
        msort(a, t, n);
      else
        got = tree(depth);
    }
    secs += omp_get_wtime() - t0;
    if (fibn > 0)
      want = fib_seq(fibn);
    else if (log2n > 0) {
      for (long i = 1; i < n; ++i)
        ok &= a[i - 1] <= a[i];
    } else {
      want = 1;
      for (int i = 0; i < depth; ++i)
        want *= 3;
    }
    ok &= got == want;
  }
  if (!ok) {
    fprintf(stderr, "recursive %s: wrong result\n", what);
    return 1;
  }
  printf("recursive %s: %.6f s for %d runs\n", what, secs, repeat);
  free(a);
  free(t);
  return 0;
}

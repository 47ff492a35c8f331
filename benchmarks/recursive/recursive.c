// Recursive task programs of the shapes other people write (the Barcelona
// OpenMP Tasks Suite's Fibonacci, sort, N-queens, unbalanced tree search and
// Strassen, with the clauses BOTS uses: untied, if, final, mergeable): every
// task creates its children as tasks and waits for them, so the tasks are
// many and short and nearly all are created by tasks. ERASE never maps those
// (they stay in their creator's deque, as upstream's); what it costs on them
// is its bookkeeping (docs/erase.md, "Fine-grained recursive tasks").
//
// recursive fib N CUTOFF REPEAT
//     fib(N), a task per call down to N = CUTOFF, REPEAT times
// recursive sort LOG2N CUTOFF REPEAT
//     merge sort of 2^LOG2N integers, tasks down to CUTOFF elements
//     (insertion sort below)
// recursive tree DEPTH REPEAT
//     a three-way tree of tasks, DEPTH levels (3^DEPTH leaves)
// recursive nqueens N CUTOFF REPEAT
//     N-queens, an untied mergeable task per placed queen, each with its own
//     copy of the board, final from depth CUTOFF (their descendants are
//     included: run at once by their creator)
// recursive uts DEPTH REPEAT
//     an unbalanced tree search (binomial, as BOTS' UTS: the root has 512
//     children, any other node 4 with probability 0.2475, a hash per node;
//     about 36000 nodes), untied tasks, if(0) from depth DEPTH
// recursive strassen N CUTOFF REPEAT
//     Strassen's product of two N x N matrices (N a power of 2), 7 tasks per
//     level down to CUTOFF, temporaries allocated by each task
// recursive producer N WORK REPEAT
//     not recursive: the other common shape, a loop in a single creating N
//     tasks of WORK iterations each (BOTS' "single" versions of SparseLU and
//     Alignment; with WORK = 1000 a task is about 0.8 us), the only tasks
//     here that ERASE may map
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

// N-queens (BOTS nqueens, "manual cutoff" with final and mergeable).
static int queens_ok(int n, const char *a) {
  for (int i = 0; i < n; ++i) {
    char p = a[i];
    for (int j = i + 1; j < n; ++j) {
      char q = a[j];
      if (q == p || q == p - (j - i) || q == p + (j - i))
        return 0;
    }
  }
  return 1;
}

static long nqueens(int n, int j, const char *a, int depth) {
  if (n == j)
    return 1;
  long count[32] = {0};
  for (int i = 0; i < n; ++i) {
#pragma omp task untied firstprivate(i) shared(count) final(depth >= cutoff)   \
    mergeable
    {
      char b[32];
      memcpy(b, a, j);
      b[j] = (char)i;
      if (queens_ok(j + 1, b))
        count[i] = nqueens(n, j + 1, b, depth + 1);
    }
  }
#pragma omp taskwait
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += count[i];
  return s;
}

// Unbalanced tree search (BOTS uts, binomial tree): a node's children are
// drawn from its hash (the root has 512, any other node 4 with probability
// 0.2475, so the tree has about 50000 nodes and is very unbalanced); the hash
// is rounds of a 64-bit mixer (BOTS uses SHA-1: about the same work, no
// dependency).
static unsigned long long uts_mix(unsigned long long x) {
  for (int r = 0; r < 128; ++r) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
  }
  return x;
}

enum { UTS_ROOT = 512, UTS_M = 4, UTS_Q = 2475 }; // q = 0.2475 per 1e4

static int uts_kids(unsigned long long h, int root) {
  return root ? UTS_ROOT : (uts_mix(h) % 10000 < UTS_Q ? UTS_M : 0);
}

static long uts(unsigned long long h, int depth, int root) {
  int kids = uts_kids(h, root);
  long local[UTS_M], *count = root ? malloc(UTS_ROOT * sizeof(long)) : local;
  for (int i = 0; i < kids; ++i) {
#pragma omp task untied firstprivate(i) shared(count) if (depth < cutoff)
    count[i] = uts(uts_mix(h + 1 + (unsigned long long)i), depth + 1, 0);
  }
#pragma omp taskwait
  long s = 1;
  for (int i = 0; i < kids; ++i)
    s += count[i];
  if (root)
    free(count);
  return s;
}

static long uts_seq(unsigned long long h, int root) {
  int kids = uts_kids(h, root);
  long s = 1;
  for (int i = 0; i < kids; ++i)
    s += uts_seq(uts_mix(h + 1 + (unsigned long long)i), 0);
  return s;
}

// Strassen (BOTS strassen's shape: 7 products as tasks per level, the
// temporaries allocated by the tasks that use them). Matrices are row-major
// with leading dimension ld.
static void mm_add(int n, const double *a, int lda, const double *b, int ldb,
                   double *c, int ldc, double sign) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      c[i * ldc + j] = a[i * lda + j] + sign * b[i * ldb + j];
}

static void mm_plain(int n, const double *a, int lda, const double *b, int ldb,
                     double *c, int ldc) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      c[i * ldc + j] = 0;
    for (int k = 0; k < n; ++k) {
      double x = a[i * lda + k];
      for (int j = 0; j < n; ++j)
        c[i * ldc + j] += x * b[k * ldb + j];
    }
  }
}

static void strassen(int n, const double *a, int lda, const double *b, int ldb,
                     double *c, int ldc) {
  if (n <= cutoff) {
    mm_plain(n, a, lda, b, ldb, c, ldc);
    return;
  }
  int h = n / 2;
  const double *a11 = a, *a12 = a + h, *a21 = a + h * lda, *a22 = a21 + h;
  const double *b11 = b, *b12 = b + h, *b21 = b + h * ldb, *b22 = b21 + h;
  double *m[7];
  for (int k = 0; k < 7; ++k) {
#pragma omp task shared(m) firstprivate(k)
    {
      double *t = malloc(3 * (size_t)h * h * sizeof(double));
      double *x = t + (size_t)h * h, *y = x + (size_t)h * h;
      const double *l = x, *r = y;
      int ll = h, lr = h;
      switch (k) {
      case 0:
        mm_add(h, a11, lda, a22, lda, x, h, 1);
        mm_add(h, b11, ldb, b22, ldb, y, h, 1);
        break;
      case 1:
        mm_add(h, a21, lda, a22, lda, x, h, 1);
        r = b11, lr = ldb;
        break;
      case 2:
        l = a11, ll = lda;
        mm_add(h, b12, ldb, b22, ldb, y, h, -1);
        break;
      case 3:
        l = a22, ll = lda;
        mm_add(h, b21, ldb, b11, ldb, y, h, -1);
        break;
      case 4:
        mm_add(h, a11, lda, a12, lda, x, h, 1);
        r = b22, lr = ldb;
        break;
      case 5:
        mm_add(h, a21, lda, a11, lda, x, h, -1);
        mm_add(h, b11, ldb, b12, ldb, y, h, 1);
        break;
      default:
        mm_add(h, a12, lda, a22, lda, x, h, -1);
        mm_add(h, b21, ldb, b22, ldb, y, h, 1);
        break;
      }
      strassen(h, l, ll, r, lr, t, h);
      m[k] = t;
    }
  }
#pragma omp taskwait
  for (int i = 0; i < h; ++i)
    for (int j = 0; j < h; ++j) {
      size_t e = (size_t)i * h + j;
      c[i * ldc + j] = m[0][e] + m[3][e] - m[4][e] + m[6][e];
      c[i * ldc + j + h] = m[2][e] + m[4][e];
      c[(i + h) * ldc + j] = m[1][e] + m[3][e];
      c[(i + h) * ldc + j + h] = m[0][e] - m[1][e] + m[2][e] + m[5][e];
    }
  for (int k = 0; k < 7; ++k)
    free(m[k]);
}

// A producer's task: WORK iterations of a little arithmetic.
static long produced(int work) {
  unsigned x = 1;
  long v = 0;
  for (int i = 0; i < work; ++i) {
    x = x * 1664525u + 1013904223u;
    v += x >> 28;
  }
  return v;
}

static long producer(int n, int work) {
  long total = 0;
  for (int i = 0; i < n; ++i) {
#pragma omp task shared(total) firstprivate(work)
    {
      long v = produced(work);
#pragma omp atomic
      total += v;
    }
  }
#pragma omp taskwait
  return total;
}

static void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s fib N CUTOFF REPEAT | sort LOG2N CUTOFF REPEAT | tree "
          "DEPTH REPEAT | nqueens N CUTOFF REPEAT | uts DEPTH REPEAT | "
          "strassen N CUTOFF REPEAT | producer N WORK REPEAT\n",
          argv0);
  exit(2);
}

enum { FIB, SORT, TREE, NQUEENS, UTS, STRASSEN, PRODUCER };

int main(int argc, char **argv) {
  static const char *const names[] = {"fib", "sort",     "tree",    "nqueens",
                                      "uts", "strassen", "producer"};
  static const int nargs[] = {5, 5, 4, 5, 4, 5, 5};
  int what = -1;
  for (int k = 0; argc >= 2 && k < 7; ++k)
    if (strcmp(argv[1], names[k]) == 0 && argc == nargs[k])
      what = k;
  if (what < 0)
    usage(argv[0]);
  int size = atoi(argv[2]), repeat = atoi(argv[argc - 1]);
  cutoff = argc == 5 ? atoi(argv[3]) : size;
  static const int maxsize[] = {45, 28, 16, 20, 1000000, 4096, 100000000};
  if (repeat < 1 || size < 0 || size > maxsize[what] || cutoff < 0 ||
      (what == STRASSEN && (size < 1 || (size & (size - 1)) || cutoff < 1)))
    usage(argv[0]);
  long n = what == SORT ? 1L << size : what == STRASSEN ? (long)size * size : 0;
  int *a = NULL, *t = NULL;
  double *ma = NULL, *mb = NULL, *mc = NULL;
  if ((what == SORT &&
       (!(a = malloc(n * sizeof(int))) || !(t = malloc(n * sizeof(int))))) ||
      (what == STRASSEN && (!(ma = malloc(n * sizeof(double))) ||
                            !(mb = malloc(n * sizeof(double))) ||
                            !(mc = malloc(n * sizeof(double)))))) {
    fprintf(stderr, "recursive: out of memory\n");
    return 1;
  }
  long want = 0;
  switch (what) {
  case FIB:
    want = fib_seq(size);
    break;
  case TREE:
    want = 1;
    for (int i = 0; i < size; ++i)
      want *= 3;
    break;
  case NQUEENS: {
    static const long solutions[] = {
        1,      1,       0,        0,        2,        10,    4,
        40,     92,      352,      724,      2680,     14200, 73712,
        365596, 2279184, 14772512, 95815104, 666090624};
    want = size < 19 ? solutions[size] : -1;
    break;
  }
  case UTS:
    want = uts_seq(19, 1);
    break;
  case PRODUCER:
    want = size * produced(cutoff);
    break;
  }
#pragma omp parallel
  {} // the runtime starts before the clock
  double secs = 0;
  int ok = 1;
  for (int r = 0; r < repeat && ok; ++r) {
    long got = want;
    unsigned s = 12345u + r;
    for (long i = 0; what == SORT && i < n; ++i)
      s = s * 1664525u + 1013904223u, a[i] = (int)(s >> 1);
    for (long i = 0; what == STRASSEN && i < n; ++i) {
      s = s * 1664525u + 1013904223u, ma[i] = (s >> 8) / 16777216.0 - 0.5;
      s = s * 1664525u + 1013904223u, mb[i] = (s >> 8) / 16777216.0 - 0.5;
    }
    double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
    switch (what) {
    case FIB:
      got = fib(size);
      break;
    case SORT:
      msort(a, t, n);
      break;
    case TREE:
      got = tree(size);
      break;
    case NQUEENS:
      got = nqueens(size, 0, "", 0);
      break;
    case UTS:
      got = uts(19, 0, 1);
      break;
    case STRASSEN:
      strassen(size, ma, size, mb, size, mc, size);
      break;
    case PRODUCER:
      got = producer(size, cutoff);
      break;
    }
    secs += omp_get_wtime() - t0;
    ok &= got == want || (what == NQUEENS && want < 0);
    for (long i = 1; what == SORT && i < n; ++i)
      ok &= a[i - 1] <= a[i];
    // Strassen: a few entries against the plain product.
    for (int k = 0; what == STRASSEN && k < 16; ++k) {
      int i = (k * 7919) % size, j = (k * 104729) % size;
      double x = 0;
      for (int l = 0; l < size; ++l)
        x += ma[(long)i * size + l] * mb[(long)l * size + j];
      ok &= x - mc[(long)i * size + j] < 1e-8 * size &&
            mc[(long)i * size + j] - x < 1e-8 * size;
    }
  }
  if (!ok) {
    fprintf(stderr, "recursive %s: wrong result\n", names[what]);
    return 1;
  }
  printf("recursive %s: %.6f s for %d runs\n", names[what], secs, repeat);
  free(a);
  free(t);
  free(ma);
  free(mb);
  free(mc);
  return 0;
}

// Recursive task programs of the shapes other people write (the Barcelona
// OpenMP Tasks Suite's Fibonacci, sort, N-queens, unbalanced tree search,
// Strassen, FFT, floorplan's branch and bound and health's simulation, with
// the clauses BOTS uses: untied, if, final, mergeable): every
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
// recursive fft LOG2N CUTOFF REPEAT
//     a radix-2 FFT of 2^LOG2N complex numbers (BOTS fft's shape): the two
//     halves as tasks, then the butterflies of a level as a recursion of
//     tasks over halves of their range, both down to CUTOFF points
// recursive bnb N CUTOFF REPEAT
//     branch and bound (BOTS floorplan's shape): the shortest open tour of N
//     cities from city 0, a task per next city with its own copy of the
//     partial tour down to depth CUTOFF, pruned against the best tour found
//     so far, which a critical section updates
// recursive health LEVELS STEPS REPEAT
//     BOTS health's shape: a 4-ary tree of villages LEVELS deep, simulated
//     for STEPS steps; each step a task per village (its children's as
//     tasks, a taskwait, then its own lists of patients: new ones arrive,
//     treated ones leave, some are sent up to the parent's village)
// recursive producer N WORK REPEAT
//     not recursive: the other common shape, a loop in a single creating N
//     tasks of WORK iterations each (BOTS' "single" versions of SparseLU and
//     Alignment; with WORK = 1000 a task is about 0.8 us), the only tasks
//     here that ERASE may map
//
// Each checks its result (exit 1 if wrong) and prints the time of the repeats,
// the runtime and its threads having started before the clock (a parallel region
// with a barrier first).
#include <math.h>
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

// FFT (BOTS fft's shape: the recursion and the butterfly loops as tasks).
// out[0..n) = DFT of in[0], in[stride], ..., in[(n - 1) stride]; the twiddle
// factors come from a table of the largest size (tw[k] = exp(-2 pi i k / N)).
typedef struct {
  double re, im;
} cplx;
static const cplx *fft_tw;
static long fft_n;

static void fft_butterflies(cplx *out, long lo, long hi, long n) {
  if (hi - lo > cutoff) {
    long mid = lo + (hi - lo) / 2;
#pragma omp task
    fft_butterflies(out, lo, mid, n);
    fft_butterflies(out, mid, hi, n);
#pragma omp taskwait
    return;
  }
  const long h = n / 2, step = fft_n / n;
  for (long k = lo; k < hi; ++k) {
    cplx w = fft_tw[k * step], e = out[k], o = out[k + h];
    cplx t = {w.re * o.re - w.im * o.im, w.re * o.im + w.im * o.re};
    out[k].re = e.re + t.re, out[k].im = e.im + t.im;
    out[k + h].re = e.re - t.re, out[k + h].im = e.im - t.im;
  }
}

static void fft(const cplx *in, cplx *out, long n, long stride) {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  const long h = n / 2;
  if (n > cutoff) {
#pragma omp task
    fft(in, out, h, 2 * stride);
#pragma omp task
    fft(in + stride, out + h, h, 2 * stride);
#pragma omp taskwait
  } else {
    fft(in, out, h, 2 * stride);
    fft(in + stride, out + h, h, 2 * stride);
  }
  fft_butterflies(out, 0, h, n);
}

// Branch and bound (BOTS floorplan's shape): the shortest open tour through
// n cities from city 0, distances from a fixed generator. A partial tour is
// pruned when its length plus a quarter of the cheapest ways out of the
// cities left (a weak bound, as floorplan's: the search stays large) cannot
// beat the best tour so far (read without a lock: a stale value prunes less,
// never wrongly), which a critical section lowers.
enum { BNB_MAX = 16 };
static int bnb_n, bnb_d[BNB_MAX][BNB_MAX], bnb_out[BNB_MAX];
static int bnb_best;

static void bnb_init(int n) {
  bnb_n = n;
  unsigned s = 4321u;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j) {
      s = s * 1664525u + 1013904223u;
      bnb_d[i][j] = bnb_d[j][i] = 10 + (int)((s >> 8) % 90);
    }
  for (int i = 0; i < n; ++i) {
    bnb_out[i] = 1000;
    for (int j = 0; j < n; ++j)
      if (j != i && bnb_d[i][j] < bnb_out[i])
        bnb_out[i] = bnb_d[i][j];
  }
}

static void bnb_search(int last, unsigned left, int len, int rest, int depth) {
  if (left == 0) {
    int best;
#pragma omp atomic read
    best = bnb_best;
    if (len < best) {
#pragma omp critical(bnb)
      if (len < bnb_best)
        bnb_best = len;
    }
    return;
  }
  for (int c = 1; c < bnb_n; ++c) {
    if (!(left & (1u << c)))
      continue;
    int best;
#pragma omp atomic read
    best = bnb_best;
    int l = len + bnb_d[last][c];
    if (l + (rest - bnb_out[c]) / 4 >= best)
      continue;
    if (depth < cutoff) {
#pragma omp task untied firstprivate(c, l)
      bnb_search(c, left & ~(1u << c), l, rest - bnb_out[c], depth + 1);
    } else {
      bnb_search(c, left & ~(1u << c), l, rest - bnb_out[c], depth + 1);
    }
  }
#pragma omp taskwait
}

static int bnb(int n) {
  bnb_best = 1 << 30;
  unsigned left = ((1u << n) - 1) & ~1u;
  int rest = 0;
  for (int c = 1; c < n; ++c)
    rest += bnb_out[c];
  bnb_search(0, left, 0, rest, 0);
  return bnb_best;
}

// Health (BOTS health's shape): villages in a 4-ary tree; each step
// simulates the children's villages as tasks, waits for them, then its own:
// new patients arrive, a patient in treatment counts down its days and then
// is cured or (one in four) sent up to the parent's village, whose step comes
// after. Everything a village draws comes from its own generator, so the
// totals do not depend on the schedule.
typedef struct patient {
  int days;
  struct patient *next;
} patient_t;
typedef struct village {
  struct village *kid[4];
  int nkids;
  unsigned seed;
  patient_t *ward, *up; // in treatment; sent up, for the parent to take
  long cured;
  unsigned long assessed; // the assessments' arithmetic, in the result
} village_t;

static village_t *health_build(int levels, unsigned *id) {
  village_t *v = calloc(1, sizeof(village_t));
  v->seed = 777u + 31u * (*id)++;
  for (int i = 0; levels > 1 && i < 4; ++i)
    v->kid[v->nkids++] = health_build(levels - 1, id);
  return v;
}

static unsigned health_rand(village_t *v) {
  v->seed = v->seed * 1664525u + 1013904223u;
  return v->seed >> 8;
}

static void health_step(village_t *v) {
  for (int i = 0; i < v->nkids; ++i) {
    village_t *k = v->kid[i];
#pragma omp task firstprivate(k)
    health_step(k);
  }
#pragma omp taskwait
  for (int i = 0; i < v->nkids; ++i) // take the patients sent up
    while (v->kid[i]->up) {
      patient_t *p = v->kid[i]->up;
      v->kid[i]->up = p->next;
      p->days = 2 + (int)(health_rand(v) % 4);
      p->next = v->ward, v->ward = p;
    }
  for (int n = (int)(health_rand(v) % 3); n > 0; --n) { // new patients
    patient_t *p = malloc(sizeof(patient_t));
    p->days = 1 + (int)(health_rand(v) % 6);
    p->next = v->ward, v->ward = p;
  }
  for (patient_t **pp = &v->ward; *pp;) {
    patient_t *p = *pp;
    unsigned work = health_rand(v); // an assessment's worth of arithmetic
    for (int r = 0; r < 200; ++r)
      work = work * 1664525u + 1013904223u;
    v->assessed += work >> 28;
    if (--p->days > 0) {
      pp = &p->next;
      continue;
    }
    *pp = p->next;
    if (v->nkids == 0 || health_rand(v) % 4 != 0) {
      ++v->cured;
      free(p);
    } else { // to the parent's village (the root's count as cured)
      p->next = v->up, v->up = p;
    }
  }
}

// Frees the tree and returns its patients still in treatment; adds those
// cured (the root's "up" list, which no parent takes, among them) and the
// assessments' arithmetic to *cured.
static long health_free(village_t *v, long *cured) {
  long left = 0;
  for (int i = 0; i < v->nkids; ++i)
    left += health_free(v->kid[i], cured);
  *cured += v->cured + (long)(v->assessed % 1000003UL);
  for (patient_t *p = v->ward, *q; p; p = q)
    q = p->next, free(p), ++left;
  for (patient_t *p = v->up, *q; p; p = q)
    q = p->next, free(p), ++*cured;
  free(v);
  return left;
}

// Outside a parallel region its tasks run at once, one after the other: the
// reference result.
static long health(int levels, int steps) {
  unsigned id = 0;
  village_t *root = health_build(levels, &id);
  for (int s = 0; s < steps; ++s)
    health_step(root);
  long cured = 0, left = health_free(root, &cured);
  return cured * 1000003L + left;
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
          "strassen N CUTOFF REPEAT | producer N WORK REPEAT | fft LOG2N "
          "CUTOFF REPEAT | bnb N CUTOFF REPEAT | health LEVELS STEPS "
          "REPEAT\n",
          argv0);
  exit(2);
}

enum { FIB, SORT, TREE, NQUEENS, UTS, STRASSEN, PRODUCER, FFT, BNB, HEALTH };

int main(int argc, char **argv) {
  static const char *const names[] = {"fib", "sort",     "tree",     "nqueens",
                                      "uts", "strassen", "producer", "fft",
                                      "bnb", "health"};
  static const int nargs[] = {5, 5, 4, 5, 4, 5, 5, 5, 5, 5};
  int what = -1;
  for (int k = 0; argc >= 2 && k < 10; ++k)
    if (strcmp(argv[1], names[k]) == 0 && argc == nargs[k])
      what = k;
  if (what < 0)
    usage(argv[0]);
  int size = atoi(argv[2]), repeat = atoi(argv[argc - 1]);
  cutoff = argc == 5 ? atoi(argv[3]) : size;
  static const int maxsize[] = {45,   28,        16, 20,      1000000,
                                4096, 100000000, 24, BNB_MAX, 9};
  if (repeat < 1 || size < 0 || size > maxsize[what] || cutoff < 0 ||
      (what == STRASSEN && (size < 1 || (size & (size - 1)) || cutoff < 1)) ||
      (what == FFT && cutoff < 1) || (what == BNB && size < 2) ||
      (what == HEALTH && size < 1))
    usage(argv[0]);
  long n = what == SORT || what == FFT ? 1L << size
           : what == STRASSEN          ? (long)size * size
                                       : 0;
  int *a = NULL, *t = NULL;
  double *ma = NULL, *mb = NULL, *mc = NULL;
  cplx *fin = NULL, *fout = NULL, *tw = NULL;
  if ((what == SORT &&
       (!(a = malloc(n * sizeof(int))) || !(t = malloc(n * sizeof(int))))) ||
      (what == STRASSEN && (!(ma = malloc(n * sizeof(double))) ||
                            !(mb = malloc(n * sizeof(double))) ||
                            !(mc = malloc(n * sizeof(double))))) ||
      (what == FFT && (!(fin = malloc(n * sizeof(cplx))) ||
                       !(fout = malloc(n * sizeof(cplx))) ||
                       !(tw = malloc(n * sizeof(cplx)))))) {
    fprintf(stderr, "recursive: out of memory\n");
    return 1;
  }
  if (what == FFT) {
    for (long k = 0; k < n; ++k)
      tw[k].re = cos(-2 * M_PI * k / n), tw[k].im = sin(-2 * M_PI * k / n);
    fft_tw = tw, fft_n = n;
  }
  if (what == BNB)
    bnb_init(size);
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
  case BNB: // outside a parallel region the tasks run at once, in order
    want = bnb(size);
    break;
  case HEALTH:
    want = health(size, cutoff);
    break;
  }
  // The runtime and its threads start before the clock. Not an empty region:
  // Clang removes `#pragma omp parallel {}` (until 2026-11-28 the runtime
  // started inside the first timed region).
#pragma omp parallel
  {
#pragma omp barrier
  }
  double secs = 0;
  int ok = 1;
  for (int r = 0; r < repeat && ok; ++r) {
    long got = want;
    unsigned s = 12345u + r;
    for (long i = 0; what == SORT && i < n; ++i)
      s = s * 1664525u + 1013904223u, a[i] = (int)(s >> 1);
    for (long i = 0; what == FFT && i < n; ++i) {
      s = s * 1664525u + 1013904223u, fin[i].re = (s >> 8) / 16777216.0 - 0.5;
      s = s * 1664525u + 1013904223u, fin[i].im = (s >> 8) / 16777216.0 - 0.5;
    }
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
    case FFT:
      fft(fin, fout, n, 1);
      break;
    case BNB:
      got = bnb(size);
      break;
    case HEALTH:
      got = health(size, cutoff);
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
    // FFT: a few frequencies against the plain sum.
    for (int f = 0; what == FFT && f < 4; ++f) {
      long k = (f * 104729L) % n;
      double re = 0, im = 0;
      for (long j = 0; j < n; ++j) {
        cplx w = tw[(j * k) % n];
        re += fin[j].re * w.re - fin[j].im * w.im;
        im += fin[j].re * w.im + fin[j].im * w.re;
      }
      ok &= fabs(re - fout[k].re) < 1e-6 * sqrt((double)n) &&
            fabs(im - fout[k].im) < 1e-6 * sqrt((double)n);
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
  free(fin);
  free(fout);
  free(tw);
  return 0;
}

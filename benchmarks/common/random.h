// Reproducible pseudo-random input for the benchmarks: the same values on every machine and run
// (a linear congruential generator, Numerical Recipes' constants; quality is not the point).
#ifndef MVOMP_BENCHMARKS_RANDOM_H
#define MVOMP_BENCHMARKS_RANDOM_H

#include <stdlib.h>

// A new array of count doubles in [0, 1), the sequence given by seed.
static double *random_doubles(size_t count, unsigned seed) {
  double *a = malloc(count * sizeof(double));
  for (size_t i = 0; i < count; ++i)
    seed = seed * 1664525u + 1013904223u, a[i] = (double)(seed >> 8) / 16777216.0;
  return a;
}

#endif // MVOMP_BENCHMARKS_RANDOM_H

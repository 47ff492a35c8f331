// The second translation unit of two_units.c: the same task type and version
// names, its own outlined entries.
void scale_fast(int *x);
void scale_slow(int *x);

void launch_b(int *x) {
#pragma omp task define(5)
  scale_fast(x);
#pragma omp task define(5)
  scale_slow(x);
#pragma omp task run(5)
}

#!/usr/bin/env python3
"""Writes the compile-time benchmark of docs/performance.md to stdout.

  gen.py versions N   one task type with N versions (N x 'task define(1)', one 'task run(1)')
  gen.py plain N      the same N bodies as N ordinary tasks

Each body calls its own kernel with a firstprivate scalar and a shared array, so both files have
the same amount of outlined code; 219 is the number of versions of thesis 000's Table 4.4.
"""
import sys

mode, n = sys.argv[1], int(sys.argv[2])
out = [f"void kernel{i}(double *, int);" for i in range(n)]
out.append("void launch(double *a, int b) {")
for i in range(n):
    if mode == "versions":
        out.append("#pragma omp task define(1) firstprivate(b) shared(a)")
    else:
        out.append("#pragma omp task firstprivate(b) shared(a)")
    out.append(f"  kernel{i}(a, b + {i});")
if mode == "versions":
    out.append("#pragma omp task run(1) depend(inout : a[0])")
out.append("}")
print("\n".join(out))

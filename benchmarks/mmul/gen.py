#!/usr/bin/env python3
"""Writes the 219 versions of the MMUL benchmark (thesis 000, section 4.2.2, Table 4.4) as C.

    gen.py OUT.inc

Three base functions (Listings 13, 14 and 15) multiply C += A * B (row-major, leading dimension
ld); each version fixes their parameters:

    Listing 13 (untiled)  UNROLL in {enable, 1, 8}                                  3 versions
    Listing 14 (i/j tiles) UNROLL enable, ITILE in {1,2,4,8,16,32},
                           JTILE in {32,64,512,1024}                                24 versions
    Listing 15 (i/j/k)    UNROLL in {enable,1,2,8}, ITILE in {1,2,4,8},
                           JTILE in {1,8,32}, KTILE in {1,2,4,8}                   192 versions

UNROLL "enable" is `#pragma unroll` (the compiler's choice), a number N is `#pragma unroll N`
(1: not unrolled). The output defines every version as a function named after its parameters
(mm13_u8, mm14_ue_i4_j64, mm15_u2_i8_j32_k4, ...: the runtime names versions after the callee,
so stats.csv and trace.csv say which one ran), and two launchers:

    solve_all(m, n, p, A, B, C, ld)     task type 1: the 219 versions (Table 4.5)
    solve_subset(m, n, p, A, B, C, ld)  task type 2: the 13 versions of SUBSET (Table 4.6)
"""
import itertools
import sys

# The 13 similar, fast versions of the second experiment. The thesis took "some of the
# best-performing versions, aiming to have versions that have similar performance", leaving the
# very best out; these are ranks 2 to 14 of the ranking of all 219 at n=1024 on the machine of
# docs/benchmarks.md (scripts/bench-mmul.sh rank; 0.219 to 0.296 s against 0.217 s for rank 1).
SUBSET = [
    "mm15_u2_i8_j32_k1", "mm15_u8_i2_j32_k1", "mm15_ue_i4_j32_k1", "mm15_u1_i8_j32_k1",
    "mm15_ue_i1_j32_k1", "mm15_u1_i4_j32_k1", "mm15_ue_i8_j32_k1", "mm15_u2_i2_j32_k1",
    "mm15_u2_i1_j32_k1", "mm15_u8_i8_j32_k1", "mm15_u8_i1_j32_k1", "mm15_u8_i2_j32_k8",
    "mm15_u2_i1_j8_k1",
]


def unroll(u):
    return "#pragma unroll" if u == "e" else "#pragma unroll %s" % u


HEAD = ("static void %s(int m, int n, int p, const double *restrict A, const double *restrict B,\n"
        "    double *restrict C, int ld) {\n")


def v13(u):
    name = "mm13_u%s" % u
    body = ("  for (int i = 0; i < m; i++)\n"
            "    for (int j = 0; j < n; j++) {\n"
            "%s\n"
            "      for (int k = 0; k < p; k++)\n"
            "        C[i * ld + j] = C[i * ld + j] + A[i * ld + k] * B[k * ld + j];\n"
            "    }\n" % unroll(u))
    return name, HEAD % name + body + "}\n"


def v14(u, it, jt):
    name = "mm14_u%s_i%d_j%d" % (u, it, jt)
    body = ("  for (int ii = 0; ii < m; ii += %d) {\n"
            "    int il = ii + %d < m ? ii + %d : m;\n"
            "    for (int jj = 0; jj < n; jj += %d) {\n"
            "      int jl = jj + %d < n ? jj + %d : n;\n"
            "      for (int i = ii; i < il; i++)\n"
            "        for (int j = jj; j < jl; j++) {\n"
            "%s\n"
            "          for (int k = 0; k < p; k++)\n"
            "            C[i * ld + j] = C[i * ld + j] + A[i * ld + k] * B[k * ld + j];\n"
            "        }\n"
            "    }\n"
            "  }\n" % (it, it, it, jt, jt, jt, unroll(u)))
    return name, HEAD % name + body + "}\n"


def v15(u, it, jt, kt):
    name = "mm15_u%s_i%d_j%d_k%d" % (u, it, jt, kt)
    body = ("  for (int ii = 0; ii < m; ii += %d) {\n"
            "    int il = ii + %d < m ? ii + %d : m;\n"
            "    for (int jj = 0; jj < n; jj += %d) {\n"
            "      int jl = jj + %d < n ? jj + %d : n;\n"
            "      for (int kk = 0; kk < p; kk += %d) {\n"
            "        int kl = kk + %d < p ? kk + %d : p;\n"
            "        for (int i = ii; i < il; i++)\n"
            "          for (int j = jj; j < jl; j++) {\n"
            "%s\n"
            "            for (int k = kk; k < kl; k++)\n"
            "              C[i * ld + j] = C[i * ld + j] + A[i * ld + k] * B[k * ld + j];\n"
            "          }\n"
            "      }\n"
            "    }\n"
            "  }\n" % (it, it, it, jt, jt, jt, kt, kt, kt, unroll(u)))
    return name, HEAD % name + body + "}\n"


def versions():
    out = [v13(u) for u in ("e", "1", "8")]
    out += [v14("e", i, j) for i, j in itertools.product((1, 2, 4, 8, 16, 32), (32, 64, 512, 1024))]
    out += [v15(u, i, j, k) for u, i, j, k in
            itertools.product(("e", "1", "2", "8"), (1, 2, 4, 8), (1, 8, 32), (1, 2, 4, 8))]
    return out


def launcher(fname, ttype, names):
    s = ("static void %s(int m, int n, int p, const double *A, const double *B, double *C,\n"
         "    int ld) {\n" % fname)
    for name in names:
        s += "#pragma omp task define(%d)\n  %s(m, n, p, A, B, C, ld);\n" % (ttype, name)
    return s + "#pragma omp task run(%d)\n#pragma omp taskwait\n}\n" % ttype


def main():
    vs = versions()
    assert len(vs) == 219, len(vs)
    names = [n for n, _ in vs]
    missing = [n for n in SUBSET if n not in names]
    assert len(SUBSET) == 13 and not missing, missing
    with open(sys.argv[1], "w") as f:
        f.write("// Generated by benchmarks/mmul/gen.py: do not edit.\n")
        for _, code in vs:
            f.write(code)
        f.write("#define MMUL_VERSIONS %d\n#define MMUL_SUBSET %d\n" % (len(vs), len(SUBSET)))
        f.write(launcher("solve_all", 1, names))
        f.write(launcher("solve_subset", 2, SUBSET))


if __name__ == "__main__":
    main()

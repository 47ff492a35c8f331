#!/usr/bin/env python3
"""Checks that MVOMP's runtime files form layers (docs/architecture.md).

Every project file of libomp is given a rank, from the bottom up. A file may
call or read only what files of lower rank define (symbols, from the object
files of the libomp build: nm), and include only headers of its own layer or
below (the #include lines of the sources). Either rule broken is a failure,
named with the file and the symbol or header; so is a cycle, which the first
rule excludes. --graph prints the file-level dependencies instead.

usage: test-layers.py [--graph] [SRC_DIR OBJ_DIR]
  SRC_DIR  openmp/runtime/src of the repository (default: this checkout's)
  OBJ_DIR  the libomp build's object files (default:
           $MVOMP_CACHE/build/libomp/runtime/src/CMakeFiles/omp.dir)
"""
import os
import re
import subprocess
import sys

# (file stem, layer), bottom up; within a layer, files in order too.
FILES = [
    ("kmp_versions_policy", "pure"),
    ("kmp_erase_clusters", "pure"),
    ("kmp_erase_power", "pure"),
    ("kmp_erase_model", "pure"),
    ("kmp_grain_model", "pure"),
    ("kmp_mvomp", "base"),
    ("kmp_mvomp_topology", "topology"),
    ("kmp_versions_registry", "versions"),
    ("kmp_versions_io", "versions"),
    ("kmp_versions_store", "versions"),
    ("kmp_versions_share", "versions"),
    ("kmp_versions_dispatch", "versions"),
    ("kmp_versions_launch", "versions"),
    ("kmp_erase_machine", "erase"),
    ("kmp_erase_store", "erase"),
    ("kmp_erase_types", "erase"),
    ("kmp_erase_sched", "erase"),
    ("kmp_grain", "grain"),
]
LAYERS = ["pure", "base", "topology", "versions", "erase", "grain"]
# Headers and the layer that owns them.
HEADERS = {
    "kmp_versions_policy.h": "pure",
    "kmp_erase_limits.h": "pure",
    "kmp_mvomp_text.h": "pure",
    "kmp_erase_clusters.h": "pure",
    "kmp_erase_power.h": "pure",
    "kmp_erase_model.h": "pure",
    "kmp_grain_model.h": "pure",
    "kmp_mvomp.h": "base",
    "mvomp.h": "base",
    "kmp_mvomp_topology.h": "topology",
    "kmp_versions.h": "versions",
    "kmp_versions_internal.h": "versions",
    "kmp_erase.h": "erase",
    "kmp_erase_internal.h": "erase",
    "kmp_grain.h": "grain",
}
# The pure libraries may include nothing of libomp's.
LIBOMP_HEADER = re.compile(r'"(kmp|omp)[^"]*\.h"')


def nm(path, *flags):
    out = subprocess.run(["nm", *flags, path], capture_output=True, text=True,
                         check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def main(argv):
    graph = "--graph" in argv
    args = [a for a in argv if a != "--graph"]
    here = os.path.dirname(os.path.abspath(__file__))
    src = args[0] if args else os.path.join(here, "../../openmp/runtime/src")
    cache = os.environ.get("MVOMP_CACHE", os.path.expanduser("~/.cache/mvomp"))
    obj = args[1] if len(args) > 1 else os.path.join(
        cache, "build/libomp/runtime/src/CMakeFiles/omp.dir")
    rank = {stem: i for i, (stem, _) in enumerate(FILES)}
    layer = dict(FILES)
    errors = []

    # The project's own runtime files must all be ranked.
    for name in sorted(os.listdir(src)):
        m = re.match(r"(kmp_(?:mvomp|versions|erase|grain)\w*)\.cpp$", name)
        if m and m.group(1) not in rank:
            errors.append(f"{name}: not in this test's list of layers")

    defined, used = {}, {}
    for stem, _ in FILES:
        o = os.path.join(obj, stem + ".cpp.o")
        if not os.path.exists(o):
            sys.exit(f"test-layers: no object file {o}; build libomp first "
                     "(scripts/build.sh)")
        defined[stem] = nm(o, "--defined-only", "-g")
        used[stem] = nm(o, "-u")
    owner = {sym: stem for stem, syms in defined.items() for sym in syms}

    edges = {}
    for stem, syms in used.items():
        for sym in sorted(syms):
            dep = owner.get(sym)
            if dep is None or dep == stem:
                continue
            edges.setdefault((stem, dep), []).append(sym)
            if rank[dep] > rank[stem]:
                errors.append(f"{stem}.cpp uses {sym} of {dep}.cpp, a file "
                              f"above it ({layer[dep]} layer)")

    # Includes: only headers of the file's own layer or below.
    for stem, lay in FILES:
        for ext in (".cpp", ".h"):
            path = os.path.join(src, stem + ext)
            if not os.path.exists(path):
                continue
            for lineno, line in enumerate(open(path), 1):
                m = re.match(r'\s*#\s*include\s+("[^"]+")', line)
                if not m:
                    continue
                header = m.group(1).strip('"')
                if lay == "pure" and LIBOMP_HEADER.match(m.group(1)) and \
                        HEADERS.get(header) != "pure":
                    errors.append(f"{stem}{ext}:{lineno}: a pure library "
                                  f"includes libomp's {header}")
                hl = HEADERS.get(header)
                if hl and LAYERS.index(hl) > LAYERS.index(lay):
                    errors.append(f"{stem}{ext}:{lineno}: includes {header} "
                                  f"of the {hl} layer, above {lay}")

    if graph:
        for (a, b), syms in sorted(edges.items(), key=lambda e: (rank[e[0][0]], rank[e[0][1]])):
            print(f"{a} -> {b}: {', '.join(syms[:4])}{' ...' if len(syms) > 4 else ''}")
    for e in errors:
        print("test-layers: " + e, file=sys.stderr)
    if errors:
        return 1
    print(f"test-layers: {len(FILES)} files in {len(LAYERS)} layers, "
          f"{len(edges)} dependencies, all downwards")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

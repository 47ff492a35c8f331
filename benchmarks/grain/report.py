#!/usr/bin/env python3
"""The table and plots of scripts/bench-grain.sh compare (docs/grain.md).

usage: report.py samples.csv grain.model OUTDIR

For every (workload, threads, size): the median over rounds of the time of one
execution for libomp's default grain, OMP_TASKLOOP_GRAIN=auto from an empty
store (auto) and from the first run's store (auto2), every fixed grain of the
sweep, and the sweep's best grain run as often as auto and the default; the ratios of auto and auto2 to the best fixed grain and to the
default; the grain auto settled on; the flat region the runtime predicted and
the one measured (grains within 5% of the best). Plots (OUTDIR/grain-*.png):
time against grain size, measured and modelled (Formula 5.11), the predicted
flat region shaded, the default and the settled grain marked.
"""
import csv
import math
import os
import statistics
import sys
from collections import defaultdict


def read_model(path):
    m = {"alpha_us": 2.674, "sigma": 0.0268, "lambda_b": 0.1, "lambda_s": 0.1}
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].split()
            if len(line) == 2:
                m[line[0]] = float(line[1])
    return m


def predict(m, work_ns, tasks, n):
    """Formula 5.11 (the runtime's __kmp_grain_predict)."""
    k = math.ceil(tasks / n)
    busy = min(tasks, n)
    return m["alpha_us"] * 1000 * k + k * work_ns / tasks * (1 + m["sigma"] * (busy - 1))


def flat(m, work_ns, n):
    """Formula 5.29, in ns of work per task (one thread: no imbalance bound)."""
    lo = math.sqrt(m["alpha_us"] * 1000 / n * work_ns / m["lambda_b"])
    hi = work_ns if n == 1 else work_ns / ((1 + math.ceil(1 / m["lambda_s"])) * n)
    return lo, hi


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    samples, model, out = argv[1], read_model(argv[2]), argv[3]
    rows = defaultdict(list)
    with open(samples) as f:
        for r in csv.DictReader(f):
            rows[(r["kind"], int(r["threads"]), int(r["cell"]))].append(r)
    print("| workload | threads | size | trip | best grain of the sweep | it, run as auto is (us) | default (us) "
          "| auto (us) | auto 2nd run (us) | auto / best | auto 2nd / best | auto / default "
          "| auto 2nd / default | auto settled on | predicted flat | measured flat (5%) |")
    print("|" + "---|" * 16)
    plots = []
    for key in sorted(rows):
        kind, n, cell = key
        rs = rows[key]
        med = lambda cfg: statistics.median(float(r["per_exec_ns"]) for r in rs if r["config"] == cfg)
        fixed = defaultdict(list)
        iters = []
        for r in rs:
            if r["config"] == "fixed":
                fixed[int(r["grain"])].append(float(r["per_exec_ns"]))
                iters.append(float(r["iter_ns"]))
        if not fixed:
            continue
        fmed = {g: statistics.median(v) for g, v in fixed.items()}
        best_g = min(fmed, key=fmed.get)
        best = med("best")  # the sweep's best grain, run as auto and the default are
        trip = max(fmed) if kind == "forloop" else max(
            int(r["grain"]) * int(r["tasks"]) for r in rs if r["config"] == "fixed")
        measured = [g for g, t in fmed.items() if t <= 1.05 * fmed[best_g]]
        d, a, a2 = med("default"), med("auto"), med("auto2")
        autos = [r for r in rs if r["config"] == "auto2"]
        settled = statistics.median(int(r["grain"]) for r in autos)
        lo = statistics.median(float(r["flat_lo"]) for r in autos)
        hi = statistics.median(float(r["flat_hi"]) for r in autos)
        if lo == hi == 0:  # one thread: one task, no region asked for
            iter_ns = statistics.median(iters)
            lo, hi = (x / iter_ns for x in flat(model, trip * iter_ns, n))
        print(f"| {kind} | {n} | {cell} | {trip} | {best_g} | {best / 1e3:.1f} | {d / 1e3:.1f} "
              f"| {a / 1e3:.1f} | {a2 / 1e3:.1f} | {a / best:.3f} | {a2 / best:.3f} "
              f"| {a / d:.3f} | {a2 / d:.3f} | {settled:.0f} | {min(lo, hi):.0f}..{max(lo, hi):.0f} "
              f"| {min(measured)}..{max(measured)} |")
        plots.append((key, fmed, trip, statistics.median(iters), d, settled, n))
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("\n(no plots: python3-matplotlib is not installed)")
        return
    for kind in sorted({k[0] for k, *_ in plots}):
        mine = [p for p in plots if p[0][0] == kind]
        cols = len({p[0][2] for p in mine})
        ths = sorted({p[0][1] for p in mine})
        fig, axes = plt.subplots(len(ths), cols, figsize=(4 * cols, 3.3 * len(ths)), squeeze=False)
        cells = sorted({p[0][2] for p in mine})
        for (k, fmed, trip, iter_ns, d, settled, n) in mine:
            ax = axes[ths.index(k[1])][cells.index(k[2])]
            gs = sorted(fmed)
            ax.loglog(gs, [fmed[g] / 1e3 for g in gs], "o-", ms=3, label="measured (fixed grain)")
            work = trip * iter_ns
            ax.loglog(gs, [predict(model, work, math.ceil(trip / g), n) / 1e3 for g in gs],
                      "--", label="model (Formula 5.11)")
            lo, hi = flat(model, work, n)
            lo, hi = sorted((lo / iter_ns, hi / iter_ns))
            ax.axvspan(max(lo, 1), min(hi, trip), color="green", alpha=0.15, label="predicted flat")
            ax.axvline(max(trip // min(10 * n, trip), 1), color="grey", ls=":", label="libomp default")
            ax.axvline(settled, color="red", label="auto settled")
            ax.set_title(f"{kind} {k[2]}, {n} thread{'s' if n > 1 else ''}", fontsize=9)
            ax.set_xlabel("grain (iterations per task)", fontsize=8)
            ax.set_ylabel("time per execution (us)", fontsize=8)
        axes[0][0].legend(fontsize=6)
        fig.tight_layout()
        path = os.path.join(out, f"grain-{kind}.png")
        fig.savefig(path, dpi=90)
        print(f"\nplot: {path}")


if __name__ == "__main__":
    main(sys.argv)

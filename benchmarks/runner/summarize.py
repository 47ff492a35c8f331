#!/usr/bin/env python3
"""Summaries for the benchmark runner (scripts/bench-cholesky.sh) and the demo.

  summarize.py table RESULTS.tsv      RESULTS.tsv: config<TAB>threads<TAB>seconds, one line per run.
      Prints, per thread count, a table shaped like thesis 000 Tables 4.3/4.5: mean time and its
      99.7% confidence interval (mean +- 3 s / sqrt(runs)), median, and "% over the best single
      version" (the fastest fixed:<version> configuration, by median, in the same file).
  summarize.py kernels STATS.csv      Per task type of a stats.csv (docs/runtime.md): executions and
      mean time of each version, and the version the run settled on (the most executed).
"""
import csv
import math
import statistics
import sys
from collections import defaultdict

KERNELS = {"1": "strsm", "2": "ssyrk", "3": "sgemm"}


def table(path):
    runs = defaultdict(list)
    order = []
    with open(path) as f:
        for line in f:
            config, threads, secs = line.rstrip("\n").split("\t")
            key = (int(threads), config)
            if key not in runs:
                order.append(key)
            runs[key].append(float(secs))
    for threads in sorted({t for t, _ in order}):
        keys = [k for k in order if k[0] == threads]
        fixed = {c: statistics.median(runs[(t, c)]) for t, c in keys if c.startswith("fixed:")}
        best = min(fixed, key=fixed.get) if fixed else None
        print(f"\n{threads} thread(s); best single version: {best}\n")
        print("| configuration | runs | mean (s) | 99.7% CI (s) | median (s) | % over best single |")
        print("|---|---|---|---|---|---|")
        for _, config in keys:
            xs = runs[(threads, config)]
            mean = statistics.fmean(xs)
            ci = 3 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
            med = statistics.median(xs)
            over = f"{(med / fixed[best] - 1) * 100:+.1f}%" if best else "n/a"
            print(f"| {config} | {len(xs)} | {mean:.3f} | ±{ci:.3f} | {med:.3f} | {over} |")


def kernels(path):
    rows = defaultdict(list)
    with open(path) as f:
        for r in csv.DictReader(f):
            rows[r["type"]].append(r)
    for t in sorted(rows, key=int):
        rs = rows[t]
        total = sum(int(r["count"]) for r in rs)
        settled = max(rs, key=lambda r: int(r["count"]))
        print(f"  {KERNELS.get(t, 'type ' + t)}: {total} tasks, settled on {settled['name']}")
        for r in rs:
            n = int(r["count"])
            mean = f"{float(r['mean_ns']) / 1e6:8.2f} ms" if n else "       -   "
            print(f"    {r['name']:<16} {n:5d} runs, mean {mean}")


if __name__ == "__main__":
    {"table": table, "kernels": kernels}[sys.argv[1]](sys.argv[2])

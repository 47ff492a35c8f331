#!/usr/bin/env python3
"""Summaries for the benchmark runner (scripts/bench-cholesky.sh) and the demo.

  summarize.py table RESULTS.tsv...   RESULTS.tsv: config<TAB>threads<TAB>seconds, one line per run;
      several files are pooled (their rounds kept apart for "paired").
      Prints, per thread count, a table shaped like thesis 000 Tables 4.3/4.5: mean time and its
      99.7% confidence interval (mean +- 3 s / sqrt(runs)), median, "% over the best single
      version" (the fastest fixed:<version> configuration, by median, in the same file: the ratio
      of the medians), and "paired": the median over rounds of the ratio of each run to the best
      single version's run of the same round (the i-th line of a configuration belongs to round i),
      which leaves out the slow phases of the machine that a whole round shares.
  summarize.py prise OUT...           OUT: outputs of benchmarks/prise named POLICY-CLASSES-SEED.txt.
      Per policy and classes per octave, averaged over the seeds: accuracy and time lost per
      window of launches, and over the last 100 launches and the whole run.
  summarize.py floor RANK.tsv LEAVES   RANK.tsv: version<TAB>seconds, each version forced for a whole
      run (scripts/bench-mmul.sh rank). What the exploration rules cost at least in a run of LEAVES
      tasks: running every version r times instead of the fastest adds r * sum(t_v / t_best - 1)
      executions of the fastest, as a % of its run, whatever the policy chooses afterwards.
  summarize.py kernels STATS.csv      Per task type of a stats.csv (docs/runtime.md): executions and
      mean time of each version, and the version the run settled on (the most executed).
  summarize.py median                 The median of the whitespace-separated numbers on stdin
      (the scripts/bench-*.sh runners' statistic, through scripts/common.sh's median).
  summarize.py ratio A B              A / B (the runners' ratios, through common.sh's ratio).
Every benchmark summary of the project is computed here; the shell runners only collect samples.
"""
import math
import os
import re
import statistics
import sys
from collections import defaultdict

KERNELS = {"1": "strsm", "2": "ssyrk", "3": "sgemm"}


def table(paths):
    runs = defaultdict(list)  # (threads, config) -> seconds
    rounds = defaultdict(list)  # (threads, config) -> (file, round) of each run
    order = []
    for p, path in enumerate(paths):
        seen = defaultdict(int)
        with open(path) as f:
            for line in f:
                config, threads, secs = line.rstrip("\n").split("\t")
                key = (int(threads), config)
                if key not in runs:
                    order.append(key)
                runs[key].append(float(secs))
                rounds[key].append((p, seen[key]))
                seen[key] += 1
    for threads in sorted({t for t, _ in order}):
        keys = [k for k in order if k[0] == threads]
        fixed = {c: statistics.median(runs[(t, c)]) for t, c in keys if c.startswith("fixed:")}
        best = min(fixed, key=fixed.get) if fixed else None
        print(f"\n{threads} thread(s); best single version: {best}\n")
        print("| configuration | runs | mean (s) | 99.7% CI (s) | median (s) | % over best single "
              "| paired |")
        print("|---|---|---|---|---|---|---|")
        for _, config in keys:
            xs = runs[(threads, config)]
            mean = statistics.fmean(xs)
            ci = 3 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
            med = statistics.median(xs)
            over = paired = "n/a"
            if best:
                over = f"{(med / fixed[best] - 1) * 100:+.1f}%"
                base = dict(zip(rounds[(threads, best)], runs[(threads, best)]))
                ratios = [x / base[r] for x, r in zip(xs, rounds[(threads, config)]) if r in base]
                if ratios:
                    paired = f"{(statistics.median(ratios) - 1) * 100:+.1f}%"
            print(f"| {config} | {len(xs)} | {mean:.3f} | ±{ci:.3f} | {med:.3f} | {over} "
                  f"| {paired} |")


def kernels(path):
    from _mvomp import files  # the `mvomp` command's reader of stats.csv
    by_type = defaultdict(list)
    for (t, _, _, _), arms in files.read_stats(path).items():
        by_type[t].extend(arms.values())
    for t in sorted(by_type):
        arms = by_type[t]
        total = sum(a.n for a in arms)
        settled = max(arms, key=lambda a: a.n)
        print(f"  {KERNELS.get(str(t), 'type ' + str(t))}: {total} tasks, settled on {settled.name}")
        for a in arms:
            mean = f"{a.mean / 1e6:8.2f} ms" if a.n else "       -   "
            print(f"    {a.name:<16} {a.n:5d} runs, mean {mean}")


def floor(path, leaves):
    with open(path) as f:
        secs = [float(line.split("\t")[1]) for line in f if line.strip()]
    best = min(secs)
    extra = sum(t / best - 1 for t in secs)  # in executions of the fastest, per round of all
    print(f"{len(secs)} versions, {extra / len(secs) + 1:.2f}x the fastest on average; "
          f"exploration in a run of {leaves} tasks costs at least:\n")
    print("| rule | executions | % of the fastest version's run |")
    print("|---|---|---|")
    for rule, r in (("Mean, 1 repetition", 1), ("Mean, 2 repetitions", 2),
                    ("UCB (2 each)", 2), ("Mean, 5 repetitions (default)", 5)):
        print(f"| {rule} | {r * len(secs)} | {100 * r * extra / leaves:.2f}% |")


def _classes(c):
    return "none: each size its cost" if c < 0 else str(c)


def prise(paths):
    row = re.compile(r"^\| (\d+-\d+) \| ([\d.]+)% \| ([\d.]+)% \| ([+-][\d.]+)% \|$")
    summary = re.compile(r"accuracy-last100 ([\d.]+), lost-last100 ([-\d.]+), lost-all ([-\d.]+)"
                         r"(?:, within2-after\d+ ([\d.]+), oracle-self ([\d.]+))?"
                         r"(?:, oracle-self-lost ([-\d.]+))?")
    runs = defaultdict(list)  # (policy, classes) -> [(windows, summary)]
    for path in paths:
        # POLICY-CLASSES-SEED.txt; CLASSES may be -1 (no classes: each size its own cost).
        m = re.match(r"^(.+?)-(-?\d+)-(\d+)$", os.path.basename(path)[:-4])
        if not m:
            sys.exit(f"summarize.py prise: {path}: not named POLICY-CLASSES-SEED.txt")
        policy, classes = m.group(1), m.group(2)
        windows, last = [], None
        with open(path) as f:
            for line in f:
                m = row.match(line.strip())
                if m:
                    windows.append((m.group(1), float(m.group(2)), float(m.group(4))))
                m = summary.search(line)
                if m:
                    # Outputs older than the within-2% measure have no fourth number, older
                    # than the second oracle's time lost no sixth.
                    last = [float(x) if x is not None else float("nan") for x in m.groups()]
        runs[(policy, int(classes))].append((windows, last))
    keys = sorted(runs, key=lambda k: (k[0], k[1]))
    spans = [w[0] for w in runs[keys[0]][0][0]]
    mean = statistics.fmean
    for title, col in (("accuracy (% of launches that ran the best version)", 1),
                       ("time lost (% over the best version of each size)", 2)):
        print(f"\n{title}, mean of {len(runs[keys[0]])} seeds, per window of launches\n")
        print("| policy | classes/octave | " + " | ".join(spans) + " |")
        print("|---|---|" + "---|" * len(spans))
        for k in keys:
            cells = [mean(r[0][i][col] for r in runs[k]) for i in range(len(spans))]
            fmt = "{:.1f}" if col == 1 else "{:+.1f}"
            print(f"| {k[0]} | {_classes(k[1])} | " + " | ".join(fmt.format(c) for c in cells) + " |")
    print("\n| policy | classes/octave | accuracy, last 100 | within 2% of the best, after launch 170"
          " | the same for a second oracle | time lost, last 100 | time lost, all"
          " | the same for a second oracle |")
    print("|---|---|---|---|---|---|---|---|")
    for k in keys:
        acc, lost100, lost, late, self_, self_lost = (
            mean(r[1][i] for r in runs[k]) for i in range(6))
        print(f"| {k[0]} | {_classes(k[1])} | {acc * 100:.1f}% | {late * 100:.1f}% | "
              f"{self_ * 100:.1f}% | {lost100 * 100:+.1f}% | {lost * 100:+.1f}% | "
              f"{'n/a' if math.isnan(self_lost) else f'{self_lost * 100:+.1f}%'} |")


def median_of(text):
    values = [float(v) for v in text.split()]
    if not values:
        sys.exit("summarize.py median: no numbers on stdin")
    return statistics.median(values)


def ratio(a, b):
    return float(a) / float(b) if float(b) != 0 else float("nan")


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"table": lambda: table(args), "prise": lambda: prise(args),
     "floor": lambda: floor(args[0], int(args[1])), "kernels": lambda: kernels(args[0]),
     "median": lambda: print(f"{median_of(sys.stdin.read()):.9g}"),
     "ratio": lambda: print(f"{ratio(args[0], args[1]):.9g}")}[cmd]()

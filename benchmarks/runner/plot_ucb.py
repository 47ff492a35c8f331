#!/usr/bin/env python3
"""The UCB bound of each version along a run (like thesis 000 Fig. 4.5), from its trace.csv.

  plot_ucb.py TYPE TRACE.csv OUT.png [K]

Replays the executions of task type TYPE in the order they finished (the order in which the
runtime recorded them), keeping per version the count, Welford mean and m2, and after each one
plots every version's lower confidence bound mean - sqrt(K * s^2 * ln(t - 1) / n) (K: OMP_UCB,
default 16), the quantity OMP_SELECT=ucb minimises (docs/runtime.md). Versions with fewer than 2
executions have no bound yet. Uses Debian's python3-matplotlib and python3-pandas.
"""
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def main(task_type, trace, out, k=16.0):
    df = pd.read_csv(trace)
    df = df[df["type"] == task_type].sort_values("end").reset_index(drop=True)
    if df.empty:
        sys.exit(f"{trace}: no execution of task type {task_type}")
    names = df.groupby("version")["name"].first().sort_index()
    stats = {v: [0, 0.0, 0.0] for v in names.index}  # n, mean, m2 (ms)
    series = {v: ([], []) for v in names.index}
    for t, row in enumerate(df.itertuples(), start=1):
        s = stats[row.version]
        x = row.time / 1e6
        s[0] += 1
        d = x - s[1]
        s[1] += d / s[0]
        s[2] += d * (x - s[1])
        for v, (n, mean, m2) in stats.items():
            if n >= 2 and t > 1:
                bound = mean - math.sqrt(k * m2 / (n - 1) * math.log(t - 1) / n)
                series[v][0].append(t)
                series[v][1].append(bound)
    fig, ax = plt.subplots(figsize=(9, 4))
    for v, (ts, bs) in series.items():
        ax.plot(ts, bs, label=names[v])
    ax.set_yscale("symlog", linthresh=0.01)
    ax.set_xlabel(f"executions of task type {task_type} completed (t)")
    ax.set_ylabel("lower confidence bound (ms)")
    ax.set_title(f"UCB bound of each version, k = {k:g} (lowest runs next)")
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3], *(float(a) for a in sys.argv[4:5]))

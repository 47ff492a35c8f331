#!/usr/bin/env python3
"""Gantt chart of a trace.csv (docs/runtime.md): one row per thread, one bar per executed
version, coloured by version name, one panel per task type.

  plot_trace.py TRACE.csv OUT.png [TITLE]

Uses Debian's python3-matplotlib and python3-pandas.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def main(trace, out, title=None):
    df = pd.read_csv(trace)
    if df.empty:
        sys.exit(f"{trace}: no executions traced (was OMP_SELECT_TRACE set?)")
    t0 = df["start"].min()
    df["start_ms"] = (df["start"] - t0) / 1e6
    df["dur_ms"] = (df["end"] - df["start"]) / 1e6
    names = sorted(df["name"].unique())
    colours = {n: plt.cm.tab20(i % 20) for i, n in enumerate(names)}
    threads = sorted(df["thread"].unique())
    fig, ax = plt.subplots(figsize=(10, 0.5 + 0.45 * len(threads) + 0.25 * len(names)))
    for name in names:
        part = df[df["name"] == name]
        for th in threads:
            rows = part[part["thread"] == th]
            ax.broken_barh(list(zip(rows["start_ms"], rows["dur_ms"])), (th - 0.4, 0.8),
                           facecolors=colours[name], edgecolor="none")
    ax.set_yticks(threads)
    ax.set_yticklabels([f"thread {t}" for t in threads])
    ax.invert_yaxis()
    ax.set_xlabel("time since the first traced task (ms)")
    ax.set_title(title or f"{trace}: {len(df)} executions")
    handles = [plt.Rectangle((0, 0), 1, 1, color=colours[n]) for n in names]
    ax.legend(handles, names, loc="upper center", bbox_to_anchor=(0.5, -0.18),
              ncol=min(4, len(names)), fontsize="small", frameon=False)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(*sys.argv[1:4])

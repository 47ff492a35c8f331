#!/usr/bin/env python3
"""Per-policy plots from trace.csv files (docs/runtime.md), one file per policy run:

  plot_policies.py TYPE OUT_PREFIX POLICY=TRACE.csv [POLICY=TRACE.csv ...]

writes, for task type TYPE,
  OUT_PREFIX-choices.png  the version chosen by each of the first 200 executions, one panel
                          per policy (like thesis 000 Fig. B.1);
  OUT_PREFIX-time.png     the execution time of the type's tasks along the run, as a moving
                          average over 20 executions, one line per policy (like Fig. 4.4).
Executions are ordered by start time. Uses Debian's python3-matplotlib and python3-pandas.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


def load(path, task_type):
    df = pd.read_csv(path)
    df = df[df["type"] == task_type].sort_values("start").reset_index(drop=True)
    if df.empty:
        sys.exit(f"{path}: no execution of task type {task_type}")
    return df


def main(task_type, prefix, runs):
    traces = [(p, load(t, task_type)) for p, t in runs]
    names = traces[0][1].groupby("version")["name"].first().sort_index()

    fig, axes = plt.subplots(len(traces), 1, sharex=True, squeeze=False,
                             figsize=(9, 1.2 + 1.3 * len(traces)))
    for ax, (policy, df) in zip(axes[:, 0], traces):
        first = df.head(200)
        ax.scatter(first.index, first["version"], s=6)
        ax.set_yticks(list(names.index))
        ax.set_yticklabels(list(names.values), fontsize="small")
        ax.set_ylim(min(names.index) - 0.5, max(names.index) + 0.5)
        ax.set_ylabel(policy)
    axes[-1, 0].set_xlabel(f"execution of task type {task_type} (in start order)")
    fig.suptitle(f"Version chosen, first 200 executions of task type {task_type}")
    fig.tight_layout()
    fig.savefig(f"{prefix}-choices.png", dpi=110)

    fig, ax = plt.subplots(figsize=(9, 4))
    for policy, df in traces:
        ms = (df["time"] / 1e6).rolling(20, min_periods=1).mean()
        ax.plot(df.index, ms, label=policy)
    ax.set_yscale("log")
    ax.set_xlabel(f"execution of task type {task_type} (in start order)")
    ax.set_ylabel("time per task (ms), moving average of 20")
    ax.legend()
    ax.set_title(f"Time per task of type {task_type} along the run")
    fig.tight_layout()
    fig.savefig(f"{prefix}-time.png", dpi=110)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(int(sys.argv[1]), sys.argv[2], [a.split("=", 1) for a in sys.argv[3:]])

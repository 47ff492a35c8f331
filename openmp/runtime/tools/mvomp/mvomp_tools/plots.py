"""The plots of a run (docs/tools.md, docs/benchmarks.md): Gantt chart by version, time per task
along the run, the version chosen over the first executions, and UCB's bounds. They read the
files through files.py; Debian's python3-matplotlib draws them.
"""
import math
from collections import OrderedDict

from .files import InputError


class MissingDependency(Exception):
    """A Debian package the command needs is not installed."""


def _plt():
    try:
        import matplotlib
    except ImportError:
        raise MissingDependency("plots need matplotlib: apt-get install python3-matplotlib "
                                "(scripts/deps.sh installs it)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _of_type(trace, task_type, path, order="start"):
    rows = [e for e in trace if task_type is None or e.type == task_type]
    if not rows:
        raise InputError(f"{path}: no execution of task type {task_type}" if task_type is not None
                         else f"{path}: no executions traced (was OMP_SELECT_TRACE set?)")
    return sorted(rows, key=lambda e: getattr(e, order))


def _names(rows):
    names = OrderedDict()
    for e in sorted(rows, key=lambda e: (e.type, e.version)):
        names.setdefault((e.type, e.version), e.name)
    return names


def gantt(trace, path, out, title=None):
    """One row per thread, one bar per executed version, coloured by version name."""
    plt = _plt()
    rows = _of_type(trace, None, path)
    t0 = min(e.start for e in rows)
    names = sorted({e.name for e in rows})
    colours = {n: plt.cm.tab20(i % 20) for i, n in enumerate(names)}
    threads = sorted({e.thread for e in rows})
    fig, ax = plt.subplots(figsize=(10, 0.5 + 0.45 * len(threads) + 0.25 * len(names)))
    for name in names:
        for th in threads:
            bars = [((e.start - t0) / 1e6, (e.end - e.start) / 1e6) for e in rows
                    if e.name == name and e.thread == th]
            if bars:
                ax.broken_barh(bars, (th - 0.4, 0.8), facecolors=colours[name], edgecolor="none")
    ax.set_yticks(threads)
    ax.set_yticklabels([f"thread {t}" for t in threads])
    ax.invert_yaxis()
    ax.set_xlabel("time since the first traced task (ms)")
    ax.set_title(title or f"{path}: {len(rows)} executions")
    handles = [plt.Rectangle((0, 0), 1, 1, color=colours[n]) for n in names]
    ax.legend(handles, names, loc="upper center", bbox_to_anchor=(0.5, -0.18),
              ncol=min(4, len(names)), fontsize="small", frameon=False)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def choices(runs, task_type, out, first=200):
    """The version chosen by each of the first executions of a type, one panel per run
    (runs: a list of (label, trace, path)); thesis 000 Fig. B.1."""
    plt = _plt()
    data = [(label, _of_type(trace, task_type, path)) for label, trace, path in runs]
    names = _names(data[0][1])
    versions = sorted(v for (_, v) in names)
    fig, axes = plt.subplots(len(data), 1, sharex=True, squeeze=False,
                             figsize=(9, 1.2 + 1.3 * len(data)))
    for ax, (label, rows) in zip(axes[:, 0], data):
        head = rows[:first]
        ax.scatter(range(len(head)), [e.version for e in head], s=6)
        ax.set_yticks(versions)
        ax.set_yticklabels([names[(task_type, v)] for v in versions], fontsize="small")
        ax.set_ylim(min(versions) - 0.5, max(versions) + 0.5)
        ax.set_ylabel(label)
    axes[-1, 0].set_xlabel(f"execution of task type {task_type} (in start order)")
    fig.suptitle(f"Version chosen, first {first} executions of task type {task_type}")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def times(runs, task_type, out, window=20):
    """Time per task of a type along the run, moving average over `window` executions, one
    line per run (runs as for choices; every type when task_type is None); thesis 000 Fig. 4.4."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(9, 4))
    for label, trace, path in runs:
        types = sorted({e.type for e in trace}) if task_type is None else [task_type]
        for t in types:
            rows = _of_type(trace, t, path)
            ms = [e.time / 1e6 for e in rows]
            avg = [sum(ms[max(0, i - window + 1):i + 1]) / (i + 1 - max(0, i - window + 1))
                   for i in range(len(ms))]
            name = label if len(types) == 1 else f"{label} type {t}"
            ax.plot(range(len(avg)), avg, label=name)
    ax.set_yscale("log")
    ax.set_xlabel("execution (in start order)")
    ax.set_ylabel(f"time per task (ms), moving average of {window}")
    ax.legend(fontsize="small")
    ax.set_title("Time per task along the run" +
                 (f", task type {task_type}" if task_type is not None else ""))
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def ucb(trace, path, task_type, out, k=16.0):
    """Replays a type's executions in the order they finished and plots each version's lower
    confidence bound mean - sqrt(k s^2 ln(t - 1) / n) after each (thesis 000 Fig. 4.5)."""
    plt = _plt()
    rows = _of_type(trace, task_type, path, order="end")
    names = _names(rows)
    stats = {v: [0, 0.0, 0.0] for (_, v) in names}  # n, mean, m2 (ms)
    series = {v: ([], []) for (_, v) in names}
    for t, e in enumerate(rows, start=1):
        s = stats[e.version]
        x = e.time / 1e6
        s[0] += 1
        d = x - s[1]
        s[1] += d / s[0]
        s[2] += d * (x - s[1])
        for v, (n, mean, m2) in stats.items():
            if n >= 2 and t > 1:
                series[v][0].append(t)
                series[v][1].append(mean - math.sqrt(k * m2 / (n - 1) * math.log(t - 1) / n))
    fig, ax = plt.subplots(figsize=(9, 4))
    for (_, v), name in names.items():
        ax.plot(series[v][0], series[v][1], label=name)
    ax.set_yscale("symlog", linthresh=0.01)
    ax.set_xlabel(f"executions of task type {task_type} completed (t)")
    ax.set_ylabel("lower confidence bound (ms)")
    ax.set_title(f"UCB bound of each version, k = {k:g} (lowest runs next)")
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)

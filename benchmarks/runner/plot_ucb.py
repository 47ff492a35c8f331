#!/usr/bin/env python3
"""The UCB bound of each version along a run (like thesis 000 Fig. 4.5), from its trace.csv;
the same as `mvomp plot ucb` (docs/tools.md).

  plot_ucb.py TYPE TRACE.csv OUT.png [K]

Replays the executions of task type TYPE in the order they finished (the order in which the
runtime recorded them), keeping per version the count, Welford mean and m2, and after each one
plots every version's lower confidence bound mean - sqrt(K * s^2 * ln(t - 1) / n) (K: OMP_UCB,
default 16), the quantity OMP_SELECT=ucb minimises (docs/runtime.md). Versions with fewer than 2
executions have no bound yet.
"""
import sys

from _mvomp import files, plots, run

if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    k = float(sys.argv[4]) if len(sys.argv) > 4 else 16.0
    run(lambda: plots.ucb(files.read_trace(sys.argv[2]), sys.argv[2], int(sys.argv[1]),
                          sys.argv[3], k))

#!/usr/bin/env python3
"""Per-policy plots from trace.csv files (docs/runtime.md), one file per policy run:

  plot_policies.py TYPE OUT_PREFIX POLICY=TRACE.csv [POLICY=TRACE.csv ...]

writes, for task type TYPE,
  OUT_PREFIX-choices.png  the version chosen by each of the first 200 executions, one panel
                          per policy (like thesis 000 Fig. B.1; `mvomp plot choices`);
  OUT_PREFIX-time.png     the execution time of the type's tasks along the run, as a moving
                          average over 20 executions, one line per policy (like Fig. 4.4;
                          `mvomp plot time`).
Executions are ordered by start time.
"""
import sys

from _mvomp import files, plots, run


def main(task_type, prefix, specs):
    runs = [(label, files.read_trace(path), path) for label, path in specs]
    plots.choices(runs, task_type, f"{prefix}-choices.png")
    plots.times(runs, task_type, f"{prefix}-time.png")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    run(main, int(sys.argv[1]), sys.argv[2], [a.split("=", 1) for a in sys.argv[3:]])

#!/usr/bin/env python3
"""Gantt chart of a trace.csv (docs/runtime.md): one row per thread, one bar per executed
version, coloured by version name. The same as `mvomp plot gantt` (docs/tools.md).

  plot_trace.py TRACE.csv OUT.png [TITLE]
"""
import sys

from _mvomp import files, plots, run

if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    run(lambda: plots.gantt(files.read_trace(sys.argv[1]), sys.argv[1], sys.argv[2],
                            sys.argv[3] if len(sys.argv) > 3 else None))

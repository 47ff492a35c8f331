#!/usr/bin/env python3
"""The exploration cost of runs of a multi-version program, from their traces (trace.csv,
docs/runtime.md): per run, summed over the run's traces (one per MPI rank), the executions of
versions worse than the best, the time they took, and the time they took beyond the best's
median. The best version of each (task type, cost) is the one with the lowest median time over
all the runs given, so that runs compared with each other are charged against the same best; a
version is worse when its median is more than WORSE (10%) above the best's (versions within
that are ties: which of them a run settles on is noise, not exploration).
scripts/bench-hybrid.sh, docs/mpi.md.

usage: explore_cost.py RUN_DIR...   (each holding the trace-*.csv of one run)
prints one line per run: RUN_DIR <executions> <seconds> <seconds beyond the best>
"""
import csv
import glob
import statistics
import sys

WORSE = 1.10


def traces(d):
    rows = []
    for f in sorted(glob.glob(d + "/trace-*.csv")):
        with open(f, newline="") as fh:
            for r in csv.DictReader(fh):
                rows.append(((r["type"], r["cost"]), r["name"], float(r["time"])))
    return rows


def main(dirs):
    if not dirs:
        sys.exit(__doc__)
    runs = {d: traces(d) for d in dirs}
    times = {}
    for rows in runs.values():
        for key, name, t in rows:
            times.setdefault(key, {}).setdefault(name, []).append(t)
    best, worse = {}, set()
    for key, versions in times.items():
        medians = {name: statistics.median(ts) for name, ts in versions.items()}
        best[key] = min(medians.values())
        worse |= {(key, name) for name, m in medians.items() if m > WORSE * best[key]}
    for d, rows in runs.items():
        extra = [(t, t - best[key]) for key, name, t in rows if (key, name) in worse]
        print("%s %d %.6f %.6f" % (d, len(extra), sum(t for t, _ in extra) * 1e-9,
                                   sum(e for _, e in extra) * 1e-9))


if __name__ == "__main__":
    main(sys.argv[1:])

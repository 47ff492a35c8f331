"""The `mvomp` command (docs/tools.md): inspect what MVOMP's runtime learned, judge its choices,
draw them, and open its traces in Perfetto.

Exit status: 0 on success, 2 for bad usage or bad input (one line on stderr naming the file and
line), 1 when `diff` finds changed choices and --check is given.
"""
import argparse
import csv
import json
import os
import sys

from . import analysis, files, perfetto
from .files import InputError

VERSION = "0.1.0"


def _out(path):
    """An output stream: stdout for None or '-', else the file (InputError if it cannot be
    written)."""
    if path in (None, "-"):
        return sys.stdout
    try:
        return open(path, "w")
    except OSError as e:
        raise InputError(f"{path}: cannot write: {e.strerror or e}") from None


def _ns(x):
    if x is None:
        return "-"
    if x >= 1e9:
        return f"{x / 1e9:.3f} s"
    if x >= 1e6:
        return f"{x / 1e6:.3f} ms"
    if x >= 1e3:
        return f"{x / 1e3:.2f} us"
    return f"{x:.0f} ns"


# ---- show -----------------------------------------------------------------------------------

def _least(rows, key, value):
    """Per key(row), the first row with the least value(row)."""
    least = {}
    for x in rows:
        k = key(x)
        if k not in least or value(x) < value(least[k]):
            least[k] = x
    return least


def cmd_show(args):
    results = []
    for path in args.files:
        kind = files.kind_of(path)
        if kind == "trace":
            raise InputError(f"{path}: a trace.csv; use 'mvomp trace' or 'mvomp plot' for it")
        if kind == "stats":
            for key, arms in files.read_stats(path).items():
                s = analysis.summary(key, arms, args.mean_reps, args.ucb_k,
                                     args.eliminate == "on")
                s["file"] = path
                results.append(("stats", s))
        elif kind == "erase-store":
            rows, clusters, runs = files.read_erase_store(path)
            results.append(("erase-store", {"file": path, "clusters": clusters, "runs": runs,
                                            "rows": rows}))
        else:
            rows, energy = files.read_erase(path)
            results.append(("erase", {"file": path, "measured_energy": energy, "rows": rows}))
    out = _out(args.output)
    if args.format == "json":
        doc = []
        for kind, r in results:
            if kind == "stats":
                doc.append(dict(r, kind="stats"))
            elif kind == "erase-store":
                doc.append({"kind": kind, "file": r["file"], "clusters": r["clusters"],
                            "runs": r["runs"],
                            "rows": [{c: getattr(x, c) for c in x.__slots__} for x in r["rows"]]})
            else:
                doc.append({"kind": "erase", "file": r["file"],
                            "measured_energy": r["measured_energy"],
                            "rows": [{c: getattr(x, c) for c in x.__slots__} for x in r["rows"]]})
        json.dump(doc, out, indent=1)
        out.write("\n")
        return 0
    if args.format == "csv":
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["file", "type", "cost", "locality", "cluster", "policy", "version", "name",
                    "count", "mean_ns", "stddev_ns", "ci95_ns", "chosen"])
        for kind, r in results:
            if kind != "stats":
                continue
            for v in r["versions"]:
                w.writerow([r["file"], r["type"], r["cost"], r["locality"], r["cluster"],
                            r["policy"], v["version"], v["name"], v["count"],
                            f"{v['mean_ns']:.1f}", f"{v['stddev_ns']:.1f}",
                            "" if v["ci95_ns"] is None else f"{v['ci95_ns']:.1f}",
                            int(v["name"] == r["choice"])])
        erase = [r for kind, r in results if kind == "erase"]
        if erase:
            w.writerow([])
            w.writerow(["file"] + files.ERASE_COLUMNS)
            for r in erase:
                for x in r["rows"]:
                    w.writerow([r["file"]] + [getattr(x, c) for c in x.__slots__])
        saved = [r for kind, r in results if kind == "erase-store"]
        if saved:
            w.writerow([])
            w.writerow(["file"] + files.ERASE_STORE_COLUMNS)
            for r in saved:
                for x in r["rows"]:
                    w.writerow([r["file"]] + [getattr(x, c) for c in x.__slots__])
        return 0
    for kind, r in results:
        if kind == "stats":
            head = analysis.key_label((r["type"], r["cost"], r["locality"], r["cluster"]))
            out.write(f"{r['file']}: {head} ({r['policy']}): would choose "
                      f"{r['choice']} ({r['why']})\n")
            out.write(f"  {'version':<28} {'count':>8} {'mean':>12} {'95% interval':>14}\n")
            for v in r["versions"]:
                mark = "*" if v["name"] == r["choice"] else " "
                ci = "-" if v["ci95_ns"] is None else "+-" + _ns(v["ci95_ns"])
                out.write(f"{mark} {v['name'][:28]:<28} {v['count']:>8} "
                          f"{_ns(v['mean_ns']) if v['count'] else '-':>12} {ci:>14}\n")
        elif kind == "erase-store":
            out.write(f"{r['file']}: ERASE histories of {r['runs']} run(s), clusters "
                      f"{r['clusters'] or '?'}\n")
            out.write(f"  {'type':<40} {'kind':<9} {'cluster':<10} {'width':>5} "
                      f"{'runs':>5} {'time':>11} {'age':>4}\n")
            fastest = _least(r["rows"], lambda x: (x.kind, x.code), lambda x: x.seconds)
            for x in r["rows"]:
                mark = "*" if fastest[(x.kind, x.code)] is x else " "
                out.write(f"{mark} {x.code[:40]:<40} {x.kind:<9} {x.cluster[:10]:<10} "
                          f"{x.width:>5} {x.executions:>5} {_ns(x.seconds * 1e9):>11} "
                          f"{x.age:>4}\n")
            out.write("  * the fastest configuration of the type (ERASE weighs energy too)\n")
        else:
            out.write(f"{r['file']}: ERASE statistics; measured energy: "
                      f"{r['measured_energy'] or 'not recorded'}\n")
            out.write(f"  {'type':<24} {'kind':<9} {'class':<8} {'cluster':<10} {'width':>5} "
                      f"{'runs':>7} {'loaded':>6} {'mean':>11} {'model':>11} {'J/run':>9} "
                      "energy\n")
            best = _least([x for x in r["rows"] if x.executions], lambda x: x.type,
                          lambda x: x.joules / x.executions)
            for x in r["rows"]:
                mark = "*" if best.get(x.type) is x else " "
                jr = x.joules / x.executions if x.executions else 0.0
                out.write(f"{mark} {x.type[:24]:<24} {x.kind:<9} {x.cls:<8} {x.cluster[:10]:<10} "
                          f"{x.width:>5} {x.executions:>7} {x.loaded:>6} "
                          f"{_ns(x.mean_s * 1e9):>11} "
                          f"{_ns(x.model_s * 1e9):>11} {jr:>9.3g} {x.joules_from}\n")
            out.write("  * the least energy per execution of the type; loaded: executions of "
                      "earlier runs its history started from\n")
    return 0


# ---- report ---------------------------------------------------------------------------------

def cmd_report(args):
    keys = files.read_stats(args.file)
    rows = [r for r in (analysis.report(k, a) for k, a in keys.items()) if r]
    out = _out(args.output)
    if args.format == "json":
        json.dump(rows, out, indent=1)
        out.write("\n")
        return 0
    out.write("| key | executions | best-measured version | time | regret | regret % | "
              "exploring % | still uncertain |\n|---|---|---|---|---|---|---|---|\n")
    total = regret = 0.0
    for r in rows:
        total += r["time_s"]
        regret += r["regret_s"]
        out.write(f"| {analysis.key_label((r['type'], r['cost'], r['locality'], r['cluster']))} "
                  f"| {r['executions']} | {r['best']} ({_ns(r['best_mean_ns'])}) "
                  f"| {r['time_s']:.4g} s | {r['regret_s']:.4g} s | {r['regret_pct']:.1f}% "
                  f"| {r['exploring_pct']:.1f}% | {', '.join(r['uncertain']) or 'no'} |\n")
    if rows:
        out.write(f"\nAll keys: {total:.4g} s of task time, {regret:.4g} s "
                  f"({100 * regret / total if total else 0:.1f}%) more than always running each "
                  f"key's best-measured version.\n")
    return 0


# ---- plot -----------------------------------------------------------------------------------

def cmd_plot(args):
    from . import plots
    traces = []
    for spec in args.files:
        label, _, path = spec.rpartition("=") if "=" in spec else (None, None, spec)
        traces.append((label or os.path.basename(path), files.read_trace(path), path))
    if args.kind == "gantt":
        if len(traces) != 1:
            raise InputError("plot gantt: one trace.csv")
        plots.gantt(traces[0][1], traces[0][2], args.output, args.title)
    elif args.kind == "time":
        plots.times(traces, args.type, args.output, args.window)
    elif args.kind in ("choices", "ucb"):
        task_type = args.type
        if task_type is None:
            types = sorted({e.type for e in traces[0][1]})
            if len(types) != 1:
                raise InputError(f"plot {args.kind}: the trace has task types "
                                 f"{', '.join(map(str, types)) or 'none'}; choose one with --type")
            task_type = types[0]
        if args.kind == "choices":
            plots.choices(traces, task_type, args.output, args.first)
        else:
            if len(traces) != 1:
                raise InputError("plot ucb: one trace.csv")
            plots.ucb(traces[0][1], traces[0][2], task_type, args.output, args.ucb_k)
    return 0


# ---- trace, merge, diff ---------------------------------------------------------------------

def cmd_trace(args):
    trace = files.read_trace(args.file)
    if not args.perfetto:
        raise InputError("trace: say which format: --perfetto (the only one so far)")
    out = _out(args.output)
    perfetto.write(trace, out, process=os.path.basename(args.file))
    if out is not sys.stdout:
        out.close()
        sys.stderr.write(f"mvomp: wrote {args.output}: {len(trace)} executions on "
                         f"{len({e.thread for e in trace})} threads; open it in "
                         f"https://ui.perfetto.dev or chrome://tracing\n")
    return 0


def cmd_merge(args):
    keys = [files.read_stats(p) for p in args.files]
    merged = analysis.merge(keys)
    out = _out(args.output)
    files.write_stats(merged, out)
    return 0


def cmd_diff(args):
    a, b = files.read_stats(args.a), files.read_stats(args.b)
    rows = analysis.diff(a, b)
    out = _out(args.output)
    if args.format == "json":
        json.dump(rows, out, indent=1)
        out.write("\n")
    else:
        changed = [r for r in rows if r["changed"]]
        out.write(f"{len(changed)} of {len(rows)} keys settled on another version "
                  f"(A: {args.a}, B: {args.b})\n")
        for r in sorted(rows, key=lambda r: not r["changed"]):
            label = analysis.key_label((r["type"], r["cost"], r["locality"], r["cluster"]))
            what = (f"{r['a_choice']} -> {r['b_choice']}" if r["changed"]
                    else f"{r['a_choice']} (same)")
            out.write(f"{'*' if r['changed'] else ' '} {label}: {what}\n")
            for v in r["versions"]:
                ratio = "" if v["ratio"] is None else f"  B/A {v['ratio']:.3f}"
                out.write(f"    {v['name'][:28]:<28} A {_ns(v['a_mean_ns']):>11}  "
                          f"B {_ns(v['b_mean_ns']):>11}{ratio}\n")
    if args.check and any(r["changed"] for r in rows):
        return 1
    return 0


# ---- main -----------------------------------------------------------------------------------

def parser():
    p = argparse.ArgumentParser(
        prog="mvomp", description="Inspect what MVOMP's runtime learned (stats.csv, "
        "OMP_ERASE_STATS), judge its choices, draw them, and convert its traces (trace.csv). "
        "docs/tools.md has an example of each.")
    p.add_argument("--version", action="version", version=f"mvomp {VERSION}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    s = sub.add_parser("show", help="per task type, cost, locality and cluster: each version's "
                       "count, mean and 95%% interval, and what the policy would choose now",
                       description="Shows stats.csv and OMP_ERASE_STATS files. The choice is the "
                       "one the run's policy would make now: Mean after OMP_MEAN_REPS executions "
                       "of each version, UCB's lowest bound, a version over 4x the best mean "
                       "exploring no more (OMP_SELECT_ELIMINATE); the random policies have none "
                       "(the lowest mean is marked).")
    s.add_argument("files", nargs="+", metavar="FILE")
    s.add_argument("--format", choices=["table", "csv", "json"], default="table")
    s.add_argument("--mean-reps", type=int, default=5, metavar="N",
                   help="OMP_MEAN_REPS of the run (default 5)")
    s.add_argument("--ucb-k", type=float, default=16.0, metavar="K",
                   help="OMP_UCB of the run (default 16)")
    s.add_argument("--eliminate", choices=["on", "off"], default="on",
                   help="OMP_SELECT_ELIMINATE of the run (default on)")
    s.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    s.set_defaults(func=cmd_show)

    r = sub.add_parser("report", help="selection quality: time lost against always running "
                       "the best-measured version, share spent exploring, uncertain choices",
                       description="Per key of a stats.csv: regret = sum over versions of "
                       "count x (mean - best mean), in seconds and %% of the key's task time; "
                       "exploring = the time spent in versions other than the best-measured one; "
                       "still uncertain = versions whose 95%% interval overlaps the best's.")
    r.add_argument("file", metavar="STATS.csv")
    r.add_argument("--format", choices=["table", "json"], default="table")
    r.add_argument("-o", "--output", metavar="OUT")
    r.set_defaults(func=cmd_report)

    pl = sub.add_parser("plot", help="draw a trace.csv: gantt, time, choices or ucb",
                        description="gantt: threads over time, one bar per execution coloured "
                        "by version; time: time per task along the run (moving average); "
                        "choices: the version chosen by each of the first executions; ucb: "
                        "UCB's bound of each version after each execution. time and choices "
                        "take several traces as LABEL=TRACE.csv to compare runs.")
    pl.add_argument("kind", choices=["gantt", "time", "choices", "ucb"])
    pl.add_argument("files", nargs="+", metavar="[LABEL=]TRACE.csv")
    pl.add_argument("-o", "--output", required=True, metavar="OUT.png")
    pl.add_argument("--type", type=int, help="the task type (choices, ucb, time)")
    pl.add_argument("--title")
    pl.add_argument("--first", type=int, default=200, help="choices: executions shown")
    pl.add_argument("--window", type=int, default=20, help="time: moving-average window")
    pl.add_argument("--ucb-k", type=float, default=16.0, help="ucb: OMP_UCB of the run")
    pl.set_defaults(func=cmd_plot)

    t = sub.add_parser("trace", help="convert a trace.csv for Perfetto / chrome://tracing",
                       description="Writes the Chrome trace-event JSON format: one track per "
                       "OpenMP thread, one slice per execution named by its version, with type, "
                       "cost, NUMA nodes and times as arguments; timestamps in microseconds.")
    t.add_argument("file", metavar="TRACE.csv")
    t.add_argument("--perfetto", action="store_true", help="the Chrome trace-event JSON format")
    t.add_argument("-o", "--output", metavar="OUT.json", help="default: stdout")
    t.set_defaults(func=cmd_trace)

    m = sub.add_parser("merge", help="combine the statistics of several runs or ranks exactly",
                       description="Counts added, means and sums of squared deviations merged "
                       "exactly (Chan et al.), per (type, cost, locality, cluster, version name); "
                       "writes a stats.csv that OMP_SELECT_LOAD reads. Files whose columns differ "
                       "are refused.")
    m.add_argument("files", nargs="+", metavar="STATS.csv")
    m.add_argument("-o", "--output", required=True, metavar="OUT.csv")
    m.set_defaults(func=cmd_merge)

    d = sub.add_parser("diff", help="which choices changed between two runs, and how times moved",
                       description="Per key of either run: the version each run settled on (its "
                       "most executed) and each version's mean time in A and B.")
    d.add_argument("a", metavar="A.csv")
    d.add_argument("b", metavar="B.csv")
    d.add_argument("--format", choices=["table", "json"], default="table")
    d.add_argument("--check", action="store_true", help="exit 1 when a choice changed")
    d.add_argument("-o", "--output", metavar="OUT")
    d.set_defaults(func=cmd_diff)
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as e:
        sys.stderr.write(f"mvomp {args.command}: {e}\n")
        return 2
    except BrokenPipeError:
        # The reader went away (`mvomp show ... | head`): stop quietly, as any filter (what is
        # left in stdout's buffer goes to /dev/null, not to an error at exit).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as e:  # noqa: BLE001 -- a missing package, or a bug: one line, no traceback
        if type(e).__name__ != "MissingDependency":
            sys.stderr.write(f"mvomp {args.command}: internal error: {type(e).__name__}: {e} "
                             f"(please report it with the input file)\n")
            return 70
        sys.stderr.write(f"mvomp {args.command}: {e}\n")
        return 1
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130

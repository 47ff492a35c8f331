"""trace.csv in the Chrome trace-event JSON format, which Perfetto (ui.perfetto.dev) and
chrome://tracing open: one track per OpenMP thread, one complete ("X") event per execution,
named by its version and categorised by its task type, with the cost, NUMA nodes, socket and
the recorded time as arguments. Timestamps and durations are in microseconds, as the format
requires ("ts", "dur"); the runtime's nanoseconds keep their precision as fractions.
"""
import json


def events(trace, process="MVOMP"):
    out = [{"name": "process_name", "ph": "M", "pid": 1, "tid": 0, "args": {"name": process}}]
    for th in sorted({e.thread for e in trace}):
        out.append({"name": "thread_name", "ph": "M", "pid": 1, "tid": th,
                    "args": {"name": f"OpenMP thread {th}"}})
        out.append({"name": "thread_sort_index", "ph": "M", "pid": 1, "tid": th,
                    "args": {"sort_index": th}})
    for e in sorted(trace, key=lambda e: (e.thread, e.start)):
        out.append({
            "name": e.name, "cat": f"type {e.type}", "ph": "X", "pid": 1, "tid": e.thread,
            "ts": e.start / 1000.0, "dur": (e.end - e.start) / 1000.0,
            "args": {"type": e.type, "version": e.version, "cost": e.cost,
                     "time_ns": e.time, "node1": e.node1, "node2": e.node2,
                     "socket": e.socket, "address": e.address},
        })
    return out


def write(trace, out, process="MVOMP"):
    json.dump({"traceEvents": events(trace, process), "displayTimeUnit": "ns"}, out)
    out.write("\n")

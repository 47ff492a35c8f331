"""Reading MVOMP's files: stats.csv, trace.csv and OMP_ERASE_STATS (docs/runtime.md, docs/erase.md).

Every reader checks the columns and each value, and raises InputError naming the file and line
(never a Python traceback for bad input). The benchmark runners (benchmarks/runner/) and the
`mvomp` command share these readers.
"""
import csv
import io
import math
import os
from collections import OrderedDict

STATS_COLUMNS = ["type", "version", "name", "location", "cost", "locality", "count", "mean_ns",
                 "stddev_ns", "sum_squares_ns2", "total_ns", "policy", "cluster", "loaded", "origin"]
# A model store file (OMP_SELECT_MODELS) has one more column; stats.csv files of earlier releases
# have no loaded and origin columns. All are read as stats.
STORE_COLUMNS = STATS_COLUMNS + ["age"]
STATS_COLUMNS_V1 = STATS_COLUMNS[:13]
STATS_HEADERS = (STATS_COLUMNS, STORE_COLUMNS, STATS_COLUMNS_V1)
ORIGINS = ("run", "store", "load", "predicted", "doubted")  # doubted: a store's only
TRACE_COLUMNS = ["start", "end", "thread", "address", "time", "cost", "socket", "node1", "node2",
                 "type", "version", "name"]
ERASE_COLUMNS = ["type", "kind", "class", "cluster", "width", "executions", "mean_s", "model_s",
                 "joules", "joules_from", "timed", "loaded"]
# OMP_ERASE_STATS files of earlier releases have no joules_from column (their joules are modelled),
# no timed column (every execution was timed) or no loaded column (nothing came from a store).
ERASE_COLUMNS_V1 = ERASE_COLUMNS[:9]
ERASE_COLUMNS_V2 = ERASE_COLUMNS[:10]
ERASE_COLUMNS_V3 = ERASE_COLUMNS[:11]
ERASE_HEADERS = (ERASE_COLUMNS, ERASE_COLUMNS_V3, ERASE_COLUMNS_V2, ERASE_COLUMNS_V1)
# ERASE's histories in the model store (<store>.erase-<clusters>.csv, docs/erase.md).
ERASE_STORE_COLUMNS = ["kind", "code", "cluster", "width", "executions", "seconds", "age"]
# The largest file read (as the runtime's own inputs).
MAX_BYTES = 64 << 20


class InputError(Exception):
    """Bad input: the message names the file (and line)."""


def _text(path):
    """The text of path, or InputError saying why it cannot be read as text."""
    try:
        if os.path.isdir(path):
            raise InputError(f"{path}: is a directory")
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            raise InputError(f"{path}: larger than {MAX_BYTES >> 20} MiB")
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None
    if b"\0" in data:
        line = data[:data.index(b"\0")].count(b"\n") + 1
        raise InputError(f"{path}:{line}: holds a NUL byte (not a text file)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: not UTF-8 text (a binary file?)") from None


def kind_of(path):
    """'stats', 'trace', 'erase' or 'erase-store' from the file's header, or InputError."""
    text = _text(path)
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        header = line.strip().split(",")
        if header in STATS_HEADERS:
            return "stats"
        if header == TRACE_COLUMNS:
            return "trace"
        if header in ERASE_HEADERS:
            return "erase"
        if header == ERASE_STORE_COLUMNS:
            return "erase-store"
        raise InputError(f"{path}: not a stats.csv, trace.csv or OMP_ERASE_STATS file "
                         f"(header: {line.strip()[:80]!r})")
    raise InputError(f"{path}: empty file (no header)")


def _rows(path, columns):
    """(line number, dict) for each data row of a CSV file with exactly these columns (or one of
    these lists of columns)."""
    text = _text(path)
    lines = text.splitlines(keepends=True)
    # A file cut short (a full disk, an interrupted copy) ends inside a row, whose last number
    # may still parse with another value: refused, as the runtime refuses it.
    if lines and not lines[-1].endswith(("\n", "\r")) and lines[-1].strip() \
            and not lines[-1].startswith("#"):
        raise InputError(f"{path}:{len(lines)}: the file ends inside this line (no line break "
                         "after it): it looks cut short; end the line if it is complete")
    start = 0
    while start < len(lines) and (lines[start].startswith("#") or not lines[start].strip()):
        start += 1
    if start == len(lines):
        raise InputError(f"{path}: empty file (no header)")
    # Comment lines after the header (a model store's end line) read as blank rows, so that the
    # line numbers stay the file's.
    body = ["\n" if line.startswith("#") else line for line in lines[start:]]
    reader = csv.reader(io.StringIO("".join(body)), strict=True)
    try:
        header = next(reader)
    except csv.Error as e:
        raise InputError(f"{path}:{start + 1}: {e}") from None
    choices = columns if isinstance(columns[0], list) else [columns]
    if header not in choices:
        raise InputError(f"{path}:{start + 1}: columns are {','.join(header)[:120]}, "
                         f"expected {','.join(choices[0])}")
    columns = header
    try:
        for fields in reader:
            lineno = start + reader.line_num
            if not fields or all(not f.strip() for f in fields):
                continue
            if len(fields) != len(columns):
                raise InputError(f"{path}:{lineno}: {len(fields)} fields, expected "
                                 f"{len(columns)}")
            yield lineno, dict(zip(columns, fields))
    except csv.Error as e:
        raise InputError(f"{path}:{start + reader.line_num}: {e}") from None


def _num(path, lineno, row, column, kind=float, minimum=None):
    value = row[column]
    try:
        v = kind(value)
    except ValueError:
        raise InputError(f"{path}:{lineno}: {column} is {value!r}, not a "
                         f"{'whole ' if kind is int else ''}number") from None
    if kind is float and not math.isfinite(v):
        raise InputError(f"{path}:{lineno}: {column} is {value!r}, not a finite number")
    if minimum is not None and v < minimum:
        raise InputError(f"{path}:{lineno}: {column} is {value!r}, below {minimum}")
    return v


class Arm:
    """One version's statistics under one key (count, Welford mean and m2, sum of squares)."""

    __slots__ = ("version", "name", "location", "n", "mean", "m2", "q", "policy", "line", "loaded",
                 "origin")

    def __init__(self, version, name, location, n, mean, m2, q, policy="", line=0, loaded=0,
                 origin="run"):
        self.version, self.name, self.location = version, name, location
        self.n, self.mean, self.m2, self.q, self.policy, self.line = n, mean, m2, q, policy, line
        # Executions of n that an earlier run measured (the model store, OMP_SELECT_LOAD), and
        # where the statistics started from (docs/runtime.md).
        self.loaded, self.origin = loaded, origin

    @property
    def stddev(self):
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    @property
    def total(self):
        return self.mean * self.n

    def ci95(self):
        """Half-width of a normal 95% confidence interval of the mean (inf below 2 samples)."""
        return 1.96 * self.stddev / math.sqrt(self.n) if self.n > 1 else math.inf

    def merged(self, other):
        """The statistics of both arms' executions together (Chan et al.'s exact merge)."""
        n = self.n + other.n
        if n == 0:
            return Arm(self.version, self.name, self.location, 0, 0.0, 0.0, 0.0, self.policy)
        delta = other.mean - self.mean
        mean = self.mean + delta * other.n / n
        m2 = self.m2 + other.m2 + delta * delta * self.n * other.n / n
        policy = self.policy if self.policy == other.policy or not other.policy else "mixed"
        origin = self.origin if self.origin == other.origin else "mixed"
        return Arm(self.version, self.name, self.location, n, mean, m2, self.q + other.q, policy,
                   loaded=self.loaded + other.loaded, origin=origin)


def read_stats(path):
    """OrderedDict (type, cost, locality, cluster) -> OrderedDict name -> Arm."""
    keys = OrderedDict()
    for lineno, row in _rows(path, list(STATS_HEADERS)):
        t = _num(path, lineno, row, "type", int)
        version = _num(path, lineno, row, "version", int, 0)
        cost = _num(path, lineno, row, "cost", int)
        locality = _num(path, lineno, row, "locality", int, -1)
        n = _num(path, lineno, row, "count", int, 0)
        mean = _num(path, lineno, row, "mean_ns", float, 0)
        sd = _num(path, lineno, row, "stddev_ns", float, 0)
        q = _num(path, lineno, row, "sum_squares_ns2", float, 0)
        _num(path, lineno, row, "total_ns", float, 0)
        key = (t, cost, locality, row["cluster"])
        arms = keys.setdefault(key, OrderedDict())
        if row["name"] in arms:
            raise InputError(f"{path}:{lineno}: version {row['name']!r} of type {t} (cost {cost}, "
                             f"locality {locality}) repeats line {arms[row['name']].line}")
        m2 = sd * sd * (n - 1) if n > 1 else 0.0
        loaded, origin = 0, "run"
        if "loaded" in row:
            loaded = _num(path, lineno, row, "loaded", int, 0)
            if loaded > n:
                raise InputError(f"{path}:{lineno}: loaded is {loaded}, more than count {n}")
            origin = row["origin"]
            if origin not in ORIGINS:
                raise InputError(f"{path}:{lineno}: origin is {origin!r}, not one of "
                                 f"{', '.join(ORIGINS)}")
        if "age" in row:
            _num(path, lineno, row, "age", int, 0)
        arms[row["name"]] = Arm(version, row["name"], row["location"], n, mean, m2, q,
                                row["policy"], lineno, loaded, origin)
    return keys


class Execution:
    __slots__ = ("start", "end", "thread", "address", "time", "cost", "socket", "node1", "node2",
                 "type", "version", "name")


def read_trace(path):
    """The executions of a trace.csv, in file order."""
    out = []
    for lineno, row in _rows(path, TRACE_COLUMNS):
        e = Execution()
        for c in ("start", "end", "time"):
            setattr(e, c, _num(path, lineno, row, c, int, 0))
        for c in ("thread", "cost", "socket", "node1", "node2", "type", "version"):
            setattr(e, c, _num(path, lineno, row, c, int))
        if e.end < e.start:
            raise InputError(f"{path}:{lineno}: end {e.end} is before start {e.start}")
        e.address, e.name = row["address"], row["name"]
        out.append(e)
    return out


class EraseRow:
    # One attribute per column, in the columns' order ("class" is a keyword: cls).
    __slots__ = tuple("cls" if c == "class" else c for c in ERASE_COLUMNS)


def read_erase(path):
    """The rows of an OMP_ERASE_STATS file, and its measured-energy comment ('' if none)."""
    comment = ""
    for line in _text(path).splitlines():
        if line.startswith("# measured energy:"):
            comment = line[len("# measured energy:"):].strip()
            break
    out = []
    for lineno, row in _rows(path, list(ERASE_HEADERS)):
        r = EraseRow()
        r.type, r.kind, r.cls, r.cluster = row["type"], row["kind"], row["class"], row["cluster"]
        r.width = _num(path, lineno, row, "width", int, 1)
        r.executions = _num(path, lineno, row, "executions", int, 0)
        for c in ("mean_s", "model_s", "joules"):
            setattr(r, c, _num(path, lineno, row, c, float, 0))
        r.joules_from = row.get("joules_from", "modelled")
        if r.joules_from not in ("measured", "modelled", "mixed"):
            raise InputError(f"{path}:{lineno}: joules_from is {r.joules_from!r}, not measured, "
                             "modelled or mixed")
        r.timed = r.executions if row.get("timed") is None else \
            _num(path, lineno, row, "timed", int, 0)
        if r.timed > r.executions:
            raise InputError(f"{path}:{lineno}: timed is {r.timed}, more than the "
                             f"{r.executions} executions")
        r.loaded = 0 if row.get("loaded") is None else _num(path, lineno, row, "loaded", int, 0)
        out.append(r)
    return out, comment


class EraseSaved:
    __slots__ = tuple(ERASE_STORE_COLUMNS)  # one attribute per column, in their order


def read_erase_store(path):
    """The rows of ERASE's file in the model store, its clusters line and its runs."""
    clusters, runs, end = "", 0, None
    for lineno, line in enumerate(_text(path).splitlines(), 1):
        if line.startswith("# clusters:"):
            clusters = line[len("# clusters:"):].strip()
        elif line.startswith("# runs:"):
            try:
                runs = int(line[len("# runs:"):])
            except ValueError:
                raise InputError(f"{path}:{lineno}: expected '# runs: <count>'") from None
        elif line.startswith("# end:"):
            words = line[len("# end:"):].split()
            if len(words) != 2 or words[1] != "rows" or not words[0].isdigit():
                raise InputError(f"{path}:{lineno}: expected '# end: <count> rows'")
            end = (lineno, int(words[0]))
    out = []
    for lineno, row in _rows(path, ERASE_STORE_COLUMNS):
        r = EraseSaved()
        r.kind, r.code, r.cluster = row["kind"], row["code"], row["cluster"]
        if r.kind not in ("task", "taskloop"):
            raise InputError(f"{path}:{lineno}: kind is {r.kind!r}, not task or taskloop")
        r.width = _num(path, lineno, row, "width", int, 1)
        r.executions = _num(path, lineno, row, "executions", int, 1)
        r.seconds = _num(path, lineno, row, "seconds", float, 0)
        r.age = _num(path, lineno, row, "age", int, 0)
        out.append(r)
    if end is None:
        raise InputError(f"{path}: truncated: no '# end:' line")
    if end[1] != len(out):
        raise InputError(f"{path}:{end[0]}: truncated: the end line counts {end[1]} rows, "
                         f"the file has {len(out)}")
    return out, clusters, runs


def write_stats(keys, out):
    """Writes keys (as read_stats returns) as a stats.csv, in the runtime's format."""
    w = csv.writer(out, lineterminator="\n")
    out.write(",".join(STATS_COLUMNS) + "\n")
    for (t, cost, locality, cluster), arms in keys.items():
        for arm in arms.values():
            out.write(f"{t},{arm.version},")
            out.write('"' + arm.name.replace('"', '""') + '",')
            out.write('"' + arm.location.replace('"', '""') + '",')
            out.write(f"{cost},{locality},{arm.n},{arm.mean:.1f},{arm.stddev:.1f},{arm.q:.6g},"
                      f"{arm.total:.1f},")
            w.writerow([arm.policy, cluster, arm.loaded, arm.origin])

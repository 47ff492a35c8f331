#!/usr/bin/python3
"""Tests of the installed `mvomp` command (docs/tools.md) on files written by real runs of a
multi-version program (benchmarks/demo/versions_demo.c built with MVOMP's clang), and of the
installed erase-fit and erase-calibrate's --help. CTest runs it as tools.mvomp:

  test_mvomp.py VERSIONS_DEMO      ($MVOMP_PREFIX: the install tree, default <repo>/install)
"""
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import unittest
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = os.environ.get("MVOMP_PREFIX", os.path.join(HERE, "..", "..", "..", "..", "install"))
MVOMP = os.path.join(PREFIX, "bin", "mvomp")
DEMO = None
sys.dont_write_bytecode = True


def mvomp(*args, check=True):
    p = subprocess.run([MVOMP, *args], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise AssertionError(f"mvomp {' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return p


def run_demo(directory, select, threads=2, tasks=300):
    # The thesis' statistics (OMP_SELECT_ROBUST=off): the runtime's means and deviations are then
    # exactly those of the traced times, which the tests recompute. With robust statistics (the
    # default) an execution over 4x its version's mean counts as 4x, by design not its traced time.
    env = dict(os.environ, OMP_SELECT=select, OMP_NUM_THREADS=str(threads), OMP_SELECT_ROBUST="off",
               OMP_SELECT_MODELS="off",
               OMP_SELECT_STATS=os.path.join(directory, "stats.csv"),
               OMP_SELECT_TRACE=os.path.join(directory, "trace.csv"))
    subprocess.run([DEMO, str(tasks)], cwd=directory, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(directory, "stats.csv"), os.path.join(directory, "trace.csv")


def trace_times(*paths):
    """(type, version name) -> list of recorded times, straight from trace.csv files."""
    import csv
    out = defaultdict(list)
    for path in paths:
        with open(path) as f:
            for r in csv.DictReader(f):
                out[(int(r["type"]), r["name"])].append(int(r["time"]))
    return out


def raw_stats(path):
    """Rows of a stats.csv as dictionaries, read with the csv module alone."""
    import csv
    with open(path) as f:
        return list(csv.DictReader(f))


class Runs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        for name, select in (("ucb", "ucb"), ("mean", "mean"), ("ijk", "fixed:matmul_ijk"),
                             ("ikj", "fixed:matmul_ikj")):
            os.mkdir(os.path.join(d, name))
            setattr(cls, name, run_demo(os.path.join(d, name), select))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_show_equals_raw_counts_and_trace(self):
        stats, trace = self.ucb
        shown = json.loads(mvomp("show", "--format", "json", stats).stdout)
        times = trace_times(trace)
        self.assertEqual(len(shown), 1)
        key = shown[0]
        self.assertEqual(key["policy"], "ucb")
        for v in key["versions"]:
            xs = times[(key["type"], v["name"])]
            self.assertEqual(v["count"], len(xs))
            # trace.csv records whole nanoseconds (truncated), stats.csv the exact mean
            self.assertAlmostEqual(v["mean_ns"], statistics.mean(xs), delta=1.0)
            if len(xs) > 1:
                self.assertAlmostEqual(v["stddev_ns"], statistics.stdev(xs),
                                       delta=1.0 + 1e-4 * statistics.stdev(xs))
                self.assertAlmostEqual(v["ci95_ns"], 1.96 * v["stddev_ns"] / math.sqrt(len(xs)),
                                       delta=1e-6 * v["ci95_ns"] + 1e-9)
        # UCB's choice now, computed here from the trace: the lowest bound among the versions
        # with two executions. A version that ran once (elimination took it out after a first
        # execution over 4x the best mean of that moment; one probe at a time runs it once, even
        # on 2 threads) is not compared; show judges it from the final means, and may find it
        # under 4x now and still exploring.
        t = sum(len(x) for x in times.values())
        c = math.sqrt(16.0 * math.log(t - 1))
        bound = {n: statistics.mean(x) - c * statistics.stdev(x) / math.sqrt(len(x))
                 for (_, n), x in times.items() if len(x) > 1}
        if len(times[(key["type"], key["choice"])]) > 1:
            self.assertEqual(key["choice"], min(bound, key=bound.get))
        else:
            self.assertIn("exploring", key["why"])
        table = mvomp("show", stats).stdout
        self.assertIn("would choose " + key["choice"], table)
        csv_out = mvomp("show", "--format", "csv", stats).stdout.splitlines()
        self.assertEqual(csv_out[0].split(",")[:4], ["file", "type", "cost", "locality"])
        self.assertEqual(len(csv_out), 1 + len(key["versions"]))

    def test_report_regret_from_raw_counts(self):
        stats, _ = self.ucb
        rep = json.loads(mvomp("report", "--format", "json", stats).stdout)[0]
        rows = [r for r in raw_stats(stats) if int(r["count"]) > 0]
        best = min(rows, key=lambda r: float(r["mean_ns"]))
        regret = sum(int(r["count"]) * (float(r["mean_ns"]) - float(best["mean_ns"]))
                     for r in rows)
        total = sum(float(r["total_ns"]) for r in rows)
        self.assertEqual(rep["best"], best["name"])
        self.assertAlmostEqual(rep["regret_s"], regret * 1e-9, delta=1e-9)
        self.assertAlmostEqual(rep["regret_pct"], 100 * regret / total, delta=0.01)
        others = sum(float(r["total_ns"]) for r in rows if r is not best)
        self.assertAlmostEqual(rep["exploring_pct"], 100 * others / total, delta=0.01)
        self.assertEqual(rep["executions"], sum(int(r["count"]) for r in rows))
        self.assertIn("| type ", mvomp("report", stats).stdout)

    def test_merge_equals_both_runs_together(self):
        (s1, t1), (s2, t2) = self.ucb, self.mean
        out = os.path.join(self.tmp.name, "merged.csv")
        mvomp("merge", s1, s2, "-o", out)
        times = trace_times(t1, t2)
        rows = raw_stats(out)
        self.assertEqual(len(rows), len(times))
        for r in rows:
            xs = times[(int(r["type"]), r["name"])]
            self.assertEqual(int(r["count"]), len(xs))
            self.assertAlmostEqual(float(r["mean_ns"]), statistics.mean(xs), delta=1.0)
            if len(xs) > 1:
                self.assertAlmostEqual(float(r["stddev_ns"]), statistics.stdev(xs),
                                       delta=1.0 + 1e-4 * statistics.stdev(xs))
            self.assertAlmostEqual(float(r["total_ns"]), sum(xs), delta=1.0 * len(xs))
            self.assertEqual(r["policy"], "mixed")
        # The merged file is a stats.csv the tools (and OMP_SELECT_LOAD) read.
        mvomp("show", out)

    def test_merge_refuses_other_columns(self):
        bad = os.path.join(self.tmp.name, "other.csv")
        with open(bad, "w") as f:
            f.write("type,version,name\n1,0,a\n")
        p = mvomp("merge", self.ucb[0], bad, "-o", os.path.join(self.tmp.name, "m2.csv"),
                  check=False)
        self.assertEqual(p.returncode, 2)
        self.assertIn(bad, p.stderr)

    def test_trace_perfetto(self):
        _, trace = self.ucb
        out = os.path.join(self.tmp.name, "trace.json")
        mvomp("trace", trace, "--perfetto", "-o", out)
        with open(out) as f:
            doc = json.load(f)
        import csv
        with open(trace) as f:
            rows = list(csv.DictReader(f))
        slices = [e for e in doc["traceEvents"] if e["ph"] == "X"]
        self.assertEqual(len(slices), len(rows))
        by_start = {(int(r["thread"]), int(r["start"]) / 1000.0): r for r in rows}
        per_thread = defaultdict(list)
        for e in slices:
            for field in ("name", "cat", "ph", "ts", "dur", "pid", "tid", "args"):
                self.assertIn(field, e)
            r = by_start[(e["tid"], e["ts"])]  # timestamps in microseconds
            self.assertEqual(e["name"], r["name"])
            self.assertAlmostEqual(e["dur"], (int(r["end"]) - int(r["start"])) / 1000.0)
            self.assertEqual(e["args"]["cost"], int(r["cost"]))
            per_thread[e["tid"]].append(e)
        for tid, es in per_thread.items():
            es.sort(key=lambda e: e["ts"])
            for a, b in zip(es, es[1:]):
                self.assertLessEqual(a["ts"] + a["dur"], b["ts"] + 1e-9, f"thread {tid}")
        names = {e["tid"] for e in doc["traceEvents"]
                 if e["ph"] == "M" and e["name"] == "thread_name"}
        self.assertEqual(names, set(per_thread))

    def test_plots(self):
        _, trace = self.ucb
        for kind in ("gantt", "time", "choices", "ucb"):
            out = os.path.join(self.tmp.name, f"{kind}.png")
            mvomp("plot", kind, trace, "-o", out)
            with open(out, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", kind)
        out = os.path.join(self.tmp.name, "compare.png")
        mvomp("plot", "time", "ucb=" + trace, "mean=" + self.mean[1], "-o", out)
        self.assertTrue(os.path.getsize(out) > 0)

    def test_diff(self):
        p = mvomp("diff", self.ijk[0], self.ikj[0], "--check", check=False)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn("1 of 1 keys settled on another version", p.stdout)
        self.assertIn("matmul_ijk -> matmul_ikj", p.stdout)
        rows = json.loads(mvomp("diff", "--format", "json", self.ucb[0], self.mean[0]).stdout)
        self.assertEqual(len(rows), 1)
        self.assertEqual(mvomp("diff", self.ucb[0], self.ucb[0], "--check").returncode, 0)


class Choice(unittest.TestCase):
    HEADER = ("type,version,name,location,cost,locality,count,mean_ns,stddev_ns,"
              "sum_squares_ns2,total_ns,policy,cluster\n")

    def show(self, rows, *args):
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write(self.HEADER + "".join(rows))
        try:
            return json.loads(mvomp("show", "--format", "json", *args, f.name).stdout)[0]
        finally:
            os.unlink(f.name)

    def test_elimination_as_the_runtime(self):
        # Mean, 5 repetitions: "hopeless" (20x) ran once and explores no more with elimination
        # (the runtime's default), so Mean has chosen; without it, it still explores.
        rows = ['1,0,"fast","t",0,-1,5,30000.0,100.0,4.5e+09,150000.0,mean,\n',
                '1,1,"near",t,0,-1,5,60000.0,100.0,1.8e+10,300000.0,mean,\n',
                '1,2,"hopeless",t,0,-1,1,600000.0,0.0,3.6e+11,600000.0,mean,\n']
        on = self.show(rows)
        self.assertEqual((on["choice"], on["why"]), ("fast", "lowest mean"))
        off = self.show(rows, "--eliminate", "off")
        self.assertEqual((off["choice"], off["why"]), ("hopeless", "exploring (1 of 5 executions)"))


class Store(unittest.TestCase):
    """A model store file (OMP_SELECT_MODELS) reads as a stats.csv: preamble, age column and end
    line; a stats.csv's loaded and origin columns are checked."""
    STORE = ("# MVOMP model store 1 (docs/runtime.md)\n# program: /x/a\n# machine: cpu=X\n"
             "# runs: 2\n"
             "type,version,name,location,cost,locality,count,mean_ns,stddev_ns,sum_squares_ns2,"
             "total_ns,policy,cluster,loaded,origin,age\n"
             '1,0,"slow","t",0,-1,5,300000,10,4.5e+11,1500000.0,mean,,5,store,1\n'
             '1,1,"fast","t",0,-1,64,30000,10,5.7e+10,1920000.0,mean,,64,store,0\n'
             '1,0,"slow","t",10,-1,1,900000,0,8.1e+11,900000.0,mean,,1,doubted,0\n'
             "# end: 3 rows\n")

    def test_store_file(self):
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write(self.STORE)
        try:
            rs = json.loads(mvomp("show", "--format", "json", f.name).stdout)
            self.assertEqual(rs[0]["choice"], "fast")
            self.assertEqual([v["count"] for v in rs[0]["versions"]], [5, 64])
            # A version's one execution that contradicted its prediction (origin doubted).
            self.assertEqual([v["count"] for v in rs[1]["versions"]], [1])
        finally:
            os.unlink(f.name)

    def test_report_counts_this_run(self):
        # "fast" ran 100 times, 8 of them loaded from the store: report counts 92 + 5 executions
        # of this run, and regret from "slow"'s 5 only.
        head = ("type,version,name,location,cost,locality,count,mean_ns,stddev_ns,"
                "sum_squares_ns2,total_ns,policy,cluster,loaded,origin\n")
        rows = ('1,0,"slow","t",0,-1,5,300000.0,10.0,4.5e+11,1500000.0,mean,,0,run\n'
                '1,1,"fast","t",0,-1,100,30000.0,10.0,9e+10,3000000.0,mean,,8,store\n')
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write(head + rows)
        try:
            r = json.loads(mvomp("report", "--format", "json", f.name).stdout)[0]
            self.assertEqual(r["executions"], 97)
            self.assertAlmostEqual(r["regret_s"], 5 * 270000e-9)
        finally:
            os.unlink(f.name)

    def test_bad_origin_and_loaded(self):
        head = ("type,version,name,location,cost,locality,count,mean_ns,stddev_ns,"
                "sum_squares_ns2,total_ns,policy,cluster,loaded,origin\n")
        for row in ('1,0,"a","t",0,-1,3,10.0,1.0,303,30.0,mean,,1,guessed\n',
                    '1,0,"a","t",0,-1,3,10.0,1.0,303,30.0,mean,,4,store\n'):
            with self.subTest(row=row), tempfile.NamedTemporaryFile("w", suffix=".csv",
                                                                    delete=False) as f:
                f.write(head + row)
            try:
                p = mvomp("show", f.name, check=False)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn(f.name + ":2:", p.stderr)
            finally:
                os.unlink(f.name)


class Erase(unittest.TestCase):
    def test_show_erase_statistics(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "erase.csv")
            env = dict(os.environ, OMP_NUM_THREADS="2", OMP_ERASE="on", OMP_ERASE_PERF="off",
                       OMP_ERASE_CLUSTERS="a:0", OMP_ERASE_STATS=path, KMP_WARNINGS="off",
                       OMP_SELECT_MODELS="off")
            subprocess.run([DEMO, "50"], cwd=d, env=env, check=True, stdout=subprocess.DEVNULL)
            import csv
            with open(path) as f:
                lines = [line for line in f if not line.startswith("#")]
            raw = list(csv.DictReader(lines))
            shown = json.loads(mvomp("show", "--format", "json", path).stdout)
            self.assertEqual(len(shown), 1)
            self.assertEqual(shown[0]["kind"], "erase")
            self.assertEqual(len(shown[0]["rows"]), len(raw))
            self.assertGreater(len(raw), 0)
            self.assertEqual(sum(r["executions"] for r in shown[0]["rows"]),
                             sum(int(r["executions"]) for r in raw))
            text = mvomp("show", path).stdout
            self.assertIn("the least energy per execution", text)
            # No RAPL on this machine's path: every row's energy is modelled.
            self.assertEqual({r["joules_from"] for r in shown[0]["rows"]}, {"modelled"})
            self.assertIn(" modelled\n", text)
            # No model store: nothing loaded; a file of an earlier release (no loaded column)
            # reads as nothing loaded.
            self.assertEqual({r["loaded"] for r in shown[0]["rows"]}, {0})
            old = os.path.join(d, "old.csv")
            with open(old, "w") as f:
                f.writelines(",".join(line.rstrip("\n").split(",")[:11]) + "\n"
                             for line in lines)
            shown = json.loads(mvomp("show", "--format", "json", old).stdout)
            self.assertEqual(len(shown[0]["rows"]), len(raw))
            self.assertEqual({r["loaded"] for r in shown[0]["rows"]}, {0})


    def test_show_erase_store(self):
        text = ("# MVOMP ERASE store 1 (docs/erase.md)\n# machine: cpu=x\n"
                "# clusters: big:0;little:1;slowdown=1,4\n# runs: 3\n"
                "kind,code,cluster,width,executions,seconds,age\n"
                "taskloop,prog@00ab+0x1690,big,1,64,0.003,0\n"
                "taskloop,prog@00ab+0x1690,team,1,9,0.0025,2\n"
                "task,prog@00ab+0x1700,little,1,2,0.0004,0\n# end: 3 rows\n")
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "p-1-2.erase-3.csv")
            with open(path, "w") as f:
                f.write(text)
            shown = json.loads(mvomp("show", "--format", "json", path).stdout)
            self.assertEqual([s["kind"] for s in shown], ["erase-store"])
            self.assertEqual(shown[0]["runs"], 3)
            self.assertEqual(shown[0]["clusters"], "big:0;little:1;slowdown=1,4")
            self.assertEqual([(r["cluster"], r["executions"]) for r in shown[0]["rows"]],
                             [("big", 64), ("team", 9), ("little", 2)])
            out = mvomp("show", path).stdout
            self.assertIn("ERASE histories of 3 run(s)", out)
            self.assertIn("* prog@00ab+0x1690", out.splitlines()[3])  # the team is fastest
            csv_out = mvomp("show", "--format", "csv", path).stdout
            self.assertIn("taskloop,prog@00ab+0x1690,team,1,9,0.0025,2", csv_out)
            # Malformed: named with the file and line, exit 2.
            for bad, line in ((text.replace(",64,", ",x,"), 6),
                              (text.replace("# end: 3 rows\n", ""), None),
                              (text.replace("# end: 3 rows", "# end: 4 rows"), 9),
                              (text.replace("task,prog", "tsk,prog"), 8),
                              (text[:-30], 8)):
                with open(path, "w") as f:
                    f.write(bad)
                p = mvomp("show", path, check=False)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn(path + (f":{line}" if line else ""), p.stderr)
                self.assertNotIn("Traceback", p.stderr)

    def test_a_closed_pipe_is_quiet(self):
        with tempfile.TemporaryDirectory() as d:
            stats, _ = run_demo(d, "mean", tasks=50)
            # 400 copies: far more than a pipe holds, so that the writer meets the closed pipe.
            p = subprocess.run(f"{MVOMP} show --format json {(stats + ' ') * 400} | head -1",
                               shell=True, capture_output=True, text=True)
            self.assertEqual(p.stdout, "[\n")
            self.assertEqual(p.stderr, "")


class BadInput(unittest.TestCase):
    """Each gives one line on stderr naming the file (and line), exit 2, and no traceback."""

    def check(self, content, *args, line=None, mode="w"):
        with tempfile.NamedTemporaryFile(mode, suffix=".csv", delete=False) as f:
            f.write(content)
        try:
            for cmd in (["show", f.name], ["report", f.name], ["merge", f.name, "-o", f.name + ".o"],
                        ["trace", "--perfetto", f.name], ["diff", f.name, f.name],
                        ["plot", "gantt", f.name, "-o", f.name + ".png"]):
                p = mvomp(*cmd, check=False)
                self.assertEqual(p.returncode, 2, (cmd, p.stderr))
                self.assertNotIn("Traceback", p.stderr)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertIn(f.name + (f":{line}" if line else ""), p.stderr)
        finally:
            os.unlink(f.name)

    def test_missing_file(self):
        p = mvomp("show", "/nonexistent/stats.csv", check=False)
        self.assertEqual(p.returncode, 2)
        self.assertEqual(p.stderr.strip(), "mvomp show: /nonexistent/stats.csv: cannot read: "
                         "No such file or directory")

    def test_empty_file(self):
        self.check("")

    def test_wrong_columns(self):
        self.check("a,b,c\n1,2,3\n")

    def test_binary_garbage(self):
        self.check(bytes(range(256)) * 4, mode="wb", line=1)

    def test_malformed_rows(self):
        header = ("type,version,name,location,cost,locality,count,mean_ns,stddev_ns,"
                  "sum_squares_ns2,total_ns,policy,cluster\n")
        good = '1,0,"a","f.c:1:1",0,-1,3,10.0,1.0,303,30.0,mean,\n'
        for bad, line in (('1,0,"a","f.c:1:1",0,-1,three,10.0,1.0,303,30.0,mean,\n', 3),
                          # cut short: all its fields, no line break (its total may be cut)
                          ('1,0,"a","f.c:1:1",0,-1,3,10.0,1.0,303,30.0,mean,', 3),
                          ('1,0,"a"\n', 3), ('1,0,"a","f.c:1:1",0,-1,3,nan,1.0,303,30,mean,\n', 3),
                          ('1,0,"b,"x"","f.c",0,-1,3,10.0,1.0,303,30.0,mean,\n', 3)):
            with self.subTest(bad=bad):
                p_content = header + good + bad
                with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
                    f.write(p_content)
                try:
                    for cmd in (["show", f.name], ["report", f.name]):
                        p = mvomp(*cmd, check=False)
                        self.assertEqual(p.returncode, 2, p.stderr)
                        self.assertIn(f"{f.name}:{line}:", p.stderr)
                        self.assertNotIn("Traceback", p.stderr)
                finally:
                    os.unlink(f.name)

    def test_trace_is_not_stats(self):
        p = mvomp("show", "--format", "json", "/dev/null", check=False)
        self.assertEqual(p.returncode, 2)


class Help(unittest.TestCase):
    def test_help(self):
        for cmd in ([], ["show"], ["report"], ["plot"], ["trace"], ["merge"], ["diff"]):
            p = mvomp(*cmd, "--help")
            self.assertIn("usage: mvomp", p.stdout)
        p = mvomp(check=False)
        self.assertEqual(p.returncode, 2)
        for tool in ("erase-fit", "erase-calibrate"):
            p = subprocess.run([os.path.join(PREFIX, "bin", tool), "--help"],
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, tool)
            self.assertIn("usage: " + tool, p.stdout)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    DEMO = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)

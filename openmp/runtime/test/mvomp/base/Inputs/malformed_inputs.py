#!/usr/bin/env python3
"""A seeded sweep of malformed input for MVOMP's libomp (mvomp/base/malformed_inputs.c).

usage: malformed_inputs.py PROGRAM WORKDIR RUNS

For each file MVOMP reads, RUNS runs of PROGRAM, each with the valid file edited 1-3 times at
random; then 2 x RUNS runs with 1-5 of MVOMP's variables set to random values. A run fails when
it does not exit 0 within 60 s, when its output does not start with "OK", or when a warning
about the edited file does not name the variable that points at it. Prints one summary line per
kind ("<kind>: N runs, F failed") after the first failures' details; keeps failed inputs in
WORKDIR. The seeds are fixed: a failure is found again by running the sweep again.
"""
import glob
import os
import random
import re
import shutil
import subprocess
import sys

prog, work, runs = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), int(sys.argv[3])
two = (os.cpu_count() or 1) > 1
base_env = dict(os.environ, OMP_NUM_THREADS="2", OMP_TASKLOOP_GRAIN="auto", OMP_SELECT_MODELS="off")
base_env.pop("OMP_DISPLAY_ENV", None)


def run(env, cwd=work):
    try:
        p = subprocess.run([prog], env=env, cwd=cwd, capture_output=True, timeout=60)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout after 60 s", "", ""


# Valid inputs: the store, its identity cache and a stats.csv from a first run, and tables.
store_dir = os.path.join(work, "store")
rc, out, err = run(dict(base_env, OMP_SELECT_MODELS=store_dir,
                        OMP_SELECT_STATS=os.path.join(work, "stats.csv")))
if rc != 0 or not out.startswith("OK"):
    sys.exit("the valid run failed: %s %s %s" % (rc, out, err))
store_file = glob.glob(os.path.join(store_dir, "*[0-9a-f].csv"))[0]
# ERASE's histories (a file of their own in the store): from a first run with ERASE on.
two_clusters = "big:0;little:1" if two else "big:0"
erase_env = dict(base_env, OMP_ERASE="on", OMP_ERASE_PERF="off", OMP_ERASE_CLUSTERS=two_clusters)
erase_dir = os.path.join(work, "erase-store")
rc, out, err = run(dict(erase_env, OMP_SELECT_MODELS=erase_dir))
erase_files = glob.glob(os.path.join(erase_dir, "*.erase-*.csv"))
if rc != 0 or not out.startswith("OK") or not erase_files:
    sys.exit("the valid run with ERASE failed: %s %s %s" % (rc, out, err))
erase_file = erase_files[0]
valid = {
    "store": open(store_file, "rb").read(),
    "identity": open(os.path.join(store_dir, "identity.cache"), "rb").read(),
    "erase-store": open(erase_file, "rb").read(),
    "load": open(os.path.join(work, "stats.csv"), "rb").read(),
    "power": b"# two clusters\ncluster big idle 0.40\ncluster little idle 0.55\n"
             b"run big memory 2035 1 0.90\nrun big cache 2035 1 1.10\nrun big compute 2035 1 1.35\n"
             b"run big compute 1420 1 0.80\nrun little memory 2035 1 0.45\n"
             b"run little cache 2035 1 0.55\nrun little compute 2035 1 0.70\n"
             b"run little compute 2035 2 1.35\n",
    "erase-model": b"# ERASE offline model\nvector compute 1 0.76\npoly compute 1.23 -0.23\n"
                   b"pmnf compute 0.52 0 0 0.47 -1 0\nvector memory 1 0.9\npoly memory 1.1 -0.1\n",
    "grain-model": b"# fitted\nalpha_us 1.5\nsigma 0.03\nlambda_b 0.1\nlambda_s 0.1\ndefault_us 13.1\n",
}
variable = {"store": "OMP_SELECT_MODELS", "identity": "OMP_SELECT_MODELS",
            "erase-store": "OMP_SELECT_MODELS", "load": "OMP_SELECT_LOAD",
            "power": "OMP_ERASE_POWER", "erase-model": "OMP_ERASE_MODEL",
            "grain-model": "OMP_TASKLOOP_GRAIN_MODEL"}
SPECIAL = [b"nan", b"inf", b"-inf", b"-1", b"0", b"1e308", b"1e-320", b"99999999999999999999999", b"",
           b"0x10", b" 5", b"x" * 5000, b"-0", b"1e999", b'"', b'""', b",", b"\x00",
           b"18446744073709551615", b"-9223372036854775808", b"4294967296", b"\xff\xfe"]


def edit(rnd, t):
    lines = t.split(b"\n")
    i = rnd.randrange(len(lines))
    k = rnd.randrange(12)
    if k == 0 and t:
        j = rnd.randrange(len(t))
        return t[:j] + bytes([rnd.randrange(256)]) + t[j + 1:]
    if k == 1:
        return t[:rnd.randrange(len(t) + 1)]
    if k == 2:
        lines.insert(i, lines[rnd.randrange(len(lines))])
    elif k == 3:
        del lines[i]
    elif k <= 7:  # one field (between commas, blanks or tabs) replaced
        tokens = re.split(rb"([,\t ]+)", lines[i])
        tokens[rnd.randrange(len(tokens))] = rnd.choice(SPECIAL)
        lines[i] = b"".join(tokens)
    elif k == 8:
        return t.replace(b"\n", b"\r\n")
    elif k == 9:
        lines[i] += rnd.choice([b",", b",1", b" 1", b"\t", b",,,,,,,,,,,,,,,,"])
    elif k == 10:
        j = rnd.randrange(len(t) + 1)
        return t[:j] + bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 40))) + t[j:]
    else:
        lines[i] *= rnd.randrange(2, 5)
    return b"\n".join(lines)


def check(kind, rc, out, err, about=None):
    """What is wrong with a run, or None."""
    if rc != 0:
        return "exit status %s" % rc
    if not out.startswith("OK"):
        return "output %r" % out[:200]
    for line in err.splitlines():
        if about and about in line and "Warning" in line and variable[kind] not in line:
            return "a warning about %s does not name %s: %s" % (about, variable[kind], line)
    return None


shown = 0


def report(kind, n, why, err, keep=None):
    global shown
    if shown < 5:
        shown += 1
        print("FAILED %s run %d: %s\n  kept: %s\n  stderr: %s" % (kind, n, why, keep, err[-600:]))


for kind in ["store", "identity", "erase-store", "load", "power", "erase-model", "grain-model"]:
    rnd = random.Random("%s-1" % kind)
    failed = 0
    for n in range(runs):
        t = valid[kind]
        for _ in range(rnd.randrange(1, 4)):
            t = edit(rnd, t)
        env = dict(base_env)
        if kind in ("store", "identity"):
            d = os.path.join(work, "fuzz-store")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            path = os.path.join(d, os.path.basename(store_file))
            open(path, "wb").write(t if kind == "store" else valid["store"])
            cache = os.path.join(d, "identity.cache")
            open(cache, "wb").write(t if kind == "identity" else valid["identity"])
            env["OMP_SELECT_MODELS"] = d
            about = path if kind == "store" else cache
        elif kind == "erase-store":
            d = os.path.join(work, "fuzz-erase-store")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            about = path = os.path.join(d, os.path.basename(erase_file))
            open(path, "wb").write(t)
            env.update(erase_env, OMP_SELECT_MODELS=d)
        else:
            about = path = os.path.join(work, "input-" + kind)
            open(path, "wb").write(t)
            env[variable[kind]] = path
            if kind in ("power", "erase-model"):
                env.update(OMP_ERASE="on", OMP_ERASE_PERF="off",
                           OMP_ERASE_CLUSTERS="big:0;little:1" if two else "big:0")
            if kind == "erase-model":
                env.update(OMP_ERASE_INTERP=rnd.choice(["poly", "pmnf"]), OMP_ERASE_DEFER="off")
        rc, out, err = run(env)
        why = check(kind, rc, out, err, about)
        if why:
            failed += 1
            keep = os.path.join(work, "failed-%s-%d" % (kind, n))
            open(keep, "wb").write(t)
            report(kind, n, why, err, keep)
    print("%s: %d runs, %d failed" % (kind, runs, failed))

VARS = """OMP_ERASE OMP_ERASE_ALIKE OMP_ERASE_CLUSTERS OMP_ERASE_DEFER OMP_ERASE_FLOPS_PER_CYCLE
OMP_ERASE_INTERP OMP_ERASE_JOINT OMP_ERASE_LADDER OMP_ERASE_PERF OMP_ERASE_RAPL OMP_ERASE_REFRESH OMP_ERASE_SLEEP OMP_ERASE_SLEEP_SPIN
OMP_ERASE_SPIN_COST OMP_ERASE_STAY OMP_ERASE_STEAL OMP_ERASE_TEAM OMP_ERASE_TEST_SLOWDOWN
OMP_ERASE_THRESHOLDS OMP_ERASE_TIE OMP_ERASE_TIME_WEIGHT OMP_GB_ALPHA OMP_GB_REWARD OMP_MEAN_REPS
OMP_SELECT OMP_SELECT_ELIMINATE OMP_SELECT_OBJECTIVE OMP_SELECT_PATIENCE OMP_SELECT_PREDICT
OMP_SELECT_RATIO OMP_SELECT_CLUSTER_RATIO OMP_SELECT_ROBUST OMP_SELECT_SEED OMP_TASKLOOP_GRAIN OMP_TASKLOOP_GRAIN_LAMBDA
OMP_TASKLOOP_GRAIN_REPS OMP_TASKLOOP_GRAIN_SAMPLE OMP_TASKLOOP_GRAIN_SPAN OMP_UCB OMP_SELECT_MODELS OMP_SELECT_STATS OMP_SELECT_TRACE
OMP_ERASE_STATS OMP_SELECT_COST_BUCKETS OMP_SELECT_STORE_RECHECK OMP_SELECT_STORE_DISTURBED
OMP_SELECT_LONE_RECHECK OMP_SELECT_SECOND_CHANCE OMP_SELECT_RETAKE""".split()
VALUES = ["", " ", "on", "off", "ON", "auto", "0", "1", "-1", "2", "1e308", "nan", "inf", "-inf",
          "1e-320", "0x10", "99999999999999999999", "4294967297", "18446744073709551616", "1,2", "1,",
          ",", ";", ";;;", "a:0;b:1", "a:0-1", "a:1-0", "a:0;a:1", "a:99", "a:-1", "x" * 3000, "mean",
          "ucb", "gb", "ts", "random", "backoff", "fixed", "fixed:", "fixed:fast_version", "fixed:9", "fixed:nope", "time",
          "energy", "edp", "linear", "poly", "pmnf", "cluster", "all", "threads", "0.5", "0.25", "4",
          "16", "b:2", "b:0", "b:1e9", "b:nan", "a:2,b:3", "%", "%q", "%h-%r-%p", "/dev/null",
          "/dev/full", "/proc/mvomp/x", "out/sub", ".", "\t1", "1 2", "1e3", "-0", "+5", "5x", "ucb:2",
          "1000000000", "\u00e9", "on,off"]
rnd = random.Random("variables-1")
failed = 0
d = os.path.join(work, "variables")
os.makedirs(d, exist_ok=True)
for n in range(2 * runs):
    env = dict(base_env)
    chosen = {}
    for _ in range(rnd.randrange(1, 6)):
        chosen[rnd.choice(VARS)] = rnd.choice(VALUES)
    env.update(chosen)
    if rnd.random() < 0.5:
        env["OMP_DISPLAY_ENV"] = "true"
    rc, out, err = run(env, d)
    why = check("variables", rc, out, err)
    if why:
        failed += 1
        report("variables", n, why + " with " + repr(chosen), err)
print("variables: %d runs, %d failed" % (2 * runs, failed))

#!/bin/bash
# grain-fit (docs/grain.md), run by CTest as tools.grain-fit: synthetic sweeps from known alpha and
# sigma are fitted back and the model file written is one the runtime reads without a warning (a
# taskloop under OMP_TASKLOOP_GRAIN=auto shows it); with no --out it writes where the runtime
# looks by default; malformed lines (and a last line cut short) are named with file and line and
# skipped; bad arguments and unusable input are a message and exit status 1 or 2, never a model;
# --default-us is written as the model's default_us, which the runtime shows.
set -euo pipefail
fit=$1 grain=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Formula 5.11 with alpha = 1.5 us, sigma = 0.05: 1000-ns iterations, 1 and 2 threads.
awk 'BEGIN { print "threads,trip,iter_ns,num_tasks,time_ns"
  for (n = 1; n <= 2; n++) for (c = 1; c <= 100000; c *= 2) {
    t = int((100000 + c - 1) / c); k = int((t + n - 1) / n); m = t < n ? t : n
    printf "%d,100000,1000,%d,%.1f\n", n, t, 1500 * k + k * 1e8 / t * (1 + 0.05 * (m - 1)) } }' \
  >"$work/sweep.csv"
out=$("$fit" --out "$work/m/grain.model" "$work/sweep.csv")
case $out in *"alpha 1.5000 us, sigma 0.0500"*) ;; *) fail "fit: $out" ;; esac
grep -q '^alpha_us 1.5$' "$work/m/grain.model" || fail "model: $(cat "$work/m/grain.model")"
run=$(OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL="$work/m/grain.model" OMP_DISPLAY_ENV=true \
  OMP_NUM_THREADS=2 "$grain" loop 1000 0 5 2>&1)
case $run in *"grain.model (alpha 1.5 us, sigma 0.05,"*) ;; *) fail "runtime: $run" ;; esac
case $run in *Warning*) fail "runtime warned: $run" ;; esac

# --default-us (measured by scripts/bench-grain.sh calibrate): written to the model, read by the
# runtime, which shows it.
"$fit" --default-us 13.1 --out "$work/d.model" "$work/sweep.csv" >/dev/null
grep -q '^default_us 13.1$' "$work/d.model" || fail "default_us: $(cat "$work/d.model")"
run=$(OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL="$work/d.model" OMP_DISPLAY_ENV=true \
  OMP_NUM_THREADS=2 "$grain" loop 1000 0 5 2>&1)
case $run in *"lambda_s 0.1, default_us 13.1)"*) ;; *) fail "runtime, default_us: $run" ;; esac
case $run in *Warning*) fail "runtime warned (default_us): $run" ;; esac
grep -q default_us "$work/m/grain.model" && fail "default_us without --default-us"

# The default place is the runtime's.
XDG_CACHE_HOME=$work/xdg "$fit" "$work/sweep.csv" >/dev/null
[ -f "$work/xdg/mvomp/grain.model" ] || fail "no model in \$XDG_CACHE_HOME/mvomp"
run=$(XDG_CACHE_HOME=$work/xdg OMP_TASKLOOP_GRAIN=auto OMP_DISPLAY_ENV=true "$grain" loop 100 0 1 2>&1)
case $run in *"xdg/mvomp/grain.model (alpha 1.5 us"*) ;; *) fail "default place: $run" ;; esac

# Malformed lines: named, skipped, the rest fitted.
{ cat "$work/sweep.csv"; echo "2,abc,1000,4,5"; echo "1,100000,1000,0,5"; } >"$work/bad.csv"
out=$("$fit" --out "$work/b.model" "$work/bad.csv" 2>&1)
case $out in *"bad.csv:36: expected threads,trip,iter_ns,num_tasks,time_ns"*) ;; *) fail "line 36: $out" ;; esac
case $out in *"bad.csv:37: expected"*) ;; *) fail "line 37: $out" ;; esac
case $out in *"alpha 1.5000 us"*) ;; *) fail "the rest not fitted: $out" ;; esac
# A sweep cut short inside its last row: that row is named and skipped, not read with another time.
{ cat "$work/sweep.csv"; printf '2,100000,1000,4,5'; } >"$work/cut.csv"
out=$("$fit" --out "$work/c.model" "$work/cut.csv" 2>&1)
case $out in *"cut.csv:36: the file ends inside this line (no line break after it)"*) ;;
  *) fail "cut short: $out" ;; esac
case $out in *"alpha 1.5000 us"*) ;; *) fail "the rest not fitted (cut): $out" ;; esac

expect_fail() { # <exit status> <what the message says> <grain-fit arguments...>
  local want_rc=$1 want=$2 rc=0
  shift 2
  "$fit" --out "$work/none.model" "$@" >"$work/out" 2>&1 || rc=$?
  [ "$rc" = "$want_rc" ] || fail "exit $rc, not $want_rc, for $*: $(cat "$work/out")"
  grep -qF -- "$want" "$work/out" || fail "for $*: $(cat "$work/out")"
  [ ! -e "$work/none.model" ] || fail "a model was written for $*"
}
expect_fail 1 "cannot read $work/missing.csv" "$work/missing.csv"
printf 'threads,trip\nnonsense\n' >"$work/junk.csv"
expect_fail 1 "junk.csv:2: expected threads,trip,iter_ns,num_tasks,time_ns" "$work/junk.csv"
head -3 "$work/sweep.csv" >"$work/short.csv"
expect_fail 1 "2 usable samples; at least 3 needed" "$work/short.csv"
expect_fail 1 "of the base trip count" --base 777 "$work/sweep.csv"
expect_fail 2 "--lambda '2': a threshold must be between 0 and 1" --lambda 2 "$work/sweep.csv"
expect_fail 2 "--base: 'x' is not a trip count" --base x "$work/sweep.csv"
expect_fail 2 "--default-us: '-3' is not a time in us" --default-us -3 "$work/sweep.csv"
expect_fail 2 "--default-us: 'x' is not a time in us" --default-us x "$work/sweep.csv"
expect_fail 2 "usage: grain-fit" --frobnicate "$work/sweep.csv"
expect_fail 2 "usage: grain-fit"
echo "grain-fit: fit, model read by the runtime, default place, malformed lines, bad arguments: ok"

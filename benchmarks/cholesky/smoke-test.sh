#!/bin/sh
# CTest's benchmarks.cholesky: a small run per forced version and one with UCB must check out
# (cholesky exits 1 on a residual above 1e-4), the kernel summary must read the three kernels
# from the stats.csv of the UCB run, and the plots must be drawn from its trace.csv.
#   smoke-test.sh path/to/cholesky
set -eu
bin=$1
here=$(dirname "$0")
for s in fixed:0 fixed:1 fixed:2 fixed:3; do
  OMP_SELECT=$s "$bin" 512 64
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
OMP_SELECT=ucb OMP_SELECT_STATS=$tmp/stats.csv OMP_SELECT_TRACE=$tmp/trace.csv "$bin" 512 64
n=$(/usr/bin/python3 "$here/../runner/summarize.py" kernels "$tmp/stats.csv" | grep -c 'settled on')
[ "$n" = 3 ] || { echo "expected 3 kernels in the summary, got $n" >&2; exit 1; }
# The plots of docs/benchmarks.md are drawn from these files.
/usr/bin/python3 "$here/../runner/plot_trace.py" "$tmp/trace.csv" "$tmp/gantt.png"
/usr/bin/python3 "$here/../runner/plot_policies.py" 3 "$tmp/sgemm" "ucb=$tmp/trace.csv"
/usr/bin/python3 "$here/../runner/plot_ucb.py" 3 "$tmp/trace.csv" "$tmp/sgemm-ucb.png"
for f in gantt.png sgemm-choices.png sgemm-time.png sgemm-ucb.png; do
  [ -s "$tmp/$f" ] || { echo "no $f drawn" >&2; exit 1; }
done
echo "PASS: cholesky smoke test"

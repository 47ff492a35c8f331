#!/bin/sh
# CTest's benchmarks.cholesky: a small run per forced version and one with UCB must check out
# (cholesky exits 1 on a residual above 1e-4), and the kernel summary must read the three kernels
# from the stats.csv of the UCB run.
#   smoke-test.sh path/to/cholesky
set -eu
bin=$1
here=$(dirname "$0")
for s in fixed:0 fixed:1 fixed:2 fixed:3; do
  OMP_SELECT=$s "$bin" 512 64
done
stats=$(mktemp)
trap 'rm -f "$stats"' EXIT
OMP_SELECT=ucb OMP_SELECT_STATS=$stats "$bin" 512 64
n=$(/usr/bin/python3 "$here/../runner/summarize.py" kernels "$stats" | grep -c 'settled on')
[ "$n" = 3 ] || { echo "expected 3 kernels in the summary, got $n" >&2; exit 1; }
echo "PASS: cholesky smoke test"

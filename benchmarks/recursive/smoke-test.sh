#!/bin/sh
# A small run of each recursive task program, with ERASE off and on: each checks its own result
# (CTest's benchmarks.recursive). Usage: smoke-test.sh path/to/recursive
set -e
bin=${1:?usage: smoke-test.sh path/to/recursive}
for erase in off on; do
  for args in "fib 20 10" "sort 16 64" "tree 6" "nqueens 8 3" "uts 6" "strassen 128 32" \
    "producer 1000 100" "fft 10 16" "bnb 8 3" "health 4 10"; do
    # shellcheck disable=SC2086 # (the arguments are words)
    env OMP_ERASE=$erase OMP_ERASE_PERF=off OMP_NUM_THREADS=2 "$bin" $args 2
  done
done

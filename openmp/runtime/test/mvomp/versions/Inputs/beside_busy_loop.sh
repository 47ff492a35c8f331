#!/usr/bin/env bash
# Runs a command on CPU 0 beside a busy loop on CPU 0 (models_store_disturbed.c):
#   beside_busy_loop.sh <command> [args...]
# The loop is started first and killed when the command ends; the command's
# exit status is the script's.
taskset -c 0 sh -c 'while :; do :; done' &
loop=$!
trap 'kill $loop 2>/dev/null' EXIT
sleep 0.1 # (the loop is running before the command starts)
rc=0
taskset -c 0 "$@" || rc=$?
exit $rc

#!/usr/bin/env bash
# Runs a command beside a busy loop on each of its CPUs (models_store_disturbed.c,
# erase/erase_store.c):
#   beside_busy_loop.sh [-c <cpus>] <command> [args...]
# <cpus>: a comma-separated list, 0 by default; the command runs on those CPUs
# (taskset). The loops are started first and killed when the command ends; the
# command's exit status is the script's.
cpus=0
if [ "${1:-}" = -c ]; then
  cpus=$2
  shift 2
fi
loops=()
for c in ${cpus//,/ }; do
  taskset -c "$c" sh -c 'while :; do :; done' &
  loops+=($!)
done
trap 'kill "${loops[@]}" 2>/dev/null' EXIT
sleep 0.1 # (the loops are running before the command starts)
rc=0
taskset -c "$cpus" "$@" || rc=$?
exit $rc

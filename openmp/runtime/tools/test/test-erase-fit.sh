#!/bin/bash
# ERASE's offline models end to end (docs/erase.md), run by CTest as erase.fit:
# two runs of the taskloop benchmark dump their performance tables
# (OMP_ERASE_STATS; every width measured, OMP_ERASE_DEFER=off: by default a
# short run never tries width 1), erase-fit fits the models, and libomp loads
# them with
# OMP_ERASE_INTERP=poly and pmnf without a warning; a malformed model file is
# refused with its file and line, and the run goes on without interpolation.
set -euo pipefail
fit=$1 taskloop=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
erase=(env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_DEFER=off OMP_ERASE_CLUSTERS=all:0-1)

for r in 1 2; do
  "${erase[@]}" OMP_ERASE_STATS="$work/run$r.csv" "$taskloop" 128 10 >/dev/null
done
"$fit" --out "$work/taskloop.model" "$work/run1.csv" "$work/run2.csv" 2>"$work/fit.log"
grep -q '^poly compute ' "$work/taskloop.model" || fail "no polynomial: $(cat "$work/taskloop.model")"
grep -q '^pmnf compute ' "$work/taskloop.model" || fail "no PMNF model"
grep -q '^vector compute 1 ' "$work/taskloop.model" || fail "no normalised vector"

for kind in poly pmnf; do
  out=$("${erase[@]}" OMP_ERASE_INTERP=$kind OMP_ERASE_MODEL="$work/taskloop.model" \
        "$taskloop" 128 10 2>&1)
  case $out in *"results ok"*) ;; *) fail "$kind: $out" ;; esac
  case $out in *Warning*) fail "$kind: a warning: $out" ;; esac
done

printf 'vector compute 1 0.5\npoly compute 1 x\n' >"$work/bad.model"
out=$("${erase[@]}" OMP_ERASE_INTERP=poly OMP_ERASE_MODEL="$work/bad.model" "$taskloop" 128 10 2>&1)
case $out in *"bad.model:2: expected numbers; no interpolation"*) ;; *) fail "bad model: $out" ;; esac
case $out in *"results ok"*) ;; *) fail "bad model: the run did not go on: $out" ;; esac
out=$("${erase[@]}" OMP_ERASE_INTERP=pmnf "$taskloop" 128 10 2>&1)
case $out in *"OMP_ERASE_INTERP=pmnf needs OMP_ERASE_MODEL"*) ;; *) fail "no model: $out" ;; esac
# A model cut short inside its last line is refused, not read with another last number; a dump
# cut short inside its last row has that row named and skipped, the rest fitted.
printf 'vector compute 1 0.5\npoly compute 1.25 -0' >"$work/cut.model"
out=$("${erase[@]}" OMP_ERASE_INTERP=poly OMP_ERASE_MODEL="$work/cut.model" "$taskloop" 128 10 2>&1)
case $out in *"cut.model:2: the file ends inside this line"*) ;; *) fail "cut model: $out" ;; esac
{ cat "$work/run1.csv"; tail -1 "$work/run1.csv" | tr -d '\n'; } >"$work/cut.csv"
"$fit" --out "$work/cut-run.model" "$work/cut.csv" 2>"$work/cut.log" || fail "cut dump: $(cat "$work/cut.log")"
grep -q "cut.csv:[0-9]*: the file ends inside this line" "$work/cut.log" || fail "cut dump: $(cat "$work/cut.log")"
grep -q '^poly compute ' "$work/cut-run.model" || fail "cut dump: no model fitted"

# Bad inputs: a message and exit 1, never an abort or an empty model with exit 0.
expect_fail() { # <what the message says> <erase-fit arguments...>
  local want=$1 rc=0
  shift
  "$fit" --out "$work/none.model" "$@" >"$work/bad.out" 2>&1 || rc=$?
  [ $rc = 1 ] || fail "erase-fit $*: exit $rc, want 1: $(cat "$work/bad.out")"
  grep -qF -- "$want" "$work/bad.out" || fail "erase-fit $*: no '$want' in: $(cat "$work/bad.out")"
  [ ! -s "$work/none.model" ] || fail "erase-fit $*: wrote a model"
}
: >"$work/empty.csv"
expect_fail "empty, not an OMP_ERASE_STATS file" "$work/empty.csv"
expect_fail "not a regular file" "$work"
expect_fail "cannot read $work/missing.csv" "$work/missing.csv"
head=$(grep '^type,' "$work/run1.csv")
printf '%s\nloop,taskloop,compute,all,1,5,1,inf,1\nloop,taskloop,compute,all,2,5,1,1,1\n' "$head" >"$work/inf.csv"
expect_fail "no taskloop row with a width-1 time" "$work/inf.csv"
printf '%s\nloop,taskloop,compute,all,1,5,1,1e-300,1\nloop,taskloop,compute,all,2,5,1,1e300,1\nloop,taskloop,compute,all,3,5,1,1e308,1\n' "$head" >"$work/huge.csv"
expect_fail "times too far apart to compare" "$work/huge.csv"

echo "erase-fit: ok"

#!/usr/bin/env bash
# Measures the cost of tasks with and without versions (benchmarks/overhead) and prints the
# tables of docs/performance.md: median of REPS runs (default 9) per configuration, runs of all
# configurations interleaved, ratios against the baseline measured in the same run.
#   baseline 1: ordinary tasks on unpatched upstream libomp 19.1.7 built the same way
#               (scripts/upstream-baseline.sh --build), same binary, LD_LIBRARY_PATH;
#   baseline 2: ordinary tasks on MVOMP's libomp, for multi-version tasks.
# BEFORE=<dir holding an older MVOMP libomp.so> adds a table comparing it with the installed one
# (ordinary, 2 and 219 versions; the order of the two alternates from one round to the next).
#
#   scripts/bench-overhead.sh --callgrind   instructions per task instead of time (valgrind's
#       callgrind, 1 thread): (I(n) - I(n/10)) / (0.9 n), for ordinary tasks and 2 and 219
#       versions under OMP_SELECT=fixed:0, ucb and mean (mean's count moves with the timings:
#       it rescans the versions when the one it chose got slower); with BEFORE, both libraries.
set -euo pipefail
. "$(dirname "$0")/common.sh"

REPS=${REPS:-9}
TASKS=${TASKS:-1000000}
BEFORE=${BEFORE:-}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench
mkdir -p "$out"
bench_compile overhead "$out/overhead"

if [ "${1:-}" = --callgrind ]; then
  command -v valgrind >/dev/null || die "--callgrind needs valgrind (apt-get install valgrind)"
  instructions() { # lib select args...
    local lib=$1 sel=$2
    shift 2
    LD_LIBRARY_PATH=$lib OMP_NUM_THREADS=1 OMP_SELECT=$sel valgrind --tool=callgrind \
      --callgrind-out-file=/dev/null "$out/overhead" "$@" 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  libs=("installed:$MVOMP_PREFIX/lib")
  [ -n "$BEFORE" ] && libs=("before:$BEFORE" "${libs[@]}")
  echo "| library | OMP_SELECT | tasks | instructions per task |"
  echo "|---|---|---|---|"
  for l in "${libs[@]}"; do
    for sel in fixed:0 ucb mean; do
      for c in "plain" "versions 2" "versions 219"; do
        n=100000
        [ "$c" = "versions 219" ] && n=10000
        [ "$c" = plain ] && [ "$sel" != fixed:0 ] && continue
        a=$(instructions "${l#*:}" "$sel" $c "$n")
        b=$(instructions "${l#*:}" "$sel" $c $((n / 10)))
        printf '| %s | %s | %s | %.1f |\n' "${l%%:*}" "$sel" "$c" \
          "$(awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { print (a - b) / (0.9 * n) }')"
      done
    done
  done
  exit 0
fi

pristine=$("$MVOMP_ROOT/scripts/upstream-baseline.sh" --build)
configs=("plain upstream" "plain mvomp")
for k in 1 2 4 8 16 64 219; do configs+=("versions $k"); done
[ -n "$BEFORE" ] && configs+=("before plain" "before versions 2" "before versions 219")
declare -A samples
run() { # lib config...
  local lib=$1 n=$TASKS
  shift
  [ "$1" = versions ] && [ "$2" -gt 8 ] && n=$((TASKS * 8 / $2))
  LD_LIBRARY_PATH=$lib OMP_NUM_THREADS=$threads "$out/overhead" "$@" "$n"
}
for threads in 1 2; do
  for ((r = 0; r < REPS; r++)); do
    for c in "${configs[@]}"; do
      set -- $c
      case "$1" in
        plain) lib=$MVOMP_PREFIX/lib; [ "$2" = upstream ] && lib=$pristine
               v=$(run "$lib" plain) ;;
        versions) v=$(run "$MVOMP_PREFIX/lib" "$@") ;;
        before) # the older library and the installed one, in alternating order
          shift
          if [ $((r % 2)) = 0 ]; then
            v=$(run "$BEFORE" "$@"); samples["$threads/after $*"]+="$(run "$MVOMP_PREFIX/lib" "$@") "
          else
            samples["$threads/after $*"]+="$(run "$MVOMP_PREFIX/lib" "$@") "; v=$(run "$BEFORE" "$@")
          fi
          set -- before "$@" ;;
      esac
      samples["$threads/$c"]+="$v "
    done
  done
done

echo "| threads | tasks | ns per task (median of $REPS) | ratio |"
echo "|---|---|---|---|"
for threads in 1 2; do
  base_up=$(echo "${samples["$threads/plain upstream"]}" | median)
  base=$(echo "${samples["$threads/plain mvomp"]}" | median)
  printf '| %s | ordinary, upstream libomp 19.1.7 | %.1f | 1.000 |\n' "$threads" "$base_up"
  printf '| %s | ordinary, MVOMP libomp | %.1f | %.3f vs upstream |\n' "$threads" "$base" "$(ratio "$base" "$base_up")"
  two=$(echo "${samples["$threads/versions 2"]}" | median)
  for k in 1 2 4 8 16 64 219; do
    m=$(echo "${samples["$threads/versions $k"]}" | median)
    extra=""
    [ "$k" -gt 2 ] && extra=$(printf ', +%.1f ns per version beyond 2' "$(awk -v m="$m" -v t="$two" -v k="$k" 'BEGIN { print (m - t) / (k - 2) }')")
    printf '| %s | %d version%s | %.1f | %.2f vs ordinary MVOMP%s |\n' "$threads" "$k" "$( [ "$k" = 1 ] || echo s)" "$m" "$(ratio "$m" "$base")" "$extra"
  done
done
[ -n "$BEFORE" ] || exit 0
echo
echo "| threads | tasks | $BEFORE (ns, median of $REPS) | installed | installed / before |"
echo "|---|---|---|---|---|"
for threads in 1 2; do
  for c in "plain" "versions 2" "versions 219"; do
    b=$(echo "${samples["$threads/before $c"]}" | median)
    a=$(echo "${samples["$threads/after $c"]}" | median)
    printf '| %s | %s | %.1f | %.1f | %.3f |\n' "$threads" "$c" "$b" "$a" "$(ratio "$a" "$b")"
  done
done

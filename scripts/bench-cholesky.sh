#!/usr/bin/env bash
# Runs benchmarks/cholesky REPS times (default 5) per configuration and prints the tables of
# docs/benchmarks.md: every version forced (OMP_SELECT=fixed:<i>, to find the best single
# version), then the policies with their default parameters and a sweep of UCB's k and Mean's
# repetitions; runs of all configurations interleaved, each round starting one configuration
# later than the one before (a slow phase of the machine then does not fall on the same
# configurations every round); mean, 99.7% confidence interval, median, and % over the best
# single version of the same run, also paired round by round (benchmarks/runner/summarize.py).
# Configurations naming @train start from the statistics of a training run (OMP_SELECT_LOAD,
# docs/runtime.md): one untimed run with Mean per size and thread count, whose stats.csv is
# build/bench/cholesky/train-<n>-<b>-<t>.csv.
# Configurations naming @second run as the second run of the program on this machine: one untimed
# run fills a fresh model store (OMP_SELECT_MODELS, docs/runtime.md), then the timed run starts
# from it. @newsize: the store holds untimed runs at two other block sizes (larger ones where they
# still have 16 tiles a side, else smaller), and the timed run meets its block size for the first
# time (prediction across costs). Every other configuration runs with the store off.
# Configurations listed in ONCE run in the first repetition only (for large sizes, where the slow
# arms forced alone take minutes and only show which version is best; their CI is "nan").
#   SIZES="2048:256"  THREADS="1 2"  REPS=5  CONFIGS="a|b|..."  ONCE="a|..."  scripts/bench-cholesky.sh
#   TAG=x: results in build/bench/cholesky/results-<n>-<b>-x.tsv (without it the next run overwrites)
#   PLACES=threads: every run's threads bound a CPU each (bench_places, scripts/common.sh)
set -euo pipefail
. "$(dirname "$0")/common.sh"

REPS=${REPS:-5}
bench_places
SIZES=${SIZES:-2048:256}
THREADS=${THREADS:-"1 $(nproc)"}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/cholesky
mkdir -p "$out"
bench_compile cholesky "$out/cholesky" -ldl -lm
openblas_coretype

configs=(fixed:0 fixed:1 fixed:2 fixed:3 mean ucb gb "ucb OMP_UCB=1" "ucb OMP_UCB=4"
         "mean OMP_MEAN_REPS=1" "mean OMP_MEAN_REPS=2"
         "mean OMP_SELECT_LOAD=@train" "ucb OMP_SELECT_LOAD=@train")
[ -z "${CONFIGS:-}" ] || IFS='|' read -r -a configs <<<"$CONFIGS"
once="|${ONCE:-}|"
for size in $SIZES; do
  n=${size%:*} b=${size#*:}
  results=$out/results-$n-$b${TAG:+-$TAG}.tsv
  : >"$results"
  if [[ "${configs[*]}" == *@train* ]]; then
    for t in $THREADS; do
      rm -f "$out/train-$n-$b-$t.csv"
      OMP_NUM_THREADS="$t" OMP_SELECT=mean OMP_SELECT_STATS="$out/train-$n-$b-$t.csv" \
        "$out/cholesky" "$n" "$b" >/dev/null || die "training run failed ($n/$b, $t threads)"
    done
  fi
  for ((r = 0; r < REPS; r++)); do
    for t in $THREADS; do
      for ((i = 0; i < ${#configs[@]}; i++)); do
        c=${configs[(i + r) % ${#configs[@]}]} # round r starts at configuration r
        [ "$r" -gt 0 ] && [[ "$once" == *"|$c|"* ]] && continue
        store=$out/store-$n-$b-$t
        prep=()
        case " $c " in
        *" @second "*) prep=("$b") ;;
        *" @newsize "*) # two other block sizes with at least 16 tiles a side (every version then runs)
          if [ $((n / (4 * b))) -ge 16 ]; then prep=($((b * 2)) $((b * 4)))
          elif [ $((n / (2 * b))) -ge 16 ]; then prep=($((b / 2)) $((b * 2)))
          else prep=($((b / 2)) $((b / 4))); fi ;;
        esac
        rm -rf "$store"
        for pb in "${prep[@]}"; do
          env OMP_NUM_THREADS="$t" OMP_SELECT=mean OMP_SELECT_MODELS="$store" "$out/cholesky" "$n" "$pb" >/dev/null ||
            die "untimed run failed ($n/$pb, $t threads)"
        done
        c2=${c//@second/OMP_SELECT_MODELS=$store}
        c2=${c2//@newsize/OMP_SELECT_MODELS=$store}
        set -- ${c2//@train/$out/train-$n-$b-$t.csv}
        line=$(env OMP_NUM_THREADS="$t" OMP_SELECT="$1" "${@:2}" "$out/cholesky" "$n" "$b")
        secs=$(echo "$line" | sed -n 's/.*: \([0-9.]*\) s,.*/\1/p')
        [ -n "$secs" ] || die "unexpected output: $line"
        printf '%s\t%s\t%s\n' "$c" "$t" "$secs" >>"$results"
      done
    done
  done
  echo "## Cholesky n=$n block=$b ($REPS runs per configuration)"
  echo "fixed:0..3 = OpenBLAS, BLIS, reference BLAS, plain loops"
  "$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" table "$results"
done

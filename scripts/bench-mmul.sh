#!/usr/bin/env bash
# The MMUL benchmark of thesis 000 (benchmarks/mmul) and the tables of docs/benchmarks.md.
#   scripts/bench-mmul.sh rank      every one of the 219 versions forced once (OMP_SELECT=fixed:
#                                   <name>) per size, on all cores: the ranking (Fig. 4.9) that
#                                   picks the best single versions and the 13-version subset
#   scripts/bench-mmul.sh all       Table 4.5: the BEST (default 5) fastest versions of the
#                                   ranking forced, then Mean, UCB and GB with the thesis'
#                                   parameters and their defaults, all 219 versions
#   scripts/bench-mmul.sh subset    Table 4.6: the same with the 13 versions (all 13 forced)
# REPS runs (default 5) per configuration, interleaved, each round starting one configuration
# later than the one before (so that a slow phase of the machine does not fall on the same
# configurations every round); mean, 99.7% CI, median, % over the best single version of the same
# run and the same paired round by round (benchmarks/runner/summarize.py).
#   SIZES="1024:64 2048:64"  THREADS="1 2"  REPS=5  BEST=5
#   TAG=run11    results in build/bench/mmul/results-<mode>-<n>-<leaf>-run11.tsv (default: no tag,
#                and the next run overwrites the file)
#   RANK_FROM=2048:64   take the best versions from that size's ranking (the leaf kernels are the
#                       same at every n with the same leaf; ranking 219 versions at n=4096 would
#                       take hours here)
#   FIXED="mm15_u2_i4_j32_k1 ..."  the versions forced as baselines, instead of the ranking's best
#   POLICIES="ucb|ucb OMP_UCB=1"   the policy configurations, separated by |; one naming @second
#                                  runs as the program's second run on this machine (an untimed
#                                  run fills a fresh model store, OMP_SELECT_MODELS, first)
set -euo pipefail
. "$(dirname "$0")/common.sh"

mode=${1:-all}
REPS=${REPS:-5}
BEST=${BEST:-5}
SIZES=${SIZES:-"1024:64 2048:64"}
THREADS=${THREADS:-"1 $(nproc)"}
"$MVOMP_ROOT/scripts/build.sh" >/dev/null
out=$MVOMP_ROOT/build/bench/mmul
mkdir -p "$out"
"$PYTHON" "$MVOMP_ROOT/benchmarks/mmul/gen.py" "$out/mmul_versions.inc"
"$MVOMP_PREFIX/bin/clang" -O2 -fopenmp -Wno-pass-failed -I"$out" \
  "$MVOMP_ROOT/benchmarks/mmul/mmul.c" -ldl -lm -o "$out/mmul"
secs_of() { sed -n 's/.*: \([0-9.]*\) s,.*/\1/p'; }
names=($(sed -n 's/^static void \(mm1[345]_[a-z0-9_]*\)(.*/\1/p' "$out/mmul_versions.inc"))

rank() { # size; an interrupted ranking resumes where it stopped
  local n=${1%:*} b=${1#*:} v secs f=$out/rank-${1%:*}-${1#*:}.tsv
  touch "$f"
  for v in "${names[@]}"; do
    grep -q "^$v"$'\t' "$f" && continue
    secs=$(OMP_SELECT=fixed:$v "$out/mmul" "$n" "$b" | secs_of) || true
    [ -n "$secs" ] || die "mmul failed with fixed:$v"
    printf '%s\t%s\n' "$v" "$secs" >>"$f"
  done
  sort -t$'\t' -k2,2g "$f" -o "$f"
}

case $mode in
rank)
  for size in $SIZES; do
    rank "$size"
    echo "## MMUL n=${size%:*} leaf=${size#*:}: the 219 versions forced, $(nproc) threads, fastest first"
    echo "| rank | version | seconds |"
    echo "|---|---|---|"
    awk -F'\t' '{ printf "| %d | %s | %s |\n", NR, $1, $2 }' "$out/rank-${size%:*}-${size#*:}.tsv" |
      sed -n '1,20p;$p'
  done
  exit 0
  ;;
all | subset) ;;
*) die "usage: $0 [rank|all|subset]" ;;
esac

policies=("mean" "mean OMP_MEAN_REPS=1" "mean OMP_MEAN_REPS=30" "mean OMP_MEAN_REPS=100"
          "ucb" "ucb OMP_UCB=1" "ucb OMP_UCB=128" "gb" "gb OMP_GB_ALPHA=0.5" "gb OMP_GB_ALPHA=0.8")
[ -z "${POLICIES:-}" ] || IFS='|' read -r -a policies <<<"$POLICIES"
for size in $SIZES; do
  n=${size%:*} b=${size#*:}
  if [ -n "${FIXED:-}" ]; then
    read -r -a fixed <<<"$FIXED"
  elif [ "$mode" = all ]; then
    r=${RANK_FROM:-$size}
    [ "$(wc -l <"$out/rank-${r%:*}-${r#*:}.tsv" 2>/dev/null)" = ${#names[@]} ] || rank "$r"
    fixed=($(head -n "$BEST" "$out/rank-${r%:*}-${r#*:}.tsv" | cut -f1))
  else
    fixed=($(sed -n '/^SUBSET = \[/,/^\]/p' "$MVOMP_ROOT/benchmarks/mmul/gen.py" | grep -o 'mm15_[a-z0-9_]*'))
  fi
  configs=()
  for v in "${fixed[@]}"; do configs+=("fixed:$v"); done
  configs+=("${policies[@]}")
  results=$out/results-$mode-$n-$b${TAG:+-$TAG}.tsv
  : >"$results"
  for ((r = 0; r < REPS; r++)); do
    for t in $THREADS; do
      for ((i = 0; i < ${#configs[@]}; i++)); do
        c=${configs[(i + r) % ${#configs[@]}]} # round r starts at configuration r
        store=$out/store-$n-$b-$t
        rm -rf "$store"
        if [[ " $c " == *" @second "* ]]; then
          set -- ${c//@second/}
          env OMP_NUM_THREADS="$t" OMP_SELECT="$1" "${@:2}" OMP_SELECT_MODELS="$store" \
            "$out/mmul" "$n" "$b" "$mode" >/dev/null || die "mmul failed: untimed $c, $t threads"
        fi
        set -- ${c//@second/OMP_SELECT_MODELS=$store}
        secs=$(env OMP_NUM_THREADS="$t" OMP_SELECT="$1" "${@:2}" "$out/mmul" "$n" "$b" "$mode" |
          secs_of)
        [ -n "$secs" ] || die "mmul failed: $c, $t threads"
        printf '%s\t%s\t%s\n' "$c" "$t" "$secs" >>"$results"
      done
    done
  done
  echo "## MMUL n=$n leaf=$b, $([ "$mode" = all ] && echo 219 || echo 13) versions ($REPS runs per configuration)"
  "$PYTHON" "$MVOMP_ROOT/benchmarks/runner/summarize.py" table "$results"
done

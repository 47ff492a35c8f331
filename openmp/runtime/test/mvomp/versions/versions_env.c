// MVOMP's environment variables: OMP_DISPLAY_ENV shows every one of them, and
// a malformed value gets libomp's warning naming the variable and the value
// used instead.
// RUN: %libomp-compile
// (lit's environment sets OMP_SELECT_RETAKE=off for the tests: unset here.)
// RUN: env -u OMP_SELECT_RETAKE OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=DEFAULT %s
// RUN: env OMP_DISPLAY_ENV=true OMP_SELECT=UCB OMP_MEAN_REPS=3 OMP_UCB=2.5 OMP_GB_ALPHA=0.5 OMP_SELECT_SEED=42 OMP_SELECT_STATS=s.csv OMP_SELECT_TRACE=t.csv OMP_SELECT_LOAD=l.csv OMP_SELECT_ROBUST=off OMP_SELECT_ELIMINATE=no OMP_SELECT_PATIENCE=OFF OMP_SELECT_RATIO=Off OMP_SELECT_STORE_RECHECK=0 OMP_SELECT_LONE_RECHECK=no OMP_SELECT_SECOND_CHANCE=off OMP_SELECT_RETAKE=no OMP_SELECT_CLUSTER_RATIO=no OMP_SELECT_COST_BUCKETS=8 OMP_GB_REWARD=Seconds %libomp-run 2>&1 | FileCheck --check-prefix=SET %s
// RUN: env OMP_DISPLAY_ENV=true OMP_SELECT=fixed:gemm_blis %libomp-run 2>&1 | FileCheck --check-prefix=FIXED %s
// RUN: env OMP_DISPLAY_ENV=true OMP_SELECT=best OMP_MEAN_REPS=0 OMP_UCB=abc OMP_GB_ALPHA=-1 OMP_SELECT_SEED=x1 OMP_SELECT_ROBUST=offf OMP_SELECT_ELIMINATE=2 OMP_SELECT_PATIENCE=maybe OMP_SELECT_RATIO=1.1 OMP_SELECT_STORE_RECHECK=later OMP_SELECT_LONE_RECHECK=twice OMP_SELECT_SECOND_CHANCE=often OMP_SELECT_RETAKE=100 OMP_SELECT_CLUSTER_RATIO=sometimes OMP_SELECT_COST_BUCKETS=65 OMP_GB_REWARD=ns %libomp-run 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: env OMP_UCB=inf OMP_GB_ALPHA=0 OMP_SELECT=fixed: OMP_SELECT_COST_BUCKETS=4x %libomp-run 2>&1 | FileCheck --check-prefix=BAD2 %s
// RUN: env OMP_DISPLAY_ENV=true OMP_SELECT_COST_BUCKETS=on OMP_SELECT_SECOND_CHANCE=ON OMP_SELECT_RETAKE=On %libomp-run 2>&1 | FileCheck --check-prefix=ON --implicit-check-not=Warning %s
// RUN: env OMP_DISPLAY_ENV=true OMP_SELECT_COST_BUCKETS=1 OMP_SELECT_SECOND_CHANCE=32 OMP_SELECT_RETAKE=90 %libomp-run 2>&1 | FileCheck --check-prefix=ONE --implicit-check-not=Warning %s
// ON-DAG: OMP_SELECT_SECOND_CHANCE='16'
// ON-DAG: OMP_SELECT_RETAKE='50'
// ON-DAG: OMP_SELECT_COST_BUCKETS='8'
// ONE-DAG: OMP_SELECT_SECOND_CHANCE='32'
// ONE-DAG: OMP_SELECT_RETAKE='90'
// ONE-DAG: OMP_SELECT_COST_BUCKETS='1'

// DEFAULT-DAG: OMP_SELECT='mean'
// DEFAULT-DAG: OMP_MEAN_REPS='5'
// DEFAULT-DAG: OMP_UCB='16'
// DEFAULT-DAG: OMP_GB_ALPHA='0.2'
// DEFAULT-DAG: OMP_SELECT_SEED='clock'
// DEFAULT-DAG: OMP_SELECT_STATS=''
// DEFAULT-DAG: OMP_SELECT_TRACE=''
// DEFAULT-DAG: OMP_SELECT_LOAD=''
// DEFAULT-DAG: OMP_SELECT_ROBUST='on'
// DEFAULT-DAG: OMP_SELECT_ELIMINATE='on'
// DEFAULT-DAG: OMP_SELECT_PATIENCE='on'
// DEFAULT-DAG: OMP_SELECT_RATIO='on'
// DEFAULT-DAG: OMP_SELECT_STORE_RECHECK='on'
// DEFAULT-DAG: OMP_SELECT_LONE_RECHECK='on'
// DEFAULT-DAG: OMP_SELECT_SECOND_CHANCE='16'
// DEFAULT-DAG: OMP_SELECT_RETAKE='50'
// DEFAULT-DAG: OMP_SELECT_CLUSTER_RATIO='on'
// DEFAULT-DAG: OMP_SELECT_COST_BUCKETS='auto'
// DEFAULT-DAG: OMP_GB_REWARD='relative'

// SET-DAG: OMP_SELECT='ucb'
// SET-DAG: OMP_MEAN_REPS='3'
// SET-DAG: OMP_UCB='2.5'
// SET-DAG: OMP_GB_ALPHA='0.5'
// SET-DAG: OMP_SELECT_SEED='42'
// SET-DAG: OMP_SELECT_STATS='s.csv'
// SET-DAG: OMP_SELECT_TRACE='t.csv'
// SET-DAG: OMP_SELECT_LOAD='l.csv'
// SET-DAG: OMP_SELECT_ROBUST='off'
// SET-DAG: OMP_SELECT_ELIMINATE='off'
// SET-DAG: OMP_SELECT_PATIENCE='off'
// SET-DAG: OMP_SELECT_RATIO='off'
// SET-DAG: OMP_SELECT_STORE_RECHECK='off'
// SET-DAG: OMP_SELECT_LONE_RECHECK='off'
// SET-DAG: OMP_SELECT_SECOND_CHANCE='off'
// SET-DAG: OMP_SELECT_RETAKE='off'
// SET-DAG: OMP_SELECT_CLUSTER_RATIO='off'
// SET-DAG: OMP_SELECT_COST_BUCKETS='8'
// SET-DAG: OMP_GB_REWARD='seconds'

// FIXED: OMP_SELECT='fixed:gemm_blis'

// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT: "best" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT value "mean" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_MEAN_REPS="0": value too small.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_MEAN_REPS value "1" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_UCB: "abc" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_UCB value "16" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_GB_ALPHA: "-1" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_GB_ALPHA value "0.2" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_SEED: "x1" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_SEED value "a seed from the clock" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_ROBUST: "offf" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_ROBUST value "on" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_ELIMINATE: "2" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_ELIMINATE value "on" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_PATIENCE: "maybe" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_PATIENCE value "on" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_STORE_RECHECK: "later" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_STORE_RECHECK value "on" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_LONE_RECHECK: "twice" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_LONE_RECHECK value "on" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_SECOND_CHANCE: "often" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_SECOND_CHANCE value "16" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_RETAKE: "100" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_RETAKE value "50" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_RATIO: "1.1" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_RATIO value "on" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_CLUSTER_RATIO: "sometimes" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_CLUSTER_RATIO value "on" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_COST_BUCKETS: "65" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_COST_BUCKETS value "auto" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_GB_REWARD: "ns" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_GB_REWARD value "relative" will be used.
// BAD-DAG: OMP_GB_REWARD='relative'
// BAD: OMP_SELECT='mean'
// BAD-DAG: OMP_SELECT_ROBUST='on'
// BAD-DAG: OMP_SELECT_ELIMINATE='on'
// BAD-DAG: OMP_SELECT_PATIENCE='on'
// BAD-DAG: OMP_SELECT_RATIO='on'
// BAD-DAG: OMP_SELECT_LONE_RECHECK='on'
// BAD-DAG: OMP_SELECT_SECOND_CHANCE='16'
// BAD-DAG: OMP_SELECT_RETAKE='50'
// BAD-DAG: OMP_SELECT_CLUSTER_RATIO='on'
// BAD-DAG: OMP_SELECT_COST_BUCKETS='auto'
// BAD: ran

// BAD2-DAG: OMP_UCB: "inf" is an invalid value; ignored.
// BAD2-DAG: OMP_GB_ALPHA: "0" is an invalid value; ignored.
// BAD2-DAG: OMP_SELECT: "fixed:" is an invalid value; ignored.
// BAD2-DAG: OMP_SELECT_COST_BUCKETS: "4x" is an invalid value; ignored.
// BAD2: ran

#include <omp.h>
#include <stdio.h>

int main(void) {
#pragma omp parallel num_threads(1)
  printf("ran\n");
  return 0;
}

// ERASE's environment variables (docs/erase.md): OMP_DISPLAY_ENV shows every
// one, the clusters in use and where they come from; a malformed value gets a
// warning naming the variable and the value used instead; a malformed power
// table or cluster list is refused with its file and line or its reason, and
// the program runs on. OMP_ERASE=off (the default) turns nothing on.
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=OFF %s
// RUN: env OMP_DISPLAY_ENV=true OMP_ERASE=on OMP_ERASE_CLUSTERS="b:1;a:0" OMP_ERASE_STEAL=cluster OMP_ERASE_SLEEP_SPIN=0 OMP_ERASE_PERF=off OMP_ERASE_TEAM=off OMP_ERASE_LADDER=off OMP_ERASE_SPIN_COST=off OMP_ERASE_DEFER=off OMP_ERASE_REFRESH=FIXED OMP_ERASE_STAY=20 OMP_ERASE_TIE=0 OMP_ERASE_TIME_WEIGHT=1.5 OMP_ERASE_ALIKE=on OMP_ERASE_JOINT=off OMP_SELECT_OBJECTIVE=EDP OMP_ERASE_INTERP=linear OMP_ERASE_THRESHOLDS=2,20 OMP_ERASE_FLOPS_PER_CYCLE=8 OMP_ERASE_STATS=%t.csv %libomp-run 2>&1 | FileCheck --check-prefix=ON %s
// RUN: env OMP_DISPLAY_ENV=true OMP_ERASE=on OMP_ERASE_SLEEP=off %libomp-run 2>&1 | FileCheck --check-prefix=NOSLEEP %s
// RUN: env OMP_DISPLAY_ENV=true OMP_ERASE_SLEEP=100 %libomp-run 2>&1 | FileCheck --check-prefix=SLEEPONLY %s
// RUN: env OMP_DISPLAY_ENV=true OMP_ERASE=maybe OMP_ERASE_SLEEP=-3 OMP_ERASE_SLEEP_SPIN=-5 OMP_ERASE_STEAL=some OMP_ERASE_PERF=2 OMP_ERASE_TEAM=teams OMP_ERASE_LADDER=doubling OMP_ERASE_SPIN_COST=idle OMP_ERASE_DEFER=later OMP_ERASE_REFRESH=64 OMP_ERASE_STAY=101 OMP_ERASE_TIE=5% OMP_ERASE_TIME_WEIGHT=9 OMP_ERASE_ALIKE=onion OMP_ERASE_JOINT=both OMP_SELECT_OBJECTIVE=power OMP_ERASE_THRESHOLDS=9,3 OMP_ERASE_FLOPS_PER_CYCLE=0 OMP_ERASE_INTERP=spline %libomp-run 2>&1 | FileCheck --check-prefix=BAD %s
// OMP_ERASE_DEFER takes a share between 0 and 1 besides on and off.
// RUN: env OMP_DISPLAY_ENV=true OMP_ERASE_DEFER=0.05 %libomp-run 2>&1 | FileCheck --check-prefix=SHARE --implicit-check-not=Warning %s
// RUN: env OMP_DISPLAY_ENV=true OMP_ERASE_DEFER=1.5 %libomp-run 2>&1 | FileCheck --check-prefix=BADSHARE %s
// SHARE: OMP_ERASE_DEFER='0.05'
// BADSHARE-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_DEFER: "1.5" is an invalid value; ignored.
// BADSHARE-DAG: OMP_ERASE_DEFER='on'
// A weight off its steps of 0.25 is refused as well.
// RUN: env OMP_DISPLAY_ENV=true OMP_ERASE_TIME_WEIGHT=0.3 %libomp-run 2>&1 | FileCheck --check-prefix=QUARTER %s
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:0" OMP_ERASE_POWER=/nonexistent.power OMP_ERASE_TEST_SLOWDOWN=z:2 %libomp-run 2>&1 | FileCheck --check-prefix=BADFILES %s
// RUN: env KMP_WARNINGS=off OMP_ERASE=on OMP_ERASE_CLUSTERS="a:0;b:0" OMP_ERASE_POWER=/nonexistent.power %libomp-run > %t.quiet 2>&1
// RUN: not grep Warning %t.quiet
// Hardware counters: where they cannot be opened (as on virtual machines) one
// warning for the whole run, and every type gets the fallback class compute.
// OMP_DISPLAY_ENV says which case this machine is in: unavailable, exactly
// one warning; classifying, none.
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_DISPLAY_ENV=true OMP_ERASE_STATS=%t.perf.csv %libomp-run > %t.perf.out 2>&1
// RUN: awk '/hardware counters: unavailable/ { u = 1 } /hardware counters: classifying/ { k = 1 } /hardware counters unavailable \(/ { n++ } END { print "warnings:", (u && !k && n == 1) || (k && !u && n == 0) ? "as the counters allow" : "wrong" }' %t.perf.out | FileCheck --check-prefix=ONEWARN %s
// RUN: awk -F, 'FNR == NR { if (/hardware counters unavailable/) w = 1; next } FNR > 2 && w && $3 != "compute" { bad++ } END { print "fallback:", bad ? "violated" : "ok" }' %t.perf.out %t.perf.csv | FileCheck --check-prefix=FALLBACK %s
// RUN: printf 'cluster a idle 1\nrun a vector 2000 1 3\n' > %t.power
// RUN: env OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0-1" OMP_ERASE_POWER=%t.power %libomp-run 2>&1 | FileCheck --check-prefix=BADPOWER %s

// OFF-DAG: OMP_ERASE='off'
// OFF-DAG: OMP_ERASE_CLUSTERS=''
// OFF-DAG: OMP_ERASE_POWER=''
// OFF-DAG: OMP_ERASE_SLEEP='off'
// OFF-DAG: OMP_ERASE_SLEEP_SPIN='100'
// OFF-DAG: OMP_ERASE_STEAL='all'
// OFF-DAG: OMP_ERASE_PERF='on'
// OFF-DAG: OMP_ERASE_TEAM='on'
// OFF-DAG: OMP_ERASE_LADDER='on'
// OFF-DAG: OMP_ERASE_SPIN_COST='on'
// OFF-DAG: OMP_ERASE_DEFER='on'
// OFF-DAG: OMP_ERASE_REFRESH='backoff'
// OFF-DAG: OMP_ERASE_STAY='5'
// OFF-DAG: OMP_ERASE_TIME_WEIGHT='0.25'
// OFF-DAG: OMP_ERASE_TIE='5'
// OFF-DAG: OMP_ERASE_ALIKE='auto'
// OFF-DAG: OMP_ERASE_JOINT='on'
// OFF-DAG: OMP_SELECT_OBJECTIVE='energy'
// OFF-DAG: OMP_ERASE_INTERP='none'
// OFF-DAG: OMP_ERASE_MODEL=''
// OFF-DAG: OMP_ERASE_THRESHOLDS='4,32'
// OFF-DAG: OMP_ERASE_FLOPS_PER_CYCLE='16'
// OFF-DAG: OMP_ERASE_STATS=''
// OFF-DAG: OMP_ERASE_TEST_SLOWDOWN=''
// OFF: tasks: 100

// ON-DAG: OMP_ERASE='on'
// ON-DAG: [MVOMP ERASE] clusters from OMP_ERASE_CLUSTERS; no power table: every configuration draws 1 W, so the mapper minimises time
// ON-DAG: OMP_ERASE_CLUSTERS='b:1;a:0'
// ON-DAG: OMP_ERASE_SLEEP='10'
// ON-DAG: OMP_ERASE_SLEEP_SPIN='0'
// ON-DAG: OMP_ERASE_STEAL='cluster'
// ON-DAG: OMP_ERASE_PERF='off'
// ON-DAG: OMP_ERASE_TEAM='off'
// ON-DAG: OMP_ERASE_LADDER='off'
// ON-DAG: OMP_ERASE_SPIN_COST='off'
// ON-DAG: OMP_ERASE_DEFER='off'
// ON-DAG: OMP_ERASE_REFRESH='fixed'
// ON-DAG: OMP_ERASE_STAY='20'
// ON-DAG: OMP_ERASE_TIME_WEIGHT='1.5'
// ON-DAG: OMP_ERASE_TIE='0'
// ON-DAG: OMP_ERASE_ALIKE='on'
// ON-DAG: OMP_ERASE_JOINT='off'
// ON-DAG: OMP_SELECT_OBJECTIVE='edp'
// ON-DAG: [MVOMP ERASE] hardware counters: off (OMP_ERASE_PERF=off): every type is 'compute'
// ON-DAG: OMP_ERASE_INTERP='linear'
// ON-DAG: OMP_ERASE_THRESHOLDS='2,20'
// ON-DAG: OMP_ERASE_FLOPS_PER_CYCLE='8'
// ON-DAG: OMP_ERASE_STATS='{{.*}}.csv'
// ON: tasks: 100

// NOSLEEP-DAG: OMP_ERASE='on'
// NOSLEEP-DAG: OMP_ERASE_SLEEP='off'
// NOSLEEP-DAG: OMP_ERASE_CLUSTERS='{{.+}}'
// NOSLEEP: tasks: 100

// SLEEPONLY-DAG: OMP_ERASE='off'
// SLEEPONLY-DAG: OMP_ERASE_SLEEP='100'
// SLEEPONLY: tasks: 100

// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE: "maybe" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE value "off" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_SLEEP: "-3" is an invalid value; ignored.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_SLEEP_SPIN: "-5" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE_SLEEP_SPIN value "100 (microseconds)" will be used.
// BAD-DAG: OMP_ERASE_SLEEP_SPIN='100'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_STEAL: "some" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE_STEAL value "all" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_PERF: "2" is an invalid value; ignored.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_TEAM: "teams" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_TEAM='on'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_LADDER: "doubling" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_LADDER='on'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_SPIN_COST: "idle" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_SPIN_COST='on'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_DEFER: "later" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_DEFER='on'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_REFRESH: "64" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_REFRESH='backoff'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_ALIKE: "onion" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_ALIKE='auto'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_STAY: "101" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_STAY='5'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_TIME_WEIGHT: "9" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE_TIME_WEIGHT value "0.25" will be used.
// BAD-DAG: OMP_ERASE_TIME_WEIGHT='0.25'
// QUARTER-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_TIME_WEIGHT: "0.3" is an invalid value; ignored.
// QUARTER-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE_TIME_WEIGHT value "0.25" will be used.
// QUARTER-DAG: OMP_ERASE_TIME_WEIGHT='0.25'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_TIE: "5%" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE_TIE value "5 (percent)" will be used.
// BAD-DAG: OMP_ERASE_TIE='5'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_JOINT: "both" is an invalid value; ignored.
// BAD-DAG: OMP_ERASE_JOINT='on'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_SELECT_OBJECTIVE: "power" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_SELECT_OBJECTIVE value "energy" will be used.
// BAD-DAG: OMP_SELECT_OBJECTIVE='energy'
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_THRESHOLDS: "9,3" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE_THRESHOLDS value "4,32" will be used.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_FLOPS_PER_CYCLE: "0" is an invalid value; ignored.
// BAD-DAG: OMP: Warning #{{[0-9]+}}: OMP_ERASE_INTERP: "spline" is an invalid value; ignored.
// BAD-DAG: OMP: Info #{{[0-9]+}}: OMP_ERASE_INTERP value "none" will be used.
// BAD-DAG: OMP_ERASE_THRESHOLDS='4,32'
// BAD-DAG: OMP_ERASE_FLOPS_PER_CYCLE='16'
// BAD-DAG: OMP_ERASE='off'
// BAD: tasks: 100

// BADFILES-DAG: OMP: Warning (MVOMP ERASE): OMP_ERASE_CLUSTERS='a:0;b:0': CPU 0 is in cluster 'a' and in 'b'; using the detected clusters
// BADFILES-DAG: OMP: Warning (MVOMP ERASE): OMP_ERASE_POWER: cannot read '/nonexistent.power': No such file or directory; without a power table ERASE minimises predicted time
// BADFILES-DAG: OMP: Warning (MVOMP ERASE): OMP_ERASE_TEST_SLOWDOWN: 'z:2' is not <cluster in use>:<factor from 1 to 1000>; ignored
// BADFILES: tasks: 100

// ONEWARN: warnings: as the counters allow
// FALLBACK: fallback: ok

// BADPOWER: OMP: Warning (MVOMP ERASE): OMP_ERASE_POWER: {{.*}}.power:2: task class 'vector' is not memory, cache or compute; without a power table ERASE minimises predicted time
// BADPOWER: tasks: 100

#include "erase_tasks.h"
#include <stdio.h>

int main(void) {
  int n = erase_100_tasks();
  fprintf(stderr, "tasks: %d\n", n);
  return n == 100 ? 0 : 1;
}

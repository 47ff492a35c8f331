// The model store (OMP_SELECT_MODELS, docs/runtime.md): a run starts where
// earlier runs of the same program on the same machine ended, and merges what
// it measured at exit. Two versions report their times with
// kmp_task_stats_set: "slow" 300 us, "fast" 30 us (MV_FAST_NS changes it), so
// that the sequences do not depend on the machine's load.
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run | FileCheck --check-prefix=EXPLORE %s
// RUN: ls %t.dir/m | FileCheck --check-prefix=FILE %s
// RUN: FileCheck --check-prefix=STORE1 %s < %t.dir/m/*.csv
//
// The second run starts on "fast"; its stats.csv says what was loaded.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STATS=s2.csv %libomp-run | FileCheck --check-prefix=LOADED %s
// RUN: FileCheck --check-prefix=ORIGIN %s < s2.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=DISPLAY %s
// The store is read when the runtime starts: another directory named later
// (kmp_set_defaults) is refused with a warning, and the run goes on with the
// store it read; the same directory again is no warning.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run 0 OMP_SELECT_MODELS=%t.dir/m2 2>&1 | FileCheck --check-prefixes=LATE,LOADED %s
// RUN: test ! -e %t.dir/m2
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run 0 OMP_SELECT_MODELS=%t.dir/m 2>&1 | FileCheck --check-prefix=LOADED --implicit-check-not=Warning %s
// A run that reads the store (the runtime started) and launches no task
// writes nothing: the file stays as it was, its run count included.
// RUN: bash -c 'cp %t.dir/m/*.csv before.csv && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run 0 none && cmp before.csv %t.dir/m/*.csv'
//
// The identity cache: the hash of the executable and the CPUs' part of the
// fingerprint, so that later runs need not work them out again (libomp, built
// with a GNU build ID, is identified by it, and never hashed).
// A line that does not parse is reported and dropped; a changed executable
// (its change time moves) is hashed again, and keeps its models when its
// contents are the same.
// RUN: rm -rf %t.dir/id && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/id %libomp-run | FileCheck --check-prefix=EXPLORE %s
// RUN: FileCheck --check-prefix=IDCACHE %s < %t.dir/id/identity.cache
// RUN: bash -c 'echo "file	garbage" >> %t.dir/id/identity.cache'
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/id %libomp-run 2>&1 | FileCheck --check-prefixes=IDBAD,LOADED %s
// RUN: not grep garbage %t.dir/id/identity.cache
// RUN: touch %t && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/id %libomp-run | FileCheck --check-prefix=LOADED %s
// RUN: grep -c '^file' %t.dir/id/identity.cache | FileCheck --check-prefix=IDFILES %s
//
// Change: "fast" became 100x slower; the run leaves it after 3 executions
// (robust statistics), and the store replaces its history.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m MV_FAST_NS=3000000 %libomp-run | FileCheck --check-prefix=CHANGED %s
// Mean then keeps "slow" without trying "fast" again ...
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run | FileCheck --check-prefix=SLOW %s
// ... until "fast" has not run for 10 runs: its statistics are stale and it
// is measured again, from nothing (stats.csv: origin run), and chosen.
// RUN: bash -c 'for i in 1 2 3 4 5 6 7 8; do env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run; done' | FileCheck --check-prefix=SLOW %s
// A row no run touched keeps its columns, its age grows: "fast" is version 1,
// not run for 9 runs.
// RUN: grep '"fast"' %t.dir/m/*.csv | FileCheck --check-prefix=UNTOUCHED %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m %libomp-run | FileCheck --check-prefix=SLOW %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m OMP_SELECT_STATS=s3.csv %libomp-run | FileCheck --check-prefix=LOADED %s
// RUN: FileCheck --check-prefix=RECHECK %s < s3.csv
//
// Concurrent runs merge without losing each other's data: 8 runs at once,
// each on its own cost, all explore (no prediction from the others' costs);
// the store holds every key and 8 more
// runs.
// RUN: rm -rf %t.dir/c && bash -c 'for c in 1 2 3 4 5 6 7 8; do env OMP_NUM_THREADS=1 OMP_SELECT_PREDICT=off OMP_SELECT_MODELS=%t.dir/c %libomp-run $c > /dev/null & done; wait'
// RUN: grep -c '"slow","test",[1-8],-1,5,' %t.dir/c/*.csv | FileCheck --check-prefix=EIGHT %s
// RUN: grep '^# runs:' %t.dir/c/*.csv | FileCheck --check-prefix=RUNS8 %s
// Their identity caches merge too, each key once: the executable, libomp and
// the CPUs.
// RUN: grep -c -v '^#' %t.dir/c/identity.cache | FileCheck --check-prefix=IDLINES %s
//
// An executable with a GNU build ID is identified by it: its file is not
// hashed (the identity cache has no line of a file), and it keeps its models
// when its file changes but not its build (stripped).
// RUN: rm -rf %t.bid %t.dir/bid && mkdir -p %t.bid && %libomp-compile -Wl,--build-id -o %t.bid/prog
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/bid %t.bid/prog | FileCheck --check-prefix=EXPLORE %s
// RUN: not grep '^file' %t.dir/bid/identity.cache
// RUN: strip %t.bid/prog && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/bid %t.bid/prog | FileCheck --check-prefix=LOADED %s
//
// Prediction across costs: with the store holding costs 1 and 2, cost 4 starts
// from a fit of log time on log cost per version; "slow" (30x "fast" here) is
// predicted hopeless and never runs there. OMP_SELECT_PREDICT=off explores it.
// RUN: rm -rf %t.dir/p && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/p MV_FAST_NS=10000 %libomp-run 1 | FileCheck --check-prefix=EXPLORE %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/p MV_FAST_NS=10000 %libomp-run 2 | FileCheck --check-prefix=EXPLORE %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/p MV_FAST_NS=10000 OMP_SELECT_STATS=p4.csv %libomp-run 4 | FileCheck --check-prefix=LOADED %s
// RUN: FileCheck --check-prefix=PREDICTED %s < p4.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/p MV_FAST_NS=10000 OMP_SELECT_PREDICT=off %libomp-run 8 | FileCheck --check-prefix=EXPLORE %s
//
// A store from another machine (its fingerprint differs), malformed or
// truncated: a warning with the file and line, not used (the run explores),
// kept aside at exit.
// RUN: rm -rf %t.dir/b && mkdir -p %t.dir/b && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/b %libomp-run > /dev/null
// RUN: sed -i 's/^# machine: cpu=/# machine: cpu=Other /' %t.dir/b/*.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/b %libomp-run 2>&1 | FileCheck --check-prefixes=FOREIGN,ASIDE,EXPLORE %s
// RUN: sed -i 's/^1,1,"fast","test",0,-1,64,/1,1,"fast","test",0,-1,sixty,/' %t.dir/b/*.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/b %libomp-run 2>&1 | FileCheck --check-prefixes=MALFORMED,ASIDE,EXPLORE %s
// RUN: sed -i '/^# end:/d' %t.dir/b/*.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/b %libomp-run 2>&1 | FileCheck --check-prefixes=TRUNCATED,ASIDE,EXPLORE %s
// RUN: sed -i 's/^# end: \([0-9]*\) rows$/# end: \1 rows 1/' %t.dir/b/*.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/b %libomp-run 2>&1 | FileCheck --check-prefixes=ENDLINE,ASIDE,EXPLORE %s
// RUN: sed -i 's/^# runs: .*/# runs: -1/' %t.dir/b/*.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/b %libomp-run 2>&1 | FileCheck --check-prefixes=RUNSLINE,ASIDE,EXPLORE %s
// RUN: ls %t.dir/b | FileCheck --check-prefix=KEPT %s
// A model of another build of the program is not used: OMP_DISPLAY_ENV says so.
// RUN: rm -rf %t.dir/o && mkdir -p %t.dir/o && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/o %libomp-run > /dev/null
// RUN: bash -c 'cd %t.dir/o && for f in *.csv; do mv $f $(echo $f | sed "s/-[0-9a-f]*-/-0000000000000000-/"); done'
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/o OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefixes=OTHER,EXPLORE %s
//
// A store that cannot be written (read-only file system; a file where the
// directory should be): warnings, and the run completes as without a store.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=/proc/mvomp-models %libomp-run 2>&1 | FileCheck --check-prefixes=READONLY,EXPLORE %s
// RUN: touch %t.dir/file && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/file/m %libomp-run 2>&1 | FileCheck --check-prefixes=NOTDIR,EXPLORE %s
// Off: nothing is read or written.
// RUN: rm -rf %t.dir/off && env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=off HOME=%t.dir/off %libomp-run | FileCheck --check-prefix=EXPLORE %s
// RUN: test ! -e %t.dir/off
// The default directory is under XDG_CACHE_HOME, else HOME.
// RUN: rm -rf %t.dir/home && env -u OMP_SELECT_MODELS OMP_NUM_THREADS=1 HOME=%t.dir/home %libomp-run > /dev/null && ls %t.dir/home/.cache/mvomp/models | FileCheck --check-prefix=FILE %s
// RUN: rm -rf %t.dir/xdg && env -u OMP_SELECT_MODELS OMP_NUM_THREADS=1 XDG_CACHE_HOME=%t.dir/xdg %libomp-run > /dev/null && ls %t.dir/xdg/mvomp/models | FileCheck --check-prefix=FILE %s
// RUN: rm -rf %t.dir/on && env OMP_SELECT_MODELS=on OMP_NUM_THREADS=1 HOME=%t.dir/on %libomp-run > /dev/null && ls %t.dir/on/.cache/mvomp/models | FileCheck --check-prefix=FILE %s
// The directory takes the placeholders of every MVOMP path: one store per rank.
// RUN: rm -rf %t.dir/ranks && env OMP_SELECT_MODELS=%t.dir/ranks/r%%r OMPI_COMM_WORLD_RANK=3 OMP_NUM_THREADS=1 %libomp-run > /dev/null && ls %t.dir/ranks/r3 | FileCheck --check-prefix=FILE %s

// FILE: {{^}}models_store.c.tmp-{{[0-9a-f]+-[0-9a-f]+}}.csv{{$}}
// STORE1: # MVOMP model store 1
// STORE1-NEXT: # program: {{.*}}models_store.c.tmp
// STORE1-NEXT: # machine: cpu={{.+}};threads=1;libomp=
// STORE1-NEXT: # runs: 1
// STORE1-NEXT: type,version,name,location,cost,locality,count,mean_ns,stddev_ns,sum_squares_ns2,total_ns,policy,cluster,loaded,origin,age
// STORE1-DAG: 1,0,"slow","test",0,-1,5,{{.*}},mean,,5,store,0
// STORE1-DAG: 1,1,"fast","test",0,-1,64,{{.*}},mean,,64,store,0
// STORE1: # end: 2 rows
// IDBAD: OMP: Warning (MVOMP): OMP_SELECT_MODELS: {{.*}}/identity.cache:{{[0-9]+}}: not a line of an identity cache; it is dropped when the cache is written
// LATE: OMP: Warning (MVOMP): OMP_SELECT_MODELS='{{.*}}/m2' set after the model store was read (kmp_set_defaults?): it is read once, when the runtime starts; ignored
// LOADED: sequence {{1+$}}
// Loaded: what was stored, up to 8 executions (the store's weight); this
// run ran "fast" 100 times.
// ORIGIN-DAG: 1,0,"slow","test",0,-1,5,{{.*}},mean,,5,store
// ORIGIN-DAG: 1,1,"fast","test",0,-1,108,{{.*}},mean,,8,store
// PREDICTED-DAG: 1,0,"slow","test",4,-1,0,{{[0-9.]+}},0.0,0,0.0,mean,,0,predicted
// PREDICTED-DAG: 1,1,"fast","test",4,-1,100,{{.*}},mean,,0,predicted
// DISPLAY: OMP_SELECT_MODELS='{{.*}}/m'
// DISPLAY-NEXT: [MVOMP] model store: '{{.*}}/m/models_store.c.tmp-{{.*}}.csv'
// DISPLAY-NEXT: [MVOMP] fingerprint: {{[0-9a-f]+}} cpu=
// DISPLAY-NEXT: [MVOMP] models: loaded (see stats.csv's origin column)
// IDCACHE: # MVOMP identity cache 1
// IDCACHE-DAG: {{^}}file	{{[0-9]+ [0-9]+ [0-9]+ [0-9]+\.[0-9]+ [0-9]+\.[0-9]+}}	{{[0-9a-f]+$}}
// IDCACHE-DAG: {{^}}cpu	{{[-0-9a-f]+ [0-9]+}}	cpu=
// IDFILES: 2
// IDLINES: 2{{$}}
// CHANGED: sequence 1110{{0+$}}
// SLOW: sequence {{0+$}}
// UNTOUCHED: 1,1,"fast","test",0,-1,{{.*}},store,9{{$}}
// RECHECK: 1,1,"fast","test",0,-1,100,{{.*}},mean,,0,run
// EIGHT: 8
// RUNS8: # runs: 8
// FOREIGN: OMP: Warning (MVOMP): OMP_SELECT_MODELS: {{.*}}.csv:3: made on another machine or with another libomp (cpu=Other
// MALFORMED: OMP: Warning (MVOMP): OMP_SELECT_MODELS: {{.*}}.csv:{{[0-9]+}}: count is not an integer from 0 to 2^63-1; line skipped
// MALFORMED: OMP: Warning (MVOMP): OMP_SELECT_MODELS: '{{.*}}.csv' is malformed; it is not used
// TRUNCATED: OMP: Warning (MVOMP): OMP_SELECT_MODELS: {{.*}}.csv:{{[0-9]+}}: truncated: no '# end:' line; it is not used
// ENDLINE: OMP: Warning (MVOMP): OMP_SELECT_MODELS: {{.*}}.csv:{{[0-9]+}}: expected '# end: <count> rows'; it is not used
// RUNSLINE: OMP: Warning (MVOMP): OMP_SELECT_MODELS: {{.*}}.csv:4: expected '# runs: <count>' (0 to 2^32-1); it is not used
// ASIDE: OMP: Warning (MVOMP): OMP_SELECT_MODELS: '{{.*}}.csv' kept aside as '{{.*}}.csv.bad-{{[0-9]+}}'
// KEPT-COUNT-5: .csv.bad-
// OTHER: [MVOMP] models: none yet for this program and machine: exploring
// OTHER-NEXT: [MVOMP] models of 1 other build(s) of this program or other machine(s) in '{{.*}}/o': not used
// READONLY: OMP: Warning (MVOMP): OMP_SELECT_MODELS: cannot create the directory '/proc/mvomp-models': {{.*}}; this run's statistics are not saved
// NOTDIR: OMP: Warning (MVOMP): OMP_SELECT_MODELS: cannot create the directory '{{.*}}/file/m': Not a directory; this run's statistics are not saved
// Last, since warnings at exit come before the output (flushed after them).
// EXPLORE: sequence 0000011111{{1+$}}

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 100
static char seq[ROUNDS + 1];
static int round_;
static unsigned long long fast_ns = 30000;

static int slow(int gtid, void *t) {
  kmp_task_stats_set(300000 + 1000 * (round_ % 3));
  seq[round_] = '0';
  return 0;
}
static int fast(int gtid, void *t) {
  kmp_task_stats_set(fast_ns + fast_ns / 100 * (round_ % 3));
  seq[round_] = '1';
  return 0;
}

int main(int argc, char **argv) {
  if (getenv("MV_FAST_NS"))
    fast_ns = strtoull(getenv("MV_FAST_NS"), NULL, 10);
  long long cost = argc > 1 ? atoll(argv[1]) : 0;
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  if (argc > 2) { // the runtime starts (and reads the store), then this
    omp_get_max_threads();
    if (strcmp(argv[2], "none") == 0) // no task: the store is not written
      return 0;
    kmp_set_defaults(argv[2]);
  }
#pragma omp parallel
#pragma omp single
  for (round_ = 0; round_ < ROUNDS; ++round_) {
    mv_run_at_cost(1, 2, e, cost, NULL);
  }
  printf("sequence %s\n", seq);
  return 0;
}

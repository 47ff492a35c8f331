// Taskloop moldability (docs/erase.md): with OMP_ERASE=on a taskloop with
// neither grainsize nor num_tasks is split for the width the mapper chooses,
// after trying each width of each cluster (twice: KMP_ERASE_WARMUP);
// OMP_ERASE_STATS shows one taskloop row per width tried. A taskloop with a grainsize is split as
// upstream does, and ERASE keeps out of it. Every iteration runs once.
// OMP_ERASE_DEFER (on by default) tries the cluster's widest width first and
// width 1 only once the loop has run long enough for its two trials (about
// twice the time at width 2 each) to cost at most 2% of the time so far:
// never in 4 loops of about 10 ms ("heavy": a stall of 1 s on a loaded
// machine would be needed to pay for it, where 20 loops of 10 us were
// overturned by one of 0.4 ms), after about 100 in 200; with
// OMP_ERASE_DEFER=off, the thesis' order (every width first).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="pair:0-1" OMP_ERASE_STATS=%t.defer.csv %libomp-run heavy 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: grep -c ',taskloop,compute,pair,' %t.defer.csv | FileCheck --check-prefix=ONEWIDTH %s
// RUN: grep ',taskloop,compute,pair,2,' %t.defer.csv | FileCheck --check-prefix=W2ALL %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="pair:0-1" OMP_ERASE_STATS=%t.many.csv %libomp-run many 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: grep -c ',taskloop,compute,pair,' %t.many.csv | FileCheck --check-prefix=WIDTHS %s
// RUN: grep ',taskloop,compute,pair,1,' %t.many.csv | FileCheck --check-prefix=W1 %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_DEFER=off OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="pair:0-1" OMP_ERASE_STATS=%t.mold.csv %libomp-run 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: grep -c ',taskloop,compute,pair,' %t.mold.csv | FileCheck --check-prefix=WIDTHS %s
// RUN: grep ',taskloop,compute,pair,1,' %t.mold.csv | FileCheck --check-prefix=W1 %s
// RUN: grep ',taskloop,compute,pair,2,' %t.mold.csv | FileCheck --check-prefix=W2 %s
// Chunks: a width short of a cluster, or of one core, is one chunk per core;
// a whole cluster of several, ten per core (upstream's ratio, for balance).
// The task rows count the chunks: every taskloop's (row executions x chunks
// per width), and the first loop's 20, split as upstream does while its type
// is classified.
// RUN: awk -F, '$2 == "task" { t += $6 } $2 == "taskloop" { l += $6 * ($5 == 2 ? 20 : 1) } END { print "extra chunks", t - l }' %t.mold.csv | FileCheck --check-prefix=CHUNKS %s
// Two clusters of one core: each is width 1 (one chunk); the whole team
// (OMP_ERASE_TEAM, on by default) is one more configuration, split as
// upstream does (20 chunks) and shown as cluster "team" of width 2. With
// OMP_ERASE_TEAM=off, the thesis' configurations only.
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.ones.csv %libomp-run 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: awk -F, '$2 == "task" { t += $6 } $2 == "taskloop" { l += $6 * ($4 == "team" ? 20 : 1) } END { print "extra chunks", t - l }' %t.ones.csv | FileCheck --check-prefix=CHUNKS %s
// RUN: grep ',taskloop,compute,team,' %t.ones.csv | FileCheck --check-prefix=TEAM %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_TEAM=off OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.noteam.csv %libomp-run 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: awk -F, '$2 == "task" { t += $6 } $2 == "taskloop" { l += $6 } END { print "extra chunks", t - l }' %t.noteam.csv | FileCheck --check-prefix=CHUNKS %s
// RUN: not grep ',team,' %t.noteam.csv
// OMP_ERASE_DEFER tries the whole team first, and a cluster alone (half the
// team's cores) only once its two trials, were it twice the team's time, can
// cost at most 5% of the loop's time so far: never in 4 loops of about 10 ms,
// where the team runs them all; in 200 loops, a cluster alone too (both, on
// a quiet machine; beside busy loops the team's loops take milliseconds, the
// first cluster alone microseconds, and the second's trials wait longer).
// With OMP_ERASE_DEFER=off the clusters first (the thesis' order).
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.teamfirst.csv %libomp-run heavy 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: grep -c ',taskloop,compute,' %t.teamfirst.csv | FileCheck --check-prefix=ONEWIDTH %s
// RUN: grep ',taskloop,compute,team,2,' %t.teamfirst.csv | FileCheck --check-prefix=TEAMALL %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_DEFER=off OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.clustersfirst.csv %libomp-run heavy 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: grep ',taskloop,compute,[ab],1,' %t.clustersfirst.csv | FileCheck --check-prefix=ALONE %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_STATS=%t.teammany.csv %libomp-run many 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: grep -c ',taskloop,compute,' %t.teammany.csv | FileCheck --check-prefix=TWOORMORE %s
// RUN: not grep ',team,' %t.mold.csv
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="pair:0-1" OMP_ERASE_STATS=%t.grain.csv %libomp-run grainsize 2>&1 | FileCheck --check-prefix=SUM %s
// RUN: not grep ',taskloop,' %t.grain.csv

// SUM: sum ok
// WIDTHS: 2
// Each width at least twice (the warm-up: the losing width ran once without).
// W1: ,taskloop,compute,pair,1,{{[2-9]|[1-9][0-9]+}},
// W2: ,taskloop,compute,pair,2,{{[2-9]|[1-9][0-9]+}},
// CHUNKS: extra chunks 20{{$}}
// ONEWIDTH: 1
// TWOORMORE: {{^[23]$}}
// ALONE: ,taskloop,compute,{{a|b}},1,
// TEAMALL: ,taskloop,compute,team,2,{{3|4}},
// W2ALL: ,taskloop,compute,pair,2,{{3|4}},
// TEAM: ,taskloop,compute,team,2,{{[1-9][0-9]*}},

#include "erase_tasks.h"
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 4096
static double a[N];


int main(int argc, char **argv) {
  int grain = argc > 1 && strcmp(argv[1], "grainsize") == 0;
  int heavy = argc > 1 && strcmp(argv[1], "heavy") == 0;
  int reps = argc > 1 && strcmp(argv[1], "many") == 0 ? 200 : heavy ? 4 : 20;
  int steps = heavy ? 2000 : 0;
  long ok = 1;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int r = 0; r < reps; ++r) {
    if (grain) {
#pragma omp taskloop grainsize(512)
      for (int i = 0; i < N; ++i)
        a[i] = i + r;
    } else {
#pragma omp taskloop
      for (int i = 0; i < N; ++i)
        a[i] = i + r + (steps && erase_work(i, steps) > 3.0);
    }
    for (int i = 0; i < N; ++i)
      ok &= a[i] == i + r;
  }
  printf("sum %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}

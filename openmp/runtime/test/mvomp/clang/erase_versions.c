// With OMP_ERASE=on a multi-version task keeps its statistics and choices per
// core cluster (docs/erase.md, docs/runtime.md), so one version can win on
// big cores and another on little ones. Two emulated clusters of one CPU
// each; version "on_a" is fast on CPU 0 and slow on CPU 1, "on_b" the other
// way round. Each thread launches its tasks undeferred (if(0)), so thread 0
// runs them on cluster a and thread 1 on cluster b; Mean settles on the
// version that is fast where it runs. stats.csv's last column names the
// cluster; every launch runs once. With OMP_ERASE_ALIKE=on the clusters are
// taken as interchangeable (docs/erase.md, "Alike clusters"): one row per
// version, no cluster (here that is wrong, and Mean keeps one version for
// both).
// RUN: %clang %openmp_flags %flags %s -o %t && env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_SELECT=mean OMP_MEAN_REPS=3 OMP_SELECT_STATS=%t.csv %t | FileCheck %s
// RUN: head -1 %t.csv | FileCheck --check-prefix=HEAD %s
// RUN: awk -F, 'NR > 1 && $7 > best[$13] { best[$13] = $7; name[$13] = $3 } END { print "a", name["a"]; print "b", name["b"] }' %t.csv | FileCheck --check-prefix=BEST %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_ERASE_ALIKE=on OMP_SELECT=mean OMP_MEAN_REPS=3 OMP_SELECT_STATS=%t.alike.csv %t | FileCheck %s
// RUN: awk -F, 'NR > 1 { rows++; if ($13 != "") per++ } END { print "rows", rows, "per cluster", per + 0 }' %t.alike.csv | FileCheck --check-prefix=ALIKE %s
// CHECK: launches 400, runs 400
// ALIKE: rows 2 per cluster 0
// HEAD: type,version,name,location,cost,locality,count,mean_ns,stddev_ns,sum_squares_ns2,total_ns,policy,cluster
// BEST: a "on_a"
// BEST-NEXT: b "on_b"

#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>

static int runs;

static void spin(int n) {
  for (volatile int i = 0; i < n; ++i)
    ;
}

void on_a(void) {
  spin(sched_getcpu() == 0 ? 2000 : 40000);
  __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
}

void on_b(void) {
  spin(sched_getcpu() == 1 ? 2000 : 40000);
  __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
}

static void launch(void) {
#pragma omp task define(7)
  on_a();
#pragma omp task define(7)
  on_b();
#pragma omp task run(7) if(0)
}

int main(void) {
  int launches = 0;
#pragma omp parallel num_threads(2) reduction(+ : launches)
  for (int i = 0; i < 200; ++i) {
    launch();
    ++launches;
  }
  printf("launches %d, runs %d\n", launches, runs);
  return runs == launches ? 0 : 1;
}

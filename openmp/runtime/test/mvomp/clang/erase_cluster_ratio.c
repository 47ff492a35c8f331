// Prediction across clusters (OMP_SELECT_CLUSTER_RATIO, docs/runtime.md), end
// to end: with ERASE's clusters in the statistics' keys, each cluster explores
// a multi-version task's versions on its own; a version that one cluster
// measured hopeless is predicted so on the others from the versions both ran,
// and one whose first execution is in flight on another cluster waits for it.
// Two emulated clusters of one CPU each, Mean with 2 repetitions, versions
// reporting their times (kmp_task_stats_set): "fast" 100 us, "near" 200 us,
// "hopeless" 5 ms. Thread 0 (cluster a) explores first, undeferred launches
// (if(0)): fast, fast, near, near, then hopeless, in which it stays until
// thread 1 (cluster b) has made six launches of its own: b measures fast,
// predicts near from a's ratio (2x, explored once) and, while a's hopeless is
// in flight, runs fast rather than hopeless. Then 20 more launches on b, where
// hopeless is predicted 50x from a's measurement and never runs, and near,
// run once, has its second chance (OMP_SELECT_SECOND_CHANCE) once b's key has
// spent 16 times its excess over fast (1.6 ms, about launch 16). With
// OMP_SELECT_CLUSTER_RATIO=off b explores as a did: near twice, hopeless once.
// A second run from the model store whose thread 1 launches first ("b-first":
// 20 launches on b before thread 0 launches anything) predicts hopeless on b
// from what the store holds of cluster a, before a has a key in that run
// (with OMP_SELECT_CLUSTER_RATIO=off, b runs it; b's near is not run in that
// third run: the store holds it twice from the first run, the second
// execution its second chance).
//
// RUN: %clang %openmp_flags %flags %s -o %t
// DEFINE: %{run} = env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_CLUSTERS="a:0;b:1" OMP_SELECT=mean OMP_MEAN_REPS=2 OMP_SELECT_MODELS=off
// RUN: %{run} %t | FileCheck --check-prefix=ON %s
// RUN: %{run} OMP_SELECT_CLUSTER_RATIO=off %t | FileCheck --check-prefix=OFF %s
// ON: a: fast 2 near 2 hopeless 1
// ON: b while a's hopeless runs: fast 5 near 1 hopeless 0
// ON: b: fast 24 near 2 hopeless 0
// RUN: rm -rf %t.store
// RUN: %{run} OMP_SELECT_MODELS=%t.store %t > %t.first
// RUN: %{run} OMP_SELECT_MODELS=%t.store %t b-first | FileCheck --check-prefix=STORE %s
// RUN: %{run} OMP_SELECT_MODELS=%t.store OMP_SELECT_CLUSTER_RATIO=off %t b-first | FileCheck --check-prefix=STOREOFF %s
// STORE: b first: fast 20 near 0 hopeless 0
// STOREOFF: b first: fast 19 near 0 hopeless 1
// OFF: a: fast 2 near 2 hopeless 1
// OFF: b: fast {{2[34]}} near 2 hopeless 1

#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <time.h>

static int ran[3][2]; // version x thread
static volatile int in_hopeless, released;

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static void done(int version, unsigned long long ns) {
  kmp_task_stats_set(ns);
  ++ran[version][omp_get_thread_num() & 1];
}

static void fast(void) { done(0, 100000); }
static void near(void) { done(1, 200000); }
static void hopeless(void) {
  if (omp_get_thread_num() == 0) {
    // Until thread 1 has launched its six (at most 10 s: a failure, not a
    // hang, if it never does).
    double end = now_us() + 10e6;
    in_hopeless = 1;
    while (!released && now_us() < end)
      ;
  }
  done(2, 5000000);
}

static void launch(void) {
#pragma omp task define(7)
  fast();
#pragma omp task define(7)
  near();
#pragma omp task define(7)
  hopeless();
#pragma omp task run(7) if(0)
}

int main(int argc, char **argv) {
  int during[3] = {0, 0, 0};
  if (argc > 1) { // b-first
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 1)
        for (int i = 0; i < 20; ++i)
          launch();
#pragma omp barrier
      if (omp_get_thread_num() == 0)
        launch();
    }
    printf("b first: fast %d near %d hopeless %d\n", ran[0][1], ran[1][1],
           ran[2][1]);
    return 0;
  }
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      for (int i = 0; i < 5; ++i)
        launch();
    } else {
      double end = now_us() + 10e6;
      while (!in_hopeless && now_us() < end)
        ;
      for (int i = 0; i < 6; ++i)
        launch();
      for (int v = 0; v < 3; ++v)
        during[v] = ran[v][1];
      released = 1;
    }
#pragma omp barrier
    if (omp_get_thread_num() == 1)
      for (int i = 0; i < 20; ++i)
        launch();
  }
  printf("a: fast %d near %d hopeless %d\n", ran[0][0], ran[1][0], ran[2][0]);
  printf("b while a's hopeless runs: fast %d near %d hopeless %d\n", during[0],
         during[1], during[2]);
  printf("b: fast %d near %d hopeless %d\n", ran[0][1], ran[1][1], ran[2][1]);
  return 0;
}

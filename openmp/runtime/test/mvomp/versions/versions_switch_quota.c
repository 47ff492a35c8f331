// A policy change with kmp_set_defaults that raises the number of executions
// each version gets before the policy chooses by the statistics (Mean's
// OMP_MEAN_REPS; UCB's 2): the versions short of the new quota are explored
// up to it, then the choice follows the statistics. "a" reports 10 us and "b"
// 100 us. UCB with k = 0 (or Mean with 2 repetitions) runs each twice, then a;
// at round 50 the switch to Mean with 5 repetitions must run b three more
// times, then a again. The libomp that kept the key marked explored ran b,
// the slower, from round 50 on when the launch lists b first ("ba": the
// choice read the exploration counts, which choices without the lock do not
// advance), and never again with "ab" (it explored nothing more).
// The thesis' exploration rules (OMP_SELECT_ELIMINATE=off: b, 10x slower, would stop exploring).
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off OMP_SELECT=ucb OMP_UCB=0 OMP_MEAN_REPS=5 %libomp-run ab OMP_SELECT=mean | FileCheck --check-prefix=AB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off OMP_SELECT=ucb OMP_UCB=0 OMP_MEAN_REPS=5 %libomp-run ba OMP_SELECT=mean | FileCheck --check-prefix=BA %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off OMP_SELECT=mean OMP_MEAN_REPS=2 %libomp-run ab OMP_MEAN_REPS=5 | FileCheck --check-prefix=AB %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off OMP_SELECT=mean OMP_MEAN_REPS=2 %libomp-run ba OMP_MEAN_REPS=5 | FileCheck --check-prefix=BA %s
// The other way (a smaller quota): nothing left to explore, a all along.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_ELIMINATE=off OMP_SELECT=mean OMP_MEAN_REPS=2 %libomp-run ab OMP_SELECT=ucb,OMP_UCB=0 | FileCheck --check-prefix=DOWN %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_ELIMINATE=off OMP_SELECT=ucb OMP_UCB=0 OMP_MEAN_REPS=5 %libomp-run ab OMP_SELECT=mean | FileCheck --check-prefix=AB %s

// AB: sequence aabbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa{{$}}
// BA: sequence bbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa{{$}}
// DOWN: sequence aabbaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa{{$}}

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define ROUNDS 100
static char seq[ROUNDS + 1];
static int round_no;

static int a(int gtid, void *t) {
  kmp_task_stats_set(10000);
  seq[round_no] = 'a';
  return 0;
}
static int b(int gtid, void *t) {
  kmp_task_stats_set(100000);
  seq[round_no] = 'b';
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  kmp_routine_entry_t e[2] = {a, b};
  const char *names[2] = {"a", "b"};
  mv_register(1, 2, e, names);
  int reversed = strcmp(argv[1], "ba") == 0;
  for (char *c = argv[2]; *c; ++c) // kmp_set_defaults separates with '|'
    if (*c == ',')
      *c = '|';
  kmp_routine_entry_t launched[2] = {e[reversed], e[!reversed]};
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (round_no = 0; round_no < ROUNDS; ++round_no) {
    if (round_no == 50)
      kmp_set_defaults(argv[2]);
    mv_run(1, 2, launched, &x, sizeof x, 0, 0, NULL);
#pragma omp taskwait
  }
  printf("sequence %s\n", seq);
  return 0;
}

// OMP_SELECT_LOAD: a run starts from the statistics an earlier run wrote
// (its stats.csv), so that it does not explore again. Two versions, "slow"
// (300 us) and "fast" (30 us), report their times with kmp_task_stats_set
// (mv_slow_fast.h).
// The first run explores (Mean: 5 of each) and writes stats.csv; the second
// loads it and runs "fast" from its first task, with Mean and with UCB; the
// file it writes adds its executions to the loaded ones. Rows match by type,
// version name, cost, locality and cluster: with another cost nothing
// matches and Mean explores. A malformed line is a warning naming the file
// and line, and is skipped; an unreadable file is a warning.
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_STATS=first.csv %libomp-run | FileCheck --check-prefix=EXPLORE %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=first.csv OMP_SELECT_STATS=second.csv %libomp-run | FileCheck --check-prefix=LOADED %s
// RUN: grep '^1,1,"fast"' second.csv | FileCheck --check-prefix=COUNTS %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT=ucb OMP_SELECT_LOAD=first.csv %libomp-run | FileCheck --check-prefix=LOADED %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=first.csv %libomp-run 7 | FileCheck --check-prefix=EXPLORE %s
// RUN: head -2 first.csv > bad.csv
// RUN: echo '1,1,"fast","test",0,-1,many,30000.0,0.0,0,0.0,mean,' >> bad.csv
// RUN: echo '1,1,"fast,"test",0,-1,5,30000.0,0.0,0,0.0,mean,' >> bad.csv
// RUN: echo '1,1,"fast","test",0' >> bad.csv
// RUN: echo '1,1,"fast' >> bad.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=bad.csv %libomp-run 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=%t.dir/none/s.csv %libomp-run 2>&1 | FileCheck --check-prefix=NOFILE %s
// kmp_set_defaults parses the settings again: the statistics are loaded once;
// another file named then is refused with a warning.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=first.csv %libomp-run 0 OMP_SELECT_LOAD=first.csv 2>&1 | FileCheck --check-prefix=LOADED --implicit-check-not=Warning %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=first.csv %libomp-run 0 OMP_SELECT_LOAD=bad.csv 2>&1 | FileCheck --check-prefixes=AGAIN,LOADED --implicit-check-not=Warning %s

// EXPLORE: sequence 0000011111{{1+$}}
// AGAIN: OMP: Warning (MVOMP): OMP_SELECT_LOAD=bad.csv: statistics were already loaded from 'first.csv'; ignored
// LOADED: sequence {{1+$}}
// 95 executions of "fast" in the first run, 100 in the second.
// COUNTS: 1,1,"fast","test",0,-1,195,
// BAD: OMP: Warning (MVOMP): OMP_SELECT_LOAD: bad.csv:3: count is not an integer from 0 to 2^63-1; line skipped
// BAD: OMP: Warning (MVOMP): OMP_SELECT_LOAD: bad.csv:4: text after a closing quote; line skipped
// BAD: OMP: Warning (MVOMP): OMP_SELECT_LOAD: bad.csv:5: expected 15 comma-separated fields (16 in a model store, 12 or 13 from earlier releases); line skipped
// BAD: OMP: Warning (MVOMP): OMP_SELECT_LOAD: bad.csv:6: a quoted field is not closed; line skipped
// Only "slow" was loaded (5 executions): Mean explores "fast", then keeps it.
// BAD: sequence 11111{{1+$}}
// NOFILE: OMP: Warning (MVOMP): OMP_SELECT_LOAD: cannot read '{{.*}}none/s.csv': No such file or directory; starting without saved statistics
// NOFILE: sequence 0000011111{{1+$}}

#include "mv_slow_fast.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc > 2)
    kmp_set_defaults(argv[2]);
  mv_slow_fast_rounds(argc > 1 ? atoll(argv[1]) : 0);
  printf("sequence %s\n", mv_seq);
  return 0;
}

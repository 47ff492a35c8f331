// stats.csv and trace.csv: the documented columns, and counts equal to the
// executions; written at exit through OMP_SELECT_STATS / OMP_SELECT_TRACE
// and on demand into the working directory; an unwritable path (a directory
// that does not exist: the test's own, not one that a machine may have) is a
// warning.
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT=fixed:1 OMP_SELECT_STATS=%t.dir/exit-stats.csv OMP_SELECT_TRACE=%t.dir/exit-trace.csv %libomp-run
// RUN: sort %t.dir/exit-stats.csv | FileCheck --check-prefix=STATS %s
// RUN: sort %t.dir/stats.csv | FileCheck --check-prefix=STATS %s
// RUN: head -1 %t.dir/exit-trace.csv | FileCheck --check-prefix=TRACEHEAD %s
// RUN: tail -n +2 %t.dir/exit-trace.csv | wc -l | FileCheck --check-prefix=ROWS %s
// RUN: tail -n +2 %t.dir/trace.csv | wc -l | FileCheck --check-prefix=ROWS %s
// RUN: grep -c ',1,"b"$' %t.dir/exit-trace.csv | FileCheck --check-prefix=ROWS %s
// RUN: env OMP_NUM_THREADS=2 OMP_SELECT_STATS=%t.dir/missing/s.csv OMP_SELECT_TRACE=%t.dir/missing/t.csv %libomp-run 2>&1 | FileCheck --check-prefix=UNWRITABLE %s
// RUN: env OMP_NUM_THREADS=2 %libomp-run 2>&1 | FileCheck --check-prefix=TRACEOFF %s
// KMP_WARNINGS=off silences MVOMP's warnings as it does libomp's.
// RUN: env KMP_WARNINGS=off OMP_NUM_THREADS=2 OMP_SELECT_STATS=%t.dir/missing/s.csv OMP_SELECT_TRACE=%t.dir/missing/t.csv %libomp-run > %t.quiet 2>&1
// RUN: not grep Warning %t.quiet

// STATS: 1,0,"a","test",0,-1,0,0.0,0.0,0,0.0,fixed,,0,run{{$}}
// STATS-NEXT: 1,0,"a","test",1,-1,0,0.0,0.0,0,0.0,fixed,,0,run{{$}}
// STATS-NEXT: 1,1,"b","test",0,-1,50,{{[0-9.]+}},{{[0-9.]+}},{{[0-9.e+]+}},{{[0-9.]+}},fixed,,0,run{{$}}
// STATS-NEXT: 1,1,"b","test",1,-1,50,{{[0-9.]+}},{{[0-9.]+}},{{[0-9.e+]+}},{{[0-9.]+}},fixed,,0,run{{$}}
// STATS-NEXT: type,version,name,location,cost,locality,count,mean_ns,stddev_ns,sum_squares_ns2,total_ns,policy,cluster,loaded,origin{{$}}
// TRACEHEAD: start,end,thread,address,time,cost,socket,node1,node2,type,version,name
// ROWS: 100
// UNWRITABLE-DAG: OMP: Warning (MVOMP): OMP_SELECT_STATS: cannot write '{{.*}}/missing/s.csv': No such file or directory
// UNWRITABLE-DAG: OMP: Warning (MVOMP): OMP_SELECT_TRACE: cannot write '{{.*}}/missing/t.csv': No such file or directory
// TRACEOFF: OMP: Warning (MVOMP): kmp_task_trace_write: tracing is off

#include "mv_abi.h"
#include <mvomp.h>
#include <omp.h>

static int a(int gtid, void *t) { return 0; }
static int b(int gtid, void *t) {
  mv_spin_us(10);
  return 0;
}

int main(void) {
  kmp_routine_entry_t e[2] = {a, b};
  const char *names[2] = {"a", "b"};
  mv_register(1, 2, e, names);
  int x = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 100; ++i) {
    task_cost(i % 2);
    mv_run(1, 2, e, &x, sizeof x, 0, 0, NULL);
  }
  kmp_task_impl_stat_print_csv(1);
  kmp_task_trace_write();
  return 0;
}

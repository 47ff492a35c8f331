// Statistics shared between processes (kmp_mvomp_share_* in mvomp.h,
// docs/mpi.md), without MPI: one process exports what it ran to a file,
// others import it as another process's executions.
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// One process: 100 rounds under Mean (5 of "slow", then "fast"); its export,
// imported into itself as if from another process, doubles every count; an
// export replaces what the same process sent before; malformed parts warn and
// change nothing.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_STATS=self.csv %libomp-run self %t.dir/one.bin 2>&1 | FileCheck --check-prefix=SELF %s
// RUN: FileCheck --check-prefix=DOUBLED %s < self.csv
// A process that imports it before running starts explored: every round runs
// "fast"; its stats.csv counts what it was sent as loaded.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_STATS=fresh.csv %libomp-run fresh %t.dir/one.bin 0 | FileCheck --check-prefix=FRESH %s
// RUN: FileCheck --check-prefix=FRESHCSV %s < fresh.csv
// The model store at exit: its own executions (0), its own and the others'
// (1), or nothing (-1).
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m0 %libomp-run fresh %t.dir/one.bin 0 > /dev/null
// RUN: FileCheck --check-prefix=STORE0 %s < %t.dir/m0/*.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/m1 %libomp-run fresh %t.dir/one.bin 1 > /dev/null
// RUN: FileCheck --check-prefix=STORE1 %s < %t.dir/m1/*.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_MODELS=%t.dir/mn %libomp-run fresh %t.dir/one.bin -1 > /dev/null
// RUN: test ! -e %t.dir/mn
// A process with no multi-version executions exports nothing; bad ranks warn.
// RUN: env OMP_NUM_THREADS=1 %libomp-run empty 2>&1 | FileCheck --check-prefix=EMPTY %s

// SELF: exported {{[1-9][0-9]*}} bytes
// SELF: import self: 2 rows
// SELF-NEXT: import again: 2 rows
// SELF-NEXT: OMP: Warning (MVOMP): kmp_mvomp_share_import: part 0 of 1 is malformed (not an export of this MVOMP release); nothing is imported
// SELF-NEXT: import garbage: -1
// SELF-NEXT: OMP: Warning (MVOMP): kmp_mvomp_share_import: part 1 of 2 is malformed (its size is not the size it was exported with); nothing is imported
// SELF-NEXT: import truncated: -1
// SELF-NEXT: OMP: Warning (MVOMP): kmp_mvomp_share_import: no parts given; nothing is imported
// SELF-NEXT: import none: -1
// SELF-NEXT: sequence 0000011111{{1+$}}
// DOUBLED: type,version,name,location,cost,locality,count,mean_ns,stddev_ns,sum_squares_ns2,total_ns,policy,cluster,loaded,origin
// DOUBLED-DAG: 1,0,"slow","test",0,-1,10,{{.*}},mean,,5,run
// DOUBLED-DAG: 1,1,"fast","test",0,-1,190,{{.*}},mean,,95,run
// FRESH: import: 2 rows
// FRESH-NEXT: sequence {{1+$}}
// FRESHCSV-DAG: 1,0,"slow","test",0,-1,5,{{.*}},mean,,5,run
// FRESHCSV-DAG: 1,1,"fast","test",0,-1,195,{{.*}},mean,,95,run
// STORE0-NOT: "slow"
// STORE0: 1,1,"fast","test",0,-1,64,{{.*}},mean,,64,store,0
// STORE0-NOT: "slow"
// STORE1-DAG: 1,0,"slow","test",0,-1,5,{{.*}},mean,,5,store,0
// STORE1-DAG: 1,1,"fast","test",0,-1,64,{{.*}},mean,,64,store,0
// EMPTY: export: 0 bytes, null
// EMPTY-NEXT: OMP: Warning (MVOMP): kmp_mvomp_share_ranks(5, 2): not a rank of that many processes; exploring from the first version
// EMPTY-NEXT: exploring: 0

#include "mv_slow_fast.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_seq(void) {
  mv_seq[ROUNDS] = '\0';
  printf("sequence %s\n", mv_seq);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "empty";
  const char *file = argc > 2 ? argv[2] : NULL;
  if (strcmp(mode, "empty") == 0) {
    size_t size = 1;
    void *p = kmp_mvomp_share_export(&size);
    printf("export: %zu bytes, %s\n", size, p ? "not null" : "null");
    fflush(stdout);
    kmp_mvomp_share_ranks(5, 2);
    printf("exploring: %d\n", kmp_mvomp_share_exploring());
    return 0;
  }
  if (strcmp(mode, "self") == 0) {
    mv_slow_fast_rounds(0);
    size_t size = 0;
    void *p = kmp_mvomp_share_export(&size);
    printf("exported %zu bytes\n", size);
    FILE *f = fopen(file, "wb");
    fwrite(p, 1, size, f);
    fclose(f);
    const void *parts[2] = {p, p};
    size_t sizes[2] = {size, size - 8};
    printf("import self: %d rows\n", kmp_mvomp_share_import(1, parts, sizes));
    printf("import again: %d rows\n", kmp_mvomp_share_import(1, parts, sizes));
    fflush(stdout);
    char garbage[64];
    memset(garbage, 'x', sizeof garbage);
    const void *bad[1] = {garbage};
    size_t bad_size[1] = {sizeof garbage};
    printf("import garbage: %d\n", kmp_mvomp_share_import(1, bad, bad_size));
    fflush(stdout);
    printf("import truncated: %d\n", kmp_mvomp_share_import(2, parts, sizes));
    fflush(stdout);
    printf("import none: %d\n", kmp_mvomp_share_import(1, NULL, NULL));
    kmp_mvomp_share_free(p);
    print_seq();
    return 0;
  }
  // fresh <file> <store mode>
  FILE *f = fopen(file, "rb");
  static char buf[1 << 16];
  size_t size = fread(buf, 1, sizeof buf, f);
  fclose(f);
  kmp_mvomp_share_store(atoi(argv[3]));
  const void *parts[1] = {buf};
  // Registered before the import (as a program's constructors would).
  kmp_routine_entry_t e[2] = {slow, fast};
  const char *names[2] = {"slow", "fast"};
  mv_register(1, 2, e, names);
  printf("import: %d rows\n", kmp_mvomp_share_import(1, parts, &size));
  mv_slow_fast_rounds(0);
  print_seq();
  return 0;
}

// Bad input files and values for the multi-version variables get a warning
// naming the variable and file, and a safe default; nothing blocks, nothing
// is clamped or resolved silently (docs/runtime.md, "Input and output
// files"). Each run is under `timeout` so that a hang fails the test.
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_STATS=good.csv %libomp-run > /dev/null
// Not regular files: a directory, a device, a FIFO with no writer, and a file
// over the size limit (sparse: no disk used).
// RUN: mkdir adir && mkfifo afifo && truncate -s 65M big.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=adir timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=DIR %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=/dev/zero timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=DEV %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=afifo timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=FIFO %s
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=big.csv timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=BIG %s
// Outputs: a FIFO nobody reads does not block the exit; a directory is named.
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_STATS=afifo OMP_SELECT_TRACE=adir timeout 60 %libomp-run 2>&1 | FileCheck --check-prefix=OUT %s
// A NUL byte ends the file with a warning naming its line.
// RUN: head -2 good.csv > nul.csv && printf '\000' >> nul.csv && tail -n +3 good.csv >> nul.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=nul.csv %libomp-run 2>&1 | FileCheck --check-prefix=NUL %s
// Blank lines are skipped quietly; past 10 malformed lines, one summary.
// RUN: cp good.csv many.csv && printf '\n  \n\r\n' >> many.csv
// RUN: seq 15 | sed 's/^/junk /' >> many.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=many.csv %libomp-run 2>&1 | FileCheck --check-prefix=MANY --implicit-check-not=Warning %s
// An overflowing count is refused, not clamped; a row repeating a key with
// other numbers is a warning naming both lines (the first is used).
// RUN: head -1 good.csv > dup.csv && grep '"fast"' good.csv >> dup.csv && grep '"fast"' good.csv | sed 's/,-1,[0-9]*,/,-1,7,/' >> dup.csv && grep '"fast"' good.csv >> dup.csv
// RUN: grep '"slow"' good.csv | sed 's/,-1,[0-9]*,/,-1,99999999999999999999,/' >> dup.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=dup.csv %libomp-run 2>&1 | FileCheck --check-prefix=DUP --implicit-check-not=Warning %s
// A file cut short inside its last row ("fast"): the row is skipped, not read
// with another last number.
// RUN: head -c -3 good.csv > cut.csv
// RUN: env OMP_NUM_THREADS=1 OMP_SELECT_LOAD=cut.csv %libomp-run 2>&1 | FileCheck --check-prefix=CUT --implicit-check-not=Warning %s
// A blank number is not 0: OMP_UCB="   " keeps the default with a warning.
// RUN: env OMP_NUM_THREADS=1 OMP_UCB="   " OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=BLANK %s

// DIR: OMP: Warning (MVOMP): OMP_SELECT_LOAD: cannot read 'adir': it is a directory; starting without saved statistics
// DIR: sequence 0000011111{{1+$}}
// DEV: OMP: Warning (MVOMP): OMP_SELECT_LOAD: cannot read '/dev/zero': it is not a regular file (a FIFO, device or socket); starting without saved statistics
// DEV: sequence
// FIFO: OMP: Warning (MVOMP): OMP_SELECT_LOAD: cannot read 'afifo': it is not a regular file (a FIFO, device or socket); starting without saved statistics
// FIFO: sequence
// BIG: OMP: Warning (MVOMP): OMP_SELECT_LOAD: cannot read 'big.csv': it is larger than the limit of 64 MiB; starting without saved statistics
// BIG: sequence
// OUT-DAG: OMP: Warning (MVOMP): OMP_SELECT_STATS: cannot write 'afifo': a FIFO that no process reads
// OUT-DAG: OMP: Warning (MVOMP): OMP_SELECT_TRACE: cannot write 'adir': Is a directory
// NUL: OMP: Warning (MVOMP): OMP_SELECT_LOAD: 'nul.csv' line 3 holds a NUL byte (not a text file?); the file is read up to it
// Only "slow" (line 2) was read: Mean explores "fast", then keeps it.
// NUL: sequence 11111{{1+$}}
// MANY: OMP: Warning (MVOMP): OMP_SELECT_LOAD: many.csv:7: expected 15 comma-separated fields (16 in a model store, 12 or 13 from earlier releases); line skipped
// MANY-COUNT-9: OMP: Warning (MVOMP): OMP_SELECT_LOAD: many.csv:{{[0-9]+}}: expected 15
// MANY: OMP: Warning (MVOMP): OMP_SELECT_LOAD: many.csv: 5 more malformed lines not shown
// MANY: sequence {{1+$}}
// DUP: OMP: Warning (MVOMP): OMP_SELECT_LOAD: dup.csv:3: repeats the key of line 2 (type 1, version "fast", cost 0, locality -1) with other numbers; line 2 is used
// DUP: OMP: Warning (MVOMP): OMP_SELECT_LOAD: dup.csv:5: count is not an integer from 0 to 2^63-1; line skipped
// DUP: sequence {{[01]+$}}
// CUT: OMP: Warning (MVOMP): OMP_SELECT_LOAD: cut.csv:3: the file ends inside this line (no line break after it): it looks cut short; end the line if it is complete; line skipped
// CUT: sequence 11111{{1+$}}
// BLANK-DAG: OMP: Warning #{{[0-9]+}}: OMP_UCB: "   " is an invalid value; ignored.
// BLANK-DAG: OMP_UCB='16'

#include "mv_slow_fast.h"
#include <stdio.h>

int main(void) {
  mv_slow_fast_rounds(0);
  printf("sequence %s\n", mv_seq);
  return 0;
}

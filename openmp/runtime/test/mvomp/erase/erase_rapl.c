// MVOMP-LIT: measures
// With RAPL readable, ERASE's statistics measure each task type's energy from
// the package counters (docs/erase.md, "The statistics file"): the package
// power of the last 10 ms period, times the task's time, times its share of
// the running tasks; the joules_from column says measured. A fake powercap
// directory (OMP_ERASE_RAPL) stands in for /sys/class/powercap: this program
// rewrites its counter as a 10 W package would, starting 50 mJ below the
// counter's range so that it wraps within the first 5 ms. A first phase of
// "warm" tasks lets the first period end; every "measured" task then sleeps
// 1 ms, two at a time nearly always, so its joules per second of execution
// are about 5 W: half the package (measured 4.9-5.1 W in five runs; 10 W
// would mean the share of the running tasks was ignored). 3 to 8 W is
// accepted. Without RAPL the joules are modelled, and a directory without
// domains gets a warning naming the variable.
// RUN: %libomp-compile -lpthread
// RUN: rm -rf %t.pc %t.empty && mkdir -p %t.pc/intel-rapl:0 %t.empty
// RUN: printf '000999950000\n' > %t.pc/intel-rapl:0/energy_uj && printf '1000000000\n' > %t.pc/intel-rapl:0/max_energy_range_uj
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true OMP_ERASE_RAPL=%t.pc OMP_ERASE_STATS=%t.csv FAKE_RAPL=%t.pc/intel-rapl:0/energy_uj %libomp-run > %t.on.txt 2>&1
// RUN: FileCheck --check-prefix=DISPLAY %s < %t.on.txt
// RUN: FileCheck --check-prefix=HEAD %s < %t.csv
// RUN: awk -F, 'NR > 2 && $2 == "task" && $6 == 200 { w = $9 / ($6 * $7); print "measured:", $10, (w >= 3 && w <= 8) ? "plausible" : "implausible " w " W" }' %t.csv | FileCheck --check-prefix=MEASURED %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_DISPLAY_ENV=true OMP_ERASE_RAPL=off OMP_ERASE_STATS=%t.off.csv FAKE_RAPL=%t.pc/intel-rapl:0/energy_uj %libomp-run > %t.off.txt 2>&1
// RUN: FileCheck --check-prefix=OFF %s < %t.off.txt
// RUN: awk -F, 'NR > 2 { print $10 }' %t.off.csv | sort -u | FileCheck --check-prefix=MODELLED %s
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_RAPL=%t.empty OMP_ERASE_STATS=%t.empty.csv %libomp-run 2>&1 | FileCheck --check-prefix=EMPTY %s
// The package domains are listed from the directory: numbered with a gap
// (intel-rapl:3 alone), beside a subdomain (intel-rapl:3:0) and another
// interface (intel-rapl-mmio:0), neither of which is a package, they are
// found and measured (probing from 0 up to the first missing number would
// find nothing here).
// RUN: rm -rf %t.gap && mkdir -p %t.gap/intel-rapl:3/intel-rapl:3:0 %t.gap/intel-rapl-mmio:0
// RUN: printf '000999950000\n' > %t.gap/intel-rapl:3/energy_uj && printf '1000000000\n' > %t.gap/intel-rapl:3/max_energy_range_uj
// RUN: printf '5\n' > %t.gap/intel-rapl-mmio:0/energy_uj
// RUN: env OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_PERF=off OMP_ERASE_RAPL=%t.gap OMP_ERASE_STATS=%t.gap.csv FAKE_RAPL=%t.gap/intel-rapl:3/energy_uj %libomp-run 2>&1 | FileCheck --check-prefix=GAP %s
// RUN: awk -F, 'NR > 2 && $2 == "task" && $6 == 200 { w = $9 / ($6 * $7); print "measured:", $10, (w >= 3 && w <= 8) ? "plausible" : "implausible " w " W" }' %t.gap.csv | FileCheck --check-prefix=MEASURED %s
// RUN: awk -F, 'NR > 2 { print $10 }' %t.empty.csv | sort -u | FileCheck --check-prefix=MODELLED %s

// DISPLAY-DAG: OMP_ERASE_RAPL='{{.*}}.pc'
// DISPLAY-DAG: [MVOMP ERASE] energy per task: measured (RAPL package power under {{.*}}.pc, shared by the running tasks)
// DISPLAY: tasks 220
// HEAD: # measured energy: {{[0-9.]+}} J (RAPL, whole machine, whole run)
// HEAD-NEXT: type,kind,class,cluster,width,executions,mean_s,model_s,joules,joules_from,timed
// MEASURED: measured: measured plausible
// MEASURED-NOT: measured:
// OFF-DAG: OMP_ERASE_RAPL='off'
// OFF-DAG: [MVOMP ERASE] energy per task: modelled from the power table (OMP_ERASE_RAPL=off)
// MODELLED: modelled
// MODELLED-NOT: {{.}}
// EMPTY: OMP: Warning (MVOMP ERASE): OMP_ERASE_RAPL: no readable RAPL package domain (intel-rapl:N/energy_uj) under '{{.*}}.empty': energy is modelled
// EMPTY: tasks 220
// GAP-NOT: Warning
// GAP: tasks 220

#include <fcntl.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

// The tasks sleep, so that the fake package's writer is never starved of a
// CPU (real counters count on whatever runs).
static void sleep_us(long us) {
  struct timespec ts = {0, us * 1000};
  nanosleep(&ts, NULL);
}

// The fake package: 10 W, i.e. 10 uJ per us, wrapping at 10^9 uJ. The
// counter is rewritten in place at a fixed width (a truncated file would be
// read empty now and then, and that reading skipped).
static volatile int stop;
static void *package(void *path) {
  double t0 = now_us();
  int fd = open((const char *)path, O_WRONLY);
  while (!stop && fd >= 0) {
    unsigned long long uj =
        (999950000ull + (unsigned long long)((now_us() - t0) * 10)) %
        1000000000ull;
    char text[16];
    snprintf(text, sizeof text, "%012llu\n", uj);
    if (pwrite(fd, text, 13, 0) != 13)
      break;
    sleep_us(100);
  }
  if (fd >= 0)
    close(fd);
  return NULL;
}

static void warm(void) { sleep_us(1000); }
static void measured(void) { sleep_us(1000); }

int main(void) {
  const char *path = getenv("FAKE_RAPL");
  pthread_t writer;
  if (path)
    pthread_create(&writer, NULL, package, (void *)path);
  int n = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int i = 0; i < 20; ++i) {
#pragma omp task shared(n)
      {
        warm();
#pragma omp atomic
        ++n;
      }
    }
#pragma omp taskwait
    for (int i = 0; i < 200; ++i) {
#pragma omp task shared(n)
      {
        measured();
#pragma omp atomic
        ++n;
      }
    }
  }
  stop = 1;
  if (path)
    pthread_join(writer, NULL);
  printf("tasks %d\n", n);
  return n == 220 ? 0 : 1;
}

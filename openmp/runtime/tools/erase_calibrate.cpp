//===- erase_calibrate.cpp - ERASE's power table calibration -------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Measures a machine's power table for ERASE (docs/erase.md): the idle power,
// then for each cluster, task class (memory: a streaming copy; cache: a small
// matrix product that stays in cache; compute: chains of multiply-adds in
// registers) and width (1 to the cluster's cores, threads pinned to its first
// CPUs), the power above idle while the micro-benchmark runs. Energy comes
// from RAPL through the powercap interface; where it is not readable the
// command says so and writes nothing (exit status 2). The table is parsed back
// with the runtime's own parser before it is written.
//
//   erase-calibrate --clusters "big:0-3;little:4-7" [--seconds 2] [--out F]
//                   [--rapl /sys/class/powercap]
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_clusters.h"
#include "kmp_erase_power.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <vector>

namespace {

double now() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// RAPL's package domains under a powercap directory, in joules, with the
// counters' wrap-around range.
struct Rapl {
  std::vector<std::string> files;
  std::vector<double> range;
  std::vector<double> last;
  double total = 0;

  static bool readNumber(const std::string &path, double *value) {
    FILE *f = fopen(path.c_str(), "r");
    if (f == NULL)
      return false;
    unsigned long long v = 0;
    bool ok = fscanf(f, "%llu", &v) == 1;
    fclose(f);
    *value = (double)v;
    return ok;
  }

  bool open(const char *dir) {
    for (int d = 0; d < 64; ++d) {
      std::string base = std::string(dir) + "/intel-rapl:" + std::to_string(d);
      double e, r = 0;
      if (!readNumber(base + "/energy_uj", &e))
        continue;
      if (!readNumber(base + "/max_energy_range_uj", &r))
        r = 0;
      files.push_back(base + "/energy_uj");
      range.push_back(r);
      last.push_back(e);
    }
    return !files.empty();
  }

  // Joules since the previous call.
  double joules() {
    double sum = 0;
    for (size_t i = 0; i < files.size(); ++i) {
      double e;
      if (!readNumber(files[i], &e))
        continue;
      double d = e - last[i];
      if (d < 0 && range[i] > 0) // the counter wrapped
        d += range[i];
      last[i] = e;
      sum += d * 1e-6;
    }
    return sum;
  }
};

enum Kernel { Memory = 0, Cache = 1, Compute = 2 };

struct Worker {
  int cpu;
  Kernel kernel;
  std::atomic<int> *stop;
  double sink;
};

void *run(void *arg) {
  Worker *w = (Worker *)arg;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(w->cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
  double sink = 0;
  if (w->kernel == Memory) { // 2 x 32 MiB: far beyond any last-level cache
    size_t n = 4u << 20;
    std::vector<double> a(n, 1.0), b(n, 0.0);
    while (!w->stop->load(std::memory_order_relaxed)) {
      memcpy(b.data(), a.data(), n * sizeof(double));
      sink += b[n / 2];
      a[0] += 1;
    }
  } else if (w->kernel == Cache) { // 3 x 64x64 doubles: 96 KiB
    const int n = 64;
    std::vector<double> a(n * n, 1.0), b(n * n, 0.5), c(n * n, 0.0);
    while (!w->stop->load(std::memory_order_relaxed)) {
      for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k)
          for (int j = 0; j < n; ++j)
            c[i * n + j] += a[i * n + k] * b[k * n + j];
      sink += c[0];
    }
  } else { // eight independent multiply-add chains in registers
    double x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    while (!w->stop->load(std::memory_order_relaxed)) {
      for (int r = 0; r < 100000; ++r)
        for (int i = 0; i < 8; ++i)
          x[i] = x[i] * 0.999999 + 1e-7;
    }
    for (int i = 0; i < 8; ++i)
      sink += x[i];
  }
  w->sink = sink;
  return NULL;
}

// Average power (W) of the whole machine while `width` threads run `kernel`
// on the given CPUs for `seconds`.
double measure(Rapl &rapl, const std::vector<int> &cpus, int width,
               Kernel kernel, double seconds) {
  std::atomic<int> stop(0);
  std::vector<Worker> workers(width);
  std::vector<pthread_t> threads(width);
  rapl.joules();
  double start = now();
  for (int i = 0; i < width; ++i) {
    workers[i] = Worker{cpus[i], kernel, &stop, 0};
    pthread_create(&threads[i], NULL, run, &workers[i]);
  }
  struct timespec ts = {(time_t)seconds,
                        (long)((seconds - (time_t)seconds) * 1e9)};
  nanosleep(&ts, NULL);
  stop.store(1);
  for (int i = 0; i < width; ++i)
    pthread_join(threads[i], NULL);
  double elapsed = now() - start;
  return rapl.joules() / elapsed;
}

int mhzOf(int cpu) {
  int current = __kmp_erase_cpufreq_mhz(cpu);
  if (current > 0)
    return current;
  FILE *f = fopen("/proc/cpuinfo", "r"); // the nominal frequency
  double mhz = 0;
  char line[256];
  while (f != NULL && fgets(line, sizeof(line), f))
    if (sscanf(line, "cpu MHz : %lf", &mhz) == 1)
      break;
  if (f != NULL)
    fclose(f);
  return mhz > 0 ? (int)mhz : 1000;
}

int usage(const char *msg) {
  fprintf(stderr,
          "erase-calibrate: %s\n"
          "usage: erase-calibrate --clusters \"name:cpus;...\" [--seconds S] "
          "[--out FILE] [--rapl DIR]\n"
          "  --clusters  as OMP_ERASE_CLUSTERS (OMP_ERASE=on "
          "OMP_DISPLAY_ENV=true shows the detected ones)\n",
          msg);
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  const char *spec = getenv("OMP_ERASE_CLUSTERS");
  const char *out = NULL, *raplDir = "/sys/class/powercap";
  double seconds = 2.0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      printf("usage: erase-calibrate --clusters \"name:cpus;...\" [--seconds S] "
             "[--out FILE] [--rapl DIR]\n"
             "Measures a power table for OMP_ERASE_POWER with RAPL: each cluster's "
             "idle power, and its run power per task class, frequency and width "
             "(docs/erase.md).\n"
             "  --clusters  as OMP_ERASE_CLUSTERS (default: that variable; "
             "OMP_ERASE=on OMP_DISPLAY_ENV=true shows the detected ones)\n"
             "  --seconds   how long each measurement runs (default 2, at most "
             "600)\n"
             "  --out       the table's file (default: standard output)\n"
             "  --rapl      the powercap directory (default /sys/class/powercap)\n");
      return 0;
    }
    if (i + 1 >= argc)
      return usage(("missing value after " + a).c_str());
    if (a == "--clusters")
      spec = argv[++i];
    else if (a == "--out")
      out = argv[++i];
    else if (a == "--rapl")
      raplDir = argv[++i];
    else if (a == "--seconds") {
      char *end = NULL;
      seconds = strtod(argv[++i], &end);
      if (*end != '\0' || !(seconds > 0 && seconds <= 600))
        return usage("--seconds takes a number of seconds in (0, 600]");
    } else
      return usage(("unknown argument " + a).c_str());
  }
  if (spec == NULL)
    return usage("no clusters given");
  kmp_erase_clusters_t clusters;
  char err[256];
  if (__kmp_erase_clusters_parse(spec, &clusters, err, sizeof(err)) != 0)
    return usage((std::string("--clusters: ") + err).c_str());
  // Every CPU named must exist and be usable: a thread is pinned to each
  // (a CPU that is not there would measure nothing, or bogus power).
  int left =
      __kmp_erase_clusters_restrict_to_affinity(&clusters, err, sizeof(err));
  if (left != 0)
    return usage((std::string("--clusters: ") +
                  (left > 0 ? std::string("CPUs ") + err +
                                  " do not exist or are not available to "
                                  "this process"
                            : std::string(err)))
                     .c_str());

  Rapl rapl;
  if (!rapl.open(raplDir)) {
    fprintf(stderr,
            "erase-calibrate: no RAPL energy counter readable under %s "
            "(intel-rapl:N/energy_uj): this machine cannot measure its power "
            "(a virtual machine, a CPU without RAPL, or energy_uj readable by "
            "root only). No table written.\n",
            raplDir);
    return 2;
  }

  std::string table;
  char line[256];
  snprintf(line, sizeof(line),
           "# ERASE power table measured by erase-calibrate: RAPL package "
           "energy over %g s per point.\n# Idle power is the machine's, "
           "shared among clusters by core count.\n",
           seconds);
  table += line;
  double idle = measure(rapl, {}, 0, Memory, seconds);
  int cores = 0;
  for (int c = 0; c < clusters.n; ++c)
    cores += __kmp_erase_clusters_size(&clusters, c);
  for (int c = 0; c < clusters.n; ++c) {
    snprintf(line, sizeof(line), "cluster %s idle %.3f\n", clusters.names[c],
             idle * __kmp_erase_clusters_size(&clusters, c) / cores);
    table += line;
  }
  for (int c = 0; c < clusters.n; ++c) {
    std::vector<int> cpus;
    for (int cpu = 0; cpu < KMP_ERASE_MAX_CPUS; ++cpu)
      if (__kmp_erase_clusters_of(&clusters, cpu) == c)
        cpus.push_back(cpu);
    int mhz = mhzOf(cpus[0]);
    for (int k = Memory; k <= Compute; ++k)
      for (int w = 1; w <= (int)cpus.size(); ++w) {
        double watts = measure(rapl, cpus, w, (Kernel)k, seconds) - idle;
        snprintf(line, sizeof(line), "run %s %s %d %d %.3f\n",
                 clusters.names[c],
                 __kmp_erase_class_name((kmp_erase_class_t)k), mhz, w,
                 watts < 0 ? 0.0 : watts);
        table += line;
        fprintf(stderr, "erase-calibrate: %s", line);
      }
  }

  kmp_erase_power_t parsed;
  if (__kmp_erase_power_parse(table.c_str(), "(measured)", &parsed, err,
                              sizeof(err)) != 0) {
    fprintf(stderr, "erase-calibrate: internal error, table refused: %s\n",
            err);
    return 3;
  }
  __kmp_erase_power_free(&parsed);
  FILE *f = out ? fopen(out, "w") : stdout;
  if (f == NULL || fputs(table.c_str(), f) < 0 || (out && fclose(f) != 0)) {
    fprintf(stderr, "erase-calibrate: cannot write %s: %s\n",
            out ? out : "stdout", strerror(errno));
    return 1;
  }
  return 0;
}

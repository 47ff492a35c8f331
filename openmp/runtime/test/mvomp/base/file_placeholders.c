// RUN: %libomp-compile
// RUN: env OMPI_COMM_WORLD_RANK=3 EXPECT_RANK=3 OMP_SELECT_STATS=%t-%%r-%%h-%%p-%%%%.csv OMP_SELECT_TRACE=%t-t%%q.csv %libomp-run 2>&1 | FileCheck %s --check-prefix=OMPI
// RUN: env -u OMPI_COMM_WORLD_RANK SLURM_PROCID=12 EXPECT_RANK=12 OMP_SELECT_STATS=%t-%%r-%%h-%%p-%%%%.csv %libomp-run 2>&1 | FileCheck %s --check-prefix=SLURM
// RUN: env -u OMPI_COMM_WORLD_RANK -u SLURM_PROCID -u PMI_RANK -u PMIX_RANK -u MV2_COMM_WORLD_RANK EXPECT_RANK=0 OMP_SELECT_STATS=%t-%%r-%%h-%%p-%%%%.csv %libomp-run 2>&1 | FileCheck %s --check-prefix=NONE
//
// The paths of MVOMP's files take placeholders (docs/runtime.md), so that the processes of a job
// never write one file: %r the MPI rank from the launcher's environment (0 without one), %h the
// host, %p the process id, %% a percent sign; an unknown one is a warning naming the variable,
// kept as written. The program checks, after libomp's writers have run at exit, that the file of
// its own rank, host and pid exists and holds stats.csv's header.

// OMPI: OMP: Warning (MVOMP): OMP_SELECT_TRACE='{{.*}}-t%q.csv': unknown placeholder '%q' (known: %p, %h, %r, %%); kept as written
// OMPI: found: type,version,name,location,cost,locality,count,mean_ns
// SLURM: found: type,version,name
// NONE: found: type,version,name
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char expected[PATH_MAX];

// Registered before libomp starts, so it runs after libomp's writers at exit.
static void check(void) {
  FILE *f = fopen(expected, "r");
  char line[64] = "";
  if (f) {
    if (!fgets(line, sizeof(line), f))
      line[0] = '\0';
    fclose(f);
    remove(expected);
  }
  printf("%s: %s\n", f ? "found" : "missing", line);
  if (!f)
    printf("expected %s\n", expected);
}

int main(void) {
  char host[256] = "";
  gethostname(host, sizeof(host));
  host[sizeof(host) - 1] = '\0';
  for (char *c = host; *c; ++c)
    if (*c == '/')
      *c = '_';
  const char *prefix = getenv("OMP_SELECT_STATS");
  const char *rank = getenv("EXPECT_RANK");
  const char *at = prefix ? strstr(prefix, "-%r") : NULL;
  if (at == NULL || rank == NULL) {
    printf("bad test setup\n");
    return 1;
  }
  snprintf(expected, sizeof(expected), "%.*s-%s-%s-%d-%%.csv", (int)(at - prefix), prefix,
           rank, host, (int)getpid());
  atexit(check);
#pragma omp parallel
  ;
  return 0;
}

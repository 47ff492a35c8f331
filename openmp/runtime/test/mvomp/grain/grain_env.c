// The variables of taskloop grain sizes (docs/grain.md): bad values and a
// malformed or unreadable calibration file get a warning naming them and the
// safe default; OMP_DISPLAY_ENV shows what is in force.
//
// RUN: %libomp-compile && rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: printf 'alpha_us 2\nsigma oops\n' > bad.model
// RUN: printf '# fitted\nalpha_us 1.5\nsigma 0.03\n' > good.model
// RUN: printf '# fitted\nalpha_us 1.5\nsigma 0.' > cut.model
// RUN: printf 'alpha_us 1.5\nsigma 0.03\ndefault_us -2\n' > baddefault.model
// RUN: printf 'alpha_us 1.5\nsigma 0.03\ndefault_us 13.1\n' > default.model
// RUN: env OMP_TASKLOOP_GRAIN=sometimes OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=BADMODE %s
// RUN: env OMP_TASKLOOP_GRAIN=-5 %libomp-run 2>&1 | FileCheck --check-prefix=NEGATIVE %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_LAMBDA=2 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=LAMBDA %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_LAMBDA=0.2,x %libomp-run 2>&1 | FileCheck --check-prefix=LAMBDA2 %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_LAMBDA=0.2,0.3 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=LAMBDAOK %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_LAMBDA=0.3 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=LAMBDAB %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SPAN=wide OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SPAN %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SPAN=FLAT OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SPANFLAT %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SPANDEFAULT %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_REPS=0 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=REPS0 %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_REPS=two OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=REPSBAD %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_REPS=7 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=REPS7 %s
// OMP_TASKLOOP_GRAIN_SAMPLE: 1 to 1024, off (0 too) for 1, the default, on
// for 8; otherwise a warning and the default.
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=on OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLEON %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=0 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLEOFF %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=often OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLEBAD %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=-3 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLENEG %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=2000 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLEBIG %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=off OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLEOFF %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_SAMPLE=16 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLE16 %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=SAMPLEDEFAULT %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=bad.model OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=BADFILE %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=cut.model OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=CUTFILE %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=missing.model %libomp-run 2>&1 | FileCheck --check-prefix=MISSING %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=%t.dir %libomp-run 2>&1 | FileCheck --check-prefix=DIR %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=good.model OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=GOOD %s
// The calibration's measured default split of an empty loop (default_us):
// shown when given; a bad value is named with its line.
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=default.model OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=DEFAULTUS %s
// RUN: env OMP_TASKLOOP_GRAIN=auto OMP_TASKLOOP_GRAIN_MODEL=baddefault.model OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=BADDEFAULTUS %s
// Without OMP_TASKLOOP_GRAIN_MODEL, the default file is read when it exists.
// RUN: mkdir -p xdg/mvomp && cp good.model xdg/mvomp/grain.model
// RUN: env OMP_TASKLOOP_GRAIN=auto XDG_CACHE_HOME=%t.dir/xdg OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=DEFAULTFILE %s
// RUN: env OMP_TASKLOOP_GRAIN=auto XDG_CACHE_HOME=%t.dir/none OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck --check-prefix=BUILTIN %s

// BADMODE: OMP: Warning #{{[0-9]+}}: OMP_TASKLOOP_GRAIN: "sometimes" is an invalid value; ignored.
// BADMODE: OMP_TASKLOOP_GRAIN value "off" will be used.
// BADMODE: OMP_TASKLOOP_GRAIN='off'
// BADMODE: ran: 1000 iterations
// NEGATIVE: OMP_TASKLOOP_GRAIN: "-5" is an invalid value; ignored.
// LAMBDA: OMP_TASKLOOP_GRAIN_LAMBDA: "2" is an invalid value; ignored.
// LAMBDA: OMP_TASKLOOP_GRAIN_LAMBDA value "the model's (0.1,0.1 by default)" will be used.
// LAMBDA: OMP_TASKLOOP_GRAIN_MODEL='{{.*}}lambda_b 0.1, lambda_s 0.1)'
// LAMBDA2: OMP_TASKLOOP_GRAIN_LAMBDA: "0.2,x" is an invalid value; ignored.
// LAMBDAOK-NOT: Warning
// LAMBDAOK: OMP_TASKLOOP_GRAIN_LAMBDA='0.2,0.3'
// LAMBDAOK: lambda_b 0.2, lambda_s 0.3)'
// LAMBDAB-NOT: Warning
// LAMBDAB: OMP_TASKLOOP_GRAIN_LAMBDA='0.3'
// LAMBDAB: lambda_b 0.3, lambda_s 0.1)'
// SPAN: OMP_TASKLOOP_GRAIN_SPAN: "wide" is an invalid value; ignored.
// SPAN: OMP_TASKLOOP_GRAIN_SPAN value "threads" will be used.
// SPAN: OMP_TASKLOOP_GRAIN_SPAN='threads'
// SPAN: ran: 1000 iterations
// SPANFLAT-NOT: Warning
// SPANFLAT: OMP_TASKLOOP_GRAIN_SPAN='flat'
// SPANFLAT: ran: 1000 iterations
// SPANDEFAULT: OMP_TASKLOOP_GRAIN_REPS='2'
// SPANDEFAULT: OMP_TASKLOOP_GRAIN_SPAN='threads'
// REPS0: OMP_TASKLOOP_GRAIN_REPS="0": value too small.
// REPS0: OMP_TASKLOOP_GRAIN_REPS value "1" will be used.
// REPS0: OMP_TASKLOOP_GRAIN_REPS='1'
// REPS0: ran: 1000 iterations
// REPSBAD: OMP_TASKLOOP_GRAIN_REPS="two": not a number.
// REPSBAD: OMP_TASKLOOP_GRAIN_REPS value "2" will be used.
// REPSBAD: OMP_TASKLOOP_GRAIN_REPS='2'
// REPSBAD: ran: 1000 iterations
// REPS7-NOT: Warning
// REPS7: OMP_TASKLOOP_GRAIN_REPS='7'
// SAMPLEBAD: OMP_TASKLOOP_GRAIN_SAMPLE: "often" is an invalid value; ignored.
// SAMPLEBAD: OMP_TASKLOOP_GRAIN_SAMPLE value "1" will be used.
// SAMPLEBAD: OMP_TASKLOOP_GRAIN_SAMPLE='1'
// SAMPLEBAD: ran: 1000 iterations
// SAMPLENEG: OMP_TASKLOOP_GRAIN_SAMPLE: "-3" is an invalid value; ignored.
// SAMPLENEG: OMP_TASKLOOP_GRAIN_SAMPLE='1'
// SAMPLEBIG: OMP_TASKLOOP_GRAIN_SAMPLE: "2000" is an invalid value; ignored.
// SAMPLEBIG: OMP_TASKLOOP_GRAIN_SAMPLE='1'
// SAMPLEOFF-NOT: Warning
// SAMPLEOFF: OMP_TASKLOOP_GRAIN_SAMPLE='1'
// SAMPLE16-NOT: Warning
// SAMPLE16: OMP_TASKLOOP_GRAIN_SAMPLE='16'
// SAMPLEDEFAULT: OMP_TASKLOOP_GRAIN_SAMPLE='1'
// SAMPLEON-NOT: Warning
// SAMPLEON: OMP_TASKLOOP_GRAIN_SAMPLE='8'
// BADFILE: OMP: Warning (MVOMP): OMP_TASKLOOP_GRAIN_MODEL: bad.model:2: expected '<name> <number>'; using the built-in model (alpha 2.674 us, sigma 0.0268)
// BADFILE: OMP_TASKLOOP_GRAIN_MODEL='built-in (alpha 2.674 us, sigma 0.0268,
// BADFILE: ran: 1000 iterations

// A model cut short: "sigma 0." is not read as sigma 0.
// CUTFILE: OMP: Warning (MVOMP): OMP_TASKLOOP_GRAIN_MODEL: cut.model:3: the file ends inside this line (no line break after it): it looks cut short; end the line if it is complete; using the built-in model (alpha 2.674 us, sigma 0.0268)
// CUTFILE: OMP_TASKLOOP_GRAIN_MODEL='built-in (alpha 2.674 us, sigma 0.0268,
// CUTFILE: ran: 1000 iterations
// MISSING: OMP_TASKLOOP_GRAIN_MODEL: cannot read 'missing.model': No such file or directory; using the built-in model
// MISSING: ran: 1000 iterations
// DIR: OMP_TASKLOOP_GRAIN_MODEL: cannot read '{{.*}}': it is a directory; using the built-in model
// GOOD-NOT: Warning
// GOOD: OMP_TASKLOOP_GRAIN_MODEL='good.model (alpha 1.5 us, sigma 0.03, lambda_b 0.1, lambda_s 0.1)'
// DEFAULTUS-NOT: Warning
// DEFAULTUS: OMP_TASKLOOP_GRAIN_MODEL='default.model (alpha 1.5 us, sigma 0.03, lambda_b 0.1, lambda_s 0.1, default_us 13.1)'
// DEFAULTUS: ran: 1000 iterations
// BADDEFAULTUS: OMP: Warning (MVOMP): OMP_TASKLOOP_GRAIN_MODEL: baddefault.model:3: default_us must be positive (and below 1 s); using the built-in model
// BADDEFAULTUS: OMP_TASKLOOP_GRAIN_MODEL='built-in (alpha 2.674 us, sigma 0.0268, lambda_b 0.1, lambda_s 0.1)'
// BADDEFAULTUS: ran: 1000 iterations
// DEFAULTFILE: OMP_TASKLOOP_GRAIN_MODEL='{{.*}}xdg/mvomp/grain.model (alpha 1.5 us, sigma 0.03,
// BUILTIN-NOT: Warning
// BUILTIN: OMP_TASKLOOP_GRAIN_MODEL='built-in (alpha 2.674 us

#include <omp.h>
#include <stdio.h>

int main(void) {
  static int hits[1000];
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskloop
  for (int i = 0; i < 1000; ++i)
    hits[i]++;
  int n = 0;
  for (int i = 0; i < 1000; ++i)
    n += hits[i] == 1;
  printf("ran: %d iterations\n", n);
  return n != 1000;
}

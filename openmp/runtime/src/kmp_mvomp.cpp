/*
 * kmp_mvomp.cpp -- MVOMP's base layer (kmp_mvomp.h): the version string,
 * kmp_mvomp_version(), the MVOMP lines of OMP_DISPLAY_ENV, the hook flags,
 * the clock, MVOMP's warnings, the guarded reading and writing of its input
 * and output files, CSV fields, and the one exit-time registration.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_mvomp.h"
#include "kmp_lock.h"
#include "mvomp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

char const __kmp_mvomp_ident[] =
    "@(#) MVOMP libomp " KMP_MVOMP_VERSION " (LLVM " KMP_MVOMP_LLVM_VERSION ")";

const char *kmp_mvomp_version(void) {
  return __kmp_mvomp_ident + 5; // without "@(#) "
}

kmp_mvomp_hooks_t __kmp_mvomp_hooks = {0, 0, 0, 0, 0, 0};

#if KMP_OS_UNIX && (KMP_ARCH_X86 || KMP_ARCH_X86_64)
double __kmp_mvomp_tick_ns = 0;
#endif
kmp_uint64 __kmp_mvomp_epoch = 0;

// Trace times count from the start of the program.
__attribute__((constructor)) static void __kmp_mvomp_set_epoch(void) {
  __kmp_mvomp_epoch = __kmp_mvomp_ticks();
}

kmp_uint64 __kmp_mvomp_now_ns(void) {
  if (UNLIKELY(!TCR_4(__kmp_init_serial)))
    __kmp_serial_initialize(); // the TSC is calibrated there
  return (kmp_uint64)((double)__kmp_mvomp_ticks() * __kmp_mvomp_ns_per_tick());
}

bool __kmp_mvomp_thread_usage(kmp_mvomp_thread_usage_t *u) {
#if KMP_OS_LINUX
  struct timespec ts;
  struct rusage r;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0 ||
      getrusage(RUSAGE_THREAD, &r) != 0)
    return false;
  u->cpu_ns = (kmp_uint64)ts.tv_sec * 1000000000ULL + (kmp_uint64)ts.tv_nsec;
  u->voluntary = r.ru_nvcsw;
  u->involuntary = r.ru_nivcsw;
  u->major_faults = r.ru_majflt;
  return true;
#else
  return false;
#endif
}

void __kmp_mvomp_display_env(kmp_str_buf_t *buffer) {
  __kmp_str_buf_print(buffer, "   MVOMP='%s (LLVM %s)'\n", KMP_MVOMP_VERSION,
                      KMP_MVOMP_LLVM_VERSION);
}

void __kmp_mvomp_warn(const char *part, const char *fmt, ...) {
  if (__kmp_generate_warnings == kmp_warnings_off)
    return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "OMP: Warning (%s): ", part);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
}

// The part of MVOMP a variable belongs to, as its warnings name it.
static const char *__kmp_mvomp_part(const char *variable) {
  return strncmp(variable, "OMP_ERASE", 9) == 0 ? "MVOMP ERASE" : "MVOMP";
}

// Why path (opened as fd) is not a readable regular file, or NULL.
static const char *__kmp_mvomp_not_regular(int fd, size_t *size) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return strerror(errno);
  *size = st.st_size > 0 ? (size_t)st.st_size : 0;
  if (S_ISDIR(st.st_mode))
    return "it is a directory";
  if (!S_ISREG(st.st_mode))
    return "it is not a regular file (a FIFO, device or socket)";
  if (st.st_size > KMP_MVOMP_MAX_INPUT_BYTES)
    return "it is larger than the limit of 64 MiB";
  return NULL;
}

// The MPI rank the launcher gave this process, or NULL.
static const char *__kmp_mvomp_rank(void) {
  static const char *const vars[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK",
                                     "PMI_RANK", "MV2_COMM_WORLD_RANK",
                                     "SLURM_PROCID"};
  for (const char *v : vars) {
    const char *r = getenv(v);
    if (r != NULL && *r != '\0' && strspn(r, "0123456789") == strlen(r))
      return r;
  }
  return NULL;
}

static char *__kmp_mvomp_expand(const char *variable, const char *path,
                                int warn) {
  kmp_str_buf_t out;
  __kmp_str_buf_init(&out);
  for (const char *p = path; *p; ++p) {
    if (*p != '%' || p[1] == '\0') {
      __kmp_str_buf_cat(&out, p, 1);
      continue;
    }
    char host[256];
    const char *rank;
    switch (*++p) {
    case 'p':
      __kmp_str_buf_print(&out, "%d", (int)getpid());
      break;
    case 'h':
      if (gethostname(host, sizeof(host)) != 0)
        KMP_SNPRINTF(host, sizeof(host), "unknown-host");
      host[sizeof(host) - 1] = '\0';
      for (char *c = host; *c; ++c) // a host name is one path component
        if (*c == '/')
          *c = '_';
      __kmp_str_buf_print(&out, "%s", host);
      break;
    case 'r':
      rank = __kmp_mvomp_rank();
      __kmp_str_buf_print(&out, "%s", rank ? rank : "0");
      break;
    case '%':
      __kmp_str_buf_cat(&out, "%", 1);
      break;
    default:
      if (warn)
        __kmp_mvomp_warn(
            __kmp_mvomp_part(variable),
            "%s='%s': unknown placeholder '%%%c' (known: %%p, %%h, "
            "%%r, %%%%); kept as written",
            variable, path, *p);
      __kmp_str_buf_cat(&out, p - 1, 2);
    }
  }
  char *result = __kmp_str_format("%s", out.str);
  __kmp_str_buf_free(&out);
  return result;
}

char *__kmp_mvomp_strndup(const char *s, size_t n) {
  char *copy = (char *)KMP_INTERNAL_MALLOC(n + 1);
  if (copy == NULL)
    KMP_FATAL(MemoryAllocFailed);
  memcpy(copy, s, n);
  copy[n] = '\0';
  return copy;
}

void __kmp_mvomp_prefault(void *p, size_t n) {
  if (p == NULL || n == 0)
    return;
  const uintptr_t page = 4096, word = sizeof(uintptr_t);
  uintptr_t a = (uintptr_t)p, end = a + n;
  // One word wholly inside the range per 4 KB, the range's own first (with
  // larger pages, a few writes more than needed). A compare-and-swap of the
  // value it holds: compilers turn an atomic add of 0 into a load, which does
  // not fault the page in for writing.
  for (uintptr_t w = (a + word - 1) & ~(word - 1); w + word <= end;
       w = ((w & ~(page - 1)) + page + word - 1) & ~(word - 1)) {
    uintptr_t v = __atomic_load_n((uintptr_t *)w, __ATOMIC_RELAXED);
    __atomic_compare_exchange_n((uintptr_t *)w, &v, v, false, __ATOMIC_RELAXED,
                                __ATOMIC_RELAXED);
  }
}

char *__kmp_mvomp_expand_path(const char *variable, const char *path) {
  return __kmp_mvomp_expand(variable, path, 1);
}

static char *__kmp_mvomp_read_path(const char *variable, const char *path,
                                   const char *consequence);

char *__kmp_mvomp_read_file(const char *variable, const char *raw_path,
                            const char *consequence) {
  char *path = __kmp_mvomp_expand_path(variable, raw_path);
  char *text = __kmp_mvomp_read_path(variable, path, consequence);
  __kmp_str_free(&path);
  return text;
}

// __kmp_mvomp_read_file of a path already expanded.
static char *__kmp_mvomp_read_path(const char *variable, const char *path,
                                   const char *consequence) {
  const char *why = NULL;
  char *text = NULL;
  size_t len = 0;
  // Non-blocking, so that a FIFO with no writer cannot hold up start-up; it
  // is then refused as not a regular file.
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    why = strerror(errno);
  else if ((why = __kmp_mvomp_not_regular(fd, &len)) == NULL) {
    // Regular files may still grow, or report no size (/proc): read at most
    // one byte past the limit. The buffer starts at the file's size: every
    // page of heap a process touches for the first time is a page fault, 15
    // to 30 us each on a virtual machine, and a 64 KiB buffer for a file of
    // a few hundred bytes spread the store's opening over three times as
    // many pages (docs/runtime.md measures the opening).
    size_t cap = len > 0 ? len + 1 : 4096; // (len: at most the limit)
    len = 0;
    text = (char *)KMP_INTERNAL_MALLOC(cap + 1);
    for (;;) {
      if (len == cap) {
        if (cap > KMP_MVOMP_MAX_INPUT_BYTES) {
          why = "it is larger than the limit of 64 MiB";
          break;
        }
        cap *= 2;
        text = (char *)KMP_INTERNAL_REALLOC(text, cap + 1);
      }
      ssize_t got = read(fd, text + len, cap - len);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0) {
        why = strerror(errno);
        break;
      }
      if (got == 0)
        break;
      len += (size_t)got;
    }
  }
  if (fd >= 0)
    close(fd);
  if (why != NULL) {
    KMP_INTERNAL_FREE(text);
    __kmp_mvomp_warn(__kmp_mvomp_part(variable), "%s: cannot read '%s': %s; %s",
                     variable, path, why, consequence);
    return NULL;
  }
  text[len] = '\0';
  const char *nul = (const char *)memchr(text, '\0', len);
  if (nul != NULL) {
    int line = 1;
    for (const char *p = text; p < nul; ++p)
      line += *p == '\n';
    __kmp_mvomp_warn(__kmp_mvomp_part(variable),
                     "%s: '%s' line %d holds a NUL byte (not a text file?); "
                     "the file is read up to it",
                     variable, path, line);
  }
  return text;
}

FILE *__kmp_mvomp_open_output(const char *variable, const char *raw_path) {
  char *path = __kmp_mvomp_expand_path(variable, raw_path);
  // Non-blocking open: a FIFO that nobody reads fails with ENXIO at once
  // instead of blocking the program's exit.
  int fd =
      open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0666);
  FILE *f = NULL;
  if (fd >= 0) {
    int flags = fcntl(fd, F_GETFL);
    if (flags != -1)
      fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    f = fdopen(fd, "w");
    if (f == NULL)
      close(fd);
  }
  if (f == NULL)
    __kmp_mvomp_warn(
        __kmp_mvomp_part(variable), "%s: cannot write '%s': %s", variable, path,
        errno == ENXIO ? "a FIFO that no process reads" : strerror(errno));
  __kmp_str_free(&path);
  return f;
}

void __kmp_mvomp_close_output(const char *variable, const char *raw_path,
                              FILE *f) {
  int failed = ferror(f);
  if (fclose(f) != 0 || failed) {
    int err = errno ? errno : EIO;
    char *path = __kmp_mvomp_expand(variable, raw_path, 0);
    __kmp_mvomp_warn(__kmp_mvomp_part(variable), "%s: cannot write '%s': %s",
                     variable, path, strerror(err));
    __kmp_str_free(&path);
  }
}

void __kmp_mvomp_line_warning(kmp_mvomp_line_warnings_t *w, int line,
                              const char *fmt, ...) {
  if (++w->count > KMP_MVOMP_MAX_LINE_WARNINGS)
    return;
  char what[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof(what), fmt, ap);
  va_end(ap);
  __kmp_mvomp_warn(w->part, "%s: %s:%d: %s", w->variable, w->path, line, what);
}

void __kmp_mvomp_line_warnings_done(kmp_mvomp_line_warnings_t *w) {
  if (w->count > KMP_MVOMP_MAX_LINE_WARNINGS)
    __kmp_mvomp_warn(w->part, "%s: %s: %d more malformed lines not shown",
                     w->variable, w->path,
                     w->count - KMP_MVOMP_MAX_LINE_WARNINGS);
}

int __kmp_mvomp_parse_switch(const char *value) {
  static const char *const on[] = {"on", "true", "yes", "1"};
  static const char *const off[] = {"off", "false", "no", "0"};
  for (int i = 0; i < 4; ++i) {
    if (__kmp_str_match(on[i], 0, value))
      return 1;
    if (__kmp_str_match(off[i], 0, value))
      return 0;
  }
  return -1;
}

FILE *__kmp_mvomp_csv_open(const char *variable, const char *path,
                           const char *preamble, const char *header) {
  FILE *f = __kmp_mvomp_open_output(variable, path);
  if (f != NULL) {
    if (preamble != NULL)
      fputs(preamble, f);
    fputs(header, f);
  }
  return f;
}

void __kmp_mvomp_csv_string(FILE *f, const char *s, int always) {
  size_t len = strlen(s);
  if (!always && strpbrk(s, ",\"\r\n") == NULL &&
      (len == 0 || (s[0] != ' ' && s[len - 1] != ' '))) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; ++s) {
    if (*s == '"')
      fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

// The writers registered by __kmp_mvomp_at_exit, run by one atexit function.
#define KMP_MVOMP_MAX_EXIT_WRITERS 8
static void (*__kmp_mvomp_exit_writers[KMP_MVOMP_MAX_EXIT_WRITERS])(void);
static int __kmp_mvomp_nexit_writers = 0;

static void __kmp_mvomp_run_exit_writers(void) {
  for (int i = 0; i < __kmp_mvomp_nexit_writers; ++i)
    __kmp_mvomp_exit_writers[i]();
}

void __kmp_mvomp_at_exit(void (*fn)(void)) {
  static kmp_bootstrap_lock_t lock = KMP_BOOTSTRAP_LOCK_INITIALIZER(lock);
  __kmp_acquire_bootstrap_lock(&lock);
  int known = 0;
  for (int i = 0; i < __kmp_mvomp_nexit_writers; ++i)
    known |= __kmp_mvomp_exit_writers[i] == fn;
  if (!known) {
    KMP_DEBUG_ASSERT(__kmp_mvomp_nexit_writers < KMP_MVOMP_MAX_EXIT_WRITERS);
    if (__kmp_mvomp_nexit_writers == 0)
      atexit(__kmp_mvomp_run_exit_writers);
    if (__kmp_mvomp_nexit_writers < KMP_MVOMP_MAX_EXIT_WRITERS)
      __kmp_mvomp_exit_writers[__kmp_mvomp_nexit_writers++] = fn;
  }
  __kmp_release_bootstrap_lock(&lock);
}

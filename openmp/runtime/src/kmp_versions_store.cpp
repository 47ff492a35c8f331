/*
 * kmp_versions_store.cpp -- the model store (OMP_SELECT_MODELS,
 * docs/runtime.md): what earlier runs of the same program on the same machine
 * learned, loaded when the program's first multi-version task runs, and this
 * run's own measurements merged into it at exit.
 *
 *   identity  one file per program (its executable's name and its GNU build
 *             ID, else a hash of its contents) and machine (a fingerprint: CPU
 *             models and maximum frequencies, CPUs online and usable, threads,
 *             MVOMP's libomp and its build ID, else a hash of its file),
 *             <dir>/<program>-<id>-<machine>.csv; the fingerprint's text is
 *             in the file and must match; the file hashes and the CPUs' part
 *             are cached in <dir>/identity.cache (keyed by each file's inode,
 *             size and times; the boot), as working them out costs a
 *             millisecond or more
 *   ageing    a loaded version weighs at most KMP_MV_STORE_WEIGHT executions
 *             (or its policy's quota), so that measurements of this run move
 *             it; the file keeps at most KMP_MV_STORE_KEEP per version and
 *             key; a version that has not run for KMP_MV_STORE_STALE runs is
 *             measured again; a version robust statistics found changed
 *             replaces its history
 *   safety    the merge at exit holds an flock(2) lock on <file>.lock, reads
 *             the file again (what runs that ended meanwhile merged), adds
 *             this run's own executions (what it measured less what it
 *             loaded), writes <file>.tmp-<pid> and renames it over the file;
 *             a malformed or truncated file is reported with its line, not
 *             used, and kept aside as <file>.bad-<pid>; any error is a warning
 *             and the run's results are unchanged
 *   disturbed a run whose threads waited for a CPU while other processes
 *             used its CPUs (OMP_SELECT_STORE_DISTURBED) saves nothing: its
 *             times are the other job's as much as the versions'
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_mvomp_topology.h"
#include "kmp_versions_internal.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------------ */
/* Settings                                                                 */

char *__kmp_mv_models = NULL; // OMP_SELECT_MODELS as set, NULL by default
int __kmp_mv_models_off = 0;  // OMP_SELECT_MODELS=off
int __kmp_mv_store_disturbed = KMP_MV_STORE_DISTURBED_DEFAULT;

#define KMP_MV_STORE_FORMAT 1
// Ageing (docs/runtime.md): a loaded version weighs at most this many
// executions (or its policy's quota, if larger) ...
#define KMP_MV_STORE_WEIGHT 8
// ... the file keeps at most this many per version and key ...
#define KMP_MV_STORE_KEEP 64
// ... and a version that has not run for this many runs is measured again.
#define KMP_MV_STORE_STALE 10
// How long the merge at exit waits for other runs' merges (seconds).
#define KMP_MV_STORE_LOCK_S 30

std::atomic<int> __kmp_mv_store_opened{0};

struct kmp_mv_store_t {
  int identified;
  char *dir; // NULL: the store is off (why_off says why)
  const char *why_off;
  char *path;    // <dir>/<program>-<id>-<machine>.csv
  char *program; // the executable's path
  kmp_uint64 program_id;
  char *machine; // the fingerprint's text
  kmp_uint64 machine_id;
  // What loading found.
  int exists, bad, skipped; // the file exists; is malformed; LOAD overrides
  unsigned runs;            // runs merged into it so far
};
static kmp_mv_store_t __kmp_mv_store;
static kmp_bootstrap_lock_t __kmp_mv_store_lock =
    KMP_BOOTSTRAP_LOCK_INITIALIZER(__kmp_mv_store_lock);

/* ------------------------------------------------------------------------ */
/* Identity                                                                 */

// A 64-bit hash of a file's bytes (FNV-1a over 8-byte words, then mixed), or
// 0 when it cannot be read. Hashing the executable keeps models of another
// build of a program apart; a well-kept hash library would be a dependency of
// libomp for a dozen lines.
static kmp_uint64 __kmp_mv_hash_file(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  static const size_t size = 1 << 16;
  unsigned char *buf = (unsigned char *)KMP_INTERNAL_MALLOC(size);
  kmp_uint64 h = 0xcbf29ce484222325ULL;
  ssize_t got;
  while (buf != NULL && (got = read(fd, buf, size)) > 0) {
    ssize_t i = 0;
    for (; i + 8 <= got; i += 8) {
      kmp_uint64 w;
      memcpy(&w, buf + i, 8);
      h = (h ^ w) * 0x100000001b3ULL;
    }
    for (; i < got; ++i)
      h = (h ^ buf[i]) * 0x100000001b3ULL;
  }
  KMP_INTERNAL_FREE(buf);
  close(fd);
  return __kmp_mv_hash(h) | 1;
}

// FNV-1a over n bytes, then mixed.
static kmp_uint64 __kmp_mv_hash_bytes(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  kmp_uint64 h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ b[i]) * 0x100000001b3ULL;
  return __kmp_mv_hash(h);
}

kmp_uint64 __kmp_mv_hash_string(const char *s) {
  return __kmp_mv_hash_bytes(s, strlen(s));
}

// Appends item to a '|'-separated list of distinct items.
static void __kmp_mv_add_distinct(kmp_str_buf_t *list, const char *item) {
  size_t len = strlen(item);
  for (const char *p = list->str; p && *p;) {
    const char *end = strchr(p, '|');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n == len && strncmp(p, item, n) == 0)
      return;
    p = end ? end + 1 : p + n;
  }
  if (list->used)
    __kmp_str_buf_cat(list, "|", 1);
  __kmp_str_buf_cat(list, item, (int)len);
}

/* ------------------------------------------------------------------------ */
/* The identity cache                                                       */

// Identifying costs: hashing the executable and libomp (a megabyte or more)
// and reading /proc/cpuinfo (on x86 an interrupt to every CPU, for its
// current frequency) took about a millisecond on a 2-CPU machine, more with a
// big executable or many CPUs, at the first multi-version task, inside the
// program's own timing. The store's directory keeps what was worked out in
// identity.cache, keyed by what changes whenever the answer may: a file's
// device, inode, size, modification and change times (any write to a file
// changes its change time, which no program can set back); the CPUs' by the
// boot (/proc/sys/kernel/random/boot_id) and the CPUs online. It is a cache,
// not a model: a line that does not parse is reported and dropped when the
// cache is next written; one that is missing is worked out again.
#define KMP_MV_ID_CACHE "identity.cache"
#define KMP_MV_ID_CACHE_HEADER "# MVOMP identity cache 1 (docs/runtime.md)\n"
#define KMP_MV_ID_CACHE_LINES 64 // the newest lines kept

struct kmp_mv_idcache_t {
  char *path;        // <dir>/identity.cache
  char *text;        // what it held when the store was identified
  kmp_str_buf_t add; // lines this run worked out: written at exit
  int bad;           // lines that did not parse
};
static kmp_mv_idcache_t __kmp_mv_idcache;

// Whether a cache line ("<kind>\t<key>\t<value>", no newline) parses.
static bool __kmp_mv_idcache_valid(const char *p, size_t n) {
  const char *t1 = (const char *)memchr(p, '\t', n);
  const char *t2 =
      t1 ? (const char *)memchr(t1 + 1, '\t', n - (t1 + 1 - p)) : NULL;
  if (t2 == NULL || t2 == t1 + 1 || memchr(t2 + 1, '\t', n - (t2 + 1 - p)))
    return false;
  size_t kind = t1 - p, value = n - (t2 + 1 - p);
  if (kind == 4 && strncmp(p, "file", 4) == 0)
    return value == 16 && strspn(t2 + 1, "0123456789abcdef") >= 16;
  return kind == 3 && strncmp(p, "cpu", 3) == 0 && value > 0;
}

// Reads the cache (once, when the store is identified): a missing file is an
// empty cache; lines that do not parse are reported with their line.
static void __kmp_mv_idcache_read(const char *dir) {
  kmp_mv_idcache_t *c = &__kmp_mv_idcache;
  c->path = __kmp_str_format("%s/" KMP_MV_ID_CACHE, dir);
  __kmp_str_buf_init(&c->add);
  struct stat sb;
  if (stat(c->path, &sb) != 0)
    return;
  c->text = __kmp_mvomp_read_file("OMP_SELECT_MODELS", c->path,
                                  "it is not used and is written again");
  if (c->text == NULL) {
    c->bad = 1;
    return;
  }
  kmp_mvomp_line_warnings_t w = {"MVOMP", "OMP_SELECT_MODELS", c->path, 0};
  int lineno = 1;
  for (const char *p = c->text; *p; ++lineno) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (nl == NULL || (p[0] != '#' && !__kmp_mv_idcache_valid(p, n))) {
      __kmp_mvomp_line_warning(&w, lineno,
                               "not a line of an identity cache; it is "
                               "dropped when the cache is written");
      c->bad = 1;
    }
    p += n + (nl != NULL);
  }
  __kmp_mvomp_line_warnings_done(&w);
}

// The value cached for kind and key, copied into a new string, or NULL.
static char *__kmp_mv_idcache_get(const char *kind, const char *key) {
  const kmp_mv_idcache_t *c = &__kmp_mv_idcache;
  size_t klen = strlen(kind), keylen = strlen(key);
  for (const char *p = c->text; p && *p;) {
    const char *nl = strchr(p, '\n');
    if (nl == NULL)
      break; // an unfinished last line is not trusted
    size_t n = nl - p;
    if (n > klen + keylen + 2 && strncmp(p, kind, klen) == 0 &&
        p[klen] == '\t' && strncmp(p + klen + 1, key, keylen) == 0 &&
        p[klen + 1 + keylen] == '\t' && __kmp_mv_idcache_valid(p, n)) {
      const char *v = p + klen + keylen + 2;
      return __kmp_str_format("%.*s", (int)(nl - v), v);
    }
    p = nl + 1;
  }
  return NULL;
}

// Remembers what this run worked out, for the cache written at exit; a value
// a line cannot hold is not cached.
static void __kmp_mv_idcache_put(const char *kind, const char *key,
                                 const char *value) {
  if (__kmp_mv_idcache.path == NULL || strpbrk(key, "\t\n") ||
      strpbrk(value, "\t\n") || !*value)
    return;
  __kmp_str_buf_print(&__kmp_mv_idcache.add, "%s\t%s\t%s\n", kind, key, value);
}

// Writes the cache (at exit, under the store's lock, the directory made):
// this run's lines first, then those of the file (other runs may have added
// some meanwhile) whose key is not written yet, the first
// KMP_MV_ID_CACHE_LINES that parse, through a renamed temporary file. Lookups
// take a key's first line, so the newest wins.
static void __kmp_mv_idcache_write(void) {
  kmp_mv_idcache_t *c = &__kmp_mv_idcache;
  if (c->path == NULL || (c->add.used == 0 && !c->bad))
    return;
  struct stat sb;
  char *now =
      stat(c->path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size < (1 << 20)
          ? __kmp_mvomp_read_file("OMP_SELECT_MODELS", c->path, "")
          : NULL;
  kmp_str_buf_t out; // "\n" then the lines: a key is found as "\n<key>\t"
  __kmp_str_buf_init(&out);
  __kmp_str_buf_cat(&out, "\n", 1);
  int lines = 0;
  for (int part = 0; part < 2; ++part)
    for (const char *p = part ? now : c->add.str; p && *p;) {
      const char *nl = strchr(p, '\n');
      if (nl == NULL || lines == KMP_MV_ID_CACHE_LINES)
        break;
      if (p[0] != '#' && __kmp_mv_idcache_valid(p, nl - p)) {
        const char *tab = (const char *)memchr(p, '\t', nl - p);
        tab = (const char *)memchr(tab + 1, '\t', nl - tab - 1); // valid: two
        char *key = __kmp_str_format("\n%.*s", (int)(tab - p + 1), p);
        if (strstr(out.str, key) == NULL) {
          __kmp_str_buf_cat(&out, p, (int)(nl - p + 1));
          ++lines;
        }
        __kmp_str_free(&key);
      }
      p = nl + 1;
    }
  __kmp_str_free(&now);
  char *tmp = __kmp_str_format("%s.tmp-%d", c->path, (int)getpid());
  FILE *f = __kmp_mvomp_open_output("OMP_SELECT_MODELS", tmp);
  if (f != NULL) {
    fputs(KMP_MV_ID_CACHE_HEADER, f);
    fputs(out.str + 1, f);
    bool failed = fflush(f) != 0 || ferror(f);
    failed |= fclose(f) != 0;
    if (failed || rename(tmp, c->path) != 0)
      unlink(tmp); // the next run works the identity out again
  }
  __kmp_str_free(&tmp);
  __kmp_str_buf_free(&out);
  // Written once per exit (the store's merge and ERASE's both call this).
  __kmp_str_buf_clear(&c->add);
  c->bad = 0;
}

// A file's hash (__kmp_mv_hash_file), from the cache when the file has not
// changed since it was cached.
static kmp_uint64 __kmp_mv_file_id(const char *path) {
  struct stat sb;
  if (stat(path, &sb) != 0)
    return 0;
  char key[160];
  KMP_SNPRINTF(key, sizeof(key), "%llu %llu %lld %lld.%09ld %lld.%09ld",
               (unsigned long long)sb.st_dev, (unsigned long long)sb.st_ino,
               (long long)sb.st_size, (long long)sb.st_mtim.tv_sec,
               (long)sb.st_mtim.tv_nsec, (long long)sb.st_ctim.tv_sec,
               (long)sb.st_ctim.tv_nsec);
  char *cached = __kmp_mv_idcache_get("file", key);
  kmp_uint64 id = cached ? strtoull(cached, NULL, 16) : 0;
  __kmp_str_free(&cached);
  if (id != 0)
    return id;
  id = __kmp_mv_hash_file(path);
  char value[17];
  KMP_SNPRINTF(value, sizeof(value), "%016llx", (unsigned long long)id);
  if (id != 0)
    __kmp_mv_idcache_put("file", key, value);
  return id;
}

// A loaded object's GNU build ID (the note the linker's --build-id writes: a
// hash of the object's contents, computed when it was linked), as a 64-bit id,
// or 0 when it has none: it identifies a build as a hash of the file does,
// without reading the file (hashing MVOMP's libomp, 1.4 MB, took 0.4-0.5 ms
// of a program's first run in a new store, docs/runtime.md). The object is the
// one holding `addr`, or with addr NULL the executable (the first object
// dl_iterate_phdr reports).
namespace {
struct kmp_mv_build_id_arg_t {
  const void *addr;
  kmp_uint64 id;
};
} // namespace

static bool __kmp_mv_holds(const struct dl_phdr_info *info, const void *addr) {
  const kmp_uintptr_t a = (kmp_uintptr_t)addr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    const kmp_uintptr_t lo = (kmp_uintptr_t)info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && a >= lo && a - lo < ph->p_memsz)
      return true;
  }
  return false;
}

static int __kmp_mv_build_id_of(struct dl_phdr_info *info, size_t, void *data) {
  kmp_mv_build_id_arg_t *arg = (kmp_mv_build_id_arg_t *)data;
  if (arg->addr != NULL && !__kmp_mv_holds(info, arg->addr))
    return 0; // not this object: the next one
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    // Notes are padded to 4 bytes, or to 8 in a segment aligned to 8.
    const size_t align = ph->p_align == 8 ? 8 : 4;
    const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr);
    const char *end = p + ph->p_memsz;
    while ((size_t)(end - p) >= sizeof(ElfW(Nhdr))) {
      const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
      const size_t name = (nh->n_namesz + align - 1) & ~(align - 1);
      const size_t desc = (nh->n_descsz + align - 1) & ~(align - 1);
      if (name > (size_t)(end - p) - sizeof(*nh) ||
          desc > (size_t)(end - p) - sizeof(*nh) - name)
        break; // malformed: no id from this segment
      const char *n = p + sizeof(*nh), *d = n + name;
      if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
          memcmp(n, "GNU", 4) == 0 && nh->n_descsz > 0) {
        arg->id = __kmp_mv_hash_bytes(d, nh->n_descsz) | 1;
        return 1;
      }
      p = d + desc;
    }
  }
  return 1; // the object, without a build ID
}

static kmp_uint64 __kmp_mv_build_id(const void *addr) {
  kmp_mv_build_id_arg_t arg = {addr, 0};
  dl_iterate_phdr(__kmp_mv_build_id_of, &arg);
  return arg.id;
}

// What changes a program's timings on this machine, as text: the CPU models
// and maximum frequencies (two CPU kinds of a hybrid chip differ there), the
// CPUs online and usable, the threads of a parallel region (OMP_NUM_THREADS,
// else the usable CPUs), and MVOMP's libomp (its release and a hash of its
// file: another build may schedule differently).
// The CPU models and maximum frequencies: "cpu=<models>;max_khz=<freqs>".
static char *__kmp_mv_cpu_text(void) {
  kmp_str_buf_t models, freqs;
  __kmp_str_buf_init(&models);
  __kmp_str_buf_init(&freqs);
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512];
  while (f && fgets(line, sizeof(line), f)) {
    if (strncmp(line, "model name", 10) != 0 &&
        strncmp(line, "Processor", 9) != 0 && strncmp(line, "CPU part", 8))
      continue;
    char *v = strchr(line, ':');
    if (v == NULL)
      continue;
    v += 1 + strspn(v + 1, " \t");
    v[strcspn(v, "\n|;")] = '\0';
    __kmp_mv_add_distinct(&models, v);
  }
  if (f)
    fclose(f);
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  for (long c = 0; c < online && c < 4096; ++c) {
    char path[96];
    snprintf(path, sizeof(path),
             "/sys/devices/system/cpu/cpu%ld/cpufreq/cpuinfo_max_freq", c);
    FILE *ff = fopen(path, "r");
    if (ff == NULL)
      break;
    if (fgets(line, sizeof(line), ff)) {
      line[strcspn(line, "\n")] = '\0';
      __kmp_mv_add_distinct(&freqs, line);
    }
    fclose(ff);
  }
  char *text = __kmp_str_format("cpu=%s;max_khz=%s",
                                models.used ? models.str : "unknown",
                                freqs.used ? freqs.str : "unknown");
  __kmp_str_buf_free(&models);
  __kmp_str_buf_free(&freqs);
  return text;
}

// The CPU part of the fingerprint, from the cache within one boot with the
// same CPUs online.
static char *__kmp_mv_cpu_text_cached(long online) {
  // (Read without stdio: fopen's FILE and buffer are two more pages of heap
  // at the store's opening, docs/runtime.md.)
  char boot[64] = "";
  int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ssize_t got = read(fd, boot, sizeof(boot) - 1);
    boot[got > 0 ? got : 0] = '\0';
    close(fd);
  }
  boot[strcspn(boot, " \t\n")] = '\0';
  if (boot[0] == '\0')
    return __kmp_mv_cpu_text();
  char key[96];
  KMP_SNPRINTF(key, sizeof(key), "%s %ld", boot, online);
  char *text = __kmp_mv_idcache_get("cpu", key);
  if (text == NULL) {
    text = __kmp_mv_cpu_text();
    __kmp_mv_idcache_put("cpu", key, text);
  }
  return text;
}

// The CPUs the process could use when libomp was loaded, before any of its
// threads was bound (OMP_PROC_BIND, ERASE's placement): the store is
// identified by whichever thread first needs it, and a bound thread's mask
// (one CPU) gave another fingerprint than the display of OMP_DISPLAY_ENV,
// which runs before any binding, so that a run with it used another file.
// (The mask itself is kept, a bit per CPU, for the disturbance measure.)
static int __kmp_mv_usable_at_load;
#define KMP_MV_MASK_WORDS (CPU_SETSIZE / 64)
static uint64_t __kmp_mv_mask_at_load[KMP_MV_MASK_WORDS];
__attribute__((constructor)) static void __kmp_mv_note_usable(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    __kmp_mv_usable_at_load = CPU_COUNT(&set);
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set))
        __kmp_mv_mask_at_load[c / 64] |= 1ull << (c % 64);
  }
}

static char *__kmp_mv_machine_text(void) {
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  char *cpu = __kmp_mv_cpu_text_cached(online);
  int usable =
      __kmp_mv_usable_at_load > 0 ? __kmp_mv_usable_at_load : (int)online;
  int threads = __kmp_nested_nth.used > 0 && __kmp_nested_nth.nth[0] > 0
                    ? __kmp_nested_nth.nth[0]
                    : usable;
  Dl_info info;
  kmp_uint64 lib = __kmp_mv_build_id((const void *)&__kmp_mv_hash_file);
  if (lib == 0 && dladdr((void *)&__kmp_mv_hash_file, &info) && info.dli_fname)
    lib = __kmp_mv_file_id(info.dli_fname);
  char *text = __kmp_str_format(
      "%s;cpus=%ld;usable=%d;threads=%d;libomp=%s-%016llx", cpu, online, usable,
      threads, KMP_MVOMP_VERSION, (unsigned long long)lib);
  __kmp_str_free(&cpu);
  return text;
}

// The executable's name, as a file name may hold it.
static char *__kmp_mv_program_name(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  char *name = __kmp_str_format("%.64s", *base ? base : "program");
  for (char *p = name; *p; ++p)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' || *p == '+'))
      *p = '_';
  return name;
}

// Counts the files of this program's name in the store for another program
// or machine id.
static int __kmp_mv_count_others(const char *dir, const char *name,
                                 const char *mine) {
  DIR *d = opendir(dir);
  if (d == NULL)
    return 0;
  size_t len = strlen(name);
  int n = 0;
  while (struct dirent *e = readdir(d)) {
    size_t elen = strlen(e->d_name);
    if (strncmp(e->d_name, name, len) == 0 && e->d_name[len] == '-' &&
        elen > 4 && strcmp(e->d_name + elen - 4, ".csv") == 0 &&
        strcmp(e->d_name, mine) != 0)
      ++n;
  }
  closedir(d);
  return n;
}

// Works out where the store is and what identifies this program and machine
// (once; under the store lock).
static void __kmp_mv_store_identify(void) {
  kmp_mv_store_t *st = &__kmp_mv_store;
  if (st->identified)
    return;
  st->identified = 1;
  if (__kmp_mv_models_off) {
    st->why_off = "off (OMP_SELECT_MODELS=off)";
    return;
  }
  char *dir = NULL;
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (__kmp_mv_models)
    dir = __kmp_mvomp_expand_path("OMP_SELECT_MODELS", __kmp_mv_models);
  else if (xdg && xdg[0] == '/')
    dir = __kmp_str_format("%s/mvomp/models", xdg);
  else if (home && home[0] == '/')
    dir = __kmp_str_format("%s/.cache/mvomp/models", home);
  if (dir == NULL) {
    st->why_off = "off (neither XDG_CACHE_HOME nor HOME is set; set "
                  "OMP_SELECT_MODELS to a directory)";
    return;
  }
  char exe[4096];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (len <= 0) {
    __kmp_str_free(&dir);
    st->why_off = "off (the executable cannot be identified: /proc/self/exe "
                  "is not readable)";
    return;
  }
  exe[len] = '\0';
  __kmp_mv_idcache_read(dir);
  st->program = __kmp_str_format("%s", exe);
  st->program_id = __kmp_mv_build_id(NULL);
  if (st->program_id == 0)
    st->program_id = __kmp_mv_file_id(exe);
  st->machine = __kmp_mv_machine_text();
  st->machine_id = __kmp_mv_hash_string(st->machine);
  char *name = __kmp_mv_program_name(exe);
  char *file = __kmp_str_format("%s-%016llx-%016llx.csv", name,
                                (unsigned long long)st->program_id,
                                (unsigned long long)st->machine_id);
  st->dir = dir;
  st->path = __kmp_str_format("%s/%s", dir, file);
  __kmp_str_free(&file);
  __kmp_str_free(&name);
}

/* ------------------------------------------------------------------------ */
/* Reading a store file                                                     */

// Reads the count of a preamble line: the n bytes at p are decimal digits,
// then `tail`, then blanks. Returns 1 with *out set when the count is at most
// max, 0 when the line says anything else (a sign, a word, an overflow).
static int __kmp_mv_store_count(const char *p, size_t n, const char *tail,
                                unsigned long long max,
                                unsigned long long *out) {
  size_t digits = strspn(p, "0123456789");
  if (digits == 0 || digits > 19) // (19 digits never overflow strtoull)
    return 0;
  unsigned long long v = strtoull(p, NULL, 10);
  size_t tl = strlen(tail);
  if (v > max || n - digits < tl || strncmp(p + digits, tail, tl) != 0 ||
      strspn(p + digits + tl, " \t\r") < n - digits - tl)
    return 0;
  *out = v;
  return 1;
}

// Checks the preamble and end line of a store file's text. Returns NULL, or
// why the file cannot be used; *line is the line at fault.
static const char *__kmp_mv_store_check(const char *text, unsigned *runs,
                                        int *line, char *why, size_t whylen) {
  const kmp_mv_store_t *st = &__kmp_mv_store;
  *runs = 0;
  *line = 1;
  // (Not sscanf: its code is one more page to fault in at the opening.)
  static const char head[] = "# MVOMP model store ";
  char *after = NULL;
  long format = strncmp(text, head, sizeof(head) - 1) == 0
                    ? strtol(text + sizeof(head) - 1, &after, 10)
                    : 0;
  if (after == NULL || after == text + sizeof(head) - 1) {
    snprintf(why, whylen,
             "not an MVOMP model store (no '# MVOMP model store "
             "<format>' first line)");
    return why;
  }
  if (format != KMP_MV_STORE_FORMAT) {
    snprintf(why, whylen, "written in format %ld; this libomp reads format %d",
             format, KMP_MV_STORE_FORMAT);
    return why;
  }
  int lineno = 1, machine_seen = 0;
  long rows = 0, end = -1;
  for (const char *p = text; *p; ++lineno) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (end >= 0 && strspn(p, " \t\r") < n) {
      *line = lineno;
      snprintf(why, whylen, "text after the end line");
      return why;
    }
    if (strncmp(p, "# machine: ", 11) == 0) {
      machine_seen = 1;
      if (n - 11 != strlen(st->machine) ||
          strncmp(p + 11, st->machine, n - 11) != 0) {
        *line = lineno;
        snprintf(why, whylen,
                 "made on another machine or with another libomp (%.*s; this "
                 "one is %s)",
                 (int)(n - 11 > 300 ? 300 : n - 11), p + 11, st->machine);
        return why;
      }
    } else if (strncmp(p, "# runs: ", 8) == 0) {
      unsigned long long v;
      if (!__kmp_mv_store_count(p + 8, n - 8, "", UINT_MAX, &v)) {
        *line = lineno;
        snprintf(why, whylen, "expected '# runs: <count>' (0 to 2^32-1)");
        return why;
      }
      *runs = (unsigned)v;
    } else if (strncmp(p, "# end: ", 7) == 0) {
      unsigned long long v;
      *line = lineno;
      if (!__kmp_mv_store_count(p + 7, n - 7, " rows", LONG_MAX, &v)) {
        snprintf(why, whylen, "expected '# end: <count> rows'");
        return why;
      }
      end = (long)v;
    } else if (p[0] != '#' && strncmp(p, "type,", 5) != 0 &&
               strspn(p, " \t\r") < n) {
      ++rows;
    }
    p += n + (nl != NULL);
  }
  if (!machine_seen) {
    *line = 1;
    snprintf(why, whylen, "no '# machine:' line");
    return why;
  }
  if (end < 0) {
    *line = lineno - 1;
    snprintf(why, whylen, "truncated: no '# end:' line");
    return why;
  }
  if (end != rows) {
    snprintf(why, whylen,
             "truncated: the end line counts %ld rows, the file "
             "has %ld",
             end, rows);
    return why;
  }
  return NULL;
}

// Reads the store file into rows. Returns 1 when it was read, 0 when there is
// none, -1 when it is malformed (reported unless quiet, rows left empty).
static int __kmp_mv_store_read(kmp_mv_rows_t *rows, unsigned *runs,
                               const char *consequence, int quiet) {
  const kmp_mv_store_t *st = &__kmp_mv_store;
  struct stat sb;
  if (stat(st->path, &sb) != 0 && errno == ENOENT)
    return 0;
  char *text =
      __kmp_mvomp_read_file("OMP_SELECT_MODELS", st->path, consequence);
  if (text == NULL)
    return -1;
  char why[768];
  int line = 0;
  if (__kmp_mv_store_check(text, runs, &line, why, sizeof(why)) != NULL) {
    if (!quiet)
      __kmp_mvomp_warn("MVOMP", "OMP_SELECT_MODELS: %s:%d: %s; %s", st->path,
                       line, why, consequence);
    __kmp_str_free(&text);
    return -1;
  }
  // Quiet: counted as if the warnings had all been shown.
  kmp_mvomp_line_warnings_t w = {"MVOMP", "OMP_SELECT_MODELS", st->path,
                                 quiet ? KMP_MVOMP_MAX_LINE_WARNINGS : 0};
  int bad = __kmp_mv_parse_rows(text, &w, rows, KMP_MV_ORIGIN_STORE);
  if (!quiet)
    __kmp_mvomp_line_warnings_done(&w);
  __kmp_str_free(&text);
  if (bad && !quiet)
    __kmp_mvomp_warn("MVOMP", "OMP_SELECT_MODELS: '%s' is malformed; %s",
                     st->path, consequence);
  if (bad) {
    __kmp_mv_rows_free(rows);
    return -1;
  }
  return 1;
}

/* ------------------------------------------------------------------------ */
/* Disturbed runs (OMP_SELECT_STORE_DISTURBED)                              */

// The CPUs' ticks of /proc/stat for the CPUs of the process's mask at load.
// Its cpu lines come first; it is read a buffer of whole lines at a time and
// left at the first other line (the next, "intr", can be kilobytes long).
static bool __kmp_mv_sample_cpus(kmp_mv_load_sample_t *s) {
  int fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  char buf[4096];
  size_t have = 0;
  int cpus = 0;
  bool ok = true, done = false;
  while (ok && !done) {
    ssize_t got = read(fd, buf + have, sizeof(buf) - 1 - have);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      ok = false;
      break;
    }
    have += (size_t)got;
    buf[have] = '\0';
    char *line = buf, *nl;
    while (!done && (nl = strchr(line, '\n')) != NULL) {
      *nl = '\0';
      if (strncmp(line, "cpu", 3) != 0)
        done = true; // past the cpu lines
      else
        ok = ok && __kmp_mv_parse_cpu_ticks(line, __kmp_mv_mask_at_load,
                                            KMP_MV_MASK_WORDS, &s->busy_ticks,
                                            &s->total_ticks, &cpus);
      line = nl + 1;
    }
    if (got == 0)
      break; // end of file (a last line without a newline is not counted)
    have = strlen(line);
    if (have == sizeof(buf) - 1) { // a line longer than the buffer
      ok = ok && strncmp(line, "cpu", 3) != 0;
      done = true;
    }
    memmove(buf, line, have);
  }
  close(fd);
  return ok && cpus == __kmp_mv_usable_at_load && cpus > 0;
}

// A thread's schedstat (in kernels with CONFIG_SCHED_INFO, Debian's included)
// added to s; false if it cannot be read or parsed (ENOENT in *gone: the
// thread ended meanwhile).
static bool __kmp_mv_sample_thread(const char *path, kmp_mv_load_sample_t *s,
                                   bool *gone) {
  char text[128];
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  *gone = fd < 0 && errno == ENOENT;
  if (fd < 0)
    return false;
  ssize_t got = read(fd, text, sizeof(text) - 1);
  close(fd);
  text[got > 0 ? got : 0] = '\0';
  return __kmp_mv_parse_schedstat(text, &s->exec_ns, &s->wait_ns);
}

// The process's threads' time on a CPU and waiting for one.
static bool __kmp_mv_sample_threads(kmp_mv_load_sample_t *s) {
  DIR *dir = opendir("/proc/self/task");
  if (dir == NULL)
    return false;
  bool ok = true, gone;
  int threads = 0;
  for (struct dirent *e; ok && (e = readdir(dir)) != NULL;) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9')
      continue;
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/task/%.20s/schedstat", e->d_name);
    ok = __kmp_mv_sample_thread(path, s, &gone) || gone;
    threads += ok && !gone;
  }
  closedir(dir);
  return ok && threads > 0;
}

// At the start only the calling thread is read (the runtime's start: its
// workers do not exist yet, and opendir's buffer would cost the first task
// page faults); the threads made before it count their whole time at exit.
static void __kmp_mv_sample_load(kmp_mv_load_sample_t *s, bool all_threads) {
  memset(s, 0, sizeof(*s));
  struct timespec ts;
  if (__kmp_mv_sample_cpus(s) &&
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0) {
    s->own_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
    s->known |= KMP_MV_LOAD_CPUS;
  }
  bool gone;
  if (all_threads ? __kmp_mv_sample_threads(s)
                  : __kmp_mv_sample_thread("/proc/thread-self/schedstat", s,
                                           &gone))
    s->known |= KMP_MV_LOAD_SCHED;
}

// Taken once, when the store is read (the runtime's start, usually) or ERASE
// opens its histories' file: 0 not yet, 1 being taken, 2 taken.
static kmp_mv_load_sample_t __kmp_mv_load_at_start;
static std::atomic<int> __kmp_mv_load_state{0};

void __kmp_mv_disturbance_start(void) {
  int none = 0;
  if (__kmp_mv_store_disturbed <= 0 ||
      !__kmp_mv_load_state.compare_exchange_strong(none, 1))
    return;
  __kmp_mv_sample_load(&__kmp_mv_load_at_start, false);
  __kmp_mv_load_state.store(2, std::memory_order_release);
}

bool __kmp_mv_run_disturbed(void) {
  // Judged once, by the first of the store's writers at exit (they run one
  // after the other), which warns for all.
  static int verdict = -1;
  if (verdict >= 0)
    return verdict;
  verdict = 0;
  if (__kmp_mv_store_disturbed <= 0 ||
      __kmp_mv_load_state.load(std::memory_order_acquire) != 2)
    return false;
  kmp_mv_load_sample_t end;
  __kmp_mv_sample_load(&end, true);
  kmp_mv_disturbance_t d = __kmp_mv_disturbance(&__kmp_mv_load_at_start, &end,
                                                sysconf(_SC_CLK_TCK));
  verdict = __kmp_mv_disturbed(&d, __kmp_mv_store_disturbed);
  if (verdict)
    __kmp_mvomp_warn(
        "MVOMP",
        "OMP_SELECT_MODELS: this run was disturbed: its threads waited for a "
        "CPU %.0f%% of the time they were runnable while other processes used "
        "%.0f%% of its CPUs (OMP_SELECT_STORE_DISTURBED=%d); what it measured "
        "is not saved in the model store '%s'",
        100.0 * d.waited, 100.0 * d.others, __kmp_mv_store_disturbed,
        __kmp_mv_store.dir ? __kmp_mv_store.dir : "");
  return verdict;
}

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */

static void __kmp_mv_store_write(void);

// The store file's rows as read (under the store lock), before they are
// aged and handed to the keys by __kmp_mv_store_open_slow; read_done once
// read (or found off, absent or overridden).
static kmp_mv_rows_t __kmp_mv_store_rows = {NULL, 0, 0, NULL, NULL};
static int __kmp_mv_store_read_done;

// Identifies the store and reads its file, once. Under the store lock.
static void __kmp_mv_store_read_once(void) {
  kmp_mv_store_t *st = &__kmp_mv_store;
  if (__kmp_mv_store_read_done)
    return;
  __kmp_mv_store_read_done = 1;
  __kmp_mv_store_identify();
  if (st->dir == NULL)
    return; // off
  __kmp_mv_disturbance_start();
  if (__kmp_mv_load_path != NULL) {
    st->skipped = 1; // OMP_SELECT_LOAD overrides it
    return;
  }
  int got = __kmp_mv_store_read(
      &__kmp_mv_store_rows, &st->runs,
      "it is not used, and is kept aside when this run's statistics are "
      "saved",
      0);
  st->exists = got != 0;
  st->bad = got < 0;
}

int __kmp_mv_store_fixed(void) {
  // Reading and opening identify it first; so do ERASE's histories and
  // OMP_DISPLAY_ENV. The directory is fixed from then on.
  return __kmp_mv_store.identified;
}

void __kmp_mv_store_preload(void) {
  if (__kmp_mv_store_opened.load(std::memory_order_acquire))
    return;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_store_lock);
  if (!__kmp_mv_store_opened.load(std::memory_order_relaxed))
    __kmp_mv_store_read_once();
  __kmp_release_bootstrap_lock(&__kmp_mv_store_lock);
}

void __kmp_mv_env_done(void) {
  // Only a program with multi-version tasks (their tables register before
  // main, or when a library is loaded) reads the store; one whose types
  // come later (dlopen) reads it at its first task, as before.
  __kmp_acquire_bootstrap_lock(&__kmp_mv_registry_lock);
  const bool registered = __kmp_mv_type_list != NULL;
  __kmp_release_bootstrap_lock(&__kmp_mv_registry_lock);
  if (registered)
    __kmp_mv_store_preload();
}

void __kmp_mv_store_open_slow(void) {
  kmp_mv_store_t *st = &__kmp_mv_store;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_store_lock);
  if (__kmp_mv_store_opened.load(std::memory_order_relaxed)) {
    __kmp_release_bootstrap_lock(&__kmp_mv_store_lock);
    return;
  }
  __kmp_mv_store_read_once(); // at start-up, usually (__kmp_mv_env_done)
  if (st->dir != NULL) {
    __kmp_mvomp_at_exit(__kmp_mv_store_write);
    // Ageing: a version weighs at most the larger of KMP_MV_STORE_WEIGHT
    // executions and its policy's quota (so that it counts as explored); one
    // not run for KMP_MV_STORE_STALE runs starts again from nothing. (Here,
    // not when the file is read: the policy is the one of the first use.)
    kmp_uint64 weight = __kmp_mv_quota(&__kmp_mv_policy);
    if (weight < KMP_MV_STORE_WEIGHT)
      weight = KMP_MV_STORE_WEIGHT;
    for (kmp_mv_saved_t *r = __kmp_mv_store_rows.first, *next; r; r = next) {
      next = r->all;
      if (r->age >= KMP_MV_STORE_STALE) {
        __kmp_mv_row_free(r);
        continue;
      }
      r->arm = __kmp_mv_arm_cap(&r->arm, weight);
      __kmp_mv_rows_add(&__kmp_mv_saved, r);
    }
    KMP_INTERNAL_FREE(__kmp_mv_store_rows.buckets); // the rows moved
    __kmp_mv_store_rows = {NULL, 0, 0, NULL, NULL};
  }
  __kmp_mv_store_opened.store(1, std::memory_order_release);
  __kmp_release_bootstrap_lock(&__kmp_mv_store_lock);
}

/* ------------------------------------------------------------------------ */
/* Merging at exit                                                          */

FILE *__kmp_mv_store_file_begin(const char *path, char **tmp, const char *part,
                                const char *what) {
  *tmp = __kmp_str_format("%s.tmp-%d", path, (int)getpid());
  FILE *f = __kmp_mvomp_open_output("OMP_SELECT_MODELS", *tmp);
  if (f == NULL) {
    __kmp_mvomp_warn(part, "OMP_SELECT_MODELS: this run's %s are not saved",
                     what);
    __kmp_str_free(tmp);
  }
  return f;
}

void __kmp_mv_store_keep_aside(const char *path, const char *part) {
  char *aside = __kmp_str_format("%s.bad-%d", path, (int)getpid());
  if (rename(path, aside) == 0)
    __kmp_mvomp_warn(part, "OMP_SELECT_MODELS: '%s' kept aside as '%s'", path,
                     aside);
  __kmp_str_free(&aside);
}

void __kmp_mv_store_file_end(FILE *f, char *tmp, const char *path,
                             const char *part, const char *what) {
  int failed = fflush(f) != 0 || ferror(f);
  int err = errno;
  // The store is a cache that readers see whole or not at all (written
  // aside, then renamed over the file): the write to disk is started here,
  // not waited for. fsync cost every process about 1 ms at exit here, and
  // tens of ms on a network file system (a home directory on a cluster);
  // after a crash of the machine the file may be lost or cut short, which
  // the next run reports and keeps aside (docs/runtime.md).
#if KMP_OS_LINUX
  if (!failed)
    (void)sync_file_range(fileno(f), 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
  failed |= fclose(f) != 0;
  if (failed) {
    __kmp_mvomp_warn(part,
                     "OMP_SELECT_MODELS: cannot write '%s': %s; this run's %s "
                     "are not saved",
                     tmp, strerror(err ? err : EIO), what);
    unlink(tmp);
  } else if (rename(tmp, path) != 0) {
    __kmp_mvomp_warn(part,
                     "OMP_SELECT_MODELS: cannot rename '%s' to '%s': %s; this "
                     "run's %s are not saved",
                     tmp, path, strerror(errno), what);
    unlink(tmp);
  }
  __kmp_str_free(&tmp);
}

// Writes rows to the store file through a temporary file renamed over it.
static void __kmp_mv_store_save(const kmp_mv_rows_t *rows, unsigned runs) {
  const kmp_mv_store_t *st = &__kmp_mv_store;
  char *tmp;
  FILE *f = __kmp_mv_store_file_begin(st->path, &tmp, "MVOMP", "statistics");
  if (f == NULL)
    return;
  fprintf(f, "# MVOMP model store %d (docs/runtime.md)\n", KMP_MV_STORE_FORMAT);
  fprintf(f, "# program: %s\n", st->program);
  fprintf(f, "# machine: %s\n", st->machine);
  fprintf(f, "# runs: %u\n", runs);
  fputs(KMP_MV_STATS_COLUMNS ",age\n", f);
  const char *policy = __kmp_mv_policy_name(__kmp_mv_policy.kind);
  size_t n = 0;
  for (const kmp_mv_saved_t *r = rows->first; r; r = r->all) {
    const kmp_mv_arm_t *a = &r->arm;
    if (a->n == 0)
      continue;
    fprintf(f, "%d,%d,", (int)r->type, (int)r->version);
    __kmp_mvomp_csv_string(f, r->name, 1);
    fputc(',', f);
    __kmp_mvomp_csv_string(f, r->location, 1);
    fprintf(f, ",%lld,%d,%llu,%.17g,%.17g,%.6g,%.1f,%s,", (long long)r->cost,
            (int)r->locality, (unsigned long long)a->n, a->mean,
            __kmp_mv_stddev(a), a->q, a->mean * (double)a->n, policy);
    __kmp_mvomp_csv_string(f, r->cluster, 0);
    // (A first execution that contradicted its prediction, and has had no
    // second since, stays doubted in the next run: kmp_versions_io.cpp.)
    fprintf(f, ",%llu,%s,%u\n", (unsigned long long)a->n,
            a->n == 1 && __kmp_mv_contradicted(a) ? "doubted" : "store",
            (unsigned)r->age);
    ++n;
  }
  fprintf(f, "# end: %zu rows\n", n);
  __kmp_mv_store_file_end(f, tmp, st->path, "MVOMP", "statistics");
}

// mkdir -p; returns whether dir is a directory now, with a warning if not.
static bool __kmp_mv_mkdirs(const char *dir) {
  char *p = __kmp_str_format("%s", dir);
  for (char *s = p + 1; *s; ++s)
    if (*s == '/') {
      *s = '\0';
      mkdir(p, 0755);
      *s = '/';
    }
  int err = mkdir(p, 0755) == 0 ? 0 : errno;
  __kmp_str_free(&p);
  struct stat sb;
  if (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
    return true;
  __kmp_mvomp_warn("MVOMP",
                   "OMP_SELECT_MODELS: cannot create the directory '%s': %s; "
                   "this run's statistics are not saved",
                   dir,
                   strerror(err == EEXIST ? ENOTDIR
                            : err         ? err
                                          : ENOTDIR));
  return false;
}

// Takes the store's lock file, waiting up to KMP_MV_STORE_LOCK_S seconds for
// other runs' merges. Returns its descriptor, or -1 with a warning.
static int __kmp_mv_store_lock_file(void) {
  const kmp_mv_store_t *st = &__kmp_mv_store;
  char *lock = __kmp_str_format("%s.lock", st->path);
  int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  const char *why = NULL;
  if (fd < 0) {
    why = strerror(errno);
  } else {
    struct timespec pause = {0, 10 * 1000 * 1000};
    int tries = KMP_MV_STORE_LOCK_S * 100;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      if ((errno != EWOULDBLOCK && errno != EINTR) || --tries <= 0) {
        why = errno == EWOULDBLOCK ? "another run holds it" : strerror(errno);
        close(fd);
        fd = -1;
        break;
      }
      nanosleep(&pause, NULL);
    }
  }
  if (fd < 0)
    __kmp_mvomp_warn("MVOMP",
                     "OMP_SELECT_MODELS: cannot lock '%s': %s; this run's "
                     "statistics are not saved",
                     lock, why);
  __kmp_str_free(&lock);
  return fd;
}

// Adds this run's own executions of version v of key s (type t) to rows.
// Returns whether it ran.
static bool __kmp_mv_store_merge_arm(kmp_mv_rows_t *rows, kmp_mv_type_t *t,
                                     kmp_mv_stats_t *s, int v) {
  const kmp_mv_arm_t *a = &s->key.arms[v];
  // With statistics shared between processes, one of them writes everyone's
  // (kmp_mvomp_share_store).
  kmp_mv_arm_t own = __kmp_mv_own_arm(t, s, v, __kmp_mv_share_store_mode == 1);
  if (own.n == 0)
    return false;
  const kmp_mv_version_t *vs = t->versions.load(std::memory_order_acquire);
  const char *cluster = __kmp_mvomp_cluster_name(s->cluster);
  kmp_mv_saved_t *r = __kmp_mv_rows_find(rows, t->id, s->cost, s->locality,
                                         vs[v].name, cluster);
  if (r == NULL) {
    r = (kmp_mv_saved_t *)KMP_INTERNAL_MALLOC(sizeof(kmp_mv_saved_t));
    memset(r, 0, sizeof(*r));
    r->type = t->id;
    r->cost = s->cost;
    r->locality = s->locality;
    r->name = __kmp_mvomp_strdup(vs[v].name);
    r->cluster = __kmp_mvomp_strdup(cluster);
    r->location = NULL;
    __kmp_mv_rows_add(rows, r);
  } else if (!(a->origin & KMP_MV_ORIGIN_CHANGED) &&
             r->age < KMP_MV_STORE_STALE) {
    kmp_mv_arm_t kept = __kmp_mv_arm_cap(&r->arm, KMP_MV_STORE_KEEP);
    own = __kmp_mv_arm_merge(&kept, &own);
  } // else robust statistics found it changed, or it was measured again
    // after KMP_MV_STORE_STALE runs: its history no longer holds
  r->arm = __kmp_mv_arm_cap(&own, KMP_MV_STORE_KEEP);
  r->version = v;
  __kmp_str_free(&r->location);
  r->location = __kmp_mvomp_strdup(vs[v].location);
  r->line = 0; // ran in this run: age 0
  return true;
}

struct kmp_mv_store_merge_t {
  kmp_mv_rows_t *rows;
  size_t ran; // versions that ran in this run
};

static void __kmp_mv_store_merge_key(kmp_mv_type_t *t, kmp_mv_stats_t *s,
                                     void *arg) {
  kmp_mv_store_merge_t *m = (kmp_mv_store_merge_t *)arg;
  for (int v = 0; v < s->key.narms; ++v)
    m->ran += __kmp_mv_store_merge_arm(m->rows, t, s, v);
}

static void __kmp_mv_store_write(void) {
  kmp_mv_store_t *st = &__kmp_mv_store;
  if (!__kmp_mv_store_opened.load(std::memory_order_acquire) ||
      st->dir == NULL || __kmp_mv_share_store_mode < 0)
    return; // no store, or another process writes it
  int lock = __kmp_mv_store_take_lock(); // (and writes the identity cache)
  if (lock < 0)
    return;
  kmp_mv_rows_t rows = {NULL, 0, 0, NULL, NULL};
  unsigned runs = 0;
  // Read again: runs that ended meanwhile merged into it. Quiet when loading
  // found it malformed (already reported).
  int got = __kmp_mv_store_read(&rows, &runs, "it is kept aside", st->bad);
  if (got < 0) {
    __kmp_mv_store_keep_aside(st->path, "MVOMP");
    runs = 0;
  }
  kmp_mv_store_merge_t merge = {&rows, 0};
  __kmp_mv_for_each_key(-1, __kmp_mv_store_merge_key, &merge);
  size_t ran = merge.ran;
  if (ran > 0 && !__kmp_mv_run_disturbed()) {
    for (kmp_mv_saved_t *r = rows.first; r; r = r->all)
      if (r->line != 0 && r->age < UINT32_MAX)
        ++r->age; // did not run in this run
    __kmp_mv_store_save(&rows, runs + 1);
  }
  __kmp_mv_rows_free(&rows);
  close(lock); // releases the lock
}

/* ------------------------------------------------------------------------ */
/* Other features' files in the store                                       */

char *__kmp_mv_store_base(const char **fingerprint) {
  kmp_mv_store_t *st = &__kmp_mv_store;
  __kmp_acquire_bootstrap_lock(&__kmp_mv_store_lock);
  __kmp_mv_store_identify();
  __kmp_release_bootstrap_lock(&__kmp_mv_store_lock);
  if (st->dir == NULL)
    return NULL;
  *fingerprint = st->machine;
  size_t n = strlen(st->path) - 4; // without ".csv"
  return __kmp_str_format("%.*s", (int)n, st->path);
}

int __kmp_mv_store_take_lock(void) {
  if (__kmp_mv_store.dir == NULL || !__kmp_mv_mkdirs(__kmp_mv_store.dir))
    return -1;
  int lock = __kmp_mv_store_lock_file();
  // The identity the file was named by is cached for the next run, by the
  // store's merge and ERASE's alike (without ERASE's, a program with ERASE on
  // and no multi-version task hashed its executable at every run).
  if (lock >= 0)
    __kmp_mv_idcache_write();
  return lock;
}

int __kmp_mv_code_id(const void *addr, char *buf, size_t len) {
  Dl_info info;
  if (!dladdr(addr, &info) || info.dli_fname == NULL || info.dli_fbase == NULL)
    return 0;
  const char *base = strrchr(info.dli_fname, '/');
  base = base ? base + 1 : info.dli_fname;
  // (The executable's build ID is the program's id, already in the store's
  // file name; a shared library's keeps a rebuilt one apart.)
  snprintf(buf, len, "%.64s@%016llx+0x%lx", *base ? base : "program",
           (unsigned long long)__kmp_mv_build_id(addr),
           (unsigned long)((const char *)addr - (const char *)info.dli_fbase));
  for (char *p = buf; *p; ++p)
    if (*p == ',' || *p == '"' || *p == ' ' || *p == '\t' || *p == '\r')
      *p = '_';
  return 1;
}

/* ------------------------------------------------------------------------ */
/* OMP_DISPLAY_ENV                                                          */

void __kmp_mv_store_display(kmp_str_buf_t *buffer) {
  kmp_mv_store_t *st = &__kmp_mv_store;
  if (__kmp_mv_type_list == NULL && !__kmp_mv_store_fixed()) {
    __kmp_str_buf_print(buffer, "   [MVOMP] model store: unused (no "
                                "multi-version task is registered)\n");
    return;
  }
  __kmp_acquire_bootstrap_lock(&__kmp_mv_store_lock);
  __kmp_mv_store_identify();
  if (st->dir == NULL) {
    __kmp_str_buf_print(buffer, "   [MVOMP] model store: %s\n", st->why_off);
  } else {
    __kmp_str_buf_print(buffer, "   [MVOMP] model store: '%s'\n", st->path);
    __kmp_str_buf_print(buffer, "   [MVOMP] fingerprint: %016llx %s\n",
                        (unsigned long long)st->machine_id, st->machine);
    if (__kmp_mv_store_read_done) // (opening reads it first)
      __kmp_str_buf_print(
          buffer, "   [MVOMP] models: %s\n",
          st->skipped  ? "not read (OMP_SELECT_LOAD is set)"
          : st->bad    ? "malformed: not used (see the warning)"
          : st->exists ? "loaded (see stats.csv's origin column)"
                       : "none yet for this program and machine: exploring");
    else {
      struct stat sb;
      __kmp_str_buf_print(
          buffer, "   [MVOMP] models: %s\n",
          __kmp_mv_load_path ? "not read (OMP_SELECT_LOAD is set)"
          : stat(st->path, &sb) == 0
              ? "found, loaded when the first multi-version task runs"
              : "none yet for this program and machine: exploring");
    }
    // Counted here only: a directory listing at start-up would cost every
    // run what only this display needs.
    char *name = __kmp_mv_program_name(st->program);
    int others =
        __kmp_mv_count_others(st->dir, name, strrchr(st->path, '/') + 1);
    __kmp_str_free(&name);
    if (others > 0)
      __kmp_str_buf_print(buffer,
                          "   [MVOMP] models of %d other build(s) of this "
                          "program or other machine(s) in '%s': not used\n",
                          others, st->dir);
  }
  __kmp_release_bootstrap_lock(&__kmp_mv_store_lock);
}

#!/usr/bin/env python3
"""Random task programs (mvomp/base/random_programs.c): each seed generates a C program of 3-8
kernels drawn from tasks (untied, final, mergeable, if, priority, affinity, taskyield; in a
taskwait or a taskgroup), taskloops (grainsize, num_tasks, reduction, nogroup, collapse, untied,
if, final, priority, mergeable), dependence chains (inout, in, mutexinoutset), OpenMP 5
dependences (a depend object, iterators, inoutset, taskwait with depend), detached tasks (detach,
omp_fulfill_event from the creator or from other tasks, with dependences on them), task
reductions (task_reduction with tasks and taskloops in_reduction, a parallel region's
reduction(task, ...)), recursive Fibonacci tasks with clauses, multi-version tasks (task define /
task run, with costs) and the same nested in tasks and in nested parallel regions, created by one
thread (single, masked or a test of the thread number), in the main thread or, in a quarter of the
programs, in 2-4 threads of the program's own created one after another (each a root to libomp).
Every kernel adds deterministic values to a checksum. The program runs on one thread, then under
each configuration below; a configuration that crashes, hangs (60 s) or prints other sums fails.

usage: random_task_programs.py --cc "COMPILER AND FLAGS" --dir DIR FIRST LAST
"""
import os, random, subprocess, sys


def generate(seed):
    rnd = random.Random(seed)
    out = []
    def w(s): out.append(s)
    w('#include <omp.h>\n#include <pthread.h>\n#include <stdio.h>\n#include <mvomp.h>\n')
    w('static long acc[64];\nstatic long cells[16];\nstatic long mvout[4096];\n')
    w('static inline long f(long i, long k) { long x = i * 2654435761L + k; x ^= x >> 13; return (x & 0xffff); }\n')
    w('static void spin(int n) { volatile int s = 0; for (int i = 0; i < n; ++i) s += i; }\n')
    nfib = 0
    kernels = []
    def clauses_task():
        c = []
        if rnd.random() < 0.3: c.append('untied')
        if rnd.random() < 0.2: c.append('final(i %% %d == 0)' % rnd.randint(2, 5))
        if rnd.random() < 0.2: c.append('mergeable')
        if rnd.random() < 0.2: c.append('if(i %% %d != 0)' % rnd.randint(2, 5))
        if rnd.random() < 0.2: c.append('priority(%d)' % rnd.randint(0, 3))
        if rnd.random() < 0.1: c.append('affinity(acc[i % 64])')
        return ' '.join(c)
    def k_tasks(k):
        n = rnd.choice([1, 7, 64, 500, 3000]); work = rnd.choice([0, 10, 1000])
        wrap = rnd.choice(['taskwait', 'taskgroup'])
        body = 'for (int i = 0; i < %d; ++i) {\n#pragma omp task firstprivate(i) %s\n{ spin(%d);%s\n#pragma omp atomic\nacc[%d] += f(i, %d); }\n}\n' % (n, clauses_task(), work, '\n#pragma omp taskyield' if rnd.random() < 0.2 else '', k, k)
        if wrap == 'taskgroup':
            return '#pragma omp taskgroup\n{\n' + body + '}\n'
        return body + '#pragma omp taskwait\n'
    def k_taskloop(k):
        n = rnd.choice([1, 5, 100, 1000, 100000]); m = rnd.choice([1, 3, 17])
        c = []
        g = rnd.random()
        if g < 0.25: c.append('grainsize(%d)' % rnd.choice([1, 7, 100, 5000]))
        elif g < 0.4: c.append('num_tasks(%d)' % rnd.choice([1, 2, 3, 64]))
        red = rnd.random() < 0.5
        if red: c.append('reduction(+: s)')
        nog = (not red) and rnd.random() < 0.3
        if nog: c.append('nogroup')
        if rnd.random() < 0.2: c.append('untied')
        if rnd.random() < 0.15: c.append('if(%d)' % rnd.randint(0, 1))
        if rnd.random() < 0.15: c.append('final(%d)' % rnd.randint(0, 1))
        if rnd.random() < 0.15: c.append('priority(1)')
        if rnd.random() < 0.2: c.append('mergeable')
        col = rnd.random() < 0.3
        if col: c.append('collapse(2)')
        inner = '#pragma omp atomic\nacc[%d] += f(i * %d + j, %d);' % (k, m, k) if not red else 's += f(i * %d + j, %d);' % (m, k)
        loops = 'for (long i = 0; i < %d; ++i)\nfor (long j = 0; j < %d; ++j) {\n%s\n}\n' % (n, m, inner) if col else \
                'for (long i = 0; i < %d; ++i) {\nfor (long j = 0; j < %d; ++j) {\n%s\n}\n}\n' % (n, m, inner)
        s = '{ long s = 0;\n#pragma omp taskloop %s\n%s' % (' '.join(c), loops)
        if nog: s += '#pragma omp taskwait\n'
        s += '#pragma omp atomic\nacc[%d] += s; }\n' % k
        return s
    def k_depend(k):
        n = rnd.choice([10, 100, 1000]); ncell = rnd.choice([1, 4, 16])
        kinds = ['inout'] * 3 + ['in', 'mutexinoutset']
        s = 'for (int i = 0; i < %d; ++i) {\nint c = (i * 7) %% %d;\n' % (n, ncell)
        kind = rnd.choice(kinds)
        ut = 'untied' if rnd.random() < 0.3 else ''
        if kind == 'inout':
            s += '#pragma omp task depend(inout: cells[c]) firstprivate(i, c) %s\ncells[c] = (cells[c] * 3 + i) %% 1000003;\n' % ut
        elif kind == 'in':
            s += '#pragma omp task depend(inout: cells[c]) firstprivate(i, c) %s\ncells[c] = (cells[c] * 5 + i) %% 1000003;\n' % ut
            s += '#pragma omp task depend(in: cells[c]) firstprivate(c)\n{ long v = cells[c];\n#pragma omp atomic\nacc[%d] += v; }\n' % k
        else:
            s += '#pragma omp task depend(mutexinoutset: cells[c]) firstprivate(i, c) %s\ncells[c] += f(i, %d);\n' % (ut, k)
        s += '}\n#pragma omp taskwait\nfor (int c = 0; c < 16; ++c) acc[%d] += cells[c];\n' % k
        return s
    def k_fib(k):
        nonlocal nfib
        nfib += 1
        name = 'fib%d' % nfib
        cl = []
        if rnd.random() < 0.4: cl.append('untied')
        if rnd.random() < 0.3: cl.append('final(n < %d)' % rnd.randint(5, 12))
        if rnd.random() < 0.3: cl.append('mergeable')
        if rnd.random() < 0.3: cl.append('if(n > %d)' % rnd.randint(5, 12))
        cl2 = []
        if rnd.random() < 0.3: cl2.append('untied')
        w('static long %s(int n) {\nif (n < 2) return n;\nlong a, b;\n#pragma omp task shared(a) %s\na = %s(n - 1);\n#pragma omp task shared(b) %s\nb = %s(n - 2);\n#pragma omp taskwait\nreturn a + b;\n}\n' % (name, ' '.join(cl), name, ' '.join(cl2), name))
        n = rnd.choice([5, 15, 20, 23])
        return '{ long r = %s(%d);\n#pragma omp atomic\nacc[%d] += r; }\n' % (name, n, k)
    def k_mv(k):
        n = rnd.choice([10, 200, 2000]); nv = rnd.choice([2, 3])
        costs = rnd.choice(['0', 'i % 4', '(i % 5) * 100'])
        s = 'for (int i = 0; i < %d; ++i) {\ntask_cost(%s);\n' % (n, costs)
        for v in range(nv):
            s += '#pragma omp task define(%d)\n{ spin(%d); mvout[i %% 4096] = f(i, %d); }\n' % (100 + k, rnd.choice([0, 50, 2000]), k)
        s += '#pragma omp task run(%d) %s\n;\n}\n#pragma omp taskwait\nfor (int i = 0; i < 4096; ++i) acc[%d] += mvout[i];\n' % (100 + k, rnd.choice(['', 'if(0)', 'if(i % 2)', 'depend(inout: cells[i % 4])']), k)
        # note: launches write mvout[i%4096] with the same value whatever the version; order does not matter since all values are f(i,k) and i<4096 distinct or repeated identical
        return s
    def k_nested(k):
        inner = rnd.choice([k_taskloop, k_tasks, k_depend, k_taskred, k_depend2])(k)
        t = rnd.random()
        if t < 0.5:
            return '#pragma omp task %s\n{\n%s}\n#pragma omp taskwait\n' % (rnd.choice(['', 'untied']), inner)
        return '#pragma omp task\n{\n#pragma omp parallel num_threads(2)\n#pragma omp single\n{\n%s}\n}\n#pragma omp taskwait\n' % inner
    def k_detach(k):
        # Detached tasks (detach, omp_fulfill_event): the events are fulfilled by a task created
        # after them, by the creator itself, or by a task that depends on nothing; optional
        # dependences make tasks wait on a detached task's completion (its fulfilment).
        n = rnd.choice([1, 5, 100, 1000]); work = rnd.choice([0, 10, 1000])
        ev = 'ev%d' % k  # (k is the kernel's number: one detach kernel each)
        w('static omp_event_handle_t %s[%d];\n' % (ev, n))
        dep = rnd.random() < 0.4
        cl = []
        if rnd.random() < 0.3: cl.append('untied')
        if rnd.random() < 0.2: cl.append('priority(2)')
        if rnd.random() < 0.2: cl.append('final(i %% %d == 0)' % rnd.randint(2, 5))
        if dep: cl.append('depend(inout: cells[i % 16])')
        s = 'for (int i = 0; i < %d; ++i) {\nomp_event_handle_t e;\n' % n
        s += '#pragma omp task detach(e) firstprivate(i) %s\n{ spin(%d);\n' % (' '.join(cl), work)
        if dep: s += 'cells[i % 16] = (cells[i % 16] * 3 + i) % 1000003;\n'
        s += '#pragma omp atomic\nacc[%d] += f(i, %d); }\n%s[i] = e;\n' % (k, k, ev)
        if dep and rnd.random() < 0.5:
            s += '#pragma omp task depend(in: cells[i %% 16]) firstprivate(i)\n{ long v = cells[i %% 16];\n#pragma omp atomic\nacc[%d] += v; }\n' % k
        s += '}\n'
        how = rnd.choice(['task', 'creator', 'tasks'])
        if how == 'task':
            s += '#pragma omp task\nfor (int i = 0; i < %d; ++i) omp_fulfill_event(%s[i]);\n' % (n, ev)
        elif how == 'tasks':
            s += 'for (int i = %d - 1; i >= 0; --i) {\n#pragma omp task firstprivate(i)\nomp_fulfill_event(%s[i]);\n}\n' % (n, ev)
        else:
            s += 'for (int i = 0; i < %d; ++i) omp_fulfill_event(%s[i]);\n' % (n, ev)
        s += '#pragma omp taskwait\n'
        if dep: s += 'for (int c = 0; c < 16; ++c) acc[%d] += cells[c];\n' % k
        return s
    def k_taskred(k):
        # Task reductions: a taskgroup's task_reduction with tasks and taskloops in_reduction,
        # or a nested parallel region's reduction(task, ...).
        n = rnd.choice([1, 10, 300, 3000]); work = rnd.choice([0, 10, 500])
        cl = []
        if rnd.random() < 0.3: cl.append('untied')
        if rnd.random() < 0.2: cl.append('if(i %% %d != 0)' % rnd.randint(2, 5))
        if rnd.random() < 0.2: cl.append('final(i %% %d == 0)' % rnd.randint(2, 5))
        if rnd.random() < 0.2: cl.append('priority(1)')
        tasks = 'for (int i = 0; i < %d; ++i) {\n#pragma omp task in_reduction(+: s) firstprivate(i) %s\n{ spin(%d); s += f(i, %d); }\n}\n' % (n, ' '.join(cl), work, k)
        if rnd.random() < 0.5:
            g = rnd.choice(['', 'grainsize(%d)' % rnd.choice([1, 50]), 'num_tasks(%d)' % rnd.choice([1, 7])])
            tasks += '#pragma omp taskloop in_reduction(+: s) %s\nfor (long i = 0; i < %d; ++i) s += f(i + 7, %d);\n' % (g, rnd.choice([1, 100, 10000]), k)
        if rnd.random() < 0.7:
            return '{ long s = 0;\n#pragma omp taskgroup task_reduction(+: s)\n{\n%s}\n#pragma omp atomic\nacc[%d] += s; }\n' % (tasks, k)
        return ('{ long s = 0;\n#pragma omp parallel num_threads(%d) reduction(task, +: s)\n#pragma omp single\n{\n%s}\n'
                '#pragma omp atomic\nacc[%d] += s; }\n' % (rnd.choice([1, 2, 3]), tasks, k))
    def k_depend2(k):
        # OpenMP 5 dependences: a depend object, iterators, inoutset, taskwait with depend.
        n = rnd.choice([10, 100, 1000]); c0 = rnd.randint(0, 15)
        s = '{ omp_depend_t o;\n#pragma omp depobj(o) depend(inout: cells[%d])\nfor (int i = 0; i < %d; ++i) {\nint c = (i * 5) %% 16;\nswitch (f(i, %d) %% 5) {\n' % (c0, n, k)
        s += 'case 0: {\n#pragma omp task depend(depobj: o) firstprivate(i)\ncells[%d] = (cells[%d] * 3 + i) %% 1000003;\nbreak; }\n' % (c0, c0)
        s += 'case 1: {\n#pragma omp task depend(iterator(j = 0:4), inout: cells[j]) firstprivate(i)\nfor (int j = 0; j < 4; ++j) cells[j] = (cells[j] * 7 + i + j) % 1000003;\nbreak; }\n'
        s += 'case 2: {\n#pragma omp task depend(inoutset: cells[c]) firstprivate(i, c)\n{\n#pragma omp atomic\ncells[c] += f(i, %d); }\nbreak; }\n' % k
        s += 'case 3: {\n#pragma omp task depend(inout: cells[c]) firstprivate(i, c) %s\ncells[c] = (cells[c] * 5 + i) %% 1000003;\nbreak; }\n' % rnd.choice(['', 'untied', 'if(0)'])
        s += 'default: {\n#pragma omp taskwait depend(in: cells[c])\nacc[%d] += cells[c]; }\n}\n}\n' % k
        s += '#pragma omp depobj(o) destroy\n#pragma omp taskwait\nfor (int c = 0; c < 16; ++c) acc[%d] += cells[c];\n}\n' % k
        return s
    gens = [k_tasks, k_taskloop, k_depend, k_fib, k_mv, k_nested, k_detach, k_taskred, k_depend2]
    nk = rnd.randint(3, 8)
    for k in range(nk):
        g = rnd.choice(gens)
        if g is k_mv and any('mvout' in x for x in kernels): g = k_tasks
        kernels.append(g(k))
    w('static void kernels(void) {\n')
    mode = rnd.choice(['single', 'master', 'all'])
    w('#pragma omp parallel\n{\n')
    if mode == 'single': w('#pragma omp single\n{\n')
    elif mode == 'master': w('#pragma omp masked\n{\n')
    else: w('if (omp_get_thread_num() == 0) {\n')
    for kk in kernels:
        w(kk)
    w('}\n}\n}\n')
    # A quarter of the programs run their kernels from threads of their own, one after another
    # (a program's thread pool, a plugin's thread): each is a root to libomp, reaped when it ends
    # while the workers that ran its tasks go on (an upstream crash, docs/architecture.md).
    # Drawn last, so that the kernels of every seed stay those drawn before.
    roots = rnd.randint(2, 4) if rnd.random() < 0.25 else 0
    if roots:
        w('static void *root(void *arg) { (void)arg; kernels(); return NULL; }\n')
    w('int main(void) {\n')
    if roots:
        w('for (int r = 0; r < %d; ++r) {\npthread_t t;\nif (pthread_create(&t, NULL, root, NULL) != 0) return 1;\npthread_join(t, NULL);\n}\n' % roots)
    else:
        w('kernels();\n')
    w('long total = 0;\nfor (int k = 0; k < 64; ++k) { if (acc[k]) printf("acc[%d] = %ld\\n", k, acc[k]); total += acc[k]; }\nprintf("total %ld\\n", total);\nreturn 0;\n}\n')
    return ''.join(out)


CONFIGS = [
    "OMP_NUM_THREADS=2",
    # (3 and 4 threads on 2 CPUs preempt each other: first executions are taken again.)
    "OMP_NUM_THREADS=3 OMP_SELECT_RETAKE=on",
    "OMP_NUM_THREADS=2 OMP_ERASE=on",
    "OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_CLUSTERS=a:0;b:1",
    "OMP_NUM_THREADS=2 OMP_ERASE=on OMP_ERASE_CLUSTERS=a:0;b:1 OMP_ERASE_STEAL=cluster"
    " OMP_ERASE_TEST_SLOWDOWN=b:3",
    "OMP_NUM_THREADS=4 OMP_ERASE=on OMP_ERASE_CLUSTERS=a:0;b:1 OMP_ERASE_SLEEP=1000"
    " OMP_SELECT_RETAKE=on",
    "OMP_NUM_THREADS=2 OMP_TASKLOOP_GRAIN=auto",
    "OMP_NUM_THREADS=3 OMP_TASKLOOP_GRAIN=auto OMP_ERASE=on OMP_ERASE_CLUSTERS=a:0;b:1 OMP_SELECT=ucb",
    "OMP_NUM_THREADS=2 OMP_SELECT=ts OMP_ERASE=on OMP_ERASE_CLUSTERS=a:0;b:1"
    " OMP_SELECT_OBJECTIVE=energy",
    "OMP_NUM_THREADS=2 OMP_SELECT=gb OMP_ERASE_SLEEP=100 OMP_SELECT_COST_BUCKETS=2",
    # libomp's priority queues (taken only when OMP_MAX_TASK_PRIORITY > 0) and active nested
    # teams.
    "OMP_NUM_THREADS=3 OMP_MAX_TASK_PRIORITY=3 OMP_ERASE=on OMP_ERASE_CLUSTERS=a:0;b:1",
    "OMP_NUM_THREADS=2,2 OMP_MAX_ACTIVE_LEVELS=2 OMP_MAX_TASK_PRIORITY=1 OMP_TASKLOOP_GRAIN=auto",
]


def run(exe, settings):
    env = dict(os.environ, OMP_SELECT_MODELS="off", OMP_ERASE_PERF="off")
    env.update(kv.split("=", 1) for kv in settings.split())
    try:
        p = subprocess.run([exe], env=env, capture_output=True, timeout=60)
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout after 60 s", ""


def main():
    args = sys.argv[1:]
    cc = args[args.index("--cc") + 1].split()
    d = args[args.index("--dir") + 1]
    first, last = int(args[-2]), int(args[-1])
    os.makedirs(d, exist_ok=True)
    failed = runs = 0
    for seed in range(first, last + 1):
        src = os.path.join(d, "p%d.c" % seed)
        exe = os.path.join(d, "p%d" % seed)
        open(src, "w").write(generate(seed))
        c = subprocess.run(cc + ["-w", src, "-o", exe], capture_output=True)
        if c.returncode != 0:
            failed += 1
            print("seed %d: does not compile: %s" % (seed, c.stderr.decode(errors="replace")[:400]))
            continue
        rc, ref = run(exe, "OMP_NUM_THREADS=1")
        runs += 1
        if rc != 0 or not ref.endswith("\n") or "total" not in ref:
            failed += 1
            print("seed %d: one thread: exit status %s, output %r" % (seed, rc, ref[-200:]))
            continue
        for settings in CONFIGS:
            rc, got = run(exe, settings)
            runs += 1
            if rc != 0 or got != ref:
                failed += 1
                print("seed %d [%s]: exit status %s, %r where one thread printed %r"
                      % (seed, settings, rc, got[-120:], ref[-120:]))
    print("%d programs, %d runs, %d failed" % (last - first + 1, runs, failed))


main()

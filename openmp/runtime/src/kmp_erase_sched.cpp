/*
 * kmp_erase_sched.cpp -- ERASE's scheduling hooks, the top of the feature
 * (docs/architecture.md): set-up once the environment is read (the hook
 * flags), the push path (map a task to the least-energy cluster and give it
 * to a thread there), wake-ups of back-off __kmp_erase_sleepers, the barrier
 * accounting of given tasks, cluster-restricted stealing and the exponential
 * back-off sleep.
 */

//===----------------------------------------------------------------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "kmp_erase_internal.h"
#include "kmp_wait_release.h"

#include <limits.h>
#include <time.h>

#if KMP_OS_LINUX
#include <linux/futex.h>
#include <sys/syscall.h>
#endif

alignas(64) std::atomic<int> __kmp_erase_sleepers; // (written at every sleep)

// ---- Set-up ----------------------------------------------------------------
void __kmp_erase_env_done(void) {
  if (__kmp_erase_enabled && !__kmp_erase_machine.ready) {
    if (__kmp_erase_machine_setup()) {
      if (__kmp_erase_stats_path != NULL)
        __kmp_mvomp_at_exit(__kmp_erase_write_stats);
      __kmp_erase_store_preload(); // not at the first task (docs/erase.md)
    } else {
      __kmp_erase_enabled = 0;
    }
  }
  if (!__kmp_erase_enabled && !__kmp_erase_machine.emulating)
    __kmp_erase_emulation_setup();
  kmp_mvomp_hooks_t &h = __kmp_mvomp_hooks;
  h.erase = __kmp_erase_enabled && __kmp_erase_machine.ready;
  h.erase_time = h.erase || __kmp_erase_machine.emulating;
  h.erase_push = __kmp_erase_enabled || __kmp_erase_sleep_us > 0;
  h.erase_steal = h.erase && __kmp_erase_steal_cluster;
  h.erase_sleep = __kmp_erase_sleep_us > 0;
}

void __kmp_erase_display_env(kmp_str_buf_t *buffer) {
  __kmp_erase_machine_display(buffer);
  if (__kmp_erase_machine.ready)
    __kmp_erase_store_display(buffer);
}

// ---- Wake-ups ---------------------------------------------------------------

// Ends thread's back-off sleep, if it sleeps; 1 if it did.
static int __kmp_erase_wake_gtid(int gtid) {
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return 0;
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  if (s.sleeping.load(std::memory_order_relaxed) != 1 ||
      s.sleeping.exchange(0) != 1)
    return 0;
#if KMP_OS_LINUX
  syscall(SYS_futex, (int *)&s.sleeping, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
#endif
  return 1;
}

static void __kmp_erase_wake(kmp_info_t *thread) {
  __kmp_erase_wake_gtid(thread->th.th_info.ds.ds_gtid);
}

void __kmp_erase_wake_waiter(kmp_taskdata_t *parent) {
  // (Sequentially consistent, after the count's decrement: a waiter about to
  // sleep sets its word, then reads the count, in __kmp_erase_backoff.)
  if (__kmp_erase_sleepers.load() == 0 || parent == NULL)
    return;
  kmp_int32 waiter = TCR_4(parent->td_taskwait_thread);
  if (waiter > 0) // (gtid + 1 while in the taskwait)
    __kmp_erase_wake_gtid(waiter - 1);
}

// The cluster thread tid of the team steals from with OMP_ERASE_STEAL=cluster,
// else -1 (any).
static int __kmp_erase_steal_scope(kmp_info_t *th, int tid) {
  return __kmp_erase_steal_cluster && __kmp_erase_machine.ready
             ? __kmp_mvomp_thread_cluster(th, tid)
             : -1;
}

// Wakes one sleeping thread of the team (the next one after tid) that may
// steal from thread tid; it then looks for tasks (__kmp_erase_aim).
static void __kmp_erase_wake_thief(kmp_task_team_t *task_team, kmp_int32 tid) {
  if (__kmp_erase_sleepers.load(std::memory_order_relaxed) == 0)
    return;
  int nth = task_team->tt.tt_nproc;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  int scope = __kmp_erase_steal_scope(data[tid].td.td_thr, tid);
  for (int k = 1; k < nth; ++k) {
    int i = (tid + k) % nth;
    kmp_info_t *th = data[i].td.td_thr;
    if (th != NULL &&
        (scope < 0 || __kmp_mvomp_thread_cluster(th, i) == scope) &&
        __kmp_erase_wake_gtid(th->th.th_info.ds.ds_gtid))
      return;
  }
}

// After a sleep, a thread looks at every deque of its team, not at one random
// victim as the stealing loop does: one probe per sleep (up to 128 times the
// base) would leave a task queued behind a busy thread for many sleeps. The
// next steal goes to the first deque with tasks after its own (libomp's
// last-victim hint, which only the thread itself writes).
static void __kmp_erase_aim(kmp_int32 gtid) {
  kmp_info_t *thread = __kmp_threads[gtid];
  kmp_task_team_t *task_team = thread->th.th_task_team;
  if (task_team == NULL)
    return;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  int nth = task_team->tt.tt_nproc;
  kmp_int32 tid = __kmp_tid_from_gtid(gtid);
  if (data == NULL || tid < 0 || tid >= nth)
    return;
  int scope = __kmp_erase_steal_scope(thread, tid);
  for (int k = 1; k < nth; ++k) {
    int i = (tid + k) % nth;
    if (TCR_4(data[i].td.td_deque_ntasks) > 0 &&
        (scope < 0 ||
         __kmp_mvomp_thread_cluster(data[i].td.td_thr, i) == scope)) {
      data[tid].td.td_deque_last_stolen = i;
      return;
    }
  }
}

void __kmp_erase_backoff(kmp_int32 gtid, int found) {
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return;
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  if (found) {
    if (s.backoff.failures > 0) // (no clock read between tasks)
      __kmp_erase_backoff_found(&s.backoff, __kmp_erase_spin_us,
                                __kmp_mvomp_now_ns());
    return;
  }
  kmp_uint64 now = __kmp_mvomp_now_ns();
  unsigned spin = now < __kmp_erase_narrow_until.load(std::memory_order_relaxed)
                      ? 0
                      : __kmp_erase_spin_us;
  unsigned us =
      __kmp_erase_backoff_fail(&s.backoff, __kmp_erase_sleep_us, spin, now);
  if (us == 0)
    return;
  struct timespec ts = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000};
#if KMP_OS_LINUX
  __kmp_erase_sleepers.fetch_add(1);
  s.sleeping.store(1);
  // In a taskwait whose children finished since the last round (their ends
  // may have looked for this thread before it set its word), no sleep.
  kmp_taskdata_t *current = __kmp_threads[gtid]->th.th_current_task;
  if (current != NULL && current->td_taskwait_thread > 0 &&
      KMP_ATOMIC_LD_ACQ(&current->td_incomplete_child_tasks) == 0)
    s.sleeping.store(0);
  else
    syscall(SYS_futex, (int *)&s.sleeping, FUTEX_WAIT_PRIVATE, 1, &ts, NULL, 0);
  // Woken for a task (the word is 0 already): look without sleeping again.
  if (s.sleeping.exchange(0) == 0)
    __kmp_erase_backoff_found(&s.backoff, __kmp_erase_spin_us,
                              __kmp_mvomp_now_ns());
  __kmp_erase_sleepers.fetch_sub(1);
  __kmp_erase_aim(gtid);
#else
  nanosleep(&ts, NULL);
#endif
}

// Thread s's given_lock, initialised at its first use (by whichever thread
// comes first): initialising all KMP_MVOMP_MAX_GTID locks at start-up touched
// the pages of the whole per-thread array, 4% of a short program's samples.
static kmp_bootstrap_lock_t *__kmp_erase_given_lock(kmp_erase_thread_t &s) {
  if (UNLIKELY(s.given_lock_ready.load(std::memory_order_acquire) != 2)) {
    int none = 0;
    if (s.given_lock_ready.compare_exchange_strong(none, 1)) {
      __kmp_init_bootstrap_lock(&s.given_lock);
      s.given_lock_ready.store(2, std::memory_order_release);
    }
    while (s.given_lock_ready.load(std::memory_order_acquire) != 2)
      KMP_CPU_PAUSE();
  }
  return &s.given_lock;
}

// A barrier ends when every thread of the team has found no task while its
// own deque was empty; upstream keeps that sound because a thread pushes only
// to its own deque. A task the mapper gives to thread X may arrive after X
// has found nothing, so until somebody takes it out of X's deque the task
// counts as one unfinished thread, and whoever takes it counts itself as
// unfinished again while it runs it (as a thief does in __kmp_steal_task).
static int __kmp_erase_give_begin(kmp_info_t *target,
                                  kmp_task_team_t *task_team) {
  int gtid = target->th.th_info.ds.ds_gtid;
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID)
    return 0;
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  __kmp_acquire_bootstrap_lock(__kmp_erase_given_lock(s));
  int ok =
      s.given.load(std::memory_order_relaxed) == 0 || s.given_team == task_team;
  if (ok) {
    s.given_team = task_team;
    s.given.fetch_add(1, std::memory_order_relaxed);
    KMP_ATOMIC_INC(&task_team->tt.tt_unfinished_threads);
  }
  __kmp_release_bootstrap_lock(__kmp_erase_given_lock(s));
  return ok;
}

static void __kmp_erase_give_undo(kmp_info_t *target,
                                  kmp_task_team_t *task_team) {
  kmp_erase_thread_t &s = __kmp_erase_threads[target->th.th_info.ds.ds_gtid];
  __kmp_acquire_bootstrap_lock(__kmp_erase_given_lock(s));
  s.given.fetch_sub(1, std::memory_order_relaxed);
  KMP_ATOMIC_DEC(&task_team->tt.tt_unfinished_threads);
  __kmp_release_bootstrap_lock(__kmp_erase_given_lock(s));
}

void __kmp_erase_took(kmp_info_t *owner, kmp_task_team_t *task_team,
                      int *thread_finished) {
  if (*thread_finished) {
    KMP_ATOMIC_INC(&task_team->tt.tt_unfinished_threads);
    *thread_finished = FALSE;
  }
  int gtid = owner->th.th_info.ds.ds_gtid;
  if (gtid < 0 || gtid >= KMP_MVOMP_MAX_GTID ||
      __kmp_erase_threads[gtid].given.load(std::memory_order_relaxed) == 0)
    return;
  kmp_erase_thread_t &s = __kmp_erase_threads[gtid];
  __kmp_acquire_bootstrap_lock(__kmp_erase_given_lock(s));
  if (s.given.load(std::memory_order_relaxed) > 0 &&
      s.given_team == task_team) {
    s.given.fetch_sub(1, std::memory_order_relaxed);
    KMP_ATOMIC_DEC(&task_team->tt.tt_unfinished_threads);
  }
  __kmp_release_bootstrap_lock(__kmp_erase_given_lock(s));
}

int __kmp_erase_may_steal(kmp_info_t *thread, kmp_info_t *victim,
                          kmp_int32 victim_tid) {
  // A thread running an explicit task or waiting in a taskwait or taskgroup
  // may steal from any cluster: the task it waits for may have been mapped
  // elsewhere, and the task scheduling constraint may forbid every other
  // thread to run it.
  kmp_taskdata_t *current = thread->th.th_current_task;
  if (current->td_flags.tasktype == TASK_EXPLICIT ||
      current->td_taskwait_thread > 0)
    return 1;
  int mine = __kmp_mvomp_thread_cluster(thread, thread->th.th_info.ds.ds_tid);
  return __kmp_mvomp_thread_cluster(victim, victim_tid) == mine;
}

// A thread of the team in cluster c: the least loaded (running plus queued
// tasks), the caller on a tie, else the lowest tid.
static kmp_int32 __kmp_erase_pick(kmp_task_team_t *task_team, kmp_int32 tid,
                                  int c) {
  int nth = task_team->tt.tt_nproc;
  kmp_thread_data_t *data = task_team->tt.tt_threads_data;
  kmp_int32 best = -1;
  int best_load = INT_MAX;
  for (int i = 0; i < nth; ++i) {
    kmp_info_t *th = data[i].td.td_thr;
    if (__kmp_mvomp_thread_cluster(th, i) != c)
      continue;
    int load = __kmp_erase_busy(th) + (int)TCR_4(data[i].td.td_deque_ntasks);
    if (load < best_load || (load == best_load && i == tid)) {
      best = i;
      best_load = load;
    }
  }
  return best < 0 ? tid : best;
}

// The team thread that should get the task: tid to keep it, or
// KMP_ERASE_RUN_NOW to execute it at once.
#define KMP_ERASE_RUN_NOW (-2)
static kmp_int32 __kmp_erase_target(kmp_int32 gtid, kmp_int32 tid,
                                    kmp_task_team_t *task_team,
                                    kmp_task_t *task) {
  if (!__kmp_erase_enabled || !__kmp_erase_machine.ready ||
      gtid >= KMP_MVOMP_MAX_GTID || task_team->tt.tt_nproc <= 1)
    return tid;
  // (kmp_erase.h's __kmp_erase_push kept the tasks created by a task, and
  // every task but a molded taskloop's chunk where tasks are not mapped.)
  __kmp_mvomp_place_thread(gtid);
  if (__kmp_erase_loop_cluster >= 0) // a chunk of a molded taskloop
    return __kmp_erase_pick(task_team, tid, __kmp_erase_loop_cluster);
  if (__kmp_erase_loop_cluster == KMP_ERASE_LOOP_TEAM) // upstream's split
    return tid;
  kmp_erase_type_t *t = __kmp_erase_task_type(task);
  if (t == NULL)
    return tid;
  if (t->cls.load(std::memory_order_relaxed) < 0) {
    // Being classified: the task stays here, and creation pauses (the task
    // runs at once) while twice as many tasks as cores are queued.
    kmp_thread_data_t *mine = &task_team->tt.tt_threads_data[tid];
    if (__kmp_enable_task_throttling &&
        (int)TCR_4(mine->td.td_deque_ntasks) >= 2 * __kmp_avail_proc)
      return KMP_ERASE_RUN_NOW;
    return tid;
  }
  kmp_erase_map_inputs_t m;
  kmp_info_t *self = task_team->tt.tt_threads_data[tid].td.td_thr;
  const int home = __kmp_mvomp_thread_cluster(self, tid);
  kmp_erase_choice_t choice =
      __kmp_erase_choose(t, task, 1, 0, task_team, &m, home);
  if (choice.cluster < 0) // every configuration is being tried
    return tid;
  // Mapped to the creator's own cluster: the task stays in its deque, and the
  // cluster's thieves balance it as upstream's do. Given to a thread of the
  // cluster instead, it was fixed there before that thread could run it: one
  // in a tied task's taskwait may run only that task's descendants, so the
  // given tasks waited behind a long task (an unbalanced tree search, its
  // root's children given half to each thread, took 1.7x ERASE off's time:
  // benchmarks/recursive uts), and each of its pops walked past them.
  if (home == choice.cluster)
    return tid;
  return __kmp_erase_pick(task_team, tid, choice.cluster);
}

kmp_int32 __kmp_erase_push_mapped(kmp_int32 gtid, kmp_int32 tid,
                                  kmp_task_team_t *task_team,
                                  kmp_task_t *task) {
  // A started task is an untied task's next part, which clang's code queues
  // again at each of its scheduling points (its first one as it starts): it
  // continues where it is, as upstream's does. It was mapped when it was
  // created; given to another thread deep in a tied task's taskwait, it sat
  // on top of that thread's deque, which the task scheduling constraint
  // forbade it to run, above the tasks it waited for, and with
  // OMP_ERASE_STEAL=cluster no other thread could take it (an untied
  // Fibonacci on two clusters hung in 7 runs of 10;
  // mvomp/base/untied_mixed.c).
  if (KMP_TASK_TO_TASKDATA(task)->td_flags.started)
    return KMP_ERASE_PUSH_HERE;
  kmp_int32 target = __kmp_erase_target(gtid, tid, task_team, task);
  if (target == KMP_ERASE_RUN_NOW)
    return TASK_NOT_PUSHED;
  if (target == tid)
    return KMP_ERASE_PUSH_HERE;
  kmp_info_t *other = task_team->tt.tt_threads_data[target].td.td_thr;
  if (!__kmp_erase_give_begin(other, task_team))
    return KMP_ERASE_PUSH_HERE;
  // A thread waiting in a taskwait may run only its descendants (the task
  // scheduling constraint); with tasks in other threads' deques it must look
  // past the ends of a deque for them, as with untied tasks.
  KMP_CHECK_UPDATE(task_team->tt.tt_untied_task_encountered, 1);
  if (__kmp_mvomp_give_task(other, target, task)) {
    __kmp_erase_wake(other);
    if (TCR_PTR(CCAST(void *, other->th.th_sleep_loc)) != NULL)
      __kmp_null_resume_wrapper(other);
    return TASK_SUCCESSFULLY_PUSHED;
  }
  __kmp_erase_give_undo(other, task_team);
  return KMP_ERASE_PUSH_HERE;
}

kmp_task_t *__kmp_erase_remove_below(kmp_int32 gtid, kmp_int32 is_constrained,
                                     kmp_thread_data_t *data,
                                     kmp_taskdata_t *current) {
  kmp_int32 n = TCR_4(data->td.td_deque_ntasks);
  kmp_uint32 mask = TASK_DEQUE_MASK(data->td);
  kmp_uint32 tail = data->td.td_deque_tail;
  kmp_uint32 j = (tail - 1) & mask; // the last task, which was refused
  for (kmp_int32 k = 1; k < n; ++k) {
    j = (j - 1) & mask;
    kmp_taskdata_t *taskdata = data->td.td_deque[j];
    if (!__kmp_mvomp_task_is_allowed(gtid, is_constrained, taskdata, current))
      continue;
    // The tasks above it move down one place.
    for (kmp_uint32 i = j; ((i + 1) & mask) != tail; i = (i + 1) & mask)
      data->td.td_deque[i] = data->td.td_deque[(i + 1) & mask];
    data->td.td_deque_tail = (tail - 1) & mask;
    TCW_4(data->td.td_deque_ntasks, n - 1);
    return KMP_TASKDATA_TO_TASK(taskdata);
  }
  return NULL;
}

void __kmp_erase_wake_for(kmp_task_team_t *task_team, kmp_int32 tid) {
  // A chunk of a molded taskloop stays here by the mapper's choice of width,
  // and its creator runs it next.
  if (__kmp_erase_loop_cluster < 0)
    __kmp_erase_wake_thief(task_team, tid);
}

// MVOMP-LIT: long
// Random task programs (Inputs/random_task_programs.py, docs/testing.md): 30
// seeds, each a program of 3-8 kernels of tasks, taskloops, dependences (also
// depend objects, iterators, inoutset, taskwait with depend), detached tasks,
// task reductions, recursive tasks and multi-version tasks with their clauses,
// nested in tasks and in nested parallel regions, compiled by MVOMP's Clang
// and run on one thread and under twelve configurations (2-4 threads, ERASE on
// one and two emulated clusters, stealing within a cluster, a slowed cluster,
// the back-off sleep, grain sizes chosen by the runtime, the policies,
// libomp's priority queues, active nested teams). Every run must end within
// 60 s and print the one-thread run's sums. A sweep of 330 seeds found one
// defect, fixed in Clang (untied tasks creating tasks in a taskgroup:
// base/untied_regions.c); 300 seeds with the OpenMP 5 kernels, none.
// RUN: python3 %S/Inputs/random_task_programs.py --cc "%clang %openmp_flags %flags -O1" --dir %t.dir 1 30 | FileCheck %s
// CHECK: 30 programs, 390 runs, 0 failed
